package sente

// Endgamer is an optional capability of a TierRanker: it names the tiers
// that make the game's endgame, the part of it whose tables are worth
// storing for every position (sente solve GAME --every-position --from
// POSITION), so that a search of the positions before it stops where
// they begin and reads each one's value from them (the field's proof
// search over endgame databases: Gasser's placing phase of nine men's
// morris over its stored moving phase). The morris games name their
// moving phase: the tiers where neither player has a stone in hand.
//
// The answer layer reads whatever tiers of a game are stored, endgame or
// not; Endgamer lets it say which tables would help, whether they are
// stored, and the command that stores them.
type Endgamer interface {
	Endgame() Endgame
}

// Endgame is the tiers of a game's endgame.
type Endgame struct {
	// Name names them in words that take a possessive: "the moving
	// phase" ("the moving phase's tables are stored").
	Name string
	// From is a position whose tier leads to every tier of the endgame
	// (ChildTiers, in turn), and to no other: the position from which a
	// solve of every position stores exactly Tiers.
	From Position
	// Tiers are the endgame's tiers, children first (as the tier engine
	// solves them).
	Tiers []int
}
