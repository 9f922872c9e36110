package games

import (
	"math/bits"

	"github.com/sente-go/sente"
)

var (
	_ sente.TierRanker      = (*Connect4)(nil)
	_ sente.TierScanner     = (*Connect4)(nil)
	_ sente.TierChildRanker = (*Connect4)(nil)
)

// Connect four's ranks for the tier engine (sente.TierRanker).
//
// The tier of a position is the number of stones on the board, 0 to w·h;
// every move adds one, so a tier's only child is the next and no tier
// loops. Within tier t a position is numbered in two parts:
//
//   - its column heights (h_0, ..., h_{w-1}), each 0 to h and summing to
//     t, numbered among all such vectors with the last column the most
//     significant digit, from a table of how many vectors of c columns
//     sum to s;
//   - which ⌈t/2⌉ of the t filled cells, taken column by column from the
//     bottom up, hold the first player's stones, as a colexicographic rank
//     among the C(t, ⌈t/2⌉) choices.
//
// rank = heights·C(t, ⌈t/2⌉) + stones. Every rank is a board, including
// boards play never reaches (both players with a line, a line below
// further stones): the engine's forward pass from the start marks which
// are reachable.
//
// The heights come last-column-first so that TierRank runs in one pass over
// the columns from the left: the part of the rank column c adds depends
// only on the heights of columns 0 to c.

// c4Ranks are the tables of a board size, made once by NewConnect4.
type c4Ranks struct {
	// vectors[c*(cells+1)+s] is how many height vectors of c columns sum
	// to s (c from 0 to w).
	vectors []uint64
	// below[(c*(cells+1)+s)*(h+1)+v] is how many height vectors of columns
	// 0 to c sum to s and have column c lower than v: the part of the
	// heights' rank that column c adds when columns 0 to c sum to s.
	below []uint64
	// size[t] is the size of tier t; children[t] lists tier t+1.
	size     []uint64
	children [][]int
	colex    *[8][33][256]uint64 // colexByte, for the first player's stones
	uncolex  *[16][33][16]uint64 // colexNibble, for the same
}

func (g *Connect4) initRanks() {
	w, h, cells := g.w, g.h, g.cells
	r := &c4Ranks{
		vectors:  make([]uint64, (w+1)*(cells+1)),
		below:    make([]uint64, w*(cells+1)*(h+1)),
		size:     make([]uint64, cells+1),
		children: make([][]int, cells+1),
	}
	vec := func(c, s int) uint64 {
		if s < 0 || s > c*h {
			return 0
		}
		return r.vectors[c*(cells+1)+s]
	}
	r.vectors[0] = 1
	for c := 1; c <= w; c++ {
		for s := 0; s <= c*h; s++ {
			var n uint64
			for v := 0; v <= h && v <= s; v++ {
				n += vec(c-1, s-v)
			}
			r.vectors[c*(cells+1)+s] = n
		}
	}
	for c := range w {
		for s := 0; s <= cells; s++ {
			var n uint64
			for v := 0; v <= h; v++ {
				r.below[(c*(cells+1)+s)*(h+1)+v] = n
				n += vec(c, s-v)
			}
		}
	}
	for t := 0; t <= cells; t++ {
		// TestConnect4TierSizes checks against big integers that no
		// board the parameters allow overflows here (7×6 peaks at 8.4e12
		// ranks, in tier 36).
		r.size[t] = vec(w, t) * binom[t][(t+1)/2]
		if t < cells {
			r.children[t] = []int{t + 1}
		}
	}
	r.colex = colexByte()
	r.uncolex = colexNibble()
	g.ranks = r
}

// TierRank returns the number of stones on the board and the position's
// rank among the boards with that many stones.
func (g *Connect4) TierRank(key uint64) (tier int, rank uint64) {
	r := g.ranks
	field := uint64(1)<<g.h1 - 1
	stride := (g.cells + 1) * (g.h + 1)
	var heights, first uint64
	s, base := 0, 0
	for c := range g.w {
		col := key >> (uint(c) * g.h1) & field
		hc := bits.Len64(col) - 1 // the sentinel sits at the column's height
		first |= (col &^ (1 << uint(hc))) << uint(s)
		s += hc
		heights += r.below[base+s*(g.h+1)+hc]
		base += stride
	}
	return s, heights*binom[s][(s+1)/2] + colexRankBytes(r.colex, first)
}

