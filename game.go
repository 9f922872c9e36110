package sente

// Position is a game's own representation of a position. The engines never
// look inside one; they ask the game about it. A game that does not offer the
// Encoder fast path must use comparable positions (ints, strings, arrays,
// structs of those), because the engines then use them as map keys.
type Position = any

// Move is one legal move: a readable name and the position it leads to.
type Move struct {
	Name string
	To   Position
}

// Game is the contract every game fulfils. Values it reports are for the
// player to move, and Turn says who that is: Turn is authoritative. Play
// need not alternate. A move after which the same player is to move again
// (a completed box in dots and boxes, a last seed sown into one's own
// store in Kalah) keeps the turn, and the value of the position it leads
// to is the mover's own, kept as it is; a move after which the other
// player is to move passes the turn, and that value is the opponent's,
// negated for the mover (sente.MoveOutcome). Remoteness counts plies:
// every move is one ply, whoever makes it.
//
// A position that has not ended but has no moves is lost by the player to
// move (normal play) unless Ended says otherwise.
type Game interface {
	// Start returns the position the game begins from.
	Start() Position
	// Moves returns the legal moves from p. It is not called on a position
	// for which Ended reports true.
	Moves(p Position) []Move
	// Ended reports whether the game is over at p and, if so, its result
	// for the player to move: Win, Lose or Tie.
	Ended(p Position) (Value, bool)
	// Turn reports whose turn it is at p, ended or not: the player Ended's
	// result speaks for, and the player whose move it is. The engines
	// compare it before and after each move (unless the game is
	// Alternating), so it must be right at every position.
	Turn(p Position) Player
	// FormatPosition returns p in the text form ParsePosition reads.
	FormatPosition(p Position) string
	// ParsePosition reads a position from text. Its error says which form
	// is expected.
	ParsePosition(s string) (Position, error)
}

// The optional capabilities below are discovered by CapabilitiesOf: by type
// assertion, as io.WriterTo is, or as a Capable game states them. A game
// offers those that it can offer cheaply and correctly; the engines work
// without any of them.

// Encoder is the fast path: a compact integer key for every position, and
// the game's logic stated on keys so that the engines run on flat arrays of
// integers with no allocation per position.
//
// What the engines require of it (the game self-check, package gamecheck,
// tests each point):
//   - One key per position: Encode of equal positions gives equal keys,
//     Decode(Encode(p)) is p again (the same text under FormatPosition), and
//     the key ^uint64(0) is never used, since engines reserve it. (A
//     WideEncoder's keys may be any; only search takes them.)
//   - The same logic as the game: AppendChildren(key) gives the keys of
//     Moves' positions and EndedKey(key) what Ended says.
//   - Safe for concurrent use: the engines call all four methods from
//     several goroutines at once, with no lock of their own.
//   - Stable for the game's life: a key means the same position for as
//     long as the game value lives. Keys may depend on the order positions
//     were first met (a rules file numbers positions as it sees them),
//     except in a game that also offers Ranker: a table stored on disk is
//     read back by rank, so a game made again from the same spec, in
//     another run, must give every position the same key and rank.
type Encoder = KeyEncoder[uint64]

// KeyEncoder is Encoder on keys of type K: Encoder itself for 64-bit keys,
// WideEncoder for 128-bit ones.
type KeyEncoder[K Key] interface {
	Encode(p Position) K
	Decode(key K) Position
	// AppendChildren appends to dst the keys of the positions one move from
	// the position key, and returns the extended slice. It is not called on
	// an ended position. Repeats are allowed and ignored.
	AppendChildren(dst []K, key K) []K
	// EndedKey is Ended for an encoded position.
	EndedKey(key K) (Value, bool)
}

// Ranker maps the keys of a game onto the dense range [0, RankSize()), so
// that engines can index flat arrays by rank with no hash table. Every
// reachable position must have a distinct rank, the same in every run (see
// Encoder), and Rank is safe for concurrent use.
type Ranker interface {
	RankSize() uint64
	Rank(key uint64) uint64
}

// Unmover lists predecessors ("un-moves"), so that retrograde analysis need
// not store the reverse graph. AppendParents appends the keys of every
// position, reachable or not, that has a move to key and has not ended;
// each parent once. The engine ignores parents it has not explored.
type Unmover interface {
	AppendParents(dst []uint64, key uint64) []uint64
}

// Tiered splits a game into tiers that play never returns to: a move from a
// position in tier t leads to tier t or higher. Engines solve the highest
// tier first, which is a tier's children before it, and need never hold the
// reverse graph across tiers. Tiers are small non-negative integers (pieces
// on the board, cards played). A game that is also a TierRanker numbers its
// tiers once: Tier(key) is the tier TierRank(key) gives.
type Tiered interface {
	Tier(key uint64) int
}

// Symmetric gives a canonical key for each class of symmetric positions
// (positions that are mirror images, say, and have the same value for the
// player to move). Engines may use it to store one position per class. In
// a game that is not Alternating, the canonical key has the same player to
// move as key: the engines learn whether a move keeps the turn from the
// class it leads to. (An alternating game may fold the colours swapped
// with the side to move into one class, as the morris games do.)
type Symmetric = KeySymmetric[uint64]

// KeySymmetric is Symmetric on keys of type K (WideSymmetric for Wide).
type KeySymmetric[K Key] interface {
	Canonical(key K) K
}

// Splitter splits a position into independent components: a sum of games,
// where a move is made in exactly one component. Used for impartial games,
// whose value is then the XOR of the components' Grundy values.
type Splitter interface {
	Components(p Position) []Position
}

