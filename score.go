package sente

import (
	"context"
	"fmt"
)

// Scorer is a game that ends in a score: the seeds in the stores of
// Kalah, the discs of Othello, the boxes of dots and boxes. Its published
// solutions are margins ("a first-player win by 10"), and the engines that
// know margins find the exact one under perfect play: each side makes its
// own margin as large as it can, and among the moves that do, remoteness
// decides as it does for every game (a win fastest, a loss slowest).
//
// Score is asked only of an ended position, and speaks for the player to
// move there, as Ended's value does: positive when Ended says Win,
// negative for Lose, zero for Tie. MaxScore bounds |Score| over every
// position of the game, so that an engine can size the cells that hold a
// margin; 0 means the game gives no score after all (a family whose score
// is a parameter, turned off).
type Scorer interface {
	Score(p Position) int
	MaxScore() int
}

// KeyScorer is Scorer on an Encoder's keys: the score of an ended
// position from its key, for an engine that runs on keys. A game that is an
// Encoder and a Scorer offers it, or engines decode the key to ask Score.
type KeyScorer interface {
	ScoreKey(key uint64) int
}

// Margin is the exact score of a position under perfect play, for the
// player to move there: the margin each side makes as large as it can
// for itself, and the plies to the end along the moves that keep it (a
// win fastest, a loss slowest, a tie fastest, as Outcome's remoteness
// among every move). Its remoteness can exceed the Outcome's: the
// fastest win may win by less. It is RemotenessUnknown for a margin
// sought without its plies.
type Margin struct {
	Score      int
	Remoteness int
}

// Value is the margin's value: a win when it is positive, a loss when
// negative, a tie at zero, as Scorer promises of ended positions.
func (m Margin) Value() Value {
	switch {
	case m.Score > 0:
		return Win
	case m.Score < 0:
		return Lose
	}
	return Tie
}

// MoveMargin is the margin of a move for the player making it, given the
// margin of the position it leads to (for the player to move there) and
// whether the move keeps the turn: a move that passes the turn negates
// the margin, one that keeps it leaves it as it is. Either way the move
// is one ply more.
func MoveMargin(child Margin, keepsTurn bool) Margin {
	s := child.Score
	if !keepsTurn {
		s = -s
	}
	if child.Remoteness == RemotenessUnknown {
		return Margin{Score: s, Remoteness: RemotenessUnknown}
	}
	return Margin{Score: s, Remoteness: child.Remoteness + 1}
}

// Better reports whether m is preferable to o for the player who gets
// it: a larger margin, and at equal margins what Outcome.Better prefers
// (a faster win or tie, a slower loss).
func (m Margin) Better(o Margin) bool {
	if m.Score != o.Score {
		return m.Score > o.Score
	}
	if m.Remoteness == RemotenessUnknown || o.Remoteness == RemotenessUnknown {
		return false // no plies to compare
	}
	if m.Score < 0 {
		return m.Remoteness > o.Remoteness
	}
	return m.Remoteness < o.Remoteness
}

func (m Margin) String() string {
	if m.Remoteness == RemotenessUnknown {
		if m.Score == 0 {
			return "tie"
		}
		return fmt.Sprintf("%s by %d", m.Value(), abs(m.Score))
	}
	if m.Score == 0 {
		return fmt.Sprintf("tie in %d", m.Remoteness)
	}
	return fmt.Sprintf("%s by %d in %d", m.Value(), abs(m.Score), m.Remoteness)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// ScoreOf is the score of the ended position p for the player to move
// there, by the game's Scorer, and false when the game gives no score
// (no Scorer, or MaxScore 0).
func ScoreOf(g Game, p Position) (int, bool) {
	s := CapabilitiesOf(g).Scorer
	if s == nil || s.MaxScore() <= 0 {
		return 0, false
	}
	return s.Score(p), true
}

// Scored reports whether g ends in a score: it is a Scorer whose MaxScore
// is not 0.
func Scored(g Game) bool {
	s := CapabilitiesOf(g).Scorer
	return s != nil && s.MaxScore() > 0
}

// Banker is a Scorer whose score is partly banked before the end: the
// seeds already in Kalah's stores count at the end whatever is played, and
// play ahead depends only on the seeds still in the houses. Positions that
// differ only in what they have banked then have the same margin still to
// make, and a search that values one values them all.
//
// Unbank returns the key of the position that stands for key's play
// ahead (the same player to move and moves, leading to positions alike in
// the same way, ending as key's lines end), the margin key has banked for
// the player to move, and the most margin play ahead can still make
// either way. Key's margin under perfect play is banked plus a margin
// that is the same for every key with the same rest, and within ±ahead
// (Kalah: the seeds still in the houses). A rest is its own.
//
// Only the margin is shared, not the plies that go with it: a margin
// moved across 0 turns a win, to be had soon, into a loss, to be put off.
// So an engine uses Unbank for margins sought without their plies.
type Banker interface {
	Unbank(key uint64) (rest uint64, banked, ahead int)
}

// MarginTabler is a Banker that can build, in memory, tables of the
// margins of its endgame (Kalah's databases by seeds left in the houses),
// which a search for margins alone reads instead of searching below them.
//
// MarginTables builds the tables worth building that fit in bytes, or
// returns nil when none are. Building them may take minutes: it tells
// progress (when not nil) now and then how many of their positions are
// solved, of how many, and stops with ctx's error when ctx is done.
type MarginTabler interface {
	MarginTables(ctx context.Context, bytes int64, progress func(done, total int64)) (MarginTable, error)
}

// MarginSolver is a Scorer that searches its own small positions, for a
// search for margins alone: faster than a search through keys can, and
// within the window the search asks about. Othello's programs hand their
// last empty cells to such a routine (bitboards, no table, the moves that
// leave the opponent fewest replies first), where the search above keeps
// its table and symmetries for the positions worth remembering.
type MarginSolver interface {
	// SolveMargin searches key when the game deems it small enough, and
	// returns its margin for the player to move under perfect play,
	// fail-soft in the window (alpha, beta): a result at most alpha bounds
	// the margin from above, one at least beta from below, one between
	// them is exact. It returns the positions it searched, and true; or
	// false, having searched nothing, when key is not small enough. It is
	// safe for concurrent use.
	SolveMargin(key uint64, alpha, beta int) (margin int, nodes uint64, ok bool)
}

// MarginTable knows the margins of some positions under perfect play.
type MarginTable interface {
	// Margin is the margin of key for the player to move, and false
	// when the table does not hold it.
	Margin(key uint64) (int, bool)
}
