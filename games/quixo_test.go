package games

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/tiers"
)

func quixoNew(t testing.TB, spec string) *Quixo {
	t.Helper()
	return mustGame[*Quixo](t, spec)
}

func quixoParse(t testing.TB, g *Quixo, s string) QuixoPosition {
	t.Helper()
	return mustParse[QuixoPosition](t, g, s)
}

// quixoGrid is a position text as a grid of bytes and the symbol to move.
func quixoGrid(text string) ([][]byte, byte) {
	board, side, _ := strings.Cut(text, " ")
	var grid [][]byte
	for _, row := range strings.Split(board, "/") {
		grid = append(grid, []byte(row))
	}
	return grid, side[0]
}

func quixoText(grid [][]byte, side byte) string {
	rows := make([]string, len(grid))
	for r, row := range grid {
		rows[r] = string(row)
	}
	return strings.Join(rows, "/") + " " + string(side)
}

// quixoNaiveChildren plays every move on the text of a position, straight
// from the rules and sharing nothing with the game's tables: take a ring
// cube that is not the opponent's, slide the cubes between it and the end
// chosen one step towards the hole, and put the mover's cube at that end.
func quixoNaiveChildren(text string) []string {
	grid, side := quixoGrid(text)
	n := len(grid)
	other := byte('x')
	if side == 'x' {
		other = 'o'
	}
	var kids []string
	for r := range n {
		for c := range n {
			if r > 0 && r < n-1 && c > 0 && c < n-1 || grid[r][c] == other {
				continue
			}
			// The ends: top and bottom of column c, left and right of row r.
			for _, end := range [][2]int{{0, c}, {n - 1, c}, {r, 0}, {r, n - 1}} {
				er, ec := end[0], end[1]
				if er == r && ec == c {
					continue // the end it was taken from
				}
				g := make([][]byte, n)
				for i := range grid {
					g[i] = slices.Clone(grid[i])
				}
				dr, dc := sign(r-er), sign(c-ec) // from the end towards the hole
				for cr, cc := r, c; cr != er || cc != ec; cr, cc = cr-dr, cc-dc {
					g[cr][cc] = g[cr-dr][cc-dc]
				}
				g[er][ec] = side
				kids = append(kids, quixoText(g, other))
			}
		}
	}
	return kids
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// quixoNaiveLine reports whether the grid has k of stone in a row in any
// of the four directions.
func quixoNaiveLine(grid [][]byte, stone byte, k int) bool {
	n := len(grid)
	for r := range n {
		for c := range n {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				run := 0
				for i := range k {
					rr, cc := r+i*d[0], c+i*d[1]
					if rr < 0 || rr >= n || cc < 0 || cc >= n || grid[rr][cc] != stone {
						break
					}
					run++
				}
				if run == k {
					return true
				}
			}
		}
	}
	return false
}

// quixoImages returns the board text under the eight symmetries of the
// square, computed on the text alone.
func quixoImages(text string) []string {
	grid, side := quixoGrid(text)
	n := len(grid)
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, n - 1 - c },
		func(r, c int) (int, int) { return n - 1 - r, c },
		func(r, c int) (int, int) { return n - 1 - r, n - 1 - c },
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return n - 1 - c, r },
		func(r, c int) (int, int) { return c, n - 1 - r },
		func(r, c int) (int, int) { return n - 1 - c, n - 1 - r },
	}
	var imgs []string
	for _, f := range maps {
		img := make([][]byte, n)
		for r := range img {
			img[r] = make([]byte, n)
		}
		for r := range n {
			for c := range n {
				r2, c2 := f(r, c)
				img[r2][c2] = grid[r][c]
			}
		}
		imgs = append(imgs, quixoText(img, side))
	}
	return imgs
}

