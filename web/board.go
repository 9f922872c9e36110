package web

import (
	"strconv"
	"strings"

	"sente"
	"sente/games"
)

// Board is a picture of a position for the page. Kind says which fields are
// set: "grid" (tic-tac-toe, connect four), "hands" (chopsticks), "cards"
// (seed 000). Games without a board view have none, and the page shows the
// text form (and the game's own drawing, when it has one).
type Board struct {
	Kind string `json:"kind"`

	// grid: Cells[r][c] is "x", "o" or "" from the top row; Moves[r][c] is
	// the move that plays there, if any.
	Cells     [][]string `json:"cells,omitempty"`
	Moves     [][]string `json:"moves,omitempty"`
	RowLabels []string   `json:"rowLabels,omitempty"`
	ColLabels []string   `json:"colLabels,omitempty"`
	Gravity   bool       `json:"gravity,omitempty"`

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

// boardOf draws p when the game has a board view; nil otherwise.
func boardOf(o *opened, p sente.Position, moves []sente.Move) *Board {
	switch g := o.game.(type) {
	case *games.TicTacToe:
		b := gridBoard(g, p, moves)
		for r := range b.Cells {
			b.RowLabels = append(b.RowLabels, strconv.Itoa(len(b.Cells)-r))
		}
		for c := range b.Cells[0] {
			b.ColLabels = append(b.ColLabels, string(rune('a'+c)))
		}
		return b
	case *games.Connect4:
		b := gridBoard(g, p, moves)
		b.Gravity = true
		for c := range b.Cells[0] {
			b.ColLabels = append(b.ColLabels, strconv.Itoa(c+1))
		}
		return b
	case *games.Chopsticks:
		q, ok := p.(games.ChopsticksPosition)
		if !ok {
			return nil
		}
		return &Board{Kind: "hands", Hands: [][2]int{
			{int(q.First[0]), int(q.First[1])},
			{int(q.Second[0]), int(q.Second[1])},
		}}
	case *games.Cards:
		q, ok := p.(games.CardsPosition)
		if !ok {
			return nil
		}
		return cardsBoard(o, g, q, moves)
	}
	return nil
}

// gridBoard reads the board off the text form (rows top to bottom, "/"
// between rows) and finds the cell each move fills by comparing the texts.
func gridBoard(g sente.Game, p sente.Position, moves []sente.Move) *Board {
	text := g.FormatPosition(p)
	rows := strings.Split(text, "/")
	b := &Board{Kind: "grid"}
	for _, row := range rows {
		cells := make([]string, len(row))
		for c := range len(row) {
			if row[c] == 'x' || row[c] == 'o' {
				cells[c] = string(row[c])
			}
		}
		b.Cells = append(b.Cells, cells)
		b.Moves = append(b.Moves, make([]string, len(row)))
	}
	for _, m := range moves {
		after := strings.Split(g.FormatPosition(m.To), "/")
		for r := range min(len(after), len(rows)) {
			for c := range min(len(after[r]), len(rows[r])) {
				if after[r][c] != rows[r][c] {
					b.Moves[r][c] = m.Name
				}
			}
		}
	}
	return b
}

func cardsBoard(o *opened, g *games.Cards, q games.CardsPosition, moves []sente.Move) *Board {
	b := &Board{Kind: "cards", Target: o.values.Int("target")}
	byName := map[string]bool{}
	for _, m := range moves {
		byName[m.Name] = true
	}
	turn := g.Turn(q)
	for t, key := range []string{"first", "second"} {
		vals := o.values.Ints(key)
		mask := q.First
		if t == 1 {
			mask = q.Second
		}
		h := CardHand{Values: vals, Played: make([]bool, len(vals)), Moves: make([]string, len(vals))}
		offered := map[string]bool{}
		for i, v := range vals {
			h.Played[i] = mask>>i&1 != 0
			if h.Played[i] {
				b.Total += v
				continue
			}
			name := strconv.Itoa(v)
			if sente.Player(t) == turn && byName[name] && !offered[name] {
				h.Moves[i] = name
				offered[name] = true
			}
		}
		b.Cards = append(b.Cards, h)
	}
	return b
}
