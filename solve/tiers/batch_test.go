package tiers

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/nimber"
)

// batched is a game whose canonical bytes (sente.WithBytes) also expand a
// block at a time (sente.ExpandBatcher), one position after another by
// Expand, as a game module's host does in a few calls; it counts the
// batches and the positions they held.
type batched struct {
	sente.Game
	caps             sente.Capabilities
	batches, entries *atomic.Int64
}

func newBatched(g sente.Game) batched {
	x := sente.WithBytes(g)
	b := batched{Game: x, caps: sente.CapabilitiesOf(x), batches: new(atomic.Int64), entries: new(atomic.Int64)}
	b.caps.ExpandBatcher = b
	return b
}

func (b batched) Capabilities() sente.Capabilities { return b.caps }

func (b batched) ExpandBatch(bytes []byte, width int, xs []sente.Expansion) error {
	b.batches.Add(1)
	b.entries.Add(int64(len(xs)))
	for i := range xs {
		if err := b.caps.Expander.Expand(bytes[i*width:(i+1)*width], &xs[i]); err != nil {
			return err
		}
	}
	return nil
}

// TestBatchedExpansionMatchesReference solves games through the forward
// pass's batched expansion (sente.ExpandBatcher) and checks every
// position against the reference solver, under normal play and under
// misère play (whose wrapper must turn the batches' results as it turns
// Expand's): subtract-a-square with tiers, by its text and by its keys,
// and random graphs with cycles, draws, ties and moves that keep the turn,
// as one loopy tier. Blocks are made small, so that a tier takes many.
func TestBatchedExpansionMatchesReference(t *testing.T) {
	defer func(b uint64) { discoverBlock = b }(discoverBlock)
	discoverBlock = 7
	games := map[string]sente.Game{
		"squares by text, tiered": keyedSquares{squares{40}},
		"squares by keys, tiered": rankedSquares{keyedSquares{squares{40}}},
	}
	r := rand.New(rand.NewPCG(49, 2))
	trials := 20
	if testing.Short() {
		trials = 6
	}
	for trial := range trials {
		g := randomTierGraph(r, 4, 30)
		if trial%2 == 1 {
			g = withTierTurns(r, g)
		}
		games[fmt.Sprintf("graph %d by text", trial)] = plain{g}
		games[fmt.Sprintf("graph %d by keys", trial)] = keyedGraph{g}
	}
	var batches, entries int64
	for name, g := range games {
		for _, misere := range []bool{false, true} {
			b := newBatched(g)
			var game, ref sente.Game = b, g
			if misere {
				name += " (misère)"
				game, ref = nimber.MisereGame(b), nimber.MisereGame(g)
			}
			if !Discovers(game) {
				t.Fatalf("%s: the tier engine would not discover its ranks", name)
			}
			for _, workers := range []int{1, 2} {
				sol, err := SolveTiers(t.Context(), game, TierOptions{Workers: workers})
				if err != nil {
					t.Fatalf("%s on %d workers: %v", name, workers, err)
				}
				checkAgainstReference(t, fmt.Sprintf("%s on %d workers", name, workers), ref, sol)
				sol.Close()
			}
			if b.batches.Load() == 0 {
				t.Errorf("%s: the forward pass asked for no batch", name)
			}
			batches, entries = batches+b.batches.Load(), entries+b.entries.Load()
		}
	}
	if entries <= batches {
		t.Errorf("the forward pass expanded %d positions in %d batches; want it to ask for blocks", entries, batches)
	}
}
