package games_test

import (
	"fmt"
	"testing"
)

// TestClobberValues pins values of small Clobber positions, each worked
// by the definition (Left plays x).
func TestClobberValues(t *testing.T) {
	for _, tc := range []struct{ board, want, why string }{
		{"xo", "*", "each side's one move leaves a lone stone: {0|0} = *"},
		{"xxo", "^", "Left's capture leaves x.x (0), Right's xo. (*): {0|*} = ↑"},
		{"xoo", "v", "the negative of xxo"},
		{"xxoo", "0", "a second-player win, each first move answered"},
		{"xo/ox", "*", "the 2×2 checkerboard"},
		{"xox/oxo", "0", "the 2×3 checkerboard"},
		{"x.o", "0", "stones apart: no moves"},
		{"xo.xxo", "^*", "a sum: xo + xxo = * + ↑"},
	} {
		if got := checkedValue(t, "clobber:board="+tc.board).String(); got != tc.want {
			t.Errorf("%s: %s; want %s (%s)", tc.board, got, tc.want, tc.why)
		}
	}
}

// TestClobberAgainstSolve: every position reachable from the checkered
// boards up to 3 by 3 and the rows up to 8, with either side first, has
// the outcome class the solve finds; values up to 3 by 2 against the
// reference.
func TestClobberAgainstSolve(t *testing.T) {
	specs := []string{"clobber:w=8,h=1", "clobber:w=3,h=2", "clobber:w=3,h=3", "clobber:w=4,h=2", "clobber:board=xxo/oox/x.o"}
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) { checkAgainstSolve(t, spec, 400) })
	}
}

// TestClobberEveryPosition: every board of x, o and empty cells, rows up
// to 7 cells, 2 by 2 and 3 by 2, with either side to move (8,178
// positions), has the outcome class the solve finds.
func TestClobberEveryPosition(t *testing.T) {
	total := 0
	for _, wh := range [][2]int{{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}, {2, 2}, {3, 2}} {
		spec := fmt.Sprintf("clobber:w=%d,h=%d", wh[0], wh[1])
		total += checkEveryPosition(t, spec, patterns("xo.", wh[0]*wh[1], wh[0]))
	}
	t.Logf("%d positions", total)
}

func TestClobberMovesAreOptions(t *testing.T) {
	checkMovesAreOptions(t, "clobber:w=3,h=3", 500)
	checkMovesAreOptions(t, "clobber:board=xxo/oox,first=right", 500)
}
