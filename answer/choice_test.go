package answer_test

import (
	"errors"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/store"
)

// engineRuns are both engines' solves of the built-in games with tiers at
// reduced sizes, run alternately on this project's machine (two cores,
// shared; BENCHMARKS.md, "Auto: the engine by its cost"): the median wall
// seconds and CPU-seconds of each, a fresh store for every solve by tiers.
var engineRuns = []struct {
	spec              string
	hashWall, hashCPU float64
	tierWall, tierCPU float64
}{
	{"tictactoe", 0.16, 0.04, 0.60, 0.10},
	{"cards", 0.10, 0.02, 0.45, 0.09},
	{"chopsticks", 0.15, 0.04, 0.30, 0.06},
	{"consecutive", 0.08, 0.02, 0.36, 0.06},
	{"count", 0.06, 0.02, 0.57, 0.12},
	{"nim", 0.12, 0.03, 0.50, 0.11},
	{"gobblet:sizes=1", 0.10, 0.04, 0.35, 0.08},
	{"gobblet:sizes=2,pieces=1", 0.19, 0.06, 0.45, 0.11},
	{"quixo:n=3", 0.35, 0.11, 0.85, 0.25},
	{"tictactoe:m=4,n=3,k=3", 0.48, 0.14, 1.09, 0.28},
	{"connect4:w=4,h=4", 0.32, 0.15, 0.84, 0.21},
	{"dobutsu:pieces=chicks", 0.73, 0.38, 0.87, 0.23},
	{"connect4:w=5,h=4", 7.28, 4.75, 3.38, 1.72},
	{"teeko:n=4", 13.61, 8.57, 2.92, 1.32},
	{"gobblet:sizes=2", 52.61, 26.55, 7.38, 1.57},
	{"morris:board=five", 245.78, 63.62, 23.88, 3.11},
	{"tictactoe:m=4,n=4,k=4", 176.23, 31.05, 64.98, 10.68},
	{"morris:board=six", 899.89, 202.81, 40.65, 7.27},
	{"dobutsu:pieces=giraffes+chicks", 573.62, 93.28, 72.19, 13.30},
}

// faster is the engine measured the faster, by wall time and by CPU time
// alike with a margin of a fifth; Auto when they disagree or are close.
func faster(hashWall, hashCPU, tierWall, tierCPU float64) answer.Engine {
	const margin = 1.2
	switch {
	case tierWall*margin < hashWall && tierCPU*margin < hashCPU:
		return answer.Tiers
	case hashWall*margin < tierWall && hashCPU*margin < tierCPU:
		return answer.Hashing
	}
	return answer.Auto
}

// TestAutoTakesTheFasterEngine: for every built-in game with tiers, at its
// default size and at reduced ones, Auto takes the engine measured the
// faster (either, where the two are close), with the memory of a machine
// like this project's; at a default size that fits no engine, the refusal
// names the tier engine.
func TestAutoTakesTheFasterEngine(t *testing.T) {
	tables := &store.Store{Dir: t.TempDir()}
	plan := func(spec string) (answer.Plan, error) {
		t.Helper()
		g := open(t, spec)
		b, err := catalog.Bind(mustSpec(t, spec))
		if err != nil {
			t.Fatal(err)
		}
		return answer.PlanOf(g, answer.Options{MaxMemory: 16 << 30, Tables: tables, Name: b.Canonical(), Label: spec})
	}
	for _, run := range engineRuns {
		want := faster(run.hashWall, run.hashCPU, run.tierWall, run.tierCPU)
		p, err := plan(run.spec)
		if err != nil {
			t.Errorf("%s: %v", run.spec, err)
			continue
		}
		if want != answer.Auto && p.Engine != want {
			t.Errorf("%s: Auto takes the %s (%.2g s against %.2g s by its estimates), where the %s was measured the faster (%.2f s against %.2f s, %.2f CPU-s against %.2f)",
				run.spec, p.Engine.Words(), p.Cost().Seconds, other(p).Seconds, want.Words(), min(run.hashWall, run.tierWall), max(run.hashWall, run.tierWall), min(run.hashCPU, run.tierCPU), max(run.hashCPU, run.tierCPU))
		}
	}

	// Every family with tiers at its default size: too large for the
	// hashing engine but for the smallest, and the tier engine taken or
	// named in the refusal.
	measured := map[string]bool{}
	for _, run := range engineRuns {
		measured[run.spec] = true
	}
	for _, fam := range allFamilies() {
		g := open(t, fam.Name)
		if sente.CapabilitiesOf(g).TierRanker == nil || measured[fam.Name] {
			continue
		}
		p, err := plan(fam.Name)
		var refused *answer.Refusal
		switch {
		case errors.As(err, &refused):
			if refused.Engine != answer.Tiers {
				t.Errorf("%s: refused for the %s, want the tier engine named: %v", fam.Name, refused.Engine.Words(), err)
			}
		case err != nil:
			t.Errorf("%s: %v", fam.Name, err)
		case p.Engine != answer.Tiers:
			t.Errorf("%s: Auto takes the %s at its default size", fam.Name, p.Engine.Words())
		}
	}
}

