package games_test

import (
	"context"
	"testing"

	"sente/games"
	"sente/solve"
)

// BenchmarkLoopyHash solves loopy games with the hashing engine, whose
// retrograde pass does much of the work (BENCHMARKS.md, "One retrograde
// kernel?").
func BenchmarkLoopyHash(b *testing.B) {
	for _, spec := range []string{"chopsticks", "quixo:n=3", "teeko:pieces=3,n=4"} {
		b.Run(spec, func(b *testing.B) {
			g, err := games.New(spec)
			if err != nil {
				b.Fatal(err)
			}
			var positions int
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
}

// BenchmarkLoopyTiers solves loopy games with the tier engine, whose loopy
// tiers go through its retrograde kernel.
func BenchmarkLoopyTiers(b *testing.B) {
	for _, spec := range []string{"chopsticks", "quixo:n=3", "teeko:pieces=3,n=4"} {
		b.Run(spec, func(b *testing.B) {
			g, err := games.New(spec)
			if err != nil {
				b.Fatal(err)
			}
			var positions uint64
			for b.Loop() {
				sol, err := solve.SolveTiers(context.Background(), g, solve.TierOptions{})
				if err != nil {
					b.Fatal(err)
				}
				positions = sol.Totals.Positions
				sol.Close()
			}
			b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
