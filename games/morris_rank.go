package games

import (
	"math/bits"
	"slices"
	"sort"

	"github.com/sente-go/sente"
)

var (
	_ sente.TierRanker      = (*Morris)(nil)
	_ sente.SymmetricRanker = (*Morris)(nil)
	_ sente.Tiered          = (*Morris)(nil)
)

// Morris's ranks for the tier engine (sente.TierRanker).
//
// A player's stones are a config: how many in hand, how many on the board.
// A rank stands for a position with its colours swapped, when o is to
// move, so that the player to move is x: the game is the same for both
// players and a value is for the player to move. The tier of a position is
// the pair of the two players' configs, unordered: a move that neither
// places nor takes leaves the configs as they were with the other player
// to move, the same pair, so the pair's two orders are one tier, where men
// move about (the moving phase, and every phase by Lasker's rule: such a
// tier loops). A placement puts a stone from hand on the board, and a
// mill takes one of the opponent's off it: every other move leads to a
// tier with fewer stones in all, or as many with fewer in hand, never
// back. Tiers are numbered by those two counts from the most, so that a
// tier's children have higher numbers than it: one numbering for the tier
// engine and for Tier (sente.Tiered).
//
// Within a tier the ranks of each order of the pair follow one another:
// the player to move has the first config, then (when the two differ and
// the order can happen) the second. Without Lasker's rule the player to
// move has as many stones in hand as the other, or one more, so a pair
// whose hands differ has one order only.
//
// The ranks are dense over classes of positions under the board's
// symmetries (16 on the 24- and 16-point boards, 8 on the 17-point one
// and with diagonals), not over boards: a rank is the index of the
// canonical occupied points among the canonical sets of as many points
// (morrisClasses), times the ways to split them, plus the colex rank of
// the mover's stones among them. The canonical position of a class is
// the image with the least occupied points and, of those, the least
// stones of the player to move; the ranks of the other choices of stones
// on an occupied set that a symmetry keeps stand for nothing (Unrank says
// no to them). With the colours swapped and the other player to move, a
// rank stands for up to 32 positions, and the engine holds two bytes for
// each, about a sixteenth of what ranks over boards took.

// morrisConfig is one player's stones: in hand and on the board.
type morrisConfig struct{ hand, board int }

func (c morrisConfig) stones() int { return c.hand + c.board }

// morrisOrder is one order of a tier's pair: the mover's config first, and
// where its ranks start.
type morrisOrder struct {
	mover, other morrisConfig
	offset, half uint64 // ranks before it in the tier; its ranks
	split        uint64 // C(filled, mover.board): the ways to split the occupied points
	filled       int
}

// morrisTier is a tier: its orders, size, and whether it loops or has
// ended.
type morrisTier struct {
	orders []morrisOrder
	size   uint64
	// ended: a player has fewer than three stones, so every position of
	// the tier has ended.
	ended, loops bool
}

// morrisRanks are the tiers of a game, made by NewMorris.
type morrisRanks struct {
	ids      int   // configs of one player: (men+1)² ids, hand·(men+1)+board
	tierOf   []int // tierOf[a·ids+b], a ≥ b: the tier of the pair of configs a and b, or -1
	tiers    []morrisTier
	children [][]int
	pairs    cellPairRanks
}

func (g *Morris) configID(c morrisConfig) int { return c.hand*(g.men+1) + c.board }

