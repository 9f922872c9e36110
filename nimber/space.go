package nimber

import (
	"context"
	"errors"
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
)

// Valuer gives the (generalized) Grundy value of a position, and false
// when it does not know it: SpaceValues and LoopyValues are Valuers.
type Valuer interface {
	Of(p sente.Position) (Nimber, bool)
}

// SpaceValues are the (generalized) Grundy values of every position of an
// explored space: Grundy values when play never returns to a position,
// generalized ones (Loopy) when it can. They share the space with whatever
// else was computed over it (a strong solve, say), and hold one int32 a
// position of their own, two when the game is loopy.
type SpaceValues struct {
	whole *Values
	loopy *LoopyValues
}

// OfSpace values every position of space, found from the position to value
// by explore.Explore (hashing.Explore, say) with the game's own key graph:
// no restricted player, since a policy makes a game partizan. It values
// the positions depth first, children before parents, and a loop met on
// the way hands the same space to the labelling of Loopy instead, so that
// the game is explored once whichever values it turns out to have.
//
// A misère game, or one that ends a position other than lost for the
// player to move, is an error wrapping ErrNotNormalPlay.
func OfSpace(ctx context.Context, g sente.Game, space *explore.Space, opt Options) (*SpaceValues, error) {
	if IsMisere(g) {
		return nil, fmt.Errorf("misère play: %w", ErrNotNormalPlay)
	}
	if err := checkSize(space); err != nil {
		return nil, err
	}
	graph, root := space.Graph(), space.Graph().Decode(space.Root)
	vals, err := grundyWhole(ctx, g, graph, space, opt.report())
	if err == nil {
		if err := gameErr(g, nil); err != nil {
			return nil, err
		}
		return &SpaceValues{whole: &Values{game: g, root: root, vals: vals, rules: graph, space: space}}, nil
	}
	if err := gameErr(g, err); !errors.Is(err, ErrLoopy) {
		return nil, err
	}
	loopy, err := loopyOfSpace(ctx, g, root, space, opt)
	if err != nil {
		return nil, err
	}
	return &SpaceValues{loopy: loopy}, nil
}

// Of returns the value of p, and false when p is not in the space.
func (v *SpaceValues) Of(p sente.Position) (Nimber, bool) {
	if v.loopy != nil {
		return v.loopy.Of(p)
	}
	n, ok := v.whole.Of(p)
	return Nimber{Value: n}, ok
}

// Loopy reports whether play can return to a position, so that the values
// are generalized ones and some may be infinite.
func (v *SpaceValues) Loopy() bool { return v.loopy != nil }

// Positions is the number of positions valued.
func (v *SpaceValues) Positions() int {
	if v.loopy != nil {
		return v.loopy.Positions()
	}
	return v.whole.Positions()
}

// Bytes is the memory the values hold beyond the space they share.
func (v *SpaceValues) Bytes() int {
	if v.loopy != nil {
		return 4 * (len(v.loopy.label) + len(v.loopy.counter))
	}
	return v.whole.Bytes()
}

// Nimbers gives v's values as a Valuer, each value finite.
func (v *Values) Nimbers() Valuer { return finite{v} }

type finite struct{ v *Values }

func (f finite) Of(p sente.Position) (Nimber, bool) {
	n, ok := f.v.Of(p)
	return Nimber{Value: n}, ok
}

// Bytes is the memory the values hold beyond a space they share: an int32
// a value, and for values by component the index of components and what
// values late components (570 to 620 bytes a component, measured on kayles
// and consecutive; 640 is charged).
func (v *Values) Bytes() int {
	n := 4 * len(v.vals)
	if v.comps != nil {
		n += 640 * v.comps.len()
	}
	return n
}
