// Package solve is what every engine that solves a game strongly shares
// with those that call it: every position reachable from a root gets its
// value for the player to move (win, lose, tie or draw) and its
// remoteness, whichever engine found it.
//
// The engines live in packages of their own, one a folder: solve/hashing
// (retrograde analysis over explore's dense ids, which nimber can value
// too), solve/tiers (tier by tier over dense ranks, with its tables in a
// store, and the ranks of a rules file's positions discovered by a
// forward pass), solve/search (proof search from one position) and
// solve/reference (the slow solver the others are checked against). This
// package holds what they share, so that none imports another:
//
//   - Solution (solution.go), the one interface every reader of a solve
//     reads, with its Counts and the tier engine's TierResult;
//   - Progress, its Phases and Whole (progress.go), how either engine
//     reports its work;
//   - the rules of retrograde analysis (levels.go): the entry tags, the
//     queue of levels, when a position settles and what it tells its
//     parents, and Decide, the value of a position from its children, in
//     one place for the hashing engine, the tier engine and sente-dist;
//   - ForBlocks (pool.go), how a pass's blocks are shared among workers;
//   - EstimateBytes (estimate.go), the memory a solve by the hashing
//     engine needs by the game's estimate of its positions.
package solve
