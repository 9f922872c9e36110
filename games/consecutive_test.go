package games

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

// consecutiveBrute solves the game of seed 003 on every set of said numbers
// by brute force, as the post's first method: win[mask] is true when the
// player to move wins with the numbers of mask said (bit i-1 for i).
// Saying numbers only adds bits, so larger masks are solved first.
func consecutiveBrute(n, m int) []bool {
	win := make([]bool, 1<<n)
	for mask := 1<<n - 1; mask >= 0; mask-- {
		for s := 0; s < n && !win[mask]; s++ {
			run := 0
			for l := 1; l <= m && s+l <= n; l++ {
				run |= 1 << (s + l - 1)
				if mask&run != 0 {
					break
				}
				if !win[mask|run] {
					win[mask] = true
					break
				}
			}
		}
	}
	return win
}

// consecutiveG is the post's second method: G(k) = mex over 1 <= x <= m and
// 0 <= y <= k-x of G(y) XOR G(k-x-y).
func consecutiveG(m, n int) []int {
	g := make([]int, n+1)
	for k := 1; k <= n; k++ {
		seen := map[int]bool{}
		for x := 1; x <= m && x <= k; x++ {
			for y := 0; y <= k-x; y++ {
				seen[g[y]^g[k-x-y]] = true
			}
		}
		for seen[g[k]] {
			g[k]++
		}
	}
	return g
}

// consecutiveRuns XORs the values of the runs of unsaid numbers of mask.
func consecutiveRuns(mask uint64, n int, g []int) int {
	x, run := 0, 0
	for i := 0; i <= n; i++ {
		if i < n && mask>>i&1 == 0 {
			run++
			continue
		}
		x ^= g[run]
		run = 0
	}
	return x
}

// TestConsecutiveDecomposition: for n = 16 and every m up to 4, brute force
// over all 2^16 sets of said numbers agrees with the XOR of the runs' values
// (which covers every smaller n, as the sets with the top numbers said).
func TestConsecutiveDecomposition(t *testing.T) {
	const n = 16
	for m := 1; m <= 4; m++ {
		win := consecutiveBrute(n, m)
		g := consecutiveG(m, n)
		for mask := range win {
			if x := consecutiveRuns(uint64(mask), n, g); win[mask] != (x != 0) {
				t.Fatalf("m=%d said %016b: brute force win=%v, runs XOR to %d", m, mask, win[mask], x)
			}
		}
		for k := 1; k <= n; k++ {
			if top := (1<<n - 1) &^ (1<<k - 1); win[top] != (g[k] != 0) {
				t.Errorf("n=%d m=%d: brute force %v, G=%d", k, m, win[top], g[k])
			}
		}
	}
}

// TestConsecutivePublished: with m = 1 the first player wins exactly when n
// is odd; with m >= 2 always.
func TestConsecutivePublished(t *testing.T) {
	for m := 1; m <= 6; m++ {
		g := consecutiveG(m, 40)
		for n := 1; n <= 40; n++ {
			if want := m >= 2 || n%2 == 1; (g[n] != 0) != want {
				t.Errorf("n=%d m=%d: G=%d, published first player wins=%v", n, m, g[n], want)
			}
		}
	}
	// The post's example, n = 21 and m = 3: saying the middle (11, or
	// 10-12) leaves two equal runs, worth 0 together.
	game := impNew(t, "consecutive:n=21,m=3")
	g := consecutiveG(3, 21)
	for _, mv := range game.Moves(game.Start()) {
		if mv.Name != "11" && mv.Name != "10-12" {
			continue
		}
		x := 0
		for _, c := range game.(sente.Splitter).Components(mv.To) {
			x ^= g[21-strings.Count(game.FormatPosition(c), "x")]
		}
		if x != 0 {
			t.Errorf("after %s the runs XOR to %d", mv.Name, x)
		}
	}
}

// TestConsecutiveGame: the game's own moves give the brute-force winner of
// every reachable position, its keys agree with its moves, and its values
// are the XOR of its components'.
func TestConsecutiveGame(t *testing.T) {
	for _, tt := range []struct{ n, m int }{{1, 1}, {5, 1}, {8, 2}, {9, 3}, {10, 2}, {10, 4}, {7, 7}} {
		spec := "consecutive:n=" + strconv.Itoa(tt.n) + ",m=" + strconv.Itoa(tt.m)
		t.Run(spec, func(t *testing.T) {
			g := impNew(t, spec)
			win := consecutiveBrute(tt.n, tt.m)
			positions := impWalk(t, g, nil, 1<<16)
			if len(positions) > 2<<tt.n {
				t.Fatalf("%d positions", len(positions))
			}
			memo := map[sente.Position]bool{}
			for _, p := range positions {
				if got := impSolve(g, p, memo); got != win[p.(ConsecutivePosition).Said] {
					t.Fatalf("%s: win=%v, brute force %v", g.FormatPosition(p), got, win[p.(ConsecutivePosition).Said])
				}
			}
			impCheckSplit(t, g, positions)
		})
	}
}

