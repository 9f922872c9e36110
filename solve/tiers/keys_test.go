package tiers

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sente-go/sente/store/tables"
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
		var a, b tables.KeyList
		var ref [][]byte
		for range 3000 {
			x := gen()
			add(&a, x)
			ref = append(ref, x)
		}
		var refB [][]byte
		for range 2000 {
			x := gen()
			add(&b, x)
			refB = append(refB, x)
		}
		sortUnique(&a)
		sortUnique(&b)
		pad := func(x []byte, words int) []byte { return append(slices.Clone(x), make([]byte, 8*words-len(x))...) }
		want := func(list [][]byte, words int) [][]byte {
			var out [][]byte
			for _, x := range list {
				out = append(out, pad(x, words))
			}
			slices.SortFunc(out, bytes.Compare)
			return slices.CompactFunc(out, bytes.Equal)
		}
		check := func(name string, k tables.KeyList, w [][]byte) {
			t.Helper()
			if k.Len() != len(w) {
				t.Fatalf("max %d bytes: %s holds %d keys, want %d", maxLen, name, k.Len(), len(w))
			}
			for i := range w {
				if got := tables.AppendKeyBytes(nil, k.At(i)); !bytes.Equal(got, w[i]) {
					t.Fatalf("max %d bytes: %s key %d is %x, want %x", maxLen, name, i, got, w[i])
				}
			}
		}
		check("sorted", a, want(ref, a.Words))
		words := max(a.Words, b.Words)
		widen(&a, words)
		widen(&b, words)
		check("widened", a, want(ref, words))
		m := merge(&a, &b)
		check("merged", m, want(append(slices.Clone(ref), refB...), words))
		d := without(&b, &a)
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

		idx := tables.NewKeyIndex(m)
		key := make([]uint64, words)
		for i := range m.Len() {
			if r, ok := idx.Find(m.At(i)); !ok || r != uint64(i) {
				t.Fatalf("max %d bytes: key %d found at %d (%v)", maxLen, i, r, ok)
			}
		}
		for range 2000 {
			x := gen()
			x[0] = byte(maxLen + 1) // a length no key has
			if len(x) > 8*words {
				continue
			}
			tables.PutKey(key, x)
			if r, ok := idx.Find(key); ok {
				t.Fatalf("max %d bytes: %x, in no list, found at %d", maxLen, x, r)
			}
		}
	}
}
