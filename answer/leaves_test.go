package answer_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/search"
	"github.com/sente-go/sente/store"
)

// searchOverEndgame stores the endgame tables of the morris game spec
// (every position of its moving phase) in a store of its own, and
// answers its start by search with them as leaves, through the answer
// layer as 'sente solve --engine search --store DIR' does.
func searchOverEndgame(t *testing.T, spec string) (g sente.Game, a *answer.Answer, eg answer.EndgameTables) {
	t.Helper()
	ctx := context.Background()
	g = open(t, spec)
	name := canonical(t, spec)
	tables := &store.Store{Dir: t.TempDir()}
	eg, ok := answer.EndgameOf(g, answer.Options{Tables: tables, Name: name})
	if !ok {
		t.Fatalf("%s names no endgame", spec)
	}
	if eg.Stored != 0 {
		t.Fatalf("an empty store holds %d of the endgame's tiers", eg.Stored)
	}
	// Without them, search meets the moving phase's loops, and says
	// which tables would answer them.
	_, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Search, Tables: tables, Name: name})
	var loop *search.LoopError
	if !errors.As(err, &loop) || !strings.Contains(err.Error(), "the moving phase's tables are not stored") {
		t.Fatalf("search without the moving phase's tables: %v, want a loop refused, naming the tables", err)
	}
	every, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Tiers, Tables: tables, Name: name, EveryPosition: true, From: eg.From})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(every.Solution.Tiers()); got != len(eg.Tiers) {
		t.Errorf("a solve of every position from %s stored %d tiers; the endgame has %d", g.FormatPosition(eg.From), got, len(eg.Tiers))
	}
	every.Close()
	eg, _ = answer.EndgameOf(g, answer.Options{Tables: tables, Name: name})
	if !eg.Whole() {
		t.Fatalf("%s: after the solve of every position", eg.Words())
	}
	a, err = answer.Solve(ctx, g, answer.Options{Engine: answer.Search, Tables: tables, Name: name})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return g, a, eg
}

func canonical(t *testing.T, spec string) string {
	t.Helper()
	g := open(t, spec)
	if s, ok := g.(interface{ String() string }); ok {
		return s.String()
	}
	return spec
}

// TestSearchOverStoredEndgame: a morris game's placing phase searched
// over the stored tables of its moving phase, and no placing tables,
// answers the start (and, in the long tests, every first placement) as
// the tier engine's solve of the whole game does, the moving phase's
// positions read from the tables (which the answer counts), never
// searched.
func TestSearchOverStoredEndgame(t *testing.T) {
	tests := []struct {
		spec       string
		placements bool
		skip       func(t testing.TB, what string)
	}{
		{"morris:board=five,men=4", false, nil},
		{"morris:board=five", false, testmode.SkipShort},
		{"morris:board=five", true, testmode.SkipUnlessLong},
	}
	for _, tt := range tests {
		name := tt.spec
		if tt.placements {
			name += ",placements"
		}
		t.Run(name, func(t *testing.T) {
			if tt.skip != nil {
				tt.skip(t, "five men's morris by search over its stored moving phase")
			}
			g, a, eg := searchOverEndgame(t, tt.spec)
			whole, err := answer.Solve(context.Background(), g, answer.Options{Engine: answer.Tiers})
			if err != nil {
				t.Fatal(err)
			}
			defer whole.Close()
			positions := []sente.Position{g.Start()}
			if tt.placements {
				for _, m := range g.Moves(g.Start()) {
					positions = append(positions, m.To)
				}
			}
			for _, p := range positions {
				want, _ := whole.Solution.Outcome(p)
				got, ok := a.Solution.Outcome(p)
				if !ok || got != want {
					t.Errorf("%s: search over the moving phase %v (%v), the tier engine %v", g.FormatPosition(p), got, ok, want)
				}
			}
			cost, _ := a.SearchCost()
			if cost.Leaves == 0 || cost.StoredTiers != len(eg.Tiers) {
				t.Errorf("%d positions answered from %d stored tiers, want some from %d", cost.Leaves, cost.StoredTiers, len(eg.Tiers))
			}
			if !strings.Contains(cost.Words(), "positions answered from the stored tables of") {
				t.Errorf("the cost says nothing of the stored tables: %s", cost.Words())
			}
			t.Logf("%s: %s", eg.Words(), cost.Words())
		})
	}
}

