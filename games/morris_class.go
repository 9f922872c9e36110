package games

import (
	"fmt"
	"math/bits"
	"sync"
)

// morrisClasses numbers the classes of sets of points under a board's
// symmetries, for ranks dense over classes of positions rather than over
// boards: a rank is the index of the canonical occupied points among the
// canonical sets of as many points, then the mover's stones among those
// points. Nine men's morris's largest tier, nine stones against eight,
// has 16,827,576,480 boards with either side to move and about a
// sixteenth as many classes; held by class it fits in this machine's
// memory, held by board it does not (docs/nine-mens-morris.md).
//
// An occupied set's symmetries (those that map it to itself, its
// stabiliser) are few: most sets have none but the identity, and for
// those every choice of the mover's stones is a class of its own. For the
// others some choices are images of others under the stabiliser; only
// the least is a class, the rest are ranks that stand for nothing, as
// before (Unrank says no to them), a few in a hundred of a large tier.
type morrisClasses struct {
	syms   *morrisSymmetries
	points int
	// count[k] is how many classes of k-point sets there are, by
	// Burnside's lemma: exact before the sets themselves are listed.
	count [33]uint64
	once  sync.Once
	// sets[k] are the canonical k-point sets, increasing; of[set] is, for
	// every set of points, where its class is: the index of its canonical
	// set among sets[k] (the low 24 bits), a symmetry that maps it there
	// (4 bits), and whether the canonical set has symmetries other than
	// the identity (the top bit). Made on first use: the 24-point board's
	// take 72 MB and a tenth of a second.
	sets [33][]morrisClass
	of   []uint32
}

const (
	morrisClassIndex = 1<<24 - 1
	morrisClassSym   = 24
	morrisClassFixed = 1 << 28
)

// morrisClass is a canonical set of points (the least of its images) and
// the symmetries other than the identity that keep it: bit s for
// symmetry s.
type morrisClass struct {
	set     uint32
	fixedBy uint16
}

// morrisClassCache holds one morrisClasses a board: the 24-point board's
// sets take a few megabytes and a fraction of a second to list, once.
var morrisClassCache sync.Map // board name → *morrisClasses

func morrisClassesOf(b *morrisBoard, syms *morrisSymmetries) *morrisClasses {
	if c, ok := morrisClassCache.Load(b.name); ok {
		return c.(*morrisClasses)
	}
	c := &morrisClasses{syms: syms, points: b.points}
	// Burnside: the classes of k-sets are the mean over the symmetries of
	// the k-sets each keeps, a union of its cycles, the coefficient of
	// x^k in the product over its cycles of (1 + x^length).
	var sum [33]uint64
	for _, perm := range b.syms {
		poly := []uint64{1}
		seen := make([]bool, len(perm))
		for p := range perm {
			n := 0
			for q := p; !seen[q]; q = perm[q] {
				seen[q] = true
				n++
			}
			if n == 0 {
				continue
			}
			next := make([]uint64, len(poly)+n)
			for i, v := range poly {
				next[i] += v
				next[i+n] += v
			}
			poly = next
		}
		for k, v := range poly {
			sum[k] += v
		}
	}
	for k := range c.count {
		c.count[k] = sum[k] / uint64(len(b.syms))
	}
	got, _ := morrisClassCache.LoadOrStore(b.name, c)
	return got.(*morrisClasses)
}

// list makes sets and of, once.
func (c *morrisClasses) list() {
	c.once.Do(func() {
		// inverse[s] undoes symmetry s.
		inverse := make([]int, c.syms.n)
		for s := range c.syms.n {
			for t := range c.syms.n {
				if c.inverts(s, t) {
					inverse[s] = t
				}
			}
		}
		c.of = make([]uint32, 1<<c.points)
		const unseen = ^uint32(0)
		for i := range c.of {
			c.of[i] = unseen
		}
		// In increasing order, the first set of a class met is its least,
		// its canonical set: it names the class for all its images.
		for set := range uint32(1) << c.points {
			if c.of[set] != unseen {
				continue
			}
			k := bits.OnesCount32(set)
			class := morrisClass{set: set}
			for s := 1; s < c.syms.n; s++ {
				if c.syms.image(s, set) == set {
					class.fixedBy |= 1 << s
				}
			}
			index := uint32(len(c.sets[k]))
			if index > morrisClassIndex {
				panic("morris: more classes of sets of points than the index holds")
			}
			c.sets[k] = append(c.sets[k], class)
			if class.fixedBy != 0 {
				index |= morrisClassFixed
			}
			for s := c.syms.n - 1; s >= 0; s-- {
				// Symmetry 0 last: the canonical set itself maps by the
				// identity.
				c.of[c.syms.image(s, set)] = index | uint32(inverse[s])<<morrisClassSym
			}
		}
		for k := range c.sets {
			if uint64(len(c.sets[k])) != c.count[k] {
				panic(fmt.Sprintf("morris: %d canonical %d-point sets listed, Burnside counts %d", len(c.sets[k]), k, c.count[k]))
			}
		}
	})
}

// inverts reports whether symmetry t undoes symmetry s on every point.
func (c *morrisClasses) inverts(s, t int) bool {
	for p := range c.points {
		if c.syms.image(t, c.syms.image(s, 1<<p)) != 1<<p {
			return false
		}
	}
	return true
}

// canonical is the class of the occupied points occ and the least image
// of first, a subset of them, under the symmetries that map occ to its
// canonical set: the class's index among those of as many points, the
// canonical set, and first as the canonical position has it.
func (c *morrisClasses) canonical(first, occ uint32) (index uint64, set, canonFirst uint32) {
	c.list()
	e := c.of[occ]
	set = occ
	if s := int(e >> morrisClassSym & 15); s != 0 {
		// The image by table, not the class's entry: one lookup fewer
		// that misses the cache.
		first, set = c.syms.image(s, first), c.syms.image(s, occ)
	}
	index = uint64(e & morrisClassIndex)
	if e&morrisClassFixed != 0 {
		class := c.sets[bits.OnesCount32(occ)][index]
		least := first
		for f := class.fixedBy; f != 0; f &= f - 1 {
			least = min(least, c.syms.image(bits.TrailingZeros16(f), first))
		}
		first = least
	}
	return index, set, first
}

// hasSymmetries reports whether a symmetry other than the identity maps
// the set of points occ to itself.
func (c *morrisClasses) hasSymmetries(occ uint32) bool {
	c.list()
	return c.of[occ]&morrisClassFixed != 0
}

// class is the canonical set of k points of index i.
func (c *morrisClasses) class(k int, i uint64) morrisClass {
	c.list()
	return c.sets[k][i]
}

// leastWithin reports whether no symmetry that keeps the class's set maps
// first, a subset of it, to a lower subset.
func (c *morrisClasses) leastWithin(class morrisClass, first uint32) bool {
	for f := class.fixedBy; f != 0; f &= f - 1 {
		if c.syms.image(bits.TrailingZeros16(f), first) < first {
			return false
		}
	}
	return true
}
