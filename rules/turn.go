package rules

// Whose turn it is: turn(p), asked once per position.

import (
	"fmt"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// Turn asks turn(p) once per position: "first" or "second" (or 1 or 2).
// The engines ask it of every position (a move may keep the turn: see
// sente.Game), through TurnKey. After a failure it answers First.
func (g *Game) Turn(p sente.Position) sente.Player {
	key, ok := g.keyOf(p)
	if !ok || g.failed.Load() {
		return sente.First
	}
	return g.TurnKey(key)
}

// TurnKey is Turn of the position key (sente.TurnKeyer), asked of the file
// once and kept with the position.
func (g *Game) TurnKey(key uint64) sente.Player {
	if g.failed.Load() {
		return sente.First
	}
	e := g.entryOf(key)
	if e == nil {
		return sente.First
	}
	switch e.info.Load() & turnMask >> turnShift {
	case 1:
		return sente.First
	case 2:
		return sente.Second
	}
	w := g.getWorker()
	who, ok := g.askTurn(w, decode(g.tab.encoding(e)))
	if !ok {
		return sente.First
	}
	g.putWorker(w)
	e.setInfo(uint64(who+1) << turnShift)
	return who
}

// askTurn asks turn(v) and checks the answer. On failure the caller drops
// w.
func (g *Game) askTurn(w *worker, v starlark.Value) (sente.Player, bool) {
	fn := g.fn.turn
	w.args1[0] = v
	r, ok := g.call(w, fn, v, w.args1)
	if !ok {
		return sente.First, false
	}
	if g.partizan {
		left, ok := sideOf(r)
		if !ok {
			g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned %s; want \"left\" or \"right\": a file with left_moves(p) and right_moves(p) names the side to move", repr(r))))
			return sente.First, false
		}
		if left {
			return g.left, true
		}
		return g.left.Other(), true
	}
	who := playerOf(r)
	if who == sente.Nobody {
		g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned %s; want \"first\" or \"second\" (or 1 or 2)", repr(r))))
		return sente.First, false
	}
	return who, true
}

// playerOf reads what turn(p) returned; Nobody means nonsense.
func playerOf(r starlark.Value) sente.Player {
	switch r := r.(type) {
	case starlark.String:
		switch r {
		case "first":
			return sente.First
		case "second":
			return sente.Second
		}
	case starlark.Int:
		n, _ := r.Int64()
		switch n {
		case 1:
			return sente.First
		case 2:
			return sente.Second
		}
	}
	return sente.Nobody
}

// sideOf reads what turn(p) returned in a partizan file: ok is false for
// anything but "left" and "right".
func sideOf(r starlark.Value) (left, ok bool) {
	switch r {
	case starlark.String("left"):
		return true, true
	case starlark.String("right"):
		return false, true
	}
	return false, false
}

// startingSide asks turn(start) of a partizan file, before any position's
// turn is kept: the side to move at the start is the first player, so
// that it says which player Left is.
func (g *Game) startingSide(w *worker, start starlark.Value) (sente.Player, *Error) {
	fn := g.fn.turn
	r, err := g.run(w, fn, start, starlark.Tuple{start})
	if err != nil {
		return sente.First, err
	}
	left, ok := sideOf(r)
	switch {
	case !ok:
		return sente.First, g.mistake(fn, start, starlark.Tuple{start}, fmt.Sprintf("returned %s; want \"left\" or \"right\": a file with left_moves(p) and right_moves(p) names the side to move", repr(r)))
	case left:
		return sente.First, nil
	}
	return sente.Second, nil
}
