package wasm_test

import (
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/wasm"
)

// nativeTake is take.c's AppendChildren in Go: what a built-in game's
// Encoder costs for the same game, the measure of the host's overhead.
type nativeTake struct{ k uint64 }

func (n nativeTake) AppendChildren(dst []uint64, key uint64) []uint64 {
	h := key >> 1
	for t := uint64(1); t <= n.k && t <= h; t++ {
		dst = append(dst, (h-t)<<1|(key&1^1))
	}
	return dst
}

type appender interface {
	AppendChildren(dst []uint64, key uint64) []uint64
}

// BenchmarkAppendChildren is the cost of one position's children through
// the host (a call into an instance, the pool's get and put, the checks
// of the result) against the same game's in Go. "stoppable" is the host
// without Options.Overtime, whose runtime checks at every call and loop
// whether the instance was closed.
func BenchmarkAppendChildren(b *testing.B) {
	const key = 1000 << 1
	for _, tc := range []struct {
		name string
		enc  func(b *testing.B) appender
	}{
		{"native", func(b *testing.B) appender { return nativeTake{3} }},
		{"module-c", func(b *testing.B) appender {
			return sente.CapabilitiesOf(open(b, "testdata/take.wasm:n=1000,k=3", wasm.Options{CacheDir: "-", Overtime: func(error) {}})).Encoder
		}},
		{"module-go", func(b *testing.B) appender {
			return sente.CapabilitiesOf(open(b, buildGoTake(b)+":n=1000,k=3", wasm.Options{CacheDir: "-", Overtime: func(error) {}})).Encoder
		}},
		{"module-c-stoppable", func(b *testing.B) appender {
			return sente.CapabilitiesOf(open(b, "testdata/take.wasm:n=1000,k=3", wasm.Options{CacheDir: "-"})).Encoder
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			enc := tc.enc(b)
			var dst []uint64
			for b.Loop() {
				dst = enc.AppendChildren(dst[:0], key)
			}
			if len(dst) != 3 {
				b.Fatalf("%d children", len(dst))
			}
		})
		b.Run(tc.name+"-parallel", func(b *testing.B) {
			enc := tc.enc(b)
			b.RunParallel(func(pb *testing.PB) {
				var dst []uint64
				for pb.Next() {
					dst = enc.AppendChildren(dst[:0], key)
				}
			})
		})
	}
}
