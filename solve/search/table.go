package search

import (
	"math/bits"
	"sync/atomic"
	"unsafe"

	"github.com/sente-go/sente"
)

// table is the transposition table: what searches have proved about
// positions, shared by every worker and kept from one search to the next,
// so that a search stopped or finished leaves its work for the next.
//
// It is a power of two of buckets of 64 bytes, one cache line each: a
// sequence number and three entries of a full key and a word of data, or
// two of a Wide key (two words) and a word of data. A
// position goes to the bucket its key hashes to, and its full key is kept,
// so that a hit is never another position's. Writers take a bucket by
// making its sequence number odd, and readers that see it change, or odd,
// read nothing (a miss, never a torn entry): workers share the table with
// no lock and never wait for each other.
//
// An entry's data holds both bounds of the position's score (as relative
// bounds, see score.go), so that a search that proves a lower bound keeps
// the upper bound an earlier one proved; the move that was best or cut off
// (its place in the game's order, when the key was the canonical one or
// not as it is now, see probe); the log2 of the nodes the proof took; and
// the generation (the search) that wrote it. When a bucket is full a new
// position replaces the entry that is worth least: the one that cost the
// fewest nodes, counting an entry of an earlier search as if it cost less.
type table[K sente.Key] struct {
	buckets []bucket
	shift   uint // 64 - log2(len(buckets))
	gen     atomic.Uint32
	used    atomic.Int64 // entries filled at least once, as workers publish them
	// alone says one worker uses the table: its stores need no lock and
	// are plain stores, which the processor retires without waiting for
	// the cache line (a locked store waits for it, a miss to memory).
	alone bool
}

// A bucket's words after its sequence number are its entries, each a
// key's words (one, or a Wide key's two, Hi first) and then a word of
// data: three entries of 64-bit keys, or two of Wide ones, and a word
// unused.
type bucket struct {
	seq   atomic.Uint64
	words [7]atomic.Uint64
}

// stride is the words of an entry: 2 for 64-bit keys, 3 for Wide ones.
func stride[K sente.Key]() int {
	var k K
	return int(unsafe.Sizeof(k)/8) + 1
}

// ways is the entries of a bucket: 3 of 64-bit keys, 2 of Wide ones.
func ways[K sente.Key]() int { return 6 / stride[K]() }

// data is the word of data of entry i of b.
func data[K sente.Key](b *bucket, i int) *atomic.Uint64 {
	n := stride[K]()
	return &b.words[n*i+n-1]
}

// holds reports whether entry i of b is key's (or was, when its data is
// not valid).
func holds[K sente.Key](b *bucket, i int, key K) bool {
	w := (*[2]uint64)(unsafe.Pointer(&key))
	if unsafe.Sizeof(key) == 8 {
		return b.words[2*i].Load() == w[0]
	}
	return b.words[3*i].Load() == w[0] && b.words[3*i+1].Load() == w[1]
}

// keyAt is the key of entry i of b.
func keyAt[K sente.Key](b *bucket, i int) K {
	var k K
	w := (*[2]uint64)(unsafe.Pointer(&k))
	n := int(unsafe.Sizeof(k) / 8)
	for j := range n {
		w[j] = b.words[(n+1)*i+j].Load()
	}
	return k
}

// setKey writes key into entry i of b, with plain stores when the writer
// has the table to itself.
func setKey[K sente.Key](b *bucket, i int, key K, alone bool) {
	w := (*[2]uint64)(unsafe.Pointer(&key))
	n := int(unsafe.Sizeof(key) / 8)
	for j := range n {
		if alone {
			*plain(&b.words[(n+1)*i+j]) = w[j]
		} else {
			b.words[(n+1)*i+j].Store(w[j])
		}
	}
}

const bucketBytes = 64

// The fields of an entry's data word.
const (
	lowerShift = 0
	upperShift = 16
	moveShift  = 32 // 8 bits: noMove when none
	workShift  = 40 // 6 bits
	genShift   = 46 // 8 bits
	canonBit   = 1 << 54
	validBit   = 1 << 63

	noMove  = 0xff
	genMask = 0xff
)

// newTable makes a table of at most bytes bytes (at least one bucket).
func newTable[K sente.Key](bytes int64) *table[K] {
	n := max(bytes/bucketBytes, 1)
	logN := 63 - bits.LeadingZeros64(uint64(n))
	t := &table[K]{buckets: make([]bucket, 1<<logN), shift: uint(64 - logN)}
	adviseHugePages(t.buckets)
	return t
}

// Bytes is the table's size.
func (t *table[K]) Bytes() int64 { return int64(len(t.buckets)) * bucketBytes }

// Entries is how many positions it holds at most.
func (t *table[K]) Entries() int64 { return int64(len(t.buckets)) * int64(ways[K]()) }

// Fill is the share of entries written at least once.
func (t *table[K]) Fill() float64 { return float64(t.used.Load()) / float64(t.Entries()) }

func (t *table[K]) bucket(key K) *bucket {
	return &t.buckets[hashOf(key)>>t.shift]
}

// entry is what probe reads of a position.
type entry struct {
	lower, upper int16 // relative bounds
	move         uint8 // noMove when none
	canon        bool  // the move was stored for the canonical key itself
}

