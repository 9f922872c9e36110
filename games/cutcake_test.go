package games_test

import (
	"fmt"
	"math/bits"
	"testing"
)

// cutcakeRule is the value of a w by h piece in Winning Ways' table
// (ch. 2, Cutcake), Left cutting north-south: for w ≥ h it is
// ⌊w / 2^⌊log₂ h⌋⌋ − 1, for h > w the negative of the same with the sides
// exchanged; the values are integers, constant between powers of two.
func cutcakeRule(w, h int) int {
	if w >= h {
		return w>>(bits.Len(uint(h))-1) - 1
	}
	return -cutcakeRule(h, w)
}

// TestCutcakeTable: every piece up to 12 by 12 is worth what the table
// says, and the smaller ones are the reference's.
func TestCutcakeTable(t *testing.T) {
	for w := 1; w <= 12; w++ {
		for h := 1; h <= 12; h++ {
			spec := fmt.Sprintf("cutcake:%dx%d", w, h)
			var got int64
			var ok bool
			if w*h <= 16 {
				x, isNum := checkedValue(t, spec).Number()
				got, ok = x.Floor(), isNum && x.IsInteger()
			} else {
				x, isNum := valueOf(t, spec, "").Number()
				got, ok = x.Floor(), isNum && x.IsInteger()
			}
			if want := cutcakeRule(w, h); !ok || int(got) != want {
				t.Errorf("%dx%d: %d (an integer: %v); want %d", w, h, got, ok, want)
			}
		}
	}
}

// TestCutcakeAgainstSolve: every position reachable from these cakes, with
// either side first, has the outcome class the solve finds.
func TestCutcakeAgainstSolve(t *testing.T) {
	for _, cakes := range []string{"4x3", "5x2/2x3", "3x3/3x3", "6x1/1x5/4x4"} {
		spec := "cutcake:" + cakes
		t.Run(cakes, func(t *testing.T) { checkAgainstSolve(t, spec, 300) })
	}
}

func TestCutcakeMovesAreOptions(t *testing.T) {
	checkMovesAreOptions(t, "cutcake:4x3/2x2", 500)
	checkMovesAreOptions(t, "cutcake:cakes=3x5,first=right", 500)
}
