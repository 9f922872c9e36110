package nimber

import (
	"context"
	"strings"
	"sync"

	"sente"
	"sente/solve"
)

// Misere solves g under misère play from root (nil means the game's start):
// the player who cannot move wins. It solves MisereGame(g) with the strong
// solver, so the solution holds every reachable position's outcome (win,
// lose or draw, with remoteness) for the player to move. Misère sums do not
// add up by XOR, so components are not used.
func Misere(ctx context.Context, g sente.Game, root sente.Position, opt Options) (*solve.Solution, error) {
	return solve.Solve(ctx, MisereGame(g), solve.Options{
		From:         root,
		Symmetry:     opt.Symmetry,
		MaxPositions: opt.MaxPositions,
		Progress:     opt.Progress,
	})
}

// MisereGame returns g under misère play: a position with no moves has ended,
// won by the player to move, and a position g ends has the reverse of its
// result (win for lose, lose for win; a tie stays a tie), since misère play
// reverses who is rewarded for making the last move. Moves, turns and the
// text forms are g's.
//
// The game keeps g's Encoder fast path, tiers, symmetries and ranks when g
// has them, so that the solver runs on keys as it does for g.
func MisereGame(g sente.Game) sente.Game {
	m := misereGame{g}
	enc, ok := g.(sente.Encoder)
	if !ok {
		return m
	}
	e := misereEncoded{misereGame: m, enc: enc}
	if t, ok := g.(sente.Tiered); ok {
		e.tier = t.Tier
	}
	if s, ok := g.(sente.Symmetric); ok {
		e.canon = s.Canonical
	}
	if r, ok := g.(sente.Ranker); ok {
		return misereRanked{e, r}
	}
	return e
}

// misereGame is the misère form of a game without an Encoder.
type misereGame struct{ sente.Game }

func (m misereGame) Ended(p sente.Position) (sente.Value, bool) {
	if v, ended := m.Game.Ended(p); ended {
		return v.Flip(), true
	}
	if len(m.Game.Moves(p)) == 0 {
		return sente.Win, true
	}
	return sente.Unknown, false
}

// Impartial reports whether the game under misère play is impartial: it is
// when g is.
func (m misereGame) Impartial() bool {
	i, ok := m.Game.(sente.Impartial)
	return ok && i.Impartial()
}

// Misere reports that the game is under misère play, so that Grundy refuses
// it at once; misère play of a misère game is normal play again.
func (m misereGame) Misere() bool { return !IsMisere(m.Game) }

// Unwrap returns the game under normal play, for code that looks for the
// game's own kind (a rules file, say).
func (m misereGame) Unwrap() sente.Game { return m.Game }

// Features are g's: misère play changes no position.
func (m misereGame) Features() []sente.Feature {
	if f, ok := m.Game.(sente.Featured); ok {
		return f.Features()
	}
	return nil
}

// EstimatePositions is g's bound (sente.Estimator), 0 when g has none:
// misère play changes no position.
func (m misereGame) EstimatePositions() float64 {
	if e, ok := m.Game.(sente.Estimator); ok {
		return e.EstimatePositions()
	}
	return 0
}

// Draw is g's drawing of p, or its text form when g draws nothing.
func (m misereGame) Draw(p sente.Position) string {
	if d, ok := m.Game.(sente.Drawer); ok {
		return d.Draw(p)
	}
	return m.Game.FormatPosition(p)
}

// Describe is g's description, said to be under misère play.
func (m misereGame) Describe() sente.Description {
	var d sente.Description
	if dg, ok := m.Game.(sente.Describer); ok {
		d = dg.Describe()
	}
	if m.Misere() {
		d.Summary = strings.TrimSpace(d.Summary + " (misère play: the player who cannot move wins)")
	}
	return d
}

// misereEncoded is the misère form of a game with an Encoder. A game without
// tiers is one tier (0), and one without symmetries is its own canonical form.
type misereEncoded struct {
	misereGame
	enc   sente.Encoder
	tier  func(uint64) int
	canon func(uint64) uint64
}

// misereKids holds scratch space for EndedKey, which the solver calls from
// several goroutines.
var misereKids = sync.Pool{New: func() any { return new([]uint64) }}

func (m misereEncoded) Encode(p sente.Position) uint64   { return m.enc.Encode(p) }
func (m misereEncoded) Decode(key uint64) sente.Position { return m.enc.Decode(key) }
func (m misereEncoded) AppendChildren(dst []uint64, key uint64) []uint64 {
	return m.enc.AppendChildren(dst, key)
}

func (m misereEncoded) EndedKey(key uint64) (sente.Value, bool) {
	if v, ended := m.enc.EndedKey(key); ended {
		return v.Flip(), true
	}
	buf := misereKids.Get().(*[]uint64)
	*buf = m.enc.AppendChildren((*buf)[:0], key)
	none := len(*buf) == 0
	misereKids.Put(buf)
	if none {
		return sente.Win, true
	}
	return sente.Unknown, false
}

func (m misereEncoded) Tier(key uint64) int {
	if m.tier == nil {
		return 0
	}
	return m.tier(key)
}

func (m misereEncoded) Canonical(key uint64) uint64 {
	if m.canon == nil {
		return key
	}
	return m.canon(key)
}

// misereRanked keeps g's ranks as well.
type misereRanked struct {
	misereEncoded
	rank sente.Ranker
}

func (m misereRanked) RankSize() uint64       { return m.rank.RankSize() }
func (m misereRanked) Rank(key uint64) uint64 { return m.rank.Rank(key) }
