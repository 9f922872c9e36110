package tiers

import (
	"context"
	"errors"
	"testing"

	"sente"
	"sente/store"
)

// readOnlySink fails the test on anything that would change the tables:
// Open reads them and nothing more.
type readOnlySink struct {
	TierSink
	t *testing.T
}

func (s readOnlySink) Write(tier int, kind store.Kind, _ []byte, _ store.Counts) error {
	s.t.Errorf("Open wrote tier %d's %v", tier, kind)
	return errors.New("read only")
}
func (s readOnlySink) WriteParts(tier int, kind store.Kind, _ [][]byte, _ store.Counts) error {
	s.t.Errorf("Open wrote tier %d's %v in parts", tier, kind)
	return errors.New("read only")
}
func (s readOnlySink) WriteCompact(tier int, kind store.Kind, _ []store.Cell, _ store.Counts) error {
	s.t.Errorf("Open wrote tier %d's %v compact", tier, kind)
	return errors.New("read only")
}
func (s readOnlySink) Remove(tier int, kind store.Kind) error {
	s.t.Errorf("Open removed tier %d's %v", tier, kind)
	return errors.New("read only")
}
func (s readOnlySink) Compact(tier int) error {
	s.t.Errorf("Open compacted tier %d", tier)
	return errors.New("read only")
}
func (s readOnlySink) Link(tier int, kind store.Kind, _ *store.Table) error {
	s.t.Errorf("Open linked tier %d's %v", tier, kind)
	return errors.New("read only")
}
func (s readOnlySink) SetRanking(uint32) { s.t.Error("Open stamped the ranking") }

// TestOpen: the tables a solve stored answer every position as the solve
// did, through Open alone (no pass, no compaction, nothing written), and
// a sink that lacks a tier is refused with ErrNotStored.
func TestOpen(t *testing.T) {
	ctx := context.Background()
	gs, err := store.Store{Dir: t.TempDir()}.Game("tic-tac-toe")
	if err != nil {
		t.Fatal(err)
	}
	g := tierTicTacToe{}
	solved, err := SolveTiers(ctx, g, TierOptions{Sink: gs})
	if err != nil {
		t.Fatal(err)
	}
	solved.Close()
	sol, err := Open(ctx, g, readOnlySink{gs, t}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	defer sol.Close()
	if sol.Totals.Positions != 5478 || sol.Start != (sente.Outcome{Value: sente.Tie, Remoteness: 9}) {
		t.Fatalf("opened: %d positions, start %v", sol.Totals.Positions, sol.Start)
	}
	want := hashAnswers(t, g)
	n := 0
	FromTiers(g, sol, g.Start(), 0).Each(func(p sente.Position, o sente.Outcome) bool {
		n++
		if w := want[g.Encode(p)]; w != o {
			t.Fatalf("%s: %v opened, %v solved", g.FormatPosition(p), o, w)
		}
		return true
	})
	if n != 5478 {
		t.Fatalf("opened %d positions, want 5478", n)
	}

	sink := NewMemorySink()
	if _, err := SolveTiers(ctx, g, TierOptions{Sink: sink}); err != nil {
		t.Fatal(err)
	}
	sink.Delete(3, store.Values)
	if _, err := Open(ctx, g, readOnlySink{sink, t}, nil, false); !errors.Is(err, ErrNotStored) {
		t.Fatalf("a sink without tier 3: %v, want ErrNotStored", err)
	}
}
