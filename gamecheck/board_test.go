package gamecheck_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
)

// boardToy is the toy counter drawn as a row of eight cells, the count's
// cell marked; a move is placed from the count's cell to the cell it
// reaches. Its breach breaks the board at the count 2.
type boardToy struct {
	toy
	boardBreach string
}

func (g *boardToy) Board(p sente.Position) sente.Board {
	n := int(p.(toyPos))
	b := sente.Board{Cells: [][]string{make([]string, 8)}}
	b.Cells[0][n] = "x"
	for _, m := range g.Moves(p) {
		from := sente.BoardCell{Col: n}
		b.Moves = append(b.Moves, sente.BoardMove{Name: m.Name, From: &from, To: sente.BoardCell{Col: int(m.To.(toyPos))}})
	}
	if n != 2 {
		return b
	}
	switch g.boardBreach {
	case "no cells":
		b.Cells = nil
	case "unknown move":
		b.Moves[0].Name = "+3"
	case "twice":
		b.Moves[1].Name = b.Moves[0].Name
	case "off":
		b.Moves[0].To.Col = 8
	case "same cell":
		b.Moves[0].To = *b.Moves[0].From
	}
	return b
}

// TestBoardBreaches: a board that places its moves is checked: moves of
// the position, once each, on its cells.
func TestBoardBreaches(t *testing.T) {
	rep, err := gamecheck.Check(context.Background(), &boardToy{}, gamecheck.Options{})
	if err != nil || !strings.Contains(strings.Join(rep.Checks, "\n"), "board:") {
		t.Fatalf("a sound board: %v, checks %q", err, rep.Checks)
	}
	for _, tc := range []struct{ breach, msg string }{
		{"no cells", "Board has no cells"},
		{"unknown move", `Board places "+3", which is not a move of the position`},
		{"twice", `Board places "+1" twice`},
		{"off", `Board places "+1" off its 1 rows of cells`},
		{"same cell", `Board places "+1" from and to the same cell`},
	} {
		_, err := gamecheck.Check(context.Background(), &boardToy{boardBreach: tc.breach}, gamecheck.Options{})
		var ce *gamecheck.Error
		if !errors.As(err, &ce) || ce.Check != "board" || ce.Position != "2" || !strings.Contains(ce.Msg, tc.msg) {
			t.Errorf("%s: %v; want the board check at 2 with %q", tc.breach, err, tc.msg)
		}
	}
}
