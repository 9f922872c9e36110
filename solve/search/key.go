package search

import (
	"unsafe"

	"github.com/sente-go/sente"
)

// The search is written once for both widths of key (sente.Key): a
// game's 64-bit keys and Wide ones. What it does with a key beyond
// comparing it is here and in the table's entries (table.go), each helper
// branching on the key's size, which the compiler knows in each
// instantiation, so that the 64-bit search compiles to what it was before
// it was generic (a multiplication for a hash). The helpers read a key as
// words (Wide's Hi first) rather than call one another: a call of a
// generic function counts against the inliner's budget of its caller
// whatever branch it is in, and prefetch, the table's entries and the hash
// are inlined into the node's loops.

// isWide reports whether K is sente.Wide.
func isWide[K sente.Key]() bool {
	var k K
	return unsafe.Sizeof(k) == 16
}

// wordsOf is k as words: one for uint64, Hi and Lo for Wide.
func wordsOf[K sente.Key](k *K) *[2]uint64 { return (*[2]uint64)(unsafe.Pointer(k)) }

// hashOf mixes k into 64 bits whose top bits place it: in the table, the
// history of moves, the line's positions.
func hashOf[K sente.Key](k K) uint64 {
	w := (*[2]uint64)(unsafe.Pointer(&k))
	if unsafe.Sizeof(k) == 8 {
		return w[0] * 0x9e3779b97f4a7c15
	}
	return (w[1] ^ w[0]*0xc2b2ae3d27d4eb4f) * 0x9e3779b97f4a7c15
}

// moveHashOf mixes the keys of a move's two ends.
func moveHashOf[K sente.Key](a, b K) uint64 {
	x, y := (*[2]uint64)(unsafe.Pointer(&a)), (*[2]uint64)(unsafe.Pointer(&b))
	if unsafe.Sizeof(a) == 8 {
		return (x[0] ^ y[0]) * 0x9e3779b97f4a7c15
	}
	return (x[1] ^ y[1] ^ (x[0]^y[0])*0xc2b2ae3d27d4eb4f) * 0x9e3779b97f4a7c15
}

// tagOf is a word that stands for k where a guess will do (the positions
// other workers are searching, KeySearcher.busy): k itself when it is one
// word, its hash otherwise.
func tagOf[K sente.Key](k K) uint64 {
	w := (*[2]uint64)(unsafe.Pointer(&k))
	if unsafe.Sizeof(k) == 8 {
		return w[0]
	}
	return (w[1] ^ w[0]*0xc2b2ae3d27d4eb4f) * 0x9e3779b97f4a7c15
}