// TestSevenMensMorrisBySearch: seven men's morris's start, searched over
// the stored tables of its moving phase and no placing tables, is a first
// player's win in 25 plies, as the tier engine's solve of the whole game
// says (both solved here: some two CPU-minutes).
func TestSevenMensMorrisBySearch(t *testing.T) {
	testmode.SkipUnlessLong(t, "seven men's morris by search over its stored moving phase")
	g, a, _ := searchOverEndgame(t, "morris:board=seven")
	got, _ := a.Solution.Outcome(g.Start())
	if want := (sente.Outcome{Value: sente.Win, Remoteness: 25}); got != want {
		t.Errorf("the start by search: %v, want %v", got, want)
	}
	whole, err := answer.Solve(context.Background(), g, answer.Options{Engine: answer.Tiers})
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	if want, _ := whole.Solution.Outcome(g.Start()); got != want {
		t.Errorf("the start by search: %v, by the tier engine %v", got, want)
	}
	cost, _ := a.SearchCost()
	t.Logf("%v: %s", got, cost.Words())
}

// withoutMarginTables is a game with its in-memory endgame tables of
// margins (sente.MarginTabler) hidden, so that a search for margins alone
// reads the stored ones.
type withoutMarginTables struct{ sente.Game }

func (g withoutMarginTables) Capabilities() sente.Capabilities {
	c := sente.CapabilitiesOf(g.Game)
	c.MarginTabler = nil
	return c
}

// TestMarginSearchOverStoredEndgame: the tables of every position of a
// game that ends in a score hold margins, and a search for margins alone
// reads them as its leaves: Kalah's start, searched over the stored
// tables of every position with 11 seeds or more in the stores, has the
// hashing engine's margin, and the answer counts the positions the tables
// answered; a solve from the start takes those tiers whole with their
// margins, and its tables give every position's margin and plies.
func TestMarginSearchOverStoredEndgame(t *testing.T) {
	ctx := context.Background()
	spec := "kalah:houses=3,seeds=3"
	g := withoutMarginTables{open(t, spec)}
	name := canonical(t, spec)
	tables := &store.Store{Dir: t.TempDir()}
	from, err := g.ParsePosition("4,0,0:7 3,0,0:4 first")
	if err != nil {
		t.Fatal(err)
	}
	every, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Tiers, Tables: tables, Name: name, EveryPosition: true, From: from})
	if err != nil {
		t.Fatal(err)
	}
	if err := every.Solution.MarginErr(); err != nil {
		t.Fatalf("the tables of every position: %v", err)
	}
	every.Close()
	want, err := hashing.Solve(ctx, g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opt := answer.Options{Engine: answer.Search, Tables: tables, Name: name}
	opt.MarginOnly = true
	a, err := answer.Solve(ctx, g, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	for _, p := range []sente.Position{g.Start(), from} {
		w, _ := want.Margin(p)
		m, ok := a.Solution.Margin(p)
		if !ok || m.Score != w.Score {
			t.Errorf("%s: margin %v (%v), the hashing engine's %v", g.FormatPosition(p), m, ok, w)
		}
	}
	if cost, _ := a.SearchCost(); cost.Leaves == 0 {
		t.Errorf("no position answered from the stored margins: %s", cost.Words())
	}

	// A solve from the start takes those tiers whole, margins and all.
	whole, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Tiers, Tables: tables, Name: name})
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	if err := whole.Solution.MarginErr(); err != nil {
		t.Fatalf("the start's tables, tiers taken whole: %v", err)
	}
	taken := 0
	for _, r := range whole.Solution.Tiers() {
		if r.EveryPosition {
			taken++
		}
	}
	if taken == 0 {
		t.Error("the solve from the start took no tier whole")
	}
	bad := 0
	want.Each(func(p sente.Position, _ sente.Outcome) bool {
		w, _ := want.Margin(p)
		if m, ok := whole.Solution.Margin(p); !ok || m != w {
			if bad++; bad <= 5 {
				t.Errorf("%s: margin %v (%v) from the tables, the hashing engine's %v", g.FormatPosition(p), m, ok, w)
			}
		}
		return true
	})
}
