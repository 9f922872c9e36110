package tiers

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// TierGame is the tier engine's view of a game, for engines that run the
// same solve elsewhere (sente-dist runs it as Apache Beam pipelines, a
// block of ranks at a time on many machines): the plan of tiers from a
// root, and, a position at a time, what the tier engine asks of the game
// (has it ended, the tiers and ranks of its children, checked against the
// tiers the game declares, the ranks of its parents in its own tier) and
// how it folds its children's cells into its own. An engine built on it
// gives the values SolveTiers gives, because they are the same code.
type TierGame struct {
	e       *tierEngine
	root    sente.TierPosition
	ranking uint32
}

// newTierEngine is the engine of g before it plans.
func newTierEngine(g sente.Game) (*tierEngine, error) {
	caps := sente.CapabilitiesOf(g)
	if caps.TierRanker == nil || caps.Encoder == nil {
		return nil, tables.ErrNoTierRanks
	}
	e := &tierEngine{
		game: g, enc: caps.Encoder, ranker: caps.TierRanker, scanner: caps.TierScanner, kidRanks: caps.TierChildRanker,
		unmover: caps.Unmover, erring: caps.Erring, turn: caps.KeyTurns(g),
	}
	if e.turn == nil {
		// A batch gives no child's turn, which keeps needs.
		e.batch = caps.TierExpander
	}
	return e, nil
}

// NewTierGame plans the tiers of g below the root from (nil: the start),
// as SolveTiers does.
//
// An engine built on it solves games whose every move passes the turn:
// its folds and its retrograde analysis negate the value at every move. A
// game that does not promise to alternate (sente.Alternating) is tried
// first by random play from the root, and refused with a *KeepsTurnError
// naming the first move found that keeps the turn; Children fails the same
// way on any such move the sample missed.
func NewTierGame(g sente.Game, from sente.Position) (*TierGame, error) {
	e, err := newTierEngine(g)
	if err != nil {
		return nil, err
	}
	e.workers = 1
	if from == nil {
		from = g.Start()
	}
	if e.turn != nil {
		if err := e.sampleKeepsTurn(e.enc.Encode(from)); err != nil {
			return nil, err
		}
	}
	t, r := e.ranker.TierRank(e.enc.Encode(from))
	if err := e.plan(t); err != nil {
		return nil, err
	}
	if r >= e.size[t] {
		return nil, fmt.Errorf("solve by tiers: the root has rank %d in tier %d of %d ranks", r, t, e.size[t])
	}
	ranking := tables.RankingOf(e.enc, e.ranker, e.enc.Encode(g.Start()))
	return &TierGame{e: e, root: sente.TierPosition{Tier: t, Rank: r}, ranking: ranking}, nil
}

// Root is the root's tier and rank.
func (tg *TierGame) Root() sente.TierPosition { return tg.root }

// Order lists the tiers the root leads to, children first: the order in
// which they are solved, and in reverse the order in which their reachable
// positions are marked.
func (tg *TierGame) Order() []int { return tg.e.order }

// ChildTiers are the tiers other than t that a move from t may lead to.
func (tg *TierGame) ChildTiers(t int) []int { return tg.e.children[t] }

// Loops reports whether a move from t may stay in t.
func (tg *TierGame) Loops(t int) bool { return tg.e.loops[t] }

// Size is the number of ranks of t.
func (tg *TierGame) Size(t int) uint64 { return tg.e.size[t] }

// HasUnmoves reports whether the game lists a position's parents
// (sente.Unmover), which Parents needs.
func (tg *TierGame) HasUnmoves() bool { return tg.e.unmover != nil }

// Positions calls fn with the rank and key of every rank in [lo, hi) of
// tier t marked in marked, whose first bit is rank lo's (lo a multiple of
// 64), in increasing rank, and stops at fn's first error. A rank marked
// that is no position is an error.
func (tg *TierGame) Positions(t int, lo, hi uint64, marked []uint64, fn func(rank, key uint64) error) error {
	return tg.e.eachPosition(t, lo, hi, marked, fn)
}

// Unrank is the key of a rank that is a position.
func (tg *TierGame) Unrank(t int, rank uint64) (uint64, error) { return tg.e.unrank(t, rank) }

// Ended is the cell of a position that has ended, and false for one that
// has not.
func (tg *TierGame) Ended(key uint64) (store.Cell, bool, error) {
	v, ended := tg.e.enc.EndedKey(key)
	if !ended {
		return 0, false, nil
	}
	c, err := tg.e.endedCell(key, v)
	return c, true, err
}

// Format is the text of a position, for errors.
func (tg *TierGame) Format(key uint64) string { return tg.e.format(key) }

// Err is the error a game that reports failures (sente.Erring, a rules
// file) met, if any.
func (tg *TierGame) Err() error {
	if tg.e.erring != nil {
		return tg.e.erring.Err()
	}
	return nil
}

