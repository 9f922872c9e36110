// Package hashing is the hashing engine: Explore finds every position
// reachable from a root (explore's dense ids, tier by tier when the game
// has tiers), and SolveSpace solves the space explored by retrograde
// analysis, into a HashSolution of four bytes a position (outcome.go).
// Solve does both.
//
// Tiers (sente.Tiered) are solved from the highest down; a move into a
// higher tier reads a value already known. Inside a tier, moves that stay
// in the tier form a graph that may have cycles, solved with child
// counters: a position is lost when its last child turns out won, won
// when its first child turns out lost. Positions are taken up in order of
// remoteness (a bucket queue, which is first-in first-out when the game
// has one tier), so that every position is settled at its true remoteness
// the first time. Positions the win/lose pass leaves open are ties when a
// tie can be reached, and draws (endless play) otherwise. The first pass
// over a tier is in solve.go, the retrograde pass in retrograde.go; their
// rules are solve/levels.go's, shared with the other engines.
//
// A game that ends in a score (sente.Scorer) gets every position's margin
// as well, after its values (margins.go): tier by tier from the highest,
// each position the best of its moves by sente.Margin.Better once every
// child is known, the moves inside a tier taken in topological order. The
// margins sit in flat cells of one byte (MaxScore up to 127) or two, with
// four bytes of plies. A game whose positions can repeat gets no margins
// (ErrRepeats): endless play has none.
//
// The engine holds every position in memory and needs no store: it is
// the engine for games small enough, for games without dense ranks, and
// for a solve under a policy (Options.Restrict).
package hashing
