package games

import "math/bits"

// Othello's boards are bitboards in an 8×8 layout whatever their size:
// bit 8*row + col, row 0 at the top and col 0 on the left, the cells off a
// smaller board always clear. One layout for every size keeps the shifts
// of the eight directions fixed; two masks drop the discs that a shift
// carries off the board or round into the next row.

// othelloBoard is what the bitboard code needs of a board size.
type othelloBoard struct {
	w, h   int
	inside uint64 // the cells of the board
	// eastward and westward are the cells a step with a move east or
	// west may land on: a shift of the layout carries a disc of the
	// first column west round into the row before, and of the last
	// column east into the row after.
	eastward, westward uint64
	runs               int // steps a run of the opponent's discs may need beyond the first
	// corners, xSquares and cSquares: the cells the move-ordering hint
	// prefers and avoids; xOf[i] and cOf[i] are the X and C squares of
	// corner i (cornerCells[i]).
	cornerCells [4]uint64
	xOf, cOf    [4]uint64
	corners     uint64
	// quadrants split the board at its middle row and column, for the
	// endgame's parity (othello_solve.go).
	quadrants [4]uint64
}

func newOthelloBoard(w, h int) othelloBoard {
	b := othelloBoard{w: w, h: h, runs: max(w, h) - 3}
	for r := range h {
		for c := range w {
			b.inside |= 1 << uint(8*r+c)
		}
	}
	const colA, colH = 0x0101010101010101, 0x8080808080808080
	b.eastward, b.westward = b.inside&^colA, b.inside&^colH
	cell := func(r, c int) uint64 { return 1 << uint(8*r+c) }
	for r := range h {
		for c := range w {
			q := 0
			if r >= h/2 {
				q += 2
			}
			if c >= w/2 {
				q++
			}
			b.quadrants[q] |= cell(r, c)
		}
	}
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

// The eight directions are written out below with their shifts as
// constants, and a run of the opponent's discs is filled a fixed number of
// steps, with no branch on the board: these two functions are where
// Othello's search spends its time.

// runLeft is the run of o's discs (masked to where a step of s may land)
// that starts next to one of from's and goes on by steps of s, at most
// runs+1 long.
func runLeft(from, om uint64, s uint, runs int) uint64 {
	x := (from << s) & om
	for range runs {
		x |= (x << s) & om
	}
	return x
}

func runRight(from, om uint64, s uint, runs int) uint64 {
	x := (from >> s) & om
	for range runs {
		x |= (x >> s) & om
	}
	return x
}

// moves is the set of cells where the player with discs p may play against
// discs o: empty cells from which a line of o's discs runs, in some
// direction, to one of p's.
func (b *othelloBoard) moves(p, o uint64) uint64 {
	empty := b.inside &^ (p | o)
	// Shifts by 1 go east (left) and west (right), by 8 south and
	// north, by 9 and 7 along the diagonals.
	oe, ow := o&b.eastward, o&b.westward
	r := b.runs
	moves := (runLeft(p, oe, 1, r) << 1) & b.eastward
	moves |= (runRight(p, ow, 1, r) >> 1) & b.westward
	moves |= runLeft(p, o, 8, r) << 8
	moves |= runRight(p, o, 8, r) >> 8
	moves |= (runLeft(p, oe, 9, r) << 9) & b.eastward
	moves |= (runLeft(p, ow, 7, r) << 7) & b.westward
	moves |= (runRight(p, oe, 7, r) >> 7) & b.eastward
	moves |= (runRight(p, ow, 9, r) >> 9) & b.westward
	return moves & empty
}

// flips is the set of o's discs that a disc of p's placed on move turns:
// each direction's run of o's discs from move, when one of p's ends it.
func (b *othelloBoard) flips(p, o, move uint64) uint64 {
	oe, ow := o&b.eastward, o&b.westward
	pe, pw := p&b.eastward, p&b.westward
	r := b.runs
	var flips uint64
	if x := runLeft(move, oe, 1, r); (x<<1)&pe != 0 {
		flips |= x
	}
	if x := runRight(move, ow, 1, r); (x>>1)&pw != 0 {
		flips |= x
	}
	if x := runLeft(move, o, 8, r); (x<<8)&p != 0 {
		flips |= x
	}
	if x := runRight(move, o, 8, r); (x>>8)&p != 0 {
		flips |= x
	}
	if x := runLeft(move, oe, 9, r); (x<<9)&pe != 0 {
		flips |= x
	}
	if x := runLeft(move, ow, 7, r); (x<<7)&pw != 0 {
		flips |= x
	}
	if x := runRight(move, oe, 7, r); (x>>7)&pe != 0 {
		flips |= x
	}
	if x := runRight(move, ow, 9, r); (x>>9)&pw != 0 {
		flips |= x
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
