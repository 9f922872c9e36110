package tiers

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/store"
)

// tierGraph is a game given as an explicit graph of tiered positions: the
// key of rank r of tier t is t<<32 | r. Tier t's child tiers are lower
// numbered; loopy tiers have moves inside themselves. Some ranks are no
// positions at all, some positions are not reachable from the start.
type tierGraph struct {
	sizes    []uint64
	children [][]int
	loops    []bool
	valid    map[uint64]bool
	kids     map[uint64][]uint64
	ended    map[uint64]sente.Value
	parents  map[uint64][]uint64
	start    uint64
	// turns, when set, says who is to move at each key (the first player
	// where it says nothing); without it the game promises to alternate.
	turns map[uint64]sente.Player
}

func tierKey(t int, r uint64) uint64 { return uint64(t)<<32 | r }

func (g *tierGraph) Start() sente.Position { return g.start }
func (g *tierGraph) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	for _, k := range g.kids[p.(uint64)] {
		moves = append(moves, sente.Move{Name: strconv.FormatUint(k, 10), To: k})
	}
	return moves
}
func (g *tierGraph) Ended(p sente.Position) (sente.Value, bool) {
	v, ok := g.ended[p.(uint64)]
	return v, ok
}
func (g *tierGraph) Turn(p sente.Position) sente.Player { return g.turns[p.(uint64)] }
func (g *tierGraph) Alternates() bool                   { return g.turns == nil }
func (g *tierGraph) FormatPosition(p sente.Position) string {
	return strconv.FormatUint(p.(uint64), 10)
}
func (g *tierGraph) ParsePosition(s string) (sente.Position, error) {
	return strconv.ParseUint(s, 10, 64)
}
func (g *tierGraph) Encode(p sente.Position) uint64        { return p.(uint64) }
func (g *tierGraph) Decode(k uint64) sente.Position        { return k }
func (g *tierGraph) EndedKey(k uint64) (sente.Value, bool) { return g.Ended(k) }
func (g *tierGraph) AppendChildren(dst []uint64, k uint64) []uint64 {
	return append(dst, g.kids[k]...)
}
func (g *tierGraph) TierRank(k uint64) (int, uint64) { return int(k >> 32), k & (1<<32 - 1) }
func (g *tierGraph) Unrank(t int, r uint64) (uint64, bool) {
	k := tierKey(t, r)
	return k, g.valid[k]
}
func (g *tierGraph) TierSize(t int) uint64  { return g.sizes[t] }
func (g *tierGraph) ChildTiers(t int) []int { return g.children[t] }
func (g *tierGraph) TierLoops(t int) bool   { return g.loops[t] }

// unmoveTierGraph adds un-moves: every parent that has not ended, reachable
// or not.
type unmoveTierGraph struct{ *tierGraph }

func (g unmoveTierGraph) AppendParents(dst []uint64, k uint64) []uint64 {
	return append(dst, g.parents[k]...)
}

// scanTierGraph lists ranks in order (sente.TierScanner), so that the
// engine scans the blocks most of whose ranks are reachable.
type scanTierGraph struct{ *tierGraph }

func (g scanTierGraph) ScanTier(t int, lo, hi uint64, marked []uint64, yield func(rank, key uint64) bool) {
	for r := lo; r < min(hi, g.sizes[t]); r++ {
		if i := r - lo; marked != nil && marked[i/64]&(1<<(i%64)) == 0 {
			continue
		}
		if k, ok := g.Unrank(t, r); ok && !yield(r, k) {
			return
		}
	}
}

// rankingTierGraph ranks a position's children itself
// (sente.TierChildRanker), and scans.
type rankingTierGraph struct{ scanTierGraph }

func (g rankingTierGraph) NewChildRanker() sente.ChildRankFunc {
	return func(dst []sente.TierPosition, k uint64) []sente.TierPosition {
		for _, kid := range g.kids[k] {
			t, r := g.TierRank(kid)
			dst = append(dst, sente.TierPosition{Tier: t, Rank: r})
		}
		return dst
	}
}

// batchTierGraph expands many ranks in one call (sente.TierExpander), its
// children in an order of its own.
type batchTierGraph struct{ *tierGraph }

func (g batchTierGraph) ExpandRanks(t int, x *sente.RankExpansion) error {
	x.Reset()
	for _, r := range x.Ranks {
		k, ok := g.Unrank(t, r)
		if !ok {
			return fmt.Errorf("rank %d of tier %d is no position", r, t)
		}
		x.Keys = append(x.Keys, k)
		v, ended := g.EndedKey(k)
		if !ended {
			v = sente.Unknown
			kids := g.kids[k]
			for i := range kids {
				kt, kr := g.TierRank(kids[len(kids)-1-i])
				x.Kids = append(x.Kids, sente.TierPosition{Tier: kt, Rank: kr})
			}
		}
		x.Values = append(x.Values, v)
		x.Ends = append(x.Ends, len(x.Kids))
	}
	return nil
}

// batchUnmoveTierGraph expands ranks in batches and has un-moves.
type batchUnmoveTierGraph struct{ batchTierGraph }

