package rules

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// Game is the game of a rules file with its parameters bound. Its methods
// are safe for concurrent use: each goroutine runs the file on a Starlark
// thread of its own, and the file's globals are frozen.
//
// The family's New returns a *Game, whose Capabilities are exactly the
// optional capabilities the file defines.
type Game struct {
	rs    *ruleset
	sh    *shape
	fn    funcs
	tab   *table
	start uint64 // key of the start
	pairs bool   // the start, and so every position, is shaped like (name, position)
	imp   bool
	// partizan: the file gives Left's and Right's options; turn(p) then
	// says "left" or "right", and left is the player of "left": First
	// when Left is to move at the start.
	partizan bool
	left     sente.Player
	stale    sente.Value // the result of a position with no moves, or Unknown for stalemate = "error"
	noMove   bool        // stalemate = "error"
	maxScore int         // max_score(), for a file that defines score(p)

	pool    sync.Pool // *worker
	ahead   prefetch
	threads threads
	failed  atomic.Bool
	errMu   sync.Mutex
	err     error

	// canon caches canonical(p) by key (symmetry.go); symmetric is set once
	// an engine asks for it, folding positions by symmetry.
	canon     canonCache
	symmetric atomic.Bool
}

// funcs are the file's functions; nil for those it lacks.
type funcs struct {
	start, moves, turn, result, show, parse, components, tier, setup, board *function
	parents, canonical                                                      *function
	leftMoves, rightMoves                                                   *function
	score, maxScore                                                         *function
}

// Position is a position of a rules-file game: a Starlark value interned
// in its game's table. Positions are comparable; equal values of one game
// are the same Position.
type Position struct {
	t   *table
	key uint64
}

// Value returns the position as a Starlark value.
func (p Position) Value() starlark.Value {
	if p.t == nil {
		return starlark.None
	}
	e := p.t.entry(p.key)
	if e == nil {
		return starlark.None
	}
	return decode(p.t.encoding(e))
}

// String returns the position as a Starlark literal.
func (p Position) String() string { return p.Value().String() }

var (
	_ sente.Game      = (*Game)(nil)
	_ sente.Encoder   = (*Game)(nil)
	_ sente.Describer = (*Game)(nil)
	_ sente.Erring    = (*Game)(nil)
)

// Of returns the rules-file game g is, as New returned it.
func Of(g sente.Game) (*Game, bool) {
	r, ok := g.(*Game)
	return r, ok
}

// newGame is the family's New: it runs the file with PARAMS bound, then
// asks for the start and checks it.
func (rs *ruleset) newGame(v sente.ParamValues) (sente.Game, error) {
	params := bindParams(rs.params, v)
	setup := &setupValue{}
	globals, err := rs.exec(params, setup)
	if err != nil {
		return nil, err
	}
	params.ready = true
	sh, err := rs.check(globals)
	if err != nil {
		return nil, err
	}
	g := &Game{rs: rs, sh: sh, tab: newTable(), imp: sh.impartial}
	g.fn = funcs{
		start: sh.funcs["start"], moves: sh.funcs["moves"], turn: sh.funcs["turn"],
		result: sh.funcs["result"], show: sh.funcs["show"], parse: sh.funcs["parse"],
		components: sh.funcs["components"], tier: sh.funcs["tier"], setup: sh.funcs["setup"],
		board: sh.funcs["board"], parents: sh.funcs["parents"], canonical: sh.funcs["canonical"],
		leftMoves: sh.funcs["left_moves"], rightMoves: sh.funcs["right_moves"],
		score: sh.funcs["score"], maxScore: sh.funcs["max_score"],
	}
	g.partizan = sh.partizan
	g.pool.New = func() any { return g.newWorker() }
	switch sh.stalemate {
	case "win":
		g.stale = sente.Win
	case "tie":
		g.stale = sente.Tie
	case "error":
		g.noMove = true
	}

	w := g.newWorker()
	if rerr := g.runSetup(w, setup); rerr != nil {
		return nil, rerr
	}
	if rerr := g.askMaxScore(w); rerr != nil {
		return nil, rerr
	}
	start, rerr := g.run(w, g.fn.start, nil, nil)
	if rerr != nil {
		return nil, rerr
	}
	key, err := g.intern(w, start)
	if err != nil {
		return nil, g.mistake(g.fn.start, nil, nil, fmt.Sprintf("returned %s: %v", repr(start), err))
	}
	g.start, g.pairs = key, isPairShaped(start)
	if g.partizan {
		// The side to move at the start moves first.
		if g.left, rerr = g.startingSide(w, start); rerr != nil {
			return nil, rerr
		}
	}
	g.Turn(Position{g.tab, key})
	g.FormatPosition(Position{g.tab, key})
	if err := g.Err(); err != nil {
		return nil, err
	}
	if rs.ctx != nil {
		// The context holds the game weakly, so that a long-lived context
		// (a command's, making many games) does not keep every game's
		// table alive; the registration goes with the game.
		wg := weak.Make(g)
		stop := context.AfterFunc(rs.ctx, func() {
			if g := wg.Value(); g != nil {
				g.Cancel(contextStop{rs.ctx.Err(), context.Cause(rs.ctx)})
			}
		})
		runtime.AddCleanup(g, func(stop func() bool) { stop() }, stop)
	}
	return g, nil
}

