package sente

// Orderer is an optional capability of a game with an Encoder, for the
// engines that search one position rather than solve them all (package
// solve/search): what the game can tell cheaply about a position before
// its moves are searched. It describes the game; the engine decides what
// to do with it. A search is correct without it, and only faster with it.
//
// What the engines require of it (it must hold for every position that has
// not ended, and a wrapper that changes how play ends, such as misère play,
// must drop it):
//   - OrderChildren appends the keys AppendChildren gives, each once, in
//     the order the game thinks best for the player to move, except those
//     its Tactics say it leaves out.
//   - Its Tactics and Horizon are true whatever the players do.
//   - Safe for concurrent use.
type Orderer = KeyOrderer[uint64]

// KeyOrderer is Orderer on keys of type K (WideOrderer for Wide).
type KeyOrderer[K Key] interface {
	// OrderChildren appends to dst the children of the position key
	// (which has not ended) that a search should try, most promising
	// first for the player to move, and says what else it knows.
	OrderChildren(dst []KeyChild[K], key K) ([]KeyChild[K], Tactics)
	// Horizon bounds the plies left from the position key: every line of
	// play from it ends within most plies (-1 when the game knows no
	// bound), and none ends in a tie in fewer than tieLeast (0 when it
	// knows none). A connect-four position with e empty cells says e and
	// e: the board fills in e plies, and only a full board is a tie.
	Horizon(key K) (most, tieLeast int)
}

// CutoffHorizon is an optional capability of a game with an Orderer that
// tunes the search: the fewest plies left (Orderer.Horizon's most) at
// which its enhanced transposition cutoffs pay, 12 when the game does not
// say. The cutoffs probe the table for each child before any is searched,
// most of the probes misses of the cache; where a node costs little more
// than that (Domineering, whose nodes are a few bit counts) they pay near
// the root alone: 7×7 Domineering takes 4.5 s of CPU with them from 12
// plies left, 1.4 s from 18.
type CutoffHorizon interface {
	CutoffHorizon() int
}

// Child is a position one move from another, with the game's guess of how
// good the move is for the player making it.
type Child = KeyChild[uint64]

// KeyChild is Child of a game whose keys are of type K (WideChild for Wide).
type KeyChild[K Key] struct {
	Key K
	// Hint orders the moves of one position: higher is more promising.
	// Hints of different positions need not be comparable.
	Hint int32
}

// Tactics is what Orderer.OrderChildren knows of a position's next plies
// beyond the list of its children, for the player to move there.
type Tactics struct {
	// WinsAtOnce: she has a move that ends the game with her win, so the
	// position is won in one ply. The list may then be empty or partial.
	// A game that offers Orderer says so whenever it is so.
	WinsAtOnce bool
	// LosingLeftOut: the list leaves out some children, each of which is
	// lost for her in two plies (a connect-four move that lets the
	// opponent complete a line at once). An empty list then says the
	// position is lost in two.
	LosingLeftOut bool
	// WinsIn, when not 0, is the fewest plies in which she can win, and
	// LosesIn the fewest in which she can lose after a move of the list:
	// connect four says 3 and 4 when she cannot complete a line at once
	// and no move of the list lets the opponent complete one, since only
	// the player who moves completes a line.
	WinsIn, LosesIn uint8
}
