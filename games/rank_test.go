package games_test

import (
	"cmp"
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/hashing"
)

// tierCheck is what checkTierRanks found: the reachable positions of each
// tier (from the hashing engine) and the tiers' sizes.
type tierCheck struct {
	reached []int
	sizes   []uint64
}

// checkTierRanks solves spec with the hashing engine and checks the game's
// TierRanker against it: every reachable position's key comes back from
// Unrank(TierRank(key)) with its rank below the tier's size, every child is
// in a tier ChildTiers lists (or the same tier when it loops), and every
// rank of a tier of at most bijectionMax ranks unranks to a distinct key
// whose TierRank gives the rank back.
func checkTierRanks(t *testing.T, spec string, bijectionMax uint64) tierCheck {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	caps := sente.CapabilitiesOf(g)
	enc, tr := caps.Encoder, caps.TierRanker
	if enc == nil || tr == nil {
		t.Fatalf("%s: no Encoder or TierRanker", spec)
	}
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var res tierCheck
	var kids []uint64
	bad := 0
	sol.Each(func(p sente.Position, _ sente.Outcome) bool {
		key := enc.Encode(p)
		tier, rank := tr.TierRank(key)
		if tier < 0 {
			t.Errorf("%s %s: tier %d", spec, g.FormatPosition(p), tier)
			bad++
			return bad < 10
		}
		for len(res.reached) <= tier {
			res.reached = append(res.reached, 0)
		}
		res.reached[tier]++
		if size := tr.TierSize(tier); rank >= size {
			t.Errorf("%s %s: rank %d of tier %d, of size %d", spec, g.FormatPosition(p), rank, tier, size)
			bad++
		}
		if back, ok := tr.Unrank(tier, rank); !ok || back != key {
			t.Errorf("%s %s: key %#x has tier %d rank %d, which unranks to %#x, %v", spec, g.FormatPosition(p), key, tier, rank, back, ok)
			bad++
		}
		kids = enc.AppendChildren(kids[:0], key)
		for _, k := range kids {
			ct, _ := tr.TierRank(k)
			if ct == tier && !tr.TierLoops(tier) || ct != tier && !slices.Contains(tr.ChildTiers(tier), ct) {
				t.Errorf("%s %s: a child is in tier %d, not a child of tier %d (%v, loops %v)", spec, g.FormatPosition(p), ct, tier, tr.ChildTiers(tier), tr.TierLoops(tier))
				bad++
			}
		}
		return bad < 10
	})
	for tier := range res.reached {
		size := tr.TierSize(tier)
		res.sizes = append(res.sizes, size)
		if size > bijectionMax {
			continue
		}
		seen := make(map[uint64]uint64, size)
		for r := range size {
			key, ok := tr.Unrank(tier, r)
			if !ok {
				continue
			}
			if prev, dup := seen[key]; dup {
				t.Fatalf("%s tier %d: ranks %d and %d both unrank to %#x", spec, tier, prev, r, key)
			}
			seen[key] = r
			if tt, rr := tr.TierRank(key); tt != tier || rr != r {
				t.Fatalf("%s: tier %d rank %d unranks to %#x, which ranks as tier %d rank %d", spec, tier, r, key, tt, rr)
			}
		}
	}
	var line strings.Builder
	total, space := 0, new(big.Int)
	for tier, n := range res.reached {
		fmt.Fprintf(&line, " %d:%d/%d", tier, n, res.sizes[tier])
		total += n
		space.Add(space, new(big.Int).SetUint64(res.sizes[tier]))
	}
	t.Logf("%s: %d reachable positions in a rank space of %s; by tier (reachable/ranks):%s", spec, total, space, line.String())
	if total != sol.Positions() {
		t.Errorf("%s: %d positions by tier, %d solved", spec, total, sol.Positions())
	}
	return res
}

func TestConnect4TierRanks(t *testing.T) {
	for _, spec := range []string{"connect4:w=4,h=4", "connect4:w=5,h=4", "connect4:w=3,h=3,k=3", "connect4:w=1,h=5,k=2", "connect4:w=4,h=1,k=2"} {
		t.Run(spec, func(t *testing.T) {
			if spec == "connect4:w=5,h=4" && testing.Short() {
				t.Skip("-short: connect4 5×4 (about 10^7 positions) skipped")
			}
			checkTierRanks(t, spec, 1<<20)
		})
	}
}

