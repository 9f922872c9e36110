package games

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

// tofuBox is what is left of a block in the brute force: first and last
// cell (inclusive) along x, y and z.
type tofuBox [6]int

// tofuCuts calls fn for every cut of the real game on box: a slab of one or
// more whole layers off one face, up to the whole block, with the box left
// and whether the slab holds a habanero (the habaneros are always inside
// the box: eating one ends the game).
func tofuCuts(box tofuBox, habaneros [][3]int, fn func(next tofuBox, hot bool)) {
	holds := func(axis, first, last int) bool {
		for _, h := range habaneros {
			if h[axis] >= first && h[axis] <= last {
				return true
			}
		}
		return false
	}
	for a := range 3 {
		lo, hi := box[2*a], box[2*a+1]
		for cut := lo; cut <= hi; cut++ {
			next := box
			next[2*a] = cut + 1
			fn(next, holds(a, lo, cut))
		}
		for cut := hi; cut >= lo; cut-- {
			next := box
			next[2*a+1] = cut - 1
			fn(next, holds(a, cut, hi))
		}
	}
}

// tofuBrute solves the real game on several blocks by brute force: a player
// wins when some cut holds no habanero and leaves the opponent losing;
// eating a habanero loses at once, so such a cut never wins.
type tofuBrute struct {
	habaneros [][][3]int
	memo      map[string]bool
}

func newTofuBrute(blocks ...TofuBlock) (*tofuBrute, []tofuBox) {
	b := &tofuBrute{memo: map[string]bool{}}
	var start []tofuBox
	for _, block := range blocks {
		b.habaneros = append(b.habaneros, block.Habaneros)
		start = append(start, tofuBox{0, block.X - 1, 0, block.Y - 1, 0, block.Z - 1})
	}
	return b, start
}

func (b *tofuBrute) win(boxes []tofuBox) bool {
	key := make([]byte, 0, 6*len(boxes))
	for _, box := range boxes {
		for _, c := range box {
			key = append(key, byte(c+1))
		}
	}
	if win, ok := b.memo[string(key)]; ok {
		return win
	}
	win := false
	for i := range boxes {
		tofuCuts(boxes[i], b.habaneros[i], func(next tofuBox, hot bool) {
			if win || hot {
				return
			}
			after := slices.Clone(boxes)
			after[i] = next
			win = !b.win(after)
		})
	}
	b.memo[string(key)] = win
	return win
}

// tofuSub is the block that box leaves of block, its habaneros moved with it.
func tofuSub(block TofuBlock, box tofuBox) TofuBlock {
	sub := TofuBlock{X: box[1] - box[0] + 1, Y: box[3] - box[2] + 1, Z: box[5] - box[4] + 1}
	for _, h := range block.Habaneros {
		sub.Habaneros = append(sub.Habaneros, [3]int{h[0] - box[0], h[1] - box[2], h[2] - box[4]})
	}
	return sub
}

// tofuEvery calls fn for every block with sides up to max and k distinct
// habaneros.
func tofuEvery(max, k int, fn func(TofuBlock)) {
	for x := 1; x <= max; x++ {
		for y := 1; y <= max; y++ {
			for z := 1; z <= max; z++ {
				var cells [][3]int
				for i := range x * y * z {
					cells = append(cells, [3]int{i % x, i / x % y, i / (x * y)})
				}
				var choose func(from int, chosen [][3]int)
				choose = func(from int, chosen [][3]int) {
					if len(chosen) == k {
						fn(TofuBlock{X: x, Y: y, Z: z, Habaneros: slices.Clone(chosen)})
						return
					}
					for i := from; i < len(cells); i++ {
						choose(i+1, append(chosen, cells[i]))
					}
				}
				choose(0, nil)
			}
		}
	}
}

