package games_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/cgt/reference"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/polyomino"
	"github.com/sente-go/sente/internal/testmode"
)

type (
	cell   = polyomino.Cell
	region = polyomino.Region
)

// regionKey is a region's cells as a string, for the plain
// implementation's memo.
func regionKey(rg region) string {
	b := make([]byte, 0, 2*len(rg))
	for _, c := range rg {
		b = append(b, byte(c.R), byte(c.C))
	}
	return string(b)
}

// boardOf is the region as a Domineering board of its bounding box, the
// cells outside it filled.
func boardOf(rg region) string { return strings.Join(rg.Rows(), "/") }

// benchRegions are the regions the speed figures time: every rectangle
// up to 4 by 4, and every single region of up to 12 squares up to
// symmetry.
func benchRegions(most int) (rects, regions []region) {
	for w := 1; w <= 4; w++ {
		for h := 1; h <= 4; h++ {
			rects = append(rects, polyomino.Rectangle(w, h))
		}
	}
	for _, byCells := range polyomino.Free(most) {
		regions = append(regions, byCells...)
	}
	return rects, regions
}

// valueRegions values regions with cgt, every game sharing one table of
// shapes, as a table of every region would.
func valueRegions(tb testing.TB, regions []region) []cgt.Game {
	shapes := cgt.NewShapes()
	out := make([]cgt.Game, len(regions))
	for i, rg := range regions {
		g, err := games.NewDomineering(0, 0, boardOf(rg), true)
		if err != nil {
			tb.Fatal(err)
		}
		v, err := cgt.NewValuer(g, cgt.ValuerOptions{Shapes: shapes})
		if err != nil {
			tb.Fatal(err)
		}
		if out[i], err = v.Value(context.Background(), g.Start()); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// plainDomineering is the plain memoised implementation of the definition
// the issue compares with: a position is its set of empty cells, its
// value the canonical form of the tree of its options, made by the
// reference (comparison by the recursive definition, dominated options
// removed and reversible ones bypassed one game at a time), memoised by
// the position alone: no parts, no shapes, no symmetry, no table of
// canonical forms.
type plainDomineering struct {
	ref  *reference.Checker
	memo map[string]*reference.Game
}

func newPlain() *plainDomineering {
	return &plainDomineering{ref: reference.NewChecker(), memo: map[string]*reference.Game{}}
}

func (p *plainDomineering) value(rg region) *reference.Game {
	k := regionKey(rg)
	if g, ok := p.memo[k]; ok {
		return g
	}
	in := map[cell]bool{}
	for _, c := range rg {
		in[c] = true
	}
	without := func(a, b cell) region {
		out := make(region, 0, len(rg)-2)
		for _, c := range rg {
			if c != a && c != b {
				out = append(out, c)
			}
		}
		return out
	}
	tree := &reference.Game{}
	for _, c := range rg {
		if d := (cell{R: c.R + 1, C: c.C}); in[d] { // Left: upright
			tree.L = append(tree.L, p.value(without(c, d)))
		}
		if d := (cell{R: c.R, C: c.C + 1}); in[d] { // Right: flat
			tree.R = append(tree.R, p.value(without(c, d)))
		}
	}
	g := p.ref.Canonical(tree)
	p.memo[k] = g
	return g
}

// TestDomineeringRegionsAgainstPlain: the values cgt gives every region of
// up to 8 squares (6 under -short, 10 with SENTE_LONG: 3.5 CPU-seconds
// more for the plain implementation) and every rectangle up to 3 by 4 are
// the plain implementation's canonical forms.
func TestDomineeringRegionsAgainstPlain(t *testing.T) {
	most := 8
	switch {
	case testing.Short():
		most = 6
	case testmode.Long():
		most = 10
	}
	rects, regions := benchRegions(most)
	rects = slices.DeleteFunc(rects, func(rg region) bool { return len(rg) > 12 })
	all := append(rects, regions...)
	values := valueRegions(t, all)
	plain := newPlain()
	for i, rg := range all {
		want := plain.value(rg)
		if !plain.ref.Same(toRef(values[i], map[cgt.Game]*reference.Game{}), want) {
			t.Errorf("%s: %s; the plain implementation's canonical form is %s", boardOf(rg), values[i], reference.String(want))
		}
	}
}

// cpuSeconds is the processor time this process has used, user and
// system: on a machine shared with other work, wall time measures the
// others as much as this.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime) + tv(ru.Stime)
}

// loopCPU runs body b.N times and reports the processor seconds an
// iteration took (cpu-s/op) beside the wall time.
func loopCPU(b *testing.B, body func()) {
	start := cpuSeconds()
	n := 0
	for b.Loop() {
		body()
		n++
	}
	b.ReportMetric((cpuSeconds()-start)/float64(n), "cpu-s/op")
}

// BenchmarkDomineeringRectangles values every rectangle up to 4 by 4.
// Run once in a fresh process (-benchtime 1x) it is the cold figure of
// BENCHMARKS.md; later iterations find the canonical forms, sums and
// comparisons already in cgt's table, which lives as long as the process.
func BenchmarkDomineeringRectangles(b *testing.B) {
	rects, _ := benchRegions(1)
	loopCPU(b, func() { valueRegions(b, rects) })
}

// BenchmarkDomineeringRectanglesPlain is the same with the plain
// implementation, memo and all made afresh each time.
func BenchmarkDomineeringRectanglesPlain(b *testing.B) {
	rects, _ := benchRegions(1)
	loopCPU(b, func() {
		plain := newPlain()
		for _, rg := range rects {
			plain.value(rg)
		}
	})
}

// BenchmarkDomineeringRegions values every single region of up to 8, 10
// and 12 squares, up to symmetry (87,146 free polyominoes up to 12: OEIS A000105), one table
// of shapes shared; a cold figure is one iteration of one of them in a
// fresh process (-bench 'Regions/cells=12$' -benchtime 1x), since cgt's
// table of canonical forms lives as long as the process.
func BenchmarkDomineeringRegions(b *testing.B) {
	for _, most := range []int{8, 10, 12} {
		_, regions := benchRegions(most)
		b.Run(fmt.Sprintf("cells=%d", most), func(b *testing.B) {
			loopCPU(b, func() { valueRegions(b, regions) })
		})
	}
}

// BenchmarkDomineeringRegionsPlain is the same with the plain
// implementation, its memo shared by all the regions.
func BenchmarkDomineeringRegionsPlain(b *testing.B) {
	for _, most := range []int{8, 10, 12} {
		_, regions := benchRegions(most)
		b.Run(fmt.Sprintf("cells=%d", most), func(b *testing.B) {
			loopCPU(b, func() {
				plain := newPlain()
				for _, rg := range regions {
					plain.value(rg)
				}
			})
		})
	}
}
