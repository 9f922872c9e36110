package nimber

import (
	"context"
	"errors"
	"testing"
)

// TestSearchHeapPeriodWork: a work bound stops the search at the same heap
// every time, wherever it runs, and says so; without it the search goes on
// to its limit.
func TestSearchHeapPeriodWork(t *testing.T) {
	r := heapCode(t, "0.1234567") // no period in sight; plain values cost n each
	b := HeapSearch{Limit: 1000000, MaxWork: 20000000}
	first, err := SearchHeapPeriod(context.Background(), r, b)
	if err != nil {
		t.Fatal(err)
	}
	if first.Found || !first.OutOfWork || first.Reached < 1000 || first.Reached > 20000 {
		t.Fatalf("SearchHeapPeriod(0.1234567, %+v) = %+v; want it out of work between G(1000) and G(20000)", b, first)
	}
	again, _ := SearchHeapPeriod(context.Background(), r, b)
	if again != first {
		t.Errorf("two searches stopped at %+v and %+v", first, again)
	}
	full, err := SearchHeapPeriod(context.Background(), r, HeapSearch{Limit: 3000})
	if err != nil || full.OutOfWork || full.Reached != 3000 {
		t.Errorf("SearchHeapPeriod to 3000 = %+v, %v; want G(3000) reached", full, err)
	}
}

// TestSearchHeapPeriodKeepsProof: the default bound of the command line
// (2·10⁹ options) is far more than 0.16's proof, period 149459 from 105351,
// needs, and an explicit limit finds it too.
func TestSearchHeapPeriodKeepsProof(t *testing.T) {
	r := heapCode(t, "0.16")
	for _, b := range []HeapSearch{{Limit: 1000000, MaxWork: 2000000000}, {Limit: 600000}} {
		res, err := SearchHeapPeriod(context.Background(), r, b)
		if err != nil {
			t.Fatal(err)
		}
		if p := res.Period; !res.Found || res.OutOfWork || !p.Proven || p.Length != 149459 || p.From != 105351 {
			t.Errorf("SearchHeapPeriod(0.16, %+v) = %+v; want period 149459 from 105351, proven", b, res)
		}
	}
	// Too little work for the proof: no period, and it says how far it got.
	res, err := SearchHeapPeriod(context.Background(), r, HeapSearch{Limit: 1000000, MaxWork: 10000000})
	if err != nil || res.Found || !res.OutOfWork || res.Reached >= 517152 {
		t.Errorf("SearchHeapPeriod(0.16) with little work = %+v, %v; want it out of work before the proof", res, err)
	}
}

// TestSearchHeapPeriodProgress: progress comes with a fraction that grows
// to about 1, and a cancelled search stops with the context's error.
func TestSearchHeapPeriodProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this long search: octal 0.1234567 to G(24000) with its progress (about 1 s)")
	}
	r := heapCode(t, "0.1234567")
	var fractions []float64
	b := HeapSearch{Limit: 24000, Progress: func(_ int, f float64) { fractions = append(fractions, f) }}
	if _, err := SearchHeapPeriod(context.Background(), r, b); err != nil {
		t.Fatal(err)
	}
	if len(fractions) < 4 {
		t.Fatalf("%d progress reports, want at least 4", len(fractions))
	}
	if last := fractions[len(fractions)-1]; last < 0.7 || last > 1 {
		t.Errorf("last fraction %.2f, want close to 1 (all: %.2f)", last, fractions)
	}
	ctx, cancel := context.WithCancel(context.Background())
	b.Progress = func(int, float64) { cancel() }
	if _, err := SearchHeapPeriod(ctx, r, b); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: %v, want context.Canceled", err)
	}
}
