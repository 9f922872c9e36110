package tables

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
)

// ErrNoTierRanks is the refusal of a game that gives no dense tier ranks:
// it has no tables of the tier engine's to read.
var ErrNoTierRanks = errors.New("solve by tiers: the game has no dense tier ranks (TierRanker and Encoder)")

// Places is an encoder whose keys are looked up in stored tables (the
// tier engine's view of a game whose ranks it discovered): it tells a
// position no tier holds from keys that cannot be read, which Encode
// cannot.
type Places interface {
	Place(p sente.Position) (key uint64, found bool, err error)
}

// Tables are a game's tiers stored in a source, every one of the tiers
// the root leads to, answered a cell at a time: the values live in the
// source, a table a tier, and are read back from there.
type Tables struct {
	game   sente.Game
	enc    sente.Encoder
	ranker sente.TierRanker
	places Places // enc, when its keys are looked up in stored tables
	src    Source

	// Start is the outcome of the root for the player to move.
	Start sente.Outcome
	// Tiers are the per-tier results, children first (the order solved).
	Tiers []solve.TierResult
	// Totals add up Tiers.
	Totals store.Counts
	// Classes adds up the Classes of Tiers: the classes of symmetric
	// positions solved by value when Totals counts the positions they
	// stand for.
	Classes store.Counts
	// PeakBytes is the planned peak memory of the solve that wrote the
	// tables, when they were just solved (the tier engine's plan: the
	// largest of the forward pass and of each tier's solve); 0 for tables
	// opened as they are stored, which hold what they map.
	PeakBytes int64

	// keepFrames, when not 0, is how many decompressed frames each
	// compact table keeps (store.Table.KeepFrames).
	keepFrames int

	damage  atomic.Pointer[error] // the first stored block that failed to read
	rootKey uint64                // the key of the position the tables start from

	mu     sync.Mutex
	tables map[tableKey]*openTier
	mapped int64  // bytes of the tables open
	clock  uint64 // counts acquires, for the least recently used
}

// New is the tables of g that src holds, read by enc and ranker (g's
// own), from the position of rootKey. Finish reads them.
func New(g sente.Game, enc sente.Encoder, ranker sente.TierRanker, src Source, rootKey uint64) *Tables {
	return &Tables{game: g, enc: enc, ranker: ranker, src: src, tables: map[tableKey]*openTier{}, rootKey: rootKey}
}

// NewPlaces is New for a game whose ranks the tier engine discovered: d is
// the engine's view of it, whose keys are places looked up in the stored
// keys of its tiers.
func NewPlaces[D interface {
	sente.Game
	sente.Encoder
	sente.TierRanker
	Places
}](d D, src Source, rootKey uint64) *Tables {
	s := New(d, d, d, src, rootKey)
	s.places = d
	return s
}

// Finish reads what the tables hold once every tier is stored, from root
// (the position of the key New was given): results
// are the tiers' counts as their headers give them, children first; cc,
// when not nil, the positions the classes of symmetric positions stand
// for, which results then count (each tier's classes in its Classes). It
// reads the root's value, and closes the tables when it cannot.
func (s *Tables) Finish(root sente.Position, results []solve.TierResult, cc ClassCounts) error {
	if cc != nil {
		for i, r := range results {
			results[i].Classes = r.Counts
			results[i].Classes.Seconds = 0
			results[i].Counts = cc[r.Tier]
			results[i].Seconds = r.Seconds
		}
	}
	s.Tiers = results
	for _, r := range results {
		s.Classes.Add(r.Classes)
		s.Totals.Add(r.Counts)
		s.Totals.Seconds += r.Seconds
	}
	c, err := s.cell(root)
	if err == nil && c == store.Unreachable {
		err = errors.New("it is stored as unreachable")
	}
	if err != nil {
		s.Close()
		rootTier, rootRank := s.ranker.TierRank(s.rootKey)
		return fmt.Errorf("solve by tiers: reading the root's value (tier %d, rank %d): %w", rootTier, rootRank, err)
	}
	s.Start = c.Outcome()
	return nil
}

// Outcome returns the outcome of p for the player to move, and false when p
// is not a reachable position of a solved tier or its cell fails the
// checksum of the block that holds it.
func (s *Tables) Outcome(p sente.Position) (sente.Outcome, bool) {
	c, err := s.cell(p)
	if err != nil || c == store.Unreachable {
		return sente.Outcome{}, false
	}
	return c.Outcome(), true
}

// cell reads p's cell, checking the block that holds it.
func (s *Tables) cell(p sente.Position) (store.Cell, error) {
	key := uint64(0)
	if s.places != nil {
		// Its ranks are looked up in stored keys, which may fail to
		// read: the damage is theirs, not the values'.
		k, found, err := s.places.Place(p)
		if err != nil {
			return 0, s.damaged(err)
		}
		if !found {
			return store.Unreachable, nil // no tier holds it
		}
		key = k
	} else {
		key = s.enc.Encode(p)
	}
	return s.cellOfKey(key)
}

// cellOfKey reads the cell of the position of key, by the game's own
// ranks.
func (s *Tables) cellOfKey(key uint64) (store.Cell, error) {
	return s.cellOfKeyKind(key, store.Values)
}

// cellOfKeyKind is cellOfKey in the tier's table of kind (its margins).
func (s *Tables) cellOfKeyKind(key uint64, kind store.Kind) (store.Cell, error) {
	t, r := s.ranker.TierRank(key)
	tbl, err := s.acquireKind(t, kind)
	if err != nil {
		return 0, s.damaged(err)
	}
	defer s.releaseKind(t, kind)
	c, err := tbl.ReadCell(r)
	if err != nil {
		return 0, s.damaged(err)
	}
	return c, nil
}

// damaged keeps the first failure to read a stored tier, for Damage.
func (s *Tables) damaged(err error) error {
	s.damage.CompareAndSwap(nil, &err)
	return err
}

// Damage is the first failure to read a stored tier that an answer met
// (a block that fails its checksum, a file that cannot be opened), nil
// when none: Outcome then says only that a position is not there.
func (s *Tables) Damage() error {
	if err := s.damage.Load(); err != nil {
		return *err
	}
	return nil
}

// WithCells calls fn with the stored cells of a tier, one a rank, every
// block's checksum checked. The cells are valid only while fn runs.
func (s *Tables) WithCells(tier int, fn func(cells []store.Cell) error) error {
	tbl, err := s.acquire(tier)
	if err != nil {
		return err
	}
	defer s.release(tier)
	if !tbl.Compact() {
		if err := tbl.Verify(); err != nil {
			return err
		}
	}
	cells, err := tbl.LoadCells() // a compact table's blocks checked as they are read
	if err != nil {
		return err
	}
	return fn(cells)
}

// Close releases the tables Outcome and WithCells opened.
func (s *Tables) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var first error
	for t, o := range s.tables {
		if err := o.tbl.Close(); err != nil && first == nil {
			first = err
		}
		delete(s.tables, t)
	}
	s.mapped = 0
	return first
}

// Mapped is how many bytes of the tables are open now.
func (s *Tables) Mapped() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mapped
}
