package games

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sente-go/sente"
)

// TestConnect4Orderer holds connect four's sente.Orderer to its contract,
// by brute force over the next two plies, on random positions of boards of
// several sizes and lines: it says WinsAtOnce exactly when a move completes
// a line; it lists children AppendChildren gives, each once; each child it
// leaves out lets the opponent complete a line at once, and it says so
// (LosingLeftOut) exactly when it leaves one out; after a move it lists
// the player to move neither wins nor loses at the next ply (WinsIn 3,
// LosesIn 4); and Horizon is the empty cells.
func TestConnect4Orderer(t *testing.T) {
	for _, dims := range [][3]int{{7, 6, 4}, {5, 4, 4}, {4, 4, 3}, {6, 5, 5}, {3, 3, 2}, {9, 5, 4}} {
		g, err := NewConnect4(dims[0], dims[1], dims[2])
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(dims[0]), uint64(dims[1]*10+dims[2])))
		checked, leftOut, wins := 0, 0, 0
		for range 3000 {
			key := g.Encode(g.Start())
			plies := rng.IntN(g.cells)
			for range plies {
				if _, over := g.EndedKey(key); over {
					break
				}
				kids := g.AppendChildren(nil, key)
				next := kids[rng.IntN(len(kids))]
				if _, over := g.EndedKey(next); over {
					break
				}
				key = next
			}
			if _, over := g.EndedKey(key); over {
				continue
			}
			checked++
			all := g.AppendChildren(nil, key)
			listed, tactics := g.OrderChildren(nil, key)
			winsNow := false
			for _, kid := range all {
				if v, over := g.EndedKey(kid); over && v == sente.Lose {
					winsNow = true
				}
			}
			if tactics.WinsAtOnce != winsNow {
				t.Fatalf("%v %s: WinsAtOnce %v, a move completes a line: %v", g, g.FormatPosition(g.Decode(key)), tactics.WinsAtOnce, winsNow)
			}
			if winsNow {
				wins++
				continue
			}
			var keys []uint64
			for _, c := range listed {
				keys = append(keys, c.Key)
				if !slices.Contains(all, c.Key) {
					t.Fatalf("%v %s: lists a position that is no child", g, g.FormatPosition(g.Decode(key)))
				}
			}
			if len(slices.Compact(slices.Sorted(slices.Values(keys)))) != len(keys) {
				t.Fatalf("%v %s: lists a child twice", g, g.FormatPosition(g.Decode(key)))
			}
			// A child lets the opponent win at once when one of its
			// children has ended lost for the player to move there.
			losesAtOnce := func(kid uint64) bool {
				if _, over := g.EndedKey(kid); over {
					return false
				}
				for _, gk := range g.AppendChildren(nil, kid) {
					if v, over := g.EndedKey(gk); over && v == sente.Lose {
						return true
					}
				}
				return false
			}
			left := 0
			for _, kid := range all {
				if !slices.Contains(keys, kid) {
					left++
					if !losesAtOnce(kid) {
						t.Fatalf("%v %s: leaves out %s, which does not lose at once", g, g.FormatPosition(g.Decode(key)), g.FormatPosition(g.Decode(kid)))
					}
				}
			}
			if tactics.LosingLeftOut != (left > 0) {
				t.Fatalf("%v %s: LosingLeftOut %v with %d left out", g, g.FormatPosition(g.Decode(key)), tactics.LosingLeftOut, left)
			}
			if left > 0 {
				leftOut++
			}
			if tactics.WinsIn != 3 || tactics.LosesIn != 4 {
				t.Fatalf("%v: WinsIn %d, LosesIn %d", g, tactics.WinsIn, tactics.LosesIn)
			}
			for _, kid := range keys {
				if losesAtOnce(kid) {
					t.Fatalf("%v %s: lists %s, which loses at once", g, g.FormatPosition(g.Decode(key)), g.FormatPosition(g.Decode(kid)))
				}
			}
			empty := g.cells - bits.OnesCount64(g.occupied(key))
			if most, tie := g.Horizon(key); most != empty || tie != empty {
				t.Fatalf("%v: Horizon %d, %d with %d empty cells", g, most, tie, empty)
			}
		}
		if checked < 1000 || leftOut == 0 || wins == 0 {
			t.Errorf("%v: %d positions checked, %d with moves left out, %d won at once: too few to test", g, checked, leftOut, wins)
		}
	}
}

// TestConnect4LinesByCells holds the bitboard line tests (hasLine, and
// completing, which ranks every child in search) to a cell-by-cell count of
// runs, on random columns of stones of boards of six rows, whose shifts are
// constants, and of others: a board has a line when some cell starts k in a
// row in some direction; an empty cell completes a line when a stone there
// would make one.
func TestConnect4LinesByCells(t *testing.T) {
	for _, dims := range [][3]int{{7, 6, 4}, {4, 6, 4}, {9, 6, 4}, {5, 4, 4}, {8, 7, 4}, {6, 6, 3}, {7, 6, 5}} {
		g, err := NewConnect4(dims[0], dims[1], dims[2])
		if err != nil {
			t.Fatal(err)
		}
		cell := func(c, r int) uint64 { return 1 << (uint(c)*g.h1 + uint(r)) }
		on := func(b uint64, c, r int) bool { return c >= 0 && c < g.w && r >= 0 && r < g.h && b&cell(c, r) != 0 }
		lineAt := func(b uint64, c, r int) bool {
			for _, d := range [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				run := 0
				for run < g.k && on(b, c+run*d[0], r+run*d[1]) {
					run++
				}
				if run == g.k {
					return true
				}
			}
			return false
		}
		hasLine := func(b uint64) bool {
			for c := range g.w {
				for r := range g.h {
					if lineAt(b, c, r) {
						return true
					}
				}
			}
			return false
		}
		board := g.bottom * (uint64(1)<<g.h - 1)
		rng := rand.New(rand.NewPCG(uint64(dims[0]), uint64(dims[1]*10+dims[2])))
		lines, completed := 0, 0
		for range 2000 {
			// Columns filled from the bottom, as play fills them: a cell
			// that completes a line has no stone above it.
			var own, theirs uint64
			share := rng.IntN(3) + 2 // one stone in 2 to 4 is the opponent's
			for c := range g.w {
				for r := range rng.IntN(g.h + 1) {
					if rng.IntN(share) == 0 {
						theirs |= cell(c, r)
					} else {
						own |= cell(c, r)
					}
				}
			}
			if got, want := g.hasLine(own), hasLine(own); got != want {
				t.Fatalf("%v, stones %#x: hasLine %v, by cells %v", g, own, got, want)
			}
			mask := own | theirs
			var want uint64
			for c := range g.w {
				for r := range g.h {
					if mask&cell(c, r) == 0 && !hasLine(own) && hasLine(own|cell(c, r)) {
						want |= cell(c, r)
					}
				}
			}
			if hasLine(own) {
				lines++
				continue // a cell completes a line only where none is yet
			}
			if want != 0 {
				completed++
			}
			if got := g.completing(own, mask, board); got != want {
				t.Fatalf("%v, stones %#x among %#x: completing %#x, by cells %#x", g, own, mask, got, want)
			}
		}
		if lines == 0 || completed == 0 {
			t.Errorf("%v: of 2000 boards %d had a line and %d a cell that completes one; want some of each", g, lines, completed)
		}
	}
}
