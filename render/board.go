package render

import (
	"strings"

	"github.com/sente-go/sente"
)

// BoardText draws a board (sente.Board) for a terminal, for games that
// offer a grid board but no drawing of their own (sente.Drawer), as a rules
// file that defines board does: one line a row, its label first, an empty cell
// as ".", a marked cell (a card played) in brackets, the column labels
// below, and the caption last.
func BoardText(b sente.Board) string {
	width := 0
	for _, l := range b.RowLabels {
		width = max(width, len(l))
	}
	cell := 1
	for r, row := range b.Cells {
		for c := range row {
			cell = max(cell, len(cellText(b, r, c)))
		}
	}
	for _, l := range b.ColLabels {
		cell = max(cell, len(l))
	}
	var sb strings.Builder
	for r, row := range b.Cells {
		label := ""
		if r < len(b.RowLabels) {
			label = b.RowLabels[r]
		}
		if width > 0 {
			sb.WriteString(strings.Repeat(" ", width-len(label)) + label + " ")
		}
		var line strings.Builder
		for c := range row {
			line.WriteString(" " + pad(cellText(b, r, c), cell))
		}
		sb.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	if len(b.ColLabels) > 0 {
		if width > 0 {
			sb.WriteString(strings.Repeat(" ", width+1))
		}
		var line strings.Builder
		for _, l := range b.ColLabels {
			line.WriteString(" " + pad(l, cell))
		}
		sb.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	if b.Caption != "" {
		sb.WriteString(b.Caption + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// cellText is what cell c of row r shows.
func cellText(b sente.Board, r, c int) string {
	v := b.Cells[r][c]
	if v == "" {
		v = "."
	}
	if r < len(b.Marked) && c < len(b.Marked[r]) && b.Marked[r][c] {
		v = "(" + v + ")"
	}
	return v
}

// pad centres s in a field of n characters, leaning left.
func pad(s string, n int) string {
	gap := n - len(s)
	if gap <= 0 {
		return s
	}
	return strings.Repeat(" ", gap/2) + s + strings.Repeat(" ", gap-gap/2)
}
