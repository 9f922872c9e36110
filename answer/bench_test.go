package answer_test

import (
	"context"
	"runtime"
	"testing"

	"sente/answer"
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
	for _, spec := range []string{"kayles:n=40", "consecutive:n=18", "count:lose=10000,most=100", "../cmd/sente/testdata/rules/loopyimp.star"} {
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
