package search_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/search"
)

// shallow is connect four that refuses to be expanded from tier deep on:
// search over it must take those positions from its leaves.
type shallow struct {
	*games.Connect4
	deep     int
	expanded *atomic.Int64 // expansions of deep positions: none allowed
}

func (g shallow) AppendChildren(dst []uint64, key uint64) []uint64 {
	if g.Tier(key) >= g.deep {
		g.expanded.Add(1)
	}
	return g.Connect4.AppendChildren(dst, key)
}

func (g shallow) OrderChildren(dst []sente.Child, key uint64) ([]sente.Child, sente.Tactics) {
	if g.Tier(key) >= g.deep {
		g.expanded.Add(1)
	}
	return g.Connect4.OrderChildren(dst, key)
}

// TestLeaves: with the stored outcomes of the positions of eight stones
// or more as leaves, and never expanding them, search gives the table's
// outcome of every position of fewer stones of connect four 4×4, and of
// the start. Search answers the shallow tiers, the tables the deep ones.
func TestLeaves(t *testing.T) {
	g0, ps, os := solved(t, "connect4:w=4,h=4")
	c4 := g0.(*games.Connect4)
	const deep = 8
	stored := map[uint64]sente.Outcome{}
	var shallowPs []sente.Position
	var shallowOs []sente.Outcome
	for i, p := range ps {
		k := c4.Encode(p)
		if c4.Tier(k) >= deep {
			stored[k] = os[i]
		} else {
			shallowPs = append(shallowPs, p)
			shallowOs = append(shallowOs, os[i])
		}
	}
	var asked atomic.Int64
	leaves := search.LeavesFunc(func(k uint64) (sente.Outcome, bool) {
		o, ok := stored[k]
		if ok {
			asked.Add(1)
		}
		return o, ok
	})
	var expanded atomic.Int64
	g := shallow{Connect4: c4, deep: deep, expanded: &expanded}
	s, err := search.New(g, search.Options{TableBytes: 1 << 20, Leaves: leaves})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range shallowPs {
		res, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != shallowOs[i] {
			t.Errorf("%s: search over the tables %v, tables %v", g.FormatPosition(p), res.Outcome, shallowOs[i])
		}
	}
	if n := expanded.Load(); n != 0 {
		t.Errorf("search expanded %d positions that the leaves answer", n)
	}
	if asked.Load() == 0 {
		t.Errorf("the leaves were never asked")
	}
	res, err := s.Solve(context.Background(), g.Start())
	if want := (sente.Outcome{Value: sente.Tie, Remoteness: 16}); err != nil || res.Outcome != want {
		t.Errorf("start: %v, %v; want %v", res.Outcome, err, want)
	}
	t.Logf("%d positions of fewer than %d stones; the tables of %d positions asked %d times", len(shallowPs), deep, len(stored), asked.Load())
}
