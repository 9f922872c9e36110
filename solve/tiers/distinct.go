package tiers

import "slices"

// distinct counts the distinct ranks of a position's children in its own
// tier, which a loopy tier's first pass does at every position (moves to
// symmetric positions reach one rank): sorting the list took a quarter of
// that pass on nine men's morris. It is an open-addressing set of 256
// slots, cleared by a new stamp rather than by writing it, small enough to
// stay in the first-level cache.
type distinct struct {
	stamp uint32
	slots [256]struct {
		rank  uint64
		stamp uint32
	}
}

// count is how many distinct values ranks holds. It may reorder ranks.
func (d *distinct) count(ranks []uint64) int {
	if len(ranks) > len(d.slots)/2 {
		slices.Sort(ranks)
		return len(slices.Compact(ranks))
	}
	if d.stamp++; d.stamp == 0 {
		clear(d.slots[:])
		d.stamp = 1
	}
	n := 0
	for _, r := range ranks {
		// Fibonacci hashing: the top byte of the product.
		for i := uint8((r * 0x9e3779b97f4a7c15) >> 56); ; i++ {
			s := &d.slots[i]
			if s.stamp != d.stamp {
				s.rank, s.stamp = r, d.stamp
				n++
				break
			}
			if s.rank == r {
				break
			}
		}
	}
	return n
}
