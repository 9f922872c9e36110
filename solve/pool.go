package solve

import (
	"context"
	"sync"
	"sync/atomic"
)

// tierBlock is how many ranks a worker takes at a time: a multiple of 64,
// so that a block owns whole words of a bitset. Tests lower it.
var tierBlock uint64 = 1 << 14

// parallel runs fn over the blocks of a tier of size n on the engine's
// workers, each block once; it stops at the first error or when ctx ends.
func (e *tierEngine) parallel(ctx context.Context, tier int, n uint64, phase string, fn func(w int, lo, hi uint64) error) error {
	return e.parallelBlocks(ctx, tier, n, tierBlock, phase, fn)
}

// parallelChunks runs fn over [0, n) in chunks of chunk on the engine's
// workers, each chunk once, with no progress reports.
func (e *tierEngine) parallelChunks(ctx context.Context, n, chunk uint64, fn func(w int, lo, hi uint64) error) error {
	return e.parallelBlocks(ctx, 0, n, chunk, "", fn)
}

// parallelBlocks runs fn over [0, n) in blocks of block ranks or entries.
func (e *tierEngine) parallelBlocks(ctx context.Context, tier int, n, block uint64, phase string, fn func(w int, lo, hi uint64) error) error {
	blocks := (n + block - 1) / block
	workers := int(min(uint64(e.workers), max(blocks, 1)))
	var (
		next   atomic.Uint64
		done   atomic.Uint64
		failed atomic.Bool
		errMu  sync.Mutex
		first  error
		wg     sync.WaitGroup
	)
	fail := func(err error) {
		errMu.Lock()
		if first == nil {
			first = err
		}
		errMu.Unlock()
		failed.Store(true)
	}
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				b := next.Add(1) - 1
				if b >= blocks {
					return
				}
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
				lo := b * block
				hi := min(lo+block, n)
				if err := fn(w, lo, hi); err != nil {
					fail(err)
					return
				}
				if phase != "" {
					e.report(tier, done.Add(hi-lo), n, phase)
				}
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	if e.erring != nil {
		return e.erring.Err()
	}
	return nil
}
