//go:build amd64 || arm64

package search

import "unsafe"

// prefetch asks the processor to bring the cache line at addr in, and
// goes on at once: unlike a load, it holds nothing up while the line comes
// from memory, and it never faults.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
