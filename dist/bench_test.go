package dist

import (
	"context"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// BenchmarkSolve solves a game from nothing on Prism, in this process, and
// with the tier engine on one machine into a store on the same disk: the
// time a position through the pipelines against the single machine's, and
// what the pipelines send through shuffles a position.
//
//	go test -run '^$' -bench 'Solve/connect4:w=5' -benchtime 1x -count 5
func BenchmarkSolve(b *testing.B) {
	for _, spec := range []string{"connect4:w=5,h=4,k=4", "connect4:w=6,h=4,k=4", "quixo:n=3,k=0"} {
		b.Run(spec+"/engine=prism", func(b *testing.B) {
			var rep *Report
			for b.Loop() {
				var err error
				rep, err = Solve(context.Background(), Options{Game: spec, Store: b.TempDir(), Run: prism.Execute})
				if err != nil {
					b.Fatal(err)
				}
			}
			n := float64(rep.Positions())
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/position")
			b.ReportMetric(float64(rep.ShuffleBytes())/n, "shuffle-B/position")
			b.ReportMetric(float64(rep.Pipelines), "pipelines")
		})
		b.Run(spec+"/engine=tiers", func(b *testing.B) {
			g, err := games.New(spec)
			if err != nil {
				b.Fatal(err)
			}
			var positions uint64
			for b.Loop() {
				gs, err := store.Store{Dir: b.TempDir()}.Game(spec)
				if err != nil {
					b.Fatal(err)
				}
				sol, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs})
				if err != nil {
					b.Fatal(err)
				}
				positions = sol.Totals.Positions
				sol.Close()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(positions), "ns/position")
		})
	}
}
