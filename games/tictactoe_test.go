package games

import (
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

func tttNew(t testing.TB, spec string) *TicTacToe {
	t.Helper()
	return mustGame[*TicTacToe](t, spec)
}

// reachableByMoves lists the start and every position reachable from it by
// legal play that stops where the game ends, found by breadth-first search
// over Moves only (tic-tac-toe, quixo).
func reachableByMoves(g sente.Game) []sente.Position {
	seen := map[sente.Position]bool{g.Start(): true}
	list := []sente.Position{g.Start()}
	for i := 0; i < len(list); i++ {
		p := list[i]
		if _, over := g.Ended(p); over {
			continue
		}
		for _, mv := range g.Moves(p) {
			if !seen[mv.To] {
				seen[mv.To] = true
				list = append(list, mv.To)
			}
		}
	}
	return list
}

func TestTicTacToeCounts(t *testing.T) {
	g := tttNew(t, "tictactoe")
	list := reachableByMoves(g)
	if len(list) != 5478 {
		t.Errorf("3×3 tic-tac-toe: %d reachable positions, want 5478", len(list))
	}
	classes := map[uint64]bool{}
	ended := map[sente.Value]int{}
	for _, p := range list {
		classes[g.Canonical(g.Encode(p))] = true
		if v, over := g.Ended(p); over {
			ended[v]++
		}
	}
	if len(classes) != 765 {
		t.Errorf("3×3 tic-tac-toe: %d positions up to symmetry, want 765", len(classes))
	}
	// 626 won by x, 316 by o, 16 full boards without a line.
	if ended[sente.Lose] != 942 || ended[sente.Tie] != 16 {
		t.Errorf("3×3 tic-tac-toe: ended positions %v, want 942 lost and 16 tied", ended)
	}
}

func TestTicTacToeConsistency(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this big solve: tic-tac-toe's keys and moves on every position of five boards (about 1 s)")
	}
	for _, spec := range []string{"tictactoe", "tictactoe:m=3,n=4,k=3", "tictactoe:m=2,n=4,k=2", "tictactoe:m=1,n=5,k=1", "tictactoe:m=4,n=1,k=3"} {
		t.Run(spec, func(t *testing.T) {
			g := tttNew(t, spec)
			list := reachableByMoves(g)
			var children []uint64
			for _, p := range list {
				key := g.Encode(p)
				if key == ^uint64(0) {
					t.Fatalf("%s: reserved key", g.FormatPosition(p))
				}
				if got := g.Decode(key); got != p {
					t.Fatalf("Decode(Encode(%s)) = %s", g.FormatPosition(p), g.FormatPosition(got))
				}
				text := g.FormatPosition(p)
				if q, err := g.ParsePosition(text); err != nil || q != p {
					t.Fatalf("ParsePosition(%q) = %v, %v", text, q, err)
				}
				v, over := g.Ended(p)
				kv, kover := g.EndedKey(key)
				if v != kv || over != kover {
					t.Fatalf("%s: Ended %v %v, EndedKey %v %v", text, v, over, kv, kover)
				}
				if g.Tier(key) != strings.Count(text, "x")+strings.Count(text, "o") {
					t.Fatalf("%s: tier %d", text, g.Tier(key))
				}
				c := g.Canonical(key)
				if g.Canonical(c) != c || c > key {
					t.Fatalf("%s: Canonical not idempotent or not least", text)
				}
				for _, img := range tttImages(text, g.m, g.n) {
					q, err := g.ParsePosition(img)
					if err != nil {
						t.Fatalf("image %q of %q: %v", img, text, err)
					}
					if g.Canonical(g.Encode(q)) != c {
						t.Fatalf("image %q of %q has another canonical key", img, text)
					}
				}
				wantTurn := sente.First
				if strings.Count(text, "x") > strings.Count(text, "o") {
					wantTurn = sente.Second
				}
				if g.Turn(p) != wantTurn {
					t.Fatalf("%s: Turn %v", text, g.Turn(p))
				}
				if over {
					continue
				}
				var want []uint64
				for _, mv := range g.Moves(p) {
					want = append(want, g.Encode(mv.To))
					if g.Tier(g.Encode(mv.To)) != g.Tier(key)+1 {
						t.Fatalf("%s: move %s does not add one to the tier", text, mv.Name)
					}
				}
				children = g.AppendChildren(children[:0], key)
				slices.Sort(want)
				slices.Sort(children)
				if !slices.Equal(want, children) {
					t.Fatalf("%s: AppendChildren %x, Moves %x", text, children, want)
				}
			}
		})
	}
}

