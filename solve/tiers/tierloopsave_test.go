package tiers

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
)

// TestTiersLoopsResume stops a solve at every level of the retrograde
// analysis of its loopy tiers, cancelled (the analysis saves the level it
// was on) and killed (the sink as it was before that save), and solves
// again from what it saved: the same cells as a solve never stopped, the
// tier under way taken up at the level saved rather than from its first
// pass, and the saved work gone once the tier is stored.
func TestTiersLoopsResume(t *testing.T) {
	defer func(every time.Duration) { frontierEvery = every }(frontierEvery)
	frontierEvery = 0
	r := rand.New(rand.NewPCG(31, 32))
	taken, trials := 0, 6
	if testing.Short() {
		trials = 2 // the whole test takes seconds
	}
	for trial := 0; trial < trials; trial++ {
		g := unmoveTierGraph{randomTierGraph(r, 8, 2000)}
		want := NewMemorySink()
		full, err := SolveTiers(context.Background(), g, TierOptions{Sink: want})
		if err != nil {
			t.Fatal(err)
		}
		wantCells := tierCells(t, want, full)
		for _, killed := range []bool{false, true} {
			for k := 2; ; k++ {
				sink := NewMemorySink()
				var snapshot *MemorySink
				stoppedIn := -1
				ctx, cancel := context.WithCancel(context.Background())
				levels := 0
				_, err := SolveTiers(ctx, g, TierOptions{Sink: sink, Progress: func(p solve.Progress) {
					if p.Phase == solve.PhaseSettlingLoops && snapshot == nil {
						if levels++; levels == k {
							snapshot, stoppedIn = sink.clone(), p.Tier
							cancel()
						}
					}
				}})
				cancel()
				if snapshot == nil {
					break // the solve is over before the k-th level
				}
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("trial %d, stopped at level report %d: got %v", trial, k, err)
				}
				if killed {
					sink = snapshot
				}
				saved := sink.Has(stoppedIn, store.Loops)
				sol, firstPass := solveWatchingFirstPass(t, g, sink, stoppedIn)
				if saved && firstPass {
					t.Errorf("trial %d, killed %v at level report %d: tier %d went through its first pass again, its saved analysis not taken up", trial, killed, k, stoppedIn)
				}
				if saved {
					taken++
				}
				got := tierCells(t, sink, sol)
				for tier, c := range wantCells {
					if !slices.Equal(c, got[tier]) {
						t.Fatalf("trial %d, killed %v at level report %d: tier %d differs from a solve never stopped", trial, killed, k, tier)
					}
				}
				for _, rec := range sol.Tiers {
					if sink.Has(rec.Tier, store.Loops) {
						t.Errorf("trial %d: the saved analysis of tier %d outlived the tier's solve", trial, rec.Tier)
					}
				}
			}
		}
	}
	t.Logf("a saved analysis taken up %d times", taken)
	if taken < 20*trials/6 {
		t.Errorf("a saved analysis taken up %d times; want a test that takes it up more often", taken)
	}
}