// Unrank returns the key of the board of rank in tier: every rank below
// TierSize is a board.
func (g *Connect4) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	if tier < 0 || tier > g.cells || rank >= g.ranks.size[tier] {
		return 0, false
	}
	k := (tier + 1) / 2
	choices := binom[tier][k]
	heights := g.unrankHeights(tier, rank/choices)
	return g.placeStones(&heights, colexUnrankNibbles(g.ranks.uncolex, tier, k, rank%choices)), true
}

// unrankHeights returns the column heights of rank hr among the height
// vectors that sum to tier.
func (g *Connect4) unrankHeights(tier int, hr uint64) (heights [9]int) {
	r := g.ranks
	s := tier
	stride := (g.cells + 1) * (g.h + 1)
	for c := g.w - 1; c >= 0; c-- {
		// Column c is the largest v with below[v] ≤ hr: below grows with v,
		// so v is how many of below[1..h] are at most hr, counted without
		// a branch.
		row := r.below[c*stride+s*(g.h+1):][:g.h+1]
		v := g.h
		for _, b := range row[1:] {
			v -= int((hr - b) >> 63) // b ≤ hr exactly when hr-b does not wrap
		}
		hr -= row[v]
		heights[c], s = v, s-v
	}
	return heights
}

// placeStones is the key of the board with these column heights whose
// filled cells, taken column by column from the bottom up, hold the first
// player's stones where first has a bit.
func (g *Connect4) placeStones(heights *[9]int, first uint64) (key uint64) {
	for c := range g.w {
		hc := uint(heights[c])
		col := first&(1<<hc-1) | 1<<hc
		first >>= hc
		key |= col << (uint(c) * g.h1)
	}
	return key
}

// ScanTier lists the boards of tier from rank lo to hi in rank order. Within
// one height vector the first player's stones run through their choices
// in colexicographic order, which is the numeric order of their bitmasks,
// so each next choice is the next larger number with as many bits set.
func (g *Connect4) ScanTier(tier int, lo, hi uint64, marked []uint64, yield func(rank, key uint64) bool) {
	if tier < 0 || tier > g.cells {
		return
	}
	hi = min(hi, g.ranks.size[tier])
	k := (tier + 1) / 2
	choices := binom[tier][k]
	for rank := lo; rank < hi; {
		hr := rank / choices
		heights := g.unrankHeights(tier, hr)
		first := colexUnrankNibbles(g.ranks.uncolex, tier, k, rank%choices)
		end := min(hi, (hr+1)*choices)
		for {
			if i := rank - lo; marked == nil || marked[i/64]&(1<<(i%64)) != 0 {
				if !yield(rank, g.placeStones(&heights, first)) {
					return
				}
			}
			if rank++; rank == end {
				break
			}
			first = nextChoice(first)
		}
	}
}

// NewChildRanker ranks the children of a board from the board: the parts of
// their ranks that come from the column heights are worked out once for
// all the boards with the same heights, as a scan in rank order lists
// them one after another, and the stones' parts a board at a time.
func (g *Connect4) NewChildRanker() sente.ChildRankFunc {
	r := &c4ChildRanker{g: g, occupied: ^uint64(0)}
	return r.appendChildRanks
}

// c4ChildRanker keeps what the column heights of the last board ranked
// give its children.
type c4ChildRanker struct {
	g        *Connect4
	occupied uint64 // the filled cells of the heights kept; all ones at first
	full     bool
	t        int  // the children's tier
	even     bool // an even number of stones: the first player moves
	// By column: its filled cells' bits in the key, where its stones start
	// among the filled cells, the filled cells up to the new stone it
	// takes (sum), whether it is open, and the heights' part of the rank
	// of the child that plays in it, times the child tier's choices.
	stones  [9]uint64
	start   [9]uint
	sum     [9]int
	open    [9]bool
	heights [9]uint64
}

