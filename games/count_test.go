package games

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sente-go/sente"
)

// countG is the post's mex recursion, from the end: the next number k =
// lose has no move (its player must say lose), and from k a player may move
// to k+1 ... k+most, never past lose.
func countG(lose, most int) []int {
	g := make([]int, lose+1)
	for k := lose - 1; k >= 1; k-- {
		seen := map[int]bool{}
		for j := 1; j <= most && k+j <= lose; j++ {
			seen[g[k+j]] = true
		}
		for seen[g[k]] {
			g[k]++
		}
	}
	return g
}

// TestCountGrundy: the Grundy values, by the post's recursion and through
// the game's moves, are (lose-k) mod (most+1); with the defaults the start
// is worth 0 and the first player loses.
func TestCountGrundy(t *testing.T) {
	for _, tt := range []struct{ lose, most int }{{21, 3}, {1, 1}, {2, 1}, {10, 1}, {30, 4}, {100, 10}, {7, 100}, {50, 7}} {
		spec := fmt.Sprintf("count:lose=%d,most=%d", tt.lose, tt.most)
		g := impNew(t, spec)
		want := countG(tt.lose, tt.most)
		memo := map[sente.Position]int{}
		for k := 1; k <= tt.lose; k++ {
			if want[k] != (tt.lose-k)%(tt.most+1) {
				t.Errorf("%s: the recursion gives G(%d) = %d, not (lose-k) mod (most+1)", spec, k, want[k])
			}
			for _, turn := range []sente.Player{sente.First, sente.Second} {
				if v := impGrundy(g, CountPosition{Next: k, Turn: turn}, memo); v != want[k] {
					t.Errorf("%s: G(%d) = %d through the moves, want %d", spec, k, v, want[k])
				}
			}
		}
		impWalk(t, g, nil, 2*tt.lose)
	}
	g := impNew(t, "count")
	if impSolve(g, g.Start(), map[sente.Position]bool{}) {
		t.Error("the default start is a win for the first player; the post says the second player wins")
	}
	// The second player's strategy: answer c numbers with 4-c, saying 4, 8,
	// ..., 20 last; the first player must then say 21.
	for k := 1; k <= 21; k++ {
		if win := impSolve(g, CountPosition{Next: k}, map[sente.Position]bool{}); win != ((21-k)%4 != 0) {
			t.Errorf("next %d: win=%v", k, win)
		}
	}
}

func TestCountMoves(t *testing.T) {
	g := impNew(t, "count")
	for _, tt := range []struct {
		pos   string
		names []string
	}{
		{"1", []string{"1", "1-2", "1-3"}},
		{"18 second", []string{"18", "18-19", "18-20"}},
		{"19", []string{"19", "19-20"}},
		{"20", []string{"20"}},
		{"21", nil},
	} {
		p := impParse(t, g, tt.pos)
		if names := impNames(g.Moves(p)); !slices.Equal(names, tt.names) {
			t.Errorf("%s: moves %v, want %v", tt.pos, names, tt.names)
		}
		if _, ended := g.Ended(p); ended {
			t.Errorf("%s ended", tt.pos)
		}
	}
	if s := g.FormatPosition(g.Moves(g.Start())[2].To); s != "4 second" {
		t.Errorf("after 1-3: %q", s)
	}
	enc := g.(sente.Encoder)
	if key := enc.Encode(impParse(t, g, "4 second")); key != 4|1<<14 {
		t.Errorf("key of 4 second = %#x", key)
	}
	if s := g.FormatPosition(impNew(t, "count:lose=31,most=4,start=5").Start()); s != "5 first" {
		t.Errorf("start=5: %q", s)
	}
	big := impNew(t, "count:lose=10000,most=100,start=9950")
	// 9950 with the first player to move, 9951 with the second (one move
	// away), and 9952 to 10000 with either.
	if n := len(impWalk(t, big, nil, 200)); n != 1+1+2*49 {
		t.Errorf("count:lose=10000,most=100,start=9950: %d positions, want 100", n)
	}
}

func TestCountParse(t *testing.T) {
	g := impNew(t, "count")
	for _, tt := range []struct{ in, out string }{{"1", "1 first"}, {" 21  SECOND ", "21 second"}, {"7 first", "7 first"}} {
		if s := g.FormatPosition(impParse(t, g, tt.in)); s != tt.out {
			t.Errorf("%q reads as %q, want %q", tt.in, s, tt.out)
		}
	}
	impCheckParseErrors(t, g, []string{"", "0", "22", "-1", "x", "1 third", "1 first 2", "1.5", "1-3"})
	impCheckNewErrors(t, []string{"count:lose=0", "count:lose=10001", "count:most=0", "count:most=101", "count:start=0", "count:start=22",
		"count:lose=5,start=6", "count:limit=3"})
	for _, a := range [][3]int{{0, 3, 1}, {21, 0, 1}, {21, 3, 0}, {21, 3, 22}, {10001, 3, 1}} {
		if g, err := NewCount(a[0], a[1], a[2]); err == nil || g != nil {
			t.Errorf("NewCount(%v) = %v, %v", a, g, err)
		}
	}
	impCheckDescribe(t, "count", "1 first")
}
