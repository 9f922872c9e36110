//go:build !linux

package cputime

import "time"

// Thread is not at hand here: the callers fall back on the wall clock.
func Thread() (time.Duration, bool) { return 0, false }
