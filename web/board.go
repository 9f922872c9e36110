package web

import (
	"github.com/sente-go/sente/explain"
	"strconv"

	"github.com/sente-go/sente"
)

// Board, BoardMove and CardHand are explain's JSON of a board: the page
// draws them.
type (
	Board     = explain.BoardJSON
	BoardMove = explain.BoardMoveJSON
	CardHand  = explain.CardHandJSON
)

// boardOf draws p when the game offers a board (sente.Boarder); nil
// otherwise, and for a style the page does not know.
func boardOf(g sente.Game, p sente.Position, moves []sente.Move) *Board {
	bd := sente.CapabilitiesOf(g).Boarder
	if bd == nil {
		return nil
	}
	b := bd.Board(p)
	if len(b.Cells) == 0 {
		return nil
	}
	located := b.Moves
	if located == nil {
		located = locateMoves(bd, b, moves)
	}
	placed := boardMoves(b, located, moves)
	switch b.Style {
	case "", "grid":
		return &Board{Style: "grid", Cells: b.Cells, Plays: placed, Clicks: oneClick(b, placed), RowLabels: b.RowLabels, ColLabels: b.ColLabels, Gravity: b.Gravity, Caption: b.Caption,
			PieceSet: b.Pieces, InHand: inHand(b.InHand), Players: players(b)}
	case "points":
		return &Board{Style: "points", Cells: b.Cells, Lines: boardLines(b), Plays: placed, Clicks: oneClick(b, placed), RowLabels: b.RowLabels, ColLabels: b.ColLabels, Caption: b.Caption, Players: players(b)}
	case "heaps":
		return &Board{Style: "heaps", Cells: b.Cells, Plays: placed, Clicks: oneClick(b, placed), RowLabels: b.RowLabels, Caption: b.Caption}
	case "pits":
		return &Board{Style: "pits", Cells: b.Cells, Plays: placed, Clicks: oneClick(b, placed), Caption: b.Caption}
	case "hands":
		out := &Board{Style: "hands", Plays: placed}
		for _, row := range b.Cells {
			var h [2]int
			for i := range min(len(row), 2) {
				h[i] = fingers(row[i])
			}
			out.Hands = append(out.Hands, h)
		}
		return out
	case "cards":
		out := &Board{Style: "cards", Plays: placed, Total: b.Count, Target: b.Goal}
		for r, row := range b.Cells {
			h := CardHand{Values: make([]int, len(row)), Played: make([]bool, len(row)), Moves: make([]string, len(row))}
			for c, v := range row {
				h.Values[c], _ = strconv.Atoi(v)
				h.Played[c] = marked(b, r, c)
			}
			out.Cards = append(out.Cards, h)
		}
		for r, row := range oneClick(b, placed) {
			copy(out.Cards[r].Moves, row)
		}
		return out
	}
	return nil
}

// oneClick lays out the moves played by one click on a cell: the one move
// without From whose To the cell is, when there is one.
func oneClick(b sente.Board, placed []BoardMove) [][]string {
	cells := make([][]string, len(b.Cells))
	count := make([][]int, len(b.Cells))
	for r, row := range b.Cells {
		cells[r] = make([]string, len(row))
		count[r] = make([]int, len(row))
	}
	for _, m := range placed {
		if m.From == nil {
			r, c := m.To[0], m.To[1]
			cells[r][c] = m.Move
			count[r][c]++
		}
	}
	for r := range cells {
		for c := range cells[r] {
			if count[r][c] > 1 {
				cells[r][c] = ""
			}
		}
	}
	return cells
}

// boardMoves keeps the located moves that are moves of the position, once
// each, on cells of the board (their From, To and Remove), in the order of
// moves.
func boardMoves(b sente.Board, located []sente.BoardMove, moves []sente.Move) []BoardMove {
	at := make(map[string]sente.BoardMove, len(located))
	for _, m := range located {
		at[m.Name] = m
	}
	on := func(c *sente.BoardCell) bool { return c == nil || onBoard(b, *c) }
	out := []BoardMove{}
	for _, m := range moves {
		l, ok := at[m.Name]
		if !ok || !on(&l.To) || !on(l.From) || !on(l.Remove) {
			continue
		}
		delete(at, m.Name)
		out = append(out, BoardMove{Move: m.Name, From: cellJSON(l.From), To: [2]int{l.To.Row, l.To.Col}, FromHand: l.FromHand, Remove: cellJSON(l.Remove)})
	}
	return out
}

