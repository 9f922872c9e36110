package isolated

import (
	"time"

	"sente"
)

// request is what the parent sends a child on its standard input (gob).
type request struct {
	Path     string        // the rules file
	Steps    uint64        // rules.Options.Steps
	CallTime time.Duration // rules.Options.CallTime
	// Explore asks for the graph of the game with Args from Root (its
	// text; empty for the start), of at most MaxPositions positions;
	// otherwise the child only loads the file and describes its family.
	Explore      bool
	Args         []sente.Arg
	Root         string
	MaxPositions int
	// Counting asks the child exploring to write, on its file descriptor
	// 3, how many positions it has found, a line a count, every
	// countEvery: the parent then knows how far it got if it dies.
	Counting bool
}

// countEvery is how often an exploring child says how many positions it
// has found.
const countEvery = 250 * time.Millisecond

// response is what the child writes back on its standard output (gob).
type response struct {
	// Err is the one-line error that ended the work, if any: a mistake in
	// the file, a position that does not parse, too many positions.
	Err string
	// TooMany marks an Err that is the limit on positions.
	TooMany bool

	Name    string
	Summary string
	Params  []sente.Param

	Description sente.Description
	Impartial   bool
	Texts       []string
	Turns       []sente.Player
	Ended       []uint8
	First       []int32
	MoveNames   []int32
	Targets     []int32
	Names       []string
	// Boards[i] is position i's board, when the file defines board(p);
	// nil otherwise.
	Boards []sente.Board
}
