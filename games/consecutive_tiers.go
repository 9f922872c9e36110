package games

import (
	"math/bits"

	"github.com/sente-go/sente"
)

// Consecutive's tiers for the tier engine (sente.TierRanker), for n up to
// 62 (the keyed game): the tier is the count of numbers said (as Tier), and
// a move of a run of 1 to m numbers leads to one of the next m tiers, never
// back. Within tier t the rank is the colexicographic rank of the numbers
// said among the C(n, t) choices, times 2, plus the turn. Every rank is a
// position (the turn is kept apart from the numbers said, so either player
// may be to move).

// TierRank returns the count of numbers said and the rank among the
// positions with that many said.
func (g consecutiveKeyed) TierRank(key uint64) (tier int, rank uint64) {
	said := key & g.full
	return bits.OnesCount64(said), colexRank(said)<<1 | key>>g.n&1
}

// Unrank returns the position of rank in tier.
func (g consecutiveKeyed) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	if rank >= g.TierSize(tier) {
		return 0, false
	}
	return colexUnrank(g.n, tier, rank>>1) | (rank&1)<<g.n, true
}

// TierSize is 2·C(n, tier), below 2^61 for n ≤ 62.
func (g consecutiveKeyed) TierSize(tier int) uint64 {
	if tier < 0 || tier > g.n {
		return 0
	}
	return 2 * binom[g.n][tier]
}

// ChildTiers are the next m tiers, as far as n.
func (g consecutiveKeyed) ChildTiers(tier int) []int {
	var kids []int
	for t := tier + 1; t <= min(tier+g.m, g.n); t++ {
		kids = append(kids, t)
	}
	return kids
}

// TierLoops is false: every move says at least one number.
func (g consecutiveKeyed) TierLoops(int) bool { return false }

var _ sente.TierRanker = consecutiveKeyed{}
