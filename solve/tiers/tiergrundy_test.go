package tiers

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// impartialGraph is a random tier graph played as an impartial game.
type impartialGraph struct{ *tierGraph }

func (impartialGraph) Impartial() bool { return true }

// acyclicImpartial is a random tier graph without loops whose ended
// positions are all lost for the player to move (normal play), unless
// misplay is set: then one reachable ended position is won.
func acyclicImpartial(r *rand.Rand, misplay bool) impartialGraph {
	g := randomTierGraph(r, 7, 300)
	for t := range g.loops {
		g.loops[t] = false
	}
	for k, kids := range g.kids {
		t := int(k >> 32)
		var keep []uint64
		for _, c := range kids {
			if int(c>>32) != t {
				keep = append(keep, c)
			}
		}
		g.kids[k] = keep
	}
	for k := range g.ended {
		g.ended[k] = sente.Lose
	}
	if misplay {
		for _, k := range reachableKeys(g) {
			if _, ok := g.ended[k]; ok {
				g.ended[k] = sente.Win
				break
			}
		}
	}
	return impartialGraph{g}
}

// reachableKeys are the positions the start of g reaches.
func reachableKeys(g *tierGraph) []uint64 {
	seen := map[uint64]bool{g.start: true}
	todo := []uint64{g.start}
	for len(todo) > 0 {
		k := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if _, ended := g.ended[k]; ended {
			continue
		}
		for _, c := range g.kids[k] {
			if !seen[c] {
				seen[c] = true
				todo = append(todo, c)
			}
		}
	}
	keys := make([]uint64, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	return keys
}

// grundyByMex is the reference: the mex of the children's values, by
// recursion over the moves, 0 for an ended position.
func grundyByMex(g *tierGraph, k uint64, memo map[uint64]int) int {
	if v, ok := memo[k]; ok {
		return v
	}
	v := 0
	if _, ended := g.ended[k]; !ended {
		seen := map[int]bool{}
		for _, c := range g.kids[k] {
			seen[grundyByMex(g, c, memo)] = true
		}
		for seen[v] {
			v++
		}
	}
	memo[k] = v
	return v
}

// TestTierGrundy: an impartial game under normal play solved by tiers has
// the Grundy value of every reachable position stored with its tables,
// the mex the reference finds, whether in memory or in a store, and read
// back from a store opened again; a Grundy value is 0 exactly where the
// player to move loses.
func TestTierGrundy(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for trial := range 8 {
		g := acyclicImpartial(r, false)
		memo := map[uint64]int{}
		gs, err := store.Store{Dir: t.TempDir()}.Game("impartial")
		if err != nil {
			t.Fatal(err)
		}
		for _, sink := range []TierSink{NewMemorySink(), gs} {
			sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink, Workers: 1 + trial%2})
			if err != nil {
				t.Fatal(err)
			}
			if !sol.HasGrundy() {
				t.Fatalf("trial %d %T: no Grundy values stored", trial, sink)
			}
			for _, k := range reachableKeys(g.tierGraph) {
				n, ok := sol.Grundy(k)
				want := grundyByMex(g.tierGraph, k, memo)
				if !ok || n != want {
					t.Fatalf("trial %d %T: position %d has Grundy value %d (%v), want %d", trial, sink, k, n, ok, want)
				}
				if o, _ := sol.Outcome(k); (o.Value == sente.Win) != (n != 0) {
					t.Fatalf("trial %d: position %d is a %v with Grundy value %d", trial, k, o.Value, n)
				}
			}
			sol.Close()
		}
		// Opened again from the store alone.
		sol, err := tables.Open(g, gs, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		if n, ok := sol.Grundy(g.start); !ok || n != grundyByMex(g.tierGraph, g.start, memo) {
			t.Errorf("trial %d: the start reads Grundy value %d (%v) from the stored tables", trial, n, ok)
		}
		sol.Close()
	}
}

// TestTierGrundyGivenUp: no Grundy values are stored for a game that is
// not impartial, for one with a position won when it ends (not normal
// play), nor for a solve that resumes from tiers stored without theirs;
// none is left behind in the store.
func TestTierGrundyGivenUp(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	noGrundy := func(name string, g sente.Game, gs *store.GameStore) {
		t.Helper()
		sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: gs})
		if err != nil {
			t.Fatal(err)
		}
		defer sol.Close()
		if sol.HasGrundy() {
			t.Errorf("%s: Grundy values stored", name)
		}
		entries, _ := os.ReadDir(gs.Dir)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".grundy") {
				t.Errorf("%s: %s left in the store", name, e.Name())
			}
		}
	}
	newStore := func() *store.GameStore {
		gs, err := store.Store{Dir: t.TempDir()}.Game("impartial")
		if err != nil {
			t.Fatal(err)
		}
		return gs
	}
	g := acyclicImpartial(r, false)
	noGrundy("partizan", g.tierGraph, newStore())
	noGrundy("not normal play", acyclicImpartial(r, true), newStore())

	gs := newStore()
	sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: gs})
	if err != nil {
		t.Fatal(err)
	}
	if len(sol.Tiers) < 2 {
		t.Fatalf("the test graph reaches %d tiers", len(sol.Tiers))
	}
	first, root := sol.Tiers[0].Tier, sol.Tiers[len(sol.Tiers)-1].Tier
	sol.Close()
	os.Remove(filepath.Join(gs.Dir, store.FileName(first, store.Grundy)))
	os.Remove(filepath.Join(gs.Dir, store.FileName(root, store.Values)))
	noGrundy("resumed from a tier without them", g, gs)
}
