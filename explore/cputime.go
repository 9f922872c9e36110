package explore

import (
	"time"

	"github.com/sente-go/sente/internal/cputime"
)

// clockStart is where threadCPU's fallback, the wall clock, counts from.
var clockStart = time.Now()

// threadCPU is the CPU time of the calling thread, or the wall clock where
// the kernel does not give it: the sample's budget of time is the work it
// does, not its share of a busy machine's cores, so that the same game
// gets the same estimate under any load.
func threadCPU() time.Duration {
	if t, ok := cputime.Thread(); ok {
		return t
	}
	return time.Since(clockStart)
}
