package games

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/testmode"
)

func c4New(t testing.TB, spec string) *Connect4 {
	t.Helper()
	g, err := New(spec)
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	return g.(*Connect4)
}

// c4Reachable lists the start and every position reachable from it by legal
// play that stops at a win, found by breadth-first search over Moves only.
func c4Reachable(g *Connect4, hint int) []Connect4Position {
	start := g.Start().(Connect4Position)
	seen := make(map[Connect4Position]struct{}, hint)
	seen[start] = struct{}{}
	list := make([]Connect4Position, 1, max(hint, 1))
	list[0] = start
	for i := 0; i < len(list); i++ {
		p := list[i]
		if _, over := g.Ended(p); over {
			continue
		}
		for _, mv := range g.Moves(p) {
			q := mv.To.(Connect4Position)
			if _, ok := seen[q]; !ok {
				seen[q] = struct{}{}
				list = append(list, q)
			}
		}
	}
	return list
}

// c4CountKeys counts the reachable positions again on keys alone.
func c4CountKeys(g *Connect4) int {
	start := g.Encode(g.Start())
	seen := map[uint64]bool{start: true}
	list := []uint64{start}
	var dst []uint64
	for i := 0; i < len(list); i++ {
		if _, over := g.EndedKey(list[i]); over {
			continue
		}
		dst = g.AppendChildren(dst[:0], list[i])
		for _, c := range dst {
			if !seen[c] {
				seen[c] = true
				list = append(list, c)
			}
		}
	}
	return len(list)
}

func TestConnect4Counts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		spec string
		want int
		slow bool
	}{
		{"connect4:w=4,h=4", 161029, false},
		{"connect4:w=5,h=4", 3945711, true},
	}
	for _, c := range cases {
		if c.slow && !testmode.Long() {
			continue // 4 million positions, ten CPU-seconds: with SENTE_LONG only
		}
		g := c4New(t, c.spec)
		if got := len(c4Reachable(g, c.want)); got != c.want {
			t.Errorf("%s: %d reachable positions over Moves, want %d", c.spec, got, c.want)
		}
		if c.slow {
			continue // the key path is checked on the smaller board
		}
		if got := c4CountKeys(g); got != c.want {
			t.Errorf("%s: %d reachable positions over AppendChildren, want %d", c.spec, got, c.want)
		}
	}
}

// c4Grid reads a position text into rows from the bottom, for checks that do
// not use the game's bitboards.
func c4Grid(text string) [][]byte {
	rows := strings.Split(text, "/")
	slices.Reverse(rows)
	grid := make([][]byte, len(rows))
	for i, r := range rows {
		grid[i] = []byte(r)
	}
	return grid
}

// c4NaiveLine reports whether stone has k in a row on grid, cell by cell.
func c4NaiveLine(grid [][]byte, stone byte, k int) bool {
	h, w := len(grid), len(grid[0])
	for r := range h {
		for c := range w {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				n := 0
				for i := range k {
					rr, cc := r+i*d[0], c+i*d[1]
					if rr < 0 || rr >= h || cc < 0 || cc >= w || grid[rr][cc] != stone {
						break
					}
					n++
				}
				if n == k {
					return true
				}
			}
		}
	}
	return false
}

func TestConnect4Consistency(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this big solve: connect four's keys and moves on every position of 4×4 and small boards (about 1 s)")
	}
	for _, spec := range []string{"connect4:w=3,h=3,k=3", "connect4:w=4,h=4", "connect4:w=4,h=3,k=3", "connect4:w=1,h=5,k=3", "connect4:w=5,h=1,k=2", "connect4:w=3,h=4,k=2"} {
		t.Run(spec, func(t *testing.T) {
			g := c4New(t, spec)
			var children []uint64
			for _, p := range c4Reachable(g, 0) {
				key := g.Encode(p)
				text := g.FormatPosition(p)
				if key == ^uint64(0) {
					t.Fatalf("%s: reserved key", text)
				}
				if got := g.Decode(key); got != p {
					t.Fatalf("Decode(Encode(%s)) = %s", text, g.FormatPosition(got))
				}
				if q, err := g.ParsePosition(text); err != nil || q != p {
					t.Fatalf("ParsePosition(%q) = %v, %v", text, q, err)
				}
				grid := c4Grid(text)
				nx, no := strings.Count(text, "x"), strings.Count(text, "o")
				last, turn := byte('o'), sente.First
				if nx > no {
					last, turn = 'x', sente.Second
				}
				want, wantOver := sente.Unknown, false
				if c4NaiveLine(grid, last, g.k) {
					want, wantOver = sente.Lose, true
				} else if !strings.Contains(text, ".") {
					want, wantOver = sente.Tie, true
				}
				if v, over := g.Ended(p); v != want || over != wantOver {
					t.Fatalf("%s: Ended %v %v, want %v %v", text, v, over, want, wantOver)
				}
				if v, over := g.EndedKey(key); v != want || over != wantOver {
					t.Fatalf("%s: EndedKey %v %v, want %v %v", text, v, over, want, wantOver)
				}
				if g.Turn(p) != turn {
					t.Fatalf("%s: Turn %v", text, g.Turn(p))
				}
				if g.Tier(key) != nx+no {
					t.Fatalf("%s: Tier %d, want %d", text, g.Tier(key), nx+no)
				}
				c := g.Canonical(key)
				if g.Canonical(c) != c || c > key {
					t.Fatalf("%s: Canonical not idempotent or not least", text)
				}
				mirror := strings.Split(text, "/")
				for i, r := range mirror {
					b := []byte(r)
					slices.Reverse(b)
					mirror[i] = string(b)
				}
				m, err := g.ParsePosition(strings.Join(mirror, "/"))
				if err != nil {
					t.Fatalf("mirror of %s: %v", text, err)
				}
				if g.Canonical(g.Encode(m)) != c {
					t.Fatalf("%s and its mirror have different canonical keys", text)
				}
				if wantOver {
					continue
				}
				var keys []uint64
				for _, mv := range g.Moves(p) {
					ck := g.Encode(mv.To)
					keys = append(keys, ck)
					if g.Tier(ck) != g.Tier(key)+1 {
						t.Fatalf("%s: move %s does not add one to the tier", text, mv.Name)
					}
				}
				children = g.AppendChildren(children[:0], key)
				slices.Sort(keys)
				slices.Sort(children)
				if !slices.Equal(keys, children) {
					t.Fatalf("%s: AppendChildren %x, Moves %x", text, children, keys)
				}
			}
		})
	}
}