// onBoard reports whether c is a cell of b.
func onBoard(b sente.Board, c sente.BoardCell) bool {
	return c.Row >= 0 && c.Row < len(b.Cells) && c.Col >= 0 && c.Col < len(b.Cells[c.Row])
}

// cellJSON is a cell for JSON, [row, column], or nil.
func cellJSON(c *sente.BoardCell) *[2]int {
	if c == nil {
		return nil
	}
	return &[2]int{c.Row, c.Col}
}

// boardLines is the lines of a board of points for JSON, those whose ends
// are both cells of the board; nil when it has none.
func boardLines(b sente.Board) [][2][2]int {
	var out [][2][2]int
	for _, l := range b.Lines {
		if onBoard(b, l.From) && onBoard(b, l.To) {
			out = append(out, [2][2]int{{l.From.Row, l.From.Col}, {l.To.Row, l.To.Col}})
		}
	}
	return out
}

// locateMoves places the moves of a game that does not place them itself
// by comparing the board before each move with the board after it: a move
// that changes one cell is played there (a mark, a card); one that empties
// a cell and changes one other takes the piece from the first to the
// second. A move that changes anything else is left to the list of moves.
func locateMoves(bd sente.Boarder, b sente.Board, moves []sente.Move) []sente.BoardMove {
	var located []sente.BoardMove
	for _, m := range moves {
		after := bd.Board(m.To)
		if len(after.Cells) != len(b.Cells) {
			continue
		}
		var changed []sente.BoardCell
		for r := range b.Cells {
			if len(after.Cells[r]) != len(b.Cells[r]) {
				changed = nil
				break
			}
			for c := range b.Cells[r] {
				if after.Cells[r][c] != b.Cells[r][c] || marked(after, r, c) != marked(b, r, c) {
					changed = append(changed, sente.BoardCell{Row: r, Col: c})
				}
			}
		}
		emptied := func(c sente.BoardCell) bool {
			return b.Cells[c.Row][c.Col] != "" && after.Cells[c.Row][c.Col] == ""
		}
		switch {
		case len(changed) == 1:
			located = append(located, sente.BoardMove{Name: m.Name, To: changed[0]})
		case len(changed) == 2 && emptied(changed[0]) != emptied(changed[1]):
			from, to := changed[0], changed[1]
			if emptied(to) {
				from, to = to, from
			}
			if after.Cells[to.Row][to.Col] != "" {
				located = append(located, sente.BoardMove{Name: m.Name, From: &from, To: to})
			}
		}
	}
	return located
}

// inHand is the hands of a board for JSON, each an array even when empty
// (a nil slice would be null, which in_hand's type does not allow); nil
// when the board shows no hands.
func inHand(hands [][]string) [][]string {
	if hands == nil {
		return nil
	}
	out := make([][]string, len(hands))
	for i, h := range hands {
		out[i] = append([]string{}, h...)
	}
	return out
}

// players is the names the board gives the two players, or nil when it
// gives none, or not two non-empty ones.
func players(b sente.Board) []string {
	if len(b.Players) != 2 || b.Players[0] == "" || b.Players[1] == "" {
		return nil
	}
	return []string{b.Players[0], b.Players[1]}
}

// marked reports whether cell c of row r is set apart.
func marked(b sente.Board, r, c int) bool {
	return r < len(b.Marked) && c < len(b.Marked[r]) && b.Marked[r][c]
}

// fingers reads a hand of the "hands" style: the fingers raised, or 5 (what
// kills a hand) for a dead hand, "".
func fingers(cell string) int {
	if cell == "" {
		return 5
	}
	n, _ := strconv.Atoi(cell)
	return n
}
