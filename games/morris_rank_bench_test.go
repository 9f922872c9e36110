package games

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkMorrisTierRank ranks random boards of nine men's morris's
// largest moving tier, nine stones against eight, either side to move: the
// call every child and every parent of a solve, a count and a check makes.
func BenchmarkMorrisTierRank(b *testing.B) {
	g, err := NewMorris(MorrisRules{Board: "nine", Fly: "three", Remove: "standard", Blocked: "usual"})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	keys := make([]uint64, 1<<16)
	for i := range keys {
		perm := rng.Perm(24)
		var x, o uint64
		for _, p := range perm[:9] {
			x |= 1 << p
		}
		for _, p := range perm[9:17] {
			o |= 1 << p
		}
		keys[i] = x | o<<morrisPlane | uint64(rng.IntN(2))<<morrisSide
	}
	for range 1 << 21 { // the table of classes, made after many ranks
		g.TierRank(keys[0])
	}
	b.ResetTimer()
	var sum uint64
	i := 0
	for b.Loop() {
		_, r := g.TierRank(keys[i&(len(keys)-1)])
		sum += r
		i++
	}
	if sum == 1 {
		b.Log(sum)
	}
}