func (g batchUnmoveTierGraph) AppendParents(dst []uint64, k uint64) []uint64 {
	return append(dst, g.parents[k]...)
}

// turnKeyTierGraph says whose turn it is on keys (sente.TurnKeyer).
type turnKeyTierGraph struct{ *tierGraph }

func (g turnKeyTierGraph) TurnKey(k uint64) sente.Player { return g.turns[k] }

// withTierTurns gives g's positions players to move at random, so that
// some moves keep the turn: the game no longer promises to alternate.
func withTierTurns(r *rand.Rand, g *tierGraph) *tierGraph {
	g.turns = map[uint64]sente.Player{}
	for k := range g.valid {
		g.turns[k] = sente.Player(r.IntN(2))
	}
	return g
}

// checkAgainstReference compares every position the reference solver
// reaches with the tier engine's solution.
func checkAgainstReference(t *testing.T, name string, g sente.Game, sol *TierSolution) {
	t.Helper()
	ref, err := reference.Reference(g, nil, nil)
	if err != nil {
		t.Fatalf("%s: reference: %v", name, err)
	}
	for p, want := range ref {
		if got, ok := sol.Outcome(p); !ok || got != want {
			t.Fatalf("%s: position %s: got %v (found %v), reference %v", name, g.FormatPosition(p), got, ok, want)
		}
	}
}

// randomTierGraph makes a DAG of tiers, some loopy, with random moves
// within a tier and to child tiers, repeated moves, dead ends and ended
// positions of every result.
func randomTierGraph(r *rand.Rand, maxTiers, maxSize int) *tierGraph {
	nt := 1 + r.IntN(maxTiers)
	g := &tierGraph{
		sizes: make([]uint64, nt), children: make([][]int, nt), loops: make([]bool, nt),
		valid: map[uint64]bool{}, kids: map[uint64][]uint64{}, ended: map[uint64]sente.Value{}, parents: map[uint64][]uint64{},
	}
	for t := range nt {
		g.sizes[t] = uint64(1 + r.IntN(maxSize))
		g.loops[t] = r.IntN(3) != 0
		for c := range t {
			if r.IntN(2) == 0 || c == t-1 {
				g.children[t] = append(g.children[t], c)
			}
		}
	}
	for t := range nt {
		var valid []uint64
		for rank := range g.sizes[t] {
			if r.IntN(8) != 0 {
				g.valid[tierKey(t, rank)] = true
				valid = append(valid, rank)
			}
		}
		if len(valid) == 0 {
			g.valid[tierKey(t, 0)] = true
			valid = append(valid, 0)
		}
		for _, rank := range valid {
			k := tierKey(t, rank)
			switch x := r.IntN(16); {
			case x == 0:
				g.ended[k] = sente.Win
			case x == 1:
				g.ended[k] = sente.Lose
			case x == 2:
				g.ended[k] = sente.Tie
			case x == 3:
				// no moves: lost for the player to move
			default:
				for range 1 + r.IntN(4) {
					ct := t
					if !g.loops[t] || (len(g.children[t]) > 0 && r.IntN(3) == 0) {
						if len(g.children[t]) == 0 {
							continue
						}
						ct = g.children[t][r.IntN(len(g.children[t]))]
					}
					g.kids[k] = append(g.kids[k], g.randomValid(r, ct))
				}
			}
		}
	}
	for k, kids := range g.kids {
		for _, c := range kids {
			if !slices.Contains(g.parents[c], k) {
				g.parents[c] = append(g.parents[c], k)
			}
		}
	}
	g.start = g.randomValid(r, nt-1)
	return g
}

func (g *tierGraph) randomValid(r *rand.Rand, t int) uint64 {
	for {
		k := tierKey(t, uint64(r.IntN(int(g.sizes[t]))))
		if g.valid[k] {
			return k
		}
	}
}

// checkAgainstSolve compares every position with the hashing engine and the
// counts with its number of positions.
func checkAgainstSolve(t *testing.T, name string, g sente.Game, sol *TierSolution) {
	t.Helper()
	ref, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		t.Fatalf("%s: hashing engine: %v", name, err)
	}
	if got := sol.Totals.Positions; got != uint64(ref.Positions()) {
		t.Fatalf("%s: %d reachable positions, hashing engine %d", name, got, ref.Positions())
	}
	c := ref.Counts()
	if w := sol.Totals; w.Win != uint64(c.Win) || w.Lose != uint64(c.Lose) || w.Tie != uint64(c.Tie) || w.Draw != uint64(c.Draw) {
		t.Fatalf("%s: counts %+v, hashing engine %+v", name, w, c)
	}
	if want, _ := ref.Outcome(ref.Root()); sol.Start != want {
		t.Fatalf("%s: start %v, hashing engine %v", name, sol.Start, want)
	}
	ref.Each(func(p sente.Position, want sente.Outcome) bool {
		got, ok := sol.Outcome(p)
		if !ok || got != want {
			t.Fatalf("%s: position %s: got %v (found %v), hashing engine %v", name, g.FormatPosition(p), got, ok, want)
		}
		return true
	})
}

