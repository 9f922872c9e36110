package web

import (
	"strconv"

	"sente"
)

// Board is a picture of a position for the page, made from the game's
// sente.Board. Kind, the board's Style, says which fields are set: "grid"
// (tic-tac-toe, connect four, quixo, teeko, dōbutsu shōgi, a rules file
// that defines board), "hands" (chopsticks), "cards" (seed 000). Games
// without a board view have none, and the page shows the text form (and
// the game's own drawing, when it has one).
type Board struct {
	Kind string `json:"kind"`

	// grid: Cells[r][c] is "x", "o", a piece's letter (upper case the first
	// player's) or "" from the top row.
	Cells     [][]string `json:"cells,omitempty"`
	RowLabels []string   `json:"rowLabels,omitempty"`
	ColLabels []string   `json:"colLabels,omitempty"`
	Gravity   bool       `json:"gravity,omitempty"`
	Caption   string     `json:"caption,omitempty"` // a line shown below the grid

	// Plays places the moves of the position that can be played on the
	// board; the others are played from the list of moves only. Moves[r][c]
	// (grid) is the move played by one click on cell c of row r: the one
	// move without From whose To it is.
	Plays []BoardMove `json:"plays"`
	Moves [][]string  `json:"moves,omitempty"`

	// hands: fingers on each hand, left then right, 5 for dead; the cell
	// of a hand in Plays is [player, hand], 0 for the first player and
	// the left hand.
	Hands [][2]int `json:"hands,omitempty"`

	// cards: each player's hand with what has been played, and the total
	// on the table against the target; a total of 0 is shown as such.
	Cards  []CardHand `json:"cards,omitempty"`
	Total  int        `json:"total"`
	Target int        `json:"target"`
}

// BoardMove is where a move is played: From, when set, is the cell
// ([row, column] from the top-left) a piece is taken from, To the cell it
// is put on. Without From one click on To plays it.
type BoardMove struct {
	Name string  `json:"name"`
	From *[2]int `json:"from,omitempty"`
	To   [2]int  `json:"to"`
}

// CardHand is one player's cards: each card's value, whether it is on the
// table, and the move that plays it (when it is this player's turn).
type CardHand struct {
	Values []int    `json:"values"`
	Played []bool   `json:"played"`
	Moves  []string `json:"moves"`
}

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
		return &Board{Kind: "grid", Cells: b.Cells, Plays: placed, Moves: oneClick(b, placed), RowLabels: b.RowLabels, ColLabels: b.ColLabels, Gravity: b.Gravity, Caption: b.Caption}
	case "hands":
		out := &Board{Kind: "hands", Plays: placed}
		for _, row := range b.Cells {
			var h [2]int
			for i := range min(len(row), 2) {
				h[i] = fingers(row[i])
			}
			out.Hands = append(out.Hands, h)
		}
		return out
	case "cards":
		out := &Board{Kind: "cards", Plays: placed, Total: b.Count, Target: b.Goal}
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
			cells[r][c] = m.Name
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
// each, on cells of the board, in the order of moves.
func boardMoves(b sente.Board, located []sente.BoardMove, moves []sente.Move) []BoardMove {
	at := make(map[string]sente.BoardMove, len(located))
	for _, m := range located {
		at[m.Name] = m
	}
	on := func(c sente.BoardCell) bool {
		return c.Row >= 0 && c.Row < len(b.Cells) && c.Col >= 0 && c.Col < len(b.Cells[c.Row])
	}
	out := []BoardMove{}
	for _, m := range moves {
		l, ok := at[m.Name]
		if !ok || !on(l.To) || l.From != nil && !on(*l.From) {
			continue
		}
		delete(at, m.Name)
		bm := BoardMove{Name: m.Name, To: [2]int{l.To.Row, l.To.Col}}
		if l.From != nil {
			bm.From = &[2]int{l.From.Row, l.From.Col}
		}
		out = append(out, bm)
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
