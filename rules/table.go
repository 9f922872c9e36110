package rules

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The intern table gives every position met a key: the index of its entry,
// found by its canonical encoding (value.go). Keys are dense and given in
// the order positions are first met, roughly the order the engines then
// walk them in, so that the entries they read one after the other are
// mostly next to each other in memory.
//
// A table holds millions of positions, so it holds no Go pointers per
// position: the garbage collector would otherwise scan them all again at
// every cycle, and Starlark makes garbage fast. Entries and children live
// in chunked arrays of plain numbers, addressed by index; an encoding of up
// to 15 bytes is kept in its entry, a longer one in a chunked array of
// bytes. Chunks never move once made, so reading an entry, its encoding or
// its children needs no lock.
//
// The index from encodings to keys is split into shards by a hash of the
// encoding, so that goroutines interning at once rarely meet on a lock.
// Each shard is open addressing over one []uint64, read with atomic loads
// and no lock; the shard's lock is taken only to add a position, after
// looking again under it.
//
// Besides its encoding, an entry caches what the file said about the
// position (its result, turn, tier and children), so that each of the
// file's functions runs once per position however often the engines ask.
const (
	shardBits = 6
	nShards   = 1 << shardBits
	maxChunks = 40
	firstBits = 8  // entries: chunk c holds 256 << c of them
	longBits  = 10 // long encodings: chunk c holds 1 KiB << c bytes
	kidsBits  = 12 // children: chunk c holds 4096 << c keys
	minSlots  = 16 // the smallest index of a shard
	tagShift  = 32 // an index slot is tag<<tagShift | 1+key
	keyLimit  = math.MaxUint32 - 1
	inline    = 15 // the longest encoding kept in its entry
)

type table struct {
	seed    maphash.Seed
	next    atomic.Uint64 // keys given
	entries chunks[entry]

	kidsMu  sync.Mutex // held to hand out blocks of kids
	kids    chunks[uint64]
	kidsEnd uint64 // held by kidsMu

	shards [nShards]shard
}

type shard struct {
	mu      sync.Mutex               // held to add a position
	slots   atomic.Pointer[[]uint64] // the index; 0 marks an empty slot
	used    int                      // positions in the index; held by mu
	long    chunks[byte]             // encodings too long for their entry
	longEnd uint64                   // held by mu
	_       [64]byte                 // keep shards' locks on separate cache lines
}

// entry is one position: its encoding, and what is cached about it (see
// the info constants). kids, once set, is 1 + the place in the table's
// kids of a count followed by the keys of the children.
//
// enc holds the encoding's length and then the encoding when it is at
// most inline bytes long; otherwise enc[0] is 0xff, enc[1] the shard whose
// long holds it, enc[4:8] its length and enc[8:16] its place.
type entry struct {
	info atomic.Uint64
	kids atomic.Uint64
	enc  [16]byte
}

// Cached facts about a position, packed in entry.info.
const (
	endedMask  = 7 // 0 not asked; else endedGoing or 1+sente.Value
	endedGoing = 1
	turnShift  = 3 // 2 bits: 0 not asked, 1 first, 2 second
	turnMask   = 3 << turnShift
	tierKnown  = 1 << 5
	noResult   = 1 << 6  // result(p) is None, but the moves may yet end p (stalemate)
	tierShift  = 8       // tiers are below 1<<20 (explore's limit)
	made       = 1 << 62 // the entry is filled in
)

func newTable() *table {
	t := &table{seed: maphash.MakeSeed()}
	for i := range t.shards {
		slots := make([]uint64, minSlots)
		t.shards[i].slots.Store(&slots)
	}
	return t
}

// chunks is an array that grows without moving what it holds: chunk c
// holds 1 << (c+b) items, for the b its user chooses, and is made when
// first needed.
type chunks[T any] struct {
	list [maxChunks]atomic.Pointer[[]T]
}

// chunkOf locates place i of chunks whose first holds 1<<b items: chunk
// c, offset off.
func chunkOf(i uint64, b uint) (c int, off uint64) {
	m := i + 1<<b
	c = bits.Len64(m) - int(b) - 1
	return c, m - 1<<(uint(c)+b)
}

