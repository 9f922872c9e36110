package sente

// TierRanker is the capability of the tier engine, for games too large for
// a hash table of positions: it splits a game's positions into tiers that
// play never returns to (connect four: the stones on the board; a capture
// game: the pieces left) and numbers the positions of each tier densely,
// from 0 to the tier's size, so that the engine keeps one or two bytes a
// position in flat arrays indexed by rank, a tier at a time, and never
// hashes.
//
// A game that offers TierRanker offers Encoder too: the engine asks the
// Encoder (as CapabilitiesOf gives it, so that a wrapper such as misère play
// may change what has ended) about the key Unrank gives, and TierRank about
// each child's key. TierRanker does not embed Encoder for that reason.
//
// Ranks may be simple combinatorial formulas (column heights, then the
// combination of one player's stones among the filled cells) that number
// more than the legal positions: Unrank says which ranks are not positions
// at all, and the engine's forward pass from the start marks which of the
// others are reachable. Tiers are numbered from 0; the engine solves a
// tier's children (ChildTiers) before the tier, so ChildTiers must never
// lead back to the tier or to a tier that leads to it. A game that is also
// Tiered has one numbering for both: Tier(key) is the tier TierRank(key)
// gives, so a tier's children have higher numbers than it and children
// first is the highest first of Tiered.
//
// Like an Encoder's keys, tiers and ranks must be the same in every run
// (solved tables are stored on disk by rank) and the methods safe for
// concurrent use.
type TierRanker interface {
	// TierRank returns the tier of the position key and its rank in it,
	// in [0, TierSize(tier)).
	TierRank(key uint64) (tier int, rank uint64)
	// Unrank returns the key of the position of rank in tier, or false
	// when that rank is not a legal position.
	Unrank(tier int, rank uint64) (key uint64, ok bool)
	// TierSize is the number of ranks of tier.
	TierSize(tier int) uint64
	// ChildTiers lists the tiers other than tier itself that a move from a
	// position of tier may lead to.
	ChildTiers(tier int) []int
	// TierLoops reports whether a move from a position of tier may lead to
	// a position of the same tier, which makes the tier loopy: solved by
	// retrograde analysis (with un-moves when the game is an Unmover) or
	// by value iteration, rather than in one pass over its ranks.
	TierLoops(tier int) bool
}

// TierScanner is an optional capability of a TierRanker whose positions are
// cheaper to list in rank order than to unrank one at a time (connect
// four's next choice of stones follows from the last in a few
// instructions, where Unrank starts from nothing). The tier engine scans a
// block of ranks when most of the block is reachable, and unranks the
// reachable ranks one by one otherwise.
type TierScanner interface {
	// ScanTier calls yield with the rank and key of every position of tier
	// whose rank is in [lo, hi), in increasing rank, skipping the ranks
	// Unrank says are no positions, and stops early when yield returns
	// false. The keys are those Unrank gives. When marked is not nil it
	// lists only the ranks marked there: rank lo+i when bit i%64 of
	// marked[i/64] is set (the tier engine's reachable ranks).
	ScanTier(tier int, lo, hi uint64, marked []uint64, yield func(rank, key uint64) bool)
}

// SymmetricRanker is an optional capability of a TierRanker of a Symmetric
// game. RanksBySymmetry reports whether its ranks stand for classes of
// symmetric positions: TierRank(key) ranks Canonical(key), and Unrank
// gives only canonical keys (false for the other ranks), so that the
// engine solves one position a class. Memory goes with ranks and work with
// classes: ranks may stay dense over all positions, most of them images
// of others that stand for nothing (Quixo's and Teeko's), or be dense over
// classes (the morris games', an index of the classes of occupied points:
// a sixteenth as many ranks, a few of which stand for nothing).
//
// The engine counts the positions each class stands for, not the classes:
// every published count is of positions. A class's positions fall on one
// or two sides. The symmetries the start has (a square board's eight, for
// an empty board) map what the start reaches onto what it reaches, so it
// reaches all the positions on a side of a class or none of them; a
// symmetry it lacks (the colours swapped with the side to move, when one
// player moves first) makes the other side, which the start may reach
// when it does not reach the first, or the other way round. The engine
// follows each side on its own from the start.
type SymmetricRanker interface {
	RanksBySymmetry() bool
	// ClassSide gives the side of key's class that key is on, 0 or 1
	// (0 for the class's canonical key), and how many positions that
	// side holds; the other side, when there is one, holds as many. A
	// class that holds one side only says 0 for each of its keys. A class
	// that stands for positions other than the images of one (positions
	// worth the same that a game folds into one class) counts as one.
	ClassSide(key uint64) (side int, positions uint64)
	// OtherSide is key's image under the symmetry that makes the other
	// side (the colours swapped with the side to move): a key on the
	// other side of its class, or on the same side for a class of one
	// side. Moves commute with it.
	OtherSide(key uint64) uint64
}

// TierPosition is a position's place in the tier engine's tables: its tier
// and its rank in the tier.
type TierPosition struct {
	Tier int
	Rank uint64
}

// TierChildRanker is an optional capability of a TierRanker that ranks a
// position's children from the position itself, faster than TierRank on
// each child's key from scratch: a connect-four child differs from its
// parent in one column and one stone, so most of its rank is the parent's.
type TierChildRanker interface {
	// NewChildRanker returns a ChildRankFunc for one goroutine. It may
	// keep what it worked out for one position to rank the next faster:
	// connect four keeps its children's column heights, which every
	// board with the same heights shares, and a scan in rank order lists
	// those one after another.
	NewChildRanker() ChildRankFunc
}

// ChildRankFunc appends the tier and rank of every child of the position
// key, one for each key AppendChildren gives and in any order, and returns
// the extended slice. key is a position that has not ended.
type ChildRankFunc func(dst []TierPosition, key uint64) []TierPosition

// TierExpander is an optional capability of a TierRanker whose calls cost
// more than the work they do: a game module in WebAssembly, each of whose
// calls crosses into its sandbox. It expands many positions of a tier in
// one call, giving for each what the engine would otherwise ask in a
// dozen: its key (Unrank), whether it has ended and how (EndedKey), and
// its children's tiers and ranks (AppendChildren, then TierRank of each).
// The tier engine uses it for a game that alternates (Alternating), whose
// children's turns it need not ask.
//
// What it gives must be what those methods give; gamecheck holds it to
// them. A wrapper that changes what has ended (misère play) drops it.
type TierExpander interface {
	// ExpandRanks fills x (reset first) for the ranks of tier in x.Ranks,
	// each a position of the tier (the engine asks only of ranks it
	// reached).
	ExpandRanks(tier int, x *RankExpansion) error
}

// RankExpansion is what ExpandRanks says of a batch of ranks.
type RankExpansion struct {
	// Ranks are the caller's: the ranks of the tier to expand, in any
	// order, which ExpandRanks leaves as they are.
	Ranks []uint64

	// Keys[i] is the key of Ranks[i]; Values[i] is the value it ended
	// with for the player to move, or Unknown when it has not ended.
	Keys   []uint64
	Values []Value
	// Kids holds the children of every position that has not ended one
	// after another: those of Ranks[i] are Kids[Ends[i-1]:Ends[i]] (from
	// 0 for the first), in any order, one for each key AppendChildren
	// gives.
	Ends []int
	Kids []TierPosition
}

// Reset empties what ExpandRanks fills, keeping its room and Ranks.
func (x *RankExpansion) Reset() {
	x.Keys, x.Values, x.Ends, x.Kids = x.Keys[:0], x.Values[:0], x.Ends[:0], x.Kids[:0]
}
