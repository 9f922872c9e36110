package games

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// The boards of the morris games, built from their lines: a line is a row
// of points joined one to the next, along which men step; every three
// points in a row on a line make a mill.
//
// Points are named as nine men's morris literature names them, by a grid
// of 7×7 (5×5 for the small boards): files a to g from the left, ranks 1
// to 7 from the bottom, so the corners of the outer square of the 24-point
// board are a1, g1, g7 and a7. Points are numbered in reading order, from
// the top row down and from the left, which is the order of the text form.

// morrisBoard is one board: its points, lines, mills and symmetries.
type morrisBoard struct {
	name   string // "16", "17", "24" or "24+diagonals", for errors
	side   int    // the grid's rows and columns: 5 or 7
	points int
	// cell[p] is point p on the grid, row from the top, column from the
	// left; at[row][col] is the point there, or -1.
	cell  []sente.BoardCell
	at    [7][7]int8
	names []string
	rows  [][]int // the points of each row of the grid from the top, for the text form
	adj   []uint32
	edges [][2]int // each pair of neighbours once, the lower point first
	mills []uint32
	// millsAt[p] are the mills through point p.
	millsAt [][]uint32
	// syms are the permutations of the points that keep the lines and
	// mills: the square's eight, and for boards of concentric squares
	// alone each of those with the inner and outer squares swapped.
	syms [][]int
}

// morrisGeometry names the shapes of board: two or three concentric
// squares joined at the middles of their sides, a cross through the
// centre of the two squares (seven men's morris), diagonals joining the
// corners of the three squares (eleven men's morris, Morabaraba).
type morrisGeometry int

const (
	morrisTwoSquares morrisGeometry = iota
	morrisCross
	morrisThreeSquares
	morrisDiagonals
)

// newMorrisBoard builds a board from its lines, given on the grid as
// (file, rank) pairs counted from 0 at a1.
func newMorrisBoard(geo morrisGeometry) *morrisBoard {
	side, rings := 5, 2
	if geo == morrisThreeSquares || geo == morrisDiagonals {
		side, rings = 7, 3
	}
	mid := side / 2
	type xy struct{ x, y int }
	var lines [][]xy
	for k := range rings {
		lo, hi := k, side-1-k
		lines = append(lines,
			[]xy{{lo, lo}, {mid, lo}, {hi, lo}}, // bottom
			[]xy{{hi, lo}, {hi, mid}, {hi, hi}}, // right
			[]xy{{lo, hi}, {mid, hi}, {hi, hi}}, // top
			[]xy{{lo, lo}, {lo, mid}, {lo, hi}}, // left
		)
	}
	// The lines joining the squares at their middles: from the outer
	// square in to the innermost, or on through the centre.
	spoke := func(from, to int) [][]xy {
		var h1, h2, v1, v2 []xy
		for i := from; i < to; i++ {
			h1, h2 = append(h1, xy{i, mid}), append(h2, xy{side - 1 - i, mid})
			v1, v2 = append(v1, xy{mid, i}), append(v2, xy{mid, side - 1 - i})
		}
		return [][]xy{h1, h2, v1, v2}
	}
	switch geo {
	case morrisCross:
		across, down := []xy{}, []xy{}
		for i := range side {
			across, down = append(across, xy{i, mid}), append(down, xy{mid, i})
		}
		lines = append(lines, across, down)
	default:
		lines = append(lines, spoke(0, rings)...)
	}
	if geo == morrisDiagonals {
		for _, c := range []xy{{0, 0}, {side - 1, 0}, {0, side - 1}, {side - 1, side - 1}} {
			var diag []xy
			for k := range rings {
				dx, dy := k, k
				if c.x > 0 {
					dx = -k
				}
				if c.y > 0 {
					dy = -k
				}
				diag = append(diag, xy{c.x + dx, c.y + dy})
			}
			lines = append(lines, diag)
		}
	}

	b := &morrisBoard{side: side, name: [...]string{"16-point", "17-point", "24-point", "24-point with diagonals"}[geo]}
	for r := range b.at {
		for c := range b.at[r] {
			b.at[r][c] = -1
		}
	}
	// Points in reading order: rows from the top, each from the left.
	onBoard := map[xy]bool{}
	for _, l := range lines {
		for _, p := range l {
			onBoard[p] = true
		}
	}
	for row := range side {
		var inRow []int
		for col := range side {
			if !onBoard[xy{col, side - 1 - row}] {
				continue
			}
			p := len(b.cell)
			b.at[row][col] = int8(p)
			b.cell = append(b.cell, sente.BoardCell{Row: row, Col: col})
			b.names = append(b.names, tttColumnName(col)+strconv.Itoa(side-row))
			inRow = append(inRow, p)
		}
		b.rows = append(b.rows, inRow)
	}
	b.points = len(b.cell)
	b.adj = make([]uint32, b.points)
	b.millsAt = make([][]uint32, b.points)
	point := func(p xy) int { return int(b.at[side-1-p.y][p.x]) }
	for _, l := range lines {
		for i := 1; i < len(l); i++ {
			u, v := point(l[i-1]), point(l[i])
			b.adj[u] |= 1 << v
			b.adj[v] |= 1 << u
			b.edges = append(b.edges, [2]int{min(u, v), max(u, v)})
		}
		for i := 2; i < len(l); i++ {
			b.mills = append(b.mills, 1<<point(l[i-2])|1<<point(l[i-1])|1<<point(l[i]))
		}
	}
	slices.SortFunc(b.edges, func(a, c [2]int) int {
		if a[0] != c[0] {
			return a[0] - c[0]
		}
		return a[1] - c[1]
	})
	slices.Sort(b.mills)
	for _, m := range b.mills {
		for q := m; q != 0; q &= q - 1 {
			p := bits.TrailingZeros32(q)
			b.millsAt[p] = append(b.millsAt[p], m)
		}
	}
	b.syms = b.symmetries(rings)
	return b
}

