package games

import (
	"math/bits"
	"slices"

	"github.com/sente-go/sente"
)

var (
	_ sente.TierRanker      = (*Gobblet)(nil)
	_ sente.SymmetricRanker = (*Gobblet)(nil)
	_ sente.Unmover         = (*Gobblet)(nil)
	_ sente.Symmetric       = (*Gobblet)(nil)
	_ sente.TierChildRanker = (*Gobblet)(nil)
)

// Gobblet Gobblers' ranks for the tier engine (sente.TierRanker) and its
// un-moves (sente.Unmover).
//
// A rank stands for a class of positions worth the same: the images of a
// board under the square's eight symmetries, each also with the colours
// swapped and the other player to move. A rank's position has x to move,
// and a position with o to move is ranked as its board with the colours
// swapped (gbMoverFirst).
//
// A placement takes a piece from the hand for good, and a step keeps both
// hands; so the tier of a position is the pair {a, b} of what the two
// players hold in hand (a hand is a number, each size's count a digit),
// the mover's and the other's in either order, since a step hands the
// move to the other player with the same pieces in hand. Placements lead
// to tiers of one piece fewer in hand; steps stay in the tier, and every
// tier but the start's, where nothing is on the board, has loops. Tiers
// are numbered by the pieces in hand, most first, so that a tier's
// children have higher numbers.
//
// Within a tier come first the boards whose mover holds a, then (when a
// differs from b) those whose mover holds b. A board is a layer for each
// size (the squares holding x's piece of that size and those holding
// o's), and a rank is mixed radix over the layers: the layer of the
// largest size on the board, the lead, as the index of its class under
// the eight symmetries among the classes of layers with its counts; then
// each smaller size's layer, mapped by the symmetry that takes the lead
// to its class's representative (the least layer of the class), as its
// rank among the layers with its counts. A rank so stands for the least
// of a board's images, the key Canonical gives. When the lead has
// symmetries of its own, several images of the board share the lead, and
// the ranks of all but the least are no positions (Unrank says so): in
// the largest tier (every piece on the board) about one rank in eight.
// The ranks are about a sixth of the boards: 441,744,955 in all, two
// bytes each in the engine's tables, and 61,725,888 in the largest tier,
// where GamesmanOne's tier solver, with the side to move in its ranks and
// no symmetry, has 864,162,432.
//
// Ranking a position looks a layer up in tables of a few tens of
// kilobytes (by its ternary index, a base-3 number of its squares), and
// a position's children are ranked from the position's own layers, of
// which a move changes one (NewChildRanker).

// gobbletSyms maps a plane of nine squares (bit row*3+col) under the
// square's eight symmetries, the identity first.
type gobbletSyms [8][512]uint16

func newGobbletSyms() (t gobbletSyms) {
	for g, perm := range tttSymmetries(3, 3) {
		for m := range 512 {
			var img uint16
			for sq := range gbSquare {
				if m>>sq&1 != 0 {
					img |= 1 << perm[sq]
				}
			}
			t[g][m] = img
		}
	}
	return t
}

// layer is a size's layer (x's plane below o's) under symmetry g.
func (t *gobbletSyms) layer(g int, v uint32) uint32 {
	return uint32(t[g][v&gbPlane]) | uint32(t[g][v>>9&gbPlane])<<9
}

// below is the layers of the sizes below size lead in key under symmetry
// g (the larger sizes dropped).
func (t *gobbletSyms) below(g int, key uint64, lead int) uint64 {
	var img uint64
	for s := range lead {
		img |= uint64(t.layer(g, uint32(key>>(18*s))&gbLayer)) << (18 * s)
	}
	return img
}

