package cgt

import (
	"context"
	"errors"
	"fmt"

	"sente"
)

// ErrNotPartizan is the error of valuing a game that does not offer Left's
// and Right's options (sente.Partizan).
var ErrNotPartizan = errors.New("the game gives no Left's and Right's options (it is not a partizan game of combinatorial game theory)")

// ErrTooMany is the error of a valuation that met more components than
// its limit.
var ErrTooMany = errors.New("too many components")

// Valuer values the positions of one partizan game, remembering every
// component it has valued by its shape (sente.PartizanSplitter), or, for a
// game that does not split, every position by its text. It is not safe for
// concurrent use; the Games it returns are.
type Valuer struct {
	g      sente.Game
	caps   sente.Capabilities
	shapes map[string]Game // a shape's value, for negated false
	max    int
	met    int
}

// Part is one component of a position and its value.
type Part struct {
	Position sente.Position
	Value    Game
}

// NewValuer makes a Valuer for g, which must be partizan and not under
// misère play (the theory is that of normal play). maxComponents bounds
// the components (positions, for a game that does not split) it will
// value in all; 0 means no bound.
func NewValuer(g sente.Game, maxComponents int) (*Valuer, error) {
	caps := sente.CapabilitiesOf(g)
	switch {
	case caps.Partizan == nil:
		return nil, ErrNotPartizan
	case caps.IsMisere():
		return nil, errors.New("the game is under misère play; canonical forms are those of normal play")
	}
	return &Valuer{g: g, caps: caps, shapes: map[string]Game{}, max: maxComponents}, nil
}

// ValueOf is the value of the position p of g: the canonical form of the
// game {Left's options | Right's options} of p.
func ValueOf(ctx context.Context, g sente.Game, p sente.Position) (Game, error) {
	v, err := NewValuer(g, 0)
	if err != nil {
		return 0, err
	}
	return v.Value(ctx, p)
}

// Value is p's value: the sum of the values of its parts.
func (v *Valuer) Value(ctx context.Context, p sente.Position) (Game, error) {
	parts, err := v.Parts(ctx, p)
	if err != nil {
		return 0, err
	}
	gs := make([]Game, len(parts))
	for i, part := range parts {
		gs[i] = part.Value
	}
	return Sum(gs...), nil
}

// Parts are p's independent components with their values (p alone for a
// game that does not split).
func (v *Valuer) Parts(ctx context.Context, p sente.Position) (parts []Part, err error) {
	defer func() {
		if r := recover(); r != nil {
			stop, ok := r.(valuerStop)
			if !ok {
				panic(r)
			}
			parts, err = nil, stop.err
		}
	}()
	for _, q := range v.split(p) {
		parts = append(parts, Part{Position: q, Value: v.part(ctx, q)})
	}
	if err := v.caps.Err(); err != nil {
		return nil, err
	}
	return parts, nil
}

// Components is how many components (or positions) the Valuer has valued.
func (v *Valuer) Components() int { return len(v.shapes) }

// valuerStop carries an error out of the recursion.
type valuerStop struct{ err error }

func (v *Valuer) split(p sente.Position) []sente.Position {
	if v.caps.PartizanSplitter == nil {
		return []sente.Position{p}
	}
	return v.caps.PartizanSplitter.Parts(p)
}

func (v *Valuer) shape(q sente.Position) (string, bool) {
	if v.caps.PartizanSplitter == nil {
		return v.g.FormatPosition(q), false
	}
	return v.caps.PartizanSplitter.Shape(q)
}

// part values one component: {values of Left's options | values of
// Right's options}, each option the sum of its own parts.
func (v *Valuer) part(ctx context.Context, q sente.Position) Game {
	key, negated := v.shape(q)
	if g, ok := v.shapes[key]; ok {
		if negated {
			return g.Neg()
		}
		return g
	}
	v.met++
	if v.met%1024 == 0 {
		if err := ctx.Err(); err != nil {
			panic(valuerStop{err})
		}
		if err := v.caps.Err(); err != nil {
			panic(valuerStop{err})
		}
	}
	if v.max > 0 && len(v.shapes) >= v.max {
		panic(valuerStop{fmt.Errorf("%w: more than %d to value", ErrTooMany, v.max)})
	}
	options := func(ps []sente.Position) []Game {
		out := make([]Game, 0, len(ps))
		for _, o := range ps {
			var s []Game
			for _, oq := range v.split(o) {
				s = append(s, v.part(ctx, oq))
			}
			out = append(out, Sum(s...))
		}
		return out
	}
	g := New(options(v.caps.Partizan.LeftOptions(q)), options(v.caps.Partizan.RightOptions(q)))
	stored := g
	if negated {
		stored = g.Neg()
	}
	v.shapes[key] = stored
	return g
}