func TestConsecutiveMoves(t *testing.T) {
	g := impNew(t, "consecutive:n=5,m=3")
	p := impParse(t, g, "..x..")
	if names := impNames(g.Moves(p)); !slices.Equal(names, []string{"1", "1-2", "2", "4", "4-5", "5"}) {
		t.Errorf("moves from ..x.. = %v", names)
	}
	if s := g.FormatPosition(g.Moves(p)[1].To); s != "xxx.. second" {
		t.Errorf("after 1-2: %q", s)
	}
	if enc := g.(sente.Encoder); enc.Encode(impParse(t, g, "xx... second")) != 3|1<<5 {
		t.Errorf("key of xx... second = %#b", enc.Encode(impParse(t, g, "xx... second")))
	}
	if r := g.(sente.Heaps).HeapRules(); !slices.Equal(r.Digits, []uint8{0, 7, 7, 7}) || r.Unequal {
		t.Errorf("HeapRules %v, want 0.777", r)
	}
	if r := impNew(t, "consecutive:m=1").(sente.Heaps).HeapRules(); !slices.Equal(r.Digits, []uint8{0, 7}) {
		t.Errorf("m=1: HeapRules %v, want 0.7", r)
	}
	g9 := impNew(t, "consecutive:n=9")
	var texts []string
	for _, c := range g9.(sente.Splitter).Components(impParse(t, g9, "..x...x.. second")) {
		texts = append(texts, g9.FormatPosition(c))
	}
	if !slices.Equal(texts, []string{"..xxxxxxx first", "...xxxxxx first", "..xxxxxxx first"}) {
		t.Errorf("components %v", texts)
	}
	if d := g9.(sente.Drawer).Draw(impParse(t, g9, "..x...x..")); !strings.Contains(d, "  9") || strings.Count(d, "x") != 2 {
		t.Errorf("Draw:\n%s", d)
	}
}

func TestConsecutiveKeys(t *testing.T) {
	for _, tt := range []struct {
		n     int
		keyed bool
	}{{1, true}, {62, true}, {63, false}, {64, false}} {
		g := impNew(t, "consecutive:n="+strconv.Itoa(tt.n))
		if _, ok := g.(sente.Encoder); ok != tt.keyed {
			t.Errorf("n=%d: Encoder %v, want %v", tt.n, ok, tt.keyed)
		}
		if _, ok := g.(sente.Splitter); !ok {
			t.Errorf("n=%d: no Splitter", tt.n)
		}
		full := impParse(t, g, strings.Repeat("x", tt.n)+" second")
		for _, p := range []sente.Position{g.Start(), full, impParse(t, g, "x"+strings.Repeat(".", tt.n-1))} {
			for _, m := range impCheck(t, g, p) {
				impCheck(t, g, m.To)
			}
		}
		if moves := g.Moves(g.Start()); len(moves) != 2*tt.n-1 {
			t.Errorf("n=%d m=2: %d moves from the start", tt.n, len(moves))
		}
	}
	g := impNew(t, "consecutive:n=20,m=3")
	enc := g.(sente.Encoder)
	var keys []uint64
	for _, p := range impWalk(t, g, impParse(t, g, "x.x...xx.....x.x...."), 1<<16) {
		keys = append(keys, enc.Encode(p))
	}
	dst := make([]uint64, 0, 64)
	if allocs := testing.AllocsPerRun(5, func() {
		for _, key := range keys {
			dst = enc.AppendChildren(dst[:0], key)
		}
	}); allocs != 0 {
		t.Errorf("%v allocations per pass", allocs)
	}
}

func TestConsecutiveParse(t *testing.T) {
	g := impNew(t, "consecutive")
	for _, tt := range []struct{ in, out string }{{"..........", ".......... first"}, {"xX........ second", "xx........ second"}} {
		if s := g.FormatPosition(impParse(t, g, tt.in)); s != tt.out {
			t.Errorf("%q reads as %q, want %q", tt.in, s, tt.out)
		}
	}
	impCheckParseErrors(t, g, []string{"", "...........", ".........", "....o.....", ".......... third", ".......... first x", "1-3", "....é...."})
	impCheckNewErrors(t, []string{"consecutive:n=0", "consecutive:n=65", "consecutive:m=0", "consecutive:m=65", "consecutive:k=2"})
	for _, nm := range [][2]int{{0, 1}, {65, 1}, {5, 0}, {5, 65}} {
		if g, err := NewConsecutive(nm[0], nm[1]); err == nil || g != nil {
			t.Errorf("NewConsecutive(%v) = %v, %v", nm, g, err)
		}
	}
	impCheckDescribe(t, "consecutive", ".......... first")
}
