// Package polyomino enumerates the regions of a square grid: the
// polyominoes of n cells, each once up to the square's eight symmetries
// (the "free" polyominoes), so that a table can value every region of a
// board game played on cells, such as Domineering, up to n squares.
package polyomino

import (
	"slices"
	"strings"
)

// MaxCells bounds the cells of the polyominoes enumerated: 63,600 free
// polyominoes of 12 cells, and about four times as many of 13.
const MaxCells = 12

// Cell is a square of a region: row from the top, column from the left.
type Cell struct{ R, C int8 }

// Region is a set of cells, sorted, moved to touch the top and the left.
type Region []Cell

// key is a region of up to MaxCells cells as its sorted cells, two bytes
// each, zero-padded: comparable, and ordered as the regions.
type key [2 * MaxCells]byte

// canonicalImage is the least of the eight images of cs (n cells) under
// the symmetries of the square, each moved to the corner.
func canonicalImage(cs *[MaxCells]Cell, n int) key {
	var best key
	for t := range 8 {
		var img [MaxCells]Cell
		minR, minC := int8(127), int8(127)
		for i := range n {
			r, c := cs[i].R, cs[i].C
			if t&1 != 0 {
				c = -c
			}
			if t&2 != 0 {
				r = -r
			}
			if t&4 != 0 {
				r, c = c, r
			}
			img[i] = Cell{r, c}
			minR, minC = min(minR, r), min(minC, c)
		}
		var codes [MaxCells]uint16
		for i := range n {
			code := uint16(img[i].R-minR)<<8 | uint16(img[i].C-minC)
			j := i
			for ; j > 0 && codes[j-1] > code; j-- {
				codes[j] = codes[j-1]
			}
			codes[j] = code
		}
		var k key
		for i := range n {
			k[2*i], k[2*i+1] = byte(codes[i]>>8), byte(codes[i])
		}
		if t == 0 || string(k[:]) < string(best[:]) {
			best = k
		}
	}
	return best
}

func regionOf(k key, n int) Region {
	rg := make(Region, n)
	for i := range n {
		rg[i] = Cell{int8(k[2*i]), int8(k[2*i+1])}
	}
	return rg
}

// Free returns the free polyominoes of 0 to most cells (at most
// MaxCells), by their cells: 1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655,
// 17073 and 63600 of them for 1 to 12 cells (OEIS A000105), each in the
// least of its images. They are grown a cell at a time from the
// polyominoes of one cell fewer.
func Free(most int) [][]Region {
	most = min(most, MaxCells)
	all := [][]Region{nil}
	if most >= 1 {
		all = append(all, []Region{{{0, 0}}})
	}
	for n := 2; n <= most; n++ {
		seen := map[key]bool{}
		var next []Region
		for _, p := range all[n-1] {
			var cs [MaxCells]Cell
			copy(cs[:], p)
			for _, c := range p {
				for _, d := range [4]Cell{{c.R + 1, c.C}, {c.R - 1, c.C}, {c.R, c.C + 1}, {c.R, c.C - 1}} {
					if slices.Contains(p, d) {
						continue
					}
					cs[n-1] = d
					if k := canonicalImage(&cs, n); !seen[k] {
						seen[k] = true
						next = append(next, regionOf(k, n))
					}
				}
			}
		}
		all = append(all, next)
	}
	return all
}

// Rectangle is the w by h rectangle.
func Rectangle(w, h int) Region {
	var rg Region
	for r := range h {
		for c := range w {
			rg = append(rg, Cell{int8(r), int8(c)})
		}
	}
	return rg
}

// Rows draws the region in its bounding box, rows from the top: . a cell
// of the region, # a cell outside it.
func (rg Region) Rows() []string {
	h, w := 0, 0
	for _, c := range rg {
		h, w = max(h, int(c.R)+1), max(w, int(c.C)+1)
	}
	rows := make([][]byte, h)
	for r := range rows {
		rows[r] = []byte(strings.Repeat("#", w))
	}
	for _, c := range rg {
		rows[c.R][c.C] = '.'
	}
	out := make([]string, h)
	for r := range rows {
		out[r] = string(rows[r])
	}
	return out
}
