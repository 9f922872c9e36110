// Package explore discovers the positions reachable from a root and gives
// each a dense integer id, so that the engines can keep one flat array entry
// per position instead of a map of structs.
//
// A game is seen here as a KeyGraph: functions on the integer keys of
// positions. KeyGraphOf builds one from a sente.Game, using its Encoder fast
// path when it has one and interning positions otherwise; it also applies
// restricted opponents and symmetry reduction, so that everything downstream
// sees one plain graph of keys. It is named for what it is, beside the rules
// package, which compiles rules files into games.
//
// Positions are kept by tier (see sente.Tiered); a game without tiers has one.
// Within a tier, ids are assigned in the order positions are discovered;
// Space.ID numbers all positions densely, tier after tier. The memory per
// position is the key (8 bytes) plus a 4-byte slot of an open-addressing
// index kept at most 70% full: 13.7 bytes on average after growth, at most
// 19.4 just after the index doubles.
//
// Adjacency holds lists of ids by dense id in compressed rows (4 bytes a
// move): the engines that need the moves into a position build predecessor
// lists with it, from edge lists (Predecessors, the solver's moves inside a
// tier) or from successor lists (Adjacency.Reverse, loopy Grundy values).
//
// EstimatePositions says, before any long exploration, how many positions
// a game reaches (per tier), how sure that is, and how fast the game
// expands positions, within a budget of expansions or time: exactly when
// the game fits in the budget, and otherwise by breadth-first exploration
// of the first tiers and random playouts counted by their meetings, the
// birthday paradox read backwards (sample.go says why this counts
// positions, not lines of play, and how uneven chances are corrected).
package explore
