package games

import (
	"math/bits"

	"sente"
)

// Tic-tac-toe's ranks for the tier engine (sente.TierRanker).
//
// The tier of a position is the number of stones on the board, 0 to m·n;
// every move adds one, so a tier's only child is the next and no tier
// loops. Within tier t a position is the colexicographic rank of its
// occupied cells among the C(mn, t) choices, times C(t, ⌈t/2⌉), plus the
// rank of X's ⌈t/2⌉ stones among the occupied cells (taken in cell order).
// Every rank is a board, reachable or not; the engine's forward pass marks
// the reachable ones. Ranks ignore the board's symmetries.

// tttRanks are the sizes and child lists of a board, made by NewTicTacToe.
type tttRanks struct {
	size     []uint64
	children [][]int
	colex    *[8][33][256]uint64 // colexByte
	uncolex  *[16][33][16]uint64 // colexNibble
	deposit  *[2][256][256]uint8 // byteDeposit: X's stones packed along the occupied cells and back
}

func (g *TicTacToe) initRanks() {
	r := &tttRanks{size: make([]uint64, g.cells+1), children: make([][]int, g.cells+1)}
	for t := 0; t <= g.cells; t++ {
		r.size[t] = binom[g.cells][t] * binom[t][(t+1)/2] // < 3^32
		if t < g.cells {
			r.children[t] = []int{t + 1}
		}
	}
	r.colex, r.uncolex, r.deposit = colexByte(), colexNibble(), byteDeposit()
	g.ranks = r
}

// TierRank returns the number of stones on the board and the position's
// rank among the boards with that many stones: X's stones are packed along
// the occupied cells a byte at a time, and both sets ranked a byte at a
// time.
func (g *TicTacToe) TierRank(key uint64) (tier int, rank uint64) {
	r := g.ranks
	x, occ := uint32(key), uint32(key)|uint32(key>>32)
	var packed uint64
	n := 0
	for j := 0; j < 32; j += 8 {
		m := uint8(occ >> j)
		packed |= uint64(r.deposit[0][m][uint8(x>>j)]) << n
		n += bits.OnesCount8(m)
	}
	return n, colexRankBytes(r.colex, uint64(occ))*binom[n][(n+1)/2] + colexRankBytes(r.colex, packed)
}

// Unrank returns the key of the board of rank in tier: every rank below
// TierSize is a board.
func (g *TicTacToe) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	if tier < 0 || tier > g.cells || rank >= g.ranks.size[tier] {
		return 0, false
	}
	r := g.ranks
	choices := binom[tier][(tier+1)/2]
	occ := colexUnrankNibbles(r.uncolex, g.cells, tier, rank/choices)
	packed := colexUnrankNibbles(r.uncolex, tier, (tier+1)/2, rank%choices)
	var x uint64
	for j := 0; j < 32; j += 8 {
		m := uint8(occ >> j)
		x |= uint64(r.deposit[1][m][uint8(packed)]) << j
		packed >>= bits.OnesCount8(m)
	}
	return x | (occ&^x)<<32, true
}

// TierSize is C(mn, tier)·C(tier, ⌈tier/2⌉).
func (g *TicTacToe) TierSize(tier int) uint64 {
	if tier < 0 || tier > g.cells {
		return 0
	}
	return g.ranks.size[tier]
}

// ChildTiers is the next tier below a full board, and none on it. The slice
// is shared: callers must not change it.
func (g *TicTacToe) ChildTiers(tier int) []int {
	if tier < 0 || tier > g.cells {
		return nil
	}
	return g.ranks.children[tier]
}

// TierLoops is false: every move adds a stone.
func (g *TicTacToe) TierLoops(int) bool { return false }

var _ sente.TierRanker = (*TicTacToe)(nil)
