package games

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/sente-go/sente/solve/search"
)

// wideOf is the board of g on two words: DomineeringWide of the same size,
// which NewDomineering makes only past 64 cells.
func wideOf(t testing.TB, g *Domineering) *DomineeringWide {
	t.Helper()
	wg, err := newDomineeringWide(g.w, g.h, nil, g.leftFirst)
	if err != nil {
		t.Fatal(err)
	}
	return wg
}

func wideCells(f uint64) cells128 { return cells128{0, f} }

// TestDomineeringWideAgrees holds the board on two words to Domineering's
// own on boards that both can hold, at random positions of play from the
// start (the side to move by the count, as both then agree): the same
// children, counts, decisions, horizon, move order, and canonical keys
// among the position's images.
func TestDomineeringWideAgrees(t *testing.T) {
	for _, size := range []struct{ w, h int }{{4, 4}, {5, 4}, {4, 5}, {6, 5}, {7, 7}, {8, 8}, {9, 7}, {5, 12}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			g := newDom(t, size.w, size.h)
			wg := wideOf(t, g)
			rng := rand.New(rand.NewPCG(11, uint64(size.w*size.h)))
			for i := range 300 {
				filled := uint64(0)
				left := g.leftFirst
				for range rng.IntN(size.w * size.h / 2) {
					kids := g.AppendChildren(nil, g.key(filled, left))
					if len(kids) == 0 {
						break
					}
					filled, left = g.unkey(kids[rng.IntN(len(kids))])
				}
				key, wkey := g.key(filled, left), wideCells(filled).wide()
				where := g.FormatPosition(g.Decode(key))
				if wg.leftByCount(wideCells(filled)) != left {
					t.Fatalf("%s: the side to move differs", where)
				}
				var kids []uint64
				for _, k := range g.AppendChildren(nil, key) {
					f, _ := g.unkey(k)
					kids = append(kids, f)
				}
				var wkids []uint64
				for _, k := range wg.AppendChildren(nil, wkey) {
					if k.Hi != 0 {
						t.Fatalf("%s: a child off the board", where)
					}
					wkids = append(wkids, k.Lo)
				}
				if !slices.Equal(kids, wkids) {
					t.Fatalf("%s: children %x on two words, %x on one", where, wkids, kids)
				}
				empty := g.full &^ filled
				if c, wc := g.counts(empty), wg.counts(wideCells(empty)); c != wc {
					t.Fatalf("%s: counts %+v on two words, %+v on one", where, wc, c)
				}
				v, ok := g.Decide(key)
				wv, wok := wg.Decide(wkey)
				if v != wv || ok != wok {
					t.Fatalf("%s: decided %v %v on two words, %v %v on one", where, wv, wok, v, ok)
				}
				most, tie := g.Horizon(key)
				wmost, wtie := wg.Horizon(wkey)
				if most != wmost || tie != wtie {
					t.Fatalf("%s: horizon %d %d on two words, %d %d on one", where, wmost, wtie, most, tie)
				}
				order, _ := g.OrderChildren(nil, key)
				worder, _ := wg.OrderChildren(nil, wkey)
				if len(order) != len(worder) {
					t.Fatalf("%s: %d children ordered on two words, %d on one", where, len(worder), len(order))
				}
				for j := range order {
					f, _ := g.unkey(order[j].Key)
					if worder[j].Key != wideCells(f).wide() || worder[j].Hint != order[j].Hint {
						t.Fatalf("%s: child %d ordered %+v on two words, %+v on one", where, j, worder[j], order[j])
					}
				}
				images := []uint64{filled, g.mirrorCols(filled), g.mirrorRows(filled), g.mirrorRows(g.mirrorCols(filled))}
				want := slices.Min(images)
				if got := wg.Canonical(wkey); got != wideCells(want).wide() {
					t.Fatalf("%s: canonical %x on two words, want the least image %x", where, got, want)
				}
				if i%50 == 0 {
					wp := wg.Decode(wkey)
					p, err := wg.ParsePosition(wg.FormatPosition(wp))
					if err != nil || wg.Encode(p) != wkey {
						t.Fatalf("%s: read back as %v (%v)", where, p, err)
					}
					np := g.Decode(key)
					if wg.FormatPosition(wp) != g.FormatPosition(np) || wg.Draw(wp) != g.Draw(np) || !reflect.DeepEqual(wg.Board(wp), g.Board(np)) {
						t.Fatalf("%s: written, drawn or shown otherwise on two words", where)
					}
					var names, wnames []string
					for _, m := range g.Moves(np) {
						names = append(names, m.Name)
					}
					for _, m := range wg.Moves(wp) {
						wnames = append(wnames, m.Name)
					}
					if !slices.Equal(names, wnames) {
						t.Fatalf("%s: moves %v on two words, %v on one", where, wnames, names)
					}
				}
			}
		})
	}
}

// TestDomineeringWideSearch: search on two words gives Domineering's
// values, the same as search on one, on boards both hold.
// (TestDomineeringWideRectangles holds boards past 64 cells to the
// published classes.)
func TestDomineeringWideSearch(t *testing.T) {
	for _, size := range []struct{ w, h int }{{5, 5}, {6, 5}, {4, 7}, {7, 6}} {
		g := newDom(t, size.w, size.h)
		opt := search.Options{ValueOnly: true, Workers: 2, TableBytes: 16 << 20}
		narrow, err := search.New(g, opt)
		if err != nil {
			t.Fatal(err)
		}
		wide, err := search.NewWide(wideOf(t, g), opt)
		if err != nil {
			t.Fatal(err)
		}
		want, err := narrow.Solve(context.Background(), g.Start())
		if err != nil {
			t.Fatal(err)
		}
		got, err := wide.Solve(context.Background(), wideOf(t, g).Start())
		if err != nil {
			t.Fatal(err)
		}
		if got.Outcome.Value != want.Outcome.Value {
			t.Errorf("%dx%d: %v on two words, %v on one", size.w, size.h, got.Outcome, want.Outcome)
		}
	}
}

// BenchmarkDomineeringWideSearch searches a board from its start, value
// alone, one worker, from an emptied table, on one word and on two: the
// cost of keys and boards of 128 bits, node for node.
func BenchmarkDomineeringWideSearch(b *testing.B) {
	g := newDom(b, 7, 6)
	opt := search.Options{ValueOnly: true, Workers: 1, TableBytes: 64 << 20}
	narrow, err := search.New(g, opt)
	if err != nil {
		b.Fatal(err)
	}
	wg := wideOf(b, g)
	wide, err := search.NewWide(wg, opt)
	if err != nil {
		b.Fatal(err)
	}
	for _, run := range []struct {
		name  string
		clear func()
		solve func() (search.Result, error)
	}{
		{"narrow", narrow.Clear, func() (search.Result, error) { return narrow.Solve(context.Background(), g.Start()) }},
		{"wide", wide.Clear, func() (search.Result, error) { return wide.Solve(context.Background(), wg.Start()) }},
	} {
		b.Run(run.name, func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				run.clear()
				res, err := run.solve()
				if err != nil {
					b.Fatal(err)
				}
				nodes = res.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
		})
	}
}
