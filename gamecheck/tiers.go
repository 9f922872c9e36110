package gamecheck

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
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
	if td := c.caps.Tiered; td != nil {
		if t := td.Tier(k); t != tier {
			return c.fail("tier ranks", v, "Tier gives tier %d and TierRank tier %d; a game with both numbers its tiers once", t, tier)
		}
	}
	if size := tr.TierSize(tier); rank >= size {
		return c.fail("tier ranks", v, "rank %d of tier %d is not below its TierSize %d", rank, tier, size)
	}
	back, ok := tr.Unrank(tier, rank)
	if !ok {
		return c.fail("tier ranks", v, "TierRank gives tier %d rank %d, which Unrank says is not a position", tier, rank)
	}
	want := k
	if solve.RanksBySymmetry(c.g) {
		want = c.caps.Symmetric.Canonical(k)
		if err := c.checkClassSide(v, k, want, kids); err != nil {
			return err
		}
	}
	if back != want {
		return c.fail("tier ranks", v, "the key %#x has tier %d rank %d, which Unrank gives back as %#x (%q), not %#x", k, tier, rank, back, c.g.FormatPosition(c.caps.Encoder.Decode(back)), want)
	}
	if sc := c.caps.TierScanner; sc != nil {
		if err := c.checkScan(v, sc, tier, rank); err != nil {
			return err
		}
	}
	if te := c.caps.TierExpander; te != nil {
		if err := c.checkExpandRanks(v, te, tier, rank); err != nil {
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

// checkClassSide checks a SymmetricRanker's sides at the key k of v, whose
// class's canonical key is canon and whose children are kids: the
// canonical key is on side 0, with as many positions as k's side; the
// other side's key is in the same class, on the other side when k is on
// side 1; and moves commute with OtherSide, class and side alike.
func (c *checker) checkClassSide(v visited, k, canon uint64, kids []uint64) error {
	sr, sym := c.caps.SymmetricRanker, c.caps.Symmetric
	side, n := sr.ClassSide(k)
	if side != 0 && side != 1 || n == 0 {
		return c.fail("class sides", v, "ClassSide gives side %d and %d positions; want side 0 or 1 and a position at least", side, n)
	}
	if cs, cn := sr.ClassSide(canon); cs != 0 || cn != n {
		return c.fail("class sides", v, "ClassSide gives side %d and %d positions for the canonical key %#x, and %d positions for the key %#x; want side 0 and as many", cs, cn, canon, n, k)
	}
	other := sr.OtherSide(k)
	otherSide, on := sr.ClassSide(other)
	if sym.Canonical(other) != canon || on != n || side == 1 && otherSide != 0 {
		return c.fail("class sides", v, "OtherSide(%#x) gives %#x, of class %#x, side %d and %d positions, from side %d and %d positions of class %#x", k, other, sym.Canonical(other), otherSide, on, side, n, canon)
	}
	if otherSide == side {
		return nil // one side: OtherSide need be no symmetry of its moves
	}
	if _, ended := c.caps.Encoder.EndedKey(other); ended {
		return nil
	}
	type place struct {
		tier int
		rank uint64
		side int
	}
	places := func(keys []uint64) []place {
		var ps []place
		for _, key := range keys {
			t, r := c.caps.TierRanker.TierRank(key)
			s, _ := sr.ClassSide(key)
			ps = append(ps, place{t, r, s})
		}
		slices.SortFunc(ps, func(a, b place) int {
			return cmp.Or(cmp.Compare(a.tier, b.tier), cmp.Compare(a.rank, b.rank), cmp.Compare(a.side, b.side))
		})
		return slices.Compact(ps)
	}
	var mapped []uint64
	for _, kid := range kids {
		mapped = append(mapped, sr.OtherSide(kid))
	}
	if got, want := places(c.caps.Encoder.AppendChildren(nil, other)), places(mapped); !slices.Equal(got, want) {
		return c.fail("class sides", v, "the moves from OtherSide(%#x) reach the classes and sides %v, the images of its moves %v: moves do not commute with OtherSide", k, got, want)
	}
	return nil
}

// checkChildRanks checks a TierChildRanker at the key k of v against
// TierRank on each key of kids, its children: the same tiers and ranks, as
// many times each, by a fresh ranker and by the one kept from the last
// position checked (as a worker keeps it across a scan).
func (c *checker) checkChildRanks(v visited, cr sente.TierChildRanker, k uint64, kids []uint64) error {
	tr := c.caps.TierRanker
	var want []sente.TierPosition
	for _, kid := range kids {
		t, r := tr.TierRank(kid)
		want = append(want, sente.TierPosition{Tier: t, Rank: r})
	}
	less := func(a, b sente.TierPosition) int {
		if a.Tier != b.Tier {
			return a.Tier - b.Tier
		}
		return cmp.Compare(a.Rank, b.Rank)
	}
	slices.SortFunc(want, less)
	if c.childRanker == nil {
		c.childRanker = cr.NewChildRanker()
	}
	for _, rank := range []sente.ChildRankFunc{cr.NewChildRanker(), c.childRanker} {
		got := rank(nil, k)
		slices.SortFunc(got, less)
		if !slices.Equal(got, want) {
			return c.fail("tier ranks", v, "the child ranker gives the children %v; TierRank of each child gives %v", got, want)
		}
	}
	return nil
}

// checkExpandRanks checks a TierExpander on a batch of the rank and its
// neighbours that are positions, the rank twice (a batch may repeat a rank),
// against Unrank, EndedKey, AppendChildren and TierRank of each: the same
// keys, the same ends, the same children's tiers and ranks.
func (c *checker) checkExpandRanks(v visited, te sente.TierExpander, tier int, rank uint64) error {
	tr, enc := c.caps.TierRanker, c.caps.Encoder
	x := &sente.RankExpansion{Ranks: []uint64{rank}}
	for r := rank - min(rank, 2); r < min(rank+3, tr.TierSize(tier)); r++ {
		if _, ok := tr.Unrank(tier, r); ok {
			x.Ranks = append(x.Ranks, r)
		}
	}
	if err := te.ExpandRanks(tier, x); err != nil {
		return c.fail("tier ranks", v, "ExpandRanks(%d, %v): %v", tier, x.Ranks, err)
	}
	if n := len(x.Ranks); len(x.Keys) != n || len(x.Values) != n || len(x.Ends) != n || x.Ends[n-1] != len(x.Kids) {
		return c.fail("tier ranks", v, "ExpandRanks of %d ranks gives %d keys, %d values and %d ends for %d children", n, len(x.Keys), len(x.Values), len(x.Ends), len(x.Kids))
	}
	less := func(a, b sente.TierPosition) int {
		return cmp.Or(cmp.Compare(a.Tier, b.Tier), cmp.Compare(a.Rank, b.Rank))
	}
	from := 0
	for i, r := range x.Ranks {
		key, _ := tr.Unrank(tier, r)
		if x.Keys[i] != key {
			return c.fail("tier ranks", v, "ExpandRanks gives rank %d of tier %d the key %#x, Unrank %#x", r, tier, x.Keys[i], key)
		}
		val, ended := enc.EndedKey(key)
		if !ended {
			val = sente.Unknown
		}
		if x.Values[i] != val {
			return c.fail("tier ranks", v, "ExpandRanks says %s of %q, EndedKey %s", endedWords(x.Values[i], x.Values[i] != sente.Unknown), c.g.FormatPosition(enc.Decode(key)), endedWords(val, ended))
		}
		var want []sente.TierPosition
		if !ended {
			for _, kid := range enc.AppendChildren(nil, key) {
				kt, kr := tr.TierRank(kid)
				want = append(want, sente.TierPosition{Tier: kt, Rank: kr})
			}
		}
		got := slices.Clone(x.Kids[from:x.Ends[i]])
		from = x.Ends[i]
		slices.SortFunc(got, less)
		slices.SortFunc(want, less)
		if !slices.Equal(got, want) {
			return c.fail("tier ranks", v, "ExpandRanks gives %q the children %v; TierRank of each child gives %v", c.g.FormatPosition(enc.Decode(key)), got, want)
		}
	}
	return nil
}

// scanWindow is how many ranks on each side of a position checkScan scans.
const scanWindow = 40

// checkScan checks ScanTier around rank against Unrank: the same ranks, the
// same keys, in increasing rank, only the marked ranks when given marks,
// and an early stop honoured.
func (c *checker) checkScan(v visited, sc sente.TierScanner, tier int, rank uint64) error {
	tr := c.caps.TierRanker
	lo, hi := rank-min(rank, scanWindow), min(rank+scanWindow, tr.TierSize(tier))
	// Every third rank marked, the window's own rank among them.
	marks := make([]uint64, (hi-lo+63)/64)
	for i := (rank - lo) % 3; i < hi-lo; i += 3 {
		marks[i/64] |= 1 << (i % 64)
	}
	for _, marked := range [][]uint64{nil, marks} {
		listed := func(r uint64) bool { i := r - lo; return marked == nil || marked[i/64]&(1<<(i%64)) != 0 }
		next := lo
		var err error
		missing := func(to uint64) {
			for ; next < to && err == nil; next++ {
				if k, ok := tr.Unrank(tier, next); ok && listed(next) {
					err = c.fail("tier ranks", v, "ScanTier(%d, %d, %d) leaves out rank %d, which Unrank gives as %#x", tier, lo, hi, next, k)
				}
			}
		}
		sc.ScanTier(tier, lo, hi, marked, func(r, key uint64) bool {
			if r < next || r >= hi {
				err = c.fail("tier ranks", v, "ScanTier(%d, %d, %d) gives rank %d after rank %d", tier, lo, hi, r, next-1)
				return false
			}
			if missing(r); err != nil {
				return false
			}
			k, ok := tr.Unrank(tier, r)
			switch {
			case !listed(r):
				err = c.fail("tier ranks", v, "ScanTier(%d, %d, %d) gives rank %d, which is not marked", tier, lo, hi, r)
			case !ok:
				err = c.fail("tier ranks", v, "ScanTier(%d, %d, %d) gives rank %d, which Unrank says is not a position", tier, lo, hi, r)
			case k != key:
				err = c.fail("tier ranks", v, "ScanTier(%d, %d, %d) gives rank %d the key %#x, Unrank %#x", tier, lo, hi, r, key, k)
			}
			next = r + 1
			return err == nil
		})
		if missing(hi); err != nil {
			return err
		}
	}
	calls := 0
	sc.ScanTier(tier, lo, hi, nil, func(uint64, uint64) bool { calls++; return false })
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
