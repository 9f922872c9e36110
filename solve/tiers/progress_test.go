package tiers_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// TestWholeProgress: a solve by the tier engine says how far the whole
// solve has come (Progress.Whole) by a figure that never goes back, across
// its tiers and its passes: the forward pass, the solve (loopy tiers
// settled by retrograde analysis) and the count of the positions classes
// stand for, and a rules file's discovered ranks. Its total is fixed from
// the first report, its passes go forward, and it ends whole. A solve that
// resumes counts the tiers stored before as done from the start.
func TestWholeProgress(t *testing.T) {
	tests := []struct {
		spec   string
		passes int
	}{
		{"connect4:w=4,h=3", 2},                     // flat tiers
		{"quixo:n=3", 3},                            // loopy tiers, classes counted
		{"teeko:n=4,pieces=2", 3},                   // placing then moving, classes counted
		{"../../examples/connect4.star:w=4,h=3", 2}, // ranks discovered
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			g := open(t, tt.spec)
			var reports []solve.Progress
			record := func(p solve.Progress) {
				if p.Tiered {
					reports = append(reports, p)
				}
			}
			if _, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Progress: record, Workers: 2}); err != nil {
				t.Fatal(err)
			}
			checkWhole(t, reports, tt.passes, 0)
		})
	}

	// Stopped after a few tiers are stored, then resumed: the resumed
	// solve starts where the stored tiers put it, not at zero.
	t.Run("resumed", func(t *testing.T) {
		g := open(t, "connect4:w=4,h=4")
		dir := t.TempDir()
		gs, err := store.Store{Dir: dir}.Game("connect4:w=4,h=4,k=4")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		stored := 0
		_, err = tiers.SolveTiers(ctx, g, tiers.TierOptions{Sink: gs, Workers: 2, Progress: func(p solve.Progress) {
			if p.Phase == solve.PhaseStored {
				if stored++; stored == 6 {
					cancel()
				}
			}
		}})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the solve stopped with %v, want it cancelled", err)
		}
		var reports []solve.Progress
		if _, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs, Workers: 2, Progress: func(p solve.Progress) {
			if p.Tiered {
				reports = append(reports, p)
			}
		}}); err != nil {
			t.Fatal(err)
		}
		// The forward pass and six tiers of the solve were done before.
		checkWhole(t, reports, 2, 0.5)
	})
}

// checkWhole checks the whole's figures of one solve's reports: passes
// planned, a fixed total once known, Done and Pass never going back, the
// first known fraction at least from, and the end at the whole.
func checkWhole(t *testing.T, reports []solve.Progress, passes int, from float64) {
	t.Helper()
	if len(reports) == 0 {
		t.Fatal("no progress reported")
	}
	var last solve.Whole
	first := true
	for i, p := range reports {
		w := p.Whole
		if w.Passes != passes {
			t.Fatalf("report %d (%s, tier %d): %d passes, want %d", i, p.Phase, p.Tier, w.Passes, passes)
		}
		if w.Pass < last.Pass {
			t.Fatalf("report %d (%s, tier %d): pass %d after pass %d", i, p.Phase, p.Tier, w.Pass, last.Pass)
		}
		if w.Total == 0 {
			if p.Phase != solve.PhaseDiscovering {
				t.Fatalf("report %d (%s, tier %d): no total", i, p.Phase, p.Tier)
			}
			continue
		}
		if first {
			if w.Fraction() < from {
				t.Errorf("the first report says %.0f%% done, want at least %.0f%%", 100*w.Fraction(), 100*from)
			}
			first = false
		} else if w.Total != last.Total {
			t.Fatalf("report %d (%s, tier %d): total %d after %d", i, p.Phase, p.Tier, w.Total, last.Total)
		}
		if w.Done < last.Done {
			t.Fatalf("report %d (%s, tier %d): %d done after %d: the whole went back", i, p.Phase, p.Tier, w.Done, last.Done)
		}
		if w.TiersDone > w.Tiers {
			t.Fatalf("report %d: %d of %d tiers done", i, w.TiersDone, w.Tiers)
		}
		last = w
	}
	if last.Pass != passes || last.Done != last.Total {
		t.Errorf("the last report: pass %d of %d, %d of %d done; want the last pass, whole", last.Pass, last.Passes, last.Done, last.Total)
	}
}

func open(t *testing.T, spec string) sente.Game {
	t.Helper()
	s, err := sente.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.Default.OpenSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
