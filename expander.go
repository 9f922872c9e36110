package sente

// Expander is the capability of a game whose positions each have one
// canonical byte string, the same in every run, and which expands a
// position given as its bytes: whether it has ended, and otherwise its
// children's bytes and tiers. With it the tier engine solves a game that
// has tiers (Tiered) but no rank formula (TierRanker): it discovers each
// tier's positions by a forward pass, sorts their bytes, and ranks a
// position by its place among them (see tiers.Discovers). A rules file is an
// Expander; its bytes are the canonical encoding of its Starlark value.
//
// What the engines require of it (gamecheck tests the first two points):
//   - One string per position: AppendBytes of equal positions gives equal
//     bytes in every run, FromBytes(AppendBytes(p)) is p again (the same
//     text under FormatPosition), and no position's bytes are a prefix of
//     another's, so that a string padded with zero bytes to a tier's
//     width still names one position. FromBytes and Expand read the
//     position whose bytes start b and ignore the zero bytes after them.
//   - The same logic as the game: Expand says what Ended and Turn say,
//     and lists the positions of Moves with the tiers Tiered gives them.
//   - Safe for concurrent use, with no lock of the caller's.
type Expander interface {
	// AppendBytes appends the canonical bytes of p to dst.
	AppendBytes(dst []byte, p Position) ([]byte, error)
	// FromBytes returns the position whose bytes start b.
	FromBytes(b []byte) (Position, error)
	// Expand fills x (reset first) for the position whose bytes start b:
	// Ended and Value as Ended gives them, Turn as Turn does (unless
	// x.NoTurn), and otherwise every child's
	// bytes with its tier (0 for a game that is not Tiered), as x's
	// Playing and NoTiers allow. Its error names what the game's own
	// logic got wrong.
	Expand(b []byte, x *Expansion) error
}

// ExpandUnmover is the un-moves of an Expander: with them the tier engine
// settles a loopy tier of a game whose ranks it discovered by retrograde
// analysis, which reads each position's parents once, rather than by value
// iteration, which expands every open position again at every level.
type ExpandUnmover interface {
	// Parents fills x (reset first) with the bytes of every position that
	// has a move to the position whose bytes start b and has not ended,
	// reachable or not, each once; it leaves x.Tiers empty and x.Turn
	// Nobody.
	Parents(b []byte, x *Expansion) error
}

// ExpandBatcher is an Expander that expands many positions in one call,
// for a game whose every call costs more than the work it asks for: a game
// module, where each call crosses into WebAssembly. The tier engine's
// forward pass, which discovers the ranks, hands it a block of positions
// at a time when the game offers it, and Expand otherwise.
//
// A wrapper that changes what Expand says (misère play) wraps it too, or
// drops it: the engine takes either for the same logic.
type ExpandBatcher interface {
	// ExpandBatch does for each of the len(xs) positions what Expand does
	// for one: the bytes of position i start b[i*width:], padded with zero
	// bytes to width (b holds len(xs)*width bytes), and xs[i] is filled
	// (reset first) as Expand fills it, its first three fields read as
	// Expand reads them.
	ExpandBatch(b []byte, width int, xs []Expansion) error
}

// Expansion is what Expand says of a position. Its first three fields are
// the caller's, which Expand reads and leaves as they are: what the caller
// knows already need not be asked of the game again.
type Expansion struct {
	// Playing says the position has not ended (the caller asked before):
	// Expand lists the children without asking whether it has.
	Playing bool
	// NoTiers says the caller finds the children's tiers itself: Expand
	// leaves Tiers empty.
	NoTiers bool
	// NoTurn says the caller knows whose turn it is at the position (it
	// asked before, or the game alternates): Expand leaves Turn as Nobody.
	NoTurn bool

	Ended bool
	Value Value // for the player to move, when Ended
	// Turn is the player to move at the position, ended or not (Turn of
	// the game), unless NoTurn: an engine that holds it for each position
	// learns whether a move keeps the turn from its children's, asking
	// the game once a position rather than once a move.
	Turn Player
	// Bytes holds the children's bytes one after another; child i is
	// Bytes[Ends[i-1]:Ends[i]] (from 0 for the first) and is in tier
	// Tiers[i] (unless NoTiers).
	Bytes []byte
	Ends  []int
	Tiers []int
}

// Reset empties what Expand fills, keeping its room and the caller's
// fields.
func (x *Expansion) Reset() {
	x.Ended, x.Value, x.Turn = false, Unknown, Nobody
	x.Bytes, x.Ends, x.Tiers = x.Bytes[:0], x.Ends[:0], x.Tiers[:0]
}

// Len is the number of children.
func (x *Expansion) Len() int { return len(x.Ends) }

// Child is the bytes of child i.
func (x *Expansion) Child(i int) []byte {
	lo := 0
	if i > 0 {
		lo = x.Ends[i-1]
	}
	return x.Bytes[lo:x.Ends[i]]
}

// Add appends a child's bytes and tier (ignored under NoTiers).
func (x *Expansion) Add(b []byte, tier int) {
	x.Bytes = append(x.Bytes, b...)
	x.Ends = append(x.Ends, len(x.Bytes))
	if !x.NoTiers {
		x.Tiers = append(x.Tiers, tier)
	}
}
