package games

import "github.com/sente-go/sente"

// Count's tiers for the tier engine (sente.TierRanker): the tier is the
// next number to say less one, 0 to lose-1, which a move raises by 1 to
// most; the rank is the turn, 0 or 1.

// TierRank returns the next number less one, and the turn.
func (g *Count) TierRank(key uint64) (tier int, rank uint64) {
	return int(key&(1<<countTurnBit-1)) - 1, key >> countTurnBit & 1
}

// Unrank returns the position of rank in tier.
func (g *Count) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	if tier < 0 || tier >= g.lose || rank > 1 {
		return 0, false
	}
	return uint64(tier+1) | rank<<countTurnBit, true
}

// TierSize is 2: either player may be to move.
func (g *Count) TierSize(tier int) uint64 {
	if tier < 0 || tier >= g.lose {
		return 0
	}
	return 2
}

// ChildTiers are the next most tiers, as far as lose-1.
func (g *Count) ChildTiers(tier int) []int {
	var kids []int
	for t := tier + 1; t <= min(tier+g.most, g.lose-1); t++ {
		kids = append(kids, t)
	}
	return kids
}

// TierLoops is false: every move says a number.
func (g *Count) TierLoops(int) bool { return false }

var _ sente.TierRanker = (*Count)(nil)
