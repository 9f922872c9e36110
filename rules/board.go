package rules

// A file's board(p): the position as a grid of marks, for the browser app.

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// boardCap offers board(p) as sente.Boarder.
type boardCap struct{ g *Game }

var _ sente.Boarder = boardCap{}

// Board asks board(p) and reads the grid it returns (see readBoard). After
// a failure, or when board(p) is a mistake, it returns an empty board and
// the game reports the mistake.
func (c boardCap) Board(p sente.Position) sente.Board {
	g := c.g
	key, ok := g.keyOf(p)
	if !ok || g.failed.Load() {
		return sente.Board{}
	}
	e := g.entryOf(key)
	if e == nil {
		return sente.Board{}
	}
	fn := g.fn.board
	v := decode(g.tab.encoding(e))
	w := g.getWorker()
	w.args1[0] = v
	r, ok := g.call(w, fn, v, w.args1)
	if !ok {
		return sente.Board{}
	}
	g.putWorker(w)
	b, msg := readBoard(r)
	if msg != "" {
		g.fail(g.mistake(fn, v, starlark.Tuple{v}, msg))
		return sente.Board{}
	}
	return b
}

// boardWant is what board(p) may return, for messages.
const boardWant = `want a list of rows, each a string of cells like "x.o" or a list of cells, or a dict with "rows" and optionally "row_labels", "col_labels", "gravity", "caption" and "moves"`

// boardMoveWant is what an entry of "moves" may be, for messages.
const boardMoveWant = `want a move's name mapped to its cell (row, column), counted from 0 at the top left, or to the cells (from, to) of a piece taken from one and put on the other`

// readBoard reads what board(p) returned: a list of rows, or a dict with
// the rows and optional labels, gravity, caption and the moves' cells. A
// row is a string of one-character cells or a list of cells; a cell is "x"
// or "o" (either case) for a player's mark, or ".", " ", "-", "_" or ""
// for an empty cell. msg says what is wrong, or is "".
func readBoard(r starlark.Value) (b sente.Board, msg string) {
	b.Style = "grid"
	rows := r
	var moves starlark.Value
	if d, ok := r.(*starlark.Dict); ok {
		rows = nil
		for _, item := range d.Items() {
			k, _ := item[0].(starlark.String)
			v := item[1]
			switch k {
			case "rows":
				rows = v
			case "row_labels", "col_labels":
				labels, ok := stringList(v)
				if !ok {
					return b, fmt.Sprintf("returned %s = %s; want a list of strings", string(k), repr(v))
				}
				if k == "row_labels" {
					b.RowLabels = labels
				} else {
					b.ColLabels = labels
				}
			case "gravity":
				g, ok := v.(starlark.Bool)
				if !ok {
					return b, fmt.Sprintf("returned gravity = %s; want True or False", repr(v))
				}
				b.Gravity = bool(g)
			case "caption":
				s, ok := v.(starlark.String)
				if !ok {
					return b, fmt.Sprintf("returned caption = %s; want a string", repr(v))
				}
				b.Caption = printable(string(s), false)
			case "moves":
				moves = v
			default:
				return b, fmt.Sprintf("returned a dict with the key %s; %s", repr(item[0]), boardWant)
			}
		}
		if rows == nil {
			return b, "returned a dict without \"rows\"; " + boardWant
		}
	}
	items, ok := sequence(rows)
	if !ok || len(items) == 0 {
		return b, fmt.Sprintf("returned %s; %s", repr(r), boardWant)
	}
	width := 0
	for i, row := range items {
		var cells []string
		switch row := row.(type) {
		case starlark.String:
			for _, ch := range string(row) {
				cells = append(cells, string(ch))
			}
		default:
			var ok bool
			if cells, ok = stringList(row); !ok {
				return b, fmt.Sprintf("returned the row %d %s; %s", i+1, repr(row), boardWant)
			}
		}
		for c, cell := range cells {
			mark, ok := boardCell(cell)
			if !ok {
				return b, fmt.Sprintf("returned the cell %q in row %d, column %d; want \"x\" or \"o\" for a player's mark, \".\" or \"\" for an empty cell", cell, i+1, c+1)
			}
			cells[c] = mark
		}
		b.Cells = append(b.Cells, cells)
		width = max(width, len(cells))
	}
	if b.RowLabels != nil && len(b.RowLabels) != len(b.Cells) {
		return b, fmt.Sprintf("returned %d row_labels for %d rows", len(b.RowLabels), len(b.Cells))
	}
	if b.ColLabels != nil && len(b.ColLabels) != width {
		return b, fmt.Sprintf("returned %d col_labels for %d columns", len(b.ColLabels), width)
	}
	if moves != nil {
		if b.Moves, msg = readBoardMoves(moves, b.Cells); msg != "" {
			return b, msg
		}
	}
	return b, ""
}

