package games

import (
	"math/bits"

	"github.com/sente-go/sente"
)

// hackDrawing places a Hackenbush picture on a board of points (style
// "points"): the ground the lowest point and each edge two lines through
// a point of its own between its nodes (the free cell nearest halfway, a
// loop's just above its node), which holds its owner's mark and on which
// its cut is played. A graph's nodes stand two rows higher a step farther
// from the ground, each row's centred two columns apart; a forest, the
// graph whose nodes are the ground and each edge's top, is drawn as the
// terminal draws it, a column a leaf, so that no two edges cross.
type hackDrawing struct {
	node, mid  []sente.BoardCell // each node's point, each edge's
	rows, cols int
}

// newHackDrawing lays out the graph of the edges joining ends, whose
// nodes 0 (the ground) on have the edges incident, every node joined to
// the ground, by each node's distance from the ground.
func newHackDrawing(incident []uint64, ends [][2]int) hackDrawing {
	nodes := len(incident)
	depth := make([]int, nodes)
	for i := range depth {
		depth[i] = -1
	}
	depth[0] = 0
	levels := [][]int{{0}}
	for d := 0; d < len(levels); d++ {
		var next []int
		for _, n := range levels[d] {
			for m := incident[n]; m != 0; m &= m - 1 {
				for _, w := range ends[bits.TrailingZeros64(m)] {
					if depth[w] < 0 {
						depth[w] = d + 1
						next = append(next, w)
					}
				}
			}
		}
		if len(next) > 0 {
			levels = append(levels, next)
		}
	}
	widest := 0
	for _, l := range levels {
		widest = max(widest, len(l))
	}
	rows, cols := 2*len(levels), 2*widest+1
	node := make([]sente.BoardCell, nodes)
	for d, l := range levels {
		first := (cols - (2*len(l) - 1)) / 2
		for k, n := range l {
			node[n] = sente.BoardCell{Row: rows - 1 - 2*d, Col: first + 2*k}
		}
	}
	return hackDrawingAt(node, rows, cols, ends)
}

// hackDrawingAt draws the graph with its nodes placed at node on a board
// of rows by cols, each edge's point the free cell nearest halfway between
// its nodes (a loop's just above its node).
func hackDrawingAt(node []sente.BoardCell, rows, cols int, ends [][2]int) hackDrawing {
	dr := hackDrawing{node: node, rows: rows, cols: cols}
	taken := map[sente.BoardCell]bool{}
	for _, at := range node {
		taken[at] = true
	}
	dr.mid = make([]sente.BoardCell, len(ends))
	for i, e := range ends {
		a, z := dr.node[e[0]], dr.node[e[1]]
		want := sente.BoardCell{Row: (a.Row + z.Row) / 2, Col: (a.Col + z.Col) / 2}
		if e[0] == e[1] {
			want.Row = max(a.Row-1, 0)
		}
		dr.mid[i] = dr.nearestFree(want, taken)
		taken[dr.mid[i]] = true
	}
	return dr
}

// nearestFree is the free cell nearest want, ring by ring; a board full
// around it grows a column.
func (dr *hackDrawing) nearestFree(want sente.BoardCell, taken map[sente.BoardCell]bool) sente.BoardCell {
	for ring := 0; ring < max(dr.rows, dr.cols); ring++ {
		for r := want.Row - ring; r <= want.Row+ring; r++ {
			for c := want.Col - ring; c <= want.Col+ring; c++ {
				at := sente.BoardCell{Row: r, Col: c}
				onRing := r == want.Row-ring || r == want.Row+ring || c == want.Col-ring || c == want.Col+ring
				if onRing && r >= 0 && r < dr.rows && c >= 0 && c < dr.cols && !taken[at] {
					return at
				}
			}
		}
	}
	dr.cols++
	return sente.BoardCell{Row: want.Row, Col: dr.cols - 1}
}

// board draws the edges of q standing, each on its point with its
// owner's mark (x the first player's, which a board of points shows as
// a white stone), and places each cut the side to move has, named by
// moveName, on its edge's point. What has been cut or has fallen is not
// drawn.
func (dr *hackDrawing) board(q HackenbushPosition, left []bool, ends [][2]int, leftFirst bool,
	cuts func(HackenbushPosition, bool, func(int, uint64)), moveName func(edge int) string) sente.Board {
	leftStones, rightStones := "white stones", "black stones"
	if !leftFirst {
		leftStones, rightStones = rightStones, leftStones
	}
	b := sente.Board{Style: "points", Players: partizanPlayers(leftFirst), Moves: []sente.BoardMove{}, Lines: []sente.BoardLine{},
		Caption: partizanCaption(q.LeftToMove, leftStones, rightStones) + "; the lowest point is the ground"}
	b.Cells = make([][]string, dr.rows)
	for r := range b.Cells {
		b.Cells[r] = make([]string, dr.cols)
	}
	for m := q.Standing; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		mid := dr.mid[i]
		b.Cells[mid.Row][mid.Col] = partizanMark(leftFirst, left[i])
		for _, n := range ends[i] {
			b.Lines = append(b.Lines, sente.BoardLine{From: dr.node[n], To: mid})
		}
	}
	cuts(q, q.LeftToMove, func(i int, _ uint64) {
		b.Moves = append(b.Moves, sente.BoardMove{Name: moveName(i), To: dr.mid[i]})
	})
	return b
}
