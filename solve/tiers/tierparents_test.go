package tiers

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/sente-go/sente"
)

// countedGraph counts the positions a solve expands.
type countedGraph struct {
	*tierGraph
	expanded *atomic.Int64
}

func (g countedGraph) AppendChildren(dst []uint64, k uint64) []uint64 {
	g.expanded.Add(1)
	return g.tierGraph.AppendChildren(dst, k)
}

// loopyLadder is one loopy tier of rungs positions, each with a move to
// the next rung and one to a short cut two rungs on, the last ended: a
// tier whose moves stay in it, settled over about as many levels as it has
// positions.
func loopyLadder(rungs int) *tierGraph {
	g := &tierGraph{sizes: []uint64{uint64(rungs)}, children: [][]int{nil}, loops: []bool{true},
		valid: map[uint64]bool{}, kids: map[uint64][]uint64{}, ended: map[uint64]sente.Value{}, parents: map[uint64][]uint64{}}
	for r := range uint64(rungs) {
		k := tierKey(0, r)
		g.valid[k] = true
		switch {
		case r == uint64(rungs)-1:
			g.ended[k] = sente.Lose
		case r+2 < uint64(rungs) && r%3 == 0:
			g.kids[k] = []uint64{tierKey(0, r+1), tierKey(0, r+2)}
		default:
			g.kids[k] = []uint64{tierKey(0, r+1)}
		}
	}
	g.start = tierKey(0, 0)
	return g
}

// TestLoopyTierWithoutParents: a loopy tier of a game that lists no
// parents is settled by retrograde analysis over its moves inside the
// tier, kept, rather than by value iteration, which expanded every open
// position again at each level: a few expansions a position, not one a
// level, and the values of the hashing engine, on a ladder and on random
// loopy graphs.
func TestLoopyTierWithoutParents(t *testing.T) {
	const rungs = 2000
	var n atomic.Int64
	g := countedGraph{loopyLadder(rungs), &n}
	sol, err := SolveTiers(context.Background(), g, TierOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	checkAgainstSolve(t, "ladder", g.tierGraph, sol)
	if got := n.Load(); got > 6*rungs {
		t.Errorf("the ladder's %d positions were expanded %d times: %.0f each", rungs, got, float64(got)/rungs)
	}
	r := rand.New(rand.NewPCG(51, 52))
	for trial := range 20 {
		g := randomTierGraph(r, 6, 400)
		sol, err := SolveTiers(context.Background(), g, TierOptions{Workers: 1 + trial%2})
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstSolve(t, "random loopy graph", g, sol)
	}
}
