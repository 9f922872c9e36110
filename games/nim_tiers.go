package games

import "github.com/sente-go/sente"

var (
	_ sente.TierRanker = (*Nim)(nil)
	_ sente.TierRanker = nimNormal{}
)

// Nim's tiers for the tier engine (sente.TierRanker): the tier is the
// number of objects left, which every move lowers by 1 to the largest
// starting heap. Within a tier the rank is the turn plus twice the
// mixed-radix number of every heap but the largest at the start (heap i a
// digit of radix start_i+1), the largest heap being what is left of the
// tier: ranks whose largest heap would be negative or above its start are
// not positions (Unrank says so), which keeps ranks a plain formula at the
// cost of some unused ranks. Positions are those reachable from the start,
// each heap at most its starting size.

// nimTierShape is the index of the heap left out of the rank (the largest
// at the start) and the tier's size.
func (g *Nim) nimTierShape() (big int, size uint64) {
	size = 2
	for i := range g.k {
		if g.start.Heaps[i] > g.start.Heaps[big] {
			big = i
		}
	}
	for i := range g.k {
		if i != big {
			size *= uint64(g.start.Heaps[i]) + 1
		}
	}
	return big, size
}

// TierRank returns the number of objects left and the rank.
func (g *Nim) TierRank(key uint64) (tier int, rank uint64) {
	big, _ := g.nimTierShape()
	for i := g.k - 1; i >= 0; i-- {
		h := key >> (6 * i) & 63
		tier += int(h)
		if i != big {
			rank = rank*(uint64(g.start.Heaps[i])+1) + h
		}
	}
	return tier, rank<<1 | key>>(6*g.k)&1
}

// Unrank returns the position of rank in tier, or false when the largest
// heap would be negative or above its start.
func (g *Nim) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	big, size := g.nimTierShape()
	if tier < 0 || tier > g.total() || rank >= size {
		return 0, false
	}
	key = (rank & 1) << (6 * g.k)
	rank >>= 1
	left := tier
	for i := range g.k {
		if i == big {
			continue
		}
		radix := uint64(g.start.Heaps[i]) + 1
		h := rank % radix
		rank /= radix
		key |= h << (6 * i)
		left -= int(h)
	}
	if left < 0 || left > int(g.start.Heaps[big]) {
		return 0, false
	}
	return key | uint64(left)<<(6*big), true
}

func (g *Nim) total() int {
	n := 0
	for i := range g.k {
		n += int(g.start.Heaps[i])
	}
	return n
}

// TierSize is the same for every tier from 0 to the objects at the start.
func (g *Nim) TierSize(tier int) uint64 {
	if tier < 0 || tier > g.total() {
		return 0
	}
	_, size := g.nimTierShape()
	return size
}

// ChildTiers are the tiers with 1 to the largest starting heap fewer
// objects.
func (g *Nim) ChildTiers(tier int) []int {
	big, _ := g.nimTierShape()
	var kids []int
	for t := tier - 1; t >= max(0, tier-int(g.start.Heaps[big])); t-- {
		kids = append(kids, t)
	}
	return kids
}

// TierLoops is false: every move takes an object.
func (g *Nim) TierLoops(int) bool { return false }
