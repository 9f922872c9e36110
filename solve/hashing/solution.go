package hashing

import (
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/solve"
)

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
	counts solve.Counts
	// margins, for a game that ends in a score, are every position's
	// margin by tier number, then local id; nil with marginErr saying why
	// when the game's positions can repeat.
	margins   []marginCells
	marginErr error

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

// Counts returns the number of positions by value.
func (s *HashSolution) Counts() solve.Counts { return s.counts }

// Restrict returns the policies the solve assumed, by player.
func (s *HashSolution) Restrict() map[sente.Player]string { return s.restrict }

// Bytes is the memory the solution holds: keys, index and outcomes (and
// whose turn it is at each position, for a game that does not alternate).
func (s *HashSolution) Bytes() int {
	n := s.space.Bytes() + 4*s.space.Len()
	for _, m := range s.movers {
		n += 8 * len(m)
	}
	for _, c := range s.margins {
		n += c.bytes()
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
	moves := solve.LegalMoves(s.game, p)
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
func (s *HashSolution) Tiers() []solve.TierResult { return nil }

// Took is the time exploring and solving took.
func (s *HashSolution) Took() (explored, solved time.Duration) { return s.Explored, s.Solved }

// Damage is nil: the hashing engine's solution is held in memory.
func (s *HashSolution) Damage() error { return nil }

// Whole is false: the hashing engine counts what the root reaches.
func (s *HashSolution) Whole() bool { return false }
