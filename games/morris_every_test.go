package games

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
	"github.com/sente-go/sente/verify"
)

// TestMorrisEveryPosition solves every position of the moving phase below
// a position with four men against four (tiers.TierOptions.EveryPosition),
// then checks it: positions counted against the boards of each tier
// counted by hand (every board of the moving phase is a position, with
// either player to move), values against the hashing engine from
// positions of every tier, reached from the root or not, and the tables by
// the verifier, which refuses as tables of every position those of the
// positions the root reaches.
func TestMorrisEveryPosition(t *testing.T) {
	testmode.SkipShort(t, "the tables of every position below four men against four")
	ctx := context.Background()
	specs := []string{"morris:board=six,men=4", "morris:board=six,men=4,fly=never,remove=lenient"}
	if !testmode.Long() {
		specs = specs[:1] // a quarter of a CPU-minute each
	}
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			g := morrisNew(t, spec)
			root := morrisParse(t, g, "x.x/o.o/x..o/o../x.. x")
			gs, err := store.Store{Dir: t.TempDir()}.Game(g.String())
			if err != nil {
				t.Fatal(err)
			}
			ts, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{From: root, Sink: gs, EveryPosition: true})
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
			stored, err := tables.Open(g, gs, root, true)
			if err != nil {
				t.Fatal(err)
			}
			sameCounts(t, "answered from the store", stored, ts.Tables)
			stored.Close()
			// A count lost (a stop before it was kept) is made again by
			// the next solve that checks the tables.
			if err := gs.Remove(0, store.Positions); err != nil {
				t.Fatal(err)
			}
			again, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{From: root, Sink: gs, EveryPosition: true, Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			sameCounts(t, "counted again", again.Tables, ts.Tables)
			again.Close()
			below := morrisParse(t, g, "x.x/o.o/x..o/.../x.. x")
			twice, err := store.Store{Dir: t.TempDir()}.Game(g.String())
			if err != nil {
				t.Fatal(err)
			}
			for _, from := range []sente.Position{below, root} {
				bs, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{From: from, Sink: twice, EveryPosition: true})
				if err != nil {
					t.Fatal(err)
				}
				if from == root {
					sameCounts(t, "the tiers below solved first", bs.Tables, ts.Tables)
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
			rs, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{From: root, Sink: reached})
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

// TestMorrisBorrowsDatabases: six men's morris (with four men each; with
// SENTE_LONG, six) solved from the start with
// its moving phase taken whole from the tables of every position of it
// (tiers.TierOptions.Borrow), not solved again: the start, and the placing
// tiers cell by cell and count by count, are those of a solve from the
// start on its own; each moving tier is the table of every position,
// which agrees with the solve on its own at every rank that solve reached,
// and counts every position. In a store the tiers taken are links to the
// tables of every position, and the verifier finds the whole consistent.
func TestMorrisBorrowsDatabases(t *testing.T) {
	testmode.SkipShort(t, "morris solved four ways from the start and from the moving phase")
	ctx := context.Background()
	spec, moving := "morris:board=six,men=4", "x.x/o.o/x..o/o../x.. x"
	if testmode.Long() {
		spec, moving = "morris:board=six", "xxx/xxx/..../ooo/ooo x"
	}
	g := morrisNew(t, spec)
	from := morrisParse(t, g, moving)
	every := tiers.NewMemorySink()
	es, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{From: from, Sink: every, EveryPosition: true})
	if err != nil {
		t.Fatal(err)
	}
	es.Close()
	whole := map[int]solve.TierResult{}
	for _, tr := range es.Tiers {
		whole[tr.Tier] = tr
	}
	loops := 0
	countLoops := func(p solve.Progress) {
		if p.Phase == solve.PhaseSettlingLoops {
			loops++
		}
	}
	alone := tiers.NewMemorySink()
	want, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{Sink: alone, Progress: countLoops})
	if err != nil {
		t.Fatal(err)
	}
	defer want.Close()
	if loops == 0 {
		t.Fatal("the solve on its own settled no loops: the test cannot tell a moving phase taken from one solved")
	}
	borrowing := tiers.NewMemorySink()
	loops = 0
	got, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{Sink: borrowing, Borrow: every, Progress: countLoops})
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	if loops > 0 {
		t.Errorf("%d reports of loops settled: the moving phase was solved again, not taken from the tables of every position", loops)
	}
	if got.Start != want.Start {
		t.Errorf("the start: %v, want %v", got.Start, want.Start)
	}
	if len(got.Tiers) != len(want.Tiers) {
		t.Fatalf("%d tiers, want %d", len(got.Tiers), len(want.Tiers))
	}
	taken := 0
	for i, tr := range want.Tiers {
		gr := got.Tiers[i]
		w, c := tierCells(t, alone, tr.Tier), tierCells(t, borrowing, tr.Tier)
		e, ok := whole[tr.Tier]
		if !ok {
			if !slices.Equal(w, c) {
				t.Errorf("placing tier %d differs from a solve from the start on its own", tr.Tier)
			}
			tr.Seconds, gr.Seconds, tr.Classes.Seconds, gr.Classes.Seconds = 0, 0, 0, 0
			if gr.Counts != tr.Counts || gr.Classes != tr.Classes {
				t.Errorf("placing tier %d: %+v positions, %+v classes; want %+v, %+v", tr.Tier, gr.Counts, gr.Classes, tr.Counts, tr.Classes)
			}
			continue
		}
		taken++
		if !slices.Equal(c, tierCells(t, every, tr.Tier)) {
			t.Errorf("moving tier %d is not the table of every position", tr.Tier)
		}
		for r, cell := range w {
			if cell != store.Unreachable && c[r] != cell {
				t.Errorf("moving tier %d rank %d: %v, want %v as the solve on its own", tr.Tier, r, c[r], cell)
				break
			}
		}
		e.Seconds, gr.Seconds, e.Classes.Seconds, gr.Classes.Seconds = 0, 0, 0, 0
		if gr.Counts != e.Counts || gr.Classes != e.Classes {
			t.Errorf("moving tier %d: %+v positions, %+v classes; want every position's %+v, %+v", tr.Tier, gr.Counts, gr.Classes, e.Counts, e.Classes)
		}
	}
	if taken != len(es.Tiers) {
		t.Errorf("%d tiers taken whole, want the %d of the tables of every position", taken, len(es.Tiers))
	}

	// From a position of the moving phase, every tier is taken and none
	// solved or followed: the counts are every position's.
	fromMoving, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{From: from, Sink: tiers.NewMemorySink(), Borrow: every})
	if err != nil {
		t.Fatal(err)
	}
	if fromMoving.Totals.Positions != es.Totals.Positions || fromMoving.Start != es.Start {
		t.Errorf("from %s: %v of %d positions, want %v of the %d of every position", g.FormatPosition(from), fromMoving.Start, fromMoving.Totals.Positions, es.Start, es.Totals.Positions)
	}
	fromMoving.Close()

	// In a store: the tiers taken are links, and the whole is consistent.
	tables := store.Store{Dir: t.TempDir()}
	everyStore, err := tables.Game(store.EveryPosition(g.String()))
	if err != nil {
		t.Fatal(err)
	}
	es, err = tiers.SolveTiers(ctx, g, tiers.TierOptions{From: from, Sink: everyStore, EveryPosition: true})
	if err != nil {
		t.Fatal(err)
	}
	es.Close()
	gs, err := tables.Game(g.String())
	if err != nil {
		t.Fatal(err)
	}
	ss, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{Sink: gs, Borrow: everyStore})
	if err != nil {
		t.Fatal(err)
	}
	if ss.Start != want.Start || ss.Totals.Positions != got.Totals.Positions {
		t.Errorf("in a store: the start %v of %d positions, want %v of %d", ss.Start, ss.Totals.Positions, want.Start, got.Totals.Positions)
	}
	ss.Close()
	for tier := range whole {
		a, b := tableFile(t, gs, tier), tableFile(t, everyStore, tier)
		if !os.SameFile(a, b) {
			t.Errorf("tier %d: stored again, not linked to the table of every position", tier)
		}
	}
	// Checked position by position, the whole is consistent; the tiers
	// taken whole, once their tables of every position are checked, are
	// not checked again.
	if _, err := verify.Table(ctx, g, gs, verify.Options{}); err != nil {
		t.Errorf("verify: %v", err)
	}
	if _, err := verify.Table(ctx, g, everyStore, verify.Options{EveryPosition: true}); err != nil {
		t.Errorf("verify of the tables of every position: %v", err)
	}
	rep, err := verify.Table(ctx, g, gs, verify.Options{Again: true, Beside: everyStore})
	if err != nil || rep.Earlier != 0 {
		t.Errorf("verify again: %v, %d tiers taken as checked; want none", err, rep.Earlier)
	}
	if err := gs.WriteNote("verified.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	rep, err = verify.Table(ctx, g, gs, verify.Options{Beside: everyStore})
	if err != nil || rep.Earlier != len(whole) {
		t.Errorf("verify beside the tables of every position: %v, %d tiers taken as checked; want the %d taken whole", err, rep.Earlier, len(whole))
	}

	// Tables of every position that leave a position unvalued are not
	// what they claim: a placing position that moves to it says so.
	largest := slices.MaxFunc(es.Tiers, func(a, b solve.TierResult) int { return cmp.Compare(a.Classes.Positions, b.Classes.Positions) }).Tier
	blank := tierCells(t, every, largest)
	for i := range blank {
		blank[i] = store.Unreachable
	}
	if err := every.Write(largest, store.Values, cellsBytes(blank), store.Counts{}); err != nil {
		t.Fatal(err)
	}
	_, err = tiers.SolveTiers(ctx, g, tiers.TierOptions{Sink: tiers.NewMemorySink(), Borrow: every})
	if err == nil || !strings.Contains(err.Error(), "stored as unreachable") {
		t.Errorf("tables of every position with a tier blanked: %v, want a move to a position stored as unreachable", err)
	}
}

