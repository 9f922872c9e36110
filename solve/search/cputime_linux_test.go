package search_test

import (
	"syscall"
	"time"
	"unsafe"
)

// cpuTime is the CPU time of this process, every thread, as the scheduler
// counts it to the nanosecond (CLOCK_PROCESS_CPUTIME_ID): on a machine
// shared with other work, wall time says more of the others than of us.
func cpuTime() time.Duration {
	var ts syscall.Timespec
	const clockProcessCPUTime = 2
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockProcessCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// threadTime is the CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID),
// for a search on one worker, which runs on the caller's goroutine: with
// runtime.LockOSThread it counts the search alone, not the collector's
// threads nor the runtime's.
func threadTime() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