// contextStop is why a game's context stopped it: the context's cause in
// words ("interrupt signal received"), and both its error
// (context.Canceled) and its cause to errors.Is, so that a command stopped
// by Ctrl-C says it was interrupted rather than that the file failed.
type contextStop struct{ err, cause error }

func (c contextStop) Error() string   { return c.cause.Error() }
func (c contextStop) Unwrap() []error { return []error{c.err, c.cause} }

// intern returns the key of v, or why v is not a position.
func (g *Game) intern(w *worker, v starlark.Value) (uint64, error) {
	buf, err := appendEncoding(w.buf[:0], v)
	w.buf = buf
	if err != nil {
		return 0, err
	}
	if len(buf) > maxEncoding {
		return 0, fmt.Errorf("a position takes more than %d bytes", maxEncoding)
	}
	key, _, ok := g.tab.intern(buf)
	if !ok {
		return 0, fmt.Errorf("too many positions")
	}
	return key, nil
}

// keyOf returns the key of a position given to the game: one of its own,
// another game's, or a Starlark value.
func (g *Game) keyOf(p sente.Position) (uint64, bool) {
	switch p := p.(type) {
	case Position:
		if p.t == g.tab {
			if g.tab.entry(p.key) == nil {
				break
			}
			return p.key, true
		}
		if p.t != nil && p.t.entry(p.key) != nil {
			return g.keyOf(p.Value())
		}
	case starlark.Value:
		w := g.getWorker()
		key, err := g.intern(w, p)
		g.putWorker(w)
		if err != nil {
			g.fail(&Error{File: g.rs.path, Position: repr(p), Msg: fmt.Sprintf("the position %s given to the game: %v", repr(p), err)})
			return g.start, false
		}
		return key, true
	}
	g.fail(&Error{File: g.rs.path, Msg: fmt.Sprintf("%v (%T) is not a position of this game", p, p)})
	return g.start, false
}

// entryOf returns the entry of a key the engines hold.
func (g *Game) entryOf(key uint64) *entry {
	e := g.tab.entry(key)
	if e == nil {
		g.fail(&Error{File: g.rs.path, Msg: fmt.Sprintf("key %#x is not a position of this game", key)})
	}
	return e
}

// Start returns the position start() returned.
func (g *Game) Start() sente.Position { return Position{g.tab, g.start} }

// Encode returns the key of p (see sente.Encoder).
func (g *Game) Encode(p sente.Position) uint64 {
	key, _ := g.keyOf(p)
	return key
}

// Decode returns the position of key.
func (g *Game) Decode(key uint64) sente.Position { return Position{g.tab, key} }

// Interned is the number of positions the game has met so far.
func (g *Game) Interned() int { return g.tab.len() }
