package rules

// Partizan files: left_moves(p) and right_moves(p) give Left's and
// Right's options whoever is to move (sente.Partizan), and components(p)
// the independent parts of a position (sente.PartizanSplitter), so that
// package cgt values the file's positions. turn(p) says "left" or
// "right"; the side to move at the start is the first player.

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

type (
	partizanCap      struct{ g *Game }
	partizanSplitCap struct{ g *Game }
)

var (
	_ sente.Partizan         = partizanCap{}
	_ sente.PartizanSplitter = partizanSplitCap{}
)

// Left is the player who plays Left: the one to move at the start when
// turn(start) says "left".
func (c partizanCap) Left() sente.Player { return c.g.left }

// LeftOptions asks left_moves(p): the positions a move of Left's leads
// to, each with Right to move. After a failure it returns none.
func (c partizanCap) LeftOptions(p sente.Position) []sente.Position {
	return c.g.options(p, true)
}

// RightOptions asks right_moves(p), as LeftOptions asks left_moves(p).
func (c partizanCap) RightOptions(p sente.Position) []sente.Position {
	return c.g.options(p, false)
}

// sideWord is how turn(p) names the side the player who is to move plays.
func (g *Game) sideWord(who sente.Player) string {
	if who == g.left {
		return "left"
	}
	return "right"
}

// options asks left_moves(p) (or right_moves(p)) and holds the answer to
// the contract: every option has the other side to move, since a move
// passes the turn whoever made it.
func (g *Game) options(p sente.Position, left bool) []sente.Position {
	key, ok := g.keyOf(p)
	if !ok || g.failed.Load() {
		return nil
	}
	fn, after, side := g.fn.leftMoves, g.left.Other(), "Left"
	if !left {
		fn, after, side = g.fn.rightMoves, g.left, "Right"
	}
	v := decode(g.tab.encoding(g.tab.entry(key)))
	w := g.getWorker()
	w.args1[0] = v
	r, ok := g.call(w, fn, v, w.args1)
	if !ok {
		return nil
	}
	list, _, ok := g.encodeList(w, fn, v, r, false, false)
	if !ok {
		return nil
	}
	out := make([]sente.Position, 0, len(w.ends))
	start := 0
	for i, end := range w.ends {
		k, _, ok := g.tab.intern(w.buf[start:end])
		start = end
		if !ok {
			g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned the option %s: too many positions", repr(list.Index(i)))))
			return nil
		}
		if who := g.TurnKey(k); who != after && g.Err() == nil {
			g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned %s, where turn says %q is to move; a move of %s's leads to a position with the other side to move (%q)",
				repr(list.Index(i)), g.sideWord(who), side, g.sideWord(after))))
		}
		if g.failed.Load() {
			return nil
		}
		out = append(out, Position{g.tab, k})
	}
	g.putWorker(w)
	return out
}

// Parts asks components(p): p's independent parts, each with p's side to
// move. After a failure it returns none.
func (c partizanSplitCap) Parts(p sente.Position) []sente.Position {
	return c.g.components(p, true)
}

// Shape is the part itself, as the file's value of it: the file knows no
// symmetry of its parts, so one board met with Left and with Right to
// move is valued twice, and two boards that are mirror images are two
// shapes.
func (c partizanSplitCap) Shape(part sente.Position) (string, bool) {
	g := c.g
	key, ok := g.keyOf(part)
	if !ok {
		return "", false
	}
	return strings.Clone(g.tab.encoding(g.tab.entry(key))), false
}

// components asks components(p) and interns the parts; sameTurn holds
// each part to p's side to move, as a partizan game's parts are.
func (g *Game) components(p sente.Position, sameTurn bool) []sente.Position {
	key, ok := g.keyOf(p)
	if !ok || g.failed.Load() {
		return nil
	}
	fn := g.fn.components
	v := decode(g.tab.encoding(g.tab.entry(key)))
	var who sente.Player
	if sameTurn {
		if who = g.TurnKey(key); g.failed.Load() {
			return nil
		}
	}
	w := g.getWorker()
	items, ok := g.callList(w, fn, v)
	if !ok {
		return nil
	}
	parts := make([]sente.Position, len(items))
	for i, x := range items {
		k, err := g.intern(w, x)
		if err != nil {
			g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned the component %s: %v", repr(x), err)))
			return nil
		}
		if sameTurn {
			if kw := g.TurnKey(k); kw != who && g.Err() == nil {
				g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned the component %s, where turn says %q is to move; each component has p's side to move (%q)", repr(x), g.sideWord(kw), g.sideWord(who))))
			}
			if g.failed.Load() {
				return nil
			}
		}
		parts[i] = Position{g.tab, k}
	}
	g.putWorker(w)
	return parts
}
