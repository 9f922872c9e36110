package tables_test

import (
	"context"
	"errors"
	"testing"

	"sente"
	"sente/games"
	"sente/solve"
	"sente/solve/tiers"
	"sente/store"
	"sente/store/tables"
)

var catalog = &games.Catalog{ReadFiles: true}

// solveInto solves the game of spec by tiers into a fresh store, and
// returns the game, its directory and the solve's answers.
func solveInto(t *testing.T, spec string) (sente.Game, *store.GameStore, solve.Solution) {
	t.Helper()
	g, err := catalog.Open(spec)
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
	t.Cleanup(func() { ts.Close() })
	return g, gs, tiers.FromTiers(g, ts, g.Start(), 0)
}

// agree holds opened to solved on every position either has: the same
// positions, the same outcomes, the same counts and start.
func agree(t *testing.T, g sente.Game, opened, solved solve.Solution) {
	t.Helper()
	want := map[string]sente.Outcome{}
	solved.Each(func(p sente.Position, o sente.Outcome) bool {
		want[g.FormatPosition(p)] = o
		return true
	})
	n := 0
	opened.Each(func(p sente.Position, o sente.Outcome) bool {
		n++
		name := g.FormatPosition(p)
		if w, ok := want[name]; !ok || w != o {
			t.Fatalf("%s: %v opened, %v (%v) solved", name, o, w, ok)
		}
		if got, ok := opened.Outcome(p); !ok || got != o {
			t.Fatalf("%s: Outcome %v, %v; Each %v", name, got, ok, o)
		}
		return true
	})
	if n != len(want) || n == 0 {
		t.Fatalf("opened %d positions, the solve %d", n, len(want))
	}
	if opened.Counts() != solved.Counts() || opened.ClassCount() != solved.ClassCount() || opened.Classes() != solved.Classes() {
		t.Errorf("opened counts %+v (%d classes, %v), solved %+v (%d, %v)", opened.Counts(), opened.ClassCount(), opened.Classes(),
			solved.Counts(), solved.ClassCount(), solved.Classes())
	}
	if len(opened.Tiers()) != len(solved.Tiers()) {
		t.Errorf("opened %d tiers, solved %d", len(opened.Tiers()), len(solved.Tiers()))
	}
}

// TestOpen: the tables a real solve of a small game stored answer every
// position as the solve did, through Open alone (a Source, which can only
// be read), with the counts read from their headers and, for a game whose
// ranks stand for classes of symmetric positions, the positions they
// stand for read from the count stored beside them.
func TestOpen(t *testing.T) {
	for _, spec := range []string{"tictactoe", "connect4:w=4,h=3", "quixo:n=3"} {
		t.Run(spec, func(t *testing.T) {
			g, gs, solved := solveInto(t, spec)
			ts, err := tables.Open(g, gs, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			defer ts.Close()
			start, _ := solved.Outcome(g.Start())
			if ts.Start != start {
				t.Fatalf("opened start %v, solved %v", ts.Start, start)
			}
			agree(t, g, tables.NewSolution(g, ts, g.Start(), 0), solved)
			if solve.RanksBySymmetry(g) && (ts.Classes.Positions == 0 || ts.Classes.Positions == ts.Totals.Positions) {
				t.Errorf("classes %d of %d positions: the positions they stand for not read", ts.Classes.Positions, ts.Totals.Positions)
			}
			if ts.Damage() != nil {
				t.Errorf("damage reading sound tables: %v", ts.Damage())
			}
		})
	}
}

// TestOpenRefuses: a source that lacks a tier is ErrNotStored, and a game
// without ranks of its own (a rules file's, whose ranks the tier engine
// discovers) ErrNoTierRanks: its tables are read through the keys its
// solve stored, which the tier engine opens.
func TestOpenRefuses(t *testing.T) {
	g, _, _ := solveInto(t, "tictactoe")
	gs, err := store.Store{Dir: t.TempDir()}.Game("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tables.Open(g, gs, nil, false); !errors.Is(err, tables.ErrNotStored) {
		t.Errorf("an empty store: %v, want ErrNotStored", err)
	}
	mem := tiers.NewMemorySink()
	if _, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: mem}); err != nil {
		t.Fatal(err)
	}
	mem.Delete(3, store.Values)
	if _, err := tables.Open(g, mem, nil, false); !errors.Is(err, tables.ErrNotStored) {
		t.Errorf("a sink without tier 3: %v, want ErrNotStored", err)
	}
	rules, err := catalog.Open("../../examples/tictactoe.star")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tables.Open(rules, mem, nil, false); !errors.Is(err, tables.ErrNoTierRanks) {
		t.Errorf("a rules file: %v, want ErrNoTierRanks", err)
	}
}

// TestOpenDiscovered: a rules file's tables, whose ranks the tier engine
// discovered and stored as keys beside a plan of tiers, are opened with
// the keys and plan its solve stored, and agree with the solve on every
// position.
func TestOpenDiscovered(t *testing.T) {
	g, gs, solved := solveInto(t, "../../examples/tictactoe.star")
	ts, err := tiers.Open(context.Background(), g, gs, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	agree(t, g, tables.NewSolution(g, ts.Tables, g.Start(), 0), solved)
}

// TestHeldWithinBudget: with room for one table mapped at a time, every
// answer is still read, a tier at a time, and the tables read are closed
// again.
func TestHeldWithinBudget(t *testing.T) {
	g, gs, solved := solveInto(t, "tictactoe")
	defer func(b int64) { *tables.MappedBudget = b }(*tables.MappedBudget)
	*tables.MappedBudget = 1
	ts, err := tables.Open(g, gs, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	agree(t, g, tables.NewSolution(g, ts, g.Start(), 0), solved)
	if n := ts.OpenTables(); n > 1 {
		t.Fatalf("%d tables left open", n)
	}
}