// TestConnect4TierSizes states the rank space of the boards the issue
// names and checks, for every board size the parameters allow, that no
// tier's size or rank overflows a uint64.
func TestConnect4TierSizes(t *testing.T) {
	for w := 1; w <= 9; w++ {
		for h := 1; w*(h+1) <= 64 && h <= 9; h++ {
			// Tier t has at most (h+1)^w height vectors times
			// C(t, ⌈t/2⌉) choices: compute it in big integers.
			if max(w, h) < 2 {
				continue // no k fits a 1×1 board
			}
			g, err := games.NewConnect4(w, h, 2)
			if err != nil {
				t.Fatal(err)
			}
			for tier := 0; tier <= w*h; tier++ {
				want := new(big.Int).Mul(bigVectors(w, h, tier), new(big.Int).Binomial(int64(tier), int64((tier+1)/2)))
				if !want.IsUint64() || want.Uint64() != g.TierSize(tier) {
					t.Errorf("%d×%d tier %d: TierSize %d, want %s", w, h, tier, g.TierSize(tier), want)
				}
			}
		}
	}
	for _, size := range [][2]int{{4, 4}, {5, 4}, {6, 4}, {7, 4}, {6, 5}, {5, 5}, {7, 6}} {
		g, err := games.NewConnect4(size[0], size[1], 4)
		if err != nil {
			t.Fatal(err)
		}
		total := new(big.Int)
		largest, at := uint64(0), 0
		for tier := 0; tier <= size[0]*size[1]; tier++ {
			n := g.TierSize(tier)
			total.Add(total, new(big.Int).SetUint64(n))
			if n > largest {
				largest, at = n, tier
			}
		}
		t.Logf("connect4 %d×%d: %s ranks in all; the largest tier is %d stones with %d ranks (%.3g)", size[0], size[1], total, at, largest, float64(largest))
	}
}

// bigVectors counts the vectors of w heights from 0 to h summing to s, by
// inclusion and exclusion.
func bigVectors(w, h, s int) *big.Int {
	n := new(big.Int)
	for j := 0; j <= w && j*(h+1) <= s; j++ {
		term := new(big.Int).Mul(new(big.Int).Binomial(int64(w), int64(j)), new(big.Int).Binomial(int64(s-j*(h+1)+w-1), int64(w-1)))
		if j%2 == 1 {
			n.Sub(n, term)
		} else {
			n.Add(n, term)
		}
	}
	return n
}

