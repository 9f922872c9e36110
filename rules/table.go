package rules

import (
	"hash/maphash"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The intern table gives every position met a key: the position's index in
// the table, found by its canonical encoding (value.go). It is split into
// shards by a hash of the encoding, so that goroutines interning at once
// rarely meet on a lock; a key is its index within its shard, shifted, with
// the shard number in the low bits. Looking a position up costs one hash,
// a read lock and one map lookup; a new position takes the shard's write
// lock.
//
// Entries never move once made: a shard's entries live in chunks of 16,
// 32, 64, ... entries, so that reading an entry needs no lock. Besides its
// encoding, an entry caches what the file said about the position (its
// result, turn, tier and children), so that each of the file's functions
// runs once per position however often the engines ask.
const (
	shardBits = 6
	nShards   = 1 << shardBits
	maxChunks = 28 // 16 * (2^28 - 1) entries a shard: past uint32 indexes
	firstBits = 4  // chunk c holds 16 << c entries
	blockSize = 64 << 10
)

type table struct {
	seed   maphash.Seed
	shards [nShards]shard
}

type shard struct {
	mu     sync.RWMutex
	index  map[string]uint32 // encoding -> index in the shard
	n      atomic.Uint32     // entries made
	block  []byte            // the free end of the current block of encodings
	chunks [maxChunks]atomic.Pointer[[]entry]
	_      [64]byte // keep shards' locks on separate cache lines
}

// entry is one position. info packs what is cached about it (see the info
// constants); kids, once set, points to a count followed by the keys of
// the children.
type entry struct {
	enc  string
	info atomic.Uint64
	kids atomic.Pointer[uint64]
}

// Cached facts about a position, packed in entry.info.
const (
	endedMask  = 7 // 0 not asked; else endedGoesOn or 1+sente.Value
	endedGoing = 1
	turnShift  = 3 // 2 bits: 0 not asked, 1 first, 2 second
	turnMask   = 3 << turnShift
	tierKnown  = 1 << 5
	tierShift  = 8 // tiers are below 1<<20 (explore's limit)
)

func newTable() *table {
	t := &table{seed: maphash.MakeSeed()}
	for i := range t.shards {
		t.shards[i].index = map[string]uint32{}
	}
	return t
}

// chunkOf locates index i of a shard: chunk c, offset off.
func chunkOf(i uint64) (c, off int) {
	m := i + 1<<firstBits
	c = bits.Len64(m) - firstBits - 1
	return c, int(m - 1<<(c+firstBits))
}

// intern returns the key of the position with encoding enc, adding it if
// it is new (fresh). ok is false only past 2^32 positions in a shard.
func (t *table) intern(enc []byte) (key uint64, fresh, ok bool) {
	h := maphash.Bytes(t.seed, enc)
	sn := h & (nShards - 1)
	s := &t.shards[sn]
	s.mu.RLock()
	i, found := s.index[string(enc)]
	s.mu.RUnlock()
	if found {
		return uint64(i)<<shardBits | sn, false, true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if i, found := s.index[string(enc)]; found {
		return uint64(i)<<shardBits | sn, false, true
	}
	n := s.n.Load()
	if n == math.MaxUint32 {
		return 0, false, false
	}
	c, off := chunkOf(uint64(n))
	if off == 0 {
		chunk := make([]entry, 1<<(c+firstBits))
		s.chunks[c].Store(&chunk)
	}
	e := &(*s.chunks[c].Load())[off]
	e.enc = s.store(enc)
	s.index[e.enc] = n
	s.n.Store(n + 1)
	return uint64(n)<<shardBits | sn, true, true
}

// store copies an encoding into the shard's blocks, which are never
// written again once filled: the strings made from them stay valid.
func (s *shard) store(enc []byte) string {
	if len(enc) > blockSize/16 {
		return string(enc)
	}
	if cap(s.block)-len(s.block) < len(enc) {
		s.block = make([]byte, 0, blockSize)
	}
	start := len(s.block)
	s.block = append(s.block, enc...)
	return unsafe.String(&s.block[start], len(enc))
}

// entry returns the entry of key, or nil for a key the table never gave.
func (t *table) entry(key uint64) *entry {
	s := &t.shards[key&(nShards-1)]
	i := key >> shardBits
	if i >= uint64(s.n.Load()) {
		return nil
	}
	c, off := chunkOf(i)
	return &(*s.chunks[c].Load())[off]
}

// len is the number of positions interned.
func (t *table) len() int {
	n := 0
	for i := range t.shards {
		n += int(t.shards[i].n.Load())
	}
	return n
}

// children returns the cached children of e, if they are known.
func (e *entry) children() ([]uint64, bool) {
	p := e.kids.Load()
	if p == nil {
		return nil, false
	}
	return unsafe.Slice(p, *p+1)[1:], true
}

// setChildren caches the children of e.
func (e *entry) setChildren(kids []uint64) {
	list := make([]uint64, len(kids)+1)
	list[0] = uint64(len(kids))
	copy(list[1:], kids)
	e.kids.Store(&list[0])
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