// gobbletRanks are the tables of a game, made once by NewGobblet.
type gobbletRanks struct {
	radix   int // pieces+1: a hand's count of a size is one of its digits
	hands   int // the hands a player may hold: radix^sizes
	full    int // the hand holding every piece
	classes int // the count classes of a layer: radix², x's count·radix + o's

	tiers []gbTier
	// halves are by the count classes of the sizes' layers, the small
	// pieces' the lowest digit (base classes; the class of a size not in
	// play is 0): the counts on the board say what each player holds.
	halves []gbHalf

	tern [512]uint16 // a plane's squares as a base-3 number of 0s and 1s
	// layerRank is, by a layer's ternary index (x's plane plus twice
	// o's), its rank among the layers with its counts. The tables below
	// are by a layer's place: its count class's first place (base) plus
	// its rank, 1,423 places in the full game, so that they stay in the
	// processor's first caches.
	layerRank [19683]uint16
	base      []int // by count class (x's count·radix + o's): its first place
	// lead is, by place, the index of the layer's class under the
	// symmetries among the classes of layers with its counts (bits 0 to
	// 15), and the symmetries that take it to the class's representative,
	// the least layer of the class (bits 16 to 23).
	lead []uint32
	// symRank is, by symmetry and place, the rank of the layer's image.
	symRank [8][]uint16
	layers  [][]uint32 // by count class: the layers, by rank
	reps    [][]uint32 // by count class: the classes' representatives, by index
	pow3    [9]int
}

// gbTier is a tier: the hands lo ≤ hi, the ranks of the boards whose
// mover holds lo (first), and all of them.
type gbTier struct {
	lo, hi      int
	first, size uint64
	children    []int
	halves      [2]int // the halves' indices, lo's and hi's
}

// gbHalf is the boards of a tier whose mover holds one hand and the other
// player the other: where their ranks start in the tier, the lead size
// (-1 for the empty board) with its count class's first place, and each
// smaller size's count class, first place and number of layers.
type gbHalf struct {
	offset    uint64
	below     uint64 // the boards of the layers below the lead: the radices' product
	radix     [3]uint32
	base      [3]uint16
	class     [3]uint8
	leadClass uint8 // the count class of the lead
	leadBase  uint16
	tier      int32
	lead      int8
}

// ternary is a layer's ternary index.
func (r *gobbletRanks) ternary(v uint32) int {
	return int(r.tern[v&gbPlane]) + 2*int(r.tern[v>>9&gbPlane])
}

// place is the place of layer v in the tables by place.
func (r *gobbletRanks) place(v uint32) int {
	return r.base[bits.OnesCount32(v&gbPlane)*r.radix+bits.OnesCount32(v>>9&gbPlane)] + int(r.layerRank[r.ternary(v)])
}