// BenchmarkConnect4TierRank times TierRank and Unrank, the tier engine's
// inner loop, on boards of a large tier (three quarters full): TierRank on
// random boards (as the children of a scan come), Unrank on random ranks
// and on consecutive ranks (as a scan over a tier asks).
func BenchmarkConnect4TierRank(b *testing.B) {
	for _, size := range [][2]int{{6, 4}, {7, 6}} {
		g, err := games.NewConnect4(size[0], size[1], 4)
		if err != nil {
			b.Fatal(err)
		}
		tier := size[0] * size[1] * 3 / 4
		n := g.TierSize(tier)
		const m = 1 << 16
		rng := rand.New(rand.NewPCG(1, 2))
		keys := make([]uint64, m)
		ranks := make([]uint64, m)
		for i := range m {
			ranks[i] = rng.Uint64N(n)
			keys[i], _ = g.Unrank(tier, ranks[i])
		}
		name := fmt.Sprintf("%dx%d", size[0], size[1])
		b.Run(name+"/TierRank", func(b *testing.B) {
			var sink uint64
			for i := 0; b.Loop(); i++ {
				_, r := g.TierRank(keys[i&(m-1)])
				sink += r
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/rank")
			_ = sink
		})
		b.Run(name+"/Unrank", func(b *testing.B) {
			var sink uint64
			for i := 0; b.Loop(); i++ {
				k, _ := g.Unrank(tier, ranks[i&(m-1)])
				sink += k
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/unrank")
			_ = sink
		})
		b.Run(name+"/ChildrenTierRank", func(b *testing.B) {
			var sink uint64
			kids := make([]uint64, 0, 16)
			for i := 0; b.Loop(); i++ {
				kids = g.AppendChildren(kids[:0], keys[i&(m-1)])
				for _, k := range kids {
					_, r := g.TierRank(k)
					sink += r
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/position")
			_ = sink
		})
		b.Run(name+"/ChildRanker", func(b *testing.B) {
			var sink uint64
			kids := make([]sente.TierPosition, 0, 16)
			rank := g.NewChildRanker()
			for i := 0; b.Loop(); i++ {
				kids = rank(kids[:0], keys[i&(m-1)])
				for _, k := range kids {
					sink += k.Rank
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/position")
			_ = sink
		})
		b.Run(name+"/Scan", func(b *testing.B) {
			var sink uint64
			lo := n / 3
			for b.Loop() {
				g.ScanTier(tier, lo, lo+1024, nil, func(r, k uint64) bool { sink += k; return true })
				if lo += 1024; lo+1024 > n {
					lo = 0
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1024, "ns/rank")
			_ = sink
		})
		b.Run(name+"/UnrankScan", func(b *testing.B) {
			var sink uint64
			r := n / 3
			for b.Loop() {
				k, _ := g.Unrank(tier, r)
				sink += k
				if r++; r == n {
					r = 0
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/unrank")
			_ = sink
		})
	}
}

func TestChopsticksTierRanks(t *testing.T) {
	for _, spec := range []string{
		"chopsticks",
		"chopsticks:overflow=cutoff",
		"chopsticks:transfer=split,revive=true",
		"chopsticks:overflow=cutoff,transfer=split,revive=true",
		"chopsticks:zeroattack=true,selfkill=true",
		"chopsticks:transfer=none",
	} {
		t.Run(spec, func(t *testing.T) {
			checkTierRanks(t, spec, 1<<20)
		})
	}
}

func TestSimpleTierRanks(t *testing.T) {
	for _, spec := range []string{
		"count", "count:lose=10,most=4,start=3",
		"consecutive:n=8,m=2", "consecutive:n=12,m=3",
		"nim:heaps=1/2/3", "nim:heaps=3/4/5,misere=true", "nim:heaps=5/0/2/7", "nim:heaps=4",
		"cards", "cards:first=1..3,second=1/2", "cards:first=1/2,second=1..3", "cards:first=2/2/3/3,second=1/1/1,target=6", "cards:first=1..9,second=1..9,target=30",
	} {
		t.Run(spec, func(t *testing.T) {
			checkTierRanks(t, spec, 1<<20)
		})
	}
}

// TestTicTacToeTierSizes checks for every board of at most 32 cells that
// no tier's size overflows a uint64.
func TestTicTacToeTierSizes(t *testing.T) {
	for m := 1; m <= 32; m++ {
		for n := 1; m*n <= 32; n++ {
			g, err := games.NewTicTacToe(m, n, 1)
			if err != nil {
				t.Fatal(err)
			}
			for tier := 0; tier <= m*n; tier++ {
				want := new(big.Int).Mul(new(big.Int).Binomial(int64(m*n), int64(tier)), new(big.Int).Binomial(int64(tier), int64((tier+1)/2)))
				if !want.IsUint64() || want.Uint64() != g.TierSize(tier) {
					t.Errorf("%d×%d tier %d: TierSize %d, want %s", m, n, tier, g.TierSize(tier), want)
				}
			}
		}
	}
}

// TestConnect4LargeTierRanks: on boards too large to enumerate, the first,
// last and random ranks of every tier unrank to boards (keys that Decode
// and Encode give back) whose TierRank is the rank again.
func TestConnect4LargeTierRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range [][2]int{{6, 4}, {7, 4}, {6, 5}, {7, 6}, {9, 5}, {8, 6}, {7, 7}, {6, 9}, {1, 9}, {2, 9}} {
		g, err := games.NewConnect4(size[0], size[1], 2)
		if err != nil {
			t.Fatal(err)
		}
		for tier := 0; tier <= size[0]*size[1]; tier++ {
			n := g.TierSize(tier)
			for i := range 102 {
				r := rng.Uint64N(n)
				switch i {
				case 0:
					r = 0
				case 1:
					r = n - 1
				}
				key, ok := g.Unrank(tier, r)
				if !ok {
					t.Fatalf("%v tier %d: rank %d of %d is no board", size, tier, r, n)
				}
				if back := g.Encode(g.Decode(key)); back != key {
					t.Fatalf("%v tier %d rank %d: key %#x is not a board (%#x)", size, tier, r, key, back)
				}
				if tt, rr := g.TierRank(key); tt != tier || rr != r {
					t.Fatalf("%v: tier %d rank %d unranks to %#x, which ranks as tier %d rank %d", size, tier, r, key, tt, rr)
				}
			}
			if _, ok := g.Unrank(tier, n); ok {
				t.Errorf("%v tier %d: rank %d, the tier's size, unranks", size, tier, n)
			}
		}
	}
}

// TestConnect4TallBoardRefused: rows beyond 9 (which the family's
// parameters never give) are refused rather than mis-built: the smearing
// and the rank tables assume them.
func TestConnect4TallBoardRefused(t *testing.T) {
	if _, err := games.NewConnect4(1, 10, 2); err == nil || !strings.Contains(err.Error(), "h=10") {
		t.Errorf("NewConnect4(1, 10, 2): error %v; want h=10 refused", err)
	}
}

// BenchmarkTicTacToeTierRank times TierRank and Unrank on random boards of
// a middle tier of 4×4 and 5×5.
func BenchmarkTicTacToeTierRank(b *testing.B) {
	for _, size := range []int{4, 5} {
		g, err := games.NewTicTacToe(size, size, 4)
		if err != nil {
			b.Fatal(err)
		}
		tier := size * size * 2 / 3
		n := g.TierSize(tier)
		const m = 1 << 16
		rng := rand.New(rand.NewPCG(1, 2))
		keys := make([]uint64, m)
		ranks := make([]uint64, m)
		for i := range m {
			ranks[i] = rng.Uint64N(n)
			keys[i], _ = g.Unrank(tier, ranks[i])
		}
		name := fmt.Sprintf("%dx%d", size, size)
		b.Run(name+"/TierRank", func(b *testing.B) {
			var sink uint64
			for i := 0; b.Loop(); i++ {
				_, r := g.TierRank(keys[i&(m-1)])
				sink += r
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/rank")
			_ = sink
		})
		b.Run(name+"/Unrank", func(b *testing.B) {
			var sink uint64
			for i := 0; b.Loop(); i++ {
				k, _ := g.Unrank(tier, ranks[i&(m-1)])
				sink += k
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/unrank")
			_ = sink
		})
	}
}

// TestTicTacToeLargeTierRanks: on boards too large to enumerate, the
// first, last and random ranks of every tier unrank to boards with the
// tier's stones, X's share of them, whose TierRank is the rank again.
func TestTicTacToeLargeTierRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, size := range [][2]int{{4, 4}, {5, 5}, {6, 5}, {4, 8}, {1, 32}, {3, 7}} {
		g, err := games.NewTicTacToe(size[0], size[1], 1)
		if err != nil {
			t.Fatal(err)
		}
		cells := size[0] * size[1]
		for tier := 0; tier <= cells; tier++ {
			n := g.TierSize(tier)
			for i := range 102 {
				r := rng.Uint64N(n)
				switch i {
				case 0:
					r = 0
				case 1:
					r = n - 1
				}
				key, ok := g.Unrank(tier, r)
				x, o := uint32(key), uint32(key>>32)
				if !ok || x&o != 0 || uint64(x|o)>>cells != 0 || bits.OnesCount32(x) != (tier+1)/2 || bits.OnesCount32(o) != tier/2 {
					t.Fatalf("%v tier %d: rank %d of %d unranks to %#x, %v: not a board of the tier", size, tier, r, n, key, ok)
				}
				if tt, rr := g.TierRank(key); tt != tier || rr != r {
					t.Fatalf("%v: tier %d rank %d unranks to %#x, which ranks as tier %d rank %d", size, tier, r, key, tt, rr)
				}
			}
		}
	}
}

// TestConnect4ScanTier: scanning a tier gives every rank Unrank gives, the
// same keys, in order, over whole tiers of 4×4 and over windows of 6×4
// that start and end inside a height vector's stones.
func TestConnect4ScanTier(t *testing.T) {
	ranks := func(spec string) (sente.TierRanker, sente.TierScanner) {
		g, err := games.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		caps := sente.CapabilitiesOf(g)
		if caps.TierScanner == nil {
			t.Fatalf("%s has no TierScanner", spec)
		}
		return caps.TierRanker, caps.TierScanner
	}
	check := func(tr sente.TierRanker, sc sente.TierScanner, tier int, lo, hi uint64) {
		t.Helper()
		next := lo
		sc.ScanTier(tier, lo, hi, nil, func(r, key uint64) bool {
			want, ok := tr.Unrank(tier, r)
			if r != next || !ok || key != want {
				t.Fatalf("tier %d [%d, %d): rank %d key %#x after rank %d; Unrank gives %#x, %v", tier, lo, hi, r, key, next-1, want, ok)
			}
			next++
			return true
		})
		if end := min(hi, tr.TierSize(tier)); next != end {
			t.Fatalf("tier %d [%d, %d): the scan stops at rank %d, not %d", tier, lo, hi, next, end)
		}
	}
	tr, sc := ranks("connect4:w=4,h=4")
	for tier := 0; tier <= 16; tier++ {
		check(tr, sc, tier, 0, tr.TierSize(tier))
	}
	tr, sc = ranks("connect4:w=6,h=4")
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		tier := r.IntN(25)
		lo := r.Uint64N(tr.TierSize(tier))
		check(tr, sc, tier, lo, lo+r.Uint64N(3000))
	}
	stops := 0
	sc.ScanTier(12, 0, 100, nil, func(uint64, uint64) bool { stops++; return false })
	if stops != 1 {
		t.Errorf("the scan went on %d times after yield returned false", stops-1)
	}
}

// TestConnect4ChildRanks: the children's ranks the child ranker gives are
// those TierRank gives each key of AppendChildren, on random positions of
// several board sizes and on a sibling of each with the same heights, by a
// ranker kept across boards (as a worker keeps it) and by a fresh one.
func TestConnect4ChildRanks(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	less := func(a, b sente.TierPosition) int {
		return cmp.Or(cmp.Compare(a.Tier, b.Tier), cmp.Compare(a.Rank, b.Rank))
	}
	for _, spec := range []string{"connect4:w=4,h=4", "connect4:w=6,h=4", "connect4:w=7,h=6", "connect4:w=1,h=5,k=2", "connect4:w=9,h=5"} {
		g, err := games.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		caps := sente.CapabilitiesOf(g)
		enc, tr := caps.Encoder, caps.TierRanker
		if caps.TierChildRanker == nil {
			t.Fatalf("%s has no TierChildRanker", spec)
		}
		kept := caps.TierChildRanker.NewChildRanker()
		check := func(key uint64) {
			t.Helper()
			var want []sente.TierPosition
			for _, kid := range enc.AppendChildren(nil, key) {
				ct, crank := tr.TierRank(kid)
				want = append(want, sente.TierPosition{Tier: ct, Rank: crank})
			}
			slices.SortFunc(want, less)
			for _, rank := range []sente.ChildRankFunc{kept, caps.TierChildRanker.NewChildRanker()} {
				got := rank(nil, key)
				slices.SortFunc(got, less)
				if !slices.Equal(got, want) {
					t.Fatalf("%s at %s: the child ranker gives %v, TierRank of each child %v", spec, g.FormatPosition(enc.Decode(key)), got, want)
				}
			}
		}
		for range 2000 {
			key := enc.Encode(g.Start())
			for range r.IntN(60) {
				if _, ended := enc.EndedKey(key); ended {
					break
				}
				kids := enc.AppendChildren(nil, key)
				key = kids[r.IntN(len(kids))]
			}
			if _, ended := enc.EndedKey(key); ended {
				continue
			}
			check(key)
			// The board with the same heights and the next stones, as a
			// scan lists it.
			tier, rank := tr.TierRank(key)
			if sib, ok := tr.Unrank(tier, rank+1); ok {
				if _, ended := enc.EndedKey(sib); !ended {
					check(sib)
				}
			}
		}
	}
}