// tableFile is the file of tier's values in gs.
func tableFile(t *testing.T, gs *store.GameStore, tier int) os.FileInfo {
	t.Helper()
	tbl, err := gs.Open(tier, store.Values)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Close()
	fi, err := os.Stat(tbl.Path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}

// cellsBytes is cells as a table's payload holds them.
func cellsBytes(cells []store.Cell) []byte {
	b := make([]byte, 0, 2*len(cells))
	for _, c := range cells {
		b = binary.LittleEndian.AppendUint16(b, uint16(c))
	}
	return b
}

// tierCells are the cells sink holds for tier.
func tierCells(t *testing.T, sink tiers.TierSink, tier int) []store.Cell {
	t.Helper()
	tbl, err := sink.Open(tier, store.Values)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Close()
	cells, err := tbl.LoadCells()
	if err != nil {
		t.Fatal(err)
	}
	return slices.Clone(cells)
}

// sameCounts checks that got gives want's positions and classes, tier by
// tier.
func sameCounts(t *testing.T, what string, got, want *tables.Tables) {
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
	testmode.SkipUnlessLong(t, "5.4 million positions of nine men's morris, a quarter of a CPU-minute (TestMorrisEveryPosition checks the same on six men's)")
	ctx := context.Background()
	g := morrisNew(t, "morris")
	roots := []MorrisPosition{
		morrisParse(t, g, "x../.../.../x....o/.../.o./o.x x"),
		morrisParse(t, g, "xx./.../.../o....o/.../.../x.o o"),
	}
	ts, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{From: roots[0], EveryPosition: true})
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
func againstHashing[P sente.Position](ctx context.Context, t *testing.T, g *Morris, ts *tiers.TierSolution, roots []P, symmetry bool) {
	t.Helper()
	wrong := 0
	for _, root := range roots {
		sol, err := hashing.Solve(ctx, g, hashing.Options{From: root, Symmetry: symmetry})
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
