package explore

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID),
// or the wall clock where the kernel does not give it: the sample's
// budget of time is the work it does, not its share of a busy machine's
// cores, so that the same game gets the same estimate under any load.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3 /* CLOCK_THREAD_CPUTIME_ID */, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return time.Since(clockStart)
	}
	return time.Duration(ts.Nano())
}