// TestQuixoConsistency walks every position of two small boards and checks
// the game against the rules played on text (moves and lines), and its
// keys, tiers and symmetries against its own slow path.
func TestQuixoConsistency(t *testing.T) {
	for _, spec := range []string{"quixo:n=3", "quixo:n=3,k=2"} {
		t.Run(spec, func(t *testing.T) {
			g := quixoNew(t, spec)
			list := reachableByMoves(g)
			var children []uint64
			for _, p := range list {
				text := g.FormatPosition(p)
				key := g.Encode(p)
				if got := g.Decode(key); got != p {
					t.Fatalf("Decode(Encode(%s)) = %s", text, g.FormatPosition(got))
				}
				if q, err := g.ParsePosition(text); err != nil || q != p {
					t.Fatalf("ParsePosition(%q) = %v, %v", text, q, err)
				}
				grid, side := quixoGrid(text)
				other := byte('x')
				if side == 'x' {
					other = 'o'
				}
				want, wantOver := sente.Unknown, false
				switch {
				case quixoNaiveLine(grid, side, g.k): // the last move made the mover's line
					want, wantOver = sente.Win, true
				case quixoNaiveLine(grid, other, g.k):
					want, wantOver = sente.Lose, true
				}
				v, over := g.Ended(p)
				kv, kover := g.EndedKey(key)
				if v != want || over != wantOver || kv != v || kover != over {
					t.Fatalf("%s: Ended %v %v, EndedKey %v %v; want %v %v", text, v, over, kv, kover, want, wantOver)
				}
				// The tier of the counts {a ≤ b} of the symbols, numbered by
				// a+b and then by a: one numbering for Tier and TierRank.
				nx, no := strings.Count(text, "x"), strings.Count(text, "o")
				if side == 'x' {
					nx-- // less the side to move
				} else {
					no--
				}
				a, b := min(nx, no), max(nx, no)
				tier := a
				for s := range a + b {
					tier += s/2 + 1
				}
				if rt, _ := g.TierRank(key); g.Tier(key) != tier || rt != tier {
					t.Fatalf("%s: Tier %d, TierRank's tier %d; want %d", text, g.Tier(key), rt, tier)
				}
				c := g.Canonical(key)
				if g.Canonical(c) != c || c > key {
					t.Fatalf("%s: Canonical not idempotent or not least", text)
				}
				for _, img := range quixoImages(text) {
					if g.Canonical(g.Encode(quixoParse(t, g, img))) != c {
						t.Fatalf("image %q of %q has another canonical key", img, text)
					}
				}
				if over {
					continue
				}
				var fromMoves []string
				var keys []uint64
				for _, mv := range g.Moves(p) {
					fromMoves = append(fromMoves, g.FormatPosition(mv.To))
					keys = append(keys, g.Encode(mv.To))
					if g.Tier(g.Encode(mv.To)) < g.Tier(key) {
						t.Fatalf("%s: move %s lowers the tier", text, mv.Name)
					}
				}
				naive := quixoNaiveChildren(text)
				if !slices.Equal(fromMoves, naive) {
					t.Fatalf("%s: Moves lead to\n%q\nthe rules to\n%q", text, fromMoves, naive)
				}
				children = g.AppendChildren(children[:0], key)
				if !slices.Equal(keys, children) {
					t.Fatalf("%s: AppendChildren %x, Moves %x", text, children, keys)
				}
			}
		})
	}
}

