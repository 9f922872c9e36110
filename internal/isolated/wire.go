package isolated

import (
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
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
	// Solve asks, for the game with Args from its start, for the tables
	// of store Tables when they hold it; else for the plan the answer
	// layer makes of it under MaxMemory, and then either its tables, solved
	// by the tier engine into Tables, or its graph, as Explore does, when
	// the hashing engine would answer.
	Solve     bool
	Tables    string
	MaxMemory uint64
	// Label names the game in a refusal, as the person wrote it.
	Label string
	// Query asks for the position Position (its text; empty for the
	// start) of the game with Args, from its tables named Name in store
	// Tables: the position, its children, and their outcomes.
	Query    bool
	Name     string
	Position string
	// Counting asks a child exploring to report how many positions it
	// has found as it goes (every progressEvery): the parent then knows
	// how far it got if it dies.
	Counting bool
}

// message is one of what a child writes back on its standard output
// (gob), in order: any number of progress reports and at most one plan,
// then the response.
type message struct {
	Progress *solve.Progress
	Planned  *planned
	Response *response
}

// planned is the plan of a solve by the tier engine, about to start.
type planned struct {
	Words     string
	Positions float64
}

// response is the last message of a child.
type response struct {
	// Err is the one-line error that ended the work, if any: a mistake in
	// the file, a position that does not parse, too many positions.
	Err string
	// TooMany marks an Err that is the limit on positions; Refused, an Err
	// that is the answer layer's refusal (the game does not fit); Missing,
	// an Err that says the tables do not hold the position.
	TooMany, Refused, Missing bool

	Name    string
	Summary string
	Params  []sente.Param

	// Stored names the tables in the store that answer the game (Solve):
	// found there, or solved into it by the tier engine. Otherwise the
	// graph follows.
	Stored string

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
	// MaxScore is the file's max_score() when the game ends in a score
	// (0 otherwise), and Scores[i] the score of position i when it has
	// ended, for the player to move there (0 for one that goes on).
	MaxScore int
	Scores   []int32

	// Of a Query: At is the position asked among the positions above
	// (the start first, then the position, then its children), Outcomes
	// the outcome of each, and Positions and Counts those of the whole
	// table.
	At        int32
	Outcomes  []sente.Outcome
	Positions int
	Counts    solve.Counts
	// Margins are each position's margin from the tables, for a game
	// that ends in a score whose tables hold them; nil otherwise.
	Margins []sente.Margin
}
