package cli

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/internal/sandbox"
)

// A solve that outgrows the machine would otherwise end with the Go
// runtime's "out of memory" crash, or with the kernel killing the process,
// neither of which says what happened. A rules file can also ask for
// memory faster than its step limit can notice (a string doubled at every
// step passes a gigabyte in thirty steps). So every command but serve runs
// under a memory limit: the garbage collector is told of it (it collects
// harder as the limit nears), and a watcher that reads the runtime's
// figures a few times a second cancels the work once the memory the
// process holds passes it. Cancelling stops the engines and any rules-file
// code at its next step.

// memoryLimitError is the cause of a context cancelled by watchMemory.
type memoryLimitError struct{ limit, held uint64 }

func (e *memoryLimitError) Error() string {
	return fmt.Sprintf("memory limit reached: the process held %s, more than --max-memory=%s; choose smaller parameters or raise --max-memory",
		quantity.FormatSize(e.held), quantity.FormatSize(e.limit))
}

// memoryPoll is how often watchMemory reads the runtime's figures.
const memoryPoll = 50 * time.Millisecond

// watchMemory returns a context that is cancelled, with a
// *memoryLimitError as its cause, once the process holds more than limit
// bytes; limit 0 means no limit. stop ends the watch and restores the
// garbage collector's own limit.
func watchMemory(parent context.Context, limit uint64) (ctx context.Context, stop func()) {
	if limit == 0 {
		return parent, func() {}
	}
	ctx, cancel := context.WithCancelCause(parent)
	old := debug.SetMemoryLimit(int64(min(limit, math.MaxInt64)))
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(memoryPoll)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				if held := sandbox.Held(); held > limit {
					cancel(&memoryLimitError{limit: limit, held: held})
					return
				}
			}
		}
	}()
	return ctx, func() {
		close(done)
		cancel(nil)
		debug.SetMemoryLimit(old)
	}
}

// memoryLimitOf returns the cause of ctx's cancellation when it was the
// memory limit.
func memoryLimitOf(ctx context.Context) (*memoryLimitError, bool) {
	var m *memoryLimitError
	if errors.As(context.Cause(ctx), &m) {
		return m, true
	}
	return nil, false
}

// defaultMaxMemory is the default of --max-memory: three quarters of the
// memory the process may have (the machine's, or its control group's limit
// when that is lower), leaving room for the rest of the system; "0" (no
// limit) where neither says.
func defaultMaxMemory() string {
	total := sandbox.Available()
	if total == 0 {
		return "0"
	}
	return quantity.FormatSize(max(total/4*3, 64<<20))
}

// sizeUnits are the suffixes parseSize accepts, in powers of 1024.
var sizeUnits = []struct {
	suffix string
	shift  uint
}{
	{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10},
	{"TB", 40}, {"GB", 30}, {"MB", 20}, {"KB", 10},
	{"T", 40}, {"G", 30}, {"M", 20}, {"K", 10}, {"B", 0},
}

// parseModuleMemory reads --module-memory: an amount as parseSize reads
// it, from one WebAssembly page (64K) to WebAssembly's 4G.
func parseModuleMemory(text string) (uint64, error) {
	s := strings.TrimSpace(text)
	shift := uint(0)
	for _, u := range sizeUnits {
		if len(s) > len(u.suffix) && strings.EqualFold(s[len(s)-len(u.suffix):], u.suffix) {
			s, shift = strings.TrimSpace(s[:len(s)-len(u.suffix)]), u.shift
			break
		}
	}
	x, err := strconv.ParseFloat(s, 64)
	bytes := math.Ceil(x * float64(uint64(1)<<shift))
	if err != nil || math.IsNaN(x) || bytes < 64<<10 || bytes > 4<<30 {
		return 0, fmt.Errorf("--module-memory %q: want an amount from 64K to 4G, such as 256M", text)
	}
	return uint64(bytes), nil
}

// parseSize reads an amount of memory: a number of bytes, or a number
// (fractions allowed) with a unit K, M, G or T (KiB, MiB, ... and KB, MB,
// ... mean the same: powers of 1024), as quantity.FormatSize writes it. "0"
// means no limit.
func parseSize(text string) (uint64, error) {
	s := strings.TrimSpace(text)
	shift := uint(0)
	for _, u := range sizeUnits {
		if len(s) > len(u.suffix) && strings.EqualFold(s[len(s)-len(u.suffix):], u.suffix) {
			s, shift = strings.TrimSpace(s[:len(s)-len(u.suffix)]), u.shift
			break
		}
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x < 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, fmt.Errorf("--max-memory %q: want an amount such as 512M, 8G or 1.5G (0 for no limit)", text)
	}
	// Rounded up to a whole byte: the amount written back (quantity.FormatSize,
	// in refusals and errors) is then the amount given, where rounding
	// down made "17.6G" read back as 17.5G.
	bytes := math.Ceil(x * float64(uint64(1)<<shift))
	if bytes > 1<<52 {
		return 0, fmt.Errorf("--max-memory %q: too large; want at most 4096T (0 for no limit)", text)
	}
	if bytes > 0 && bytes < 64<<20 {
		return 0, fmt.Errorf("--max-memory %q: too small to run in; want at least 64M (0 for no limit)", text)
	}
	return uint64(bytes), nil
}
