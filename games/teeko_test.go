package games

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

func teekoNew(t testing.TB, spec string) *Teeko {
	t.Helper()
	return mustGame[*Teeko](t, spec)
}

func teekoParse(t testing.TB, g *Teeko, s string) TeekoPosition {
	t.Helper()
	return mustParse[TeekoPosition](t, g, s)
}

// teekoNaivePattern reports whether the pieces of stone on the grid make a
// pattern, straight from the rules: all pieces of stone on one line of
// consecutive cells, or (with 4) on the corners of a square.
func teekoNaivePattern(grid [][]byte, stone byte, pieces int, advanced bool) bool {
	n := len(grid)
	var cells [][2]int
	for r := range n {
		for c := range n {
			if grid[r][c] == stone {
				cells = append(cells, [2]int{r, c})
			}
		}
	}
	if len(cells) != pieces {
		return false
	}
	for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		a := cells[0] // the first in reading order starts every line
		ok := true
		for i := range pieces {
			rr, cc := a[0]+i*d[0], a[1]+i*d[1]
			if rr < 0 || rr >= n || cc < 0 || cc >= n || grid[rr][cc] != stone {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	if pieces != 4 {
		return false
	}
	// Corners in reading order: (r,c), (r,c+s), (r+s,c), (r+s,c+s).
	a, b, c, d := cells[0], cells[1], cells[2], cells[3]
	s := b[1] - a[1]
	if a[0] == b[0] && c[0] == d[0] && a[1] == c[1] && b[1] == d[1] && c[0]-a[0] == s && s >= 1 {
		return s == 1 || advanced
	}
	return false
}

// teekoNaiveChildren plays every move on the text of a position: a drop
// on each empty cell while the mover has fewer than pieces on the board,
// else a step of a piece to each empty neighbour, in reading order.
func teekoNaiveChildren(text string, pieces int) []string {
	grid, side := quixoGrid(text)
	n := len(grid)
	other := byte('x')
	if side == 'x' {
		other = 'o'
	}
	board, _, _ := strings.Cut(text, " ")
	count := strings.Count(board, string(side))
	var kids []string
	clone := func() [][]byte {
		g := make([][]byte, n)
		for i := range grid {
			g[i] = slices.Clone(grid[i])
		}
		return g
	}
	for r := range n {
		for c := range n {
			if count < pieces {
				if grid[r][c] == '.' {
					g := clone()
					g[r][c] = side
					kids = append(kids, quixoText(g, other))
				}
				continue
			}
			if grid[r][c] != side {
				continue
			}
			for rr := r - 1; rr <= r+1; rr++ {
				for cc := c - 1; cc <= c+1; cc++ {
					if rr < 0 || rr >= n || cc < 0 || cc >= n || grid[rr][cc] != '.' {
						continue
					}
					g := clone()
					g[r][c], g[rr][cc] = '.', side
					kids = append(kids, quixoText(g, other))
				}
			}
		}
	}
	return kids
}

func TestTeekoPatterns(t *testing.T) {
	tests := []struct {
		spec string
		want int
	}{
		{"teeko", 44},
		{"teeko:variant=advanced", 58},
		{"teeko:n=4", 10 + 9},
		{"teeko:n=4,variant=advanced", 10 + 9 + 4 + 1},
		{"teeko:n=4,pieces=3", 24},
		{"teeko:n=5,pieces=3,variant=advanced", 48},
		{"teeko:n=4,pieces=2", 42},
	}
	for _, tt := range tests {
		g := teekoNew(t, tt.spec)
		if len(g.patterns) != tt.want {
			t.Errorf("%s: %d patterns, want %d", tt.spec, len(g.patterns), tt.want)
		}
	}
}

// TestTeekoConsistency walks every position of small games, and random
// games of the full ones, and checks the game against the rules played on
// text (moves and patterns), and its keys, parents, tiers, symmetries and
// ranks against each other.
func TestTeekoConsistency(t *testing.T) {
	for _, tt := range []struct {
		spec   string
		stride int // every stride-th position is checked
	}{
		{"teeko:n=4,pieces=2", 1},
		{"teeko:n=5,pieces=2", 16},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			if tt.stride > 1 {
				testmode.SkipShort(t, "every 16th position of teeko 5×5 with two pieces")
			}
			g := teekoNew(t, tt.spec)
			list := reachableByMoves(g)
			parents := map[uint64][]uint64{}
			for _, p := range list {
				if _, over := g.Ended(p); !over {
					key := g.Encode(p)
					for _, kid := range g.AppendChildren(nil, key) {
						parents[kid] = append(parents[kid], key)
					}
				}
			}
			for i, p := range list {
				if i%tt.stride == 0 {
					teekoCheckPosition(t, g, p)
					teekoCheckParents(t, g, p, parents[g.Encode(p)])
				}
			}
		})
	}
	// Random games of the full boards, with 4 pieces: squares, and the
	// corners of larger ones.
	for _, spec := range []string{"teeko", "teeko:variant=advanced", "teeko:n=4,variant=advanced"} {
		t.Run(spec, func(t *testing.T) {
			g := teekoNew(t, spec)
			rng := rand.New(rand.NewPCG(1, 2))
			ended, games := 0, 100
			if testing.Short() {
				games = 10
			}
			for range games {
				p := g.Start()
				for range 60 {
					teekoCheckPosition(t, g, p)
					if _, over := g.Ended(p); over {
						ended++
						break
					}
					moves := g.Moves(p)
					q := moves[rng.IntN(len(moves))].To
					teekoCheckParents(t, g, q, []uint64{g.Encode(p)})
					p = q
				}
			}
			if ended < games/10 {
				t.Errorf("only %d of %d random games ended", ended, games)
			}
		})
	}
}