func TestConnect4Key(t *testing.T) {
	g := c4New(t, "connect4")
	if k := g.Encode(g.Start()); k != g.bottom {
		t.Errorf("start key %x, want the bottom row %x", k, g.bottom)
	}
	p, err := g.ParsePosition("1")
	if err != nil {
		t.Fatal(err)
	}
	// Column 1 holds x's stone (bit 0) under the sentinel (bit 1).
	if k := g.Encode(p); k != g.bottom-1+0b11 {
		t.Errorf("key after 1: %x", k)
	}
	p, _ = g.ParsePosition("11")
	if k := g.Encode(p); k != g.bottom-1+0b101 {
		t.Errorf("key after 11: %x", k)
	}
	full, _ := g.ParsePosition("111111")
	if k := g.Encode(full); k&0x7f != 0b1010101 {
		t.Errorf("full column: %b", k&0x7f)
	}
}

func TestConnect4Rules(t *testing.T) {
	g := c4New(t, "connect4")
	cases := []struct {
		pos  string
		want sente.Value
		over bool
		text string
	}{
		{"", sente.Unknown, false, "......./......./......./......./......./......."},
		{"4453", sente.Unknown, false, "......./......./......./......./...o.../..oxx.."},
		{"1212121", sente.Lose, true, ""},
		{"1223343444", sente.Unknown, false, ""},
		{"12233434445", sente.Unknown, false, ""},
		{"12234334744", sente.Lose, true, "......./......./...x.../..xo.../.xoo.../xoox..x"},
		{"4455667", sente.Lose, true, ""},
		{"1234567", sente.Unknown, false, "......./......./......./......./......./xoxoxox"},
	}
	for _, c := range cases {
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", c.pos, err)
		}
		if v, over := g.Ended(p); v != c.want || over != c.over {
			t.Errorf("Ended(%s) = %v, %v; want %v, %v", g.FormatPosition(p), v, over, c.want, c.over)
		}
		if c.text != "" && g.FormatPosition(p) != c.text {
			t.Errorf("ParsePosition(%q) = %s, want %s", c.pos, g.FormatPosition(p), c.text)
		}
	}
	tie := c4New(t, "connect4:w=3,h=2,k=3")
	p, err := tie.ParsePosition("oxo/xox")
	if err != nil {
		t.Fatal(err)
	}
	if v, over := tie.Ended(p); v != sente.Tie || !over {
		t.Errorf("full board: %v %v", v, over)
	}
	var names []string
	for _, mv := range g.Moves(g.Start()) {
		names = append(names, mv.Name)
	}
	if strings.Join(names, "") != "1234567" {
		t.Errorf("move names %v", names)
	}
	if g.Turn(g.Start()) != sente.First {
		t.Error("x should move first")
	}
}

