package games_test

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/verify"
)

// TestTierEngineAgrees: the tier engine gives every built-in game that
// ranks its positions by tiers the values and remoteness the hashing engine
// gives, position by position, with the same counts; its stored tables pass
// the independent verifier.
func TestTierEngineAgrees(t *testing.T) {
	specs := []string{
		"connect4:w=4,h=4",
		"connect4:w=3,h=3,k=3",
		"tictactoe",
		"tictactoe:m=3,n=4,k=3",
		"chopsticks",
		"chopsticks:revive=true",
		"count",
		"consecutive:n=10,m=3",
		"nim:heaps=1/2/3/4",
		"cards",
		"quixo:n=3",
		"quixo:n=3,k=2",
		"teeko:n=4,pieces=2",
		"teeko:pieces=2,centre=false",
		"dobutsu:pieces=giraffes",
		"dobutsu:pieces=chicks,try=safe,catch=free",
	}
	if !testing.Short() {
		specs = append(specs, "connect4:w=5,h=4")
	}
	ctx := context.Background()
	for _, spec := range specs {
		for _, misere := range []bool{false, true} {
			g, err := games.New(spec)
			if err != nil {
				t.Fatal(err)
			}
			name := spec
			if misere {
				if !sente.CapabilitiesOf(g).IsImpartial() {
					continue
				}
				g, name = nimber.MisereGame(g), spec+" (misère)"
			}
			if sente.CapabilitiesOf(g).TierRanker == nil {
				t.Errorf("%s offers no TierRanker", name)
				continue
			}
			t.Run(name, func(t *testing.T) {
				switch spec {
				case "connect4:w=4,h=4", "tictactoe:m=3,n=4,k=3", "quixo:n=3", "teeko:pieces=2,centre=false", "dobutsu:pieces=chicks,try=safe,catch=free":
					testmode.SkipShort(t, "the larger boards, a CPU-second and more each (the smaller ones take the same paths)")
				}
				// A game that ranks by symmetry counts classes, as the
				// hashing engine does with Symmetry; every position of
				// the plain solve is looked up too.
				symmetric := solve.RanksBySymmetry(g)
				want, err := hashing.Solve(ctx, g, hashing.Options{Symmetry: symmetric})
				if err != nil {
					t.Fatal(err)
				}
				gs, err := store.Store{Dir: t.TempDir()}.Game(name)
				if err != nil {
					t.Fatal(err)
				}
				ts, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{Sink: gs})
				if err != nil {
					t.Fatal(err)
				}
				defer ts.Close()
				got := tiers.FromTiers(g, ts, g.Start(), 0)
				if symmetric {
					// Counts are of positions, and the classes solved
					// are those of the hashing engine with Symmetry.
					if got.ClassCount() != want.Positions() || got.Classes() {
						t.Errorf("tiers: %d classes (classes only: %v); hashing with symmetry: %d", got.ClassCount(), got.Classes(), want.Positions())
					}
					// Dōbutsu shōgi counts positions as Tanaka does
					// (TestDobutsuAgainstReference checks its counts).
					if !strings.HasPrefix(spec, "dobutsu") {
						plain, err := hashing.Solve(ctx, g, hashing.Options{})
						if err != nil {
							t.Fatal(err)
						}
						if got.Counts() != plain.Counts() {
							t.Errorf("tiers: %d positions %+v; hashing without symmetry: %+v", got.Positions(), got.Counts(), plain.Counts())
						}
					}
				} else if got.Positions() != want.Positions() || got.Counts() != want.Counts() {
					t.Errorf("tiers: %d positions %+v; hashing: %d positions %+v", got.Positions(), got.Counts(), want.Positions(), want.Counts())
				}
				bad := 0
				want.Each(func(p sente.Position, o sente.Outcome) bool {
					if got, ok := got.Outcome(p); !ok || got != o {
						if bad++; bad <= 5 {
							t.Errorf("%s: tiers %v (reached %v), hashing %v", g.FormatPosition(p), got, ok, o)
						}
					}
					return true
				})
				if bad > 0 {
					t.Errorf("%d positions differ from the hashing engine", bad)
				}
				n := 0
				got.Each(func(p sente.Position, o sente.Outcome) bool {
					n++
					if w, ok := want.Outcome(p); !ok || w != o {
						t.Errorf("%s: tiers %v, hashing %v (reached %v)", g.FormatPosition(p), o, w, ok)
						return false
					}
					return true
				})
				if n != want.Positions() {
					t.Errorf("Each gave %d positions, want %d", n, want.Positions())
				}
				if symmetric {
					plain, err := hashing.Solve(ctx, g, hashing.Options{})
					if err != nil {
						t.Fatal(err)
					}
					plain.Each(func(p sente.Position, o sente.Outcome) bool {
						if got, ok := got.Outcome(p); !ok || got != o {
							t.Errorf("%s: tiers %v (reached %v), hashing without symmetry %v", g.FormatPosition(p), got, ok, o)
							return false
						}
						return true
					})
				}
				if _, err := verify.Table(ctx, g, gs, verify.Options{}); err != nil {
					t.Errorf("verify: %v", err)
				}
			})
		}
	}
}

