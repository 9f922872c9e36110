package wasm

import (
	"runtime"
	"testing"
	"time"

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

// TestInstancesClosedWithTheGame: a game that is no longer used closes its
// instances, which the runtime would otherwise keep (a sweep makes a game
// for each value).
func TestInstancesClosedWithTheGame(t *testing.T) {
	fam, err := Open("testdata/take.wasm", Options{CacheDir: "-", Overtime: func(error) {}})
	if err != nil {
		t.Fatal(err)
	}
	vals, err := sente.Bind("take", fam.Params, nil)
	if err != nil {
		t.Fatal(err)
	}
	sg, err := fam.New(vals)
	if err != nil {
		t.Fatal(err)
	}
	in := sg.(*Game).pool.slot.Load()
	sg = nil
	for i := 0; i < 20 && !in.mod.IsClosed(); i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if !in.mod.IsClosed() {
		t.Fatal("the instance of a game collected is still open")
	}
}