func TestTiersMatchSolveOnRandomTieredGraphs(t *testing.T) {
	defer func(b uint64, c int) { tierBlock, retroChunk = b, c }(tierBlock, retroChunk)
	tierBlock = 64 // several blocks, so several workers, on every tier
	retroChunk = 5 // a level's lists in several chunks
	trials := 1000
	if testing.Short() {
		trials = 60
		t.Log("-short runs 60 of the 1000 random graphs")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range trials {
		maxSize := 40
		if trial%5 == 0 {
			maxSize = 600
		}
		g := randomTierGraph(r, 6, maxSize)
		games := []sente.Game{g, unmoveTierGraph{g}, scanTierGraph{g}, rankingTierGraph{scanTierGraph{g}},
			batchTierGraph{g}, batchUnmoveTierGraph{batchTierGraph{g}}}
		// Every other graph has moves that keep the turn.
		turns := trial%2 == 1
		if turns {
			games = append(games, turnKeyTierGraph{withTierTurns(r, g)})
		}
		for gi, game := range games {
			for _, workers := range []int{1, 2} {
				name := fmt.Sprintf("trial %d %T workers %d", trial, game, workers)
				sol, err := SolveTiers(context.Background(), game, TierOptions{Workers: workers})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				checkAgainstSolve(t, name, game, sol)
				if turns && gi == 0 && workers == 1 && maxSize < 100 {
					checkAgainstReference(t, name, game, sol)
				}
			}
		}
	}
}

// TestTierRegressions pins the loopy cases of TestRegressions in one tier.
func TestTierRegressions(t *testing.T) {
	const (
		F = sente.First
		S = sente.Second
	)
	tests := []struct {
		name  string
		kids  [][]int
		ended map[int]sente.Value
		turns []sente.Player // nil: the game alternates
		want  []sente.Outcome
	}{
		{"cycle through the root", [][]int{{1, 3}, {0, 2}, {3}, nil}, map[int]sente.Value{3: sente.Lose}, nil, nil},
		{"fastest win", [][]int{{2, 1}, nil, {3}, {4}, nil}, map[int]sente.Value{}, nil, nil},
		{"draw and tie", [][]int{{6, 2}, {6, 5}, {3, 4}, nil, {2}, nil, {1}}, map[int]sente.Value{3: sente.Tie, 5: sente.Win}, nil, nil},
		// The loops of TestRegressions whose moves may keep the turn.
		{"loops that keep the turn", [][]int{{1, 4}, {2, 3}, {0}, nil, {5}, nil}, map[int]sente.Value{3: sente.Lose, 5: sente.Tie},
			[]sente.Player{F, F, S, F, S, F},
			[]sente.Outcome{{Value: sente.Tie, Remoteness: 2}, {Value: sente.Tie, Remoteness: 4}, {Value: sente.Tie, Remoteness: 3},
				{Value: sente.Lose}, {Value: sente.Tie, Remoteness: 1}, {Value: sente.Tie}}},
		{"a drawn loop that keeps the turn", [][]int{{1}, {2, 3}, {0}, nil}, map[int]sente.Value{3: sente.Lose},
			[]sente.Player{F, F, S, F},
			[]sente.Outcome{{Value: sente.Draw}, {Value: sente.Draw}, {Value: sente.Draw}, {Value: sente.Lose}}},
		// The first player moves twice in a row and wins in 2 (0 -> 1 ->
		// 2, where the second player has lost); 3, the second player's,
		// loses to it in 3, having only the move to 0, which passes.
		{"a loss that keeps the turn", [][]int{{1, 3}, {2}, nil, {0}}, map[int]sente.Value{2: sente.Lose},
			[]sente.Player{F, F, S, S},
			[]sente.Outcome{{Value: sente.Win, Remoteness: 2}, {Value: sente.Win, Remoteness: 1}, {Value: sente.Lose}, {Value: sente.Lose, Remoteness: 3}}},
	}
	for _, tt := range tests {
		g := &tierGraph{
			sizes: []uint64{uint64(len(tt.kids))}, children: [][]int{nil}, loops: []bool{true},
			valid: map[uint64]bool{}, kids: map[uint64][]uint64{}, ended: map[uint64]sente.Value{}, parents: map[uint64][]uint64{},
		}
		if tt.turns != nil {
			g.turns = map[uint64]sente.Player{}
			for i, p := range tt.turns {
				g.turns[uint64(i)] = p
			}
		}
		for i, kids := range tt.kids {
			g.valid[uint64(i)] = true
			for _, k := range kids {
				g.kids[uint64(i)] = append(g.kids[uint64(i)], uint64(k))
				g.parents[uint64(k)] = append(g.parents[uint64(k)], uint64(i))
			}
		}
		for i, v := range tt.ended {
			g.ended[uint64(i)] = v
		}
		for _, game := range []sente.Game{g, unmoveTierGraph{g}} {
			sol, err := SolveTiers(context.Background(), game, TierOptions{})
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstSolve(t, fmt.Sprintf("%s %T", tt.name, game), game, sol)
			for i, want := range tt.want {
				if got, _ := sol.Outcome(uint64(i)); got != want {
					t.Errorf("%s %T: %d is %v, want %v", tt.name, game, i, got, want)
				}
			}
		}
	}
}

// randomSolved draws from r a random tier graph of at least minTiers
// tiers, and solves it cleanly in memory: the graph, the solution and its
// cells by tier, which the tests of stopped solves compare against.
func randomSolved(t *testing.T, r *rand.Rand, minTiers int) (*tierGraph, *TierSolution, map[int][]store.Cell) {
	t.Helper()
	g := randomTierGraph(r, 8, 300)
	for len(g.sizes) < minTiers {
		g = randomTierGraph(r, 8, 300)
	}
	want := NewMemorySink()
	full, err := SolveTiers(context.Background(), g, TierOptions{Sink: want})
	if err != nil {
		t.Fatal(err)
	}
	return g, full, tierCells(t, want, full)
}

// tierCells reads every stored tier, raw or compact.
func tierCells(t *testing.T, sink TierSink, sol *TierSolution) map[int][]store.Cell {
	t.Helper()
	out := map[int][]store.Cell{}
	for _, r := range sol.Tiers {
		tbl, err := sink.Open(r.Tier, store.Values)
		if err != nil {
			t.Fatal(err)
		}
		cells, err := tbl.LoadCells()
		if err != nil {
			t.Fatal(err)
		}
		out[r.Tier] = slices.Clone(cells)
		tbl.Close()
	}
	return out
}

func TestTiersWorkersGiveSameCells(t *testing.T) {
	defer func(b uint64) { tierBlock = b }(tierBlock)
	tierBlock = 64
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 20 {
		g := randomTierGraph(r, 8, 2000)
		for _, game := range []sente.Game{g, unmoveTierGraph{g}} {
			var cells []map[int][]store.Cell
			for _, workers := range []int{1, 2} {
				sink := NewMemorySink()
				sol, err := SolveTiers(context.Background(), game, TierOptions{Workers: workers, Sink: sink})
				if err != nil {
					t.Fatal(err)
				}
				cells = append(cells, tierCells(t, sink, sol))
			}
			for tier, c := range cells[0] {
				if !slices.Equal(c, cells[1][tier]) {
					t.Fatalf("trial %d %T: tier %d differs between 1 and 2 workers", trial, game, tier)
				}
			}
		}
	}
}

func TestTiersResume(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	g, full, wantCells := randomSolved(t, r, 5)
	for k := 1; k < len(full.Tiers); k++ {
		sink := NewMemorySink()
		ctx, cancel := context.WithCancel(context.Background())
		stored := 0
		_, err := SolveTiers(ctx, g, TierOptions{Sink: sink, Progress: func(p solve.Progress) {
			if p.Phase == solve.PhaseStored {
				if stored++; stored == k {
					cancel()
				}
			}
		}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled after tier %d: got %v, want the context's error", k, err)
		}
		resumed := 0
		sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink, Progress: func(p solve.Progress) {
			if p.Phase == solve.PhaseResumed {
				resumed++
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		// A tier is stored beside the next one's solve: the stop came
		// once that one was solved, and it is stored too.
		if resumed != k+1 {
			t.Errorf("cancelled after %d tiers stored: %d resumed, want %d", k, resumed, k+1)
		}
		for _, res := range sol.Tiers {
			if n := sink.Writes(res.Tier, store.Values); n != 1 {
				t.Errorf("cancelled after %d tiers: tier %d written %d times", k, res.Tier, n)
			}
			if n := sink.Writes(res.Tier, store.Reachable); n != 1 {
				t.Errorf("cancelled after %d tiers: reachable ranks of tier %d written %d times", k, res.Tier, n)
			}
		}
		if !slices.Equal(sol.Tiers, full.Tiers) && !sameCounts(sol.Tiers, full.Tiers) {
			t.Errorf("cancelled after %d tiers: results %+v, uninterrupted %+v", k, sol.Tiers, full.Tiers)
		}
		got := tierCells(t, sink, sol)
		for tier, c := range wantCells {
			if !slices.Equal(c, got[tier]) {
				t.Fatalf("cancelled after %d tiers: tier %d differs from an uninterrupted solve", k, tier)
			}
		}
	}
}

// sameCounts compares results but for the seconds.
func sameCounts(a, b []solve.TierResult) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		x.Seconds, y.Seconds = 0, 0
		if x != y {
			return false
		}
	}
	return true
}

// A resumed solve whose reachable ranks were stored but whose values were
// lost still solves the lost tiers.
func TestTiersResumeLostValues(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	g := randomTierGraph(r, 6, 200)
	sink := NewMemorySink()
	first, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink})
	if err != nil {
		t.Fatal(err)
	}
	want := tierCells(t, sink, first)
	last := first.Tiers[len(first.Tiers)-1].Tier
	sink.Delete(last, store.Values)
	sink.Delete(first.Tiers[0].Tier, store.Reachable)
	sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink})
	if err != nil {
		t.Fatal(err)
	}
	got := tierCells(t, sink, sol)
	for tier, c := range want {
		if !slices.Equal(c, got[tier]) {
			t.Fatalf("tier %d differs after a resume", tier)
		}
	}
}

