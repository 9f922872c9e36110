package web

import (
	"strconv"

	"sente"
)

// Board is a picture of a position for the page, made from the game's
// sente.Board. Kind, the board's Style, says which fields are set: "grid"
// (tic-tac-toe, connect four, a rules file that defines board), "hands"
// (chopsticks), "cards" (seed 000). Games without a board view have none,
// and the page shows the text form (and the game's own drawing, when it has
// one).
type Board struct {
	Kind string `json:"kind"`

	// grid: Cells[r][c] is "x", "o" or "" from the top row; Moves[r][c] is
	// the move that plays there, if any.
	Cells     [][]string `json:"cells,omitempty"`
	Moves     [][]string `json:"moves,omitempty"`
	RowLabels []string   `json:"rowLabels,omitempty"`
	ColLabels []string   `json:"colLabels,omitempty"`
	Gravity   bool       `json:"gravity,omitempty"`
	Caption   string     `json:"caption,omitempty"` // a line shown below the grid

	// hands: fingers on each hand, left then right, 5 for dead.
	Hands [][2]int `json:"hands,omitempty"`

	// cards: each player's hand with what has been played.
	Cards  []CardHand `json:"cards,omitempty"`
	Total  int        `json:"total,omitempty"`
	Target int        `json:"target,omitempty"`
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
	played := playedCells(bd, b, moves)
	switch b.Style {
	case "", "grid":
		return &Board{Kind: "grid", Cells: b.Cells, Moves: played, RowLabels: b.RowLabels, ColLabels: b.ColLabels, Gravity: b.Gravity, Caption: b.Caption}
	case "hands":
		out := &Board{Kind: "hands"}
		for _, row := range b.Cells {
			var h [2]int
			for i := range min(len(row), 2) {
				h[i] = fingers(row[i])
			}
			out.Hands = append(out.Hands, h)
		}
		return out
	case "cards":
		out := &Board{Kind: "cards", Total: b.Count, Target: b.Goal}
		for r, row := range b.Cells {
			h := CardHand{Values: make([]int, len(row)), Played: make([]bool, len(row)), Moves: played[r]}
			for c, v := range row {
				h.Values[c], _ = strconv.Atoi(v)
				h.Played[c] = marked(b, r, c)
			}
			out.Cards = append(out.Cards, h)
		}
		return out
	}
	return nil
}

// playedCells finds the cell each move plays on by comparing the board
// before the move with the board after it: played[r][c] names the move
// that changes cell c of row r, if any.
func playedCells(bd sente.Boarder, b sente.Board, moves []sente.Move) [][]string {
	played := make([][]string, len(b.Cells))
	for r, row := range b.Cells {
		played[r] = make([]string, len(row))
	}
	for _, m := range moves {
		after := bd.Board(m.To)
		for r := range min(len(after.Cells), len(b.Cells)) {
			for c := range min(len(after.Cells[r]), len(b.Cells[r])) {
				if after.Cells[r][c] != b.Cells[r][c] || marked(after, r, c) != marked(b, r, c) {
					played[r][c] = m.Name
				}
			}
		}
	}
	return played
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