// teekoCheckPosition checks p's keys and text, its end and its moves
// against the rules played on its text, and its class and ranks.
func teekoCheckPosition(t *testing.T, g *Teeko, p sente.Position) {
	t.Helper()
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
	case teekoNaivePattern(grid, other, g.pieces, g.advanced):
		want, wantOver = sente.Lose, true
	case teekoNaivePattern(grid, side, g.pieces, g.advanced):
		want, wantOver = sente.Win, true
	}
	if v, over := g.Ended(p); v != want || over != wantOver {
		t.Fatalf("%s: Ended %v %v; want %v %v", text, v, over, want, wantOver)
	}
	teekoCheckClass(t, g, text)
	if wantOver {
		return
	}
	var fromMoves []string
	var keys []uint64
	for _, mv := range g.Moves(p) {
		fromMoves = append(fromMoves, g.FormatPosition(mv.To))
		keys = append(keys, g.Encode(mv.To))
	}
	if naive := teekoNaiveChildren(text, g.pieces); !slices.Equal(fromMoves, naive) {
		t.Fatalf("%s: Moves lead to\n%q\nthe rules to\n%q", text, fromMoves, naive)
	}
	if children := g.AppendChildren(nil, key); !slices.Equal(keys, children) {
		t.Fatalf("%s: AppendChildren %x, Moves %x", text, children, keys)
	}
}

// teekoCheckParents checks that AppendParents lists every parent in
// parents, each parent once, and only positions that can happen, have not
// ended and have a move to p.
func teekoCheckParents(t *testing.T, g *Teeko, p sente.Position, parents []uint64) {
	t.Helper()
	key := g.Encode(p)
	got := g.AppendParents(nil, key)
	sorted := slices.Clone(got)
	slices.Sort(sorted)
	if len(slices.Compact(sorted)) != len(got) {
		t.Fatalf("%s: a parent listed twice", g.FormatPosition(p))
	}
	for _, pk := range parents {
		if !slices.Contains(got, pk) {
			t.Fatalf("%s: parent %s not listed", g.FormatPosition(p), g.FormatPosition(g.Decode(pk)))
		}
	}
	for _, pk := range got {
		if _, over := g.EndedKey(pk); over || !slices.Contains(g.AppendChildren(nil, pk), key) {
			t.Fatalf("%s: listed parent %s has ended or has no move to it", g.FormatPosition(p), g.FormatPosition(g.Decode(pk)))
		}
		if pp := g.Decode(pk).(TeekoPosition); !g.legal(pp.X, pp.O, pp.OToMove) {
			t.Fatalf("%s: listed parent %s cannot happen", g.FormatPosition(p), g.FormatPosition(pp))
		}
	}
}