// A stored tier whose reachable bitset is damaged: where its values are
// stored, they stand for it; where they are lost too, the tier is reached
// again from its parents and its bitset written anew. Either way the
// tables end as a clean solve's, compact, with no bitset left.
func TestTiersResumeBadReachable(t *testing.T) {
	g := randomTierGraph(rand.New(rand.NewPCG(11, 12)), 6, 200)
	for _, lost := range []bool{false, true} {
		gs, err := store.Store{Dir: t.TempDir()}.Game("graph")
		if err != nil {
			t.Fatal(err)
		}
		first, err := SolveTiers(context.Background(), g, TierOptions{Sink: gs})
		if err != nil {
			t.Fatal(err)
		}
		want := tierCells(t, gs, first)
		first.Close()
		// Raw files and bitsets, as a solve stopped midway leaves them.
		for _, r := range first.Tiers {
			if err := gs.Expand(r.Tier); err != nil {
				t.Fatal(err)
			}
		}
		if len(first.Tiers) < 3 {
			t.Fatalf("the test graph reaches %d tiers", len(first.Tiers))
		}
		middle := first.Tiers[len(first.Tiers)/2].Tier
		path := filepath.Join(gs.Dir, fmt.Sprintf("tier-%06d.reachable", middle))
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		b[len(b)-5] ^= 0x40
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if lost {
			if err := os.Remove(filepath.Join(gs.Dir, fmt.Sprintf("tier-%06d.values", middle))); err != nil {
				t.Fatal(err)
			}
		}
		// As sente solve does: every stored block checked.
		sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: gs, Verify: true})
		if err != nil {
			t.Fatalf("values lost %v: %v", lost, err)
		}
		got := tierCells(t, gs, sol)
		sol.Close()
		for tier, c := range want {
			if !slices.Equal(c, got[tier]) {
				t.Fatalf("values lost %v: tier %d differs from a clean solve", lost, tier)
			}
		}
		if left, err := gs.Tiers(store.Reachable); err != nil || len(left) > 0 {
			t.Errorf("values lost %v: bitsets of tiers %v left (%v)", lost, left, err)
		}
	}
}

