package wasm

import (
	"testing"

	"github.com/sente-go/sente"
)

// BenchmarkPool is what the pool of instances costs a call: a get and a
// put, with no call into the module.
func BenchmarkPool(b *testing.B) {
	fam, err := Open("testdata/take.wasm", Options{CacheDir: "-", Overtime: func(error) {}})
	if err != nil {
		b.Fatal(err)
	}
	vals, err := sente.Bind("take", fam.Params, nil)
	if err != nil {
		b.Fatal(err)
	}
	sg, err := fam.New(vals)
	if err != nil {
		b.Fatal(err)
	}
	g := sg.(*Game)
	b.Run("serial", func(b *testing.B) {
		for b.Loop() {
			g.put(g.get())
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				g.put(g.get())
			}
		})
	})
}