func (g *Gobblet) initRanks() {
	P := g.rules.Pieces
	r := &gobbletRanks{radix: P + 1}
	r.classes = r.radix * r.radix
	r.hands = 1
	for range g.rules.Sizes {
		r.hands *= r.radix
	}
	r.full = r.hands - 1
	r.pow3[0] = 1
	for sq := 1; sq < gbSquare; sq++ {
		r.pow3[sq] = 3 * r.pow3[sq-1]
	}
	for m := range 512 {
		for sq := range gbSquare {
			if m>>sq&1 != 0 {
				r.tern[m] += uint16(r.pow3[sq])
			}
		}
	}
	r.layers = make([][]uint32, r.classes)
	r.reps = make([][]uint32, r.classes)
	classOf := func(v uint32) int { return bits.OnesCount32(v&gbPlane)*r.radix + bits.OnesCount32(v>>9) }
	for v := range uint32(1 << 18) {
		x, o := v&gbPlane, v>>9
		if x&o != 0 || bits.OnesCount32(x) > P || bits.OnesCount32(o) > P {
			continue
		}
		cl := classOf(v)
		r.layerRank[r.ternary(v)] = uint16(len(r.layers[cl]))
		r.layers[cl] = append(r.layers[cl], v)
		rep := v
		for s := 1; s < 8; s++ {
			rep = min(rep, g.syms.layer(s, v))
		}
		if rep == v {
			r.reps[cl] = append(r.reps[cl], v)
		}
	}
	places := 0
	for _, layers := range r.layers {
		r.base = append(r.base, places)
		places += len(layers)
	}
	r.lead = make([]uint32, places)
	for s := range r.symRank {
		r.symRank[s] = make([]uint16, places)
	}
	for cl, layers := range r.layers {
		for i, v := range layers {
			rep := v
			for s := range 8 {
				img := g.syms.layer(s, v)
				rep = min(rep, img)
				r.symRank[s][r.base[cl]+i] = r.layerRank[r.ternary(img)]
			}
			var mask uint32
			for s := range 8 {
				if g.syms.layer(s, v) == rep {
					mask |= 1 << s
				}
			}
			j, _ := slices.BinarySearch(r.reps[cl], rep)
			r.lead[r.base[cl]+i] = uint32(j) | mask<<16
		}
	}

	// The tiers, most pieces in hand first.
	digit := func(hand, s int) int {
		for range s - g.lowest {
			hand /= r.radix
		}
		return hand % r.radix
	}
	inHand := func(hand int) int {
		n := 0
		for s := g.lowest; s < 3; s++ {
			n += digit(hand, s)
		}
		return n
	}
	// half is the index of the boards whose mover holds hand mover, the
	// other player other.
	half := func(mover, other int) int {
		i, mul := 0, 1
		for s := range 3 {
			if s >= g.lowest {
				i += ((P-digit(mover, s))*r.radix + P - digit(other, s)) * mul
			}
			mul *= r.classes
		}
		return i
	}
	var pairs [][2]int
	for a := range r.hands {
		for b := a; b < r.hands; b++ {
			pairs = append(pairs, [2]int{a, b})
		}
	}
	slices.SortStableFunc(pairs, func(p, q [2]int) int { return inHand(q[0]) + inHand(q[1]) - inHand(p[0]) - inHand(p[1]) })
	r.halves = make([]gbHalf, r.classes*r.classes*r.classes)
	for t, p := range pairs {
		tier := gbTier{lo: p[0], hi: p[1]}
		for i, mover := range [][2]int{{p[0], p[1]}, {p[1], p[0]}} {
			if i == 1 && p[0] == p[1] {
				break // one hand for both: one half
			}
			h := gbHalf{tier: int32(t), offset: tier.size, lead: -1}
			size := uint64(1)
			for s := range 3 {
				if s >= g.lowest {
					h.class[s] = uint8((P-digit(mover[0], s))*r.radix + P - digit(mover[1], s))
				}
				h.base[s] = uint16(r.base[h.class[s]])
				h.radix[s] = uint32(len(r.layers[h.class[s]]))
				if h.class[s] != 0 {
					h.lead = int8(s)
				}
			}
			for s := range int(max(h.lead, 0)) {
				size *= uint64(h.radix[s])
			}
			h.below = size
			if h.lead >= 0 {
				h.leadBase = h.base[h.lead]
				h.leadClass = h.class[h.lead]
				size *= uint64(len(r.reps[h.leadClass]))
			}
			tier.halves[i] = half(mover[0], mover[1])
			r.halves[tier.halves[i]] = h
			if i == 0 {
				tier.first = size
			}
			tier.size += size
		}
		r.tiers = append(r.tiers, tier)
	}
	for t := range r.tiers {
		tier := &r.tiers[t]
		pow := 1
		for s := g.lowest; s < 3; s++ {
			// The mover holding lo places a piece of size s: the other,
			// holding hi, is to move; and the other way round.
			if digit(tier.lo, s) > 0 {
				tier.children = append(tier.children, int(r.halves[half(tier.hi, tier.lo-pow)].tier))
			}
			if digit(tier.hi, s) > 0 {
				tier.children = append(tier.children, int(r.halves[half(tier.lo, tier.hi-pow)].tier))
			}
			pow *= r.radix
		}
		slices.Sort(tier.children)
		tier.children = slices.Compact(tier.children)
	}
	g.ranks = r
}

// gbMoverFirst is key with the colours swapped when o is to move, so that x
// is: the form every rank stands for.
func gbMoverFirst(key uint64) uint64 {
	// Without a branch: the player to move is as likely o as x.
	swap := -(key >> gbSide)
	return key ^ (key^gbSwapColours(key))&swap&^gbFlip ^ key&gbFlip
}

// gbX is every plane of x's pieces.
const gbX = gbPlane | gbPlane<<18 | gbPlane<<36

// gbSwapColours swaps x's pieces and o's, keeping the player to move.
func gbSwapColours(key uint64) uint64 {
	return key&gbFlip | (key&gbX)<<9 | key>>9&gbX
}