func TestConnect4ParseErrors(t *testing.T) {
	g := c4New(t, "connect4:w=4,h=4")
	for _, bad := range []string{
		"..../..../....",           // too few rows
		"..../..../..../..../....", // too many rows
		"..../..../..../...",       // short row
		"..../..../..../x.oq",      // bad character
		"..../..../x.../....",      // floating stone
		"..../..../..../xx..",      // too many x
		"..../..../..../o...",      // o first
		"o.../ox../ox../oxxx",      // o has a line but x moved last
		"5",                        // no column 5
		"11111",                    // column 1 full
		"12121212",                 // x won on move 7
		"0", "1a",
	} {
		_, err := g.ParsePosition(bad)
		if err == nil {
			t.Errorf("ParsePosition(%q) accepted", bad)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || !strings.Contains(msg, "e.g.") {
			t.Errorf("ParsePosition(%q): error should be one line with examples: %s", bad, msg)
		}
	}
	// The examples in the error message must themselves parse.
	_, err := g.ParsePosition("?")
	msg := err.Error()
	for _, part := range strings.Split(msg, "e.g. \"")[1:] {
		ex := part[:strings.Index(part, "\"")]
		if _, err := g.ParsePosition(ex); err != nil {
			t.Errorf("the example %q does not parse: %v", ex, err)
		}
	}
}

func TestConnect4Params(t *testing.T) {
	for _, spec := range []string{"connect4:w=9,h=7", "connect4:w=8,h=8", "connect4:w=3,h=3", "connect4:k=1", "connect4:w=10", "connect4:w=0"} {
		if _, err := New(spec); err == nil {
			t.Errorf("New(%q) accepted", spec)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("New(%q): multi-line error %q", spec, err)
		}
	}
	for _, spec := range []string{"connect4:w=9,h=6,k=9", "connect4:w=8,h=7", "connect4:w=6,h=9", "connect4:w=1,h=9,k=9", "connect4:w=9,h=1,k=2", "connect4:w=2,h=1,k=2"} {
		g := c4New(t, spec)
		board, moves := g.example()
		if _, err := g.ParsePosition(board); err != nil {
			t.Errorf("%s: example %q: %v", spec, board, err)
		}
		if _, err := g.ParsePosition(moves); err != nil {
			t.Errorf("%s: example %q: %v", spec, moves, err)
		}
		if g.Describe().Summary == "" {
			t.Errorf("%s: no summary", spec)
		}
		// Random games exercise the widest boards, whose keys use every bit.
		rng := rand.New(rand.NewPCG(1, 2))
		for range 200 {
			var p sente.Position = g.Start()
			for {
				key := g.Encode(p)
				if key == ^uint64(0) || g.Decode(key) != p {
					t.Fatalf("%s: %s: key %x", spec, g.FormatPosition(p), key)
				}
				if _, over := g.Ended(p); over {
					break
				}
				moves := g.Moves(p)
				kids := g.AppendChildren(nil, key)
				if len(kids) != len(moves) {
					t.Fatalf("%s: %s: %d children, %d moves", spec, g.FormatPosition(p), len(kids), len(moves))
				}
				p = moves[rng.IntN(len(moves))].To
			}
		}
	}
}

var (
	_ sente.Encoder   = (*Connect4)(nil)
	_ sente.Tiered    = (*Connect4)(nil)
	_ sente.Symmetric = (*Connect4)(nil)
	_ sente.Describer = (*Connect4)(nil)
)

// c4BenchKeys returns keys of 6×4 positions that have not ended, from random
// games, so that benchmarks see the mix of heights the engine sees.
func c4BenchKeys(b *testing.B) (*Connect4, []uint64) {
	g := c4New(b, "connect4:w=6,h=4")
	rng := rand.New(rand.NewPCG(3, 4))
	var keys []uint64
	for len(keys) < 1<<16 {
		key := g.Encode(g.Start())
		var kids []uint64
		for {
			if _, over := g.EndedKey(key); over {
				break
			}
			keys = append(keys, key)
			kids = g.AppendChildren(kids[:0], key)
			key = kids[rng.IntN(len(kids))]
		}
	}
	return g, keys[:1<<16]
}

func BenchmarkConnect4Children(b *testing.B) {
	g, keys := c4BenchKeys(b)
	dst := make([]uint64, 0, 16)
	for i := 0; b.Loop(); i++ {
		dst = g.AppendChildren(dst[:0], keys[i&(1<<16-1)])
	}
}

func BenchmarkConnect4EndedKey(b *testing.B) {
	g, keys := c4BenchKeys(b)
	n := 0
	for i := 0; b.Loop(); i++ {
		if _, over := g.EndedKey(keys[i&(1<<16-1)]); over {
			n++
		}
	}
	_ = n
}

func BenchmarkConnect4Tier(b *testing.B) {
	g, keys := c4BenchKeys(b)
	sum := 0
	for i := 0; b.Loop(); i++ {
		sum += g.Tier(keys[i&(1<<16-1)])
	}
	_ = sum
}

func BenchmarkConnect4Canonical(b *testing.B) {
	g, keys := c4BenchKeys(b)
	var sum uint64
	for i := 0; b.Loop(); i++ {
		sum += g.Canonical(keys[i&(1<<16-1)])
	}
	_ = sum
}

func TestConnect4Draw(t *testing.T) {
	g, err := New("connect4:w=4,h=3")
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition("122")
	if err != nil {
		t.Fatal(err)
	}
	want := "  . . . .\n  . x . .\n  x o . .\n  1 2 3 4"
	if got := g.(sente.Drawer).Draw(p); got != want {
		t.Errorf("Draw:\n%q\nwant\n%q", got, want)
	}
}
