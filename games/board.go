package games

import (
	"strconv"
	"strings"

	"sente"
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
