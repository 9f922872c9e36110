package sente

// Decider is an optional capability of a game with an Encoder, for the
// engines that search one position (package solve/search): it decides
// some positions' values from what the game knows of them, without
// search, but not how soon they are won. Domineering's are the field's
// (Breuker, Uiterwijk and van den Herik; Bullock's Obsequi; Uiterwijk's
// MUDoS): a player whose safe moves, which the opponent can never take
// away, outnumber every move the opponent can still make has won, and a
// board split into small regions is decided by the sum of their values in
// combinatorial game theory.
//
// Since such an answer has no remoteness, a search reads the game's
// Decider only when it is asked for the value alone (search's
// Options.ValueOnly), and its outcomes then have RemotenessUnknown. A
// wrapper that changes how play ends, such as misère play, must drop it.
type Decider = KeyDecider[uint64]

// KeyDecider is Decider on keys of type K (WideDecider for Wide).
type KeyDecider[K Key] interface {
	// Decide returns the value of the position key, which has not ended,
	// for the player to move: Win or Lose, and true, when the game knows
	// it without search; false otherwise, best found fast. Safe for
	// concurrent use.
	Decide(key K) (Value, bool)
}