// TierCursor asks a TierGame about positions from one goroutine: it keeps
// its own buffers and child ranker. The slices it returns are valid until
// its next call.
type TierCursor struct {
	e       *tierEngine
	sc      scratch
	parents []uint64
	ranks   []uint64
}

// NewCursor returns a cursor for one goroutine.
func (tg *TierGame) NewCursor() *TierCursor { return &TierCursor{e: tg.e} }

// Children are the tier and rank of every child of key, a position of
// tier t that has not ended, each checked against the tiers the game
// declares. A move that keeps the turn is a *KeepsTurnError.
func (c *TierCursor) Children(t int, key uint64) ([]sente.TierPosition, error) {
	kids, err := c.e.childPositions(&c.sc, t, key)
	if err != nil {
		return nil, err
	}
	for i, kept := range c.e.keeps(&c.sc, key, kids) {
		if kept {
			return nil, c.e.keepsTurnError(key, c.sc.kids[i])
		}
	}
	return kids, nil
}

// KeepsTurnError is a move after which the same player is to move again,
// met by an engine that solves only games whose every move passes the
// turn (sente-dist's, through TierGame).
type KeepsTurnError struct {
	Position string // where the move is made
	Move     string // its name
}

func (e *KeepsTurnError) Error() string {
	return fmt.Sprintf("the move %s from %s keeps the turn (the same player moves again), and this engine solves only games whose every move passes the turn; sente solve solves it", e.Move, e.Position)
}

// keepsTurnError names the move from key to kid.
func (e *tierEngine) keepsTurnError(key, kid uint64) error {
	p := e.enc.Decode(key)
	name := e.format(kid)
	for _, m := range e.game.Moves(p) {
		if e.enc.Encode(m.To) == kid {
			name = m.Name
			break
		}
	}
	return &KeepsTurnError{Position: e.game.FormatPosition(p), Move: name}
}

// sampleKeepsTurn plays at random from root, a few hundred lines, and
// returns a *KeepsTurnError for the first move met that keeps the turn.
func (e *tierEngine) sampleKeepsTurn(root uint64) error {
	rng := rand.New(rand.NewPCG(0x7e57, 45))
	var kids []uint64
	for range 256 {
		key := root
		for range 512 {
			if _, ended := e.enc.EndedKey(key); ended {
				break
			}
			if kids = e.enc.AppendChildren(kids[:0], key); len(kids) == 0 {
				break
			}
			mover := e.turn(key)
			for _, kid := range kids {
				if e.turn(kid) == mover {
					return e.keepsTurnError(key, kid)
				}
			}
			key = kids[rng.IntN(len(kids))]
		}
	}
	return nil
}

// Parents are the ranks in tier t of the parents of the position of rank
// in t that are in t, each once (a game that ranks by symmetry may give
// several parents of one rank), in increasing order. Not every one need
// be reachable. The game must have un-moves (HasUnmoves).
func (c *TierCursor) Parents(t int, rank uint64) ([]uint64, error) {
	if c.e.unmover == nil {
		return nil, errors.New("solve by tiers: the game lists no parents (sente.Unmover)")
	}
	return c.e.parentRanks(&c.parents, &c.ranks, t, rank, nil)
}

// Fold is a position's cell folded from its children's, as the tier engine
// folds them: the fastest win through a lost child, else the fastest tie,
// else a draw while a child is neither won nor lost, else the slowest loss.
type Fold struct{ b best }

// NewFold is the fold of no children yet.
func NewFold() Fold { return Fold{newBest()} }

// Add folds in a child's cell.
func (f *Fold) Add(c store.Cell) { f.b.add(c) }

// Cell is the position's cell once every child is added.
func (f *Fold) Cell() (store.Cell, error) { return f.b.cell() }

// Win is the remoteness of the fastest win through the children added,
// and false when none is lost.
func (f *Fold) Win() (uint32, bool) { return f.b.win, f.b.win != solve.Infinity }

// Tie is the remoteness of the fastest tie through the children added, and
// false when none is tied.
func (f *Fold) Tie() (uint32, bool) { return f.b.tie, f.b.tie != solve.Infinity }

// Loss is the remoteness of the slowest loss through the children added
// (every one won), 0 when none is.
func (f *Fold) Loss() uint32 { return f.b.loseMax }

// Blocked counts the children added that are neither won nor lost: ties,
// draws, and positions not solved yet.
func (f *Fold) Blocked() int { return f.b.blocked }

// Ranking is the fingerprint of the game's ranks that the tier engine
// stamps on the tables of values and reachable ranks it stores
// (store.Header.Ranking): an engine that writes the same tables writes
// the same stamp.
func (tg *TierGame) Ranking() uint32 { return tg.ranking }
