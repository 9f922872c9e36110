package tiers

import (
	"context"
	"errors"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// TestOpen: the tables a solve stored, read back by the reader of stored
// tables alone (tables.Open, through a tables.Source, which cannot write),
// answer every position as the hashing engine does, and a sink that lacks
// a tier is refused with ErrNotStored.
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
	sol, err := tables.Open(g, gs, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	defer sol.Close()
	if sol.Totals.Positions != 5478 || sol.Start != (sente.Outcome{Value: sente.Tie, Remoteness: 9}) {
		t.Fatalf("opened: %d positions, start %v", sol.Totals.Positions, sol.Start)
	}
	want := hashAnswers(t, g)
	n := 0
	tables.NewSolution(g, sol, g.Start(), 0).Each(func(p sente.Position, o sente.Outcome) bool {
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
	if _, err := tables.Open(g, sink, nil, false); !errors.Is(err, tables.ErrNotStored) {
		t.Fatalf("a sink without tier 3: %v, want ErrNotStored", err)
	}
}