// gbLead is the largest size with a piece on the board of key, and its
// layer; -1 for an empty board.
func gbLead(key uint64) (int, uint32) {
	for s := 2; s >= 0; s-- {
		if v := uint32(key>>(18*s)) & gbLayer; v != 0 {
			return s, v
		}
	}
	return -1, 0
}

// leastBelow is the least image of the layers below the lead among the
// symmetries of mask.
func (g *Gobblet) leastBelow(key uint64, lead int, mask uint32) uint64 {
	best := ^uint64(0)
	for ; mask != 0; mask &= mask - 1 {
		best = min(best, g.syms.below(bits.TrailingZeros32(mask), key, lead))
	}
	return best
}

// Canonical is the representative of the position's class: x to move,
// and the least key among the eight images of the board. The least image
// has the least lead layer (the representative of its class), and then
// the least of the layers below among the symmetries that give it.
func (g *Gobblet) Canonical(key uint64) uint64 {
	key = gbMoverFirst(key)
	s, v := gbLead(key)
	if s < 0 {
		return key
	}
	r := g.ranks
	lead := r.lead[r.place(v)]
	rep := r.reps[bits.OnesCount32(v&gbPlane)*r.radix+bits.OnesCount32(v>>9)][lead&0xffff]
	return uint64(rep)<<(18*s) | g.leastBelow(key, s, lead>>16)
}

// TierRank returns the tier of the pieces in hand and the rank of the
// position's class in it.
func (g *Gobblet) TierRank(key uint64) (tier int, rank uint64) {
	key = gbMoverFirst(key)
	r := g.ranks
	var tern [3]int
	half := 0
	for s := 2; s >= 0; s-- {
		x, o := uint32(key>>(18*s))&gbPlane, uint32(key>>(18*s+9))&gbPlane
		tern[s] = int(r.tern[x]) + 2*int(r.tern[o])
		half = half*r.classes + bits.OnesCount32(x)*r.radix + bits.OnesCount32(o)
	}
	h := &r.halves[half]
	if h.lead < 0 {
		return int(h.tier), h.offset
	}
	return int(h.tier), h.offset + g.rankIn(h, tern)
}

// rankIn is the rank in its half h of the board whose layers have the
// ternary indices tern: the lead's class, then the layers below as mapped
// by the symmetry that takes the lead to its class's representative. A
// lead with symmetries of its own has several such symmetries, and the
// least image of the layers below is taken: within a count class the
// ranks of layers follow their values, so that the least rank below is
// the least key's, Canonical's.
func (g *Gobblet) rankIn(h *gbHalf, tern [3]int) uint64 {
	r := g.ranks
	lead := r.lead[int(h.leadBase)+int(r.layerRank[tern[h.lead]])]
	mask := lead >> 16
	sym := r.symRank[bits.TrailingZeros32(mask)]
	var rank uint64
	for s := int(h.lead) - 1; s >= 0; s-- {
		rank = rank*uint64(h.radix[s]) + uint64(sym[int(h.base[s])+int(r.layerRank[tern[s]])])
	}
	for mask &= mask - 1; mask != 0; mask &= mask - 1 {
		sym := r.symRank[bits.TrailingZeros32(mask)]
		var other uint64
		for s := int(h.lead) - 1; s >= 0; s-- {
			other = other*uint64(h.radix[s]) + uint64(sym[int(h.base[s])+int(r.layerRank[tern[s]])])
		}
		rank = min(rank, other)
	}
	return uint64(lead&0xffff)*h.below + rank
}

// NewChildRanker ranks a position's children from the position: each
// child's layers, hands and half follow from the parent's in a step or
// two, where TierRank on a child's key starts from nothing.
func (g *Gobblet) NewChildRanker() sente.ChildRankFunc { return g.appendChildRanks }