// TestTiersStoredUnderOtherRanks: tables stored under one ranking of a
// game are not read as another ranking's, whether its tiers have other
// sizes (a rank more in each) or the same sizes with the ranks in another
// order (told by the fingerprint stamped on each table): every tier is
// solved again, as a clean solve solves it.
func TestTiersStoredUnderOtherRanks(t *testing.T) {
	g := randomTierGraph(rand.New(rand.NewPCG(13, 14)), 6, 200)
	// The same game ranked with a rank more in every tier, one that is
	// no position.
	wider := *g
	wider.sizes = slices.Clone(g.sizes)
	for i := range wider.sizes {
		wider.sizes[i]++
	}
	for _, c := range []struct {
		name     string
		reranked *tierGraph
	}{
		{"a rank more in each tier", &wider},
		{"the ranks of each tier in reverse", mirrored(g)},
	} {
		t.Run(c.name, func(t *testing.T) {
			gs, err := store.Store{Dir: t.TempDir()}.Game("graph")
			if err != nil {
				t.Fatal(err)
			}
			old, err := SolveTiers(context.Background(), g, TierOptions{Sink: gs})
			if err != nil {
				t.Fatal(err)
			}
			wantOutcome, _ := old.Outcome(g.Start())
			old.Close()
			want := NewMemorySink()
			clean, err := SolveTiers(context.Background(), c.reranked, TierOptions{Sink: want})
			if err != nil {
				t.Fatal(err)
			}
			wantCells := tierCells(t, want, clean)
			sol, err := SolveTiers(context.Background(), c.reranked, TierOptions{Sink: gs, Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			defer sol.Close()
			if got, _ := sol.Outcome(c.reranked.Start()); got != wantOutcome {
				t.Errorf("the start is %v under the new ranks, %v before", got, wantOutcome)
			}
			for tier, cells := range tierCells(t, gs, sol) {
				if !slices.Equal(cells, wantCells[tier]) {
					t.Errorf("tier %d: %d cells stored, differing from a clean solve's %d", tier, len(cells), len(wantCells[tier]))
				}
			}
		})
	}
}

// mirrored is g with the ranks of each tier in reverse order: the same
// game, with tiers of the same sizes, ranked otherwise.
func mirrored(g *tierGraph) *tierGraph {
	flip := func(k uint64) uint64 {
		t, r := g.TierRank(k)
		return tierKey(t, g.sizes[t]-1-r)
	}
	flipAll := func(ks []uint64) []uint64 {
		out := make([]uint64, len(ks))
		for i, k := range ks {
			out[i] = flip(k)
		}
		return out
	}
	m := &tierGraph{
		sizes: g.sizes, children: g.children, loops: g.loops, start: flip(g.start),
		valid: map[uint64]bool{}, kids: map[uint64][]uint64{}, ended: map[uint64]sente.Value{}, parents: map[uint64][]uint64{},
	}
	for k, v := range g.valid {
		m.valid[flip(k)] = v
	}
	for k, v := range g.kids {
		m.kids[flip(k)] = flipAll(v)
	}
	for k, v := range g.ended {
		m.ended[flip(k)] = v
	}
	for k, v := range g.parents {
		m.parents[flip(k)] = flipAll(v)
	}
	return m
}

func TestTiersMaxMemory(t *testing.T) {
	g := randomTierGraph(rand.New(rand.NewPCG(1, 1)), 3, 100)
	_, err := SolveTiers(context.Background(), g, TierOptions{MaxMemory: 10})
	if err == nil || !strings.Contains(err.Error(), "over the limit") {
		t.Fatalf("a 10-byte limit gave %v", err)
	}
	sol, err := SolveTiers(context.Background(), g, TierOptions{MaxMemory: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	if sol.PeakBytes <= 0 {
		t.Fatalf("peak %d bytes", sol.PeakBytes)
	}
}

// TestTiersReachable: the tables list each tier's reachable positions, as
// many as it counts, each with its outcome, in a store whose finished tiers
// are compact as in memory.
func TestTiersReachable(t *testing.T) {
	g := randomTierGraph(rand.New(rand.NewPCG(5, 5)), 5, 200)
	gs, err := store.Store{Dir: t.TempDir()}.Game("graph")
	if err != nil {
		t.Fatal(err)
	}
	for _, sink := range []TierSink{NewMemorySink(), gs} {
		sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink})
		if err != nil {
			t.Fatal(err)
		}
		listed := map[int]uint64{}
		FromTiers(g, sol, g.Start(), 0).Each(func(p sente.Position, o sente.Outcome) bool {
			key := g.Encode(p)
			tier, _ := g.TierRank(key)
			if got, ok := sol.Outcome(p); !ok || got != o {
				t.Fatalf("position %d: Each %v, Outcome %v (%v)", key, o, got, ok)
			}
			listed[tier]++
			return true
		})
		for _, res := range sol.Tiers {
			if listed[res.Tier] != res.Positions {
				t.Errorf("tier %d lists %d reachable, counts %d", res.Tier, listed[res.Tier], res.Positions)
			}
		}
		sol.Close()
	}
}

func TestTiersErrors(t *testing.T) {
	// A move into the own tier of a tier that says it has no loops.
	g := &tierGraph{
		sizes: []uint64{2}, children: [][]int{nil}, loops: []bool{false},
		valid: map[uint64]bool{0: true, 1: true}, kids: map[uint64][]uint64{0: {1}}, ended: map[uint64]sente.Value{},
	}
	if _, err := SolveTiers(context.Background(), g, TierOptions{}); err == nil || !strings.Contains(err.Error(), "no loops") {
		t.Errorf("an undeclared loop gave %v", err)
	}
	// A move to a tier that is not a child.
	g = &tierGraph{
		sizes: []uint64{1, 1}, children: [][]int{nil, nil}, loops: []bool{false, false},
		valid: map[uint64]bool{0: true, tierKey(1, 0): true}, kids: map[uint64][]uint64{tierKey(1, 0): {0}}, ended: map[uint64]sente.Value{},
		start: tierKey(1, 0),
	}
	if _, err := SolveTiers(context.Background(), g, TierOptions{}); err == nil || !strings.Contains(err.Error(), "not one of its child tiers") {
		t.Errorf("an undeclared child tier gave %v", err)
	}
	// A scan that leaves out a reachable position.
	g = &tierGraph{
		sizes: []uint64{2, 1}, children: [][]int{nil, {0}}, loops: []bool{false, false},
		valid: map[uint64]bool{0: true, 1: true, tierKey(1, 0): true}, kids: map[uint64][]uint64{tierKey(1, 0): {0, 1}}, ended: map[uint64]sente.Value{},
		start: tierKey(1, 0),
	}
	if _, err := SolveTiers(context.Background(), skippingScan{g}, TierOptions{}); err == nil || !strings.Contains(err.Error(), "lists 1 of the block's 2 reachable ranks") {
		t.Errorf("a scan that skips a position gave %v", err)
	}
	// Child ranks that no child has, and child ranks of a tier not declared.
	g = &tierGraph{
		sizes: []uint64{2, 1}, children: [][]int{nil, {0}}, loops: []bool{false, false},
		valid: map[uint64]bool{0: true, 1: true, tierKey(1, 0): true}, kids: map[uint64][]uint64{tierKey(1, 0): {0}}, ended: map[uint64]sente.Value{},
		start: tierKey(1, 0),
	}
	if _, err := SolveTiers(context.Background(), wrongChildRanks{g, sente.TierPosition{Tier: 0, Rank: 1}}, TierOptions{}); err == nil || !strings.Contains(err.Error(), "which TierRank gives none of its children") {
		t.Errorf("a wrong child rank gave %v", err)
	}
	g.kids[tierKey(1, 0)] = []uint64{tierKey(1, 0)}
	if _, err := SolveTiers(context.Background(), wrongChildRanks{g, sente.TierPosition{Tier: 1, Rank: 0}}, TierOptions{}); err == nil || !strings.Contains(err.Error(), "which TierLoops says has no loops") {
		t.Errorf("a child rank in a tier without loops gave %v", err)
	}
	if _, err := SolveTiers(context.Background(), untiered{}, TierOptions{}); err == nil {
		t.Error("a game without tiers was solved by tiers")
	}
}

// wrongChildRanks gives every position the one child rank kid.
type wrongChildRanks struct {
	*tierGraph
	kid sente.TierPosition
}

func (g wrongChildRanks) NewChildRanker() sente.ChildRankFunc {
	return func(dst []sente.TierPosition, _ uint64) []sente.TierPosition { return append(dst, g.kid) }
}

// skippingScan leaves out rank 1 of tier 0.
type skippingScan struct{ *tierGraph }

func (g skippingScan) ScanTier(t int, lo, hi uint64, _ []uint64, yield func(rank, key uint64) bool) {
	for r := lo; r < min(hi, g.sizes[t]); r++ {
		if t == 0 && r == 1 {
			continue
		}
		if !yield(r, tierKey(t, r)) {
			return
		}
	}
}

// A position with more open children than a byte counts sends its tier to
// value iteration, with the same values.
func TestTiersCounterOverflow(t *testing.T) {
	const n = 300
	g := &tierGraph{
		sizes: []uint64{n + 2}, children: [][]int{nil}, loops: []bool{true},
		valid: map[uint64]bool{}, kids: map[uint64][]uint64{}, ended: map[uint64]sente.Value{n + 1: sente.Tie}, parents: map[uint64][]uint64{},
	}
	for i := range uint64(n + 2) {
		g.valid[i] = true
	}
	for i := uint64(1); i <= n; i++ {
		g.kids[0] = append(g.kids[0], i)
		g.kids[i] = []uint64{0}
		if i%7 == 0 {
			g.kids[i] = append(g.kids[i], n+1)
		}
	}
	for k, kids := range g.kids {
		for _, c := range kids {
			g.parents[c] = append(g.parents[c], k)
		}
	}
	for _, game := range []sente.Game{g, unmoveTierGraph{g}} {
		sol, err := SolveTiers(context.Background(), game, TierOptions{})
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstSolve(t, fmt.Sprintf("%T", game), game, sol)
	}
}

// A solve stopped during the forward pass resumes from the tiers whose
// reachable ranks it stored.
func TestTiersResumeDuringReachability(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	g, full, wantCells := randomSolved(t, r, 5)
	for k := 1; k < len(full.Tiers); k++ {
		sink := NewMemorySink()
		ctx, cancel := context.WithCancel(context.Background())
		marked := 0
		_, err := SolveTiers(ctx, g, TierOptions{Sink: sink, Progress: func(p solve.Progress) {
			if p.Phase == solve.PhaseReaching {
				if marked++; marked == k {
					cancel()
				}
			}
		}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled in the forward pass (%d): got %v", k, err)
		}
		sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink})
		if err != nil {
			t.Fatal(err)
		}
		got := tierCells(t, sink, sol)
		for tier, c := range wantCells {
			if !slices.Equal(c, got[tier]) {
				t.Fatalf("cancelled in the forward pass (%d): tier %d differs", k, tier)
			}
			if n := sink.Writes(tier, store.Reachable); n != 1 {
				t.Errorf("cancelled in the forward pass (%d): reachable ranks of tier %d written %d times", k, tier, n)
			}
		}
	}
}

// A forward pass stopped, cancelled or killed, goes on from the frontier it
// saved: the tiers it had done are not expanded again, and the tables are
// those of a clean solve. Cancelled, it saves its frontier as it stops;
// killed (the sink as it was at that moment), from the last one it saved
// (here after every tier).
func TestTiersForwardFrontier(t *testing.T) {
	defer func(every time.Duration) { frontierEvery = every }(frontierEvery)
	r := rand.New(rand.NewPCG(21, 22))
	g, full, wantCells := randomSolved(t, r, 6)
	for _, killed := range []bool{false, true} {
		frontierEvery = 0
		if !killed {
			frontierEvery = time.Hour
		}
		for k := 1; k < 40; k++ {
			sink := NewMemorySink()
			var snapshot *MemorySink
			ctx, cancel := context.WithCancel(context.Background())
			marked := 0
			_, err := SolveTiers(ctx, g, TierOptions{Sink: sink, Progress: func(p solve.Progress) {
				if p.Phase == solve.PhaseReaching {
					if marked++; marked == k {
						snapshot = sink.clone()
						cancel()
					}
				}
			}})
			cancel()
			if snapshot == nil {
				break // the forward pass is over before the k-th report
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("stopped in the forward pass (%d): got %v", k, err)
			}
			if killed {
				sink = snapshot
			}
			var done []int // the tiers the stopped pass had stored
			for _, r := range full.Tiers {
				if sink.Has(r.Tier, store.Reachable) {
					done = append(done, r.Tier)
				}
			}
			again := map[int]bool{}
			var resumed Resume
			sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink, Progress: func(p solve.Progress) {
				if p.Phase == solve.PhaseReaching {
					again[p.Tier] = true
				}
			}, Resuming: func(r Resume) { resumed = r }})
			if len(done) > 0 && (resumed.Reached != len(done) || resumed.Stored != 0) {
				t.Errorf("killed %v at %d: told %+v on resuming; want the %d tiers reached and none solved", killed, k, resumed, len(done))
			}
			if err != nil {
				t.Fatal(err)
			}
			got := tierCells(t, sink, sol)
			for tier, c := range wantCells {
				if !slices.Equal(c, got[tier]) {
					t.Fatalf("killed %v at %d: tier %d differs", killed, k, tier)
				}
			}
			// Killed, the last tier stored may have been stored after
			// the frontier was saved.
			redone := 0
			for _, tier := range done {
				if again[tier] {
					redone++
				}
			}
			if redone > 0 && !killed || redone > 1 {
				t.Errorf("killed %v at %d: %d of the %d tiers the pass had done expanded again", killed, k, redone, len(done))
			}
			if sink.Has(passForward, store.Frontier) {
				t.Errorf("killed %v at %d: the frontier is kept after the pass", killed, k)
			}
		}
	}
}

