package main

import (
	"encoding/json"
	"io"

	"sente"
	"sente/explain"
	"sente/nimber"
)

// The JSON every command writes shares one vocabulary, set down in the
// README ("JSON output") and checked by TestJSONSchema: a field means and
// holds the same thing wherever it appears. This file has the pieces more
// than one command writes.

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// remotenessJSON is a remoteness as JSON gives it: null for a draw, which
// never ends.
func remotenessJSON(o sente.Outcome) *int {
	if o.Value != sente.Win && o.Value != sente.Lose && o.Value != sente.Tie {
		return nil
	}
	r := o.Remoteness
	return &r
}

// grundyJSON is a (generalized) Grundy value as JSON gives it: a finite
// value is a number; an infinite one (a loopy game's ∞{0,2}) is null in
// grundy, with the finite values among its options in grundy_infinite; an
// unknown one is null alone.
type grundyJSON struct {
	Grundy   *int  `json:"grundy"`
	Infinite []int `json:"grundy_infinite,omitzero"`
}

// newGrundyJSON is n as JSON gives it; known false is an unknown value.
func newGrundyJSON(n nimber.Nimber, known bool) grundyJSON {
	switch {
	case !known:
		return grundyJSON{}
	case n.Infinite:
		return grundyJSON{Infinite: append([]int{}, n.K...)}
	}
	v := n.Value
	return grundyJSON{Grundy: &v}
}

// moveJSON is one move: its name, the position it leads to, and its value
// and remoteness for the player making it, counting the move.
type moveJSON struct {
	Move       string       `json:"move"`
	Player     sente.Player `json:"player"`
	Value      sente.Value  `json:"value"`
	Remoteness *int         `json:"remoteness"`
	Position   string       `json:"position"`
	*grundyJSON
}

func newMoveJSON(g sente.Game, from sente.Position, m explain.RankedMove) moveJSON {
	return moveJSON{
		Move:       m.Name,
		Player:     g.Turn(from),
		Value:      m.Outcome.Value,
		Remoteness: remotenessJSON(m.Outcome),
		Position:   g.FormatPosition(m.To),
	}
}

type paramJSON struct {
	Name    string     `json:"name"`
	Kind    sente.Kind `json:"kind"`
	Default string     `json:"default"`
	Min     *int       `json:"min,omitempty"`
	Max     *int       `json:"max,omitempty"`
	Choices []string   `json:"choices,omitempty"`
	Doc     string     `json:"doc"`
}

func paramsJSON(params []sente.Param) []paramJSON {
	out := []paramJSON{}
	for _, p := range params {
		j := paramJSON{Name: p.Name, Kind: p.Kind, Default: p.Default, Doc: p.Doc, Choices: p.Choices}
		if p.Kind == sente.Int || p.Kind == sente.Ints {
			j.Min, j.Max = &p.Min, &p.Max
		}
		out = append(out, j)
	}
	return out
}