// Impartial marks a game in which both players always have the same moves.
type Impartial interface {
	Impartial() bool
}

// Misere marks a game that may be played under misère play, in which the
// player who cannot move wins: misère nim, or any game as nimber.MisereGame
// makes it. Misere reports whether this game is; the misère form of a
// misère game is normal play again and says false. The Sprague-Grundy theory
// is that of normal play, so Grundy values are refused for a game that says
// true, while its win/lose values and remoteness stay defined.
type Misere interface {
	Misere() bool
}

// Policy restricts the moves of one player: Allow returns the subset of the
// positions one move from key (children, which it may reorder or overwrite in
// place) that the policy permits. It must permit at least one child when
// children is not empty.
type Policy struct {
	Name  string
	Doc   string
	Allow func(key uint64, children []uint64) []uint64
}

// Restricter offers named policies for restricted opponents, such as the
// niece in chopsticks who always kills a hand when she can.
type Restricter interface {
	Policies() []Policy
}

// Describer documents a game for people: what `sente describe` prints.
type Describer interface {
	Describe() Description
}

// Description is the human documentation of a game.
type Description struct {
	Summary  string   // one line
	Rules    string   // the rules in prose, including the readings chosen
	Position string   // the text form of positions, with an example
	Examples []string // example specs or commands
}

// Drawer draws a position for a terminal on several lines, with the
// coordinates that move names use, for people playing a game.
type Drawer interface {
	Draw(p Position) string
}

// Heaps marks a take-and-break game: a position is a collection of heaps,
// and a move takes from one heap and may leave it as none, one or two heaps.
// Such a game's Grundy value is the XOR of its heaps' values, and engines
// compute the sequence of single-heap values straight from the rules.
type Heaps interface {
	HeapRules() HeapRules
}

// HeapRules describe a take-and-break game in the octal notation of Winning
// Ways, generalised to Grundy's game. Digit i says what may remain after
// taking i tokens from a heap: bit 1 (value 1) none at all, bit 2 (value 2)
// one heap, bit 4 (value 4) two heaps. Kayles is 0.77, Dawson's Kayles 0.07,
// a subtraction game with the set {1, 3, 4} is 0.3033.
type HeapRules struct {
	Digits []uint8 // Digits[0] is the digit before the point
	// Unequal requires the two heaps left by a split to differ in size, as
	// in Grundy's game (Digits "4", unequal).
	Unequal bool
}

// MaxTake is the largest number of tokens a move takes: the index of the
// last non-zero digit.
func (r HeapRules) MaxTake() int {
	for i := len(r.Digits) - 1; i >= 0; i-- {
		if r.Digits[i] != 0 {
			return i
		}
	}
	return 0
}

// Options calls fn for every move from a single heap of n tokens with the
// heaps it leaves: (0, 0) for none, (a, 0) for one heap of a, (a, b) with
// a <= b for two. It costs time in proportion to n for games that split,
// so fast engines use Digits directly.
func (r HeapRules) Options(n int, fn func(a, b int)) {
	for i, d := range r.Digits {
		if i > n || d == 0 {
			continue
		}
		rest := n - i
		if d&1 != 0 && rest == 0 && i > 0 {
			fn(0, 0)
		}
		if d&2 != 0 && rest > 0 && i > 0 {
			fn(rest, 0)
		}
		if d&4 != 0 {
			for a := 1; 2*a <= rest; a++ {
				if r.Unequal && 2*a == rest {
					continue
				}
				fn(a, rest-a)
			}
		}
	}
}

// Erring is a game whose own logic can fail while it is played, such as a
// rules file whose move function raises an error. The fast-path methods
// cannot return errors, so the game records the first failure and Err
// reports it; engines check Err as they go and stop with it.
type Erring interface {
	Err() error
}

// Featured names numeric features of positions that make good axes for
// pictures: seed 000's table puts the cards the first player has played on
// one axis and the second player's on the other.
type Featured interface {
	Features() []Feature
}

// Measured names numeric features of positions whose values are known a
// position at a time and whose range is not, such as a rules file's: a
// picture reads the range off the positions it draws. FeatureNames are the
// features in the game's order; Feature is the value of one of them at p,
// or the failure that stopped the game from giving it. A game that knows
// its features' ranges is Featured instead.
type Measured interface {
	FeatureNames() []string
	Feature(name string, p Position) (int, error)
}

// Feature is one numeric feature of positions.
type Feature struct {
	Name string
	Doc  string
	// Of returns the feature's value at p, from 0 to Size-1.
	Of   func(p Position) int
	Size int
	// Label names a value for an axis; nil means the number itself.
	Label func(v int) string
}

// Alternating is a game's promise that play alternates: every move passes
// the turn, so that Turn at the position a move leads to is never Turn at
// the position it leaves. The engines then negate the value at every move
// and never ask Turn, which costs them nothing; a game that does not make
// the promise is solved as rightly, Turn asked once a position (TurnKeyer
// makes that cheap). gamecheck holds a game that makes it to it on every
// move it samples, and every built-in game makes it.
type Alternating interface {
	Alternates() bool
}

// TurnKeyer is Turn on an Encoder's keys, for a game that is not
// Alternating: the engines learn whose turn it is at each position they
// hold without decoding it. TurnKey(key) is Turn(Decode(key)), safe for
// concurrent use.
type TurnKeyer interface {
	TurnKey(key uint64) Player
}