// teekoCheckClass checks a position's canonical key, shared by its images
// under the square's symmetries (worked out on the text) and, once every
// piece is dropped, by the position with the colours swapped and the other
// player to move; and its tier and rank, which Unrank takes back to the
// canonical key.
func teekoCheckClass(t *testing.T, g *Teeko, text string) {
	t.Helper()
	key := g.Encode(teekoParse(t, g, text))
	c := g.Canonical(key)
	if g.Canonical(c) != c {
		t.Fatalf("%s: Canonical not idempotent", text)
	}
	images := append(quixoImages(text), text)
	if strings.Count(text, "x")+strings.Count(text, "o")-1 == g.total {
		swapped := strings.Map(func(r rune) rune {
			switch r {
			case 'x':
				return 'o'
			case 'o':
				return 'x'
			}
			return r
		}, text)
		images = append(images, swapped)
		images = append(images, quixoImages(swapped)...)
	}
	for _, img := range images {
		if g.Canonical(g.Encode(teekoParse(t, g, img))) != c {
			t.Fatalf("image %q of %q has another canonical key", img, text)
		}
	}
	tier, rank := g.TierRank(key)
	if tier != strings.Count(text, "x")+strings.Count(text, "o")-1 || rank >= g.TierSize(tier) {
		t.Fatalf("%s: tier %d rank %d", text, tier, rank)
	}
	if back, ok := g.Unrank(tier, rank); !ok || back != c {
		t.Fatalf("%s: Unrank(TierRank) = %#x, %v; want the canonical %#x", text, back, ok, c)
	}
}

// TestTeekoAgreesWithReference solves small games three ways, the slow
// reference, the hashing engine (with and without symmetry) and the tier
// engine, and compares them position by position.
func TestTeekoAgreesWithReference(t *testing.T) {
	specs := []string{"teeko:n=4,pieces=2", "teeko:n=5,pieces=2,centre=false", "teeko:n=4,pieces=3"}
	ctx := context.Background()
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			if testing.Short() && spec != "teeko:n=4,pieces=2" {
				t.Skip("-short leaves out the slow reference on 5×5 and on 3 pieces")
			}
			g := teekoNew(t, spec)
			want, err := reference.Reference(g, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, symmetry := range []bool{false, true} {
				sol, err := hashing.Solve(ctx, g, hashing.Options{Symmetry: symmetry})
				if err != nil {
					t.Fatal(err)
				}
				if !symmetry && sol.Positions() != len(want) {
					t.Errorf("hashing engine: %d positions, reference %d", sol.Positions(), len(want))
				}
				bad := 0
				for p, w := range want {
					if got, ok := sol.Outcome(p); !ok || got != w {
						if bad++; bad <= 5 {
							t.Errorf("symmetry=%v: %s: engine %v (found %v), reference %v", symmetry, g.FormatPosition(p), got, ok, w)
						}
					}
				}
			}
			gs, err := store.Store{Dir: t.TempDir()}.Game(spec)
			if err != nil {
				t.Fatal(err)
			}
			ts, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{Sink: gs})
			if err != nil {
				t.Fatal(err)
			}
			defer ts.Close()
			bad := 0
			for p, w := range want {
				if got, ok := ts.Outcome(p); !ok || got != w {
					if bad++; bad <= 5 {
						t.Errorf("tiers: %s: %v (found %v), reference %v", g.FormatPosition(p), got, ok, w)
					}
				}
			}
		})
	}
}

func TestTeekoGamecheck(t *testing.T) {
	// The check's symmetry step solves from positions it walked, up to
	// 20000 positions each: the whole of 4×4 with 2 pieces is smaller,
	// where on the full game each of those solves gives up (gamecheck's
	// own test checks the full "teeko").
	for _, spec := range []string{"teeko:n=4,pieces=2", "teeko:n=4,pieces=2,variant=advanced"} {
		s, err := sente.ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		b, err := (&Catalog{}).Bind(s)
		if err != nil {
			t.Fatal(err)
		}
		g := teekoNew(t, spec)
		// Family and Values: a second game from the same spec has the same
		// keys, tiers and ranks.
		rep, err := gamecheck.Check(context.Background(), g, gamecheck.Options{Positions: 1500, Family: &b.Family, Values: b.Values})
		if err != nil {
			t.Errorf("%s: %v", spec, err)
		} else if !strings.Contains(strings.Join(rep.Checks, "\n"), "stable keys") {
			t.Errorf("%s: stable keys not checked: %q", spec, rep.Checks)
		}
	}
}