// readBoardMoves reads the "moves" of board(p): a dict from move names to
// a cell (row, column), or to a pair of cells (from, to), each on the board.
func readBoardMoves(v starlark.Value, cells [][]string) ([]sente.BoardMove, string) {
	d, ok := v.(*starlark.Dict)
	if !ok {
		return nil, fmt.Sprintf("returned moves = %s; %s", repr(v), boardMoveWant)
	}
	moves := []sente.BoardMove{}
	for _, item := range d.Items() {
		name, ok := item[0].(starlark.String)
		if !ok {
			return nil, fmt.Sprintf("returned moves with the key %s; %s", repr(item[0]), boardMoveWant)
		}
		m := sente.BoardMove{Name: printable(string(name), false)}
		pair, ok := sequence(item[1])
		if !ok || len(pair) != 2 {
			return nil, fmt.Sprintf("returned the move %s at %s; %s", repr(name), repr(item[1]), boardMoveWant)
		}
		if _, isCell := pair[0].(starlark.Int); isCell {
			m.To, ok = boardCellOf(item[1], cells)
		} else {
			var from sente.BoardCell
			if from, ok = boardCellOf(pair[0], cells); ok {
				m.From = &from
				m.To, ok = boardCellOf(pair[1], cells)
			}
		}
		if !ok {
			return nil, fmt.Sprintf("returned the move %s at %s, not on the board of %d rows; %s", repr(name), repr(item[1]), len(cells), boardMoveWant)
		}
		moves = append(moves, m)
	}
	return moves, ""
}

// boardCellOf reads a cell (row, column) of cells.
func boardCellOf(v starlark.Value, cells [][]string) (sente.BoardCell, bool) {
	rc, ok := sequence(v)
	if !ok || len(rc) != 2 {
		return sente.BoardCell{}, false
	}
	var at [2]int
	for i, x := range rc {
		n, ok := x.(starlark.Int)
		if !ok {
			return sente.BoardCell{}, false
		}
		i64, ok := n.Int64()
		if !ok || i64 < -1<<20 || i64 > 1<<20 {
			return sente.BoardCell{}, false
		}
		at[i] = int(i64)
	}
	c := sente.BoardCell{Row: at[0], Col: at[1]}
	if c.Row < 0 || c.Row >= len(cells) || c.Col < 0 || c.Col >= len(cells[c.Row]) {
		return c, false
	}
	return c, true
}

// boardCell reads one cell: "x" or "o" for a mark, "" for an empty cell.
func boardCell(s string) (string, bool) {
	switch strings.ToLower(s) {
	case "x":
		return "x", true
	case "o":
		return "o", true
	case "", ".", " ", "-", "_":
		return "", true
	}
	return "", false
}

// stringList reads a list or tuple of strings.
func stringList(v starlark.Value) ([]string, bool) {
	items, ok := sequence(v)
	if !ok {
		return nil, false
	}
	out := make([]string, len(items))
	for i, x := range items {
		s, ok := x.(starlark.String)
		if !ok {
			return nil, false
		}
		out[i] = printable(string(s), false)
	}
	return out, true
}
