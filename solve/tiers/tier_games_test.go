package tiers

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// tierTicTacToe is tic-tac-toe with tiers: the key is the board in base 3
// (0 empty, 1 the first player's mark, 2 the second's), the tier the marks
// on the board, and the rank the key itself, so that most ranks of a tier
// are no position of it.
type tierTicTacToe struct{}

var ticLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

const ticRanks = 19683 // 3^9

func ticCells(k uint64) (b [9]int) {
	for i := range b {
		b[i] = int(k % 3)
		k /= 3
	}
	return b
}

func ticCount(b [9]int) (x, o int) {
	for _, c := range b {
		switch c {
		case 1:
			x++
		case 2:
			o++
		}
	}
	return x, o
}

func (tierTicTacToe) Start() sente.Position { return uint64(0) }
func (g tierTicTacToe) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	for _, k := range g.AppendChildren(nil, p.(uint64)) {
		moves = append(moves, sente.Move{Name: strconv.FormatUint(k, 10), To: k})
	}
	return moves
}
func (g tierTicTacToe) Ended(p sente.Position) (sente.Value, bool) { return g.EndedKey(p.(uint64)) }
func (tierTicTacToe) Turn(p sente.Position) sente.Player {
	if x, o := ticCount(ticCells(p.(uint64))); x > o {
		return sente.Second
	}
	return sente.First
}
func (tierTicTacToe) FormatPosition(p sente.Position) string {
	return strconv.FormatUint(p.(uint64), 10)
}
func (tierTicTacToe) ParsePosition(s string) (sente.Position, error) {
	return strconv.ParseUint(s, 10, 64)
}
func (tierTicTacToe) Encode(p sente.Position) uint64 { return p.(uint64) }
func (tierTicTacToe) Decode(k uint64) sente.Position { return k }
func (tierTicTacToe) EndedKey(k uint64) (sente.Value, bool) {
	b := ticCells(k)
	for _, l := range ticLines {
		if b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]] {
			return sente.Lose, true // the player who just moved made a line
		}
	}
	if x, o := ticCount(b); x+o == 9 {
		return sente.Tie, true
	}
	return sente.Unknown, false
}
func (tierTicTacToe) AppendChildren(dst []uint64, k uint64) []uint64 {
	b := ticCells(k)
	mark := uint64(1)
	if x, o := ticCount(b); x > o {
		mark = 2
	}
	pow := uint64(1)
	for i := range b {
		if b[i] == 0 {
			dst = append(dst, k+mark*pow)
		}
		pow *= 3
	}
	return dst
}
func (tierTicTacToe) TierRank(k uint64) (int, uint64) {
	x, o := ticCount(ticCells(k))
	return x + o, k
}
func (tierTicTacToe) Unrank(t int, r uint64) (uint64, bool) {
	x, o := ticCount(ticCells(r))
	return r, x+o == t && (x == o || x == o+1)
}
func (tierTicTacToe) TierSize(int) uint64 { return ticRanks }
func (tierTicTacToe) ChildTiers(t int) []int {
	if t == 9 {
		return nil
	}
	return []int{t + 1}
}
func (tierTicTacToe) TierLoops(int) bool { return false }

