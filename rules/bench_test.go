package rules_test

import (
	"context"
	"testing"

	"sente"
	"sente/games"
	"sente/rules"
	"sente/solve"
)

// BenchmarkSolve solves tic-tac-toe written as a rules file
// (testdata/ttt.star) and the built-in Go tic-tac-toe on the same machine,
// and reports positions per second. Each rules iteration makes a fresh game
// (running the file's top level and starting an empty intern table), since
// a game caches what its file said about every position it met.
func BenchmarkSolve(b *testing.B) {
	b.Run("rules/ttt.star", func(b *testing.B) {
		fam, err := rules.Load("testdata/ttt.star", rules.Options{})
		if err != nil {
			b.Fatal(err)
		}
		vals, err := sente.Bind(fam.Name, fam.Params, nil)
		if err != nil {
			b.Fatal(err)
		}
		positions := 0
		for b.Loop() {
			g, err := fam.New(vals)
			if err != nil {
				b.Fatal(err)
			}
			sol, err := solve.Solve(context.Background(), g, solve.Options{})
			if err != nil {
				b.Fatal(err)
			}
			positions = sol.Positions()
		}
		b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	})
	b.Run("go/tictactoe", func(b *testing.B) {
		g, err := games.New("tictactoe")
		if err != nil {
			b.Fatal(err)
		}
		positions := 0
		for b.Loop() {
			sol, err := solve.Solve(context.Background(), g, solve.Options{})
			if err != nil {
				b.Fatal(err)
			}
			positions = sol.Positions()
		}
		b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	})
}