// symmetries finds the permutations of the points that map lines to lines
// and mills to mills among the square's eight (turns and reflections of
// the grid), each alone and with the squares swapped inner for outer: a
// candidate that breaks a line is left out, so the cross of seven men's
// morris keeps the eight alone. The identity comes first.
func (b *morrisBoard) symmetries(rings int) [][]int {
	n := b.side - 1
	mid := b.side / 2
	// swapRings maps a coordinate of square k to the same place on square
	// rings-1-k; the middle stays.
	swapRings := func(v int) int {
		switch {
		case v < mid:
			return rings - 1 - v
		case v > mid:
			return n - (rings - 1 - (n - v))
		}
		return v
	}
	edgeSet := map[[2]int]bool{}
	for _, e := range b.edges {
		edgeSet[e] = true
	}
	var syms [][]int
	for _, swap := range []bool{false, true} {
		for t := range 8 {
			perm := make([]int, b.points)
			ok := true
			for p, c := range b.cell {
				x, y := c.Col, n-c.Row
				if swap {
					x, y = swapRings(x), swapRings(y)
				}
				if t&4 != 0 {
					x, y = y, x
				}
				if t&1 != 0 {
					x = n - x
				}
				if t&2 != 0 {
					y = n - y
				}
				q := b.at[n-y][x]
				if q < 0 {
					ok = false
					break
				}
				perm[p] = int(q)
			}
			if !ok {
				continue
			}
			for _, e := range b.edges {
				u, v := perm[e[0]], perm[e[1]]
				if !edgeSet[[2]int{min(u, v), max(u, v)}] {
					ok = false
					break
				}
			}
			for _, m := range b.mills {
				if ok && !slices.Contains(b.mills, morrisPermute(m, perm)) {
					ok = false
				}
			}
			if ok {
				syms = append(syms, perm)
			}
		}
	}
	return syms
}

// morrisPermute is the image of a set of points under perm.
func morrisPermute(m uint32, perm []int) uint32 {
	var img uint32
	for ; m != 0; m &= m - 1 {
		img |= 1 << perm[bits.TrailingZeros32(m)]
	}
	return img
}

