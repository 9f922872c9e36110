package web

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

// The boards of the morris games (style "points", with lines and moves
// that take a piece) and of Gobblet Gobblers (stacks, hands), drawn from
// boards made here: the games themselves are not needed to check what the
// server sends and what the page does with it.

// oneBoardGame is a game of one position whose board is board and whose
// moves are board.Moves, each leading to a position named by the move:
// what boardOf and the page need of a game to draw and play its board.
type oneBoardGame struct {
	board sente.Board
	turn  sente.Player
}

func (g oneBoardGame) Start() sente.Position { return "" }

func (g oneBoardGame) Moves(p sente.Position) []sente.Move {
	var ms []sente.Move
	if p == "" {
		for _, m := range g.board.Moves {
			ms = append(ms, sente.Move{Name: m.Name, To: m.Name})
		}
	}
	return ms
}

func (g oneBoardGame) Ended(p sente.Position) (sente.Value, bool) { return sente.Lose, p != "" }
func (g oneBoardGame) Turn(p sente.Position) sente.Player         { return g.turn }
func (g oneBoardGame) FormatPosition(p sente.Position) string     { return p.(string) }
func (g oneBoardGame) ParsePosition(s string) (sente.Position, error) {
	return s, nil
}
func (g oneBoardGame) Board(p sente.Position) sente.Board { return g.board }

// morrisLines are the lines of the 24-point board (nine men's morris) on
// a 7×7 grid, n = 7, or of the 16-point board (six men's morris) on a 5×5
// grid, n = 5: nested squares, their sides' midpoints joined.
func morrisLines(n int) []sente.BoardLine {
	at := func(r, c int) sente.BoardCell { return sente.BoardCell{Row: r, Col: c} }
	var lines []sente.BoardLine
	mid := n / 2
	for k := 0; k < mid; k++ { // square k from the outside
		lo, hi := k, n-1-k
		corners := []sente.BoardCell{at(lo, lo), at(lo, mid), at(lo, hi), at(mid, hi), at(hi, hi), at(hi, mid), at(hi, lo), at(mid, lo)}
		for i := range corners {
			lines = append(lines, sente.BoardLine{From: corners[i], To: corners[(i+1)%len(corners)]})
		}
		if k+1 < mid {
			lines = append(lines,
				sente.BoardLine{From: at(lo, mid), To: at(lo+1, mid)}, sente.BoardLine{From: at(mid, lo), To: at(mid, lo+1)},
				sente.BoardLine{From: at(mid, hi), To: at(mid, hi-1)}, sente.BoardLine{From: at(hi, mid), To: at(hi-1, mid)})
		}
	}
	return lines
}

// morrisBoard is a morris board of n×n cells (7 or 5) from rows of text,
// "x" the first player's stone, "o" the second's, "." an empty cell or
// none, with the moves given: each "NAME:FROM-TO/TAKE", FROM and TAKE
// optional, cells named by column and rank ("d7"); the players named by
// their stones, white and black, as the morris games name them.
func morrisBoard(t testing.TB, rows []string, moves ...string) sente.Board {
	n := len(rows)
	b := sente.Board{Style: "points", Lines: morrisLines(n), Caption: "placed 4 of 9", Players: []string{"white", "black"}}
	for r, row := range rows {
		var cells []string
		for _, ch := range row {
			cells = append(cells, strings.Trim(string(ch), "."))
		}
		b.Cells = append(b.Cells, cells)
		b.RowLabels = append(b.RowLabels, string(rune('0'+n-r)))
		b.ColLabels = append(b.ColLabels, string(rune('a'+r)))
	}
	cell := func(sq string) sente.BoardCell {
		if len(sq) != 2 {
			t.Fatalf("square %q", sq)
		}
		return sente.BoardCell{Row: n - int(sq[1]-'0'), Col: int(sq[0] - 'a')}
	}
	for _, m := range moves {
		name, where, _ := strings.Cut(m, ":")
		where, take, _ := strings.Cut(where, "/")
		from, to, stepped := strings.Cut(where, "-")
		bm := sente.BoardMove{Name: name}
		if stepped {
			c := cell(from)
			bm.From, bm.To = &c, cell(to)
		} else {
			bm.To = cell(from)
		}
		if take != "" {
			c := cell(take)
			bm.Remove = &c
		}
		b.Moves = append(b.Moves, bm)
	}
	return b
}

// gobbletBoard is a Gobblet Gobblers board from its rows (cells separated
// by spaces, "." empty, a stack written from the top down) and hands,
// with every move of the player to move: a drop of each size in hand on
// each square where it fits, and each visible piece of the mover's moved
// to each square where it fits, each named as the page need not know;
// the players named blue and purple, as Gobblet Gobblers names them.
func gobbletBoard(rows []string, first, second string, turn sente.Player) sente.Board {
	b := sente.Board{Pieces: "gobblet", RowLabels: []string{"3", "2", "1"}, ColLabels: []string{"a", "b", "c"}, Players: []string{"blue", "purple"}}
	for _, row := range rows {
		var cells []string
		for _, c := range strings.Fields(row) {
			cells = append(cells, strings.Trim(c, "."))
		}
		b.Cells = append(b.Cells, cells)
	}
	b.InHand = [][]string{strings.Split(first, ""), strings.Split(second, "")}
	size := map[byte]int{'s': 1, 'm': 2, 'l': 3, 'S': 1, 'M': 2, 'L': 3}
	mine := func(x byte) bool { return (x >= 'A' && x <= 'Z') == (turn == sente.First) }
	fits := func(x byte, r, c int) bool {
		top := b.Cells[r][c]
		return top == "" || size[top[0]] < size[x]
	}
	square := func(r, c int) string { return b.ColLabels[c] + b.RowLabels[r] }
	hand := b.InHand[turn]
	seen := map[string]bool{}
	for _, x := range hand {
		if x == "" || seen[x] {
			continue
		}
		seen[x] = true
		for r := range b.Cells {
			for c := range b.Cells[r] {
				if fits(x[0], r, c) {
					b.Moves = append(b.Moves, sente.BoardMove{Name: x + "*" + square(r, c), To: sente.BoardCell{Row: r, Col: c}, FromHand: x})
				}
			}
		}
	}
	for r := range b.Cells {
		for c, stack := range b.Cells[r] {
			if stack == "" || !mine(stack[0]) {
				continue
			}
			for r2 := range b.Cells {
				for c2 := range b.Cells[r2] {
					if (r2 != r || c2 != c) && fits(stack[0], r2, c2) {
						from := sente.BoardCell{Row: r, Col: c}
						b.Moves = append(b.Moves, sente.BoardMove{Name: square(r, c) + "-" + square(r2, c2), From: &from, To: sente.BoardCell{Row: r2, Col: c2}})
					}
				}
			}
		}
	}
	return b
}