func (g *Morris) initRanks() {
	r := &morrisRanks{ids: (g.men + 1) * (g.men + 1), pairs: newCellPairRanks()}
	var configs []morrisConfig
	for h := 0; h <= g.men; h++ {
		for b := 0; h+b <= g.men; b++ {
			configs = append(configs, morrisConfig{h, b})
		}
	}
	type pair struct{ a, b morrisConfig }
	var pairs []pair
	for i, a := range configs {
		for _, b := range configs[:i+1] {
			if a.board+b.board <= g.b.points {
				pairs = append(pairs, pair{a, b})
			}
		}
	}
	// The most stones first, then the most in hand: children come later.
	sort.SliceStable(pairs, func(i, j int) bool {
		si, sj := pairs[i].a.stones()+pairs[i].b.stones(), pairs[j].a.stones()+pairs[j].b.stones()
		if si != sj {
			return si > sj
		}
		return pairs[i].a.hand+pairs[i].b.hand > pairs[j].a.hand+pairs[j].b.hand
	})
	r.tierOf = make([]int, r.ids*r.ids)
	for i := range r.tierOf {
		r.tierOf[i] = -1
	}
	for t, p := range pairs {
		ia, ib := g.configID(p.a), g.configID(p.b)
		r.tierOf[max(ia, ib)*r.ids+min(ia, ib)] = t
		tier := morrisTier{ended: p.a.stones() < 3 || p.b.stones() < 3}
		for _, o := range [][2]morrisConfig{{p.a, p.b}, {p.b, p.a}} {
			if len(tier.orders) == 1 && o[0] == tier.orders[0].mover {
				break // one order when the configs are the same
			}
			if !g.lasker && o[0].hand != o[1].hand && o[0].hand != o[1].hand+1 {
				continue
			}
			filled := o[0].board + o[1].board
			split := binom[filled][o[0].board]
			half := g.classes.count[filled] * split
			tier.orders = append(tier.orders, morrisOrder{mover: o[0], other: o[1], offset: tier.size, half: half, split: split, filled: filled})
			tier.size += half
		}
		r.tiers = append(r.tiers, tier)
	}
	g.ranks = r
	r.children = make([][]int, len(r.tiers))
	for t := range r.tiers {
		tier := &r.tiers[t]
		if tier.ended {
			continue
		}
		var kids []int
		add := func(mover, other morrisConfig) {
			if c := g.tierOfConfigs(mover, other); c >= 0 && c != t && !slices.Contains(kids, c) {
				kids = append(kids, c)
			}
		}
		for _, o := range tier.orders {
			m, p := o.mover, o.other
			if m.hand > 0 && m.board+p.board < g.b.points {
				placed := morrisConfig{m.hand - 1, m.board + 1}
				add(p, placed)
				if placed.board >= 3 && p.board > 0 {
					add(morrisConfig{p.hand, p.board - 1}, placed)
				}
			}
			if g.movesMen(m.hand) && m.board > 0 {
				tier.loops = true
				if m.board >= 3 && p.board > 0 {
					add(morrisConfig{p.hand, p.board - 1}, m)
				}
			}
		}
		slices.Sort(kids)
		r.children[t] = kids
	}
}

// tierOfConfigs is the tier of a pair of configs, or -1 when there is
// none.
func (g *Morris) tierOfConfigs(a, b morrisConfig) int {
	if a.hand < 0 || b.hand < 0 || a.board < 0 || b.board < 0 || a.stones() > g.men || b.stones() > g.men {
		return -1
	}
	ia, ib := g.configID(a), g.configID(b)
	return g.ranks.tierOf[max(ia, ib)*g.ranks.ids+min(ia, ib)]
}

// morrisMoverFirst is key with the colours and the stones in hand swapped when
// o is to move, so that x is: the form every rank stands for.
func morrisMoverFirst(key uint64) uint64 {
	if key>>morrisSide&1 == 0 {
		return key
	}
	return morrisOtherSide(key) &^ (1 << morrisSide)
}

// morrisOtherSide swaps the colours, the stones in hand and the side to move.
func morrisOtherSide(key uint64) uint64 {
	x, o := key&morrisMask, key>>morrisPlane&morrisMask
	hx, ho := key>>morrisHands&morrisHandMask, key>>(morrisHands+4)&morrisHandMask
	side := key>>morrisSide&1 ^ 1
	return o | x<<morrisPlane | ho<<morrisHands | hx<<(morrisHands+4) | side<<morrisSide
}

// Canonical is the representative of the position's class: x to move (the
// colours and the stones in hand swapped when o is), and of the images
// under the board's symmetries, which map lines to lines and mills to
// mills, the one with the least occupied points and then the least points
// of x: the position the class's rank stands for.
func (g *Morris) Canonical(key uint64) uint64 {
	key = morrisMoverFirst(key)
	x, o := uint32(key)&morrisMask, uint32(key>>morrisPlane)&morrisMask
	x, occ := g.syms.least(x, x|o)
	return key&^(1<<morrisHands-1) | uint64(x) | uint64(occ&^x)<<morrisPlane
}

// Tier is the tier TierRank gives: the pair of the players' configs.
func (g *Morris) Tier(key uint64) int {
	mine, theirs, myHand, theirHand, _ := g.split(key)
	return g.tierOfConfigs(morrisConfig{myHand, bits.OnesCount32(mine)}, morrisConfig{theirHand, bits.OnesCount32(theirs)})
}

// TierRank ranks the position's representative (Canonical), found by
// the class of its occupied points rather than by trying every symmetry.
func (g *Morris) TierRank(key uint64) (tier int, rank uint64) {
	key = morrisMoverFirst(key)
	mover, other := uint32(key)&morrisMask, uint32(key>>morrisPlane)&morrisMask
	m := morrisConfig{int(key >> morrisHands & morrisHandMask), bits.OnesCount32(mover)}
	p := morrisConfig{int(key >> (morrisHands + 4) & morrisHandMask), bits.OnesCount32(other)}
	tier = g.tierOfConfigs(m, p)
	o := &g.ranks.tiers[tier].orders[0]
	if o.mover != m {
		o = &g.ranks.tiers[tier].orders[1]
	}
	index, set, mover := g.classes.canonical(mover, mover|other)
	return tier, o.offset + index*o.split + g.ranks.pairs.rankWithin(mover, set)
}