// at returns the items of chunk c from off on.
func (a *chunks[T]) at(c int, off uint64) []T { return (*a.list[c].Load())[off:] }

// chunk returns chunk c, making it if no one has yet.
func (a *chunks[T]) chunk(c int, b uint) []T {
	if p := a.list[c].Load(); p != nil {
		return *p
	}
	chunk := make([]T, 1<<(uint(c)+b))
	if !a.list[c].CompareAndSwap(nil, &chunk) {
		return *a.list[c].Load()
	}
	return chunk
}

// reserve returns room for n items in one chunk, and its place, moving
// *end past it; the caller holds the lock that guards end. ok is false
// when the chunks are all used.
func (a *chunks[T]) reserve(end *uint64, n uint64, b uint) (room []T, at uint64, ok bool) {
	for {
		c, off := chunkOf(*end, b)
		if c >= maxChunks {
			return nil, 0, false
		}
		size := uint64(1) << (uint(c) + b)
		if off+n > size {
			*end += size - off // too little left: start the next chunk
			continue
		}
		at = *end
		*end += n
		return a.chunk(c, b)[off : off+n], at, true
	}
}

// hash returns the hash of an encoding, for internHashed.
func (t *table) hash(enc []byte) uint64 { return maphash.Bytes(t.seed, enc) }

// touch reads the index slots, and the entries they point to, where
// positions of these hashes would be found. The table is too large for
// the cache, so a lookup costs a miss or two, and one miss after another
// costs much more than several at once: touching the moves of a position
// together gets the memory on its way before internHashed needs it. The
// sum only keeps the reads from being optimised away.
func (t *table) touch(hashes []uint64) (sum uint64) {
	for _, h := range hashes {
		slots := *t.shards[h&(nShards-1)].slots.Load()
		tag := h >> tagShift
		v := atomic.LoadUint64(&slots[tag&uint64(len(slots)-1)])
		if v>>tagShift == tag {
			c, off := chunkOf(uint64(uint32(v))-1, firstBits)
			sum += uint64(t.entries.at(c, off)[0].enc[0])
		}
	}
	return sum
}

// touchKeys reads the entries of keys, for the same reason as touch: the
// engines ask about every child of a position one after the other.
func (t *table) touchKeys(keys []uint64) {
	for _, k := range keys {
		if e := t.entry(k); e != nil {
			e.info.Load()
		}
	}
}

// intern returns the key of the position with encoding enc, adding it if
// it is new (fresh). ok is false only when the table is full.
func (t *table) intern(enc []byte) (key uint64, fresh, ok bool) {
	return t.internHashed(enc, t.hash(enc))
}

