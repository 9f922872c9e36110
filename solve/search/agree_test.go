package search_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/search"
	"github.com/sente-go/sente/solve/tiers"
)

// solved is every position of spec with its outcome, by the hashing
// engine.
func solved(t testing.TB, spec string) (sente.Game, []sente.Position, []sente.Outcome) {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ps []sente.Position
	var os []sente.Outcome
	sol.Each(func(p sente.Position, o sente.Outcome) bool {
		ps = append(ps, p)
		os = append(os, o)
		return true
	})
	return g, ps, os
}

// maxDraws is how many draws TestAgreesEverywhere asks search about.
const maxDraws = 40

// TestAgreesEverywhere: on every position of small games, search gives the
// hashing engine's value and remoteness. Quixo 3×3 and chopsticks repeat
// positions and are searched without tables: every win and loss is found,
// and a draw by endless play, which search cannot prove, is refused
// (LoopError), never answered (the first maxDraws draws are asked).
func TestAgreesEverywhere(t *testing.T) {
	for _, tt := range []struct {
		spec string
		opt  search.Options
		long bool
		// joined: every probe's workers start at once (JoinAtOnce), not
		// only a probe's that runs long, so that small games test their
		// sharing.
		joined bool
	}{
		{spec: "tictactoe"},
		{spec: "tictactoe", opt: search.Options{TableBytes: 64, Workers: 1}},
		{spec: "tictactoe", opt: search.Options{Workers: 2}},
		{spec: "tictactoe", opt: search.Options{TableBytes: 1 << 10, Workers: 3}, joined: true},
		{spec: "connect4:w=4,h=4"},
		{spec: "connect4:w=4,h=4", opt: search.Options{TableBytes: 1 << 12, Workers: 2}, joined: true},
		{spec: "connect4:w=4,h=4", opt: search.Options{TableBytes: 1 << 12, Workers: 2}, long: true},
		{spec: "connect4:w=5,h=4", long: true}, // 3,945,711 positions
		{spec: "quixo:n=3"},                    // 32,027 positions, none a draw
		{spec: "chopsticks"},                   // 2,204 positions, 684 of them draws
		{spec: "kalah:houses=3,seeds=2"},       // moves that keep the turn
		{spec: "kalah:houses=2,seeds=3,extra=false,emptycapture=true"},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			if tt.long {
				longTests(t)
			}
			g, ps, os := solved(t, tt.spec)
			s, err := search.New(g, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if tt.joined {
				search.JoinAtOnce(s)
			}
			agrees(t, g, ps, os, s.Solve)
		})
	}
}

// agrees holds search (solve) to the outcomes os of the positions ps of
// g: the same value and remoteness, and a draw by endless play refused
// (LoopError) rather than answered.
func agrees(t *testing.T, g sente.Game, ps []sente.Position, os []sente.Outcome, solve func(context.Context, sente.Position) (search.Result, error)) {
	t.Helper()
	bad, refused := 0, 0
	for i, p := range ps {
		if os[i].Value == sente.Draw && refused >= maxDraws {
			// Each refusal searches 2^20 nodes or more first.
			continue
		}
		res, err := solve(context.Background(), p)
		var loop *search.LoopError
		if errors.As(err, &loop) && os[i].Value == sente.Draw {
			refused++
			continue
		}
		if err != nil {
			t.Fatalf("%s (%v): %v", g.FormatPosition(p), os[i], err)
		}
		if res.Outcome != os[i] {
			bad++
			if bad < 10 {
				t.Errorf("%s: search %v, tables %v", g.FormatPosition(p), res.Outcome, os[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d positions wrong", bad, len(ps))
	}
	if refused > 0 {
		t.Logf("the first %d draws of %d positions refused", refused, len(ps))
	}
}

// TestAgreesOnASample: on a uniform random sample of 100,000 of the
// positions of connect four 6×4 (94,910,577 of them, solved by the tier
// engine), search gives the tables' value and remoteness.
func TestAgreesOnASample(t *testing.T) {
	longTests(t)
	g, err := games.New("connect4:w=6,h=4")
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	// Reservoir sampling over every position the tables hold.
	const n = 100_000
	rng := rand.New(rand.NewPCG(6, 4))
	var ps []sente.Position
	var os []sente.Outcome
	seen := 0
	tiers.FromTiers(g, ts, g.Start(), 0).Each(func(p sente.Position, o sente.Outcome) bool {
		seen++
		if len(ps) < n {
			ps, os = append(ps, p), append(os, o)
		} else if i := rng.IntN(seen); i < n {
			ps[i], os[i] = p, o
		}
		return true
	})
	if seen != 94_910_577 {
		t.Fatalf("the tables hold %d positions, want 94,910,577", seen)
	}
	s, err := search.New(g, search.Options{TableBytes: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for i, p := range ps {
		res, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != os[i] {
			if bad++; bad < 10 {
				t.Errorf("%s: search %v, tables %v", g.FormatPosition(p), res.Outcome, os[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d positions wrong", bad, len(ps))
	}
}
