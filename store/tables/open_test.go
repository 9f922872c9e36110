package tables_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
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

// openAgreeing opens the tables of g that gs holds from the start, and
// holds them to the solve's answers, with no damage met; they are closed
// when the test ends.
func openAgreeing(t *testing.T, g sente.Game, gs *store.GameStore, solved solve.Solution) *tables.Tables {
	t.Helper()
	ts, err := tables.Open(g, gs, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ts.Close() })
	start, _ := solved.Outcome(g.Start())
	if ts.Start != start {
		t.Fatalf("opened start %v, solved %v", ts.Start, start)
	}
	agree(t, g, tables.NewSolution(g, ts, g.Start(), 0), solved)
	if ts.Damage() != nil {
		t.Errorf("damage reading sound tables: %v", ts.Damage())
	}
	return ts
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
			ts := openAgreeing(t, g, gs, solved)
			if solve.RanksBySymmetry(g) && (ts.Classes.Positions == 0 || ts.Classes.Positions == ts.Totals.Positions) {
				t.Errorf("classes %d of %d positions: the positions they stand for not read", ts.Classes.Positions, ts.Totals.Positions)
			}
		})
	}
}

// TestOpenRefuses: a source that lacks a tier is ErrNotStored, for a
// game with ranks of its own and for a rules file (whose ranks the tier
// engine discovers) alike, and a game without dense tier ranks or
// canonical bytes is ErrNoTierRanks: the tier engine wrote no tables of it.
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
	if _, err := tables.Open(rules, mem, nil, false); !errors.Is(err, tables.ErrNotStored) {
		t.Errorf("a rules file, its plan of tiers not stored: %v, want ErrNotStored", err)
	}
	cutcake, err := catalog.Open("cutcake")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tables.Open(cutcake, mem, nil, false); !errors.Is(err, tables.ErrNoTierRanks) {
		t.Errorf("a game without tier ranks: %v, want ErrNoTierRanks", err)
	}
}

// TestOpenDiscovered: a rules file's tables, whose ranks the tier engine
// discovered and stored as keys beside a plan of tiers, are opened by
// Open alone, with the keys and plan its solve stored, and agree with the
// solve on every position: a game without loops, a loopy one, and one
// whose moves may keep the turn.
func TestOpenDiscovered(t *testing.T) {
	for _, c := range []struct {
		spec              string
		loops, keepsTurns bool
	}{
		{"../../examples/tictactoe.star", false, false},
		{"../../examples/loopy.star", true, false},
		{"../../examples/dotsandboxes.star", false, true},
	} {
		t.Run(c.spec, func(t *testing.T) {
			g, gs, solved := solveInto(t, c.spec)
			if !tables.Discovers(g) {
				t.Fatalf("%s: its ranks are not discovered", c.spec)
			}
			d, err := tables.OpenDiscovered(g, sente.CapabilitiesOf(g), gs)
			if err != nil {
				t.Fatal(err)
			}
			loops := false
			for _, r := range solved.Tiers() {
				loops = loops || d.TierLoops(r.Tier)
			}
			keeps := false
			solved.Each(func(p sente.Position, _ sente.Outcome) bool {
				if _, ended := g.Ended(p); !ended {
					for _, m := range g.Moves(p) {
						keeps = keeps || g.Turn(m.To) == g.Turn(p)
					}
				}
				return !keeps
			})
			if loops != c.loops || keeps != c.keepsTurns {
				t.Fatalf("a tier loops: %v, want %v; a move keeps the turn: %v, want %v", loops, c.loops, keeps, c.keepsTurns)
			}
			openAgreeing(t, g, gs, solved)
		})
	}
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

// TestOpenDiscoveredRefuses: a rules file's tables are opened only as they
// were discovered and stored: not for every position, not from a position
// they were not discovered from, not when the plan was stored by a sente
// that took every move to pass the turn (ErrNotStored: solved again), and
// not when the keys of the root's tier are damaged, which the error names.
func TestOpenDiscoveredRefuses(t *testing.T) {
	g, gs, _ := solveInto(t, "../../examples/tictactoe.star")
	if _, err := tables.Open(g, gs, nil, true); err == nil || !strings.Contains(err.Error(), "every position") {
		t.Errorf("every position: %v", err)
	}
	other := g.Moves(g.Start())[0].To
	if _, err := tables.Open(g, gs, other, false); err == nil || !strings.Contains(err.Error(), "discovered from another position") {
		t.Errorf("from a position after the start: %v", err)
	}

	d, err := tables.OpenDiscovered(g, sente.CapabilitiesOf(g), gs)
	if err != nil {
		t.Fatal(err)
	}
	rootTier := d.Tier(d.Encode(g.Start()))
	d.Close()
	keys, err := gs.Open(rootTier, store.Keys)
	if err != nil {
		t.Fatal(err)
	}
	path := keys.Path
	keys.Close()
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damaged := slices.Clone(whole)
	damaged[4096+8] ^= 0x40 // the first key, past the header and the words a key
	if err := os.WriteFile(path, damaged, 0o644); err != nil {
		t.Fatal(err)
	}
	// The root is looked up first, and a key that fails its check is not
	// found: the opening fails, blaming the root.
	if _, err := tables.Open(g, gs, nil, false); err == nil || errors.Is(err, tables.ErrNotStored) {
		t.Errorf("the root tier's keys damaged: %v, want a failure", err)
	}
	if err := os.WriteFile(path, whole, 0o644); err != nil {
		t.Fatal(err)
	}
	// The keys of a tier below are read when an answer comes to them: the
	// opening holds, and the damage is reported, naming them.
	below := d.ChildTiers(rootTier)[0]
	keys, err = gs.Open(below, store.Keys)
	if err != nil {
		t.Fatal(err)
	}
	path = keys.Path
	keys.Close()
	if whole, err = os.ReadFile(path); err != nil {
		t.Fatal(err)
	}
	damaged = slices.Clone(whole)
	damaged[4096+8] ^= 0x40
	if err := os.WriteFile(path, damaged, 0o644); err != nil {
		t.Fatal(err)
	}
	ts, err := tables.Open(g, gs, nil, false)
	if err != nil {
		t.Fatalf("a tier's keys below the root damaged: %v, want the tables opened", err)
	}
	seen := map[string]bool{}
	var walk func(p sente.Position)
	walk = func(p sente.Position) {
		if seen[g.FormatPosition(p)] {
			return
		}
		seen[g.FormatPosition(p)] = true
		ts.Outcome(p)
		if _, ended := g.Ended(p); !ended {
			for _, m := range g.Moves(p) {
				walk(m.To)
			}
		}
	}
	walk(g.Start())
	if err := ts.Damage(); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("the keys of tier %d", below)) {
		t.Errorf("a tier's keys below the root damaged: damage %v", err)
	}
	ts.Close()
	if err := os.WriteFile(path, whole, 0o644); err != nil {
		t.Fatal(err)
	}

	plan, err := gs.Open(0, store.Tiers)
	if err != nil {
		t.Fatal(err)
	}
	before := slices.Clone(plan.Data)
	plan.Close()
	binary.LittleEndian.PutUint64(before, 1) // the version before turns
	if err := gs.Write(0, store.Tiers, before, store.Counts{}); err != nil {
		t.Fatal(err)
	}
	if _, err := tables.Open(g, gs, nil, false); !errors.Is(err, tables.ErrNotStored) {
		t.Errorf("a plan stored before turns: %v, want ErrNotStored", err)
	}
}
