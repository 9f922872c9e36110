package solve

import (
	"context"
	"sync"
	"sync/atomic"
)

// ForBlocks runs fn over [0, n) in blocks of block on at most workers
// goroutines, each block once, handed out in order to whichever worker is
// free so that uneven blocks balance; w, below workers, is the worker's
// own index for its scratch. It stops at fn's first error or when ctx
// ends, and returns that error. Both engines share it, so that a change
// to how work is handed out is made once and measured once.
func ForBlocks(ctx context.Context, workers int, n, block uint64, fn func(w int, lo, hi uint64) error) error {
	blocks := (n + block - 1) / block
	workers = int(min(uint64(max(workers, 1)), blocks))
	var (
		next   atomic.Uint64
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
				if err := fn(w, lo, min(lo+block, n)); err != nil {
					fail(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}