// TestAutoTakesTheEngineWithMargins: a game that ends in a score is
// answered by the engine that fits, or the faster, as any game is: both
// find margins (Kalah's larger boards take the tier engine: 4 houses of 3
// seeds in 10.6 s and 525 MB, where the hashing engine took 30 s and 679
// MB), and Auto's answer has the margin.
func TestAutoTakesTheEngineWithMargins(t *testing.T) {
	tables := &store.Store{Dir: t.TempDir()}
	for _, tt := range []struct {
		spec      string
		maxMemory uint64
		want      answer.Engine
	}{
		{"kalah:houses=4,seeds=2", 16 << 30, answer.Tiers},
		{"kalah:houses=4,seeds=3", 16 << 30, answer.Tiers},
		// The 77 million ranks of 4 houses of 3 seeds bound its
		// positions, a hashing solve of gigabytes by that bound: in 1 GiB
		// the tier engine alone fits (about 1 GB with its margins).
		{"kalah:houses=4,seeds=3", 1100 << 20, answer.Tiers},
	} {
		g := open(t, tt.spec)
		b, err := catalog.Bind(mustSpec(t, tt.spec))
		if err != nil {
			t.Fatal(err)
		}
		p, err := answer.PlanOf(g, answer.Options{MaxMemory: tt.maxMemory, Tables: tables, Name: b.Canonical(), Label: tt.spec})
		if err != nil {
			t.Errorf("%s in %d bytes: %v", tt.spec, tt.maxMemory, err)
			continue
		}
		if p.Engine != tt.want {
			var h, ti float64
			if p.Hashing != nil {
				h = p.Hashing.Bytes
			}
			if p.Tiers != nil {
				ti = p.Tiers.Bytes
			}
			t.Errorf("%s in %d bytes: Auto takes the %s (hashing %.3g bytes, tiers %.3g), want the %s", tt.spec, tt.maxMemory, p.Engine.Words(), h, ti, tt.want.Words())
		}
	}
	for _, spec := range []string{"kalah:houses=3,seeds=2", "kalah:houses=2,seeds=3,emptycapture=true"} {
		g := open(t, spec)
		b, err := catalog.Bind(mustSpec(t, spec))
		if err != nil {
			t.Fatal(err)
		}
		a, err := answer.Solve(t.Context(), g, answer.Options{Tables: tables, Name: b.Canonical(), Label: spec})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := hashing.Solve(t.Context(), g, hashing.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := sol.Margin(g.Start())
		if m, ok := a.Solution.Margin(g.Start()); !ok || m != want {
			t.Errorf("%s: Auto's answer (%s) has the margin %v (%v, %v), the hashing engine's %v", spec, a.Engine.Words(), m, ok, a.Solution.MarginErr(), want)
		}
		a.Close()
	}
}

// other is the cost of the engine p did not choose.
func other(p answer.Plan) answer.Cost {
	c := p.Hashing
	if p.Engine == answer.Hashing {
		c = p.Tiers
	}
	if c == nil {
		return answer.Cost{}
	}
	return *c
}

func mustSpec(t *testing.T, text string) sente.Spec {
	t.Helper()
	s, err := sente.ParseSpec(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// allFamilies is the built-in catalogue.
func allFamilies() []sente.Family { return games.All() }
