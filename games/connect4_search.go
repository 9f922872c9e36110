package games

import (
	"math/bits"

	"github.com/sente-go/sente"
)

var _ sente.Orderer = (*Connect4)(nil)

// OrderChildren is what a connect-four player sees at a glance
// (sente.Orderer): a column that completes a line wins at once; a line the
// opponent would complete must be blocked, and two cannot be; a stone
// below a cell that completes the opponent's line lets him play there.
// Those moves are left out (LosingLeftOut). The others come in order of
// the cells that would complete a line of the player's after the move (the
// threats the move makes), then the centre first: a central stone lies on
// more lines. Only the player who moves completes a line, so when she
// cannot at once she wins in three plies at the soonest, and after a move
// that leaves the opponent none at once she loses in four at the soonest.
func (g *Connect4) OrderChildren(dst []sente.Child, key uint64) ([]sente.Child, sente.Tactics) {
	if g.seven {
		return sevenOrderChildren(dst, key)
	}
	mask := g.occupied(key)
	n := bits.OnesCount64(mask)
	mine := key & mask // the first player's stones
	shift := uint(1)   // the first player's stone: key + 2S (see AppendChildren)
	if n&1 == 1 {
		mine, shift = mask&^key, 0
	}
	theirs := mask ^ mine
	board := g.bottom * (uint64(1)<<g.h - 1)
	free := (mask + g.bottom) & board // the cell each open column fills next
	if g.completing(mine, mask, board)&free != 0 {
		return dst, sente.Tactics{WinsAtOnce: true}
	}
	free, tactics := worthPlaying(free, g.completing(theirs, mask, board))
	for i, field := range g.centreOut[:g.w] {
		cell := free & field
		if cell == 0 {
			continue
		}
		made := bits.OnesCount64(g.completing(mine|cell, mask|cell, board))
		dst = append(dst, sente.Child{Key: key + cell<<shift, Hint: int32(made<<4 | (15 - i))})
	}
	return dst, tactics
}

// worthPlaying is the cells of free, the next cell of each open column,
// that do not lose at once to the opponent, whose stones would complete
// a line on threats, with what the move order may say: a line he would
// complete must be blocked, two cannot be, and a stone under his
// completing cell lets him play there.
func worthPlaying(free, threats uint64) (uint64, sente.Tactics) {
	tactics := sente.Tactics{WinsIn: 3, LosesIn: 4}
	if forced := free & threats; forced != 0 {
		if forced&(forced-1) != 0 {
			tactics.LosingLeftOut = true
			return 0, tactics
		}
		tactics.LosingLeftOut = free != forced
		free = forced
	}
	if safe := free &^ (threats >> 1); safe != free {
		free, tactics.LosingLeftOut = safe, true
	}
	return free, tactics
}

// Horizon is the empty cells, twice: every game ends by the time the board
// is full, and only a full board is a tie.
func (g *Connect4) Horizon(key uint64) (most, tieLeast int) {
	if g.seven {
		left := sevenCells - bits.OnesCount64(sevenOccupied(key))
		return left, left
	}
	left := g.cells - bits.OnesCount64(g.occupied(key))
	return left, left
}

// completing is the empty cells of the board (filled or not below) where a
// stone of the player whose stones are own would complete k in a row.
func (g *Connect4) completing(own, mask, board uint64) uint64 {
	if g.k == 4 {
		if g.h1 == 7 {
			// The board people play, its shifts constants: search asks
			// this for each child of every node.
			return completing4Rows6(own) & board &^ mask
		}
		return g.completing4(own) & board &^ mask
	}
	var spots uint64
	for _, d := range [4]uint{1, g.h1, g.h1 - 1, g.h1 + 1} {
		// below[m] and above[m]: the cells with m stones in a row just
		// before them (after them) in direction d. A cell completes a line
		// when it has a stones before it and k-1-a after.
		var below, above [9]uint64
		below[0], above[0] = ^uint64(0), ^uint64(0)
		for m := 1; m < g.k; m++ {
			below[m] = below[m-1] & (own << (uint(m) * d))
			above[m] = above[m-1] & (own >> (uint(m) * d))
		}
		for a := range g.k {
			spots |= below[a] & above[g.k-1-a]
		}
	}
	return spots & board &^ mask
}

// completing4 is completing for k = 4, unrolled: in each direction a cell
// completes a line with three stones before it, three after, or two and
// one either way.
func (g *Connect4) completing4(own uint64) uint64 {
	spots := own << 1 & (own << 2) & (own << 3) // the stones below, in a column
	return spots | completing4In(own, g.h1-1) | completing4In(own, g.h1) | completing4In(own, g.h1+1)
}

// completing4Rows6 is completing4 on boards of six rows (h1 = 7).
func completing4Rows6(own uint64) uint64 {
	return own<<1&(own<<2)&(own<<3) | completing4In(own, 6) | completing4In(own, 7) | completing4In(own, 8)
}

// completing4In is completing4 in the direction of shift d.
func completing4In(own uint64, d uint) uint64 {
	before := own << d & (own << (2 * d))
	after := own >> d & (own >> (2 * d))
	return before&(own<<(3*d)) | before&(own>>d) | after&(own<<d) | after&(own>>(3*d))
}
