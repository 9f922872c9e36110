package explain

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
)

// PositionWorthJSON is what the browser app says of a partizan position's
// value (GET /api/position): its canonical form, outcome class, who wins
// with each side starting, mean and temperature, and its parts when it
// splits into more than one; or, when it could not be valued within the
// server's bound, only Reason.
type PositionWorthJSON struct {
	Canonical        string          `json:"canonical,omitempty"`
	Symbols          string          `json:"symbols,omitempty"`
	OutcomeClass     string          `json:"outcome_class,omitempty"`
	WinnerLeftFirst  string          `json:"winner_left_first,omitempty"`
	WinnerRightFirst string          `json:"winner_right_first,omitempty"`
	Mean             string          `json:"mean,omitempty"`
	Temperature      string          `json:"temperature,omitempty"`
	Parts            []WorthPartJSON `json:"parts,omitempty"`
	Reason           string          `json:"reason,omitempty"`
}

// MoveWorthJSON is the value of the position a move leads to.
type MoveWorthJSON struct {
	Canonical    string `json:"canonical"`
	Symbols      string `json:"symbols"`
	OutcomeClass string `json:"outcome_class"`
	Temperature  string `json:"temperature"`
}

// WorthBound is how much valuing one position and its moves' results may
// take: components valued and time.
type WorthBound struct {
	MaxComponents int
	Time          time.Duration
}

// PositionWorth values the position p of the partizan game g and the
// position each of moves leads to, with one Valuer, so that the parts
// they share are valued once, within bound. A position too large for the
// bound gives a PositionWorthJSON with Reason alone and no move values;
// a game that is not partizan gives nil.
func PositionWorth(ctx context.Context, g sente.Game, p sente.Position, moves []sente.Move, bound WorthBound) (*PositionWorthJSON, []*MoveWorthJSON) {
	v, err := cgt.NewValuer(g, cgt.ValuerOptions{MaxComponents: bound.MaxComponents})
	if err != nil {
		return nil, nil
	}
	if bound.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, bound.Time)
		defer cancel()
	}
	refused := func(err error) *PositionWorthJSON {
		switch {
		case errors.Is(err, cgt.ErrTooMany):
			return &PositionWorthJSON{Reason: fmt.Sprintf("Too large to value here: it has more than %d parts and positions of parts to value, the server's bound.", bound.MaxComponents)}
		case errors.Is(err, context.DeadlineExceeded):
			return &PositionWorthJSON{Reason: fmt.Sprintf("Too large to value here: valuing it takes longer than %s, the server's bound.", bound.Time)}
		}
		return &PositionWorthJSON{Reason: "Not valued: " + err.Error()}
	}
	parts, err := v.Parts(ctx, p)
	if err != nil {
		return refused(err), nil
	}
	w := &Worth{Position: g.FormatPosition(p)}
	values := make([]cgt.Game, len(parts))
	for i, part := range parts {
		w.Parts = append(w.Parts, WorthPart{Position: g.FormatPosition(part.Position), Value: part.Value})
		values[i] = part.Value
	}
	w.Value = cgt.Sum(values...)
	j := w.JSON()
	out := &PositionWorthJSON{
		Canonical: j.Canonical, Symbols: j.Symbols, OutcomeClass: j.OutcomeClass,
		WinnerLeftFirst: j.WinnerLeftFirst, WinnerRightFirst: j.WinnerRightFirst,
		Mean: j.Mean, Temperature: j.Temperature,
	}
	if len(j.Parts) > 1 {
		out.Parts = j.Parts
	}
	var after []*MoveWorthJSON
	for _, m := range moves {
		mv, err := v.Value(ctx, m.To)
		if err != nil {
			return refused(err), nil
		}
		after = append(after, &MoveWorthJSON{Canonical: mv.String(), Symbols: mv.Pretty(), OutcomeClass: mv.Outcome().String(), Temperature: mv.Temperature().String()})
	}
	return out, after
}
