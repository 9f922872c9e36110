package solve

import (
	"time"

	"sente"
	"sente/explore"
	"sente/store"
)

// Solution is a strongly solved game: the outcome of every position
// reachable from the root, whichever engine found them. Everything that
// reads a solution (explain, render, the browser app) reads it through
// this interface: HashSolution is the hashing engine's, TableSolution the
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
	// the hashing engine's with Options.Symmetry, and tables whose
	// positions were not counted when they were stored.
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
}

// Counts are the numbers of positions by value for the player to move,
// with the seconds their solve took when known: the same counts a tier
// file's header holds.
type Counts = store.Counts

// HashSolution is the hashing engine's solution (Solve): one packed
// outcome of four bytes per position beside its explored space.
type HashSolution struct {
	game     sente.Game
	graph    explore.KeyGraph
	space    *explore.Space
	restrict map[sente.Player]string
	outcomes [][]packed // by tier number, then local id
	// movers, for a game that does not promise to alternate, are whose
	// turn it is at each position, a bit a local id (set: the second
	// player), by tier number: a move keeps the turn when its two
	// positions have the same bit. Nil for a game that alternates.
	movers [][]uint64
	counts Counts

	Explored time.Duration // time spent finding the positions
	Solved   time.Duration // time spent solving them
}

// Game returns the game solved.
func (s *HashSolution) Game() sente.Game { return s.game }

// Space returns the positions explored, which the solution keeps: Grundy
// values are computed over the same space rather than a second one.
func (s *HashSolution) Space() *explore.Space { return s.space }

// Root returns the position the solve started from.
func (s *HashSolution) Root() sente.Position {
	return s.graph.Decode(s.space.Root)
}

// Positions is the number of positions solved.
func (s *HashSolution) Positions() int {
	return s.space.Len()
}

// Classes reports whether the solve kept one position a class of symmetric
// positions (Options.Symmetry).
func (s *HashSolution) Classes() bool {
	return s.graph.Symmetric
}

// ClassCount is 0: the hashing engine's counts are of the positions or of
// the classes it solved (Classes).
func (s *HashSolution) ClassCount() int { return 0 }

// RanksBySymmetry reports whether the game's tier ranks stand for classes
// of symmetric positions (sente.SymmetricRanker).
func RanksBySymmetry(g sente.Game) bool {
	caps := sente.CapabilitiesOf(g)
	return caps.Symmetric != nil && caps.SymmetricRanker != nil && caps.SymmetricRanker.RanksBySymmetry()
}

// Counts returns the number of positions by value.
func (s *HashSolution) Counts() Counts { return s.counts }

// Restrict returns the policies the solve assumed, by player.
func (s *HashSolution) Restrict() map[sente.Player]string { return s.restrict }

// Bytes is the memory the solution holds: keys, index and outcomes (and
// whose turn it is at each position, for a game that does not alternate).
func (s *HashSolution) Bytes() int {
	n := s.space.Bytes() + 4*s.space.Len()
	for _, m := range s.movers {
		n += 8 * len(m)
	}
	return n
}

// Outcome returns the outcome of p for the player to move, and false when p
// is not reachable from the root.
func (s *HashSolution) Outcome(p sente.Position) (sente.Outcome, bool) {
	o, ok := s.lookupKey(s.graph.Key(p))
	return o.outcome(), ok
}

func (s *HashSolution) lookupKey(key uint64) (packed, bool) {
	return s.lookup(s.space.TierOf(key), key)
}

func (s *HashSolution) lookup(number int, key uint64) (packed, bool) {
	o, _, ok := s.lookupID(number, key)
	return o, ok
}

// lookupID is lookup with the position's local id in its tier.
func (s *HashSolution) lookupID(number int, key uint64) (packed, int, bool) {
	t := s.space.Tier(number)
	if t == nil || s.outcomes[number] == nil {
		return 0, 0, false
	}
	id, ok := t.Find(key)
	if !ok {
		return 0, 0, false
	}
	return s.outcomes[number][id], id, true
}

// second reports whether the second player is to move at local id of tier
// number, by movers.
func (s *HashSolution) second(number, id int) bool {
	return s.movers[number][id/64]&(1<<(id%64)) != 0
}

// Moves returns the moves from p that the solve considered: every legal
// move, less those a policy forbids the player to move; none once the game
// has ended.
func (s *HashSolution) Moves(p sente.Position) []sente.Move {
	moves := legalMoves(s.game, p)
	if len(s.restrict) == 0 {
		return moves
	}
	allowed := map[uint64]bool{}
	for _, k := range s.graph.Children(nil, s.graph.Key(p)) {
		allowed[k] = true
	}
	var kept []sente.Move
	for _, m := range moves {
		if allowed[s.graph.Key(m.To)] {
			kept = append(kept, m)
		}
	}
	return kept
}

// legalMoves are the moves from p, none once the game has ended there.
func legalMoves(g sente.Game, p sente.Position) []sente.Move {
	if _, ended := g.Ended(p); ended {
		return nil
	}
	return g.Moves(p)
}

// Each calls fn for every position, tier by tier, until fn returns false.
func (s *HashSolution) Each(fn func(p sente.Position, o sente.Outcome) bool) {
	for _, t := range s.space.Tiers() {
		out := s.outcomes[t.Number]
		for id, key := range t.Keys {
			if !fn(s.graph.Decode(key), out[id].outcome()) {
				return
			}
		}
	}
}

func (s *HashSolution) count() {
	for _, out := range s.outcomes {
		for _, o := range out {
			switch o.value() {
			case sente.Win:
				s.counts.Win++
			case sente.Lose:
				s.counts.Lose++
			case sente.Tie:
				s.counts.Tie++
			case sente.Draw:
				s.counts.Draw++
			}
			s.counts.Positions++
		}
	}
}

// Tiers is nil: the hashing engine has no tiers of the tier engine's.
func (s *HashSolution) Tiers() []TierResult { return nil }

// Took is the time exploring and solving took.
func (s *HashSolution) Took() (explored, solved time.Duration) { return s.Explored, s.Solved }

// Damage is nil: the hashing engine's solution is held in memory.
func (s *HashSolution) Damage() error { return nil }

// Whole is false: the hashing engine counts what the root reaches.
func (s *HashSolution) Whole() bool { return false }
