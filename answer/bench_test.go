package answer_test

import (
	"context"
	"math/rand/v2"
	"os"
	"runtime"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// heapAfterGC is the live heap once the collector has run.
func heapAfterGC() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkGrundyBytes measures what Grundy values keep beside a solve,
// per position: the live heap of an answer with them less one without. The
// browser app's budget charges the same figure (Answer.Bytes).
func BenchmarkGrundyBytes(b *testing.B) {
	for _, spec := range []string{"kayles:n=40", "consecutive:n=18", "count:lose=10000,most=100", "../cli/testdata/rules/loopyimp.star"} {
		b.Run(spec, func(b *testing.B) {
			g := open(b, spec)
			var held, charged float64
			for b.Loop() {
				base := heapAfterGC()
				plain, err := answer.Solve(context.Background(), g, answer.Options{})
				if err != nil {
					b.Fatal(err)
				}
				without := heapAfterGC() - base
				runtime.KeepAlive(plain)
				plain = nil
				base = heapAfterGC()
				a, err := answer.Solve(context.Background(), g, answer.Options{Grundy: true})
				if err != nil {
					b.Fatal(err)
				}
				with := heapAfterGC() - base
				n := float64(a.Solution.Positions())
				held = (float64(with) - float64(without)) / n
				charged = float64(a.Bytes()-int64(a.Solution.Bytes())) / n
				runtime.KeepAlive(a)
			}
			b.ReportMetric(held, "grundy-heap-B/position")
			b.ReportMetric(charged, "grundy-charged-B/position")
		})
	}
}

// BenchmarkStoredMoves times what `sente moves` asks of stored tables: the
// value of each move at positions along a game, from a table opened once
// (warm: the frames an answer decompresses are kept a few at a time) and
// from tables opened afresh for each question (the tiers' headers read
// again, no frame kept). SENTE_STORE and SENTE_STORE_GAME name a store and
// a game solved in it (connect4:w=6,h=5 for BENCHMARKS.md); without them,
// connect four 5×4 is solved into a temporary store first.
func BenchmarkStoredMoves(b *testing.B) {
	ctx := context.Background()
	dir, spec := os.Getenv("SENTE_STORE"), os.Getenv("SENTE_STORE_GAME")
	if dir == "" || spec == "" {
		dir, spec = b.TempDir(), "connect4:w=5,h=4"
		st := store.Store{Dir: dir}
		if _, err := answer.Solve(ctx, open(b, spec), answer.Options{Engine: answer.Tiers, Tables: &st, Name: spec + ",k=4"}); err != nil {
			b.Fatal(err)
		}
		spec += ",k=4"
	}
	st := store.Store{Dir: dir}
	g := open(b, spec)
	ts := answer.Open(ctx, g, &st, spec)
	if ts == nil {
		b.Fatalf("no whole table of %s in %s", spec, dir)
	}
	defer ts.Close()
	sol := tables.NewSolution(g, ts, g.Start(), 0)
	// Positions along a game of random moves, each answered in turn.
	var line []sente.Position
	r := rand.New(rand.NewPCG(1, 2))
	for p := g.Start(); ; {
		if _, ended := g.Ended(p); ended {
			break
		}
		line = append(line, p)
		moves := g.Moves(p)
		p = moves[r.IntN(len(moves))].To
	}
	b.Run("warm", func(b *testing.B) {
		i := 0
		for b.Loop() {
			if _, err := explain.Moves(sol, line[i%len(line)]); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	b.Run("opened-each-time", func(b *testing.B) {
		i := 0
		for b.Loop() {
			fresh := answer.Open(ctx, g, &st, spec)
			if _, err := explain.Moves(tables.NewSolution(g, fresh, g.Start(), 0), line[i%len(line)]); err != nil {
				b.Fatal(err)
			}
			fresh.Close()
			i++
		}
	})
}
