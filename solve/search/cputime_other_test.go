//go:build !linux

package search_test

import "time"

var processStart = time.Now()

// cpuTime is wall time where the process's CPU time is not at hand.
func cpuTime() time.Duration { return time.Since(processStart) }

func threadTime() time.Duration { return cpuTime() }
