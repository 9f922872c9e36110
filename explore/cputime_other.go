//go:build !linux

package explore

import "time"

// threadCPU is the wall clock where the thread's CPU time is not at hand.
func threadCPU() time.Duration { return time.Since(clockStart) }
