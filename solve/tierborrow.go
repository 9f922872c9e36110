package solve

import (
	"context"
	"fmt"
	"time"

	"sente/store"
)

// borrowTier stores tier t from the tables of every position the solve
// borrows from (TierOptions.Borrow): each rank the forward pass reached
// takes the value stored there, every other rank is unreachable. What
// those tables hold is every position of the tier, so a reached rank they
// leave unvalued means they are not what they claim: an error, not a
// guess.
func (e *tierEngine) borrowTier(ctx context.Context, t int) (store.Counts, error) {
	start := time.Now()
	reach, err := e.sink.Open(t, store.Reachable)
	if err != nil {
		return store.Counts{}, fmt.Errorf("solve by tiers: reading the reachable ranks of tier %d: %w", t, err)
	}
	defer reach.Close()
	words := wordsOf(reach.Data, int((e.size[t]+63)/64))
	tbl, every, err := e.openCells(e.borrow, t)
	if err != nil {
		return store.Counts{}, fmt.Errorf("solve by tiers: reading tier %d of the tables of every position: %w", t, err)
	}
	defer tbl.Close()
	defer e.release(e.size[t])
	cells := make([]store.Cell, e.size[t])
	// Blocks are multiples of 64 ranks: each reads its own words.
	err = e.parallel(ctx, t, e.size[t], PhaseBorrowing, func(_ int, lo, hi uint64) error {
		for r := lo; r < hi; r++ {
			if words[r/64]&(1<<(r%64)) == 0 {
				cells[r] = store.Unreachable
				continue
			}
			if every[r] == store.Unreachable {
				key, _ := e.ranker.Unrank(t, r)
				return fmt.Errorf("solve by tiers: tier %d of the tables of every position has no value for %s (rank %d), which the root reaches", t, e.format(key), r)
			}
			cells[r] = every[r]
		}
		return nil
	})
	if err != nil {
		return store.Counts{}, err
	}
	counts, err := e.countCells(ctx, t, cells)
	if err != nil {
		return store.Counts{}, err
	}
	counts.Seconds = time.Since(start).Seconds()
	if err := e.sink.Write(t, store.Values, cellsToBytes(cells), counts); err != nil {
		return store.Counts{}, fmt.Errorf("solve by tiers: storing tier %d: %w", t, err)
	}
	return counts, nil
}
