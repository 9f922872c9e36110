package search

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table with huge pages where it
// can (transparent huge pages, which this kernel may give only when
// asked): every probe of a large table lands on a page of its own, and
// with 4 KiB pages most of them miss the TLB as well as the cache. A
// refusal costs nothing but the speed.
func adviseHugePages(buckets []bucket) {
	if len(buckets) == 0 {
		return
	}
	adviseHugePagesBytes(unsafe.Slice((*byte)(unsafe.Pointer(&buckets[0])), len(buckets)*bucketBytes))
}

// adviseHugePagesBytes is adviseHugePages for any table's memory.
func adviseHugePagesBytes(b []byte) {
	const hugePage = 2 << 20
	if len(b) < hugePage {
		return
	}
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