// load works out the children's heights' parts for the heights of a board
// whose filled cells are occupied.
//
// A stone dropped in column c leaves the parts of the heights' rank that
// columns left of c add as they are, and adds one to the running sum of
// every column from c on; so with the parts of the columns left of c
// summed from the left (before) and those of the columns right of c,
// their sums raised by one, summed from the right (after), a child's
// heights rank is before + column c's new part + after.
func (cr *c4ChildRanker) load(occupied uint64) {
	g, r := cr.g, cr.g.ranks
	field := uint64(1)<<g.h1 - 1
	hp1 := g.h + 1
	stride := (g.cells + 1) * hp1
	var (
		height        [9]int
		before, after [10]uint64
	)
	s := 0
	for c := range g.w {
		hc := bits.OnesCount64(occupied >> (uint(c) * g.h1) & field)
		cr.stones[c] = (uint64(1)<<uint(hc) - 1) << (uint(c) * g.h1)
		cr.start[c] = uint(s)
		s += hc
		height[c], cr.sum[c], cr.open[c] = hc, s, hc < g.h
		before[c+1] = before[c] + r.below[c*stride+s*hp1+hc]
	}
	cr.occupied, cr.full, cr.t, cr.even = occupied, s == g.cells, s+1, s&1 == 0
	if cr.full {
		return
	}
	for c := g.w - 1; c >= 0; c-- {
		after[c] = after[c+1] + r.below[c*stride+(cr.sum[c]+1)*hp1+height[c]]
	}
	choices := binom[cr.t][(cr.t+1)/2]
	for c := range g.w {
		if cr.open[c] {
			cr.heights[c] = (before[c] + r.below[c*stride+(cr.sum[c]+1)*hp1+height[c]+1] + after[c+1]) * choices
		}
	}
}

// appendChildRanks ranks a board's children: the heights' parts kept, and
// the first player's stones with the new stone's cell inserted among them
// (set when the first player moves), ranked by the byte tables. Summing
// binomials a stone at a time instead costs a fifth more: its loops end
// where the stones do, which the processor cannot foresee.
func (cr *c4ChildRanker) appendChildRanks(dst []sente.TierPosition, key uint64) []sente.TierPosition {
	g := cr.g
	if occupied := g.occupied(key); occupied != cr.occupied {
		cr.load(occupied)
	}
	if cr.full {
		return dst
	}
	var first uint64
	for c := range g.w {
		first |= (key & cr.stones[c]) >> (uint(c) * g.h1) << cr.start[c]
	}
	var mover uint64
	if cr.even {
		mover = 1
	}
	colex := g.ranks.colex
	for c := range g.w {
		if !cr.open[c] {
			continue
		}
		p := uint(cr.sum[c]) // filled cells before column c's new stone
		stones := first&(1<<p-1) | first>>p<<(p+1) | mover<<p
		dst = append(dst, sente.TierPosition{Tier: cr.t, Rank: cr.heights[c] + colexRankBytes(colex, stones)})
	}
	return dst
}

// nextChoice is the next larger number than x, which is not zero, with as
// many bits set.
func nextChoice(x uint64) uint64 {
	low := x & -x
	up := x + low
	return up | (up^x)>>2>>uint(bits.TrailingZeros64(x))
}

// TierSize is the number of boards with tier stones: height vectors times
// the choices of the first player's stones.
func (g *Connect4) TierSize(tier int) uint64 {
	if tier < 0 || tier > g.cells {
		return 0
	}
	return g.ranks.size[tier]
}

// ChildTiers is the next tier below a full board, and none on it. The slice
// is shared: callers must not change it.
func (g *Connect4) ChildTiers(tier int) []int {
	if tier < 0 || tier > g.cells {
		return nil
	}
	return g.ranks.children[tier]
}

// TierLoops is false: every move adds a stone.
func (g *Connect4) TierLoops(int) bool { return false }
