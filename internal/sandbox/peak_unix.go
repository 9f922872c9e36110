//go:build unix

package sandbox

import (
	"os"
	"runtime"
	"syscall"
)

// PeakRSS is the most resident memory a finished child held, in bytes, as
// the kernel counted it; 0 when not known.
func PeakRSS(state *os.ProcessState) uint64 {
	if state == nil {
		return 0
	}
	if ru, ok := state.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > 0 {
		if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
			return uint64(ru.Maxrss) // bytes there
		}
		return uint64(ru.Maxrss) << 10 // kilobytes elsewhere
	}
	return 0
}