// appendChildRanks appends the tier and rank of each child of key, in
// AppendChildren's order.
func (g *Gobblet) appendChildRanks(dst []sente.TierPosition, key uint64) []sente.TierPosition {
	r := g.ranks
	c := int(key >> gbSide)
	ge := gbAtLeast(key)
	// A child has the other player to move, and is ranked with the
	// colours swapped so that they are x: the mover's pieces are its o's,
	// twice their squares' powers of 3 in a layer's ternary index.
	var mine [3]uint32
	var tern, step [3]int
	half, mul := 0, 1
	for s := range 3 {
		theirs := gbPlaneOf(key, s, 1-c)
		mine[s] = gbPlaneOf(key, s, c)
		tern[s] = int(r.tern[theirs]) + 2*int(r.tern[mine[s]])
		half += (bits.OnesCount32(theirs)*r.radix + bits.OnesCount32(mine[s])) * mul
		step[s] = mul
		mul *= r.classes
	}
	for s := 2; s >= g.lowest; s-- {
		if bits.OnesCount32(mine[s]) < g.rules.Pieces {
			// One more of the mover's pieces of size s on the board.
			dst = g.appendLayerRanks(dst, &r.halves[half+step[s]], tern, s, tern[s], gbPlane&^ge[s])
		}
	}
	for s := 2; s >= g.lowest; s-- {
		for own := mine[s] &^ ge[s+1]; own != 0; own &= own - 1 {
			from := bits.TrailingZeros32(own)
			dst = g.appendLayerRanks(dst, &r.halves[half], tern, s, tern[s]-2*r.pow3[from], gbPlane&^ge[s])
		}
	}
	return dst
}

// appendLayerRanks appends the tier and rank of the children in half h
// whose layers have the ternary indices tern but for size s's, which is
// at plus the mover's piece on a square of to.
func (g *Gobblet) appendLayerRanks(dst []sente.TierPosition, h *gbHalf, tern [3]int, s, at int, to uint32) []sente.TierPosition {
	r := g.ranks
	if s < int(h.lead) {
		// The lead stays, and with it the symmetry the layers below are
		// ranked by: only layer s's digit changes.
		lead := r.lead[int(h.leadBase)+int(r.layerRank[tern[h.lead]])]
		if mask := lead >> 16; mask&(mask-1) == 0 {
			sym := r.symRank[bits.TrailingZeros32(mask)]
			fixed, stride := uint64(lead&0xffff), uint64(1)
			for below := int(h.lead) - 1; below >= 0; below-- {
				fixed *= uint64(h.radix[below])
				if below < s {
					stride *= uint64(h.radix[below])
				}
				if below != s {
					fixed += uint64(sym[int(h.base[below])+int(r.layerRank[tern[below]])])
				}
			}
			sym = sym[h.base[s]:]
			for ; to != 0; to &= to - 1 {
				t := at + 2*r.pow3[bits.TrailingZeros32(to)]
				dst = append(dst, sente.TierPosition{Tier: int(h.tier), Rank: h.offset + fixed + stride*uint64(sym[r.layerRank[t]])})
			}
			return dst
		}
	}
	for ; to != 0; to &= to - 1 {
		tern[s] = at + 2*r.pow3[bits.TrailingZeros32(to)]
		dst = append(dst, sente.TierPosition{Tier: int(h.tier), Rank: h.offset + g.rankIn(h, tern)})
	}
	return dst
}

// Unrank returns the board of rank with x to move when it is the
// representative of its class.
func (g *Gobblet) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	r := g.ranks
	if tier < 0 || tier >= len(r.tiers) || rank >= r.tiers[tier].size {
		return 0, false
	}
	t := &r.tiers[tier]
	half := t.halves[0]
	if rank >= t.first {
		rank -= t.first
		half = t.halves[1]
	}
	h := &r.halves[half]
	if h.lead < 0 {
		return 0, true
	}
	below := rank % h.below
	rep := r.reps[h.leadClass][rank/h.below]
	key = uint64(rep) << (18 * int(h.lead))
	var places [3]int
	for s, rest := 0, below; s < int(h.lead); s++ {
		radix := uint64(h.radix[s])
		places[s] = int(h.base[s]) + int(rest%radix)
		key |= uint64(r.layers[h.class[s]][rest%radix]) << (18 * s)
		rest /= radix
	}
	// A lead with symmetries of its own: only the least image of the
	// layers below is the class's (see rankIn).
	for mask := r.lead[r.place(rep)] >> 16 &^ 1; mask != 0; mask &= mask - 1 {
		sym := r.symRank[bits.TrailingZeros32(mask)]
		var other uint64
		for s := int(h.lead) - 1; s >= 0; s-- {
			other = other*uint64(h.radix[s]) + uint64(sym[places[s]])
		}
		if other < below {
			return key, false
		}
	}
	return key, true
}

