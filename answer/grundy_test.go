package answer_test

import (
	"context"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/store"
)

// TestGrundyFromTables: an impartial game solved by the tier engine has
// its Grundy values stored with its tables, so that neither the solve nor
// an answer read back from the store explores the game again to compute
// them (Cram 4×7 took 4 minutes and 13 at 2.77 GB so, against 135 MB for
// the solve), and they are the values the explored game gives, at every
// position.
func TestGrundyFromTables(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"../examples/cram.star:w=3,h=4", "nim:heaps=2/3/4"} {
		t.Run(spec, func(t *testing.T) {
			g := open(t, spec)
			ref, err := grundyOf(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			tables := &store.Store{Dir: t.TempDir()}
			for _, engine := range []answer.Engine{answer.Tiers, answer.Stored} {
				var a *answer.Answer
				n := explorations(func() {
					a, err = answer.Solve(ctx, g, answer.Options{Engine: engine, Tables: tables, Name: spec, Grundy: true})
				})
				if err != nil {
					t.Fatal(err)
				}
				if n != 0 {
					t.Errorf("%v: explored %d times for Grundy values", engine, n)
				}
				if !a.HasGrundy() || a.GrundyLoopy() {
					t.Fatalf("%v: Grundy values %v, loopy %v", engine, a.HasGrundy(), a.GrundyLoopy())
				}
				if a.Bytes() != int64(a.Solution.Bytes()) {
					t.Errorf("%v: the answer holds %d bytes beyond its tables for Grundy values", engine, a.Bytes()-int64(a.Solution.Bytes()))
				}
				count := 0
				a.Solution.Each(func(p sente.Position, o sente.Outcome) bool {
					count++
					got, ok := a.Grundy(p)
					want, wok := ref.Of(p)
					if !ok || !wok || got.String() != want.String() {
						t.Errorf("%v: %s: Grundy value %v (%v), want %v (%v)", engine, g.FormatPosition(p), got, ok, want, wok)
						return false
					}
					return true
				})
				if count == 0 {
					t.Errorf("%v: no positions", engine)
				}
				a.Close()
			}
		})
	}
}
