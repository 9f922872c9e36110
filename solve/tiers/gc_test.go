package tiers

import (
	"runtime/debug"
	"testing"
)

// TestCollectLessOverlapping: solves that overlap share the collector's
// target, and the last to finish restores the one before the first.
func TestCollectLessOverlapping(t *testing.T) {
	// The runtime reads its target only by setting one.
	current := func() int {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p
	}
	before := debug.SetGCPercent(170)
	defer debug.SetGCPercent(before)
	first := collectLess()
	second := collectLess()
	first()
	first() // twice is once
	if got := current(); got == 170 {
		t.Errorf("the first solve to finish restored the target while another ran")
	}
	second()
	if got := current(); got != 170 {
		t.Errorf("after both solves the target is %d, want 170", got)
	}
}
