package rules_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve/hashing"
)

// A solve stopped by a position limit stops the helper that asks ahead
// too, soon after.
func TestHelperStops(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("the helper runs only on two cores or more")
	}
	g := mustOpen(t, "../examples/connect4.star", "w=7,h=6")
	const limit = 20_000
	if _, err := hashing.Solve(context.Background(), g, hashing.Options{MaxPositions: limit}); err == nil {
		t.Fatal("solved connect four 7×6 within 20,000 positions")
	}
	rg, _ := rules.Of(g)
	n, still := rg.Interned(), 0
	for deadline := time.Now().Add(10 * time.Second); still < 3; {
		if time.Now().After(deadline) {
			t.Fatalf("still interning positions 10 s after the solve stopped: %d", n)
		}
		time.Sleep(100 * time.Millisecond)
		m := rg.Interned()
		if m == n {
			still++
		} else {
			n, still = m, 0
		}
	}
	// Past the engine's limit, the helper may have answered for what it had
	// stacked and its credit, a few thousand positions of up to 7 moves.
	if bound := 8 * limit; n > bound {
		t.Errorf("%d positions interned for a limit of %d", n, limit)
	}
}
