package tiers

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRadixSortSorts holds radixSort to the standard sort on keys of
// several shapes: few bits varying, all 64, repeats, a few keys (which go
// to the standard sort), and high bits alone.
func TestRadixSortSorts(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 3))
	for _, tc := range []struct {
		name string
		n    int
		key  func() uint64
	}{
		{"36 bits", 300_000, func() uint64 { return r.Uint64() >> 28 }},
		{"64 bits", 50_000, r.Uint64},
		{"repeats", 20_000, func() uint64 { return uint64(r.IntN(50)) << 40 }},
		{"few", 500, r.Uint64},
		{"high bits", 5_000, func() uint64 { return r.Uint64() &^ (1<<60 - 1) }},
		{"one key", 3_000, func() uint64 { return 77 }},
	} {
		a := make([]uint64, tc.n)
		for i := range a {
			a[i] = tc.key()
		}
		want := slices.Clone(a)
		slices.Sort(want)
		for range 2 { // the second time with a buffer from the first
			b := slices.Clone(a)
			radixSort(b)
			if !slices.Equal(b, want) {
				t.Fatalf("%s: radixSort gave another order than slices.Sort", tc.name)
			}
		}
	}
}
