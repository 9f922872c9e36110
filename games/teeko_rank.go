package games

import (
	"math/bits"

	"github.com/sente-go/sente"
)

var (
	_ sente.TierRanker      = (*Teeko)(nil)
	_ sente.SymmetricRanker = (*Teeko)(nil)
)

// RanksBySymmetry is true: a rank stands for a class of symmetric
// positions.
func (g *Teeko) RanksBySymmetry() bool { return true }

// ClassSide: the square's symmetries keep the empty board (and the rule on
// the centre), so a class's sides are the side to move once every piece
// is dropped, x's side 0, with the images of the board; while pieces are
// dropped the counts say who moves, and a class has one side.
func (g *Teeko) ClassSide(key uint64) (side int, positions uint64) {
	x, o := uint32(key)&teekoMask, uint32(key>>teekoPlane)&teekoMask
	if key&(1<<teekoSide) != 0 && bits.OnesCount32(x|o) == g.total {
		side = 1
	}
	return side, g.syms.orbit(x, o)
}

// OtherSide swaps the colours and the side to move once every piece is
// dropped.
func (g *Teeko) OtherSide(key uint64) uint64 {
	x, o := key&teekoMask, key>>teekoPlane&teekoMask
	if bits.OnesCount64(x|o) != g.total {
		return key
	}
	return o | x<<teekoPlane | (key>>teekoSide&1^1)<<teekoSide
}

// Teeko's ranks for the tier engine (sente.TierRanker).
//
// The tier of a position is the number of pieces on the board, 0 to
// 2·pieces. A drop adds one, so the drop tiers have no loops and each leads
// to the next; the last tier, every piece dropped, is the one loopy tier,
// where steps move pieces about.
//
// Ranks number the canonical position of a key's class (Canonical): the
// colexicographic rank of the occupied cells among the C(n², t) choices,
// times C(t, ⌈t/2⌉), plus the rank of x's ⌈t/2⌉ pieces among the occupied
// cells (taken in cell order). While pieces are dropped the counts say who
// moves; in the last tier the canonical position has x to move, so the
// ranks need no side to move. Unrank gives only the ranks whose board is
// its own canonical position, about one in eight (one in sixteen in the
// last tier): the engine works on the classes, and keeps two bytes for
// each rank. The 5×5 game's last tier has C(25,8)·C(8,4) = 75,710,250
// ranks.

// teekoRanks are the sizes and child lists of a game, made by NewTeeko.
type teekoRanks struct {
	size     []uint64
	children [][]int
	colex    *[8][33][256]uint64 // colexByte
	uncolex  *[16][33][16]uint64 // colexNibble
	deposit  *[2][256][256]uint8 // byteDeposit: x's pieces packed along the occupied cells and back
}

func (g *Teeko) initRanks() {
	r := &teekoRanks{size: make([]uint64, g.total+1), children: make([][]int, g.total+1)}
	for t := 0; t <= g.total; t++ {
		r.size[t] = binom[g.cells][t] * binom[t][(t+1)/2]
		if t < g.total {
			r.children[t] = []int{t + 1}
		}
	}
	r.colex, r.uncolex, r.deposit = colexByte(), colexNibble(), byteDeposit()
	g.ranks = r
}

// TierRank returns the number of pieces on the board and the rank of the
// key's canonical position among the boards with that many pieces.
func (g *Teeko) TierRank(key uint64) (tier int, rank uint64) {
	key = g.Canonical(key)
	r := g.ranks
	x, occ := uint32(key)&teekoMask, uint32(key|key>>teekoPlane)&teekoMask
	var packed uint64
	n := 0
	for j := 0; j < 32; j += 8 {
		m := uint8(occ >> j)
		packed |= uint64(r.deposit[0][m][uint8(x>>j)]) << n
		n += bits.OnesCount8(m)
	}
	return n, colexRankBytes(r.colex, uint64(occ))*binom[n][(n+1)/2] + colexRankBytes(r.colex, packed)
}

// Unrank returns the key of the board of rank in tier when it is its own
// canonical position, and false for the other boards of its class.
func (g *Teeko) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	if tier < 0 || tier > g.total || rank >= g.ranks.size[tier] {
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
	key = x | (occ&^x)<<teekoPlane
	if tier < g.total && tier%2 == 1 {
		key |= 1 << teekoSide // o drops after x
	}
	return key, g.Canonical(key) == key
}

// TierSize is C(n², tier)·C(tier, ⌈tier/2⌉).
func (g *Teeko) TierSize(tier int) uint64 {
	if tier < 0 || tier > g.total {
		return 0
	}
	return g.ranks.size[tier]
}

// ChildTiers is the next tier while pieces are dropped, and none once all
// are. The slice is shared: callers must not change it.
func (g *Teeko) ChildTiers(tier int) []int {
	if tier < 0 || tier > g.total {
		return nil
	}
	return g.ranks.children[tier]
}

// TierLoops is true for the last tier, where pieces step about.
func (g *Teeko) TierLoops(tier int) bool { return tier == g.total }
