package examples_test

import (
	"context"
	"fmt"
	"math/bits"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve/hashing"
)

// TestCram holds examples/cram.star to an independent reference: a plain
// memoised search over bit boards (cramRef) for who wins and in how many
// plies, and a count of the cell sets that disjoint dominoes cover
// (cramPositions) for the positions reachable. Boards with both sides even
// are second-player wins and those with one side even and one odd
// first-player wins, by the mirror strategies.
func TestCram(t *testing.T) {
	for _, b := range []struct{ w, h int }{{1, 1}, {2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {2, 5}, {3, 5}} {
		t.Run(fmt.Sprintf("%dx%d", b.w, b.h), func(t *testing.T) {
			g := loadRules(t, fmt.Sprintf("cram:w=%d,h=%d", b.w, b.h))
			sol, err := hashing.Solve(context.Background(), g, hashing.Options{MaxPositions: maxPositions})
			if err != nil {
				t.Fatal(err)
			}
			o, _ := sol.Outcome(g.Start())
			win, plies := cramRef(b.w, b.h, 0, map[uint64][2]int{})
			want := sente.Outcome{Value: sente.Lose, Remoteness: plies}
			if win {
				want.Value = sente.Win
			}
			if o != want {
				t.Errorf("%v, want %v", o, want)
			}
			if n := cramPositions(b.w, b.h); sol.Positions() != n {
				t.Errorf("%d positions, want %d", sol.Positions(), n)
			}
			switch {
			case b.w%2 == 0 && b.h%2 == 0 && o.Value != sente.Lose:
				t.Errorf("both sides even: %v, want a second-player win", o)
			case (b.w+b.h)%2 == 1 && o.Value != sente.Win:
				t.Errorf("one side even: %v, want a first-player win", o)
			}
		})
	}
}

// cramRef says whether the player to move wins from the covered cells c,
// and in how many plies: the fastest win, the slowest loss.
func cramRef(w, h int, c uint64, memo map[uint64][2]int) (bool, int) {
	if r, ok := memo[c]; ok {
		return r[0] == 1, r[1]
	}
	win, best, moved := false, 0, false
	for r := range h {
		for col := range w {
			bit := uint64(1) << (r*w + col)
			for _, other := range []uint64{bit << w, bit << 1} {
				if other == bit<<w && r+1 >= h || other == bit<<1 && col+1 >= w || c&(bit|other) != 0 {
					continue
				}
				moved = true
				theyWin, n := cramRef(w, h, c|bit|other, memo)
				switch {
				case !theyWin && (!win || n+1 < best):
					win, best = true, n+1
				case theyWin && !win && n+1 > best:
					best = n + 1
				}
			}
		}
	}
	if !moved {
		win, best = false, 0
	}
	r := [2]int{0, best}
	if win {
		r[0] = 1
	}
	memo[c] = r
	return win, best
}

// cramPositions counts the sets of cells of a w×h board that disjoint
// dominoes cover: the positions reachable from the empty board.
func cramPositions(w, h int) int {
	n := 0
	for c := uint64(0); c < 1<<(w*h); c++ {
		if bits.OnesCount64(c)%2 == 0 && tileable(w, c) {
			n++
		}
	}
	return n
}

// tileable reports whether dominoes cover exactly the cells of c: the
// lowest covered cell pairs with its right or upper neighbour.
func tileable(w int, c uint64) bool {
	if c == 0 {
		return true
	}
	low := c & -c
	i := bits.TrailingZeros64(c)
	if i%w+1 < w && c&(low<<1) != 0 && tileable(w, c&^(low|low<<1)) {
		return true
	}
	return c&(low<<w) != 0 && tileable(w, c&^(low|low<<w))
}
