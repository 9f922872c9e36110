package answer

import (
	"runtime"
	"time"

	"github.com/sente-go/sente/internal/cputime"
)

// threadTimer times work by the CPU time of the thread that does it, so
// that a rate measured on a busy machine is the rate of the work, not of
// its share of the cores; by the wall clock where the thread's CPU time is
// not at hand.
type threadTimer struct{}

// start locks the goroutine to its thread and returns a function that
// returns the CPU time the thread has spent since, and unlocks it.
func (threadTimer) start() func() time.Duration {
	runtime.LockOSThread()
	from, ok := cputime.Thread()
	wall := time.Now()
	return func() time.Duration {
		defer runtime.UnlockOSThread()
		to, ok2 := cputime.Thread()
		if !ok || !ok2 {
			return time.Since(wall)
		}
		return to - from
	}
}
