package hashing

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sente-go/sente"
)

// BenchmarkRetrograde solves a random graph of 300,000 positions in one
// tier, cycles everywhere, so that the retrograde pass and its predecessor
// lists do most of the work.
func BenchmarkRetrograde(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	n := 300000
	g := &graphGame{kids: make([][]int, n), ended: map[int]sente.Value{}}
	for i := range n {
		switch x := r.IntN(16); {
		case x == 0:
			g.ended[i] = sente.Win
		case x == 1:
			g.ended[i] = sente.Lose
		case x == 2:
			g.ended[i] = sente.Tie
		default:
			for range 1 + r.IntN(4) {
				g.kids[i] = append(g.kids[i], r.IntN(n))
			}
		}
	}
	var positions int
	for b.Loop() {
		sol, err := Solve(context.Background(), g, Options{})
		if err != nil {
			b.Fatal(err)
		}
		positions = sol.Positions()
	}
	b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}
