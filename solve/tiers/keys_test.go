package tiers

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKeyList holds key lists to byte strings sorted by the standard
// library: sorting without repeats, widening, merging, removing and
// finding, for keys of one to six words.
func TestKeyList(t *testing.T) {
	for _, maxLen := range []int{1, 8, 9, 16, 20, 32, 44} {
		rng := rand.New(rand.NewPCG(uint64(maxLen), 7))
		// Prefix-free strings, as canonical bytes are: a length byte first.
		gen := func() []byte {
			n := 1 + rng.IntN(maxLen)
			b := make([]byte, n)
			b[0] = byte(n)
			for i := 1; i < n; i++ {
				b[i] = byte(rng.IntN(3)) // few values: many repeats
			}
			return b
		}
		var a, b keyList
		var ref [][]byte
		for range 3000 {
			x := gen()
			a.add(x)
			ref = append(ref, x)
		}
		var refB [][]byte
		for range 2000 {
			x := gen()
			b.add(x)
			refB = append(refB, x)
		}
		a.sortUnique()
		b.sortUnique()
		pad := func(x []byte, words int) []byte { return append(slices.Clone(x), make([]byte, 8*words-len(x))...) }
		want := func(list [][]byte, words int) [][]byte {
			var out [][]byte
			for _, x := range list {
				out = append(out, pad(x, words))
			}
			slices.SortFunc(out, bytes.Compare)
			return slices.CompactFunc(out, bytes.Equal)
		}
		check := func(name string, k keyList, w [][]byte) {
			t.Helper()
			if k.len() != len(w) {
				t.Fatalf("max %d bytes: %s holds %d keys, want %d", maxLen, name, k.len(), len(w))
			}
			for i := range w {
				if got := appendKeyBytes(nil, k.at(i)); !bytes.Equal(got, w[i]) {
					t.Fatalf("max %d bytes: %s key %d is %x, want %x", maxLen, name, i, got, w[i])
				}
			}
		}
		check("sorted", a, want(ref, a.words))
		words := max(a.words, b.words)
		a.widen(words)
		b.widen(words)
		check("widened", a, want(ref, words))
		m := merge(&a, &b)
		check("merged", m, want(append(slices.Clone(ref), refB...), words))
		d := b.without(&a)
		var onlyB [][]byte
		inA := map[string]bool{}
		for _, x := range ref {
			inA[string(pad(x, words))] = true
		}
		for _, x := range refB {
			if !inA[string(pad(x, words))] {
				onlyB = append(onlyB, x)
			}
		}
		check("without", d, want(onlyB, words))

		idx := newKeyIndex(m)
		key := make([]uint64, words)
		for i := range m.len() {
			if r, ok := idx.find(m.at(i)); !ok || r != uint64(i) {
				t.Fatalf("max %d bytes: key %d found at %d (%v)", maxLen, i, r, ok)
			}
		}
		for range 2000 {
			x := gen()
			x[0] = byte(maxLen + 1) // a length no key has
			if len(x) > 8*words {
				continue
			}
			putKey(key, x)
			if r, ok := idx.find(key); ok {
				t.Fatalf("max %d bytes: %x, in no list, found at %d", maxLen, x, r)
			}
		}
	}
}