// prefetch asks for the bucket of the key whose hashOf is h, so that a
// probe of it soon after does not wait for memory. (It takes the hash,
// worked out by the caller, so that it is inlined: see key.go.)
func (t *table[K]) prefetch(h uint64) {
	prefetch(unsafe.Pointer(&t.buckets[h>>t.shift]))
}

// probe reads what the table holds of key.
func (t *table[K]) probe(key K) (entry, bool) {
	b := t.bucket(key)
	s := b.seq.Load()
	if s&1 != 0 {
		return entry{}, false
	}
	var d uint64
	for i := range ways[K]() {
		if holds(b, i, key) {
			d = data[K](b, i).Load()
			break
		}
	}
	if d&validBit == 0 || b.seq.Load() != s {
		return entry{}, false
	}
	return entry{
		lower: int16(d >> lowerShift),
		upper: int16(d >> upperShift),
		move:  uint8(d >> moveShift),
		canon: d&canonBit != 0,
	}, true
}

// store records bounds proved of key, with the move that gave them and the
// nodes the proof took, keeping the bounds proved before when the entry is
// the same position's. A store that finds the bucket taken by another
// writer is dropped: the table is a cache of proofs, never their only
// record. It reports whether it filled an entry that was empty, for the
// worker to count with its nodes (publish): a count in the table that
// every store added to was a cache line two workers took from each other.
func (t *table[K]) store(key K, lower, upper int16, move uint8, canon bool, nodes uint64) (filled bool) {
	b := t.bucket(key)
	s := b.seq.Load()
	if !t.alone && (s&1 != 0 || !b.seq.CompareAndSwap(s, s+1)) {
		return false
	}
	gen := uint64(t.gen.Load()) & genMask
	work := uint64(min(bits.Len64(nodes), 63))
	slot := -1
	for i := range ways[K]() {
		d := data[K](b, i).Load()
		if d&validBit == 0 || !holds(b, i, key) {
			continue
		}
		// The same position: both bounds stand, so keep the tighter of
		// each, and the move of the newer proof unless it has none.
		newLower, newUpper := lower, upper
		if old := int16(d >> lowerShift); old > lower {
			lower = old
		}
		if old := int16(d >> upperShift); old < upper {
			upper = old
		}
		if lower > upper {
			// Proved bounds cannot cross; should they, keep the newer.
			lower, upper = newLower, newUpper
		}
		if move == noMove {
			move, canon = uint8(d>>moveShift), d&canonBit != 0
		}
		work = max(work, d>>workShift&63)
		slot = i
		break
	}
	if slot < 0 {
		slot = cheapest[K](b, gen)
	}
	filled = data[K](b, slot).Load()&validBit == 0
	d := uint64(uint16(lower))<<lowerShift | uint64(uint16(upper))<<upperShift |
		uint64(move)<<moveShift | work<<workShift | gen<<genShift | validBit
	if canon {
		d |= canonBit
	}
	setKey(b, slot, key, t.alone)
	if t.alone {
		*plain(data[K](b, slot)) = d
		return filled
	}
	data[K](b, slot).Store(d)
	b.seq.Store(s + 2)
	return filled
}

// cheapest is the slot of b that a new position takes: an empty one, or
// else the entry worth least, the one whose proof cost fewest nodes,
// an entry of an earlier search counting as if it cost less.
func cheapest[K sente.Key](b *bucket, gen uint64) int {
	slot, worst := 0, 1<<30
	n := stride[K]()
	for i := range 6 / n {
		d := b.words[n*i+n-1].Load()
		if d&validBit == 0 {
			return i
		}
		age := int((gen - d>>genShift) & genMask)
		if v := int(d>>workShift&63) - 4*age; v < worst {
			slot, worst = i, v
		}
	}
	return slot
}

// resized is a table of bytes bytes holding t's entries, as they are,
// for a search that outgrew t to go on from what was proved in it. A
// larger table keeps them all: a bucket's index is the top bits of the
// key's hash, so each of its buckets takes the entries of one of t's.
// Where the new table is the smaller, an entry that finds its bucket
// full takes the place of the one worth least, as a store does. No
// search may use t meanwhile.
func (t *table[K]) resized(bytes int64) *table[K] {
	n := newTable[K](bytes)
	n.gen.Store(t.gen.Load())
	n.alone = true
	gen := uint64(n.gen.Load()) & genMask
	for i := range t.buckets {
		old := &t.buckets[i]
		for j := range ways[K]() {
			d := data[K](old, j).Load()
			if d&validBit == 0 {
				continue
			}
			key := keyAt[K](old, j)
			b := n.bucket(key)
			slot := cheapest[K](b, gen)
			if data[K](b, slot).Load()&validBit == 0 {
				n.used.Add(1)
			}
			setKey(b, slot, key, true)
			data[K](b, slot).Store(d)
		}
	}
	return n
}

// plain is the word of an atomic.Uint64, for a writer that has the table
// to itself.
func plain(a *atomic.Uint64) *uint64 { return (*uint64)(unsafe.Pointer(a)) }

// clear empties the table. No search runs meanwhile (Searcher.Clear holds
// the searcher's lock), so the buckets are zeroed as plain memory: the
// runtime's bulk clear, which on large tables writes around the cache,
// rather than a locked store a word, which left the whole table's lines
// dirty in the cache for the next search to write back, some 25 µs of a
// search of a few nodes after clearing a table of 16 MB or more.
func (t *table[K]) clear() {
	clear(t.buckets)
	t.used.Store(0)
}