// tofuRandom is a block with sides up to max and 1 to k habaneros.
func tofuRandom(r *rand.Rand, max, k int) TofuBlock {
	b := TofuBlock{X: 1 + r.IntN(max), Y: 1 + r.IntN(max), Z: 1 + r.IntN(max)}
	for range 1 + r.IntN(k) {
		b.Habaneros = append(b.Habaneros, [3]int{r.IntN(b.X), r.IntN(b.Y), r.IntN(b.Z)})
	}
	return b
}

// TestTofuHeapsSingle: on every block with sides up to 4 and one habanero,
// every block with sides up to 3 and two or three, and random blocks with
// sides up to 4 and two or three, the brute force of the real game agrees
// with the XOR of TofuHeaps, for the block and every sub-block it visits.
func TestTofuHeapsSingle(t *testing.T) {
	check := func(block TofuBlock) {
		brute, start := newTofuBrute(block)
		if win, _ := TofuWinner([]TofuBlock{block}); brute.win(start) != win {
			t.Fatalf("%+v: brute force win=%v, TofuHeaps %v", block, !win, TofuHeaps(block))
		}
		for key, win := range brute.memo {
			var box tofuBox
			for i := range box {
				box[i] = int(key[i]) - 1
			}
			if first, x := TofuWinner([]TofuBlock{tofuSub(block, box)}); first != win {
				t.Fatalf("%+v, sub-block %v: brute force win=%v, heaps XOR to %d", block, box, win, x)
			}
		}
	}
	count := 0
	tofuEvery(4, 1, func(b TofuBlock) { check(b); count++ })
	tofuEvery(3, 2, func(b TofuBlock) { check(b); count++ })
	tofuEvery(3, 3, func(b TofuBlock) { check(b); count++ })
	r := rand.New(rand.NewPCG(13, 3))
	for range 500 {
		b := tofuRandom(r, 4, 3)
		check(b)
		count++
	}
	if count < 5000 {
		t.Errorf("only %d blocks", count)
	}
}

// TestTofuHeapsSums: on sums of two random blocks (sides up to 4, one to
// three habaneros each) the brute force of the real game agrees with
// TofuWinner.
func TestTofuHeapsSums(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	wins := 0
	for range 150 {
		a, b := tofuRandom(r, 4, 3), tofuRandom(r, 4, 3)
		brute, start := newTofuBrute(a, b)
		win, x := TofuWinner([]TofuBlock{a, b})
		if brute.win(start) != win {
			t.Fatalf("%+v + %+v: brute force win=%v, XOR %d", a, b, !win, x)
		}
		if win {
			wins++
		}
	}
	if wins == 0 || wins == 150 {
		t.Errorf("%d of 150 sums are first-player wins: the sample does not test both", wins)
	}
}

// TestTofuContest reads the inputs of testdata/tofu_*.in (our own cases in
// the contest's format) and checks WIN/LOSE against the .out files and
// against brute force of the real game on all blocks together.
func TestTofuContest(t *testing.T) {
	files, _ := filepath.Glob("testdata/tofu_*.in")
	if len(files) < 5 {
		t.Fatalf("%d test inputs", len(files))
	}
	for _, name := range files {
		in, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := ParseTofu(in)
		in.Close()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		out, err := os.ReadFile(strings.TrimSuffix(name, ".in") + ".out")
		if err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSpace(string(out))
		got := "LOSE"
		if first, _ := TofuWinner(blocks); first {
			got = "WIN"
		}
		brute, start := newTofuBrute(blocks...)
		bruteGot := "LOSE"
		if brute.win(start) {
			bruteGot = "WIN"
		}
		if got != want || bruteGot != want {
			t.Errorf("%s: TofuWinner %s, brute force %s, want %s", name, got, bruteGot, want)
		}
	}
}

