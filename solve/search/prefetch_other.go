//go:build !amd64 && !arm64

package search

import "unsafe"

// prefetch does nothing where sente has no instruction for it.
func prefetch(unsafe.Pointer) {}