func TestTiersTicTacToe(t *testing.T) {
	for _, workers := range []int{1, 2} {
		sol, err := SolveTiers(context.Background(), tierTicTacToe{}, TierOptions{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstSolve(t, fmt.Sprintf("tic-tac-toe, %d workers", workers), tierTicTacToe{}, sol)
		// The well-known figures: 5478 positions, a tie in 9.
		if sol.Totals.Positions != 5478 || sol.Start != (sente.Outcome{Value: sente.Tie, Remoteness: 9}) {
			t.Fatalf("tic-tac-toe: %d positions, start %v", sol.Totals.Positions, sol.Start)
		}
		if len(sol.Tiers) != 10 {
			t.Fatalf("tic-tac-toe: %d tiers", len(sol.Tiers))
		}
	}
}

// synthTiers is a large implicit game for benchmarks: tiers of n ranks,
// every rank a position, moves to hashed ranks of the tier below (and, when
// loops is set, of the same tier), a few positions ended; the start alone
// in the top tier, with many moves, as have the positions just below it, so
// that most ranks of the lower tiers are reachable.
type synthTiers struct {
	tiers int
	n     uint64
	loops bool
}

func mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

func (g synthTiers) key(t int, r uint64) uint64 { return uint64(t)<<40 | r }
func (g synthTiers) Start() sente.Position      { return g.key(g.tiers-1, 0) }
func (g synthTiers) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	for _, k := range g.AppendChildren(nil, p.(uint64)) {
		moves = append(moves, sente.Move{Name: strconv.FormatUint(k, 10), To: k})
	}
	return moves
}
func (g synthTiers) Ended(p sente.Position) (sente.Value, bool) { return g.EndedKey(p.(uint64)) }
func (synthTiers) Turn(sente.Position) sente.Player             { return sente.First }
func (synthTiers) Alternates() bool                             { return true }
func (synthTiers) FormatPosition(p sente.Position) string       { return strconv.FormatUint(p.(uint64), 10) }
func (synthTiers) ParsePosition(s string) (sente.Position, error) {
	return strconv.ParseUint(s, 10, 64)
}
func (synthTiers) Encode(p sente.Position) uint64 { return p.(uint64) }
func (synthTiers) Decode(k uint64) sente.Position { return k }
func (g synthTiers) EndedKey(k uint64) (sente.Value, bool) {
	if k>>40 == 0 {
		return [3]sente.Value{sente.Win, sente.Lose, sente.Tie}[mix(k)%3], true
	}
	if int(k>>40) == g.tiers-1 {
		return sente.Unknown, false
	}
	switch mix(k) % 32 {
	case 0:
		return sente.Win, true
	case 1:
		return sente.Lose, true
	}
	return sente.Unknown, false
}
func (g synthTiers) AppendChildren(dst []uint64, k uint64) []uint64 {
	t := int(k >> 40)
	if t == g.tiers-1 { // the start: a move to each of the first ranks of the tier below
		for r := range min(g.n, 4096) {
			dst = append(dst, g.key(t-1, r))
		}
		return dst
	}
	moves := 3
	if t == g.tiers-2 {
		moves = 64 // so that the tiers below are mostly reachable
	}
	h := mix(k ^ 0x9e3779b97f4a7c15)
	for i := range moves {
		h = mix(h + uint64(i))
		ct := t - 1
		if g.loops && i == 0 {
			ct = t
		}
		dst = append(dst, g.key(ct, h%g.n))
	}
	return dst
}
func (g synthTiers) TierRank(k uint64) (int, uint64)       { return int(k >> 40), k & (1<<40 - 1) }
func (g synthTiers) Unrank(t int, r uint64) (uint64, bool) { return g.key(t, r), true }
func (g synthTiers) TierSize(t int) uint64 {
	if t == g.tiers-1 {
		return 1
	}
	return g.n
}
func (g synthTiers) ChildTiers(t int) []int {
	if t == 0 {
		return nil
	}
	return []int{t - 1}
}
func (g synthTiers) TierLoops(t int) bool { return g.loops && t > 0 && t < g.tiers-1 }

func TestTiersSynthetic(t *testing.T) {
	for _, loops := range []bool{false, true} {
		g := synthTiers{tiers: 5, n: 3000, loops: loops}
		sol, err := SolveTiers(context.Background(), g, TierOptions{})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("loops %v: %d positions, %+v", loops, sol.Totals.Positions, sol.Totals)
		checkAgainstSolve(t, fmt.Sprintf("synthetic, loops %v", loops), g, sol)
	}
}

// BenchmarkSolveTiers solves 8 tiers of 2^18 ranks each (about 2 million
// positions) on 1 and 2 workers, without loops.
func BenchmarkSolveTiers(b *testing.B) {
	g := synthTiers{tiers: 8, n: 1 << 18}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var sol *TierSolution
			for b.Loop() {
				var err error
				sol, err = SolveTiers(context.Background(), g, TierOptions{Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
			}
			n := float64(sol.Totals.Positions)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/position")
			b.ReportMetric(float64(sol.PeakBytes)/n, "bytes/position")
		})
	}
}

