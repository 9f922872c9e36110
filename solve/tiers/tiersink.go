package tiers

import (
	"fmt"
	"io/fs"
	"slices"
	"sync"
	"unsafe"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// TierSink is where the tier engine puts finished tiers and reads them back:
// the method set of the store's *GameStore, so that a solve writes straight
// into the table store and resumes from what it holds.
type TierSink interface {
	// Write stores a finished tier's payload and counts, atomically.
	Write(tier int, kind store.Kind, data []byte, counts store.Counts) error
	// WriteParts is Write of the payload made of parts one after the
	// other, without copying them into one.
	WriteParts(tier int, kind store.Kind, parts [][]byte, counts store.Counts) error
	// Remove removes a stored table, when there is one.
	Remove(tier int, kind store.Kind) error
	// Open reads a stored tier back (memory-mapped in the real store),
	// and Has reports whether a tier is stored whole: what the tables
	// read.
	tables.Source
	// WriteCompact stores a solved tier's values (kind store.Values), a
	// cell a rank, in their final form (compact in the store:
	// GameStore.WriteCompact) and drops its reachable bitset, which the
	// values hold; or its Grundy values (store.Grundy) the same way. The
	// sink may keep cells as they are: the engine does not change them
	// after.
	WriteCompact(tier int, kind store.Kind, cells []store.Cell, counts store.Counts) error
	// Compact stores a finished tier's values in their compact form and
	// drops its reachable bitset, which the values hold (the store's
	// GameStore.Compact): for tables written raw (by an older sente, or by
	// sente-dist), once no tier left to solve reads them.
	Compact(tier int) error
	// Link stores as tier's table of kind a table of every position of
	// the tier (TierOptions.EveryPosition) read from another sink, taken
	// whole rather than written again: a hard link in the store
	// (GameStore.Link), a copy in memory. The table stays marked as one
	// of every position (store.OfEveryPosition of its header's spec).
	Link(tier int, kind store.Kind, from *store.Table) error
	// SetRanking has the tables of values and reachable ranks written
	// from now on carry the fingerprint of the game's ranks
	// (store.Header.Ranking), which the engine checks when it reads
	// them back.
	SetRanking(fingerprint uint32)
}

// rankedSink is a sink whose stored tables must be indexed by the game's
// ranks (tables.Ranked): tables written under another ranking of a game
// are not read as this one's, but reported as damaged and solved again.
type rankedSink struct {
	TierSink
	ranked tables.Ranked
}

// newRankedSink wraps sink for the game of enc and ranker, and has sink
// stamp the tables it writes with the game's ranking.
func newRankedSink(sink TierSink, enc sente.Encoder, ranker sente.TierRanker, start uint64) rankedSink {
	s := rankedSink{TierSink: sink, ranked: tables.Ranked{Source: sink, Ranker: ranker, Ranking: tables.RankingOf(enc, ranker, start)}}
	sink.SetRanking(s.ranked.Ranking)
	return s
}

func (s rankedSink) Open(tier int, kind store.Kind) (*store.Table, error) {
	return s.ranked.Open(tier, kind)
}

func (s rankedSink) Has(tier int, kind store.Kind) bool { return s.ranked.Has(tier, kind) }

// MemorySink keeps tiers in memory: for tests, and for solves too small to
// be worth a file. It counts the writes, so tests can see what a resumed
// solve recomputed.
type MemorySink struct {
	mu      sync.Mutex
	tables  map[memoryKey]*store.Table
	writes  map[memoryKey]int
	ranking uint32
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
	return m.WriteParts(tier, kind, [][]byte{data}, counts)
}

// WriteParts keeps a copy of the parts, one after the other.
func (m *MemorySink) WriteParts(tier int, kind store.Kind, parts [][]byte, counts store.Counts) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := memoryKey{tier, kind}
	h := store.Header{Counts: counts}
	if kind.Ranked() {
		h.Ranking = m.ranking
	}
	var data []byte
	for _, p := range parts {
		data = append(data, p...)
	}
	m.tables[k] = &store.Table{Header: h, Data: data}
	m.writes[k]++
	return nil
}

// WriteCompact keeps cells themselves, read in place (and, as Compact
// does, the tier's reachable bitset: an eighth of the cells' memory, which
// tests of resumed solves compare).
func (m *MemorySink) WriteCompact(tier int, kind store.Kind, cells []store.Cell, counts store.Counts) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := memoryKey{tier, kind}
	m.tables[k] = &store.Table{Header: store.Header{Counts: counts, Ranking: m.ranking}, Data: cellsToBytes(cells)}
	m.writes[k]++
	return nil
}

// Remove forgets a stored table.
func (m *MemorySink) Remove(tier int, kind store.Kind) error {
	m.Delete(tier, kind)
	return nil
}

// SetRanking stamps the tables of values and reachable ranks written from
// now on, as the store does.
func (m *MemorySink) SetRanking(fingerprint uint32) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ranking = fingerprint
}

// Link keeps a copy of the table, marked as one of every position, as
// the store's files are by their spec.
func (m *MemorySink) Link(tier int, kind store.Kind, from *store.Table) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := memoryKey{tier, kind}
	h := from.Header
	if !store.OfEveryPosition(h.Spec) {
		h.Spec = store.EveryPosition(h.Spec)
	}
	m.tables[k] = &store.Table{Header: h, Data: slices.Clone(from.Data)}
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

// bytesToWords copies, since a mapped payload need not be 8-byte aligned
// and the engine sets bits in it.
func bytesToWords(b []byte, n int) []uint64 {
	w := make([]uint64, n)
	copy(wordsToBytes(w), b)
	return w
}