// clone is a copy of m's tables: what a solve killed at that moment leaves.
func (m *MemorySink) clone() *MemorySink {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := NewMemorySink()
	for k, t := range m.tables {
		c.tables[k] = &store.Table{Header: t.Header, Data: slices.Clone(t.Data)}
		c.writes[k] = m.writes[k]
	}
	c.ranking = m.ranking
	return c
}

// A frontier that does not fit the solve (cut short, of another root) is
// not used: the pass starts from its first tier, to a clean solve's tables.
func TestTiersFrontierNotUsed(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	g, _, wantCells := randomSolved(t, r, 6)
	for _, spoil := range []struct {
		name string
		do   func(b []byte) []byte
	}{
		{"cut short", func(b []byte) []byte { return b[:len(b)-8] }},
		{"another root", func(b []byte) []byte { b[8]++; return b }},
		{"more tiers done than planned", func(b []byte) []byte { b[16] = 0xff; return b }},
	} {
		sink := NewMemorySink()
		ctx, cancel := context.WithCancel(context.Background())
		marked := 0
		SolveTiers(ctx, g, TierOptions{Sink: sink, Progress: func(p solve.Progress) {
			if p.Phase == solve.PhaseReaching {
				if marked++; marked == 3 {
					cancel()
				}
			}
		}})
		cancel()
		tbl, err := sink.Open(passForward, store.Frontier)
		if err != nil {
			t.Fatalf("%s: no frontier saved: %v", spoil.name, err)
		}
		sink.Write(passForward, store.Frontier, spoil.do(slices.Clone(tbl.Data)), tbl.Header.Counts)
		sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink})
		if err != nil {
			t.Fatalf("%s: %v", spoil.name, err)
		}
		got := tierCells(t, sink, sol)
		for tier, c := range wantCells {
			if !slices.Equal(c, got[tier]) {
				t.Errorf("%s: tier %d differs from a clean solve's", spoil.name, tier)
			}
		}
	}
}