func TestTofuHeaps(t *testing.T) {
	for _, tt := range []struct {
		block TofuBlock
		heaps [6]int
	}{
		{TofuBlock{3, 3, 3, [][3]int{{1, 1, 1}}}, [6]int{1, 1, 1, 1, 1, 1}},
		{TofuBlock{5, 6, 4, [][3]int{{1, 2, 1}, {3, 4, 2}, {2, 3, 1}}}, [6]int{1, 1, 2, 1, 1, 1}},
		{TofuBlock{100, 1, 1, [][3]int{{37, 0, 0}}}, [6]int{37, 62, 0, 0, 0, 0}},
		{TofuBlock{2, 2, 2, nil}, [6]int{}},
	} {
		if h := TofuHeaps(tt.block); h != tt.heaps {
			t.Errorf("TofuHeaps(%+v) = %v, want %v", tt.block, h, tt.heaps)
		}
	}
	if first, x := TofuWinner([]TofuBlock{{3, 3, 3, [][3]int{{1, 1, 1}}}, {4, 1, 1, [][3]int{{0, 0, 0}}}}); !first || x != 3 {
		t.Errorf("TofuWinner = %v, %d; want true, 3", first, x)
	}
}

func TestParseTofuErrors(t *testing.T) {
	for _, tt := range []struct {
		in   string
		line int
	}{
		{"", 1},
		{"0\n", 1},
		{"101\n", 1},
		{"x\n", 1},
		{"1 2\n", 1},
		{"1\n3 3\n", 2},
		{"1\n3 3 0\n", 2},
		{"1\n3 3 101\n", 2},
		{"1\n3 3 3\n0\n", 3},
		{"1\n3 3 3\n28\n", 3},
		{"1\n3 3 3\n1\n", 4},
		{"1\n3 3 3\n1\n3 0 0\n", 4},
		{"1\n3 3 3\n1\n1 1 1\nextra\n", 5},
		{"1\n\n3 3 3\n1\n1 1 -1\n", 5},
		{"2\n1 1 1\n1\n0 0 0\n", 5},
		{"1\n1 1 1\n1\n0 0 0 0\n", 4},
		{"1\n2 2 2\n2\n0 0 0\n", 5},
	} {
		blocks, err := ParseTofu(strings.NewReader(tt.in))
		if err == nil {
			t.Errorf("ParseTofu(%q) = %v, accepted", tt.in, blocks)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, fmt.Sprintf("line %d:", tt.line)) || !strings.Contains(msg, "want") {
			t.Errorf("ParseTofu(%q): error %q; want one line naming line %d and what is wanted", tt.in, msg, tt.line)
		}
	}
	blocks, err := ParseTofu(strings.NewReader("  1 \r\n\n2 1 3\n 2\n1 0 2\n0 0 0\n\n"))
	if err != nil || !reflect.DeepEqual(blocks, []TofuBlock{{2, 1, 3, [][3]int{{1, 0, 2}, {0, 0, 0}}}}) {
		t.Errorf("ParseTofu with blank lines and spaces = %+v, %v", blocks, err)
	}
}

// TestTofuGame: the registered game's moves are the safe cuts, and its
// winner in every reachable position is the brute force's; its values are
// the XOR of its components'.
func TestTofuGame(t *testing.T) {
	for _, spec := range []string{"tofu", "tofu:x=4,y=3,z=2,at=1.1.0", "tofu:x=4,y=4,z=4,at=0.1.2/3.2.1", "tofu:x=5,y=1,z=1,at=2.0.0",
		"tofu:x=1,y=1,z=1,at=0.0.0", "tofu:x=4,y=4,z=3,at=1.1.1/2.2.1/1.2.1", "tofu:x=6,y=2,z=5,at=centre"} {
		t.Run(spec, func(t *testing.T) {
			g := impNew(t, spec)
			block := g.(*Tofu).Block()
			brute, _ := newTofuBrute(block)
			positions := impWalk(t, g, nil, 1<<16)
			memo := map[sente.Position]bool{}
			for _, p := range positions {
				q := p.(TofuPosition)
				box := tofuBox{int(q.Lo[0]), int(q.Hi[0]), int(q.Lo[1]), int(q.Hi[1]), int(q.Lo[2]), int(q.Hi[2])}
				var safe []tofuBox
				tofuCuts(box, block.Habaneros, func(next tofuBox, hot bool) {
					if !hot {
						safe = append(safe, next)
					}
				})
				moves := g.Moves(p)
				if len(moves) != len(safe) {
					t.Fatalf("%s: %d moves, %d safe cuts", g.FormatPosition(p), len(moves), len(safe))
				}
				if win := impSolve(g, p, memo); win != brute.win([]tofuBox{box}) {
					t.Fatalf("%s: win=%v, brute force %v", g.FormatPosition(p), win, !win)
				}
			}
			impCheckSplit(t, g, positions)
		})
	}
}

