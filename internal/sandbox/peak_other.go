//go:build !unix

package sandbox

import "os"

// PeakRSS is the most resident memory a finished child held, in bytes;
// 0 here, where it is not known.
func PeakRSS(state *os.ProcessState) uint64 { return 0 }