// tttImages returns the position text under every symmetry of the board,
// computed on the text alone, independent of the game's tables.
func tttImages(text string, m, n int) []string {
	rows := strings.Split(text, "/")
	at := func(r, c int) byte { return rows[r][c] }
	build := func(rr, cc int, f func(r, c int) byte) string {
		var out []string
		for r := range rr {
			var sb strings.Builder
			for c := range cc {
				sb.WriteByte(f(r, c))
			}
			out = append(out, sb.String())
		}
		return strings.Join(out, "/")
	}
	imgs := []string{
		build(m, n, func(r, c int) byte { return at(r, n-1-c) }),
		build(m, n, func(r, c int) byte { return at(m-1-r, c) }),
		build(m, n, func(r, c int) byte { return at(m-1-r, n-1-c) }),
	}
	if m == n {
		imgs = append(imgs,
			build(m, n, func(r, c int) byte { return at(c, r) }),
			build(m, n, func(r, c int) byte { return at(n-1-c, r) }),
			build(m, n, func(r, c int) byte { return at(c, m-1-r) }),
			build(m, n, func(r, c int) byte { return at(n-1-c, m-1-r) }),
		)
	}
	return imgs
}

func TestTicTacToeRules(t *testing.T) {
	g := tttNew(t, "tictactoe")
	cases := []struct {
		pos  string
		want sente.Value
		over bool
	}{
		{".../.../...", sente.Unknown, false},
		{"xxx/oo./...", sente.Lose, true},
		{"x.o/.xo/..x", sente.Lose, true},
		{"oox/.x./x..", sente.Lose, true},
		{"xo./xo./.ox", sente.Lose, true},
		{"xox/xoo/oxx", sente.Tie, true},
		{"xxo/oox/xox", sente.Tie, true},
		{"xo./.../...", sente.Unknown, false},
	}
	for _, c := range cases {
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", c.pos, err)
		}
		if v, over := g.Ended(p); v != c.want || over != c.over {
			t.Errorf("Ended(%s) = %v, %v; want %v, %v", c.pos, v, over, c.want, c.over)
		}
	}
	moves := g.Moves(g.Start())
	var names []string
	for _, mv := range moves {
		names = append(names, mv.Name)
	}
	if got := strings.Join(names, " "); got != "a3 b3 c3 a2 b2 c2 a1 b1 c1" {
		t.Errorf("move names %q; a1 should be the bottom-left cell", got)
	}
	if p := g.Moves(g.Start())[6].To; g.FormatPosition(p) != ".../.../x.." {
		t.Errorf("a1 leads to %s, want the bottom-left cell", g.FormatPosition(p))
	}
	wide := tttNew(t, "tictactoe:m=1,n=30,k=5")
	if mv := wide.Moves(wide.Start()); mv[26].Name != "aa1" || mv[29].Name != "ad1" {
		t.Errorf("columns past z: %s %s", mv[26].Name, mv[29].Name)
	}
}