func TestTofuPositions(t *testing.T) {
	g := impNew(t, "tofu")
	p := g.Start()
	if names := impNames(g.Moves(p)); !slices.Equal(names, []string{"x0", "x2", "y0", "y2", "z0", "z2"}) {
		t.Errorf("start moves %v", names)
	}
	if s := g.FormatPosition(g.Moves(p)[0].To); s != "1..2/0..2/0..2 second" {
		t.Errorf("after x0: %q", s)
	}
	if key := g.(sente.Encoder).Encode(impParse(t, g, "1..2/0..2/0..2 second")); key != 1|2<<7|(2<<7)<<14|(2<<7)<<28|1<<42 {
		t.Errorf("key %#x", key)
	}
	var texts []string
	for _, c := range g.(sente.Splitter).Components(impParse(t, g, "0..1/1..2/0..2 second")) {
		texts = append(texts, g.FormatPosition(c))
	}
	if !slices.Equal(texts, []string{"0..1/1..1/1..1 first", "1..1/1..2/1..1 first", "1..1/1..1/0..1 first", "1..1/1..1/1..2 first"}) {
		t.Errorf("components %v", texts)
	}
	g4 := impNew(t, "tofu:x=4,y=1,z=1,at=0.0.0")
	if names := impNames(g4.Moves(g4.Start())); !slices.Equal(names, []string{"x3", "x2..3", "x1..3"}) {
		t.Errorf("4x1x1 moves %v", names)
	}
	for _, tt := range []struct{ in, out string }{{"1/1/1", "1..1/1..1/1..1 first"}, {"0..2/1..2/0..1  SECOND", "0..2/1..2/0..1 second"}} {
		if s := g.FormatPosition(impParse(t, g, tt.in)); s != tt.out {
			t.Errorf("%q reads as %q, want %q", tt.in, s, tt.out)
		}
	}
	impCheckParseErrors(t, g, []string{"", "0..2/0..2", "0..3/0..2/0..2", "2..2/0..2/0..2", "0..0/0..2/0..2", "0..2/0..2/0..2 third", "a..b/0..2/0..2",
		"2..0/0..2/0..2", "-1..2/0..2/0..2", "0..2/0..2/0..2/0..2", "0...2/0..2/0..2", "0..2 /0..2/0..2"})
	impCheckNewErrors(t, []string{"tofu:at=3.0.0", "tofu:at=1.1", "tofu:at=a.b.c", "tofu:x=0", "tofu:x=101", "tofu:at=1.1.1/", "tofu:x=2,at=2.0.0",
		"tofu:at=1.1.1.1", "tofu:at=-1.0.0"})
	for _, b := range []TofuBlock{{3, 3, 3, nil}, {3, 3, 3, [][3]int{{3, 0, 0}}}, {0, 3, 3, [][3]int{{0, 0, 0}}}, {101, 1, 1, [][3]int{{0, 0, 0}}}} {
		if g, err := NewTofu(b); err == nil || g != nil {
			t.Errorf("NewTofu(%+v) = %v, %v", b, g, err)
		}
	}
	impCheckDescribe(t, "tofu", "0..2/0..2/0..2 first")
	if h := g.(*Tofu).Block(); h.X != 3 || len(h.Habaneros) != 1 || h.Habaneros[0] != [3]int{1, 1, 1} {
		t.Errorf("default block %+v, want 3x3x3 with the centre", h)
	}
}
