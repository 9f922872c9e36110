package render_test

import (
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/render"
)

func TestBoardText(t *testing.T) {
	for _, tt := range []struct {
		name  string
		board sente.Board
		want  string
	}{
		{"grid with labels", sente.Board{
			Cells:     [][]string{{"x", "", "o"}, {"", "x", ""}},
			RowLabels: []string{"2", "1"},
			ColLabels: []string{"a", "b", "c"},
		}, "2  x . o\n1  . x .\n   a b c"},
		{"no labels", sente.Board{Cells: [][]string{{"", "o"}}}, " . o"},
		{"marked cells and a caption", sente.Board{
			Style:   "cards",
			Cells:   [][]string{{"1", "2"}, {"3", "4"}},
			Marked:  [][]bool{{true, false}, nil},
			Caption: "total 1 of 5",
		}, " (1)  2\n  3   4\ntotal 1 of 5"},
		{"wide column labels", sente.Board{
			Cells:     [][]string{{"x", ""}},
			ColLabels: []string{"10", "11"},
		}, " x  .\n 10 11"},
	} {
		if got := render.BoardText(tt.board); got != tt.want {
			t.Errorf("%s:\ngot\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}
