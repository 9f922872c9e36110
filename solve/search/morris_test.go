package search_test

import (
	"context"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve/search"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// longTests skips t unless the long tests run (SENTE_LONG, see
// internal/testmode).
func longTests(t *testing.T) {
	t.Helper()
	testmode.SkipUnlessLong(t, "the long tests of search (stored tables of five men's morris and connect four, searched over)")
}

// TestMorrisOverItsMovingPhase: five men's morris's placing phase searched
// over the stored tables of its moving phase (every position with no stone
// in hand answered by the tier engine's tables, none searched) gives the
// start's value, a draw, which neither search alone (the moving phase
// loops) nor the placing phase's own tables give.
func TestMorrisOverItsMovingPhase(t *testing.T) {
	longTests(t)
	const spec = "morris:board=five"
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := store.Store{Dir: t.TempDir()}.Game(spec)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	want, _ := ts.Outcome(g.Start())
	enc := sente.CapabilitiesOf(g).Encoder
	const hands = 0xff << 48 // the stones each player has in hand
	leaves := search.LeavesFunc(func(key uint64) (sente.Outcome, bool) {
		if key&hands != 0 {
			return sente.Outcome{}, false // placing: searched
		}
		return ts.Outcome(enc.Decode(key))
	})
	s, err := search.New(g, search.Options{TableBytes: 64 << 20, Leaves: leaves})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Solve(context.Background(), g.Start())
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != want || want.Value != sente.Draw {
		t.Errorf("start: search over the moving phase %v, tables %v, want a draw", res.Outcome, want)
	}
	// Each first placement too.
	for _, mv := range g.Moves(g.Start()) {
		want, _ := ts.Outcome(mv.To)
		res, err := s.Solve(context.Background(), mv.To)
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != want {
			t.Errorf("after %s: search %v, tables %v", mv.Name, res.Outcome, want)
		}
	}
	t.Logf("start %v: %d nodes, %d probes, %v", res.Outcome, res.Nodes, res.Probes, res.Elapsed)
}
