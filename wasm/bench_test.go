package wasm_test

import (
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/wasm"
)

// BenchmarkAppendChildren is the cost of one position's children through
// the host (a call into the module, the pool's get and put, the checks)
// against the built-in subtraction game's, on the same game.
func BenchmarkAppendChildren(b *testing.B) {
	for _, tc := range []struct{ name, spec string }{
		{"module", "testdata/take.wasm:n=1000,k=3"},
		{"native", "subtraction:1,2,3,n=1000"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			g := open(b, tc.spec, wasm.Options{CacheDir: "-"})
			enc := sente.CapabilitiesOf(g).Encoder
			key := enc.Encode(g.Start())
			var dst []uint64
			b.ResetTimer()
			for b.Loop() {
				dst = enc.AppendChildren(dst[:0], key)
			}
			if len(dst) != 3 {
				b.Fatalf("%d children", len(dst))
			}
		})
		b.Run(tc.name+"-parallel", func(b *testing.B) {
			g := open(b, tc.spec, wasm.Options{CacheDir: "-"})
			enc := sente.CapabilitiesOf(g).Encoder
			key := enc.Encode(g.Start())
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				var dst []uint64
				for pb.Next() {
					dst = enc.AppendChildren(dst[:0], key)
				}
			})
		})
	}
}
