package cgt

import (
	"context"
	"errors"
	"fmt"

	"github.com/sente-go/sente"
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
	shapes *Shapes
	max    int
	met    int
}

// Shapes holds the values of the shapes a Valuer has met, by key, each
// the value of the shape with negated false. Valuers of several games of
// one family may share it when the family's keys name the same part
// whatever the board (those of the built-in partizan games do: Domineering
// regions of any board, for one). It is not safe for concurrent use.
type Shapes struct{ m map[string]Game }

// NewShapes is an empty table of shapes.
func NewShapes() *Shapes { return &Shapes{m: map[string]Game{}} }

// Len is the number of shapes valued.
func (s *Shapes) Len() int { return len(s.m) }

// ValuerOptions are a Valuer's options; the zero value has no bound.
type ValuerOptions struct {
	// MaxComponents bounds the components (positions, for a game that
	// does not split) valued in all; 0 means no bound.
	MaxComponents int
	// Shapes, when not nil, is the table of shapes to value by and add
	// to, shared with other Valuers of the same family.
	Shapes *Shapes
}

// Part is one component of a position and its value.
type Part struct {
	Position sente.Position
	Value    Game
}

// NewValuer makes a Valuer for g, which must be partizan and not under
// misère play (the theory is that of normal play).
func NewValuer(g sente.Game, opt ValuerOptions) (*Valuer, error) {
	caps := sente.CapabilitiesOf(g)
	switch {
	case caps.Partizan == nil:
		return nil, ErrNotPartizan
	case caps.IsMisere():
		return nil, errors.New("the game is under misère play; canonical forms are those of normal play")
	}
	shapes := opt.Shapes
	if shapes == nil {
		shapes = NewShapes()
	}
	return &Valuer{g: g, caps: caps, shapes: shapes, max: opt.MaxComponents}, nil
}

// ValueOf is the value of the position p of g: the canonical form of the
// game {Left's options | Right's options} of p.
func ValueOf(ctx context.Context, g sente.Game, p sente.Position) (Game, error) {
	v, err := NewValuer(g, ValuerOptions{})
	if err != nil {
		return 0, err
	}
	return v.Value(ctx, p)
}

// Value is p's value: the sum of the values of its parts.
func (v *Valuer) Value(ctx context.Context, p sente.Position) (Game, error) {
	gs, err := v.partValues(ctx, p)
	if err != nil {
		return 0, err
	}
	return Sum(gs...), nil
}

// partValues are the values of p's parts (Parts), without their positions.
func (v *Valuer) partValues(ctx context.Context, p sente.Position) ([]Game, error) {
	parts, err := v.Parts(ctx, p)
	if err != nil {
		return nil, err
	}
	gs := make([]Game, len(parts))
	for i, part := range parts {
		gs[i] = part.Value
	}
	return gs, nil
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

// Components is how many components (or positions) the Valuer has valued
// itself, not counting those it found in a shared table.
func (v *Valuer) Components() int { return v.met }

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
	if g, ok := v.shapes.m[key]; ok {
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
	if v.max > 0 && v.met > v.max {
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
	v.shapes.m[key] = stored
	return g
}
