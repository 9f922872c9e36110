package isolated

import (
	"fmt"
	"strings"

	"github.com/sente-go/sente"
)

// Graph is a game given by its positions and moves, all explored: a
// position is its index, an int from 0 (the root) to Len()-1. It is
// immutable and safe for concurrent use.
type Graph struct {
	desc      sente.Description
	impartial bool

	// texts[i] is position i's text form.
	texts  []string
	byText map[string]int32
	// turns[i] is whose turn it is; ended[i] is 0 when position i goes
	// on, or 1 + the sente.Value it ended with for the player to move.
	turns []sente.Player
	ended []uint8
	// The moves of position i are first[i] to first[i+1]-1 of moveNames
	// (an index into names) and targets.
	first     []int32
	moveNames []int32
	targets   []int32
	names     []string
	// boards[i] is position i's board; nil when the file has no board.
	boards []sente.Board
	// maxScore is the file's max_score(), 0 when the game ends in no
	// score; scores[i] is position i's score when it has ended.
	maxScore int
	scores   []int32
}

// Len is the number of positions.
func (g *Graph) Len() int { return len(g.texts) }

func (g *Graph) index(p sente.Position) int32 {
	i, ok := p.(int)
	if !ok || i < 0 || i >= len(g.texts) {
		panic(fmt.Sprintf("isolated: %v is not a position of this graph", p))
	}
	return int32(i)
}

// Start is the root the graph was explored from.
func (g *Graph) Start() sente.Position { return 0 }

func (g *Graph) Moves(p sente.Position) []sente.Move {
	i := g.index(p)
	moves := make([]sente.Move, 0, g.first[i+1]-g.first[i])
	for m := g.first[i]; m < g.first[i+1]; m++ {
		moves = append(moves, sente.Move{Name: g.names[g.moveNames[m]], To: int(g.targets[m])})
	}
	return moves
}

func (g *Graph) Ended(p sente.Position) (sente.Value, bool) { return g.EndedKey(uint64(g.index(p))) }

func (g *Graph) Turn(p sente.Position) sente.Player { return g.turns[g.index(p)] }

func (g *Graph) FormatPosition(p sente.Position) string { return g.texts[g.index(p)] }

// ParsePosition finds a position by its text form, as the file formats it
// (spaces around the text do not matter).
func (g *Graph) ParsePosition(s string) (sente.Position, error) {
	if i, ok := g.byText[strings.TrimSpace(s)]; ok {
		return int(i), nil
	}
	return nil, fmt.Errorf("position %q is not one reachable from %s; give a position in the form the game shows", s, g.texts[0])
}

// Encode, Decode, AppendChildren and EndedKey are the engines' fast path:
// the key of a position is its index.
func (g *Graph) Encode(p sente.Position) uint64 { return uint64(g.index(p)) }

func (g *Graph) Decode(key uint64) sente.Position { return int(key) }

func (g *Graph) AppendChildren(dst []uint64, key uint64) []uint64 {
	for m := g.first[key]; m < g.first[key+1]; m++ {
		dst = append(dst, uint64(g.targets[m]))
	}
	return dst
}

func (g *Graph) EndedKey(key uint64) (sente.Value, bool) {
	if e := g.ended[key]; e != 0 {
		return sente.Value(e - 1), true
	}
	return 0, false
}

// Describe is the file's own description.
func (g *Graph) Describe() sente.Description { return g.desc }

// Impartial reports whether the file declares the game impartial.
func (g *Graph) Impartial() bool { return g.impartial }

// Board is position p's board, as the file's board(p) drew it.
func (g *Graph) Board(p sente.Position) sente.Board { return g.boards[g.index(p)] }

// Capabilities are what the graph keeps of the file's game: its keys, its
// description, impartiality when the file declares it, and its boards when
// the file defines board(p).
func (g *Graph) Capabilities() sente.Capabilities {
	c := sente.Capabilities{Encoder: g, Describer: g}
	if g.impartial {
		c.Impartial = g
	}
	if g.boards != nil {
		c.Boarder = g
	}
	if g.maxScore > 0 {
		c.Scorer, c.KeyScorer = g, g
	}
	return c
}

// Score and MaxScore are the file's score(p) and max_score(), as the
// child asked them of each ended position.
func (g *Graph) Score(p sente.Position) int { return g.ScoreKey(uint64(g.index(p))) }
func (g *Graph) MaxScore() int              { return g.maxScore }

// ScoreKey is Score on the engines' fast path.
func (g *Graph) ScoreKey(key uint64) int {
	if g.scores == nil {
		return 0
	}
	return int(g.scores[key])
}

var _ sente.Capable = (*Graph)(nil)

// Game returns g as a game.
func (g *Graph) Game() sente.Game { return g }
