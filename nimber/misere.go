package nimber

import (
	"context"
	"strings"
	"sync"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve/hashing"
)

// Misere solves g under misère play from root (nil means the game's start):
// the player who cannot move wins. It solves MisereGame(g) with the strong
// solver, so the solution holds every reachable position's outcome (win,
// lose or draw, with remoteness) for the player to move. Misère sums do not
// add up by XOR, so components are not used.
func Misere(ctx context.Context, g sente.Game, root sente.Position, opt Options) (*hashing.HashSolution, error) {
	return hashing.Solve(ctx, MisereGame(g), hashing.Options{
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
// The game is sente.Capable: it keeps every capability of g that misère
// play leaves true (see misereGame.Capabilities), so that the solver runs on
// g's keys, ranks, tiers and symmetries as it does for g.
func MisereGame(g sente.Game) sente.Game {
	m := misereGame{g}
	enc := sente.CapabilitiesOf(g).Encoder
	if enc == nil {
		return m
	}
	return misereEncoded{misereGame: m, enc: enc}
}

// misereGame is the misère form of a game without an Encoder.
type misereGame struct{ sente.Game }

var (
	_ sente.Capable = misereGame{}
	_ sente.Capable = misereEncoded{}
	_ sente.Encoder = misereEncoded{}
	_ sente.Misere  = misereGame{}
)

// Capabilities are g's, but for what misère play changes. The Describer
// says the game is under misère play, Misere says so too (sente.Misere),
// and the Encoder and the Expander (and its batches) end positions as
// Ended does. Splitter, Heaps and TierExpander are dropped: a misère sum's
// value is not the XOR of its components' values, heap values are
// normal-play values, and a batch of ranks expanded ends positions as
// normal play does. The rest hold as they are, since misère play changes no position
// and no move: ranks, tiers and symmetries (mirror images have the same
// misère value too), policies, drawings, boards, features, estimates and
// failures; and parents, since a position with no moves, the one position
// misère play ends anew, is a parent of nothing.
func (m misereGame) Capabilities() sente.Capabilities {
	c := sente.CapabilitiesOf(m.Game)
	c.Encoder = nil
	if c.Expander != nil {
		c.Expander = misereExpander{c.Expander}
	}
	if c.ExpandBatcher != nil {
		c.ExpandBatcher = misereBatcher{c.ExpandBatcher}
	}
	c.Splitter, c.Heaps = nil, nil
	c.TierExpander = nil // it ends positions as normal play does
	c.Orderer = nil      // its tactics are normal play's: a win at once is a loss
	c.Decider = nil      // so are its decided values
	c.Describer = m
	c.Misere = m
	return c
}

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
// when g is. It answers for itself, as a method, so that misère play of a
// partisan game says false rather than nothing.
func (m misereGame) Impartial() bool { return sente.CapabilitiesOf(m.Game).IsImpartial() }

// Misere reports that the game is under misère play (sente.Misere), so that
// Grundy refuses it at once; misère play of a misère game is normal play
// again.
func (m misereGame) Misere() bool { return !IsMisere(m.Game) }

// Describe is g's description, said to be under misère play.
func (m misereGame) Describe() sente.Description {
	var d sente.Description
	if dg := sente.CapabilitiesOf(m.Game).Describer; dg != nil {
		d = dg.Describe()
	}
	if m.Misere() {
		d.Summary = strings.TrimSpace(d.Summary + " (misère play: the player who cannot move wins)")
	}
	return d
}

// misereEncoded is the misère form of a game with an Encoder.
type misereEncoded struct {
	misereGame
	enc sente.Encoder
}

// Capabilities are misereGame's with this Encoder.
func (m misereEncoded) Capabilities() sente.Capabilities {
	c := m.misereGame.Capabilities()
	c.Encoder = m
	return c
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

// misereExpander expands positions under misère play: a result reversed,
// and a position with no moves won by the player to move.
type misereExpander struct{ sente.Expander }

func (m misereExpander) Expand(b []byte, x *sente.Expansion) error {
	if err := m.Expander.Expand(b, x); err != nil {
		return err
	}
	misereExpansion(x)
	return nil
}

// misereBatcher expands many positions at once under misère play, as
// misereExpander expands one.
type misereBatcher struct{ sente.ExpandBatcher }

func (m misereBatcher) ExpandBatch(b []byte, width int, xs []sente.Expansion) error {
	if err := m.ExpandBatcher.ExpandBatch(b, width, xs); err != nil {
		return err
	}
	for i := range xs {
		misereExpansion(&xs[i])
	}
	return nil
}

// misereExpansion turns what normal play's Expand said into misère play's.
func misereExpansion(x *sente.Expansion) {
	switch {
	case x.Ended:
		x.Value = x.Value.Flip()
	case x.Len() == 0 && !x.Playing:
		x.Ended, x.Value = true, sente.Win
	}
}
