package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// Thread is the CPU time of the calling thread, to the nanosecond
// (CLOCK_THREAD_CPUTIME_ID; getrusage counts in ticks); false when the
// kernel does not give it.
func Thread() (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3 /* CLOCK_THREAD_CPUTIME_ID */, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
