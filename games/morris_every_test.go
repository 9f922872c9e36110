package games

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"sente"
	"sente/solve"
	"sente/store"
	"sente/verify"
)

// TestMorrisEveryPosition solves every position of the moving phase below
// a position with four men against four (solve.TierOptions.EveryPosition),
// then checks it: positions counted against the boards of each tier
// counted by hand (every board of the moving phase is a position, with
// either player to move), values against the hashing engine from
// positions of every tier, reached from the root or not, and the tables by
// the verifier, which refuses as tables of every position those of the
// positions the root reaches.
func TestMorrisEveryPosition(t *testing.T) {
	ctx := context.Background()
	specs := []string{"morris:board=six,men=4", "morris:board=six,men=4,fly=never,remove=lenient"}
	if testing.Short() {
		specs = specs[:1]
	}
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			g := morrisNew(t, spec)
			root := morrisParse(t, g, "x.x/o.o/x..o/o../x.. x")
			gs, err := store.Store{Dir: t.TempDir()}.Game(g.String())
			if err != nil {
				t.Fatal(err)
			}
			ts, err := solve.SolveTiers(ctx, g, solve.TierOptions{From: root, Sink: gs, EveryPosition: true})
			if err != nil {
				t.Fatal(err)
			}
			defer ts.Close()
			points := g.b.points
			var want uint64
			rng := rand.New(rand.NewPCG(5, 6))
			var samples []sente.Position
			for _, tr := range ts.Tiers {
				size := g.TierSize(tr.Tier)
				var a, b int
				for r := range size {
					key, ok := g.Unrank(tr.Tier, r)
					if !ok {
						continue
					}
					p := g.Decode(key).(MorrisPosition)
					a, b = bits.OnesCount32(p.X), bits.OnesCount32(p.O)
					break
				}
				boards := choose(points, a) * choose(points-a, b)
				if a != b {
					boards *= 2 // the player to move has a or b men
				}
				want += 2 * boards // either colour to move
				if tr.Classes.Positions != classesOf(g, tr.Tier) {
					t.Errorf("tier %d (%d against %d): %d classes solved, %d stand for a position", tr.Tier, a, b, tr.Classes.Positions, classesOf(g, tr.Tier))
				}
				for {
					if key, ok := g.Unrank(tr.Tier, rng.Uint64N(size)); ok {
						samples = append(samples, g.Decode(key))
						break
					}
				}
			}
			if ts.Totals.Positions != want {
				t.Errorf("%d positions by the classes solved, %d boards of the tiers", ts.Totals.Positions, want)
			}
			// Answered from the store, the tables count positions as the
			// solve did; a solve from a position of a tier below counts
			// nothing again, and one into another store that solved the
			// tiers below first counts the same.
			stored, err := solve.SolveTiers(ctx, g, solve.TierOptions{From: root, Sink: gs, EveryPosition: true, StoredOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			sameCounts(t, "answered from the store", stored, ts)
			stored.Close()
			// A count lost (a stop before it was kept) is made again by
			// the next solve that checks the tables.
			if err := gs.Remove(0, store.Positions); err != nil {
				t.Fatal(err)
			}
			again, err := solve.SolveTiers(ctx, g, solve.TierOptions{From: root, Sink: gs, EveryPosition: true, Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			sameCounts(t, "counted again", again, ts)
			again.Close()
			below := morrisParse(t, g, "x.x/o.o/x..o/.../x.. x")
			twice, err := store.Store{Dir: t.TempDir()}.Game(g.String())
			if err != nil {
				t.Fatal(err)
			}
			for _, from := range []sente.Position{below, root} {
				bs, err := solve.SolveTiers(ctx, g, solve.TierOptions{From: from, Sink: twice, EveryPosition: true})
				if err != nil {
					t.Fatal(err)
				}
				if from == root {
					sameCounts(t, "the tiers below solved first", bs, ts)
				}
				bs.Close()
			}
			if _, err := verify.Table(ctx, g, gs, verify.Options{EveryPosition: true}); err != nil {
				t.Errorf("verify: %v", err)
			}
			reached, err := store.Store{Dir: t.TempDir()}.Game(g.String())
			if err != nil {
				t.Fatal(err)
			}
			rs, err := solve.SolveTiers(ctx, g, solve.TierOptions{From: root, Sink: reached})
			if err != nil {
				t.Fatal(err)
			}
			rs.Close()
			var bad *verify.Inconsistency
			if _, err := verify.Table(ctx, g, reached, verify.Options{EveryPosition: true}); !errors.As(err, &bad) || !strings.Contains(bad.Why, "not stored") {
				t.Errorf("verify of the positions the root reaches as tables of every position: %v, want a position not stored", err)
			}
			againstHashing(ctx, t, g, ts, samples, false)
		})
	}
}

// sameCounts checks that got gives want's positions and classes, tier by
// tier.
func sameCounts(t *testing.T, what string, got, want *solve.TierSolution) {
	t.Helper()
	if len(got.Tiers) != len(want.Tiers) {
		t.Fatalf("%s: %d tiers, want %d", what, len(got.Tiers), len(want.Tiers))
	}
	for i, g := range got.Tiers {
		w := want.Tiers[i]
		g.Counts.Seconds, w.Counts.Seconds, g.Classes.Seconds, w.Classes.Seconds = 0, 0, 0, 0
		if g.Tier != w.Tier || g.Counts != w.Counts || g.Classes != w.Classes {
			t.Errorf("%s: tier %d: %+v positions, %+v classes; want tier %d: %+v, %+v", what, g.Tier, g.Counts, g.Classes, w.Tier, w.Counts, w.Classes)
		}
	}
	if got.Totals.Positions != want.Totals.Positions {
		t.Errorf("%s: %d positions, want %d", what, got.Totals.Positions, want.Totals.Positions)
	}
}

// classesOf counts the ranks of tier t that stand for a position.
func classesOf(g *Morris, t int) uint64 {
	var n uint64
	for r := range g.TierSize(t) {
		if _, ok := g.Unrank(t, r); ok {
			n++
		}
	}
	return n
}

func choose(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	c := uint64(1)
	for i := range k {
		c = c * uint64(n-i) / uint64(i+1)
	}
	return c
}

// TestMorrisNineThreeAgainstThree solves every position of nine men's
// morris with three men against three (Gasser's smallest database, every
// move a flight) and compares it, position by position, with the hashing
// engine from positions of it.
func TestMorrisNineThreeAgainstThree(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of the hashing engine")
	}
	ctx := context.Background()
	g := morrisNew(t, "morris")
	roots := []MorrisPosition{
		morrisParse(t, g, "x../.../.../x....o/.../.o./o.x x"),
		morrisParse(t, g, "xx./.../.../o....o/.../.../x.o o"),
	}
	ts, err := solve.SolveTiers(ctx, g, solve.TierOptions{From: roots[0], EveryPosition: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	top := ts.Tiers[len(ts.Tiers)-1] // three against three, the root's
	if want := classesOf(g, top.Tier); top.Classes.Positions != want {
		t.Errorf("three against three: %d classes solved, %d stand for a position", top.Classes.Positions, want)
	}
	againstHashing(ctx, t, g, ts, roots, true)
}

// againstHashing compares every position the hashing engine reaches from
// each root (with symmetry, when symmetry is set) with the tables of every
// position.
func againstHashing[P sente.Position](ctx context.Context, t *testing.T, g *Morris, ts *solve.TierSolution, roots []P, symmetry bool) {
	t.Helper()
	wrong := 0
	for _, root := range roots {
		sol, err := solve.Solve(ctx, g, solve.Options{From: root, Symmetry: symmetry})
		if err != nil {
			t.Fatal(err)
		}
		sol.Each(func(q sente.Position, w sente.Outcome) bool {
			if got, ok := ts.Outcome(q); !ok || got != w {
				if wrong++; wrong <= 5 {
					t.Errorf("%s: every position: %v (found %v); hashing engine from %s: %v", g.FormatPosition(q), got, ok, g.FormatPosition(root), w)
				}
			}
			return true
		})
	}
}
