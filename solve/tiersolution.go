package solve

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"sente"
	"sente/store"
)

// ErrOverMemory is what SolveTiers refuses with, before any work, when its
// plan needs more memory than TierOptions.MaxMemory allows.
var ErrOverMemory = errors.New("over the limit")

// ErrNotStored is what SolveTiers fails with under TierOptions.StoredOnly
// when the sink lacks a tier.
var ErrNotStored = errors.New("solve by tiers: the game's tables are not all stored")

// TierSolution is a game solved by SolveTiers: the values live in the sink,
// a tier file each, and are read back from there.
type TierSolution struct {
	game   sente.Game
	enc    sente.Encoder
	ranker sente.TierRanker
	sink   TierSink

	// Start is the outcome of the root for the player to move.
	Start sente.Outcome
	// Tiers are the per-tier results, children first (the order solved).
	Tiers []TierResult
	// Totals add up Tiers.
	Totals store.Counts
	// Classes adds up the Classes of Tiers: the classes of symmetric
	// positions solved by value when Totals counts the positions they
	// stand for.
	Classes store.Counts
	// PeakBytes is the planned peak memory of the solve: the largest of
	// the forward pass (one bit a rank of every tier) and of each tier's
	// solve (its cells, its loop bookkeeping and the child tiers resident).
	PeakBytes int64
	// MovesRecorded is how many bytes of moves the forward pass of a game
	// whose ranks it discovered recorded for the solve (see moves.go).
	MovesRecorded int64

	damage  atomic.Pointer[error] // the first stored block that failed to read
	rootKey uint64                // the key of the position the tables start from

	mu     sync.Mutex
	tables map[int]*openTier
	mapped int64  // bytes of the tables open
	clock  uint64 // counts acquires, for the least recently used
}

// Outcome returns the outcome of p for the player to move, and false when p
// is not a reachable position of a solved tier or its cell fails the
// checksum of the block that holds it.
func (s *TierSolution) Outcome(p sente.Position) (sente.Outcome, bool) {
	c, err := s.cell(p)
	if err != nil || c == store.Unreachable {
		return sente.Outcome{}, false
	}
	return c.Outcome(), true
}

// cell reads p's cell, checking the block that holds it.
func (s *TierSolution) cell(p sente.Position) (store.Cell, error) {
	t, r := s.ranker.TierRank(s.enc.Encode(p))
	tbl, err := s.acquire(t)
	if err != nil {
		return 0, s.damaged(err)
	}
	defer s.release(t)
	c, err := tbl.ReadCell(r)
	if err != nil {
		return 0, s.damaged(err)
	}
	return c, nil
}

// damaged keeps the first failure to read a stored tier, for Damage.
func (s *TierSolution) damaged(err error) error {
	s.damage.CompareAndSwap(nil, &err)
	return err
}

// Damage is the first failure to read a stored tier that an answer met
// (a block that fails its checksum, a file that cannot be opened), nil
// when none: Outcome then says only that a position is not there.
func (s *TierSolution) Damage() error {
	if err := s.damage.Load(); err != nil {
		return *err
	}
	return nil
}

