package solve

import (
	"errors"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// Solution is a strongly solved game: the outcome of every position
// reachable from the root, whichever engine found them. Everything that
// reads a solution (explain, render, the browser app) reads it through
// this interface: hashing.HashSolution is the hashing engine's, tiers.TableSolution the
// tier engine's tables read back.
type Solution interface {
	// Game returns the game solved.
	Game() sente.Game
	// Root returns the position the solve started from.
	Root() sente.Position
	// Positions is the number of positions solved (classes of symmetric
	// positions when Classes).
	Positions() int
	// Classes reports whether each position solved stands for a class of
	// symmetric positions, so that Positions and Counts count classes:
	// the hashing engine's with Options.Symmetry, the tier engine's of a
	// game whose bytes stand for classes (sente.WithClassBytes), and
	// tables whose positions were not counted when they were stored.
	Classes() bool
	// ClassCount is the number of classes of symmetric positions solved,
	// one position each, when Positions and Counts count the positions
	// they stand for (the tier engine's, sente.SymmetricRanker); 0
	// otherwise.
	ClassCount() int
	// Counts are the positions by value for the player to move.
	Counts() Counts
	// Whole reports whether Positions and Counts are those of a whole
	// stored table, not of the positions the root reaches: a root inside
	// a large stored game, whose positions are too many to count on the
	// way to an answer.
	Whole() bool
	// Restrict returns the policies the solve assumed, by player.
	Restrict() map[sente.Player]string
	// Bytes is the memory the solution holds.
	Bytes() int
	// Outcome returns the outcome of p for the player to move, and false
	// when p is not reachable from the root.
	Outcome(p sente.Position) (sente.Outcome, bool)
	// Moves returns the moves from p that the solve considered: every
	// legal move, less those a policy forbids; none once the game has
	// ended.
	Moves(p sente.Position) []sente.Move
	// Each calls fn for every position, tier by tier in increasing number,
	// until fn returns false.
	Each(fn func(p sente.Position, o sente.Outcome) bool)
	// Tiers are the tier engine's results tier by tier; nil for the
	// hashing engine.
	Tiers() []TierResult
	// Took is the time finding the positions took, and solving them.
	Took() (explored, solved time.Duration)
	// Damage is the first failure to read stored tables that an answer
	// met (a block that fails its checksum), when Outcome said a position
	// was not there because of it; nil for a solve held in memory.
	Damage() error
	// Margin returns p's margin under perfect play for the player to
	// move, for a game that ends in a score (sente.Scorer), and false
	// when the solution holds none: MarginErr then says why (nil for a
	// game without a score). The hashing engine, the tier engine and
	// search find margins; tables stored without them give ErrNoMargins.
	Margin(p sente.Position) (sente.Margin, bool)
	MarginErr() error
}

// ErrNoMargins is the MarginErr of stored tables that hold no margins,
// for a game that ends in a score: their answers give the value alone,
// never a wrong margin. They were stored by a sente that kept none, or by
// a solve that found the game has none (play that can come back to a
// position, a position without moves and without a score), or they are
// read where their margins are not (a rules file's tables in the
// browser's child).
var ErrNoMargins = errors.New("the stored tables hold no margins")

// NoMargins is the MarginErr of a solution whose tables hold no margins:
// ErrNoMargins for a game that ends in a score, nil otherwise.
func NoMargins(g sente.Game) error {
	if sente.Scored(g) {
		return ErrNoMargins
	}
	return nil
}

// Counts are the numbers of positions by value for the player to move,
// with the seconds their solve took when known: the same counts a tier
// file's header holds.
type Counts = store.Counts

// RanksBySymmetry reports whether the game's tier ranks stand for classes
// of symmetric positions (sente.SymmetricRanker).
func RanksBySymmetry(g sente.Game) bool {
	caps := sente.CapabilitiesOf(g)
	return caps.Symmetric != nil && caps.SymmetricRanker != nil && caps.SymmetricRanker.RanksBySymmetry()
}

// TierResult is what one tier holds once solved: its reachable positions by
// value and the seconds its solve took (those of the first run for a tier a
// resumed solve found stored).
type TierResult struct {
	Tier int
	store.Counts
	// Classes are the classes of symmetric positions solved by value, a
	// rank each, when the game's ranks stand for classes
	// (sente.SymmetricRanker) and Counts counts the positions they stand
	// for; zero otherwise, Counts then counting ranks (classes, when the
	// positions were not counted: tables stored before they were).
	Classes store.Counts
	// EveryPosition: the tier was taken whole from tables of every
	// position of it (TierOptions.Borrow), not solved by this solve; its
	// counts are those of every position, reached from the root or not,
	// and it took this solve no time.
	EveryPosition bool
}

// LegalMoves are the moves from p, none once the game has ended there.
func LegalMoves(g sente.Game, p sente.Position) []sente.Move {
	if _, ended := g.Ended(p); ended {
		return nil
	}
	return g.Moves(p)
}
