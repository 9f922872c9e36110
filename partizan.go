package sente

// Partizan is a game of combinatorial game theory: each position has
// Left's options and Right's options, whoever is to move there, so that
// the position has a value (package cgt) besides its win or loss for the
// player to move. Domineering (Left places upright dominoes), Clobber,
// Toads and Frogs, Blue-Red Hackenbush and Cutcake are.
//
// The game is also played turn by turn as every Game is: Left is one of
// First and Second, and Moves(p) are LeftOptions(p) when Left is to move
// at p and RightOptions(p) otherwise. The options are positions of the
// game as Moves gives them: a position Left's move leads to has Right to
// move, and one Right's move leads to has Left to move. A player with no
// option loses (normal play); the game ends no position otherwise.
type Partizan interface {
	// Left is the player who plays Left: First when Left starts.
	Left() Player
	// LeftOptions and RightOptions are the positions one move of Left
	// (of Right) leads to from p, whoever is to move at p.
	LeftOptions(p Position) []Position
	RightOptions(p Position) []Position
}

// PartizanSplitter splits a position of a Partizan game into independent
// components, a sum of games in which a move is made in exactly one part,
// and names each part's shape, so that a part is valued once whatever
// its place on the board. The value of a position is the sum of the
// values of its parts.
type PartizanSplitter interface {
	// Parts are p's components, each a position of the game with the
	// rest of the board out of play, whose turn is p's. A position that
	// does not split is its own one part; a position with no moves left
	// may have none.
	Parts(p Position) []Position
	// Shape is a key for a part's value: two parts with the same key and
	// the same negated have the same value, and with the same key and
	// different negated, values that are each other's negatives (Left
	// and Right exchanged, as a Domineering region turned a quarter turn
	// is). A game that knows no such symmetry returns negated false.
	Shape(part Position) (key string, negated bool)
}

// RegionBoarder is a partizan game played on the cells of a board of any
// shape, such as Domineering, so that every region of a board of up to n
// squares can be valued in a table (sente value --regions). RegionArgs are
// the arguments of its spec that make the board one region, given as rows
// from the top of . (a cell in play) and # (a cell out of it). The games
// of the regions share the family's shapes: a region's part has the same
// Shape key in each of them.
type RegionBoarder interface {
	RegionArgs(rows []string) []Arg
}

// IsPartizan reports whether the game offers Left's and Right's options.
func (c Capabilities) IsPartizan() bool { return c.Partizan != nil }
