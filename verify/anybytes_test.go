package verify

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// plainGame is a game seen through the Game contract alone, as a program
// of one's own may give it.
type plainGame struct{ sente.Game }

// squares is subtract-a-square with the Game contract alone.
type squares struct{ n int }

func (g squares) Start() sente.Position                    { return [2]int{g.n, 0} }
func (squares) Turn(p sente.Position) sente.Player         { return sente.Player(p.([2]int)[1]) }
func (squares) Ended(p sente.Position) (sente.Value, bool) { return sente.Lose, p.([2]int)[0] == 0 }
func (squares) FormatPosition(p sente.Position) string {
	return fmt.Sprint(p.([2]int)[0], "/", p.([2]int)[1])
}
func (squares) ParsePosition(s string) (sente.Position, error) {
	var q [2]int
	_, err := fmt.Sscanf(s, "%d/%d", &q[0], &q[1])
	return q, err
}
func (squares) Moves(p sente.Position) (moves []sente.Move) {
	for k, q := 1, p.([2]int); k*k <= q[0]; k++ {
		moves = append(moves, sente.Move{Name: fmt.Sprint(k * k), To: [2]int{q[0] - k*k, 1 - q[1]}})
	}
	return moves
}

// TestWithBytesTables checks the tables of games that give no ranks,
// stored by the tier engine through the canonical bytes sente.WithBytes
// gives them (their text): they pass as solved, and a changed value is
// caught. Chopsticks, seen as a plain game, is one loopy tier with draws.
func TestWithBytesTables(t *testing.T) {
	for name, g := range map[string]sente.Game{
		"squares":    squares{30},
		"chopsticks": plainGame{rulesGame(t, "chopsticks")},
	} {
		t.Run(name, func(t *testing.T) {
			g := sente.WithBytes(g)
			gs := storedRules(t, g)
			rep, err := Table(context.Background(), g, gs, Options{})
			if err != nil {
				t.Fatalf("the table as solved: %v", err)
			}
			if rep.Positions == 0 || len(rep.Tiers) != 1 {
				t.Fatalf("checked %d positions in %d tiers, want one tier", rep.Positions, len(rep.Tiers))
			}
			tab, err := gs.Open(rep.Tiers[0], store.Values)
			if err != nil {
				t.Fatal(err)
			}
			cells, err := tab.LoadCells()
			if err != nil {
				t.Fatal(err)
			}
			rank := -1
			for r, c := range cells {
				if c.Value() == sente.Win {
					rank = r
					break
				}
			}
			tab.Close()
			if rank < 0 {
				t.Fatal("no position won")
			}
			rewrite(t, gs, rep.Tiers[0], uint64(rank), store.Pack(sente.Lose, 1))
			var bad *Inconsistency
			if _, err := Table(context.Background(), g, gs, Options{}); !errors.As(err, &bad) {
				t.Errorf("a win made a loss: Table = %v, want an inconsistency", err)
			}
		})
	}
}