func TestTicTacToeParseErrors(t *testing.T) {
	g := tttNew(t, "tictactoe")
	for _, bad := range []string{
		"", "x.o/.x.", "x.o/.x./..o/...", "x.o/.x/..o", "x.o/.x./..q",
		"xx./.../...", "o../.../...", "xxx/ooo/x..", "xxx/oo./..o",
		"x../.../... x", "x../.../... y", "... o", // the side to move is o's, no such side, no board
	} {
		_, err := g.ParsePosition(bad)
		if err == nil {
			t.Errorf("ParsePosition(%q) accepted", bad)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || !strings.Contains(msg, "e.g.") {
			t.Errorf("ParsePosition(%q): error should be one line with an example: %s", bad, msg)
		}
	}
	// The example in the error message must itself parse.
	_, err := g.ParsePosition("?")
	ex := err.Error()
	ex = ex[strings.Index(ex, "e.g. \"")+6:]
	ex = ex[:strings.Index(ex, "\"")]
	if _, err := g.ParsePosition(ex); err != nil {
		t.Errorf("the example %q does not parse: %v", ex, err)
	}
	if _, err := g.ParsePosition(" X.O/.x./..o "); err != nil {
		t.Errorf("upper case and spaces: %v", err)
	}
	// The side to move may follow the board, as on other boards, when it
	// agrees with the counts.
	for _, text := range []string{"x../.../... o", "xo./.../... X", "xo./.../...  x"} {
		if _, err := g.ParsePosition(text); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
}

func TestTicTacToeParams(t *testing.T) {
	for _, spec := range []string{"tictactoe:m=5,n=7", "tictactoe:m=3,n=3,k=4", "tictactoe:m=2,n=2,k=3", "tictactoe:m=0", "tictactoe:k=0", "tictactoe:m=33,n=1"} {
		if _, err := New(spec); err == nil {
			t.Errorf("New(%q) accepted", spec)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("New(%q): multi-line error %q", spec, err)
		}
	}
	for _, spec := range []string{"tictactoe:m=4,n=8,k=4", "tictactoe:m=1,n=32,k=32", "tictactoe:m=32,n=1,k=1", "tictactoe:m=3,n=4,k=4"} {
		g := tttNew(t, spec)
		if _, ok := sente.Game(g).(sente.Describer); !ok {
			t.Fatal("not a Describer")
		}
		d := g.Describe()
		if _, err := g.ParsePosition(g.example()); err != nil || d.Summary == "" {
			t.Errorf("%s: example %q: %v", spec, g.example(), err)
		}
		// The widest key: every cell full must stay clear of the reserved key.
		if g.Encode(TicTacToePosition{X: g.full, O: 0}) == ^uint64(0) {
			t.Errorf("%s: reserved key", spec)
		}
	}
}

var (
	_ sente.Encoder   = (*TicTacToe)(nil)
	_ sente.Tiered    = (*TicTacToe)(nil)
	_ sente.Symmetric = (*TicTacToe)(nil)
	_ sente.Describer = (*TicTacToe)(nil)
)

// tttBenchKeys returns the keys of the positions of the 3×4 board that have
// not ended, for cycling through in benchmarks.
func tttBenchKeys(b *testing.B) (*TicTacToe, []uint64) {
	g := tttNew(b, "tictactoe:m=3,n=4,k=3")
	var keys []uint64
	for _, p := range reachableByMoves(g) {
		if _, over := g.Ended(p); !over {
			keys = append(keys, g.Encode(p))
		}
	}
	return g, keys
}

func BenchmarkTicTacToeChildren(b *testing.B) {
	g, keys := tttBenchKeys(b)
	dst := make([]uint64, 0, 32)
	for i := 0; b.Loop(); i++ {
		dst = g.AppendChildren(dst[:0], keys[i%len(keys)])
	}
}

func BenchmarkTicTacToeEndedKey(b *testing.B) {
	g, keys := tttBenchKeys(b)
	n := 0
	for i := 0; b.Loop(); i++ {
		if _, over := g.EndedKey(keys[i%len(keys)]); over {
			n++
		}
	}
	_ = n
}

func BenchmarkTicTacToeCanonical(b *testing.B) {
	g, keys := tttBenchKeys(b)
	var sum uint64
	for i := 0; b.Loop(); i++ {
		sum += g.Canonical(keys[i%len(keys)])
	}
	_ = sum
}

func BenchmarkTicTacToeTier(b *testing.B) {
	g, keys := tttBenchKeys(b)
	sum := 0
	for i := 0; b.Loop(); i++ {
		sum += g.Tier(keys[i%len(keys)])
	}
	_ = sum
}

func TestTicTacToeDraw(t *testing.T) {
	g, err := New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition("x../.o./..x")
	if err != nil {
		t.Fatal(err)
	}
	want := "3  x . .\n2  . o .\n1  . . x\n   a b c"
	if got := g.(sente.Drawer).Draw(p); got != want {
		t.Errorf("Draw:\n%s\nwant\n%s", got, want)
	}
}
