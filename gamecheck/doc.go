// Package gamecheck is a game's self-check: it walks positions of a game
// (breadth first from the start, and random playouts) and checks that the
// game keeps the contract the engines rely on, written on sente.Game and on
// each optional capability: the text form reads back, moves are named well,
// the Encoder agrees with Moves and Ended and is safe for concurrent use,
// ranks are dense and distinct, tiers never go down, parents are listed,
// symmetric positions are worth the same, a TierRanker's ranks round trip
// and its tiers lead only to the child tiers it states, never in a cycle,
// and keys (and tier ranks) are the same in another game made from the same
// spec when the game has a Ranker or TierRanker. For a partizan game
// (sente.Partizan) it holds the two theories to each other: at the
// positions it samples, the outcome class of the canonical form (package
// cgt) is what the hashing engine's solve finds with Left first and with
// Right first; and for one that splits (sente.PartizanSplitter), the
// values of a position's parts add up to the value of the position taken
// whole, where that is small.
//
// A game's author runs it in a test (or with `sente check SPEC`) so that a
// broken fast path is met here, with the position and what failed, rather
// than as a wrong value far away in a solve. GamesmanOne has a built-in
// randomised test of a game's API in the same spirit.
package gamecheck