// WithCells calls fn with the stored cells of a tier, one a rank, every
// block's checksum checked. The cells are valid only while fn runs.
func (s *TierSolution) WithCells(tier int, fn func(cells []store.Cell) error) error {
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
func (s *TierSolution) Close() error {
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

// TableSolution is a game solved by the tier engine, answered from its
// tables (a TierSolution) as a Solution: every position reachable from the
// start, tier by tier.
type TableSolution struct {
	game sente.Game
	ts   *TierSolution
	root sente.Position
	took time.Duration
}

// FromTiers is the Solution of g that ts answers: root is the position the
// tier solve started from, and took the time the solve took. The tables
// stay open until ts is closed.
func FromTiers(g sente.Game, ts *TierSolution, root sente.Position, took time.Duration) *TableSolution {
	return &TableSolution{game: g, ts: ts, root: root, took: took}
}

func (s *TableSolution) Game() sente.Game                               { return s.game }
func (s *TableSolution) Root() sente.Position                           { return s.root }
func (s *TableSolution) Positions() int                                 { return int(s.ts.Totals.Positions) }
func (s *TableSolution) Restrict() map[sente.Player]string              { return nil }
func (s *TableSolution) Bytes() int                                     { return int(s.ts.PeakBytes) }
func (s *TableSolution) Outcome(p sente.Position) (sente.Outcome, bool) { return s.ts.Outcome(p) }

// Damage is the first failure to read the stored tables an answer met
// (TierSolution.Damage).
func (s *TableSolution) Damage() error                          { return s.ts.Damage() }
func (s *TableSolution) Moves(p sente.Position) []sente.Move    { return legalMoves(s.game, p) }
func (s *TableSolution) Took() (explored, solved time.Duration) { return 0, s.took }

// Counts are the positions by value; the seconds the tiers took are in
// Tiers and Took.
func (s *TableSolution) Counts() Counts {
	c := s.ts.Totals
	c.Seconds = 0
	return c
}

// Classes reports whether the game's ranks stand for classes of symmetric
// positions (RanksBySymmetry) and the positions they stand for were not
// counted: a table stored before they were, and not solved again.
func (s *TableSolution) Classes() bool { return RanksBySymmetry(s.game) && s.ts.Classes.Positions == 0 }

// ClassCount is the number of classes solved when Positions counts the
// positions they stand for.
func (s *TableSolution) ClassCount() int { return int(s.ts.Classes.Positions) }

// Tiers are the tier engine's results tier by tier, children first.
func (s *TableSolution) Tiers() []TierResult { return s.ts.Tiers }

// Each goes through the tiers in increasing number, as the hashing engine
// does, and through each tier's reachable positions in order of rank: the
// positions the root reaches, which for a root other than the tables' own
// (a --from position of a stored game) are found by following its moves.
func (s *TableSolution) Each(fn func(p sente.Position, o sente.Outcome) bool) {
	if s.ts.enc.Encode(s.root) != s.ts.rootKey {
		s.eachFrom(fn)
		return
	}
	tiers := make([]int, 0, len(s.ts.Tiers))
	for _, r := range s.ts.Tiers {
		tiers = append(tiers, r.Tier)
	}
	slices.Sort(tiers)
	stop := errors.New("stopped")
	for _, t := range tiers {
		err := s.ts.WithCells(t, func(cells []store.Cell) error {
			for rank, c := range cells {
				if c == store.Unreachable {
					continue
				}
				key, ok := s.ts.ranker.Unrank(t, uint64(rank))
				if !ok {
					return fmt.Errorf("rank %d of tier %d holds a value but is no position", rank, t)
				}
				if !fn(s.ts.enc.Decode(key), c.Outcome()) {
					return stop
				}
			}
			return nil
		})
		if err != nil {
			return
		}
	}
}

// eachFrom calls fn for every position the root reaches, found by its
// moves and valued by the tables, in the order of Each.
func (s *TableSolution) eachFrom(fn func(p sente.Position, o sente.Outcome) bool) {
	type place struct {
		tier      int
		rank, key uint64
	}
	enc := s.ts.enc
	seen := map[uint64]bool{}
	var found []place
	todo := []uint64{enc.Encode(s.root)}
	seen[todo[0]] = true
	for len(todo) > 0 {
		key := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		t, r := s.ts.ranker.TierRank(key)
		found = append(found, place{t, r, key})
		for _, m := range legalMoves(s.game, enc.Decode(key)) {
			if k := enc.Encode(m.To); !seen[k] {
				seen[k] = true
				todo = append(todo, k)
			}
		}
	}
	slices.SortFunc(found, func(a, b place) int {
		return cmp.Or(cmp.Compare(a.tier, b.tier), cmp.Compare(a.rank, b.rank), cmp.Compare(a.key, b.key))
	})
	for _, f := range found {
		p := enc.Decode(f.key)
		o, ok := s.ts.Outcome(p)
		if !ok || !fn(p, o) {
			return
		}
	}
}
