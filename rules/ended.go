package rules

// How a position ends: result(p), and a position with no moves under the
// file's stalemate rule.

import (
	"fmt"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// Ended reports the result of p for the player to move (see EndedKey).
func (g *Game) Ended(p sente.Position) (sente.Value, bool) {
	key, ok := g.keyOf(p)
	if !ok {
		return sente.Unknown, false
	}
	return g.EndedKey(key)
}

// EndedKey asks result(p) once per position: None means play goes on,
// "win", "lose" or "tie" end the game. A position with no moves ends with
// the result stalemate names, when that is "win" or "tie".
func (g *Game) EndedKey(key uint64) (sente.Value, bool) {
	if g.failed.Load() {
		return sente.Unknown, false
	}
	e := g.entryOf(key)
	if e == nil {
		return sente.Unknown, false
	}
	if st := e.info.Load() & endedMask; st != 0 {
		return endedOf(st)
	}
	w := g.getWorker()
	st, ok := g.ended(w, e, nil)
	if !ok {
		return sente.Unknown, false
	}
	g.putWorker(w)
	return endedOf(st)
}

func endedOf(st uint64) (sente.Value, bool) {
	if st == endedGoing {
		return sente.Unknown, false
	}
	return sente.Value(st - 1), true
}

// ended works out e's ended state and caches it; p is e's value, or nil.
func (g *Game) ended(w *worker, e *entry, p starlark.Value) (uint64, bool) {
	st, ok := g.result(w, e, p)
	if !ok {
		return 0, false
	}
	if st == 0 {
		if p == nil {
			p = decode(g.tab.encoding(e))
		}
		kids, ok := g.children(w, e, p)
		if !ok {
			return 0, false
		}
		st = endedGoing
		if len(kids) == 0 {
			st = 1 + uint64(g.stale)
		}
	}
	e.setInfo(st)
	return st, true
}

// result asks result(p) and returns e's ended state, or 0 when only the
// moves can tell: when result(p) says play goes on but a position with no
// moves would end the game (stalemate = "win" or "tie"). p is e's value, or
// nil.
func (g *Game) result(w *worker, e *entry, p starlark.Value) (uint64, bool) {
	if g.fn.result != nil && e.info.Load()&noResult == 0 {
		if p == nil {
			p = decode(g.tab.encoding(e))
		}
		st, ok := g.askResult(w, p)
		if !ok || st != 0 {
			return st, ok
		}
	}
	if g.stale != sente.Unknown {
		return 0, true
	}
	return endedGoing, true
}

// askResult asks result(p): 1 + the value when it ends the game, 0 when
// it says play goes on (None) or the file has no result.
func (g *Game) askResult(w *worker, p starlark.Value) (uint64, bool) {
	fn := g.fn.result
	if fn == nil {
		return 0, true
	}
	w.args1[0] = p
	r, ok := g.call(w, fn, p, w.args1)
	if !ok {
		return 0, false
	}
	switch r {
	case starlark.None:
		return 0, true
	case starlark.String("win"):
		return 1 + uint64(sente.Win), true
	case starlark.String("lose"):
		return 1 + uint64(sente.Lose), true
	case starlark.String("tie"):
		return 1 + uint64(sente.Tie), true
	}
	g.fail(g.mistake(fn, p, starlark.Tuple{p}, fmt.Sprintf("returned %s; want None while the game goes on, else \"win\", \"lose\" or \"tie\" for the player to move", repr(r))))
	return 0, false
}

// stalemate reports a position with no moves in a game that declares them
// impossible.
func (g *Game) stalemate(e *entry) {
	p := decode(g.tab.encoding(e))
	g.fail(g.mistake(g.fn.moves, p, starlark.Tuple{p}, "returned no moves, result(p) says the game goes on, and stalemate = \"error\" says every position has a move or a result"))
}
