package rules

// A game that ends in a score: score(p) and max_score().

import (
	"fmt"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// maxScoreBound is the largest max_score() a file may give: the engines
// hold a margin in two bytes.
const maxScoreBound = 1<<15 - 1

// scoreCap is the game's Scorer and KeyScorer, offered when the file
// defines score(p) and max_score().
type scoreCap struct{ g *Game }

var (
	_ sente.Scorer    = scoreCap{}
	_ sente.KeyScorer = scoreCap{}
)

// askMaxScore asks max_score() once, as the game is made.
func (g *Game) askMaxScore(w *worker) *Error {
	fn := g.fn.maxScore
	if fn == nil {
		return nil
	}
	r, rerr := g.run(w, fn, nil, nil)
	if rerr != nil {
		return rerr
	}
	n, isInt := int64(-1), false
	if i, ok := r.(starlark.Int); ok {
		n, isInt = i.Int64()
	}
	if !isInt || n < 0 || n > maxScoreBound {
		return g.mistake(fn, nil, nil, fmt.Sprintf("returned %s; want a whole number from 0 to %d, at least the largest score(p) either way", repr(r), maxScoreBound))
	}
	g.maxScore = int(n)
	return nil
}

// MaxScore is what max_score() returned.
func (c scoreCap) MaxScore() int { return c.g.maxScore }

// Score asks score(p) of an ended position (see ScoreKey).
func (c scoreCap) Score(p sente.Position) int {
	key, ok := c.g.keyOf(p)
	if !ok {
		return 0
	}
	return c.ScoreKey(key)
}

// ScoreKey asks score(p) of the ended position key and holds it to the
// file's own promises: a whole number within max_score(), whose sign is
// result(p)'s (positive for "win", negative for "lose", 0 for "tie").
// After a failure it returns 0, and the game's Err says why.
func (c scoreCap) ScoreKey(key uint64) int {
	g := c.g
	if g.failed.Load() {
		return 0
	}
	v, ended := g.EndedKey(key)
	e := g.entryOf(key)
	if e == nil || g.failed.Load() {
		return 0
	}
	p := decode(g.tab.encoding(e))
	fn := g.fn.score
	w := g.getWorker()
	w.args1[0] = p
	r, ok := g.call(w, fn, p, w.args1)
	if !ok {
		return 0
	}
	g.putWorker(w)
	n, isInt := int64(0), false
	if i, ok := r.(starlark.Int); ok {
		n, isInt = i.Int64()
	}
	switch {
	case !ended:
		g.fail(g.mistake(fn, p, starlark.Tuple{p}, "was asked of a position that has not ended; a score is only asked of ended positions"))
	case !isInt || n < -int64(g.maxScore) || n > int64(g.maxScore):
		g.fail(g.mistake(fn, p, starlark.Tuple{p}, fmt.Sprintf("returned %s; want a whole number from -%d to %d (max_score())", repr(r), g.maxScore, g.maxScore)))
	case (sente.Margin{Score: int(n)}).Value() != v:
		g.fail(g.mistake(fn, p, starlark.Tuple{p}, fmt.Sprintf("returned %d, but the position has ended with %q for the player to move: a score is positive for a win, negative for a loss and 0 for a tie", n, v)))
	default:
		return int(n)
	}
	return 0
}
