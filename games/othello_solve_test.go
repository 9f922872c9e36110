package games_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
)

// othelloEmpties is the empty cells of an Othello position.
func othelloEmpties(g *games.Othello, p sente.Position) int {
	q := p.(games.OthelloPosition)
	return strings.Count(g.FormatPosition(q), ".")
}

// TestOthelloSolveMargin holds Othello's own endgame search
// (sente.MarginSolver) to the reference minimax on positions of random
// games with 2 to 9 empty cells, on 6×6 and 4×6: with the whole window,
// and with windows just below, at and above the margin, where a result
// outside the window need only bound the margin on the right side.
func TestOthelloSolveMargin(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for _, spec := range []string{"othello:n=6", "othello:w=6,h=4", "othello:n=4"} {
		g := othelloGame(t, spec).(*games.Othello)
		enc := sente.CapabilitiesOf(g).Encoder
		plays := 40
		if testing.Short() {
			plays = 8
		}
		memo := map[string]int{}
		checked := 0
		for range plays {
			p := g.Start()
			for {
				moves := g.Moves(p)
				if len(moves) == 0 {
					break
				}
				p = moves[rng.IntN(len(moves))].To
				empties := othelloEmpties(g, p)
				if empties > 9 || empties < 2 {
					continue
				}
				if _, over := g.Ended(p); over {
					break
				}
				want := refBest(refFromText(t, g.FormatPosition(p)), memo)
				key := enc.Encode(p)
				for _, w := range [][2]int{{-100, 100}, {want - 1, want}, {want, want + 1}, {want - 3, want - 2}, {want + 2, want + 3}, {want - 1, want + 1}} {
					got, nodes, ok := g.SolveMargin(key, w[0], w[1])
					switch {
					case !ok || nodes == 0:
						t.Fatalf("%s: %d empty cells not searched", g.FormatPosition(p), empties)
					case got <= w[0] && want > got,
						got >= w[1] && want < got,
						got > w[0] && got < w[1] && got != want:
						t.Fatalf("%s: %d in the window (%d, %d), the reference's margin %d", g.FormatPosition(p), got, w[0], w[1], want)
					}
				}
				checked++
			}
		}
		if checked < plays {
			t.Errorf("%s: only %d positions checked", spec, checked)
		}
	}
}

// TestOthelloSolveMarginBounds: a position with more empty cells than
// the endgame search takes is left to the search above, untouched.
func TestOthelloSolveMarginBounds(t *testing.T) {
	g := othelloGame(t, "othello:n=6").(*games.Othello)
	key := sente.CapabilitiesOf(g).Encoder.Encode(g.Start())
	if _, nodes, ok := g.SolveMargin(key, -1, 1); ok || nodes != 0 {
		t.Errorf("the start of 6×6 (32 empty cells): searched (%v, %d nodes)", ok, nodes)
	}
}