// Unrank returns the position of rank with x to move, and whether it is
// the representative of its class (false for the ranks that stand for
// nothing).
func (g *Morris) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	r := g.ranks
	if tier < 0 || tier >= len(r.tiers) || rank >= r.tiers[tier].size {
		return 0, false
	}
	orders := r.tiers[tier].orders
	o := &orders[0]
	if rank >= o.half {
		o = &orders[1]
	}
	rank -= o.offset
	class := g.classes.class(o.filled, rank/o.split)
	mover := r.pairs.unrankWithin(class.set, o.filled, o.mover.board, rank%o.split)
	other := class.set &^ mover
	key = uint64(mover) | uint64(other)<<morrisPlane | uint64(o.mover.hand)<<morrisHands | uint64(o.other.hand)<<(morrisHands+4)
	return key, class.fixedBy == 0 || g.classes.leastWithin(class, mover)
}

// TierSize is the ranks of the tier's orders.
func (g *Morris) TierSize(tier int) uint64 {
	if tier < 0 || tier >= len(g.ranks.tiers) {
		return 0
	}
	return g.ranks.tiers[tier].size
}

// ChildTiers are the tiers a placement or a mill leads to; none when a
// player has fewer than three stones, which ends every position of the
// tier. The slice is shared: callers must not change it.
func (g *Morris) ChildTiers(tier int) []int {
	if tier < 0 || tier >= len(g.ranks.children) {
		return nil
	}
	return g.ranks.children[tier]
}

// TierLoops is true for a tier where the player to move may move a man on
// the board: once all stones are placed, and in every phase by Lasker's
// rule.
func (g *Morris) TierLoops(tier int) bool {
	return tier >= 0 && tier < len(g.ranks.tiers) && g.ranks.tiers[tier].loops
}

// RanksBySymmetry is true: a rank stands for a class of positions.
func (g *Morris) RanksBySymmetry() bool { return true }

// ClassSide: the board's symmetries keep the empty board, so a class's
// sides are the side to move, x's side 0, each with the images of its
// board.
func (g *Morris) ClassSide(key uint64) (side int, positions uint64) {
	side = int(key >> morrisSide & 1)
	key = morrisMoverFirst(key)
	x, o := uint32(key)&morrisMask, uint32(key>>morrisPlane)&morrisMask
	// Most occupied sets have no symmetry but the identity, and then
	// neither has the position: every symmetry makes an image of its own.
	if !g.classes.hasSymmetries(x | o) {
		return side, uint64(g.syms.n)
	}
	return side, g.syms.orbit(x, o)
}

// OtherSide swaps the colours and the stones in hand with the side to
// move.
func (g *Morris) OtherSide(key uint64) uint64 { return morrisOtherSide(key) }

// EstimatePositions bounds the positions by the ranks of the tiers the
// start leads to, each with either player to move.
func (g *Morris) EstimatePositions() float64 {
	r := g.ranks
	seen := make([]bool, len(r.tiers))
	var total float64
	var visit func(t int)
	visit = func(t int) {
		if seen[t] {
			return
		}
		seen[t] = true
		total += 2 * float64(r.tiers[t].size)
		for _, c := range r.children[t] {
			visit(c)
		}
	}
	visit(g.Tier(g.Encode(g.Start())))
	return total
}

var _ sente.Endgamer = (*Morris)(nil)

// Endgame is the moving phase: the tiers where neither player has a
// stone in hand, every one of them below the tier of all the men on the
// board. From is such a position, x's men on the first points, o's on
// the next (mills and all: only its tier matters).
func (g *Morris) Endgame() sente.Endgame {
	var x, o uint32
	free := g.full
	for range g.men {
		low := free & -free
		x, free = x|low, free&^low
	}
	for range g.men {
		low := free & -free
		o, free = o|low, free&^low
	}
	key := uint64(x) | uint64(o)<<morrisPlane
	var order []int
	seen := make([]bool, len(g.ranks.tiers))
	var visit func(t int)
	visit = func(t int) {
		seen[t] = true
		for _, c := range g.ranks.children[t] {
			if !seen[c] {
				visit(c)
			}
		}
		order = append(order, t)
	}
	visit(g.Tier(key))
	return sente.Endgame{Name: "the moving phase", From: g.Decode(key), Tiers: order}
}
