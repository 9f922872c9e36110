package tiers

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDistinct: the set counts what sorting counts, for lists short and
// long, of few values and of many, across the wrap of its stamp.
func TestDistinct(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var d distinct
	for i := range 20000 {
		if i == 10000 {
			d.stamp = ^uint32(0) - 3 // the next lists wrap it round
		}
		n := r.IntN(200)
		span := uint64(1 + r.IntN(2*n+1))
		ranks := make([]uint64, n)
		for j := range ranks {
			ranks[j] = r.Uint64N(span) * (1 + uint64(i%3)<<40) // spread, and some alike in their top byte
		}
		sorted := slices.Clone(ranks)
		slices.Sort(sorted)
		want := len(slices.Compact(sorted))
		if got := d.count(ranks); got != want {
			t.Fatalf("list %d of %d ranks: %d distinct, sorting says %d", i, n, got, want)
		}
	}
}

// BenchmarkDistinct counts the distinct ranks of lists of 32, as a
// moving-phase morris position's moves in its own tier give, against
// sorting them.
func BenchmarkDistinct(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	lists := make([][]uint64, 1024)
	for i := range lists {
		for range 32 {
			lists[i] = append(lists[i], r.Uint64N(1<<30))
		}
		lists[i] = append(lists[i], lists[i][:4]...) // a few reached twice
	}
	buf := make([]uint64, 0, 64)
	b.Run("set", func(b *testing.B) {
		var d distinct
		i := 0
		for b.Loop() {
			buf = append(buf[:0], lists[i%len(lists)]...)
			d.count(buf)
			i++
		}
	})
	b.Run("sort", func(b *testing.B) {
		i := 0
		for b.Loop() {
			buf = append(buf[:0], lists[i%len(lists)]...)
			slices.Sort(buf)
			_ = len(slices.Compact(buf))
			i++
		}
	})
}
