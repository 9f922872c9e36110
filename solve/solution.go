package solve

import (
	"time"

	"sente"
	"sente/explore"
)

// Solution is a strongly solved game: the outcome of every position
// reachable from the root. The hashing engine (Solve) keeps one packed
// outcome of four bytes per position beside its explored space; a solution
// of the tier engine answers from its tables instead (see answers), so
// that everything that reads a Solution reads either.
type Solution struct {
	game     sente.Game
	graph    explore.KeyGraph
	space    *explore.Space
	restrict map[sente.Player]string
	outcomes [][]packed // by tier number, then local id
	counts   Counts
	tables   answers // set when the tier engine solved the game

	Explored time.Duration // time spent finding the positions
	Solved   time.Duration // time spent solving them
}

// Counts are the numbers of positions by value for the player to move.
type Counts struct {
	Win, Lose, Tie, Draw int
}

// answers are what a solution of the tier engine gives for the methods of
// Solution that the hashing engine answers from its space.
type answers interface {
	Root() sente.Position
	Positions() int
	Bytes() int
	Outcome(p sente.Position) (sente.Outcome, bool)
	Each(fn func(p sente.Position, o sente.Outcome) bool)
}

// Game returns the game solved.
func (s *Solution) Game() sente.Game { return s.game }

// Root returns the position the solve started from.
func (s *Solution) Root() sente.Position {
	if s.tables != nil {
		return s.tables.Root()
	}
	return s.graph.Decode(s.space.Root)
}

// Positions is the number of positions solved.
func (s *Solution) Positions() int {
	if s.tables != nil {
		return s.tables.Positions()
	}
	return s.space.Len()
}

// Classes reports whether each position solved stands for a class of
// symmetric positions (the hashing engine with Symmetry, or the tier
// engine on a game that ranks by symmetry), so that Positions and Counts
// count classes.
func (s *Solution) Classes() bool {
	if s.tables != nil {
		return RanksBySymmetry(s.game)
	}
	return s.graph.Symmetric
}

// RanksBySymmetry reports whether the game's tier ranks stand for classes
// of symmetric positions (sente.SymmetricRanker).
func RanksBySymmetry(g sente.Game) bool {
	caps := sente.CapabilitiesOf(g)
	return caps.Symmetric != nil && caps.SymmetricRanker != nil && caps.SymmetricRanker.RanksBySymmetry()
}

// Counts returns the number of positions by value.
func (s *Solution) Counts() Counts { return s.counts }

// Restrict returns the policies the solve assumed, by player.
func (s *Solution) Restrict() map[sente.Player]string { return s.restrict }

// Bytes is the memory the solution holds: keys, index and outcomes, or
// the tier engine's tables held in memory.
func (s *Solution) Bytes() int {
	if s.tables != nil {
		return s.tables.Bytes()
	}
	return s.space.Bytes() + 4*s.space.Len()
}

// Outcome returns the outcome of p for the player to move, and false when p
// is not reachable from the root.
func (s *Solution) Outcome(p sente.Position) (sente.Outcome, bool) {
	if s.tables != nil {
		return s.tables.Outcome(p)
	}
	o, ok := s.lookupKey(s.graph.Key(p))
	return o.outcome(), ok
}

func (s *Solution) lookupKey(key uint64) (packed, bool) {
	return s.lookup(s.space.TierOf(key), key)
}

func (s *Solution) lookup(number int, key uint64) (packed, bool) {
	t := s.space.Tier(number)
	if t == nil || s.outcomes[number] == nil {
		return 0, false
	}
	id, ok := t.Find(key)
	if !ok {
		return 0, false
	}
	return s.outcomes[number][id], true
}

// Moves returns the moves from p that the solve considered: every legal
// move, less those a policy forbids the player to move; none once the game
// has ended.
func (s *Solution) Moves(p sente.Position) []sente.Move {
	if _, ended := s.game.Ended(p); ended {
		return nil
	}
	moves := s.game.Moves(p)
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
func (s *Solution) Each(fn func(p sente.Position, o sente.Outcome) bool) {
	if s.tables != nil {
		s.tables.Each(fn)
		return
	}
	for _, t := range s.space.Tiers() {
		out := s.outcomes[t.Number]
		for id, key := range t.Keys {
			if !fn(s.graph.Decode(key), out[id].outcome()) {
				return
			}
		}
	}
}

func (s *Solution) count() {
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
		}
	}
}