// morrisSymmetries maps sets of points under a board's symmetries by
// table, a byte of points at a time, as gridSymmetries does for the
// square's eight: a 24-point board has sixteen.
type morrisSymmetries struct {
	n     int
	table [16][3][256]uint32
}

func newMorrisSymmetries(perms [][]int) *morrisSymmetries {
	ms := &morrisSymmetries{n: len(perms)}
	for s, perm := range perms {
		for i := range 3 {
			for b := range 256 {
				var img uint32
				for j := range 8 {
					if p := i*8 + j; b>>j&1 == 1 && p < len(perm) {
						img |= 1 << perm[p]
					}
				}
				ms.table[s][i][b] = img
			}
		}
	}
	return ms
}

// image is the set of points m under symmetry s.
func (ms *morrisSymmetries) image(s int, m uint32) uint32 {
	t := &ms.table[s]
	return t[0][m&0xff] | t[1][m>>8&0xff] | t[2][m>>16&0xff]
}

// least is the least image of two sets of points as a key orders them,
// the second's points above the first's: the least image of second, and
// among the symmetries that tie on it the least of first.
func (ms *morrisSymmetries) least(first, second uint32) (uint32, uint32) {
	bestF, bestS := first, second
	for s := 1; s < ms.n; s++ {
		imgS := ms.image(s, second)
		if imgS > bestS {
			continue
		}
		if imgF := ms.image(s, first); imgS < bestS || imgF < bestF {
			bestF, bestS = imgF, imgS
		}
	}
	return bestF, bestS
}

// orbit is the number of distinct images of the two sets.
func (ms *morrisSymmetries) orbit(first, second uint32) uint64 {
	fixed := 1
	for s := 1; s < ms.n; s++ {
		if ms.image(s, first) == first && ms.image(s, second) == second {
			fixed++
		}
	}
	return uint64(ms.n / fixed)
}

// drawBoard draws the board for a terminal: each point as x, o or '.',
// the lines between them, ranks on the left and files below.
func (b *morrisBoard) drawBoard(x, o uint32) string {
	// Points sit every 4 columns and every 2 rows of characters.
	h, w := 2*b.side-1, 4*b.side-3
	grid := make([][]byte, h)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(" ", w))
	}
	for _, e := range b.edges {
		u, v := b.cell[e[0]], b.cell[e[1]]
		r0, c0, r1, c1 := 2*u.Row, 4*u.Col, 2*v.Row, 4*v.Col
		dr, dc := morrisSign(r1-r0), morrisSign(c1-c0)
		mark := byte('-')
		switch {
		case dc == 0:
			mark = '|'
		case dr == dc:
			mark = '\\'
		case dr != 0:
			mark = '/'
		}
		if dr != 0 && dc != 0 {
			// A diagonal: one mark halfway between the rows.
			for r, c := r0+dr, c0+2*dc; r != r1; r, c = r+dr, c+2*dc {
				grid[r][c] = mark
			}
			continue
		}
		for r, c := r0+dr, c0+dc; r != r1 || c != c1; r, c = r+dr, c+dc {
			grid[r][c] = mark
		}
	}
	for p, c := range b.cell {
		mark := byte('.')
		switch {
		case x>>p&1 != 0:
			mark = 'x'
		case o>>p&1 != 0:
			mark = 'o'
		}
		grid[2*c.Row][4*c.Col] = mark
	}
	var sb strings.Builder
	for r, line := range grid {
		label := "  "
		if r%2 == 0 {
			label = strconv.Itoa(b.side-r/2) + " "
		}
		sb.WriteString(label + " " + strings.TrimRight(string(line), " ") + "\n")
	}
	sb.WriteString("   ")
	for c := range b.side {
		if c > 0 {
			sb.WriteString("   ")
		}
		sb.WriteString(tttColumnName(c))
	}
	return sb.String()
}