// TestBoardOfPoints: a morris board is sent as style "points" with its
// lines (those on the board), labels and caption; a move's removal is
// sent as remove_cell; a placement the moves that take share is no
// one-click cell, one without is.
func TestBoardOfPoints(t *testing.T) {
	b := morrisBoard(t, []string{
		"x..x...",
		".o.....",
		"...o...",
		"...x...",
		"..o....",
		".....o.",
		"......o",
	}, "d6:d6", "g7xd5:g7/d5", "g7xb6:g7/b6", "d4:d4-d3", "a4d4xf2:d4-d3/f2")
	b.Lines = append(b.Lines, sente.BoardLine{From: sente.BoardCell{Row: 6, Col: 6}, To: sente.BoardCell{Row: 7, Col: 6}}) // off the board
	g := oneBoardGame{board: b}
	got := boardOf(g, g.Start(), g.Moves(g.Start()))
	if got == nil {
		t.Fatal("no board")
	}
	if got.Style != "points" || !reflect.DeepEqual(got.Cells, b.Cells) || got.Caption != b.Caption ||
		!reflect.DeepEqual(got.RowLabels, []string{"7", "6", "5", "4", "3", "2", "1"}) || !reflect.DeepEqual(got.ColLabels, []string{"a", "b", "c", "d", "e", "f", "g"}) {
		t.Errorf("board %+v", got)
	}
	if len(got.Lines) != 32 || got.Lines[0] != [2][2]int{{0, 0}, {0, 3}} || got.Lines[31] != [2][2]int{{3, 2}, {2, 2}} {
		t.Errorf("%d lines, %v: want the 32 of the 24-point board, from a7-d7 to the inner square's c4-c5, and not the one off the board", len(got.Lines), got.Lines)
	}
	want := []BoardMove{
		{Move: "d6", To: [2]int{1, 3}},
		{Move: "g7xd5", To: [2]int{0, 6}, Remove: &[2]int{2, 3}},
		{Move: "g7xb6", To: [2]int{0, 6}, Remove: &[2]int{1, 1}},
		{Move: "d4", From: &[2]int{3, 3}, To: [2]int{4, 3}},
		{Move: "a4d4xf2", From: &[2]int{3, 3}, To: [2]int{4, 3}, Remove: &[2]int{5, 5}},
	}
	if !reflect.DeepEqual(got.Plays, want) {
		t.Errorf("plays %+v\nwant %+v", got.Plays, want)
	}
	if got.Clicks[1][3] != "d6" || got.Clicks[0][6] != "" {
		t.Errorf("clicks: d6 %q, g7 %q; want d6 and none", got.Clicks[1][3], got.Clicks[0][6])
	}
	// A removal off the board leaves the move to the list of moves.
	off := b
	off.Moves = []sente.BoardMove{{Name: "d6", To: sente.BoardCell{Row: 1, Col: 3}, Remove: &sente.BoardCell{Row: 9, Col: 0}}}
	g = oneBoardGame{board: off}
	if got := boardOf(g, g.Start(), g.Moves(g.Start())); len(got.Plays) != 0 {
		t.Errorf("a removal off the board: plays %+v", got.Plays)
	}
	// The 16-point board: 20 lines on a 5×5 grid.
	if n := len(morrisLines(5)); n != 20 {
		t.Errorf("the 16-point board has %d lines, want 20", n)
	}
}

// TestBoardOfGobblet: a grid of Gobblet Gobblers' stacks keeps its piece
// set, its stacks and hands, and its drops from the hand.
func TestBoardOfGobblet(t *testing.T) {
	b := gobbletBoard([]string{"Lm . .", ". s .", ". . M"}, "LMSS", "lmms", sente.First)
	g := oneBoardGame{board: b}
	got := boardOf(g, g.Start(), g.Moves(g.Start()))
	if got == nil || got.Style != "grid" || got.PieceSet != "gobblet" || got.Cells[0][0] != "Lm" ||
		!reflect.DeepEqual(got.InHand, [][]string{{"L", "M", "S", "S"}, {"l", "m", "m", "s"}}) {
		t.Fatalf("board %+v", got)
	}
	drops, steps := 0, 0
	for _, p := range got.Plays {
		switch {
		case p.FromHand != "" && p.From == nil:
			drops++
		case p.From != nil:
			steps++
		}
	}
	if drops == 0 || steps == 0 || drops+steps != len(b.Moves) {
		t.Errorf("%d drops and %d moves on the board of %d", drops, steps, len(b.Moves))
	}
}
