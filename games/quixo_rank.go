package games

import (
	"math/bits"

	"github.com/sente-go/sente"
)

// Quixo's ranks for the tier engine (sente.TierRanker) and its un-moves
// (sente.Unmover).
//
// Ranks count positions up to symmetry. Swapping the symbols and the side
// to move changes no value for the player to move, so a rank never says
// whose turn it is: its position has x to move, and a position with o to
// move is ranked as the same board with the symbols swapped. The tier of a
// board is the pair {a, b}, a ≤ b, of the counts of the two symbols; a
// move turns a blank cube or one of the mover's own, so the mover's count
// grows by one or stays, and a tier's moves lead to itself or to a tier of
// one cube more, never back. Tiers are numbered by a+b and then by a, from
// 0 for the empty board, so that a tier's children (ChildTiers) have higher
// numbers than it: this one numbering is the tier engine's, the one stored
// tables are named by, and Tier's (sente.Tiered) for the hashing engine,
// both of which solve children, the higher numbers, first. Within the tier, the boards where the mover
// has a cubes come first and, when a < b, those where it has b follow;
// each board is the colex rank of its marked cells times the ways to split
// them, plus the rank of the mover's cubes among them (cellPairRanks).
//
// The eight symmetries of the square are in the ranks too, sparsely: of
// the eight images of a board only the one Canonical picks, the least key,
// is a position (Unrank says no to the others). The engine then solves
// one board in each class of up to sixteen, and holds two bytes for each
// rank, positions or not: 3^16 = 43,046,721 ranks for 4×4.

// quixoRanks are the tiers of a board, made by NewQuixo.
type quixoRanks struct {
	tierOf   [26][26]int // tierOf[a][b], a ≤ b, a+b ≤ cells: the tier's number
	counts   []quixoTier
	children [][]int
	pairs    cellPairRanks
}

// quixoTier is a tier's counts a ≤ b and its size: the boards where the
// mover has a cubes (half of it), and then those where it has b.
type quixoTier struct {
	a, b int
	half uint64 // C(cells, a+b)·C(a+b, a)
	size uint64 // half, or twice it when a < b
}

func (g *Quixo) initRanks() {
	r := &quixoRanks{pairs: newCellPairRanks()}
	for total := 0; total <= g.cells; total++ {
		for a := 0; 2*a <= total; a++ {
			b := total - a
			r.tierOf[a][b] = len(r.counts)
			half := binom[g.cells][total] * binom[total][a]
			size := half
			if a < b {
				size *= 2
			}
			r.counts = append(r.counts, quixoTier{a, b, half, size})
		}
	}
	r.children = make([][]int, len(r.counts))
	for t, c := range r.counts {
		// The mover has a (or b) and turns a blank: the opponent, to move
		// next, faces a+1 (or b+1) cubes of the other symbol.
		for _, next := range [][2]int{{c.a + 1, c.b}, {c.a, c.b + 1}} {
			lo, hi := min(next[0], next[1]), max(next[0], next[1])
			if lo+hi > g.cells {
				continue
			}
			child := r.tierOf[lo][hi]
			if len(r.children[t]) == 0 || r.children[t][0] != child {
				r.children[t] = append(r.children[t], child)
			}
		}
	}
	g.ranks = r
}

// moverFirst is key with the symbols swapped when o is to move, so that x
// is: the form every rank stands for.
func moverFirst(key uint64) uint64 {
	if key>>quixoSide&1 == 0 {
		return key
	}
	x, o := key&(1<<quixoPlane-1), key>>quixoPlane&(1<<quixoPlane-1)
	return o | x<<quixoPlane
}

// Canonical is the representative of the position's class under the eight
// symmetries of the square (which map lines to lines and pushes to
// pushes) and the swap of the symbols with the side to move: x to move,
// and the least key of the eight images.
func (g *Quixo) Canonical(key uint64) uint64 {
	key = moverFirst(key)
	x, o := uint32(key)&(1<<quixoPlane-1), uint32(key>>quixoPlane)
	if ps := g.pairSyms; ps != nil {
		packed := x | o<<16
		best := packed
		for s := 1; s < ps.n; s++ {
			best = min(best, ps.image(s, packed))
		}
		return uint64(best&0xffff) | uint64(best>>16)<<quixoPlane
	}
	x, o = g.syms.least(x, o)
	return uint64(x) | uint64(o)<<quixoPlane
}

