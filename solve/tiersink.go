package solve

import (
	"fmt"
	"io/fs"
	"sync"
	"unsafe"

	"sente"
	"sente/store"
)

// TierSink is where the tier engine puts finished tiers and reads them back:
// the method set of the store's *GameStore, so that a solve writes straight
// into the table store and resumes from what it holds.
type TierSink interface {
	// Write stores a finished tier's payload and counts, atomically.
	Write(tier int, kind store.Kind, data []byte, counts store.Counts) error
	// Open reads a stored tier back (memory-mapped in the real store).
	Open(tier int, kind store.Kind) (*store.Table, error)
	// Has reports whether a tier is stored whole.
	Has(tier int, kind store.Kind) bool
	// Compact stores a finished tier's values in their compact form and
	// drops its reachable bitset, which the values hold (the store's
	// GameStore.Compact), once no tier left to solve reads it as a child.
	Compact(tier int) error
}

// rankedSink is a sink whose stored values must have as many ranks as the
// game's tiers: tables written under another ranking of a game (a game
// whose ranks a later version of sente made denser) are not read as this
// one's, but reported as damaged and solved again.
type rankedSink struct {
	TierSink
	ranker sente.TierRanker
}

func (s rankedSink) Open(tier int, kind store.Kind) (*store.Table, error) {
	tbl, err := s.TierSink.Open(tier, kind)
	if err != nil || kind != store.Values || tbl.Header.Ranks == 0 {
		return tbl, err
	}
	if want := s.ranker.TierSize(tier); tbl.Header.Ranks != want {
		tbl.Close()
		return nil, &store.DamagedError{Path: tbl.Path, Err: fmt.Errorf("tier %d holds %d ranks where the game has %d: a table of another ranking of the game", tier, tbl.Header.Ranks, want)}
	}
	return tbl, nil
}

func (s rankedSink) Has(tier int, kind store.Kind) bool {
	if !s.TierSink.Has(tier, kind) {
		return false
	}
	if kind != store.Values {
		return true
	}
	tbl, err := s.Open(tier, kind)
	if err == nil {
		tbl.Close()
	}
	return err == nil
}

// MemorySink keeps tiers in memory: for tests, and for solves too small to
// be worth a file. It counts the writes, so tests can see what a resumed
// solve recomputed.
type MemorySink struct {
	mu     sync.Mutex
	tables map[memoryKey]*store.Table
	writes map[memoryKey]int
}

type memoryKey struct {
	tier int
	kind store.Kind
}

// NewMemorySink returns an empty MemorySink.
func NewMemorySink() *MemorySink {
	return &MemorySink{tables: map[memoryKey]*store.Table{}, writes: map[memoryKey]int{}}
}

// Write keeps a copy of data.
func (m *MemorySink) Write(tier int, kind store.Kind, data []byte, counts store.Counts) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := memoryKey{tier, kind}
	m.tables[k] = &store.Table{Header: store.Header{Counts: counts}, Data: append([]byte(nil), data...)}
	m.writes[k]++
	return nil
}

// Compact keeps the tier as it is: a table in memory is read in place.
func (m *MemorySink) Compact(tier int) error { return nil }

// Open returns the stored tier.
func (m *MemorySink) Open(tier int, kind store.Kind) (*store.Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.tables[memoryKey{tier, kind}]
	if !ok {
		return nil, fmt.Errorf("tier %d (kind %d): %w", tier, kind, fs.ErrNotExist)
	}
	return &store.Table{Header: t.Header, Data: t.Data}, nil
}

// Has reports whether the tier is stored.
func (m *MemorySink) Has(tier int, kind store.Kind) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.tables[memoryKey{tier, kind}]
	return ok
}

// Writes is how many times the tier was written.
func (m *MemorySink) Writes(tier int, kind store.Kind) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.writes[memoryKey{tier, kind}]
}

// Delete forgets a stored tier, as a solve killed before writing it would
// have left it.
func (m *MemorySink) Delete(tier int, kind store.Kind) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.tables, memoryKey{tier, kind})
}

// The payloads are the arrays themselves in the machine's byte order (little
// endian on every machine sente runs on), so that a mapped file is read in
// place.

func cellsToBytes(c []store.Cell) []byte {
	if len(c) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&c[0])), 2*len(c))
}

func bytesToCells(b []byte) []store.Cell {
	if len(b) < 2 {
		return nil
	}
	return unsafe.Slice((*store.Cell)(unsafe.Pointer(&b[0])), len(b)/2)
}

func wordsToBytes(w []uint64) []byte {
	if len(w) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), 8*len(w))
}

// wordsOf is a read-only bitset of n words in place when b is aligned to
// 8 bytes (a stored payload starts on a page), a copy otherwise.
func wordsOf(b []byte, n int) []uint64 {
	if len(b) >= 8*n && n > 0 && uintptr(unsafe.Pointer(&b[0]))%8 == 0 {
		return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n)
	}
	return bytesToWords(b, n)
}

// bytesToWords copies, since a mapped payload need not be 8-byte aligned
// and the engine sets bits in it.
func bytesToWords(b []byte, n int) []uint64 {
	w := make([]uint64, n)
	copy(wordsToBytes(w), b)
	return w
}
