// Package tables reads a game's stored tables back: the tiers the tier
// engine wrote into a store (or a sink in memory), answered a position at
// a time with nothing solved, compacted or written. It sits beside the
// store, imports the store and solve's shared types, and no engine: the
// answer layer and the server read stored tables through it, and the tier
// engine, which writes them, uses it for its own answer after a solve.
//
// Open opens the tiers a position leads to when every one is stored, and
// fails with ErrNotStored otherwise; their counts are read from the
// tables' headers (StoredResults), the plan of tiers from the game's ranks
// (PlanTiers), and for a game whose ranks stand for classes of symmetric
// positions the positions they stand for from the count stored beside
// them (counts.go). Tables of another ranking of the game are refused as
// damaged (Ranked, RankingOf, source.go).
//
// Tables (tables.go) answers a position from its cell, each block's
// checksum checked when first read, and keeps the first damage it met;
// held.go keeps tables open within a budget of mapped bytes, holds them
// open while a store may remove them (Hold), and reads stored Grundy
// values. Solution (solution.go) is the tables as a solve.Solution, from
// their own root or a position they reach.
//
// A game whose ranks the tier engine discovers (a rules file's) has no
// ranks of its own: Open reads its tables through the plan of tiers
// (plan.go) and the sorted keys of each tier (keys.go) its solve stored,
// a position's rank its place in its tier's keys (Discovered,
// discovered.go), on the same Tables, which look positions up (Places,
// NewPlaces). The tier engine solves such a game through Discovered too,
// and builds its forward pass on KeyList.
package tables