// TierSize is the tier's boards with either hand the mover's.
func (g *Gobblet) TierSize(tier int) uint64 {
	if tier < 0 || tier >= len(g.ranks.tiers) {
		return 0
	}
	return g.ranks.tiers[tier].size
}

// ChildTiers are the tiers of one piece fewer in either hand that a
// placement leads to. The slice is shared: callers must not change it.
func (g *Gobblet) ChildTiers(tier int) []int {
	if tier < 0 || tier >= len(g.ranks.tiers) {
		return nil
	}
	return g.ranks.tiers[tier].children
}

// TierLoops is true but for the start's tier, where nothing is on the
// board to step.
func (g *Gobblet) TierLoops(tier int) bool {
	r := g.ranks
	return tier >= 0 && tier < len(r.tiers) && (r.tiers[tier].lo != r.full || r.tiers[tier].hi != r.full)
}

// RanksBySymmetry is true: a rank stands for a class of up to sixteen
// positions.
func (g *Gobblet) RanksBySymmetry() bool { return true }

// ClassSide: the square's symmetries keep the empty board, so a class's
// sides are the player to move, x's side 0, each with the images of the
// board.
func (g *Gobblet) ClassSide(key uint64) (side int, positions uint64) {
	side = int(key >> gbSide & 1)
	key = gbMoverFirst(key)
	s, v := gbLead(key)
	if s < 0 {
		return side, 1
	}
	// The symmetries that keep the board keep its lead: a lead that no
	// symmetry keeps has eight images, and so has the board.
	if mask := g.ranks.lead[g.ranks.place(v)] >> 16; mask&(mask-1) == 0 {
		return side, 8
	}
	fixed := 0
	for sym := range 8 {
		if g.syms.layer(sym, v) == v && g.syms.below(sym, key, s) == key&(1<<(18*s)-1) {
			fixed++
		}
	}
	return side, uint64(8 / fixed)
}

// OtherSide swaps the colours and the player to move.
func (g *Gobblet) OtherSide(key uint64) uint64 {
	return gbSwapColours(key) ^ gbFlip
}

// AppendParents undoes each move the player who just moved may have made:
// each of their pieces showing, of size s on square q, came from the hand
// or from another square where nothing as large lies now (what it left
// there showed once it was lifted). A parent where a line shows had ended
// and is left out; what shows in a parent differs from what shows here on
// those two squares alone. No two un-moves give the same parent.
func (g *Gobblet) AppendParents(dst []uint64, key uint64) []uint64 {
	last := 1 - int(key>>gbSide) // the player who just moved
	ge := gbAtLeast(key)
	parent := key ^ gbFlip
	var shown, under [2]uint32
	shown[0], shown[1] = gbShowing(key)
	under[0], under[1] = gbUnder(key)
	for s := 2; s >= g.lowest; s-- {
		base := uint(18*s + 9*last)
		for own := uint32(key>>base) & gbPlane &^ ge[s+1]; own != 0; own &= own - 1 {
			q := own & -own
			lifted := parent ^ uint64(q)<<base
			// Without the piece on q, what it covers shows there.
			mine := shown[last]&^q | under[last]&q
			theirs := shown[1-last] | under[1-last]&q
			if !g.line(mine) && !g.line(theirs) {
				dst = append(dst, lifted) // placed from the hand
			}
			for free := gbPlane &^ ge[s]; free != 0; free &= free - 1 {
				from := free & -free
				if !g.line(mine|from) && !g.line(theirs&^from) {
					dst = append(dst, lifted|uint64(from)<<base)
				}
			}
		}
	}
	return dst
}

// gbUnder is the squares where the piece under the top piece is x's, and
// those where it is o's: what shows there once the top piece is lifted.
func gbUnder(key uint64) (x, o uint32) {
	var one, two uint32 // the squares with a piece, with two, seen from the top
	for s := 2; s >= 0; s-- {
		px, po := gbPlaneOf(key, s, 0), gbPlaneOf(key, s, 1)
		second := (px | po) & one &^ two
		x |= px & second
		o |= po & second
		two |= (px | po) & one
		one |= px | po
	}
	return x, o
}
