//go:build !linux

package answer

import "time"

// threadTimer times work by the wall clock where the thread's CPU time is
// not at hand.
type threadTimer struct{}

func (threadTimer) start() func() time.Duration {
	wall := time.Now()
	return func() time.Duration { return time.Since(wall) }
}