// TestPeakDisk: the disk a solve's tables take, measured in the store
// after every tier, never passes the plan's peak (tiers.PeakDiskBytes),
// and the plan is below the two bytes and a bit a rank that tables took
// before they were compact.
func TestPeakDisk(t *testing.T) {
	for _, spec := range []string{"connect4:w=4,h=4", "quixo:n=3", "teeko:n=4,pieces=2"} {
		g, err := games.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		peak, ok := tiers.PeakDiskBytes(g)
		if !ok {
			t.Fatalf("%s: no plan of its disk", spec)
		}
		gs, err := store.Store{Dir: t.TempDir()}.Game(spec)
		if err != nil {
			t.Fatal(err)
		}
		var measured int64
		var ranks uint64
		tr := sente.CapabilitiesOf(g).TierRanker
		ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs, Workers: 1, Progress: func(p solve.Progress) {
			if p.Phase != solve.PhaseStored {
				return
			}
			var n int64
			entries, _ := os.ReadDir(gs.Dir)
			for _, e := range entries {
				if fi, err := e.Info(); err == nil && strings.HasPrefix(e.Name(), "tier-") {
					n += fi.Size()
				}
			}
			measured = max(measured, n)
		}})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range ts.Tiers {
			ranks += tr.TierSize(r.Tier)
		}
		ts.Close()
		if measured == 0 || uint64(measured) > peak || float64(peak) > 2.125*float64(ranks)+float64(4096*2*len(ts.Tiers)) {
			t.Errorf("%s: %d bytes at most on disk, planned %d, raw %d ranks", spec, measured, peak, ranks)
		}
	}
}

// TestEveryPositionAgrees: a solve of every position of a game's tiers
// (tiers.TierOptions.EveryPosition) gives the positions the start reaches
// the values the hashing engine gives them, and positions of its tiers
// the start does not reach those the hashing engine gives from them; its
// tables pass the verifier as tables of every position, and hold at least
// the positions the start reaches.
func TestEveryPositionAgrees(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{
		"connect4:w=4,h=3",
		"tictactoe",
		"chopsticks",
		"quixo:n=3",
		"teeko:n=4,pieces=2",
		"dobutsu:pieces=giraffes",
	} {
		t.Run(spec, func(t *testing.T) {
			if spec == "quixo:n=3" || spec == "dobutsu:pieces=giraffes" {
				testmode.SkipShort(t, "the larger games, a CPU-second each")
			}
			g, err := games.New(spec)
			if err != nil {
				t.Fatal(err)
			}
			gs, err := store.Store{Dir: t.TempDir()}.Game(spec)
			if err != nil {
				t.Fatal(err)
			}
			ts, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{Sink: gs, EveryPosition: true})
			if err != nil {
				t.Fatal(err)
			}
			defer ts.Close()
			if _, err := verify.Table(ctx, g, gs, verify.Options{EveryPosition: true}); err != nil {
				t.Errorf("verify: %v", err)
			}
			plain, err := hashing.Solve(ctx, g, hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			// Classes against the hashing engine's with symmetry, for a
			// game that ranks by symmetry (dōbutsu shōgi counts its
			// positions as Tanaka does, not as the hashing engine).
			valued, reached := ts.Totals.Positions, uint64(plain.Positions())
			if solve.RanksBySymmetry(g) {
				sym, err := hashing.Solve(ctx, g, hashing.Options{Symmetry: true})
				if err != nil {
					t.Fatal(err)
				}
				valued, reached = ts.Classes.Positions, uint64(sym.Positions())
			}
			if valued < reached {
				t.Errorf("%d positions valued, fewer than the %d the start reaches", valued, reached)
			}
			roots := []sente.Position{g.Start()}
			tr, enc := sente.CapabilitiesOf(g).TierRanker, sente.CapabilitiesOf(g).Encoder
			rng := rand.New(rand.NewPCG(7, 8))
			for len(roots) < 6 {
				res := ts.Tiers[rng.IntN(len(ts.Tiers))]
				size := tr.TierSize(res.Tier)
				if size == 0 {
					continue
				}
				if key, ok := tr.Unrank(res.Tier, rng.Uint64N(size)); ok {
					p := enc.Decode(key)
					if _, reached := plain.Outcome(p); !reached {
						roots = append(roots, p)
					}
				}
			}
			bad := 0
			for _, root := range roots {
				want, err := hashing.Solve(ctx, g, hashing.Options{From: root})
				if err != nil {
					t.Fatal(err)
				}
				want.Each(func(p sente.Position, o sente.Outcome) bool {
					if got, ok := ts.Outcome(p); !ok || got != o {
						if bad++; bad <= 5 {
							t.Errorf("%s: every position %v (found %v); hashing from %s: %v", g.FormatPosition(p), got, ok, g.FormatPosition(root), o)
						}
					}
					return true
				})
			}
		})
	}
}