// internHashed is intern with the hash of enc given.
func (t *table) internHashed(enc []byte, h uint64) (key uint64, fresh, ok bool) {
	sn := h & (nShards - 1)
	tag := h >> tagShift
	s := &t.shards[sn]
	if k, found := t.find(*s.slots.Load(), tag, enc); found {
		return k, false, true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	slots := *s.slots.Load()
	if k, found := t.find(slots, tag, enc); found {
		return k, false, true
	}
	key = t.next.Add(1) - 1
	if key >= keyLimit {
		return 0, false, false
	}
	c, off := chunkOf(key, firstBits)
	e := &t.entries.chunk(c, firstBits)[off]
	if len(enc) <= inline {
		e.enc[0] = byte(len(enc))
		copy(e.enc[1:], enc)
	} else {
		room, at, ok := s.long.reserve(&s.longEnd, uint64(len(enc)), longBits)
		if !ok {
			return 0, false, false
		}
		copy(room, enc)
		e.enc[0], e.enc[1] = 0xff, byte(sn)
		binary.LittleEndian.PutUint32(e.enc[4:], uint32(len(enc)))
		binary.LittleEndian.PutUint64(e.enc[8:], at)
	}
	e.info.Store(made)
	// Past half full, linear probing slows down: double the index. Readers
	// still on the old one may miss what is added since, and then look
	// again under the lock.
	s.used++
	if 2*s.used > len(slots) {
		slots = s.grow(slots)
	}
	mask := uint64(len(slots) - 1)
	for i := tag & mask; ; i = (i + 1) & mask {
		if atomic.LoadUint64(&slots[i]) == 0 {
			atomic.StoreUint64(&slots[i], tag<<tagShift|(key+1))
			break
		}
	}
	return key, true, true
}

// find looks enc up in an index.
func (t *table) find(slots []uint64, tag uint64, enc []byte) (uint64, bool) {
	mask := uint64(len(slots) - 1)
	for i := tag & mask; ; i = (i + 1) & mask {
		v := atomic.LoadUint64(&slots[i])
		if v == 0 {
			return 0, false
		}
		if v>>tagShift != tag {
			continue
		}
		key := uint64(uint32(v)) - 1
		c, off := chunkOf(key, firstBits)
		if t.encoding(&t.entries.at(c, off)[0]) == string(enc) {
			return key, true
		}
	}
}

// grow makes the shard's index twice as large; the caller holds mu.
func (s *shard) grow(old []uint64) []uint64 {
	slots := make([]uint64, 2*len(old))
	mask := uint64(len(slots) - 1)
	for _, v := range old {
		if v == 0 {
			continue
		}
		for i := (v >> tagShift) & mask; ; i = (i + 1) & mask {
			if slots[i] == 0 {
				slots[i] = v
				break
			}
		}
	}
	s.slots.Store(&slots)
	return slots
}

// encoding returns the encoding of e; it shares the table's memory, which
// is never written again.
func (t *table) encoding(e *entry) string {
	if n := e.enc[0]; n <= inline {
		return unsafe.String(&e.enc[1], n)
	}
	s := &t.shards[e.enc[1]]
	n := binary.LittleEndian.Uint32(e.enc[4:])
	c, off := chunkOf(binary.LittleEndian.Uint64(e.enc[8:]), longBits)
	return unsafe.String(&s.long.at(c, off)[0], n)
}

// entry returns the entry of key, or nil for a key the table never gave.
func (t *table) entry(key uint64) *entry {
	if key >= t.next.Load() {
		return nil
	}
	c, off := chunkOf(key, firstBits)
	p := t.entries.list[c].Load()
	if p == nil {
		return nil
	}
	e := &(*p)[off]
	if e.info.Load()&made == 0 {
		return nil
	}
	return e
}

// len is the number of positions interned.
func (t *table) len() int { return int(t.next.Load()) }

// children returns the cached children of e, if they are known. The slice
// is the table's: callers copy, never change it.
func (t *table) children(e *entry) ([]uint64, bool) {
	at := e.kids.Load()
	if at == 0 {
		return nil, false
	}
	c, off := chunkOf(at-1, kidsBits)
	list := t.kids.at(c, off)
	return list[1 : 1+list[0] : 1+list[0]], true
}

// kidsBlock is a run of the table's kids that one goroutine fills without
// a lock: [at, end).
type kidsBlock struct{ at, end uint64 }

// kidsBlockSize is how many keys a goroutine takes for its children lists
// at a time.
const kidsBlockSize = 4096

// setChildren caches the children of e, in b, taking a new block when b
// is full. ok is false when the table has no room left, and then nothing
// is cached.
func (t *table) setChildren(b *kidsBlock, e *entry, kids []uint64) bool {
	n := uint64(len(kids)) + 1
	if b.end-b.at < n {
		t.kidsMu.Lock()
		_, at, ok := t.kids.reserve(&t.kidsEnd, max(n, kidsBlockSize), kidsBits)
		t.kidsMu.Unlock()
		if !ok {
			return false
		}
		b.at, b.end = at, at+max(n, kidsBlockSize)
	}
	c, off := chunkOf(b.at, kidsBits)
	room := t.kids.at(c, off)[:n]
	room[0] = uint64(len(kids))
	copy(room[1:], kids)
	e.kids.Store(b.at + 1)
	b.at += n
	return true
}

// setInfo adds bits to e's cached facts.
func (e *entry) setInfo(bits uint64) {
	for {
		old := e.info.Load()
		if e.info.CompareAndSwap(old, old|bits) {
			return
		}
	}
}
