package tiers

import (
	"context"
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// A solve of every position (TierOptions.EveryPosition) values every rank
// of the tiers the root leads to that stands for a position, reached from
// the root or not: the databases of a game's endings, as Gasser built nine
// men's morris' moving phase, answer any position of their tiers. No
// forward pass runs: each tier's bitset is the ranks Unrank accepts, made
// by a pass over the ranks, and the positions the classes stand for are
// both sides of every class.

// everyRank stores, for each tier to solve that has neither its values nor
// its bitset stored, the bitset of the ranks that stand for a position, in
// place of the forward pass's.
func (e *tierEngine) everyRank(ctx context.Context) error {
	for _, t := range e.order {
		if e.have[t] || e.sink.Has(t, store.Reachable) {
			continue
		}
		words := make([]uint64, (e.size[t]+63)/64)
		// Blocks are multiples of 64 ranks: each block owns its words.
		err := e.parallel(ctx, t, e.size[t], solve.PhaseReaching, func(_ int, lo, hi uint64) error {
			for r := lo; r < hi; r++ {
				if _, ok := e.ranker.Unrank(t, r); ok {
					words[r/64] |= 1 << (r % 64)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		n := countBits(words)
		if err := e.sink.Write(t, store.Reachable, wordsToBytes(words), store.Counts{Positions: n}); err != nil {
			return fmt.Errorf("solve by tiers: storing the ranks of tier %d: %w", t, err)
		}
		e.release(e.size[t])
	}
	return nil
}

// countEvery gives, tier by tier, the positions the stored classes stand
// for, both sides of each class (sente.SymmetricRanker), by the class's
// value. Every tier's count is the same whichever position the solve was
// from, so the store keeps the tiers counted so far together
// (store.Positions, tier 0), saved after each tier: a solve from another
// position reads those its tiers share, and a count stopped goes on from
// the tier it was at. With count false, the tiers not counted yet give nil
// rather than being counted.
func (e *tierEngine) countEvery(ctx context.Context, sym sente.SymmetricRanker, count bool) (tables.ClassCounts, error) {
	// Counts that do not read back are counted again.
	stored := tables.ReadAnyCounts(e.sink)
	if cc, ok := stored.Of(e.order); ok || !count {
		return cc, nil
	}
	cc := tables.ClassCounts{}
	for _, t := range e.order {
		if n, ok := stored[t]; ok {
			cc[t] = n
			continue
		}
		n, err := e.countEveryTier(ctx, sym, t)
		if err != nil {
			return nil, err
		}
		cc[t], stored[t] = n, n
		data, total := stored.Encode(stored.Tiers())
		if err := e.sink.Write(0, store.Positions, data, total); err != nil {
			return nil, fmt.Errorf("solve by tiers: storing the positions counted: %w", err)
		}
	}
	return cc, nil
}

func (e *tierEngine) countEveryTier(ctx context.Context, sym sente.SymmetricRanker, t int) (store.Counts, error) {
	tbl, cells, err := e.cellsToCount(t)
	if err != nil {
		return store.Counts{}, err
	}
	defer tbl.Close()
	workers := make([]countWorker, e.workers)
	err = e.parallel(ctx, t, e.size[t], solve.PhaseCounting, func(w int, lo, hi uint64) error {
		wk := &workers[w]
		for r := lo; r < hi; r++ {
			cell := cells[r]
			if cell == store.Unreachable {
				continue
			}
			key, err := e.unrank(t, r)
			if err != nil {
				return err
			}
			side, n := sym.ClassSide(key)
			if other, _ := sym.ClassSide(sym.OtherSide(key)); other != side {
				n *= 2
			}
			wk.n[cell.Value()&7] += n
		}
		return nil
	})
	if err != nil {
		return store.Counts{}, err
	}
	var n store.Counts
	for _, wk := range workers {
		n.Add(tables.CountsOf(wk.n))
	}
	e.release(e.size[t])
	return n, nil
}
