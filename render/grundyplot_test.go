package render_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/render"
)

// countValues are seed 004's Grundy values: G(k) of the count game to 21
// (saying 1 to 3 numbers) from each next number k = 1..21.
func countValues(t *testing.T) []int {
	t.Helper()
	g, err := games.New("count")
	if err != nil {
		t.Fatal(err)
	}
	vals, err := nimber.Grundy(context.Background(), g, nil, nimber.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var seq []int
	for k := 1; k <= 21; k++ {
		v, ok := vals.Of(games.CountPosition{Next: k, Turn: sente.First})
		if !ok {
			v, ok = vals.Of(games.CountPosition{Next: k, Turn: sente.Second})
		}
		if !ok {
			t.Fatalf("no value for k = %d", k)
		}
		seq = append(seq, v)
	}
	return seq
}

func kaylesValues(t *testing.T, n int) ([]int, *render.Period) {
	t.Helper()
	rules := sente.HeapRules{Digits: []uint8{0, 7, 7}}
	seq, err := nimber.HeapValues(context.Background(), rules, n)
	if err != nil {
		t.Fatal(err)
	}
	per, ok, err := nimber.FindHeapPeriod(context.Background(), rules, 1000)
	if err != nil || !ok {
		t.Fatalf("kayles period: %v %v", ok, err)
	}
	return seq, &render.Period{From: per.From, Length: per.Length, Proven: per.Proven}
}

func TestGrundyPlot(t *testing.T) {
	count := countValues(t)
	for k, v := range count {
		if want := (21 - (k + 1)) % 4; v != want {
			t.Fatalf("G(%d) = %d, want %d", k+1, v, want)
		}
	}
	kayles, kperiod := kaylesValues(t, 400)
	if kperiod.From != 71 || kperiod.Length != 12 || !kperiod.Proven {
		t.Fatalf("kayles period %+v, want 12 from 71, proven", kperiod)
	}
	long := make([]int, 5000)
	for i := range long {
		long[i] = (i*i + 3*i) % 37
	}
	tests := []struct {
		name string
		s    render.GrundySeries
	}{
		{"count", render.GrundySeries{Title: "The count game to 21 (seed 004): G(k), k the next number to say", Note: "G(k) = (21 − k) mod 4",
			Param: "k", First: 1, Values: count, Period: &render.Period{From: 1, Length: 4}}},
		{"kayles", render.GrundySeries{Title: "Kayles: Grundy values of one row of n pins", Values: kayles[:150], Period: kperiod}},
		{"kayles-long", render.GrundySeries{Title: "Kayles", Values: kayles, Period: kperiod}},
		{"late-period", render.GrundySeries{Values: []int{0, 1, 2, 0, 1}, First: 3, Period: &render.Period{From: 100, Length: 3}}},
		{"no-period", render.GrundySeries{Values: []int{0}, Param: "m"}},
		{"long", render.GrundySeries{Title: "A long sequence", Values: long, Period: &render.Period{From: 0, Length: 37, Proven: false}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pic, err := render.GrundyPlot(tc.s)
			if err != nil {
				t.Fatal(err)
			}
			var svg, png bytes.Buffer
			if err := pic.SVG(&svg); err != nil {
				t.Fatal(err)
			}
			checkXML(t, svg.Bytes())
			if err := pic.PNG(&png); err != nil {
				t.Fatal(err)
			}
			decodePNG(t, png.Bytes(), pic.Width, pic.Height)
			save(t, "grundy-"+tc.name+".svg", svg.Bytes())
			save(t, "grundy-"+tc.name+".png", png.Bytes())
			if tc.name == "count" {
				golden(t, "grundy-count.svg", svg.Bytes())
			}
			if tc.s.Period != nil {
				want := "conjectured"
				if tc.s.Period.Proven {
					want = "proven"
				}
				if !bytes.Contains(svg.Bytes(), []byte(want)) {
					t.Errorf("the plot does not say %q", want)
				}
			}
		})
	}
	for _, bad := range []render.GrundySeries{{}, {Values: []int{1, -1}}, {Values: []int{1}, Period: &render.Period{Length: 0}}} {
		if _, err := render.GrundyPlot(bad); err == nil {
			t.Errorf("GrundyPlot(%+v) gave no error", bad)
		}
	}
}

func ExampleGrundyPlot() {
	pic, err := render.GrundyPlot(render.GrundySeries{Param: "k", First: 1, Values: []int{0, 3, 2, 1, 0, 3, 2, 1}, Period: &render.Period{From: 1, Length: 4}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pic.Width > 0, pic.Height > 0)
	// Output: true true
}
