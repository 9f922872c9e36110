package solve

import (
	"errors"
	"slices"
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

// FromTiers gives a solution of the tier engine the form every reader of a
// Solution takes (explain, render, web, the command line): its answers come
// from the tier tables, root is the position the tier solve started from,
// and took is the time the solve took. The tables stay open until ts is
// closed.
func FromTiers(g sente.Game, ts *TierSolution, root sente.Position, took time.Duration) *Solution {
	t := ts.Totals
	return &Solution{
		game:   g,
		tables: tierAnswers{ts: ts, root: root},
		counts: Counts{Win: int(t.Win), Lose: int(t.Lose), Tie: int(t.Tie), Draw: int(t.Draw)},
		Solved: took,
	}
}

// tierAnswers answers for a Solution from the tier tables.
type tierAnswers struct {
	ts   *TierSolution
	root sente.Position
}

func (a tierAnswers) Root() sente.Position { return a.root }
func (a tierAnswers) Positions() int       { return int(a.ts.Totals.Positions) }
func (a tierAnswers) Bytes() int           { return int(a.ts.PeakBytes) }

func (a tierAnswers) Outcome(p sente.Position) (sente.Outcome, bool) { return a.ts.Outcome(p) }

// Each goes through the tiers in increasing number, as the hashing engine
// does, and through each tier's reachable positions in order of rank.
func (a tierAnswers) Each(fn func(p sente.Position, o sente.Outcome) bool) {
	tiers := make([]int, 0, len(a.ts.Tiers))
	for _, r := range a.ts.Tiers {
		tiers = append(tiers, r.Tier)
	}
	slices.Sort(tiers)
	stop := errors.New("stopped")
	for _, t := range tiers {
		ranks, err := a.ts.Reachable(t)
		if err != nil {
			return
		}
		err = a.ts.WithCells(t, func(cells []store.Cell) error {
			for rank, key := range ranks {
				if !fn(a.ts.enc.Decode(key), cells[rank].Outcome()) {
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

// Tiers are the tier engine's results tier by tier, children first; nil for
// a solution of the hashing engine.
func (s *Solution) Tiers() []TierResult {
	if a, ok := s.tables.(tierAnswers); ok {
		return a.ts.Tiers
	}
	return nil
}