func morrisSign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// Draw shows the board with its lines, the names of ranks and files, and
// who is to move and how, with the stones in hand.
func (g *Morris) Draw(p sente.Position) string {
	pos := p.(MorrisPosition)
	return g.b.drawBoard(pos.X, pos.O) + "\n" + g.caption(g.Encode(p), morrisLetters)
}

// morrisLetters name the players as the text form and the drawing show
// their stones; morrisColours as the browser app's board does, the first
// player's stones white and the second's black (Board.Players).
var (
	morrisLetters = [2]string{"x", "o"}
	morrisColours = [2]string{"white", "black"}
)

// caption says who is to move and how (place, move, fly), the stones in
// hand while any are, and how the game ended, naming the first and second
// players names[0] and names[1].
func (g *Morris) caption(key uint64, names [2]string) string {
	mine, theirs, myHand, theirHand, oMoves := g.split(key)
	who, other := names[0], names[1]
	if oMoves {
		who, other = other, who
	}
	if v, ended := g.EndedKey(key); ended {
		switch {
		case bits.OnesCount32(mine)+myHand < 3:
			return fmt.Sprintf("game over: %s has fewer than three stones; %s wins", who, other)
		case bits.OnesCount32(theirs)+theirHand < 3:
			return fmt.Sprintf("game over: %s has fewer than three stones; %s wins", other, who)
		case v == sente.Tie:
			return fmt.Sprintf("game over: %s cannot move; a tie", who)
		}
		return fmt.Sprintf("game over: %s cannot move; %s wins", who, other)
	}
	var s string
	switch {
	case myHand > 0 && g.lasker && mine != 0:
		s = who + " to place or move"
	case myHand > 0:
		s = who + " to place"
	default:
		s = who + " to move"
	}
	if (myHand == 0 || g.lasker) && mine != 0 && g.flies(bits.OnesCount32(mine)+myHand) {
		s += " (flying)"
	}
	if myHand > 0 || theirHand > 0 {
		s += fmt.Sprintf(" (%d in hand, %s %d)", myHand, other, theirHand)
	}
	for _, kid := range g.AppendChildren(nil, key) {
		if _, _, take := g.moveOf(key, kid); take >= 0 {
			s += "; a move that closes a mill takes one of " + other + "'s stones, part of the move"
			break
		}
	}
	return s
}

// Board shows the points on the grid of their names, with the lines men
// step along. A placement is played on its point, a step or flight from
// the man to its point, and the stone a mill takes by a further click on
// it (Remove).
func (g *Morris) Board(p sente.Position) sente.Board {
	key := g.Encode(p)
	pos := p.(MorrisPosition)
	b := sente.Board{Style: "points", Caption: g.caption(key, morrisColours), Players: morrisColours[:], Moves: []sente.BoardMove{}}
	for r := range g.b.side {
		b.Cells = append(b.Cells, make([]string, g.b.side))
		b.RowLabels = append(b.RowLabels, strconv.Itoa(g.b.side-r))
		b.ColLabels = append(b.ColLabels, tttColumnName(r))
	}
	for pt, c := range g.b.cell {
		switch {
		case pos.X>>pt&1 != 0:
			b.Cells[c.Row][c.Col] = "x"
		case pos.O>>pt&1 != 0:
			b.Cells[c.Row][c.Col] = "o"
		}
	}
	for _, e := range g.b.edges {
		b.Lines = append(b.Lines, sente.BoardLine{From: g.b.cell[e[0]], To: g.b.cell[e[1]]})
	}
	if _, ended := g.EndedKey(key); ended {
		return b
	}
	for _, kid := range g.AppendChildren(nil, key) {
		from, to, take := g.moveOf(key, kid)
		m := sente.BoardMove{Name: g.moveName(from, to, take), To: g.b.cell[to]}
		if from >= 0 {
			c := g.b.cell[from]
			m.From = &c
		}
		if take >= 0 {
			c := g.b.cell[take]
			m.Remove = &c
		}
		b.Moves = append(b.Moves, m)
	}
	return b
}
