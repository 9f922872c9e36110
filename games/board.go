package games

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// drawGrid draws the rows of a board given as FormatPosition writes it
// (rows top to bottom, separated by "/") with row labels on the left and
// column labels below, so that a person can read move names off it.
func drawGrid(text string, rowLabel func(row int) string, colLabels []string) string {
	rows := strings.Split(text, "/")
	width := 0
	for r := range rows {
		width = max(width, len(rowLabel(r)))
	}
	var sb strings.Builder
	for r, row := range rows {
		label := rowLabel(r)
		sb.WriteString(strings.Repeat(" ", width-len(label)) + label + " ")
		for _, cell := range row {
			sb.WriteString(" " + string(cell))
		}
		sb.WriteByte('\n')
	}
	sb.WriteString(strings.Repeat(" ", width+1))
	for _, c := range colLabels {
		sb.WriteString(" " + c)
	}
	return sb.String()
}

// Draw shows the board with chess-like coordinates: columns a, b, c from
// the left, rows numbered from the bottom.
func (g *TicTacToe) Draw(p sente.Position) string {
	cols := make([]string, g.n)
	for c := range cols {
		cols[c] = tttColumnName(c)
	}
	return drawGrid(g.FormatPosition(p), func(r int) string { return strconv.Itoa(g.m - r) }, cols)
}

// Draw shows the board with the column numbers that name moves.
func (g *Connect4) Draw(p sente.Position) string {
	cols := make([]string, g.w)
	for c := range cols {
		cols[c] = strconv.Itoa(c + 1)
	}
	return drawGrid(g.FormatPosition(p), func(int) string { return "" }, cols)
}

var (
	_ sente.Drawer = (*TicTacToe)(nil)
	_ sente.Drawer = (*Connect4)(nil)
)

// gridCells reads the cells of a board given as FormatPosition writes it
// (rows top to bottom, separated by "/"): "x" or "o" for a mark, "" for
// anything else.
func gridCells(text string) [][]string {
	var cells [][]string
	for _, row := range strings.Split(text, "/") {
		r := make([]string, len(row))
		for c := range len(row) {
			if row[c] == 'x' || row[c] == 'o' {
				r[c] = string(row[c])
			}
		}
		cells = append(cells, r)
	}
	return cells
}

// Board shows the grid with the labels of Draw: rows numbered from the
// bottom, columns a, b, c from the left.
func (g *TicTacToe) Board(p sente.Position) sente.Board {
	b := sente.Board{Style: "grid", Cells: gridCells(g.FormatPosition(p))}
	for r := range g.m {
		b.RowLabels = append(b.RowLabels, strconv.Itoa(g.m-r))
	}
	for c := range g.n {
		b.ColLabels = append(b.ColLabels, tttColumnName(c))
	}
	return b
}

// Board shows the grid with the column numbers that name moves; a piece
// falls to the lowest empty cell of its column.
func (g *Connect4) Board(p sente.Position) sente.Board {
	b := sente.Board{Style: "grid", Cells: gridCells(g.FormatPosition(p)), Gravity: true}
	for c := range g.w {
		b.ColLabels = append(b.ColLabels, strconv.Itoa(c+1))
	}
	return b
}

// Board shows the hands, the first player's row first, each hand left then
// right: the fingers raised, "" for a dead hand. A touch is played from the
// mover's hand to the opponent's it touches, a transfer from the hand that
// gives to the hand that receives (one move for each number of fingers),
// a split from the fuller hand to the other.
func (g *Chopsticks) Board(p sente.Position) sente.Board {
	q := p.(ChopsticksPosition)
	hand := func(h uint8) string {
		if h == ChopsticksDead {
			return ""
		}
		return strconv.Itoa(int(h))
	}
	b := sente.Board{Style: "hands", Cells: [][]string{
		{hand(q.First[0]), hand(q.First[1])},
		{hand(q.Second[0]), hand(q.Second[1])},
	}}
	mine, me := 0, q.First
	if q.Turn == sente.Second {
		mine, me = 1, q.Second
	}
	b.Moves = []sente.BoardMove{}
	if _, ended := g.Ended(p); ended {
		return b
	}
	g.each(q, func(name string, _ ChopsticksPosition) {
		from, to := sente.BoardCell{Row: mine}, sente.BoardCell{Row: mine}
		switch {
		case name == "split":
			if me[0] == ChopsticksDead || me[1] != ChopsticksDead && me[1] > me[0] {
				from.Col = 1
			}
		case name[1] == 'x': // a touch: LxR
			to.Row = 1 - mine
			if name[0] == 'R' {
				from.Col = 1
			}
			if name[2] == 'R' {
				to.Col = 1
			}
		default: // a transfer: L2R
			if name[0] == 'R' {
				from.Col = 1
			}
		}
		if to.Row == mine {
			to.Col = 1 - from.Col
		}
		b.Moves = append(b.Moves, sente.BoardMove{Name: name, From: &from, To: to})
	})
	return b
}

// Board shows each player's cards, the first player's row first, with the
// cards on the table marked, and their total against the target.
func (g *Cards) Board(p sente.Position) sente.Board {
	q := p.(CardsPosition)
	b := sente.Board{Style: "cards", Goal: g.target}
	for t, mask := range [2]uint16{q.First, q.Second} {
		vals := g.hand[t]
		cells, marked := make([]string, len(vals)), make([]bool, len(vals))
		for i, v := range vals {
			cells[i] = strconv.Itoa(v)
			if marked[i] = mask>>i&1 != 0; marked[i] {
				b.Count += v
			}
		}
		b.Cells = append(b.Cells, cells)
		b.Marked = append(b.Marked, marked)
	}
	b.Caption = fmt.Sprintf("total %d of %d", b.Count, b.Goal)
	return b
}

// gridCell is cell number cell of a grid of n columns numbered row by row
// from the top-left, as a board's cell.
func gridCell(cell, n int) sente.BoardCell {
	return sente.BoardCell{Row: cell / n, Col: cell % n}
}

// heapToken is what a token of a heap shows on a "heaps" board.
const heapToken = "●"

// heapsBoard draws heaps of the given sizes as a "heaps" board, one row of
// tokens per heap, an empty heap an empty row so that it stays in view.
// moves(i, place) states the moves from heap i: place(name, take) puts the
// move that takes take tokens on token n-take of the heap's n, so that a
// click takes the token clicked and every token to its right, as a hand
// sweeps the end of a row off a table.
func heapsBoard(sizes []int, moves func(i int, place func(name string, take int))) sente.Board {
	b := sente.Board{Style: "heaps", Cells: make([][]string, len(sizes)), RowLabels: make([]string, len(sizes)), Moves: []sente.BoardMove{}}
	for i, n := range sizes {
		b.Cells[i] = make([]string, n)
		for c := range n {
			b.Cells[i][c] = heapToken
		}
		b.RowLabels[i] = "heap " + strconv.Itoa(i+1)
		moves(i, func(name string, take int) {
			b.Moves = append(b.Moves, sente.BoardMove{Name: name, To: sente.BoardCell{Row: i, Col: n - take}})
		})
	}
	return b
}

var (
	_ sente.Boarder = (*TicTacToe)(nil)
	_ sente.Boarder = (*Connect4)(nil)
	_ sente.Boarder = (*Chopsticks)(nil)
	_ sente.Boarder = (*Cards)(nil)
)