func TestTeekoMoves(t *testing.T) {
	g := teekoNew(t, "teeko")
	start := g.Start()
	var names []string
	for _, mv := range g.Moves(start) {
		names = append(names, mv.Name)
	}
	if len(names) != 25 || names[0] != "a5" || names[12] != "c3" || names[24] != "e1" {
		t.Errorf("drops from the start: %q", names)
	}
	names = names[:0]
	for _, mv := range teekoNew(t, "teeko:centre=false").Moves(start) {
		names = append(names, mv.Name)
	}
	if len(names) != 24 || slices.Contains(names, "c3") {
		t.Errorf("drops from the start with centre=false: %q", names)
	}
	nc := teekoNew(t, "teeko:centre=false")
	if ps := nc.AppendParents(nil, nc.Encode(teekoParse(t, nc, "...../...../..x../...../..... o"))); len(ps) != 0 {
		t.Errorf("centre=false: a first drop on c3 has parents %x", ps)
	}
	if ps := nc.AppendParents(nil, nc.Encode(teekoParse(t, nc, "...../...../.x.../...../..... o"))); len(ps) != 1 {
		t.Errorf("centre=false: a first drop on b3 has parents %x", ps)
	}
	tests := []struct {
		from, move, want string
	}{
		{"...../...../...../...../..... x", "c3", "...../...../..x../...../..... o"},
		{"...../...../..x../...../..... o", "a1", "...../...../..x../...../o.... x"},
		// x drops the fourth: o still drops.
		{"xx.../x..../...../..ooo/..... x", "e5", "xx..x/x..../...../..ooo/..... o"},
		// o drops the last: x steps.
		{"xx..x/x..../...../..ooo/..... o", "a1", "xx..x/x..../...../..ooo/o.... x"},
		{"xx..x/x..../...../..ooo/o.... x", "e5-d4", "xx.../x..x./...../..ooo/o.... o"},
		{"xx..x/x..../...../..ooo/o.... o", "a1-b1", "xx..x/x..../...../..ooo/.o... x"},
	}
	for _, tt := range tests {
		p := teekoParse(t, g, tt.from)
		var got []string
		for _, mv := range g.Moves(p) {
			if mv.Name == tt.move {
				got = append(got, g.FormatPosition(mv.To))
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s from %s leads to %q, want %q", tt.move, tt.from, got, tt.want)
		}
	}
	// A corner piece has three neighbours, an inner one eight, less those
	// taken: a5 3, c4 7, b2 7, e1 2.
	p := teekoParse(t, g, "x...o/..x../...o./.x.o./.o..x x")
	if n := len(g.Moves(p)); n != 3+7+7+2 {
		t.Errorf("%d steps, want 19", n)
	}
}

func TestTeekoEnded(t *testing.T) {
	tests := []struct {
		spec, pos string
		want      sente.Value
		over      bool
	}{
		{"teeko", "...../...../...../...../..... x", sente.Unknown, false},
		{"teeko", "xxxx./ooo../...../...../..... o", sente.Lose, true},
		{"teeko", "x..../.x.../..x../...x./ooo.. o", sente.Lose, true},
		{"teeko", "...x./..x../.x.../x..../ooo.. o", sente.Lose, true},
		{"teeko", "xx.../xx.../...../...../.ooo. o", sente.Lose, true},
		{"teeko", "xx.../xx.../...../...../oooo. x", sente.Lose, true},
		{"teeko", "xx.../xx.../...../...../ooo.o x", sente.Win, true}, // never reached in play
		// Corners of larger squares win only in the advanced game.
		{"teeko", "x.x../...../x.x../...../oo.oo x", sente.Unknown, false},
		{"teeko:variant=advanced", "x.x../...../x.x../...../oo.oo o", sente.Lose, true},
		{"teeko:variant=advanced", "x...x/...../..o../.ooo./x...x o", sente.Lose, true},
		// Gaps and bent lines do not win.
		{"teeko", "xx.xx/...../...../...../oooo. x", sente.Lose, true},
		{"teeko", "xx.xx/...../...../...../ooo.o x", sente.Unknown, false},
		{"teeko", "xxx../...x./...../...../ooo.o x", sente.Unknown, false},
		// Three pieces: lines of three.
		{"teeko:n=4,pieces=3", "xx../o.../o.../.... x", sente.Unknown, false},
		{"teeko:n=4,pieces=3", "xxx./o.../o.../...o x", sente.Win, true},
		{"teeko:n=4,pieces=3", "xxx./o.../o.../...o o", sente.Lose, true},
		{"teeko:n=4,pieces=3", ".x../..x./...x/ooo. x", sente.Lose, true},
	}
	for _, tt := range tests {
		g := teekoNew(t, tt.spec)
		p, err := g.ParsePosition(tt.pos)
		if err != nil {
			t.Errorf("%s: %v", tt.spec, err)
			continue
		}
		if v, over := g.Ended(p); v != tt.want || over != tt.over {
			t.Errorf("%s: Ended(%s) = %v, %v; want %v, %v", tt.spec, tt.pos, v, over, tt.want, tt.over)
		}
	}
}

func TestTeekoParseErrors(t *testing.T) {
	g := teekoNew(t, "teeko")
	for _, bad := range []string{
		"", "...../...../...../...../.....", "...../...../...../...../..... z", ".../.../... x",
		"x..../...../...../...../..... x",   // x has one more, x to move
		"o..../...../...../...../..... x",   // o ahead
		"...../...../...../...../..... o",   // o to drop first
		"xxxxx/ooooo/...../...../..... x",   // five each
		"xxxx./ooo../...../...../..... x",   // x dropped four, o three: o to move
		"xx.../ooo../...../...../..... x",   // o ahead
		"xx.../o..../...../...../..... x x", // three words
	} {
		p, err := g.ParsePosition(bad)
		if err == nil {
			t.Errorf("ParsePosition(%q) accepted: %v", bad, p)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "e.g.") || !strings.Contains(msg, "teeko position") {
			t.Errorf("ParsePosition(%q): error should be one line that names the game and gives an example: %s", bad, msg)
		}
	}
	for _, good := range []string{"xxxx/oooo/..../.... x", "xxxx/oooo/..../.... o"} {
		if _, err := teekoNew(t, "teeko:n=4").ParsePosition(good); err != nil {
			t.Errorf("%q: %v", good, err)
		}
	}
	if p, err := g.ParsePosition("  X..../...../..O../...../.....   X "); err != nil || g.FormatPosition(p) != "x..../...../..o../...../..... x" {
		t.Errorf("upper case and spaces: %v, %v", p, err)
	}
	for _, spec := range []string{"teeko:n=3", "teeko:n=6", "teeko:pieces=1", "teeko:pieces=5", "teeko:variant=huge", "teeko:n=4,centre=false"} {
		if _, err := New(spec); err == nil {
			t.Errorf("New(%q) accepted", spec)
		}
	}
}

func TestTeekoDrawAndDescribe(t *testing.T) {
	g := teekoNew(t, "teeko")
	p := teekoParse(t, g, "x..../...../..o../...../....x o")
	want := "5  x . . . .\n4  . . . . .\n3  . . o . .\n2  . . . . .\n1  . . . . x\n   a b c d e\no to drop (1 of 4 dropped)"
	if got := g.Draw(p); got != want {
		t.Errorf("Draw:\n%s\nwant\n%s", got, want)
	}
	b := g.Board(p)
	if b.Style != "grid" || b.Cells[0][0] != "x" || b.Cells[2][2] != "o" || b.Cells[0][1] != "" ||
		strings.Join(b.RowLabels, "") != "54321" || strings.Join(b.ColLabels, "") != "abcde" {
		t.Errorf("Board: %+v", b)
	}
	if got := g.Board(teekoParse(t, g, "xx..x/x..../...../..ooo/o.... x")).Caption; got != "x to move" {
		t.Errorf("caption %q", got)
	}
	// Four in a row while o still has a piece to drop: the game is over.
	if got := g.Board(teekoParse(t, g, "xxxx./ooo../...../...../..... o")).Caption; got != "game over: x has made a pattern" {
		t.Errorf("caption of a game won during the drops %q", got)
	}
	for spec, words := range map[string][]string{
		"teeko":                  {"44 patterns", "2×2 square", "draw"},
		"teeko:variant=advanced": {"58 patterns", "side 2 to 5"},
		"teeko:n=4,pieces=3":     {"3 in a line", "no squares"},
		"teeko:centre=false":     {"may not take the centre cell"},
	} {
		d := teekoNew(t, spec).Describe()
		for _, w := range words {
			if !strings.Contains(d.Rules, w) {
				t.Errorf("%s: the rules should say %q: %s", spec, w, d.Rules)
			}
		}
	}
	if g.String() != "teeko:variant=standard,pieces=4,n=5,centre=true" {
		t.Errorf("String %s", g)
	}
}

// TestTeekoNeverStuck: on every board the rules allow, the cells next to
// a player's pieces that make no pattern are more than the opponent's
// pieces, so once every piece is dropped the player to move always has a
// step, as the description says.
func TestTeekoNeverStuck(t *testing.T) {
	for _, spec := range []string{"teeko", "teeko:variant=advanced", "teeko:n=4", "teeko:n=4,pieces=3", "teeko:n=5,pieces=3", "teeko:n=4,pieces=2", "teeko:n=5,pieces=2"} {
		g := teekoNew(t, spec)
		for x := uint64(1)<<g.pieces - 1; x <= uint64(g.full); x = nextChoice(x) {
			if g.won(uint32(x)) {
				continue
			}
			var free uint32
			for m := uint32(x); m != 0; m &= m - 1 {
				free |= g.adj[bits.TrailingZeros32(m)]
			}
			if n := bits.OnesCount32(free &^ uint32(x)); n <= g.pieces {
				t.Errorf("%s: %s has %d empty neighbours, which %d pieces can fill", spec, gridText(g.n, g.n, uint32(x), 0), n, g.pieces)
			}
		}
	}
}

// TestTeekoTierSizes: the last tier of 5×5 is C(25,8)·C(8,4) ranks, and
// every tier's canonical ranks are the classes of its boards.
func TestTeekoTierSizes(t *testing.T) {
	g := teekoNew(t, "teeko")
	if got := g.TierSize(8); got != 75_710_250 {
		t.Errorf("last tier: %d ranks", got)
	}
	if !g.TierLoops(8) || g.TierLoops(7) || len(g.ChildTiers(8)) != 0 || !slices.Equal(g.ChildTiers(3), []int{4}) {
		t.Error("tiers: only the last loops, each drop tier leads to the next")
	}
	// Tier 2 of 5×5, one x and one o with x to move: classes by brute force.
	classes := map[uint64]bool{}
	canonical := 0
	for r := range g.TierSize(2) {
		key, ok := g.Unrank(2, r)
		classes[g.Canonical(key)] = true
		if ok {
			canonical++
			if tier, back := g.TierRank(key); tier != 2 || back != r {
				t.Fatalf("rank %d: TierRank(Unrank) = %d, %d", r, tier, back)
			}
		}
	}
	if canonical != len(classes) {
		t.Errorf("tier 2: %d canonical ranks, %d classes", canonical, len(classes))
	}
}

// TestTeekoSolved pins Guy Steele's published answers: standard teeko is a
// draw, advanced teeko a win for the first player, whose only winning drop
// is the centre, and a draw when the first drop may not take the centre;
// and what the tier engine finds besides, the remoteness and the canonical
// positions reached (one for each class under the square's symmetries, and
// the colour swap once every piece is dropped). The three solves take
// about two CPU-minutes and 500 MB, so the test runs only with
// SENTE_LONG=full.
func TestTeekoSolved(t *testing.T) {
	testmode.SkipUnlessFull(t, "the whole game's three solves (about two CPU-minutes, 500 MB)")
	for _, tt := range []struct {
		spec      string
		want      sente.Outcome
		positions uint64
		wins      []string // the winning first drops
	}{
		{"teeko", sente.Outcome{Value: sente.Draw}, 12_063_947, nil},
		{"teeko:variant=advanced", sente.Outcome{Value: sente.Win, Remoteness: 13}, 12_053_252, []string{"c3"}},
		{"teeko:variant=advanced,centre=false", sente.Outcome{Value: sente.Draw}, 12_053_246, nil},
	} {
		g := teekoNew(t, tt.spec)
		gs, err := store.Store{Dir: t.TempDir()}.Game(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs})
		if err != nil {
			t.Fatal(err)
		}
		got, ok := ts.Outcome(g.Start())
		if !ok || got != tt.want || ts.Totals.Positions != tt.positions {
			t.Errorf("%s: %v (%v), %d positions; want %v, %d", tt.spec, got, ok, ts.Totals.Positions, tt.want, tt.positions)
		}
		var wins []string
		for _, mv := range g.Moves(g.Start()) {
			if o, ok := ts.Outcome(mv.To); ok && o.Value == sente.Lose {
				wins = append(wins, mv.Name)
			}
		}
		if !slices.Equal(wins, tt.wins) {
			t.Errorf("%s: winning first drops %q, want %q", tt.spec, wins, tt.wins)
		}
		ts.Close()
	}
}
