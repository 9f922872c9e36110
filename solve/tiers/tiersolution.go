package tiers

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"sente"
	"sente/internal/quantity"
	"sente/solve"
	"sente/store"
)

// ErrOverMemory is what SolveTiers refuses with, before any work, when its
// plan needs more memory than TierOptions.MaxMemory allows: an
// *OverMemoryError, which says how much.
var ErrOverMemory = errors.New("over the limit")

// OverMemoryError is SolveTiers' refusal of a plan over the memory allowed.
type OverMemoryError struct {
	Peak, Limit int64 // the plan's peak and TierOptions.MaxMemory, in bytes
	Tiers       int
	Largest     uint64 // the ranks of the largest tier
}

func (e *OverMemoryError) Error() string {
	return fmt.Sprintf("solve by tiers: needs about %s of memory at peak (%d tiers, largest %d ranks), %v of %s",
		quantity.FormatSize(uint64(e.Peak)), e.Tiers, e.Largest, ErrOverMemory, quantity.FormatSize(uint64(e.Limit)))
}

func (e *OverMemoryError) Unwrap() error { return ErrOverMemory }

// ErrNotStored is what Open fails with when the sink lacks a tier.
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
	Tiers []solve.TierResult
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
	tables map[tableKey]*openTier
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
	key := uint64(0)
	if d, ok := s.enc.(*discovered); ok {
		// Its ranks are looked up in stored keys, which may fail to
		// read: the damage is theirs, not the values'.
		k, found, err := d.encode(p)
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
	t, r := s.ranker.TierRank(key)
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

	// For a root other than the tables' own: the positions it reaches,
	// counted once asked for, when there are at most countFrom of them.
	countOnce sync.Once
	sub       solve.Counts
	subWhole  bool // too many to count: the counts are the whole table's
}

// countFrom is how many positions a root other than the stored tables'
// own may reach for Counts to count them, following moves (about 50 bytes
// each while counted).
var countFrom = 1 << 18

// FromTiers is the Solution of g that ts answers from root: the position
// the tier solve started from, or any position its tables reach; took is
// the time the solve took. The tables stay open until ts is closed.
func FromTiers(g sente.Game, ts *TierSolution, root sente.Position, took time.Duration) *TableSolution {
	return &TableSolution{game: g, ts: ts, root: root, took: took}
}

// fromOwnRoot reports whether the solution's root is the tables' own.
func (s *TableSolution) fromOwnRoot() bool { return s.ts.enc.Encode(s.root) == s.ts.rootKey }

func (s *TableSolution) Game() sente.Game                               { return s.game }
func (s *TableSolution) Root() sente.Position                           { return s.root }
func (s *TableSolution) Positions() int                                 { return int(s.Counts().Positions) }
func (s *TableSolution) Restrict() map[sente.Player]string              { return nil }
func (s *TableSolution) Bytes() int                                     { return int(s.ts.PeakBytes) }
func (s *TableSolution) Outcome(p sente.Position) (sente.Outcome, bool) { return s.ts.Outcome(p) }

// Damage is the first failure to read the stored tables an answer met
// (TierSolution.Damage).
func (s *TableSolution) Damage() error                          { return s.ts.Damage() }
func (s *TableSolution) Moves(p sente.Position) []sente.Move    { return solve.LegalMoves(s.game, p) }
func (s *TableSolution) Took() (explored, solved time.Duration) { return 0, s.took }

// Counts are the positions by value; the seconds the tiers took are in
// Tiers and Took.
// From a root other than the tables' own, they are the positions it
// reaches, unless there are too many to count (Whole).
func (s *TableSolution) Counts() solve.Counts {
	if !s.fromOwnRoot() {
		s.countOnce.Do(s.countSubgame)
		if !s.subWhole {
			return s.sub
		}
	}
	c := s.ts.Totals
	c.Seconds = 0
	return c
}

// countSubgame counts the positions the root reaches by value, unless
// they are more than countFrom.
func (s *TableSolution) countSubgame() {
	found, all := s.reach(countFrom)
	if !all {
		s.subWhole = true
		return
	}
	var n [8]uint64
	for _, f := range found {
		o, ok := s.ts.Outcome(s.ts.enc.Decode(f.key))
		if !ok {
			s.subWhole = true // a damaged block: Damage says which
			return
		}
		n[o.Value]++
	}
	s.sub = byValue(n)
}

// Whole reports whether Positions and Counts are those of the whole stored
// table rather than of the positions the root reaches: a root other than
// the tables' own that reaches more positions than are counted on the
// way to an answer.
func (s *TableSolution) Whole() bool {
	if s.fromOwnRoot() {
		return false
	}
	s.countOnce.Do(s.countSubgame)
	return s.subWhole
}

// Classes reports whether the game's ranks stand for classes of symmetric
// positions (RanksBySymmetry) and the positions they stand for were not
// counted: a table stored before they were, and not solved again.
func (s *TableSolution) Classes() bool {
	return solve.RanksBySymmetry(s.game) && s.ts.Classes.Positions == 0 && (s.fromOwnRoot() || s.Whole())
}

// ClassCount is the number of classes solved when Positions counts the
// positions they stand for; 0 when it counts the positions a root other
// than the tables' own reaches.
func (s *TableSolution) ClassCount() int {
	if !s.fromOwnRoot() && !s.Whole() {
		return 0
	}
	return int(s.ts.Classes.Positions)
}

// Tiers are the tier engine's results tier by tier, children first: nil
// from a root other than the tables' own, whose tiers they do not count.
func (s *TableSolution) Tiers() []solve.TierResult {
	if !s.fromOwnRoot() {
		return nil
	}
	return s.ts.Tiers
}

// Each goes through the tiers in increasing number, as the hashing engine
// does, and through each tier's reachable positions in order of rank: the
// positions the root reaches, which for a root other than the tables' own
// (a --from position of a stored game) are found by following its moves.
func (s *TableSolution) Each(fn func(p sente.Position, o sente.Outcome) bool) {
	if !s.fromOwnRoot() {
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
	found, _ := s.reach(0)
	enc := s.ts.enc
	for _, f := range found {
		p := enc.Decode(f.key)
		o, ok := s.ts.Outcome(p)
		if !ok || !fn(p, o) {
			return
		}
	}
}

// place is a position's key and where the tables keep it.
type place struct {
	tier      int
	rank, key uint64
}

// reach finds the positions the root reaches by following its moves, at
// most limit of them (0: no limit), in the tables' order, tier then rank
// (so that each frame of a compact tier is read once); all is false when
// there were more.
func (s *TableSolution) reach(limit int) (found []place, all bool) {
	enc := s.ts.enc
	seen := map[uint64]bool{}
	todo := []uint64{enc.Encode(s.root)}
	seen[todo[0]] = true
	for len(todo) > 0 {
		if limit > 0 && len(seen) > limit {
			return nil, false
		}
		key := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		t, r := s.ts.ranker.TierRank(key)
		found = append(found, place{t, r, key})
		for _, m := range solve.LegalMoves(s.game, enc.Decode(key)) {
			if k := enc.Encode(m.To); !seen[k] {
				seen[k] = true
				todo = append(todo, k)
			}
		}
	}
	slices.SortFunc(found, func(a, b place) int {
		return cmp.Or(cmp.Compare(a.tier, b.tier), cmp.Compare(a.rank, b.rank), cmp.Compare(a.key, b.key))
	})
	return found, true
}
