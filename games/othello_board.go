package games

import "math/bits"

// Othello's boards are bitboards in an 8×8 layout whatever their size:
// bit 8*row + col, row 0 at the top and col 0 on the left, the cells off a
// smaller board always clear. One layout for every size keeps the shifts
// of the eight directions fixed; a mask per direction drops the discs that
// a shift carries off the board or round into the next row.

// othelloDir is one of the eight directions: a shift left or right by
// shift bits, then the cells it may land on.
type othelloDir struct {
	shift uint
	left  bool
	mask  uint64
}

// othelloBoard is what the bitboard code needs of a board size.
type othelloBoard struct {
	w, h   int
	inside uint64 // the cells of the board
	dirs   [8]othelloDir
	runs   int // steps a run of the opponent's discs may need beyond the first
	// corners, xSquares and cSquares: the cells the move-ordering hint
	// prefers and avoids; xOf[i] and cOf[i] are the X and C squares of
	// corner i (cornerCells[i]).
	cornerCells [4]uint64
	xOf, cOf    [4]uint64
	corners     uint64
}

func newOthelloBoard(w, h int) othelloBoard {
	b := othelloBoard{w: w, h: h, runs: max(w, h) - 3}
	for r := range h {
		for c := range w {
			b.inside |= 1 << uint(8*r+c)
		}
	}
	const colA, colH = 0x0101010101010101, 0x8080808080808080
	notA, notH := b.inside&^colA, b.inside&^colH
	b.dirs = [8]othelloDir{
		{1, true, notA},      // east: nothing arrives in column a
		{1, false, notH},     // west: nor in the column past the board's right
		{8, true, b.inside},  // south
		{8, false, b.inside}, // north
		{9, true, notA},      // south-east
		{7, true, notH},      // south-west
		{7, false, notA},     // north-east
		{9, false, notH},     // north-west
	}
	cell := func(r, c int) uint64 { return 1 << uint(8*r+c) }
	for i, rc := range [4][2]int{{0, 0}, {0, w - 1}, {h - 1, 0}, {h - 1, w - 1}} {
		r, c := rc[0], rc[1]
		dr, dc := 1, 1
		if r > 0 {
			dr = -1
		}
		if c > 0 {
			dc = -1
		}
		b.cornerCells[i] = cell(r, c)
		b.corners |= cell(r, c)
		b.xOf[i] = cell(r+dr, c+dc)
		b.cOf[i] = cell(r+dr, c) | cell(r, c+dc)
	}
	return b
}

func (d *othelloDir) step(x uint64) uint64 {
	if d.left {
		return (x << d.shift) & d.mask
	}
	return (x >> d.shift) & d.mask
}

// moves is the set of cells where the player with discs p may play against
// discs o: empty cells from which a line of o's discs runs, in some
// direction, to one of p's.
func (b *othelloBoard) moves(p, o uint64) uint64 {
	empty := b.inside &^ (p | o)
	var moves uint64
	for i := range b.dirs {
		d := &b.dirs[i]
		x := d.step(p) & o
		for range b.runs {
			x |= d.step(x) & o
		}
		moves |= d.step(x) & empty
	}
	return moves
}

// flips is the set of o's discs that a disc of p's placed on move turns.
func (b *othelloBoard) flips(p, o, move uint64) uint64 {
	var flips uint64
	for i := range b.dirs {
		d := &b.dirs[i]
		var run uint64
		x := d.step(move)
		for x&o != 0 {
			run |= x
			x = d.step(x)
		}
		if x&p != 0 {
			flips |= run
		}
	}
	return flips
}

// The symmetries of the board, on bitboards of the 8×8 layout: the
// mirrors across the middle row and column, and (on a square board) the
// reflection in the main diagonal. They generate the eight symmetries of
// the square, or the four of a rectangle.

func (b *othelloBoard) flipRows(x uint64) uint64 {
	return bits.ReverseBytes64(x) >> uint(8*(8-b.h))
}

func (b *othelloBoard) flipCols(x uint64) uint64 {
	// Reverse64 turns the whole 8×8 layout half round; ReverseBytes64 puts
	// the rows back, which leaves each row mirrored within its 8 bits.
	// The board's w columns then sit at the high end of each byte, and
	// the cells below them are clear, so the shift crosses no row.
	return bits.ReverseBytes64(bits.Reverse64(x)) >> uint(8-b.w)
}

// transpose reflects the 8×8 layout in its main diagonal (row r, column c
// to row c, column r), by the three swaps of Hacker's Delight.
func transpose(x uint64) uint64 {
	t := (x ^ (x >> 7)) & 0x00aa00aa00aa00aa
	x ^= t ^ (t << 7)
	t = (x ^ (x >> 14)) & 0x0000cccc0000cccc
	x ^= t ^ (t << 14)
	t = (x ^ (x >> 28)) & 0x00000000f0f0f0f0
	x ^= t ^ (t << 28)
	return x
}
