package answer_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explain"
)

// TestQuickMovesAgree checks the quick answer of positions along random
// games against the answer of every move searched to the end: each move
// the quick answer values has that value (and that remoteness when it
// gives one), a lost position's moves are all valued, and a won or tied
// position's has a best move, which is one of the best.
func TestQuickMovesAgree(t *testing.T) {
	for _, spec := range []string{"connect4:w=5,h=4", "tictactoe", "kalah:houses=3,seeds=2"} {
		t.Run(spec, func(t *testing.T) {
			g := open(t, spec)
			rng := rand.New(rand.NewPCG(46, 7))
			for game := 0; game < 12; game++ {
				p := g.Start()
				for ply := 0; ; ply++ {
					if _, over := g.Ended(p); over {
						break
					}
					checkQuick(t, g, p)
					ms := g.Moves(p)
					p = ms[rng.IntN(len(ms))].To
				}
			}
		})
	}
}

func checkQuick(t *testing.T, g sente.Game, p sente.Position) {
	t.Helper()
	a, err := answer.Solve(context.Background(), g, answer.Options{From: p, Engine: answer.Search, MaxMemory: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	s := a.Solution.(*answer.SearchSolution)
	root, quick, ok, err := s.QuickMoves(p)
	if err != nil || !ok {
		t.Fatalf("%s: quick moves %v, %v", g.FormatPosition(p), ok, err)
	}
	full, err := explain.Moves(a.Solution, p)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := a.Solution.Outcome(p)
	if root != want {
		t.Errorf("%s: quick %v, searched %v", g.FormatPosition(p), root, want)
	}
	exact := map[string]sente.Outcome{}
	for _, m := range full {
		exact[m.Name] = m.Outcome
	}
	best := false
	for _, m := range quick {
		o, w := m.Outcome, exact[m.Name]
		switch {
		case o.Value == sente.Unknown:
			if root.Value == sente.Lose {
				t.Errorf("%s: move %s of a lost position not valued", g.FormatPosition(p), m.Name)
			}
		case o.Remoteness == sente.RemotenessUnknown && o.Value != w.Value, o.Remoteness != sente.RemotenessUnknown && o != w:
			t.Errorf("%s: move %s quick %v, searched %v", g.FormatPosition(p), m.Name, o, w)
		}
		best = best || o == root
	}
	if (root.Value == sente.Win || root.Value == sente.Tie) && !best {
		t.Errorf("%s (%v): no best move among %v", g.FormatPosition(p), root, quick)
	}
}
