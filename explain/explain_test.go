package explain_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
)

func TestVerdict(t *testing.T) {
	tests := []struct {
		turn sente.Player
		o    sente.Outcome
		want string
	}{
		{sente.First, sente.Outcome{Value: sente.Win, Remoteness: 7}, "first player wins in 7 plies"},
		{sente.First, sente.Outcome{Value: sente.Lose, Remoteness: 12}, "second player wins in 12 plies"},
		{sente.Second, sente.Outcome{Value: sente.Win, Remoteness: 1}, "second player wins in 1 ply"},
		{sente.Second, sente.Outcome{Value: sente.Lose, Remoteness: 0}, "first player has won"},
		{sente.First, sente.Outcome{Value: sente.Tie, Remoteness: 0}, "the game has ended in a tie"},
		{sente.First, sente.Outcome{Value: sente.Tie, Remoteness: 9}, "tie in 9 plies"},
		{sente.Second, sente.Outcome{Value: sente.Draw}, "draw (endless play)"},
	}
	for _, tt := range tests {
		if got := explain.Verdict(tt.turn, tt.o); got != tt.want {
			t.Errorf("Verdict(%v, %v) = %q, want %q", tt.turn, tt.o, got, tt.want)
		}
	}
}

func TestJudge(t *testing.T) {
	win := func(r int) sente.Outcome { return sente.Outcome{Value: sente.Win, Remoteness: r} }
	lose := func(r int) sente.Outcome { return sente.Outcome{Value: sente.Lose, Remoteness: r} }
	tie := func(r int) sente.Outcome { return sente.Outcome{Value: sente.Tie, Remoteness: r} }
	draw := sente.Outcome{Value: sente.Draw}
	tests := []struct {
		chosen, best sente.Outcome
		want         string
	}{
		{win(3), win(3), ""},
		{lose(4), win(3), "that move threw away a win"},
		{draw, win(3), "that move threw away a win"},
		{win(5), win(3), "that move still wins, but in 5 plies instead of 3 plies"},
		{lose(2), tie(4), "that move threw away a tie"},
		{lose(2), draw, "that move threw away a draw"},
		{draw, tie(4), "that move gave up a tie for endless play"},
		{lose(2), lose(6), "that move loses sooner: in 2 plies instead of 6 plies"},
	}
	for _, tt := range tests {
		if got := explain.Judge(tt.chosen, tt.best); got != tt.want {
			t.Errorf("Judge(%v, %v) = %q, want %q", tt.chosen, tt.best, got, tt.want)
		}
	}
}

func solved(t testing.TB, spec string) (sente.Game, solve.Solution) {
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g, sol
}

// TestMovesOrder checks on every tic-tac-toe position that moves come best
// first, that the first move achieves the position's own value, and that
// Best returns exactly the moves equal to the first.
func TestMovesOrder(t *testing.T) {
	g, sol := solved(t, "tictactoe")
	sol.Each(func(p sente.Position, o sente.Outcome) bool {
		ranked, err := explain.Moves(sol, p)
		if err != nil {
			t.Fatal(err)
		}
		if _, ended := g.Ended(p); ended {
			return len(ranked) == 0 || t.Failed()
		}
		if ranked[0].Outcome != o {
			t.Fatalf("%s is %v but its best move %s is %v", g.FormatPosition(p), o, ranked[0].Name, ranked[0].Outcome)
		}
		for i := 1; i < len(ranked); i++ {
			if ranked[i].Outcome.Better(ranked[i-1].Outcome) {
				t.Fatalf("%s: move %s (%v) ranked after %s (%v)", g.FormatPosition(p), ranked[i].Name, ranked[i].Outcome, ranked[i-1].Name, ranked[i-1].Outcome)
			}
		}
		best, _ := explain.Best(sol, p)
		for i, m := range ranked {
			if (i < len(best)) != (m.Outcome == o) {
				t.Fatalf("%s: Best gave %d moves, but move %d (%v) equals the best: %v", g.FormatPosition(p), len(best), i, m.Outcome, m.Outcome == o)
			}
		}
		return true
	})
}

// TestLine checks that the main line of tic-tac-toe lasts exactly the
// remoteness of the start and ends in a tie.
func TestLine(t *testing.T) {
	g, sol := solved(t, "tictactoe")
	line, err := explain.Line(sol, g.Start(), 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(line) != 9 {
		t.Fatalf("line of %d plies, want 9", len(line))
	}
	if v, ended := g.Ended(line[len(line)-1].To); !ended || v != sente.Tie {
		t.Fatalf("line ends at %s, %v %v; want a tie", g.FormatPosition(line[len(line)-1].To), v, ended)
	}
}

func ExampleMoves() {
	g, _ := games.New("cards")
	sol, _ := hashing.Solve(context.Background(), g, hashing.Options{})
	after1, _ := g.ParsePosition("1/-") // the first player opened with 1
	moves, _ := explain.Moves(sol, after1)
	for _, m := range moves {
		fmt.Println(m.Name, m.Outcome)
	}
	// Output:
	// 1 win in 7
	// 2 lose in 8
	// 3 lose in 8
	// 4 lose in 8
	// 5 lose in 8
}
