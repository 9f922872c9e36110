package tables

import (
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
)

// Open answers from the tables of g that src holds when every tier the
// root leads to is stored, and fails with ErrNotStored otherwise: a
// server answers from tables solved before and solves nothing that large
// itself. from is the root, nil for the game's start; every opens tables
// of every position of the root's tiers (the tier engine's
// TierOptions.EveryPosition).
//
// Nothing is solved, compacted, counted or written: the tiers' counts are
// read from their headers, the positions classes stand for from the count
// stored beside them, and a block of values is checked when an answer
// reads it. Tables of another ranking of the game are refused as a solve
// refuses them (Ranked).
//
// A game whose ranks the tier engine discovers (a rules file's) has no
// ranks of its own to read its tables by: they are read through the keys
// and the plan of tiers its solve stored (Discovered), and only from the
// root they were discovered from.
func Open(g sente.Game, src Source, from sente.Position, every bool) (*Tables, error) {
	if Discovers(g) {
		return openPlaces(g, src, from, every)
	}
	root := from
	if root == nil {
		root = g.Start()
	}
	caps := sente.CapabilitiesOf(g)
	enc, ranker := caps.Encoder, caps.TierRanker
	if ranker == nil || enc == nil {
		return nil, ErrNoTierRanks
	}
	src = Ranked{Source: src, Ranker: ranker, Ranking: RankingOf(enc, ranker, enc.Encode(g.Start()))}
	rootKey := enc.Encode(root)
	plan, err := PlanFrom(ranker, rootKey)
	if err != nil {
		return nil, err
	}
	s := New(g, enc, ranker, src, rootKey)
	results, ok := StoredResults(src, plan.Order, every, false)
	if !ok {
		return nil, ErrNotStored
	}
	var cc ClassCounts
	if solve.RanksBySymmetry(g) {
		// Counted by a solve, from this position or another for tables
		// of every position, from the start for the others; not here.
		if every {
			cc, _ = ReadAnyCounts(src).Of(plan.Order)
		} else if rootKey == enc.Encode(g.Start()) {
			cc, _ = ReadCounts(src, plan.Order)
		}
	}
	if err := s.Finish(root, results, cc); err != nil {
		return nil, err
	}
	return s, nil
}

// Plan is the tiers below a root's and their sizes, as the game's ranks
// give them.
type Plan struct {
	Order    []int    // the tiers the root's tier leads to, children first
	Children [][]int  // ChildTiers by tier
	Size     []uint64 // TierSize by tier
}

// PlanFrom finds the tiers below the tier of rootKey and orders them
// children first, and checks that the root's rank is one of its tier's.
func PlanFrom(ranker sente.TierRanker, rootKey uint64) (*Plan, error) {
	rootTier, rootRank := ranker.TierRank(rootKey)
	p, err := PlanTiers(ranker, rootTier)
	if err != nil {
		return nil, err
	}
	if rootRank >= p.Size[rootTier] {
		return nil, fmt.Errorf("solve by tiers: the root has rank %d in tier %d of %d ranks", rootRank, rootTier, p.Size[rootTier])
	}
	return p, nil
}

// PlanTiers finds the tiers below rootTier and orders them children
// first, with their sizes: the tiers a solve from a position of rootTier
// solves, and its tables hold.
func PlanTiers(ranker sente.TierRanker, rootTier int) (*Plan, error) {
	p := &Plan{}
	const (
		unseen = iota
		open
		done
	)
	state := map[int]int{}
	var visit func(t int) error
	visit = func(t int) error {
		switch state[t] {
		case open:
			return fmt.Errorf("solve by tiers: tier %d leads back to itself through its child tiers", t)
		case done:
			return nil
		}
		if t < 0 {
			return fmt.Errorf("solve by tiers: negative tier %d", t)
		}
		state[t] = open
		for t >= len(p.Children) {
			p.Children = append(p.Children, nil)
			p.Size = append(p.Size, 0)
		}
		p.Children[t] = ranker.ChildTiers(t)
		p.Size[t] = ranker.TierSize(t)
		for _, c := range p.Children[t] {
			if c == t {
				return fmt.Errorf("solve by tiers: tier %d lists itself as a child tier; TierLoops says it loops", t)
			}
			if err := visit(c); err != nil {
				return err
			}
		}
		state[t] = done
		p.Order = append(p.Order, t)
		return nil
	}
	if err := visit(rootTier); err != nil {
		return nil, err
	}
	return p, nil
}

// StoredResults are the results of the tiers of order, children first,
// read from the headers of the values src holds, and true when it holds
// them all: tables are answered without reading them through, each
// block's checksum checked when an answer reads it. verify checks every
// block now, and a tier that fails is not held. every says the tables are
// of every position of their tiers.
func StoredResults(src Source, order []int, every, verify bool) ([]solve.TierResult, bool) {
	results := make([]solve.TierResult, 0, len(order))
	for _, t := range order {
		tbl, err := src.Open(t, store.Values)
		if err != nil {
			return nil, false
		}
		if verify {
			if err := tbl.Verify(); err != nil {
				tbl.Close()
				return nil, false
			}
		}
		results = append(results, solve.TierResult{Tier: t, Counts: tbl.Header.Counts, EveryPosition: TakenWhole(tbl, every)})
		tbl.Close()
	}
	return results, true
}

// TakenWhole reports whether tbl, the values of a tier, is a table of
// every position of it taken whole into the tables of a solve that is not
// one of every position (every false).
func TakenWhole(tbl *store.Table, every bool) bool {
	return !every && store.OfEveryPosition(tbl.Header.Spec)
}
