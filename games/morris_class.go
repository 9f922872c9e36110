package games

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
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
// the least is a class, the rest are ranks that stand for nothing (Unrank
// says no to them): 1.4% of nine men's morris's ranks.
type morrisClasses struct {
	syms   *morrisSymmetries
	points int
	// count[k] is how many classes of k-point sets there are, by
	// Burnside's lemma: exact before the sets themselves are listed.
	count [33]uint64
	// sets[k] are the canonical k-point sets, increasing, each listed on
	// first use (at most 170,000 of them, 1.4 MB, on the 24-point board).
	sets     [33][]morrisClass
	setsOnce [33]sync.Once
	// of[set] is, for every set of points, where its class is: the index
	// of its canonical set among sets[k] (the low 24 bits), a symmetry
	// that maps it there (4 bits), and whether the canonical set has
	// symmetries other than the identity (the top bit). The 24-point
	// board's takes 64 MiB, so it is made only once a solve has ranked
	// many positions (ofAfter); until then a class is found by trying the
	// symmetries and searching the list, as describing a game, planning
	// its solve or answering a position from stored tables needs.
	of     []uint32
	ofOnce sync.Once
	ofMade atomic.Bool
	ranked atomic.Int64
}

// ofAfter is how many positions are ranked by trying symmetries before
// the table is made: a solve ranks that many in well under a second.
const ofAfter = 1 << 20

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

// morrisClassCache holds one morrisClasses a board, for the life of the
// process: the 24-point board's lists take up to 8 MB, and its table,
// once a solve has made it, 64 MiB more.
var morrisClassCache sync.Map // board name → *morrisClasses

func morrisClassesOf(b *morrisBoard, syms *morrisSymmetries) *morrisClasses {
	if c, ok := morrisClassCache.Load(b.name); ok {
		return c.(*morrisClasses)
	}
	got, _ := morrisClassCache.LoadOrStore(b.name, newMorrisClasses(b, syms))
	return got.(*morrisClasses)
}

// newMorrisClasses counts the classes of sets of points of each size; the
// lists and the table are made as they are needed.
func newMorrisClasses(b *morrisBoard, syms *morrisSymmetries) *morrisClasses {
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
	return c
}

// list returns the canonical k-point sets, listing them on first use.
func (c *morrisClasses) list(k int) []morrisClass {
	c.setsOnce[k].Do(func() {
		sets := make([]morrisClass, 0, c.count[k])
		// Every k-set in increasing order (Gosper's hack), kept when no
		// symmetry maps it lower.
		last := uint32(1)<<c.points - 1
		for set := uint32(1)<<k - 1; k <= c.points; {
			class, least := morrisClass{set: set}, true
			for s := 1; s < c.syms.n; s++ {
				img := c.syms.image(s, set)
				if img < set {
					least = false
					break
				}
				if img == set {
					class.fixedBy |= 1 << s
				}
			}
			if least {
				sets = append(sets, class)
			}
			if k == 0 || set == last<<(c.points-k)&last {
				break
			}
			low := set & -set
			ripple := set + low
			set = ripple | ((set^ripple)>>2)/low
		}
		if uint64(len(sets)) != c.count[k] {
			panic(fmt.Sprintf("morris: %d canonical %d-point sets listed, Burnside counts %d", len(sets), k, c.count[k]))
		}
		c.sets[k] = sets
	})
	return c.sets[k]
}

// table makes of, once: every canonical set's images name it.
func (c *morrisClasses) table() {
	c.ofOnce.Do(func() {
		// inverse[s] undoes symmetry s.
		inverse := make([]int, c.syms.n)
		for s := range c.syms.n {
			for t := range c.syms.n {
				if c.inverts(s, t) {
					inverse[s] = t
				}
			}
		}
		of := make([]uint32, 1<<c.points)
		for k := 0; k <= c.points; k++ {
			for i, class := range c.list(k) {
				if i > morrisClassIndex {
					panic("morris: more classes of sets of points than the index holds")
				}
				e := uint32(i)
				if class.fixedBy != 0 {
					e |= morrisClassFixed
				}
				// Symmetry 0 last: the canonical set itself maps by the
				// identity.
				for s := c.syms.n - 1; s >= 0; s-- {
					of[c.syms.image(s, class.set)] = e | uint32(inverse[s])<<morrisClassSym
				}
			}
		}
		c.of = of
		c.ofMade.Store(true)
	})
}

// entry is of[occ], from the table once it is made, else worked out.
func (c *morrisClasses) entry(occ uint32) uint32 {
	if c.ofMade.Load() {
		return c.of[occ]
	}
	if c.ranked.Add(1) > ofAfter {
		c.table()
		return c.of[occ]
	}
	// The symmetry that maps occ lowest, and its class in the list.
	best, sym := occ, 0
	for s := 1; s < c.syms.n; s++ {
		if img := c.syms.image(s, occ); img < best {
			best, sym = img, s
		}
	}
	sets := c.list(bits.OnesCount32(occ))
	i, _ := slices.BinarySearchFunc(sets, best, func(m morrisClass, s uint32) int { return cmp.Compare(m.set, s) })
	e := uint32(i) | uint32(sym)<<morrisClassSym
	if sets[i].fixedBy != 0 {
		e |= morrisClassFixed
	}
	return e
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
	e := c.entry(occ)
	set = occ
	if s := int(e >> morrisClassSym & 15); s != 0 {
		// The image by table, not the class's entry: one lookup fewer
		// that misses the cache.
		first, set = c.syms.image(s, first), c.syms.image(s, occ)
	}
	index = uint64(e & morrisClassIndex)
	if e&morrisClassFixed != 0 {
		class := c.list(bits.OnesCount32(occ))[index]
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
	return c.entry(occ)&morrisClassFixed != 0
}

// class is the canonical set of k points of index i.
func (c *morrisClasses) class(k int, i uint64) morrisClass {
	return c.list(k)[i]
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
