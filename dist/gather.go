package dist

import (
	"math/bits"
	"slices"
)

// gather collects offsets by destination shard. A wave's shard sends to
// thousands of shards, a child's shard looked up for every child: a small
// direct-mapped cache in front of the map keeps most look-ups off it.
type gather struct {
	index map[int64]int32
	Dests []int64
	Lists [][]uint32
	key   [64]int64
	at    [64]int32
	ranks []*rankIndex // by list, for position
}

func newGather() *gather {
	g := &gather{index: map[int64]int32{}}
	for i := range g.at {
		g.at[i] = -1
	}
	return g
}

// find is the index of dest's list, made when new.
func (g *gather) find(dest int64) int32 {
	if i := g.lookup(dest); i >= 0 {
		return i
	}
	i := int32(len(g.Dests))
	g.index[dest] = i
	g.Dests = append(g.Dests, dest)
	g.Lists = append(g.Lists, nil)
	return i
}

func (g *gather) add(dest int64, off uint32) {
	i := g.find(dest)
	g.Lists[i] = append(g.Lists[i], off)
}

// lookup is the index of dest's list, or -1.
func (g *gather) lookup(dest int64) int32 {
	h := uint64(dest) * 0x9e3779b97f4a7c15 >> 58
	if g.at[h] >= 0 && g.key[h] == dest {
		return g.at[h]
	}
	i, ok := g.index[dest]
	if !ok {
		return -1
	}
	g.key[h], g.at[h] = dest, i
	return i
}

// sortAll sorts every list and removes repeats.
func (g *gather) sortAll() {
	for i, l := range g.Lists {
		g.Lists[i] = sortedSet(l)
	}
}

// positions makes position fast for the long lists: a list with at least
// one offset in four words of its span gets a bitset of its offsets with
// the count before each word, which finds an offset's place in two reads
// where a binary search took a seventh of a connect-four wave's time.
func (g *gather) positions() {
	g.ranks = make([]*rankIndex, len(g.Lists))
	for i, l := range g.Lists {
		if len(l) == 0 {
			continue
		}
		words := int(l[len(l)-1])/64 + 1
		if len(l)*4 < words {
			continue
		}
		x := &rankIndex{bits: make([]uint64, words), before: make([]uint32, words)}
		for _, o := range l {
			x.bits[o/64] |= 1 << (o % 64)
		}
		n := uint32(0)
		for w, b := range x.bits {
			x.before[w] = n
			n += uint32(bits.OnesCount64(b))
		}
		g.ranks[i] = x
	}
}

// position is the place of off in list d, sorted (after sortAll and
// positions).
func (g *gather) position(d int32, off uint32) (int, bool) {
	if x := g.ranks[d]; x != nil {
		w := int(off / 64)
		if w >= len(x.bits) || x.bits[w]&(1<<(off%64)) == 0 {
			return 0, false
		}
		return int(x.before[w]) + bits.OnesCount64(x.bits[w]&(1<<(off%64)-1)), true
	}
	return slices.BinarySearch(g.Lists[d], off)
}

type rankIndex struct {
	bits   []uint64
	before []uint32
}