// TestTiersLoopsNotUsed: saved work that does not fit the tier (cut short,
// of another tier size, of other reachable ranks, queueing a level already
// worked through) is not taken up; the tier is solved from its first pass,
// and gives a clean solve's cells.
func TestTiersLoopsNotUsed(t *testing.T) {
	defer func(every time.Duration) { frontierEvery = every }(frontierEvery)
	frontierEvery = 0
	r := rand.New(rand.NewPCG(33, 34))
	// A game whose retrograde analysis goes through a few levels.
	var g unmoveTierGraph
	var full *TierSolution
	want := NewMemorySink()
	for levels := 0; levels < 3; {
		g, want, levels = unmoveTierGraph{randomTierGraph(r, 8, 2000)}, NewMemorySink(), 0
		var err error
		full, err = SolveTiers(context.Background(), g, TierOptions{Sink: want, Progress: func(p solve.Progress) {
			if p.Phase == solve.PhaseSettlingLoops {
				levels++
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	wantCells := tierCells(t, want, full)
	for _, spoil := range []struct {
		name string
		do   func(b []byte) []byte
	}{
		{"cut short", func(b []byte) []byte { return b[:len(b)-8] }},
		{"another format", func(b []byte) []byte { b[0]++; return b }},
		{"another tier size", func(b []byte) []byte { b[8]++; return b }},
		{"other reachable ranks", func(b []byte) []byte { b[16]++; return b }},
		{"a level beyond any", func(b []byte) []byte { b[32], b[39] = 0xff, 0x7f; return b }},
		{"seconds not a number", func(b []byte) []byte {
			binary.LittleEndian.PutUint64(b[8*loopsHead:], math.Float64bits(math.NaN()))
			return b
		}},
	} {
		sink := NewMemorySink()
		stoppedIn := stopAtLevel(g, sink, 3)
		tbl, err := sink.Open(stoppedIn, store.Loops)
		if err != nil {
			t.Fatalf("%s: no analysis saved: %v", spoil.name, err)
		}
		sink.Write(stoppedIn, store.Loops, spoil.do(slices.Clone(tbl.Data)), tbl.Header.Counts)
		sol, firstPass := solveWatchingFirstPass(t, g, sink, stoppedIn)
		if !firstPass {
			t.Errorf("%s: tier %d not solved from its first pass", spoil.name, stoppedIn)
		}
		got := tierCells(t, sink, sol)
		for tier, c := range wantCells {
			if !slices.Equal(c, got[tier]) {
				t.Errorf("%s: tier %d differs from a clean solve's", spoil.name, tier)
			}
		}
	}
}

// TestTiersLoopsOnDisk: the saved analysis is a file of the game's store,
// taken up by the next solve and removed once the tier is stored.
func TestTiersLoopsOnDisk(t *testing.T) {
	defer func(every time.Duration) { frontierEvery = every }(frontierEvery)
	frontierEvery = 0
	r := rand.New(rand.NewPCG(35, 36))
	for trial := 0; trial < 20; trial++ {
		g := unmoveTierGraph{randomTierGraph(r, 8, 2000)}
		gs, err := store.Store{Dir: t.TempDir()}.Game("graph")
		if err != nil {
			t.Fatal(err)
		}
		stoppedIn := stopAtLevel(g, gs, 3)
		if stoppedIn < 0 {
			continue // fewer than three levels
		}
		if tiers, err := gs.Tiers(store.Loops); err != nil || !slices.Equal(tiers, []int{stoppedIn}) {
			t.Fatalf("saved analyses of tiers %v (%v), want tier %d's", tiers, err, stoppedIn)
		}
		sol, firstPass := solveWatchingFirstPass(t, g, gs, stoppedIn)
		defer sol.Close()
		if firstPass {
			t.Errorf("tier %d went through its first pass again", stoppedIn)
		}
		if tiers, _ := gs.Tiers(store.Loops); len(tiers) > 0 {
			t.Errorf("saved analyses of tiers %v left after the solve", tiers)
		}
		clean := NewMemorySink()
		full, err := SolveTiers(context.Background(), g, TierOptions{Sink: clean})
		if err != nil {
			t.Fatal(err)
		}
		got, want := tierCells(t, gs, sol), tierCells(t, clean, full)
		for tier, c := range want {
			if !slices.Equal(c, got[tier]) {
				t.Errorf("tier %d differs from a solve never stopped", tier)
			}
		}
		return
	}
	t.Fatal("no game of three levels of retrograde analysis found")
}

// TestTiersLoopsSeconds: a tier solved from its saved analysis counts the
// seconds the runs before spent on it (saved with the analysis) in its
// own; an analysis saved in format 1, without them, is taken up as if
// none had been spent.
func TestTiersLoopsSeconds(t *testing.T) {
	defer func(every time.Duration) { frontierEvery = every }(frontierEvery)
	frontierEvery = 0
	r := rand.New(rand.NewPCG(37, 38))
	for trial := 0; trial < 20; trial++ {
		g := unmoveTierGraph{randomTierGraph(r, 8, 2000)}
		probe := NewMemorySink()
		if stopAtLevel(g, probe, 3) < 0 {
			continue // fewer than three levels
		}
		for _, c := range []struct {
			name     string
			edit     func(b []byte) []byte
			min, max float64
		}{
			{"format 2, 1000 seconds before", func(b []byte) []byte {
				binary.LittleEndian.PutUint64(b[8*loopsHead:], math.Float64bits(1000))
				return b
			}, 1000, 1060},
			{"format 1", func(b []byte) []byte {
				b[0] = 1
				return slices.Delete(b, 8*loopsHead, 8*loopsHead+8)
			}, 0, 60},
		} {
			sink := NewMemorySink()
			stoppedIn := stopAtLevel(g, sink, 3)
			tbl, err := sink.Open(stoppedIn, store.Loops)
			if err != nil {
				t.Fatalf("%s: no analysis saved: %v", c.name, err)
			}
			if got := math.Float64frombits(binary.LittleEndian.Uint64(tbl.Data[8*loopsHead:])); !(got >= 0 && got < 60) {
				t.Errorf("%s: saved %v seconds spent on the tier", c.name, got)
			}
			sink.Write(stoppedIn, store.Loops, c.edit(slices.Clone(tbl.Data)), tbl.Header.Counts)
			sol, firstPass := solveWatchingFirstPass(t, g, sink, stoppedIn)
			if firstPass {
				t.Errorf("%s: tier %d went through its first pass again", c.name, stoppedIn)
			}
			for _, rec := range sol.Tiers {
				if rec.Tier == stoppedIn && !(rec.Seconds >= c.min && rec.Seconds < c.max) {
					t.Errorf("%s: tier %d took %v seconds, want %v to %v", c.name, rec.Tier, rec.Seconds, c.min, c.max)
				}
			}
		}
		return
	}
	t.Fatal("no game of three levels of retrograde analysis found")
}

// stopAtLevel solves g into sink and cancels the solve at the k-th level
// a loopy tier's retrograde analysis reports: it returns that tier, or -1
// when the solve went through fewer levels.
func stopAtLevel(g sente.Game, sink TierSink, k int) int {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stoppedIn, levels := -1, 0
	SolveTiers(ctx, g, TierOptions{Sink: sink, Progress: func(p solve.Progress) {
		if p.Phase == solve.PhaseSettlingLoops && stoppedIn < 0 {
			if levels++; levels == k {
				stoppedIn = p.Tier
				cancel()
			}
		}
	}})
	return stoppedIn
}

// solveWatchingFirstPass solves g from what sink holds, and says whether
// tier went through its first pass (rather than taking up saved work).
func solveWatchingFirstPass(t *testing.T, g sente.Game, sink TierSink, tier int) (*TierSolution, bool) {
	t.Helper()
	firstPass := false
	sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink, Progress: func(p solve.Progress) {
		if p.Tier == tier && p.Phase == solve.PhaseSolving {
			firstPass = true
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	return sol, firstPass
}