// BenchmarkTierFlatPass times the one pass over a tier without loops alone
// (2^18 ranks, each position reading three children in a child tier), on 1
// and 2 workers: the part of the solve that should scale with the cores.
func BenchmarkTierFlatPass(b *testing.B) {
	g := synthTiers{tiers: 8, n: 1 << 18}
	sink := NewMemorySink()
	if _, err := SolveTiers(context.Background(), g, TierOptions{Sink: sink}); err != nil {
		b.Fatal(err)
	}
	const tier = 3
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			e := &tierEngine{game: g, enc: g, ranker: g, sink: sink, workers: workers}
			if err := e.plan(g.tiers - 1); err != nil {
				b.Fatal(err)
			}
			e.checkStored()
			if err := e.reachable(context.Background(), g.tiers-1, 0); err != nil {
				b.Fatal(err)
			}
			// The forward pass drops its bitsets once stored; the solve of
			// a tier reads its own back, as solveTier does.
			reach, err := sink.Open(tier, store.Reachable)
			if err != nil {
				b.Fatal(err)
			}
			defer reach.Close()
			e.reach[tier] = tables.WordsOf(reach.Data, int((g.n+63)/64))
			child, err := sink.Open(tier-1, store.Values)
			if err != nil {
				b.Fatal(err)
			}
			childCells := make([][]store.Cell, g.tiers)
			childCells[tier-1] = child.Cells()
			cells := make([]store.Cell, g.n)
			for b.Loop() {
				if err := e.solveFlat(context.Background(), tier, cells, childCells); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(countBits(e.reach[tier])), "ns/position")
		})
	}
}

// TestTiersStoredAnswers: a game solved into a table store is answered from
// its tables again without solving or reading them through, and a block
// that fails its checksum is named when an answer reads it.
func TestTiersStoredAnswers(t *testing.T) {
	gs, err := store.Store{Dir: t.TempDir()}.Game("tic-tac-toe")
	if err != nil {
		t.Fatal(err)
	}
	g := tierTicTacToe{}
	if _, err := SolveTiers(context.Background(), g, TierOptions{Sink: gs}); err != nil {
		t.Fatal(err)
	}
	var phases []string
	sol, err := SolveTiers(context.Background(), g, TierOptions{Sink: gs, Progress: func(p solve.Progress) {
		phases = append(phases, string(p.Phase))
	}})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Totals.Positions != 5478 || sol.Start != (sente.Outcome{Value: sente.Tie, Remoteness: 9}) {
		t.Fatalf("read back: %d positions, start %v", sol.Totals.Positions, sol.Start)
	}
	want := hashAnswers(t, g)
	full := FromTiers(g, sol, g.Start(), 0)
	n := 0
	full.Each(func(p sente.Position, o sente.Outcome) bool {
		n++
		if w := want[g.Encode(p)]; w != o {
			t.Fatalf("%s: %v read back, %v solved", g.FormatPosition(p), o, w)
		}
		if got, ok := full.Outcome(p); !ok || got != o {
			t.Fatalf("%s: Outcome %v, %v; Each %v", g.FormatPosition(p), got, ok, o)
		}
		return true
	})
	if n != 5478 {
		t.Fatalf("read %d positions back", n)
	}
	sol.Close()
	for _, p := range phases {
		if p != "resumed" {
			t.Fatalf("a solved game went through phase %q: %v", p, phases)
		}
	}
	// Flip a bit of the start's cell: the stored payload starts on the
	// file's second page.
	tier, rank := g.TierRank(g.Encode(g.Start()))
	f, err := os.OpenFile(filepath.Join(gs.Dir, fmt.Sprintf("tier-%06d.values", tier)), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte{0x55}, 4096+2*int64(rank)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = SolveTiers(context.Background(), g, TierOptions{Sink: gs})
	var be *store.BlockError
	if !errors.As(err, &be) || be.Tier != tier {
		t.Fatalf("a corrupted start cell gave %v; want a block error in tier %d", err, tier)
	}
}

// hashAnswers are the values the hashing engine gives every position of g.
func hashAnswers(t *testing.T, g tierTicTacToe) map[uint64]sente.Outcome {
	t.Helper()
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[uint64]sente.Outcome{}
	sol.Each(func(p sente.Position, o sente.Outcome) bool {
		out[g.Encode(p)] = o
		return true
	})
	return out
}
