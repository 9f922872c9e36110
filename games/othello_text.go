package games

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// Draw shows the board with the coordinates that name moves: columns a, b,
// c from the left and rows 1, 2, 3 from the top, as Othello's notation has
// them, the cells where the player to move may play marked *, and the
// count of discs.
func (g *Othello) Draw(p sente.Position) string {
	q := p.(OthelloPosition)
	mover, other := q.sides()
	legal := g.moves(mover, other)
	var sb strings.Builder
	sb.WriteString("  ")
	for c := range g.w {
		sb.WriteString(" " + tttColumnName(c))
	}
	sb.WriteByte('\n')
	for r := range g.h {
		fmt.Fprintf(&sb, "%2d", r+1)
		for c := range g.w {
			bit := uint64(1) << uint(8*r+c)
			switch {
			case q.Black&bit != 0:
				sb.WriteString(" x")
			case q.White&bit != 0:
				sb.WriteString(" o")
			case legal&bit != 0:
				sb.WriteString(" *")
			default:
				sb.WriteString(" .")
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString(g.caption(q))
	return sb.String()
}

// caption counts the discs and says who is to move, or that the game is
// over.
func (g *Othello) caption(q OthelloPosition) string {
	count := fmt.Sprintf("black (x) %d, white (o) %d", bits.OnesCount64(q.Black), bits.OnesCount64(q.White))
	mover, other := q.sides()
	switch {
	case g.moves(mover, other) != 0:
	case g.moves(other, mover) != 0:
		return count + "; " + g.colour(q.WhiteToMove) + " has no move and passes"
	default:
		return count + "; neither can move: the game is over"
	}
	return count + "; " + g.colour(q.WhiteToMove) + " to move"
}

func (g *Othello) colour(white bool) string {
	if white {
		return "white (o)"
	}
	return "black (x)"
}

// Board shows the discs as x (black) and o (white), with the labels of
// Draw; each move is a click on the cell it fills, since a move turns
// other discs too and comparing boards could not tell the cell.
func (g *Othello) Board(p sente.Position) sente.Board {
	q := p.(OthelloPosition)
	b := sente.Board{Style: "grid", Players: []string{"black", "white"}, Caption: g.caption(q), Moves: []sente.BoardMove{}}
	for r := range g.h {
		row := make([]string, g.w)
		for c := range g.w {
			bit := uint64(1) << uint(8*r+c)
			switch {
			case q.Black&bit != 0:
				row[c] = "x"
			case q.White&bit != 0:
				row[c] = "o"
			}
		}
		b.Cells = append(b.Cells, row)
		b.RowLabels = append(b.RowLabels, strconv.Itoa(r+1))
	}
	for c := range g.w {
		b.ColLabels = append(b.ColLabels, tttColumnName(c))
	}
	mover, other := q.sides()
	for moves := g.moves(mover, other); moves != 0; moves &= moves - 1 {
		i := bits.TrailingZeros64(moves)
		b.Moves = append(b.Moves, sente.BoardMove{Name: g.names[i], To: sente.BoardCell{Row: i / 8, Col: i % 8}})
	}
	return b
}

func (g *Othello) Describe() sente.Description {
	size := fmt.Sprintf("%d×%d", g.w, g.h)
	keys := fmt.Sprintf("This board of %d cells has integer keys (the cells in base 3, times two, plus the side to move: at most 3^36·2, which fits 64 bits), so every engine solves it; "+
		"search orders moves corners first, then by the fewest replies left to the opponent, keeping off the X and C squares next to an empty corner.", g.cells)
	if !g.keyed {
		keys = fmt.Sprintf("This board of %d cells is played without integer keys: 3^%d positions of the cells do not fit 64 bits, and the engines, search included, need exact keys, so it can be played, drawn and checked but not solved.", g.cells, g.cells)
	}
	return sente.Description{
		Summary: fmt.Sprintf("othello on %s: outflank and turn the opponent's discs; most discs wins", size),
		Rules: fmt.Sprintf("Two players, black (x) and white (o), play on a board of %d columns and %d rows that starts with four discs in the centre, each colour on a diagonal (white on the top left of the four). Black moves first. "+
			"A move places a disc of the mover's colour on an empty cell from which at least one straight line (across, up and down or diagonal) of the opponent's discs runs, unbroken, to a disc of the mover's; every disc of every such line is turned to the mover's colour. "+
			"A player with no such cell passes (the move \"pass\"), which she may do only then; the game ends when neither player can move, and the player with more discs wins, equal counts a tie. "+
			"The score is the discs of the player to move less the opponent's, as they stand at the end: the count the published results give (4×4: white wins 11–3, with two cells left empty; Feinstein's 6×6: white wins 20–16). "+
			"World Othello Federation tournaments give the empty cells to the winner, which changes the margin of a game that ends before the board is full but never who wins. "+
			"Moves name the cell, column letter then row number from the top (the standard start's black moves on 8×8 are d3, c4, f5 and e6). "+
			"A position and its images under the symmetries of the board (eight on a square, four on a rectangle) are treated as one, as the rules do not tell them apart. %s",
			g.w, g.h, keys),
		Position: fmt.Sprintf("Either the board, rows from the top separated by /, each cell x (black), o (white) or . (empty), then a space and the side to move, x or o: the start is %q; "+
			"or the moves played from the start, as %q or with spaces, \"pass\" for a pass. The four centre cells are never empty.", g.FormatPosition(g.Start()), g.exampleMoves()),
		Examples: []string{
			"othello",
			"othello:w=6,h=4",
			"othello:n=6",
			"othello:n=8",
		},
	}
}
