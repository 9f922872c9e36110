package examples_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// TestDiscoveredTiers solves rules files on the tier engine, whose ranks
// its forward pass discovers from the files' canonical bytes, and checks
// every position against the hashing engine's solve of the same file, under
// normal and misère play; the hashing engine's solve is held to the
// built-in twin by the tests above (compare). Files with tier() are solved
// tier by tier; the others as one loopy tier.
func TestDiscoveredTiers(t *testing.T) {
	specs := []string{
		"cards:first=1/1/2,second=1/2/2,target=5",
		"cards:first=1/2/3,second=1/1,target=7",
		"cards",
		"connect4:w=3,h=3,k=3",
		"nim:heaps=1/2/3",
		"count",
		"tofu",
		"tictactoe:m=2,n=3,k=2",
		"loopy",
	}
	if !testing.Short() {
		// chopsticks and consecutive are each one loopy tier solved by
		// value iteration (loopy is a small one), and connect four 4×3 a
		// few thousand positions of tiers: seconds each.
		specs = append(specs, "connect4:w=4,h=3,k=3", "chopsticks", "consecutive", "connect4:w=4,h=4", "tictactoe")
	}
	for _, spec := range specs {
		for _, misere := range []bool{false, true} {
			name := spec
			if misere {
				name += " (misère)"
			}
			t.Run(name, func(t *testing.T) {
				g := loadRules(t, spec)
				if misere {
					g = nimber.MisereGame(g)
				}
				if !tiers.Discovers(g) {
					t.Fatalf("%s: the tier engine would not discover its ranks", name)
				}
				compareTiers(t, name, g)
			})
		}
	}
}

// compareTiers solves g with both engines and compares them position by
// position.
func compareTiers(t *testing.T, name string, g sente.Game) {
	t.Helper()
	hs, err := hashing.Solve(t.Context(), g, hashing.Options{MaxPositions: maxPositions})
	if err != nil {
		t.Fatalf("%s: hashing engine: %v", name, err)
	}
	// The solve reads the moves the forward pass recorded, or asks the
	// file again, or (a record cut short by the disk allowed) some of each.
	for _, run := range []struct {
		workers int
		record  int64
		how     string
	}{
		{1, -1, "asking again"},
		{3, 0, "reading the moves recorded"},
		{2, 400, "with the moves recorded in 400 bytes"},
	} {
		ts, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{Workers: run.workers, RecordMoves: run.record})
		where := fmt.Sprintf("%s on %d workers, %s", name, run.workers, run.how)
		if err != nil {
			t.Fatalf("%s: tier engine: %v", where, err)
		}
		// A file without tier() is one loopy tier, whose moves a record
		// in rank order cannot hold (a later round reorders its ranks).
		tiered := sente.CapabilitiesOf(g).Tiered != nil
		if recorded := ts.MovesRecorded > 0; recorded != (run.record >= 0 && tiered) {
			t.Errorf("%s: %d bytes of moves recorded", where, ts.MovesRecorded)
		}
		if got, want := ts.Totals.Positions, uint64(hs.Positions()); got != want {
			t.Errorf("%s: %d positions on the tier engine, %d on the hashing engine", where, got, want)
		}
		if want, _ := hs.Outcome(hs.Root()); ts.Start != want {
			t.Errorf("%s: the start is %v on the tier engine, %v on the hashing engine", where, ts.Start, want)
		}
		bad := 0
		hs.Each(func(p sente.Position, o sente.Outcome) bool {
			got, ok := ts.Outcome(p)
			if !ok || got != o {
				t.Errorf("%s: %s is %v (%v) on the tier engine, %v on the hashing engine", where, g.FormatPosition(p), got, ok, o)
				bad++
			}
			return bad < 10
		})
		ts.Close()
	}
}

// TestDiscoveredResume: a solve stopped part way (tiers of values missing,
// or the plan of tiers itself, as a kill before they were written leaves
// them) and run again gives the same tables, byte for byte, as a solve
// from nothing; a stored solve is answered without solving again.
func TestDiscoveredResume(t *testing.T) {
	g := loadRules(t, "connect4:w=4,h=3,k=3")
	fresh := tiers.NewMemorySink()
	ts, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{Sink: fresh, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	ts.Close()
	kinds := []store.Kind{store.Values, store.Reachable, store.Keys}
	for _, lost := range []struct {
		name  string
		tiers []int
		kinds []store.Kind
		plan  bool
	}{
		{"values of the last tiers", []int{0, 1, 2}, []store.Kind{store.Values}, false},
		{"the plan and some keys", []int{5, 6}, []store.Kind{store.Keys, store.Reachable}, true},
	} {
		sink := tiers.NewMemorySink()
		for tier := range 13 {
			for _, k := range append(kinds, store.Tiers) {
				if tbl, err := fresh.Open(tier, k); err == nil {
					sink.Write(tier, k, tbl.Data, tbl.Header.Counts)
				}
			}
		}
		for _, tier := range lost.tiers {
			for _, k := range lost.kinds {
				sink.Delete(tier, k)
			}
		}
		if lost.plan {
			sink.Delete(0, store.Tiers)
		}
		ts, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{Sink: sink, Workers: 1})
		if err != nil {
			t.Fatalf("%s: %v", lost.name, err)
		}
		ts.Close()
		for tier := range 13 {
			for _, k := range kinds {
				a, errA := fresh.Open(tier, k)
				b, errB := sink.Open(tier, k)
				if errA != nil || errB != nil || !bytes.Equal(a.Data, b.Data) {
					t.Errorf("%s: tier %d %v differs from a solve from nothing (%v, %v)", lost.name, tier, k, errA, errB)
				}
			}
		}
		if lost.name == "values of the last tiers" {
			for tier := 3; tier < 13; tier++ {
				if n := sink.Writes(tier, store.Values); n != 1 {
					t.Errorf("%s: tier %d written %d times; want once, when copied", lost.name, tier, n)
				}
			}
		}
	}
}
