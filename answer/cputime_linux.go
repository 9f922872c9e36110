package answer

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// threadTimer times work by the CPU time of the thread that does it, so
// that a rate measured on a busy machine is the rate of the work, not of
// its share of the cores.
type threadTimer struct{}

// start locks the goroutine to its thread and returns a function that
// returns the CPU time the thread has spent since, and unlocks it.
func (threadTimer) start() func() time.Duration {
	runtime.LockOSThread()
	from, ok := threadCPU()
	wall := time.Now()
	return func() time.Duration {
		defer runtime.UnlockOSThread()
		to, ok2 := threadCPU()
		if !ok || !ok2 {
			return time.Since(wall)
		}
		return to - from
	}
}

// threadCPU is the CPU time of the calling thread, to the nanosecond
// (CLOCK_THREAD_CPUTIME_ID; getrusage counts in ticks).
func threadCPU() (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3 /* CLOCK_THREAD_CPUTIME_ID */, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
