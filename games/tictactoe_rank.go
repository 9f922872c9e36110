package games

import (
	"github.com/sente-go/sente"
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
	pairs    cellPairRanks
}

func (g *TicTacToe) initRanks() {
	r := &tttRanks{size: make([]uint64, g.cells+1), children: make([][]int, g.cells+1)}
	for t := 0; t <= g.cells; t++ {
		r.size[t] = binom[g.cells][t] * binom[t][(t+1)/2] // < 3^32
		if t < g.cells {
			r.children[t] = []int{t + 1}
		}
	}
	r.pairs = newCellPairRanks()
	g.ranks = r
}

// TierRank returns the number of stones on the board and the position's
// rank among the boards with that many stones.
func (g *TicTacToe) TierRank(key uint64) (tier int, rank uint64) {
	occRank, xRank, n := g.ranks.pairs.rank(uint32(key), uint32(key)|uint32(key>>32))
	return n, occRank*binom[n][(n+1)/2] + xRank
}

// Unrank returns the key of the board of rank in tier: every rank below
// TierSize is a board.
func (g *TicTacToe) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	if tier < 0 || tier > g.cells || rank >= g.ranks.size[tier] {
		return 0, false
	}
	choices := binom[tier][(tier+1)/2]
	x, occ := g.ranks.pairs.unrank(g.cells, tier, (tier+1)/2, rank/choices, rank%choices)
	return uint64(x) | uint64(occ&^x)<<32, true
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
