package games

import (
	"math/bits"

	"github.com/sente-go/sente"
)

// Cards' tiers for the tier engine (sente.TierRanker): the tier is the
// number of cards on the table, which every move raises by one; with t
// cards down the first player has played ⌈t/2⌉ of theirs and the second
// ⌊t/2⌋. Within a tier the rank is the colexicographic rank of the first
// player's played cards among the C(len(first), ⌈t/2⌉) choices, times
// C(len(second), ⌊t/2⌋), plus that of the second player's. Of equal cards
// only the lowest-indexed are ever played (one form a position), so ranks
// that play a higher one first are not positions: Unrank says so.

var _ sente.TierRanker = (*Cards)(nil)

// cardsTierMax is the last tier: play stops when the player to move has no
// card left.
func (g *Cards) cardsTierMax() int {
	return min(2*len(g.hand[0]), 2*len(g.hand[1])+1)
}

// TierRank returns the cards on the table and the rank.
func (g *Cards) TierRank(key uint64) (tier int, rank uint64) {
	a, b := key&g.full[0], key>>g.shift
	tier = bits.OnesCount64(key)
	return tier, colexRank(a)*binom[len(g.hand[1])][tier/2] + colexRank(b)
}

// Unrank returns the position of rank in tier, or false when it plays an
// equal card out of order.
func (g *Cards) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	if rank >= g.TierSize(tier) {
		return 0, false
	}
	n2 := binom[len(g.hand[1])][tier/2]
	a := colexUnrank(len(g.hand[0]), (tier+1)/2, rank/n2)
	b := colexUnrank(len(g.hand[1]), tier/2, rank%n2)
	for p, mask := range [2]uint64{a, b} {
		for m := mask; m != 0; m &= m - 1 {
			if same := g.same[p][bits.TrailingZeros64(m)]; mask&same != same {
				return 0, false
			}
		}
	}
	return a | b<<g.shift, true
}

// TierSize is C(len(first), ⌈t/2⌉)·C(len(second), ⌊t/2⌋).
func (g *Cards) TierSize(tier int) uint64 {
	if tier < 0 || tier > g.cardsTierMax() {
		return 0
	}
	return binom[len(g.hand[0])][(tier+1)/2] * binom[len(g.hand[1])][tier/2]
}

// ChildTiers is the next tier, up to the last.
func (g *Cards) ChildTiers(tier int) []int {
	if tier < 0 || tier >= g.cardsTierMax() {
		return nil
	}
	return []int{tier + 1}
}

// TierLoops is false: every move puts a card down.
func (g *Cards) TierLoops(int) bool { return false }