func TestQuixoMoves(t *testing.T) {
	tests := []struct {
		spec, from, move, want string
	}{
		// Each end of a row and a column, a blank cube taken.
		{"quixo:n=3", "x../o../... x", "a1t", "x../x../o.. o"},
		{"quixo:n=3", "..x/.../..o x", "c3b", ".../..o/..x o"},
		{"quixo:n=3", "o.x/.../... x", "c3l", "xo./.../... o"},
		{"quixo:n=3", "o.x/.../... o", "a3r", ".xo/.../... x"},
		// A non-corner cube: the other end of its row, and both ends of its column.
		{"quixo:n=3", ".../..o/x.. o", "a2r", ".../.oo/x.. x"},
		{"quixo:n=3", "o../.../x.. o", "a2t", "o../o../x.. x"},
		{"quixo:n=3", "o../.../x.. o", "a2b", "o../x../o.. x"},
		// A cube of the mover's own symbol is taken like a blank one.
		{"quixo:n=5", "x..../o..../...../...../..... x", "a5b", "o..../...../...../...../x.... o"},
		{"quixo:n=5", "..o../...../...../...../..x.. o", "c5b", "...../...../...../..x../..o.. x"},
		// An inside row is pushed from an end of the ring.
		{"quixo:n=5", "...../xoxo./...../...../..... x", "e4l", "...../xxoxo/...../...../..... o"},
	}
	for _, tt := range tests {
		g := quixoNew(t, tt.spec)
		p := quixoParse(t, g, tt.from)
		var got []string
		for _, mv := range g.Moves(p) {
			if mv.Name == tt.move {
				got = append(got, g.FormatPosition(mv.To))
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: %s from %s leads to %q, want %q", tt.spec, tt.move, tt.from, got, tt.want)
		}
	}
}

func TestQuixoMoveNames(t *testing.T) {
	tests := []struct {
		spec, from string
		count      int
		some       []string // moves that must be offered
		none       []string // moves that must not
	}{
		// 4 corners with 2 ends each, 4(n-2) edge cubes with 3.
		{"quixo:n=3", ".../.../... x", 20, []string{"a3b", "a3r", "b3b", "b3l", "b3r", "a2t", "c1l"}, []string{"a3t", "a3l", "b3t", "b2t", "c1r"}},
		{"quixo:n=5", "...../...../...../...../..... x", 44, []string{"a5b", "c5b", "e1t", "e3l"}, []string{"c3t", "e1r", "a3l"}},
		// x may not take o's cubes: a3 and b3 are o's.
		{"quixo:n=3", "oo./.../... x", 15, []string{"c3l", "b1t"}, []string{"a3b", "a3r", "b3b", "b3l", "b3r"}},
		// The same board with o to move: all 20.
		{"quixo:n=3", "oo./.../... o", 20, []string{"a3b", "b3l"}, nil},
	}
	for _, tt := range tests {
		g := quixoNew(t, tt.spec)
		var names []string
		for _, mv := range g.Moves(quixoParse(t, g, tt.from)) {
			names = append(names, mv.Name)
		}
		if len(names) != tt.count {
			t.Errorf("%s at %s: %d moves %q, want %d", tt.spec, tt.from, len(names), names, tt.count)
		}
		for _, m := range tt.some {
			if !slices.Contains(names, m) {
				t.Errorf("%s at %s: no move %s in %q", tt.spec, tt.from, m, names)
			}
		}
		for _, m := range tt.none {
			if slices.Contains(names, m) {
				t.Errorf("%s at %s: move %s should not be offered", tt.spec, tt.from, m)
			}
		}
	}
}

func TestQuixoEnded(t *testing.T) {
	tests := []struct {
		spec, pos string
		want      sente.Value
		over      bool
	}{
		{"quixo:n=3", ".../.../... x", sente.Unknown, false},
		{"quixo:n=3", "xx./oo./... o", sente.Unknown, false},
		// x just moved and made a row, a column, a diagonal.
		{"quixo:n=3", "xxx/oo./... o", sente.Lose, true},
		{"quixo:n=3", "x.o/xo./x.. o", sente.Lose, true},
		{"quixo:n=3", "x.o/.xo/..x o", sente.Lose, true},
		{"quixo:n=3", "..x/ox./x.o o", sente.Lose, true},
		// x just moved and made o's line only: o, to move, has won.
		{"quixo:n=3", "ooo/xx./... o", sente.Win, true},
		// x just moved and made both lines: x loses, so o, to move, wins.
		{"quixo:n=3", "xxx/ooo/... o", sente.Win, true},
		{"quixo:n=3", "xxx/ooo/... x", sente.Win, true},
		// A full board with no line goes on.
		{"quixo:n=3", "xox/xox/oxo x", sente.Unknown, false},
		// k below n: any k in a row, not only whole rows.
		{"quixo:n=4,k=3", ".xxx/..../..../.... o", sente.Lose, true},
		{"quixo:n=4,k=3", "..../.o../..o./...o x", sente.Lose, true},
		{"quixo:n=4,k=3", "..../.o../..o./...o o", sente.Win, true},
		{"quixo:n=4", ".xxx/..../..../.... o", sente.Unknown, false},
		{"quixo:n=5", "x..../.x.../..x../...x./....x o", sente.Lose, true},
		{"quixo:n=5", "....o/...o./..o../.o.../o.... o", sente.Win, true},
		{"quixo:n=5", "xxxx./...../...../...../..... o", sente.Unknown, false},
	}
	for _, tt := range tests {
		g := quixoNew(t, tt.spec)
		if v, over := g.Ended(quixoParse(t, g, tt.pos)); v != tt.want || over != tt.over {
			t.Errorf("%s: Ended(%s) = %v, %v; want %v, %v", tt.spec, tt.pos, v, over, tt.want, tt.over)
		}
	}
}

// TestQuixoBothLinesLose: a move that makes lines of both symbols loses
// for the mover, even when the mover's own line is made too.
func TestQuixoBothLinesLose(t *testing.T) {
	g := quixoNew(t, "quixo:n=3")
	// x takes its own a3 and pushes it in from the bottom: o slides up to
	// complete row 3 for o, and x lands to complete row 1 for x.
	p := quixoParse(t, g, "xoo/o../.xx x")
	var after sente.Position
	for _, mv := range g.Moves(p) {
		if mv.Name == "a3b" {
			after = mv.To
		}
	}
	if after == nil {
		t.Fatal("a3b not offered")
	}
	text := g.FormatPosition(after)
	grid, _ := quixoGrid(text)
	if !quixoNaiveLine(grid, 'x', 3) || !quixoNaiveLine(grid, 'o', 3) {
		t.Fatalf("a3b leads to %s, which should hold lines of both", text)
	}
	if v, over := g.Ended(after); !over || v != sente.Win {
		t.Errorf("after a3b (%s): %v, %v; want a win for o, to move", text, v, over)
	}
}

func TestQuixoParseErrors(t *testing.T) {
	g := quixoNew(t, "quixo:n=3")
	for _, bad := range []string{
		"", ".../.../...", ".../.../... z", ".../.../... x o", ".../... x", ".../.../.../... x",
		"../.../... x", ".../.q./... x", "x", ".../.../....",
	} {
		p, err := g.ParsePosition(bad)
		if err == nil {
			t.Errorf("ParsePosition(%q) accepted: %v", bad, p)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || !strings.Contains(msg, "e.g.") || !strings.Contains(msg, "quixo position") {
			t.Errorf("ParsePosition(%q): error should be one line that names the game and gives an example: %s", bad, msg)
		}
	}
	_, err := g.ParsePosition("?")
	ex := err.Error()
	ex = ex[strings.Index(ex, "e.g. \"")+6:]
	ex = ex[:strings.Index(ex, "\"")]
	if _, err := g.ParsePosition(ex); err != nil {
		t.Errorf("the example %q does not parse: %v", ex, err)
	}
	if p, err := g.ParsePosition("  X.O/.x./..o   O "); err != nil || g.FormatPosition(p) != "x.o/.x./..o o" {
		t.Errorf("upper case and spaces: %v, %v", p, err)
	}
}

func TestQuixoParams(t *testing.T) {
	for _, spec := range []string{"quixo:n=2", "quixo:n=6", "quixo:n=3,k=4", "quixo:k=1", "quixo:n=4,k=5"} {
		if _, err := New(spec); err == nil {
			t.Errorf("New(%q) accepted", spec)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("New(%q): multi-line error %q", spec, err)
		}
	}
	tests := []struct{ spec, want string }{
		{"quixo", "quixo:n=5,k=5"},
		{"quixo:n=3", "quixo:n=3,k=3"},
		{"quixo:n=4,k=3", "quixo:n=4,k=3"},
	}
	for _, tt := range tests {
		g := quixoNew(t, tt.spec)
		if g.String() != tt.want {
			t.Errorf("%s is %s, want %s", tt.spec, g, tt.want)
		}
		// The widest key: every cell of both planes and o to move.
		if g.Encode(QuixoPosition{X: g.full, O: g.full, OToMove: true}) == ^uint64(0) {
			t.Errorf("%s: reserved key", tt.spec)
		}
		if d := g.Describe(); d.Summary == "" || !strings.Contains(d.Rules, "loses, even if it also makes one of the mover's own") {
			t.Errorf("%s: the description should state the both-lines rule: %q", tt.spec, d.Rules)
		}
	}
}

// TestQuixoSolve pins 3×3 quixo, a first-player win: in 7 plies, with
// 32027 positions reachable (20247 won, 11780 lost for the player to move)
// and no draw. With 2 in a row x wins in 3.
func TestQuixoSolve(t *testing.T) {
	tests := []struct {
		spec      string
		want      sente.Outcome
		positions int
		counts    solve.Counts
	}{
		{"quixo:n=3", sente.Outcome{Value: sente.Win, Remoteness: 7}, 32027, solve.Counts{Positions: 32027, Win: 20247, Lose: 11780}},
		{"quixo:n=3,k=2", sente.Outcome{Value: sente.Win, Remoteness: 3}, 5021, solve.Counts{Positions: 5021, Win: 2369, Lose: 2652}},
	}
	for _, tt := range tests {
		g := quixoNew(t, tt.spec)
		sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := sol.Outcome(g.Start())
		if got != tt.want || sol.Positions() != tt.positions || sol.Counts() != tt.counts {
			t.Errorf("%s: %v, %d positions %+v; want %v, %d %+v", tt.spec, got, sol.Positions(), sol.Counts(), tt.want, tt.positions, tt.counts)
		}
	}
}

func TestQuixoDrawAndBoard(t *testing.T) {
	g := quixoNew(t, "quixo:n=3")
	p := quixoParse(t, g, "x../.o./..x o")
	want := "3  x . .\n2  . o .\n1  . . x\n   a b c\no to move"
	if got := g.Draw(p); got != want {
		t.Errorf("Draw:\n%s\nwant\n%s", got, want)
	}
	b := g.Board(p)
	if b.Style != "grid" || b.Cells[0][0] != "x" || b.Cells[1][1] != "o" || b.Cells[0][1] != "" ||
		strings.Join(b.RowLabels, "") != "321" || strings.Join(b.ColLabels, "") != "abc" ||
		b.Caption != "o to move: click a cube on the edge, blank or o, then the end of its row or column where it goes back in; the cubes between slide along" {
		t.Errorf("Board: %+v", b)
	}
	// Once the game is over there is nothing to click: the caption says
	// whose turn it would be, as the drawing does.
	if end := g.Board(quixoParse(t, g, "xxx/.o./o.. o")); end.Caption != "o to move" {
		t.Errorf("the caption at the end: %q", end.Caption)
	}
}

// TestQuixoRanksAndParents walks every position of two small boards: the
// symbols swapped with the side to move rank together, each class has its
// own rank that unranks to its representative, and AppendParents lists
// exactly the positions not ended with a move to the position, each once.
func TestQuixoRanksAndParents(t *testing.T) {
	for _, spec := range []string{"quixo:n=3", "quixo:n=3,k=2"} {
		t.Run(spec, func(t *testing.T) {
			g := quixoNew(t, spec)
			list := reachableByMoves(g)
			parentsOf := map[uint64][]uint64{}
			byRank := map[sente.TierPosition]uint64{}
			for _, p := range list {
				key := g.Encode(p)
				c := g.Canonical(key)
				swapped := strings.Map(func(r rune) rune {
					switch r {
					case 'x':
						return 'o'
					case 'o':
						return 'x'
					}
					return r
				}, g.FormatPosition(p))
				if sc := g.Canonical(g.Encode(quixoParse(t, g, swapped))); sc != c {
					t.Fatalf("%s and %s, the symbols swapped, have canonical keys %#x and %#x", g.FormatPosition(p), swapped, c, sc)
				}
				tier, rank := g.TierRank(key)
				if back, ok := g.Unrank(tier, rank); !ok || back != c {
					t.Fatalf("%s: Unrank(%d, %d) = %#x, %v; want its canonical key %#x", g.FormatPosition(p), tier, rank, back, ok, c)
				}
				at := sente.TierPosition{Tier: tier, Rank: rank}
				if other, ok := byRank[at]; ok && other != c {
					t.Fatalf("%#x and %#x share tier %d rank %d", other, c, tier, rank)
				}
				byRank[at] = c
				if _, over := g.Ended(p); over {
					continue
				}
				for _, kid := range g.AppendChildren(nil, key) {
					if !slices.Contains(parentsOf[kid], key) {
						parentsOf[kid] = append(parentsOf[kid], key)
					}
				}
			}
			reached := map[uint64]bool{}
			for _, p := range list {
				reached[g.Encode(p)] = true
			}
			for _, p := range list {
				key := g.Encode(p)
				got := g.AppendParents(nil, key)
				var inReach []uint64
				for _, pk := range got {
					if _, over := g.EndedKey(pk); over {
						t.Fatalf("%s: AppendParents lists %s, which has ended", g.FormatPosition(p), g.FormatPosition(g.Decode(pk)))
					}
					if !slices.Contains(g.AppendChildren(nil, pk), key) {
						t.Fatalf("%s: AppendParents lists %s, which has no move to it", g.FormatPosition(p), g.FormatPosition(g.Decode(pk)))
					}
					if reached[pk] {
						inReach = append(inReach, pk)
					}
				}
				want := parentsOf[key]
				slices.Sort(inReach)
				slices.Sort(want)
				if sorted := slices.Sorted(slices.Values(got)); len(slices.Compact(sorted)) != len(got) {
					t.Fatalf("%s: AppendParents lists a parent twice: %x", g.FormatPosition(p), got)
				}
				if !slices.Equal(inReach, want) {
					t.Fatalf("%s: AppendParents gives the reachable parents %x; the moves give %x", g.FormatPosition(p), inReach, want)
				}
			}
		})
	}
}

// TestQuixoTiersFromFullBoards: from a full 4×4 board (every move turns
// one's own cube, so every position is in one loopy tier, and 1256 of them
// are drawn) the tier engine, ranking by symmetry, gives each position the
// hashing engine's value.
func TestQuixoTiersFromFullBoards(t *testing.T) {
	g := quixoNew(t, "quixo:n=4")
	from := quixoParse(t, g, "xoxo/xoxo/oxox/oxox x")
	ctx := context.Background()
	want, err := hashing.Solve(ctx, g, hashing.Options{From: from})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{From: from})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	got := tiers.FromTiers(g, ts, from, 0)
	bad := 0
	want.Each(func(p sente.Position, o sente.Outcome) bool {
		if g, ok := got.Outcome(p); !ok || g != o {
			bad++
		}
		return true
	})
	if bad > 0 || want.Positions() != 24092 {
		t.Errorf("%d of %d positions differ (want 24092 positions)", bad, want.Positions())
	}
	if c := want.Counts(); c.Draw != 1256 {
		t.Errorf("hashing: %d draws, want 1256", c.Draw)
	}
	// Both sides of a class are reached (x to move, and the colours
	// swapped with o to move), and the counts are of positions.
	if got.Counts() != want.Counts() || ts.Classes.Positions == 0 || ts.Classes.Positions >= ts.Totals.Positions {
		t.Errorf("tiers: %+v in %d classes; hashing: %+v", got.Counts(), ts.Classes.Positions, want.Counts())
	}
}

// TestQuixo4Counts pins GamesmanOne's count of 4×4 quixo: 82,497,861
// positions reachable, 49,953,979 won, 29,330,646 lost and 3,213,236
// drawn for the player to move, which the tier engine solves as 5,170,021
// classes of symmetric positions (about a CPU-minute, so with SENTE_LONG
// only; TestEngineMatchesReference holds 4×4 quixo from full boards to the
// reference).
func TestQuixo4Counts(t *testing.T) {
	testmode.SkipUnlessLong(t, "the solve of 4×4 quixo, about a CPU-minute")
	g := quixoNew(t, "quixo:n=4")
	ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	want := solve.Counts{Positions: 82497861, Win: 49953979, Lose: 29330646, Draw: 3213236}
	if c := ts.Totals; c.Positions != want.Positions || c.Win != want.Win || c.Lose != want.Lose || c.Tie != 0 || c.Draw != want.Draw || ts.Classes.Positions != 5170021 {
		t.Errorf("totals %+v in %d classes; want %+v in 5170021", c, ts.Classes.Positions, want)
	}
	if ts.Start != (sente.Outcome{Value: sente.Win, Remoteness: 21}) {
		t.Errorf("start: %v, want a win in 21", ts.Start)
	}
}

// TestQuixoCanonicalByText: on random 5×5 and 4×4 boards (one path maps
// the planes one at a time, the other both at once), Canonical is the least
// key of the sixteen images worked out on the text: the board turned so
// that x is to move, then its eight reflections and rotations.
func TestQuixoCanonicalByText(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, spec := range []string{"quixo", "quixo:n=4"} {
		g := quixoNew(t, spec)
		for range 300 {
			var b strings.Builder
			for row := range g.n {
				if row > 0 {
					b.WriteByte('/')
				}
				for range g.n {
					b.WriteByte(".xo"[r.IntN(3)])
				}
			}
			text := b.String() + " " + []string{"x", "o"}[r.IntN(2)]
			moverX := text
			if strings.HasSuffix(text, " o") {
				moverX = strings.Map(func(c rune) rune {
					switch c {
					case 'x':
						return 'o'
					case 'o':
						return 'x'
					}
					return c
				}, text)
			}
			want := g.Encode(quixoParse(t, g, moverX))
			for _, img := range quixoImages(moverX) {
				want = min(want, g.Encode(quixoParse(t, g, img)))
			}
			if got := g.Canonical(g.Encode(quixoParse(t, g, text))); got != want {
				t.Fatalf("%s %s: Canonical %#x, want %#x", spec, text, got, want)
			}
		}
	}
}

func BenchmarkQuixoChildren(b *testing.B) {
	g := quixoNew(b, "quixo")
	key := g.Encode(quixoParse(b, g, "x.o../.x.o./..x../o...x/.o... x"))
	var dst []uint64
	for b.Loop() {
		dst = g.AppendChildren(dst[:0], key)
	}
}

func BenchmarkQuixoCanonical(b *testing.B) {
	g := quixoNew(b, "quixo")
	key := g.Encode(quixoParse(b, g, "x.o../.x.o./..x../o...x/.o... x"))
	for b.Loop() {
		key = g.Canonical(key) + 1<<quixoPlane
		key &= 1<<quixoSide - 1
	}
}
