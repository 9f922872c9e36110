package tables

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
)

// Solution is a game solved by the tier engine, answered from its tables
// as a solve.Solution: every position reachable from the start, tier by
// tier.
type Solution struct {
	game sente.Game
	ts   *Tables
	root sente.Position
	took time.Duration

	// For a root other than the tables' own: the positions it reaches,
	// counted once asked for, when there are at most countFrom of them.
	countOnce sync.Once
	sub       solve.Counts
	subWhole  bool // too many to count: the counts are the whole table's

	marginsOnce sync.Once
	marginErr   error
	givenUp     error // why the solve that wrote the tables kept no margins
}

// countFrom is how many positions a root other than the stored tables'
// own may reach for Counts to count them, following moves (about 50 bytes
// each while counted).
var countFrom = 1 << 18

// NewSolution is the Solution of g that ts answers from root: the
// position the tables start from, or any position they reach; took is the
// time the solve that wrote them took (0 for tables opened as stored).
// The tables stay open until ts is closed.
func NewSolution(g sente.Game, ts *Tables, root sente.Position, took time.Duration) *Solution {
	return &Solution{game: g, ts: ts, root: root, took: took}
}

// fromOwnRoot reports whether the solution's root is the tables' own.
func (s *Solution) fromOwnRoot() bool { return s.ts.enc.Encode(s.root) == s.ts.rootKey }

func (s *Solution) Game() sente.Game                               { return s.game }
func (s *Solution) Root() sente.Position                           { return s.root }
func (s *Solution) Positions() int                                 { return int(s.Counts().Positions) }
func (s *Solution) Restrict() map[sente.Player]string              { return nil }
func (s *Solution) Outcome(p sente.Position) (sente.Outcome, bool) { return s.ts.Outcome(p) }

// Damage is the first failure to read the stored tables an answer met
// (Tables.Damage).
func (s *Solution) Damage() error                          { return s.ts.Damage() }
func (s *Solution) Moves(p sente.Position) []sente.Move    { return solve.LegalMoves(s.game, p) }
func (s *Solution) Took() (explored, solved time.Duration) { return 0, s.took }

// Counts are the positions by value; the seconds the tiers took are in
// Tiers and Took.
// From a root other than the tables' own, they are the positions it
// reaches, unless there are too many to count (Whole).
func (s *Solution) Counts() solve.Counts {
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
func (s *Solution) countSubgame() {
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
	s.sub = CountsOf(n)
}

// Whole reports whether Positions and Counts are those of the whole stored
// table rather than of the positions the root reaches: a root other than
// the tables' own that reaches more positions than are counted on the
// way to an answer.
func (s *Solution) Whole() bool {
	if s.fromOwnRoot() {
		return false
	}
	s.countOnce.Do(s.countSubgame)
	return s.subWhole
}

// Classes reports whether the game's ranks stand for classes of symmetric
// positions (RanksBySymmetry) and the positions they stand for were not
// counted: a table stored before they were, and not solved again.
func (s *Solution) Classes() bool {
	if _, ok := sente.CapabilitiesOf(s.game).Expander.(sente.ClassExpander); ok {
		return true // the ranks discovered are of classes, each counted once
	}
	return solve.RanksBySymmetry(s.game) && s.ts.Classes.Positions == 0 && (s.fromOwnRoot() || s.Whole())
}

// ClassCount is the number of classes solved when Positions counts the
// positions they stand for; 0 when it counts the positions a root other
// than the tables' own reaches.
func (s *Solution) ClassCount() int {
	if !s.fromOwnRoot() && !s.Whole() {
		return 0
	}
	return int(s.ts.Classes.Positions)
}

// Tiers are the tier engine's results tier by tier, children first: nil
// from a root other than the tables' own, whose tiers they do not count.
func (s *Solution) Tiers() []solve.TierResult {
	if !s.fromOwnRoot() {
		return nil
	}
	return s.ts.Tiers
}

// Each goes through the tiers in increasing number, as the hashing engine
// does, and through each tier's reachable positions in order of rank: the
// positions the root reaches, which for a root other than the tables' own
// (a --from position of a stored game) are found by following its moves.
func (s *Solution) Each(fn func(p sente.Position, o sente.Outcome) bool) {
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
func (s *Solution) eachFrom(fn func(p sente.Position, o sente.Outcome) bool) {
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
func (s *Solution) reach(limit int) (found []place, all bool) {
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

// Bytes is the memory the tables hold: the planned peak of the solve that
// wrote them, when they were just solved, else the bytes they map.
func (s *Solution) Bytes() int {
	if s.ts.PeakBytes > 0 {
		return int(s.ts.PeakBytes)
	}
	return int(s.ts.Mapped())
}

// Grundy returns the Grundy value of p stored with the tables
// (Tables.Grundy).
func (s *Solution) Grundy(p sente.Position) (int, bool) { return s.ts.Grundy(p) }

// HasGrundy reports whether the tables hold Grundy values
// (Tables.HasGrundy).
func (s *Solution) HasGrundy() bool { return s.ts.HasGrundy() }

// CountsOf are counts kept by sente.Value, as a cell keeps it in 3 bits,
// as store.Counts.
func CountsOf(n [8]uint64) store.Counts {
	c := store.Counts{Win: n[sente.Win], Lose: n[sente.Lose], Tie: n[sente.Tie], Draw: n[sente.Draw]}
	c.Positions = c.Win + c.Lose + c.Tie + c.Draw
	return c
}

// Margin returns p's margin stored with the tables (Tables.Margin), for
// a game that ends in a score.
func (s *Solution) Margin(p sente.Position) (sente.Margin, bool) {
	if !sente.Scored(s.game) {
		return sente.Margin{}, false
	}
	return s.ts.Margin(p)
}

// MarginErr is nil when the game has no score or the tables hold its
// margins; else why the solve that wrote them found none (NoMarginsBecause),
// or solve.ErrNoMargins.
func (s *Solution) MarginErr() error {
	s.marginsOnce.Do(func() {
		switch {
		case !sente.Scored(s.game) || s.ts.HasMargins():
		case s.givenUp != nil:
			s.marginErr = s.givenUp
		default:
			s.marginErr = solve.ErrNoMargins
		}
	})
	return s.marginErr
}

// NoMarginsBecause says why the tables hold no margins, as the solve that
// just wrote them found (a game whose play can come back to a position):
// MarginErr says so rather than that they hold none.
func (s *Solution) NoMarginsBecause(why error) { s.givenUp = why }
