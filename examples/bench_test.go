package examples_test

import (
	"testing"

	"github.com/sente-go/sente/solve/tiers"
)

// BenchmarkDiscoveredTiers solves rules files on the tier engine (ranks
// discovered by its forward pass) and reports positions per second and the
// heap's bytes a position; each iteration loads the file afresh.
func BenchmarkDiscoveredTiers(b *testing.B) {
	for _, spec := range []string{
		"domineering:w=5,h=5",
		"connect4:w=5,h=4",
	} {
		b.Run(spec, func(b *testing.B) {
			positions := uint64(0)
			for b.Loop() {
				g := loadRules(b, spec)
				sol, err := tiers.SolveTiers(b.Context(), g, tiers.TierOptions{})
				if err != nil {
					b.Fatal(err)
				}
				positions = sol.Totals.Positions
			}
			b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