// TestTiersStoredCompact: each tier is in its compact form, without its
// reachable bitset, as soon as it is stored, and no raw values file is
// ever written: a solve does not write two bytes a rank to read them back
// and compress them. Its cells are the same as a solve in memory gives.
func TestTiersStoredCompact(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	g, full, want := randomSolved(t, r, 4)
	gs, err := store.Store{Dir: t.TempDir()}.Game("graph")
	if err != nil {
		t.Fatal(err)
	}
	stored := 0
	sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: gs, Progress: func(p solve.Progress) {
		if p.Phase != solve.PhaseStored {
			return
		}
		stored++
		tbl, err := gs.Open(p.Tier, store.Values)
		if err != nil {
			t.Errorf("tier %d reported stored: %v", p.Tier, err)
			return
		}
		if !tbl.Compact() {
			t.Errorf("tier %d is stored raw", p.Tier)
		}
		tbl.Close()
		if gs.Has(p.Tier, store.Reachable) {
			t.Errorf("tier %d is stored with its reachable bitset", p.Tier)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer sol.Close()
	if stored != len(full.Tiers) {
		t.Errorf("%d tiers reported stored, want %d", stored, len(full.Tiers))
	}
	got := tierCells(t, gs, sol)
	for tier, cells := range want {
		if !slices.Equal(got[tier], cells) {
			t.Errorf("tier %d: the stored cells differ from a solve in memory", tier)
		}
	}
}

// untiered is a game of one position, over at once, with no tiers.
type untiered struct{}

func (untiered) Start() sente.Position                        { return 0 }
func (untiered) Moves(sente.Position) []sente.Move            { return nil }
func (untiered) Ended(sente.Position) (sente.Value, bool)     { return sente.Lose, true }
func (untiered) Turn(sente.Position) sente.Player             { return sente.First }
func (untiered) FormatPosition(sente.Position) string         { return "0" }
func (untiered) ParsePosition(string) (sente.Position, error) { return 0, nil }
