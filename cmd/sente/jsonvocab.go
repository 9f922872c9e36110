package main

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"sente"
	"sente/explain"
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

// grundyJSON is a (generalized) Grundy value as JSON gives it, from its
// text: a finite value is a number; an infinite one (a loopy game's
// ∞{0,2}) is null in grundy, with the finite values among its options in
// grundy_infinite; an unknown one is null alone.
type grundyJSON struct {
	Grundy   *int  `json:"grundy"`
	Infinite []int `json:"grundy_infinite,omitzero"`
}

func parseGrundy(text string) grundyJSON {
	if n, err := strconv.Atoi(text); err == nil && n >= 0 {
		return grundyJSON{Grundy: &n}
	}
	if inner, ok := strings.CutPrefix(text, "∞{"); ok {
		inner = strings.TrimSuffix(inner, "}")
		k := []int{}
		for _, part := range strings.Split(inner, ",") {
			if n, err := strconv.Atoi(strings.TrimSpace(part)); err == nil {
				k = append(k, n)
			}
		}
		return grundyJSON{Infinite: k}
	}
	return grundyJSON{}
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
