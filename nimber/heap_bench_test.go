package nimber

import (
	"context"
	"testing"

	"github.com/sente-go/sente"
)

// Run with: go test -run '^$' -bench . -benchtime 1x ./nimber/
//
// BenchmarkHeapValues computes Grundy's game to 2^21 heaps with HeapValues
// (the sparse-space method), and to smaller sizes with the plain methods,
// whose time grows as the square of the size: PlainHeapValues, the reference
// over r.Options, and the plain mex over the digits that HeapValues falls
// back on. values/s compares them at their own sizes.
func BenchmarkHeapValues(b *testing.B) {
	cases := []struct {
		name string
		n    int
		run  func(n int) (*heapSolver, []int)
	}{
		{"Grundy/HeapValues/n=2^21", 1 << 21, func(n int) (*heapSolver, []int) {
			g, s, err := heapValues(context.Background(), heapGrundysGame, n)
			if err != nil {
				b.Fatal(err)
			}
			return s, g
		}},
		{"Grundy/PlainHeapValues/n=2^15", 1 << 15, func(n int) (*heapSolver, []int) {
			return nil, PlainHeapValues(heapGrundysGame, n)
		}},
		{"Grundy/plain-digits/n=2^16", 1 << 16, func(n int) (*heapSolver, []int) {
			return heapSolve(b, heapGrundysGame, n, (*heapSolver).forcePlain)
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var s *heapSolver
			var g []int
			for b.Loop() {
				s, g = c.run(c.n)
			}
			if len(g) != c.n+1 {
				b.Fatalf("%d values", len(g))
			}
			b.ReportMetric(float64(c.n+1)*float64(b.N)/b.Elapsed().Seconds(), "values/s")
			if s != nil && s.sparse {
				b.ReportMetric(float64(len(s.rare)), "rare")
				b.ReportMetric(float64(s.fullScans), "fullscans")
				b.Logf("mask %#x twist %d rare label %d, %d rare heaps, %d full scans, %d later switches",
					s.mask, s.twist, s.rareLabel, len(s.rare), s.fullScans, s.switches)
			}
		})
	}
}

// BenchmarkFindHeapPeriod finds and proves the period of 0.16: 149459 from
// 105351 (Flammenkamp), which takes the values up to about 510,000.
func BenchmarkFindHeapPeriod(b *testing.B) {
	r := sente.HeapRules{Digits: []uint8{0, 1, 6}}
	var per Period
	var s *heapSolver
	for b.Loop() {
		var ok bool
		var err error
		per, ok, s, err = findHeapPeriod(context.Background(), r, 1<<20)
		if err != nil || !ok {
			b.Fatal(per, ok, err)
		}
	}
	if !per.Proven || per.Length != 149459 || per.From != 105351 {
		b.Fatalf("0.16: %+v; want period 149459 from 105351, proven", per)
	}
	b.ReportMetric(float64(s.len()), "values")
	b.ReportMetric(float64(len(s.rare)), "rare")
	b.Logf("%s", per.Proof)
	b.Logf("mask %#x twist %d rare label %d, %d rare heaps, %d full scans, %d later switches",
		s.mask, s.twist, s.rareLabel, len(s.rare), s.fullScans, s.switches)
}
