package tiers

import (
	"context"
	"sync/atomic"

	"github.com/sente-go/sente/solve"
)

// tierBlock is how many ranks a worker takes at a time: a multiple of 64,
// so that a block owns whole words of a bitset. Tests lower it.
var tierBlock uint64 = 1 << 14

// parallel runs fn over the blocks of a tier of size n on the engine's
// workers, each block once; it stops at the first error or when ctx ends.
func (e *tierEngine) parallel(ctx context.Context, tier int, n uint64, phase solve.Phase, fn func(w int, lo, hi uint64) error) error {
	return e.parallelBlocks(ctx, tier, n, tierBlock, phase, fn)
}

// parallelChunks runs fn over [0, n) in chunks of chunk on the engine's
// workers, each chunk once, with no progress reports.
func (e *tierEngine) parallelChunks(ctx context.Context, n, chunk uint64, fn func(w int, lo, hi uint64) error) error {
	return e.parallelBlocks(ctx, 0, n, chunk, "", fn)
}

// parallelBlocks runs fn over [0, n) in blocks of block ranks or entries,
// reporting the ranks done under phase unless it is empty. A game that
// fails inside its own methods says so after the pass (sente.Erring).
func (e *tierEngine) parallelBlocks(ctx context.Context, tier int, n, block uint64, phase solve.Phase, fn func(w int, lo, hi uint64) error) error {
	if phase != "" {
		var done atomic.Uint64
		inner := fn
		fn = func(w int, lo, hi uint64) error {
			if err := inner(w, lo, hi); err != nil {
				return err
			}
			e.report(tier, done.Add(hi-lo), n, phase)
			return nil
		}
	}
	if err := solve.ForBlocks(ctx, e.workers, n, block, fn); err != nil {
		return err
	}
	if e.erring != nil {
		return e.erring.Err()
	}
	return nil
}
