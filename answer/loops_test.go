package answer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sente-go/sente/answer"
)

// TestPlanSaysWhichTiersLoop: the plan of a rules file whose tier() some
// moves leave as it was names the tiers random play met such a move in,
// and counts the several times their positions are asked about in its
// time; a file whose every move changes its tier has none.
func TestPlanSaysWhichTiersLoop(t *testing.T) {
	ctx := context.Background()
	slide, err := answer.PlanDiscovered(ctx, open(t, "../cli/testdata/rules/slide.star:n=10,k=4"), 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(slide.Loops) == 0 || slide.Loops[0] != 0 || slide.LoopPositions <= 0 {
		t.Fatalf("slide.star: loops %v, %.0f positions in them", slide.Loops, slide.LoopPositions)
	}
	if text := slide.String(); !strings.Contains(text, "moves stay inside tier") || !strings.Contains(text, "about 5 times") {
		t.Errorf("slide.star's plan does not say which tiers loop and what it costs: %s", text)
	}
	// The time of a file without loops: every position expanded once,
	// a tenth more to read the recorded moves, on two cores at the tier
	// engine's efficiency (answer/cost.go), at the rate measured.
	rate := slide.Rate
	if rate <= 0 {
		rate = slide.Estimate.Rate
	}
	if flat := slide.Estimate.Positions * 1.1 / rate / (0.85 * 2); slide.Seconds < 2*flat {
		t.Errorf("slide.star: %.1f s planned, as for a file without loops (%.1f s)", slide.Seconds, flat)
	}
	dom, err := answer.PlanDiscovered(ctx, open(t, "../examples/domineering.star:w=3,h=3"), 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(dom.Loops) != 0 || strings.Contains(dom.String(), "stay inside") {
		t.Errorf("domineering.star: loops %v: %s", dom.Loops, dom.String())
	}
}
