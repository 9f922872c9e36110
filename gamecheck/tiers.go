package gamecheck

import (
	"fmt"
	"slices"

	"sente"
)

// tierBound bounds the tiers the cycle check follows from the tiers met.
const tierBound = 100000

// checkTierRanks checks the TierRanker at the key k of v, whose children
// (as AppendChildren gives them) are kids: the rank is below its tier's
// size and unranks to the key (or to its canonical form, for a game that
// ranks by symmetry), and each child lies in the same tier only when the
// tier loops, and otherwise in a tier ChildTiers lists.
func (c *checker) checkTierRanks(v visited, k uint64, kids []uint64) error {
	tr := c.caps.TierRanker
	tier, rank := tr.TierRank(k)
	if tier < 0 {
		return c.fail("tier ranks", v, "TierRank gives the tier %d; tiers are numbered from 0", tier)
	}
	c.tiers[tier] = true
	if size := tr.TierSize(tier); rank >= size {
		return c.fail("tier ranks", v, "rank %d of tier %d is not below its TierSize %d", rank, tier, size)
	}
	back, ok := tr.Unrank(tier, rank)
	if !ok {
		return c.fail("tier ranks", v, "TierRank gives tier %d rank %d, which Unrank says is not a position", tier, rank)
	}
	if back != k && (c.caps.Symmetric == nil || back != c.caps.Symmetric.Canonical(k)) {
		return c.fail("tier ranks", v, "the key %#x has tier %d rank %d, which Unrank gives back as %#x (%q)", k, tier, rank, back, c.g.FormatPosition(c.caps.Encoder.Decode(back)))
	}
	if sc := c.caps.TierScanner; sc != nil {
		if err := c.checkScan(v, sc, tier, rank); err != nil {
			return err
		}
	}
	for _, ck := range kids {
		ct, _ := tr.TierRank(ck)
		switch {
		case ct == tier && !tr.TierLoops(tier):
			return c.fail("tier ranks", v, "a move leads to %q in the same tier %d, which TierLoops says has no loops", c.g.FormatPosition(c.caps.Encoder.Decode(ck)), tier)
		case ct != tier && !slices.Contains(tr.ChildTiers(tier), ct):
			return c.fail("tier ranks", v, "a move leads to %q in tier %d, which ChildTiers(%d) = %v does not list", c.g.FormatPosition(c.caps.Encoder.Decode(ck)), ct, tier, tr.ChildTiers(tier))
		}
	}
	return nil
}

// scanWindow is how many ranks on each side of a position checkScan scans.
const scanWindow = 40

// checkScan checks ScanTier around rank against Unrank: the same ranks, the
// same keys, in increasing rank, and an early stop honoured.
func (c *checker) checkScan(v visited, sc sente.TierScanner, tier int, rank uint64) error {
	tr := c.caps.TierRanker
	lo, hi := rank-min(rank, scanWindow), min(rank+scanWindow, tr.TierSize(tier))
	next := lo
	var err error
	sc.ScanTier(tier, lo, hi, func(r, key uint64) bool {
		if r < next || r >= hi {
			err = c.fail("tier ranks", v, "ScanTier(%d, %d, %d) gives rank %d after rank %d", tier, lo, hi, r, next-1)
			return false
		}
		for ; next < r && err == nil; next++ {
			if k, ok := tr.Unrank(tier, next); ok {
				err = c.fail("tier ranks", v, "ScanTier(%d, %d, %d) leaves out rank %d, which Unrank gives as %#x", tier, lo, hi, next, k)
			}
		}
		if err != nil {
			return false
		}
		k, ok := tr.Unrank(tier, r)
		switch {
		case !ok:
			err = c.fail("tier ranks", v, "ScanTier(%d, %d, %d) gives rank %d, which Unrank says is not a position", tier, lo, hi, r)
		case k != key:
			err = c.fail("tier ranks", v, "ScanTier(%d, %d, %d) gives rank %d the key %#x, Unrank %#x", tier, lo, hi, r, key, k)
		}
		next = r + 1
		return err == nil
	})
	for ; next < hi && err == nil; next++ {
		if k, ok := tr.Unrank(tier, next); ok {
			err = c.fail("tier ranks", v, "ScanTier(%d, %d, %d) leaves out rank %d, which Unrank gives as %#x", tier, lo, hi, next, k)
		}
	}
	if err != nil {
		return err
	}
	calls := 0
	sc.ScanTier(tier, lo, hi, func(uint64, uint64) bool { calls++; return false })
	if calls > 1 {
		return c.fail("tier ranks", v, "ScanTier(%d, %d, %d) goes on after yield returned false", tier, lo, hi)
	}
	return nil
}

// tierCycles follows ChildTiers from every tier met (as far as tierBound
// tiers) and fails on a tier that leads back to itself: the tier engine
// solves a tier's children first, which a cycle makes impossible.
func (c *checker) tierCycles() error {
	tr := c.caps.TierRanker
	const (
		open = 1 // on the path being followed
		done = 2
	)
	state := map[int]uint8{}
	start := c.g.FormatPosition(c.g.Start())
	var visit func(t int, path []int) error
	visit = func(t int, path []int) error {
		switch state[t] {
		case open:
			i := slices.Index(path, t)
			return &Error{Check: "tier ranks", Position: start, Msg: fmt.Sprintf("ChildTiers lead from tier %d back to it: %v", t, append(path[i:], t))}
		case done:
			return nil
		}
		if len(state) >= tierBound {
			return nil
		}
		state[t] = open
		path = append(path, t)
		for _, ct := range tr.ChildTiers(t) {
			if ct < 0 {
				return &Error{Check: "tier ranks", Position: start, Msg: fmt.Sprintf("ChildTiers(%d) lists the tier %d; tiers are numbered from 0", t, ct)}
			}
			if err := visit(ct, path); err != nil {
				return err
			}
		}
		state[t] = done
		return nil
	}
	tiers := make([]int, 0, len(c.tiers))
	for t := range c.tiers {
		tiers = append(tiers, t)
	}
	slices.Sort(tiers)
	for _, t := range tiers {
		if err := visit(t, nil); err != nil {
			return err
		}
	}
	return nil
}

// stableTiers checks that the second game g2 gives the key k (in both
// games) the same tier, rank and tier size.
func (c *checker) stableTiers(v visited, tr2 sente.TierRanker, k uint64) error {
	tr := c.caps.TierRanker
	t1, r1 := tr.TierRank(k)
	t2, r2 := tr2.TierRank(k)
	if t1 != t2 || r1 != r2 {
		return c.fail("stable keys", v, "tier %d rank %d in one game and tier %d rank %d in another made from the same spec", t1, r1, t2, r2)
	}
	if s1, s2 := tr.TierSize(t1), tr2.TierSize(t1); s1 != s2 {
		return c.fail("stable keys", v, "tier %d has %d ranks in one game and %d in another made from the same spec", t1, s1, s2)
	}
	return nil
}