// TierRank ranks the position's representative (Canonical).
func (g *Quixo) TierRank(key uint64) (tier int, rank uint64) {
	key = g.Canonical(key)
	mover, opp := uint32(key)&(1<<quixoPlane-1), uint32(key>>quixoPlane)
	r := g.ranks
	occRank, moverRank, filled := r.pairs.rank(mover, mover|opp)
	m := bits.OnesCount32(mover)
	a, b := min(m, filled-m), max(m, filled-m)
	tier = r.tierOf[a][b]
	if m > a {
		rank = r.counts[tier].half
	}
	return tier, rank + occRank*binom[filled][m] + moverRank
}

// Unrank returns the board of rank with x to move, when it is the
// representative of its class.
func (g *Quixo) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	r := g.ranks
	if tier < 0 || tier >= len(r.counts) || rank >= r.counts[tier].size {
		return 0, false
	}
	c := r.counts[tier]
	m := c.a
	if rank >= c.half {
		rank -= c.half
		m = c.b
	}
	filled := c.a + c.b
	choices := binom[filled][m]
	mover, occ := r.pairs.unrank(g.cells, filled, m, rank/choices, rank%choices)
	opp := occ &^ mover
	if ps := g.pairSyms; ps != nil {
		packed := mover | opp<<16
		for s := 1; s < ps.n; s++ {
			if ps.image(s, packed) < packed {
				return 0, false
			}
		}
		return uint64(mover) | uint64(opp)<<quixoPlane, true
	}
	for s := 1; s < g.syms.n; s++ {
		if imgO := g.syms.image(s, opp); imgO < opp || imgO == opp && g.syms.image(s, mover) < mover {
			return 0, false
		}
	}
	return uint64(mover) | uint64(opp)<<quixoPlane, true
}

// TierSize is the tier's boards with either count the mover's.
func (g *Quixo) TierSize(tier int) uint64 {
	if tier < 0 || tier >= len(g.ranks.counts) {
		return 0
	}
	return g.ranks.counts[tier].size
}

// ChildTiers are the tiers of one cube more. The slice is shared: callers
// must not change it.
func (g *Quixo) ChildTiers(tier int) []int {
	if tier < 0 || tier >= len(g.ranks.children) {
		return nil
	}
	return g.ranks.children[tier]
}

// TierLoops is true but for the empty board: pushing one's own cube keeps
// the counts.
func (g *Quixo) TierLoops(tier int) bool { return tier > 0 }

// AppendParents undoes each push whose entry cell shows the last mover's
// symbol: the slid cubes step back towards the entry, and the cell the
// cube was taken from showed blank or the last mover's symbol before.
// Parents with a line on the board had ended and are left out.
func (g *Quixo) AppendParents(dst []uint64, key uint64) []uint64 {
	lastO := key>>quixoSide&1 == 0 // the parent had o to move
	var plane uint                 // where the last mover's cubes lie
	if lastO {
		plane = quixoPlane
	}
	from := len(dst)
	for i := range g.pushes {
		p := &g.pushes[i]
		if key>>plane&uint64(p.entry) == 0 {
			continue
		}
		rest := p.segment &^ bothPlanes(p.entry)
		parent := key&^p.segment | (key&rest)>>p.up<<p.down
		parent ^= 1 << quixoSide
		// A parent with a line had ended: the player to move here has the
		// same cubes whatever was taken, and a line of the last mover's
		// without the taken cube is one with it.
		if g.lines.has(uint32(parent>>(quixoPlane-plane))&g.full) || g.lines.has(uint32(parent>>plane)&g.full) {
			continue
		}
		for _, taken := range []uint64{0, uint64(p.from) << plane} {
			pk := parent | taken
			if taken != 0 && g.lines.has(uint32(pk>>plane)&g.full) {
				continue
			}
			dup := false
			for _, seen := range dst[from:] {
				if seen == pk {
					dup = true
					break
				}
			}
			if !dup {
				dst = append(dst, pk)
			}
		}
	}
	return dst
}

// RanksBySymmetry is true: a rank stands for a class of up to sixteen.
func (g *Quixo) RanksBySymmetry() bool { return true }

// ClassSide: the square's symmetries keep the empty board, so a class's
// sides are the side to move, x's side 0, with the images of the board.
func (g *Quixo) ClassSide(key uint64) (side int, positions uint64) {
	side = int(key >> quixoSide & 1)
	key = moverFirst(key)
	return side, g.syms.orbit(uint32(key)&(1<<quixoPlane-1), uint32(key>>quixoPlane))
}

// OtherSide swaps the symbols and the side to move.
func (g *Quixo) OtherSide(key uint64) uint64 {
	return moverFirst(key|1<<quixoSide) | (key>>quixoSide&1^1)<<quixoSide
}

var (
	_ sente.TierRanker      = (*Quixo)(nil)
	_ sente.SymmetricRanker = (*Quixo)(nil)
	_ sente.Unmover         = (*Quixo)(nil)
)
