package rules

import (
	"testing"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// BenchmarkCall compares a Starlark thread from the game's pool with a new
// thread for each call, calling ttt.star's turn(p) from all cores.
func BenchmarkCall(b *testing.B) {
	fam, err := Load("testdata/ttt.star", Options{})
	if err != nil {
		b.Fatal(err)
	}
	vals, _ := sente.Bind(fam.Name, fam.Params, nil)
	sg, err := fam.New(vals)
	if err != nil {
		b.Fatal(err)
	}
	g, _ := Of(sg)
	p := starlark.String("x...o....")
	b.Run("pool", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				w := g.getWorker()
				w.args1[0] = p
				if _, ok := g.call(w, g.fn.turn, p, w.args1); !ok {
					b.Fatal(g.Err())
				}
				g.putWorker(w)
			}
		})
	})
	b.Run("new-thread", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				w := &worker{th: &starlark.Thread{Print: g.rs.print}, args1: make(starlark.Tuple, 1)}
				w.th.OnMaxSteps = func(th *starlark.Thread) { w.overSteps = true; th.Cancel("too many steps") }
				w.args1[0] = p
				if _, ok := g.call(w, g.fn.turn, p, w.args1); !ok {
					b.Fatal(g.Err())
				}
			}
		})
	})
}
