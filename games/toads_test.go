package games_test

import (
	"testing"
)

// TestToadsValues pins Toads and Frogs values (Left's toads move right),
// each worked by the definition and held to the reference. (Erickson's
// table of values, "New toads and frogs results", could not be consulted
// here; these are not taken from it.)
func TestToadsValues(t *testing.T) {
	for _, tc := range []struct{ strip, want, why string }{
		{"T.F", "*", "Left's hop leaves .TF, where only the frog can jump (to FT.: Left hops, F.T, then nothing: 1), so .TF = {|1} = 0; likewise Right's leaves 0: {0|0} = *"},
		{"TF.", "0", "the toad jumps to .FT = {|0} = -1, nothing else moves: {-1|} = 0"},
		{"T.T.F", "1*", "T.F (*) plus a toad with a free move beyond it... as a whole, 1*"},
		{"TT.FF", "*", "by the definition"},
		{"TTT..FFF", "+-1/8", "by the definition"},
		{"TT.F", "{1/2|0}", "by the definition"},
		{"T.FF", "{0|-1/2}", "the negative of TT.F read backwards"},
		{"TTFFT.F", "*", "the block TTFF is a wall: what lies beyond it, T.F, is *"},
	} {
		if got := checkedValue(t, "toads:strip="+tc.strip).String(); got != tc.want {
			t.Errorf("%s: %s; want %s (%s)", tc.strip, got, tc.want, tc.why)
		}
	}
}

// TestToadsAgainstSolve: every position reachable from these strips, with
// either side first, has the outcome class the solve finds, and the
// values of the smaller ones are the reference's.
func TestToadsAgainstSolve(t *testing.T) {
	for _, strip := range []string{"TTT..FFF", "TT.T.F.FF", "T.F.T.F.TF", "TTFF.T.F", "TTTT.FFFF"} {
		spec := "toads:strip=" + strip
		t.Run(strip, func(t *testing.T) { checkAgainstSolve(t, spec, 400) })
	}
}

// TestToadsEveryPosition: every strip of toads, frogs and empty cells up
// to 8 cells, with either side to move, has the outcome class the solve
// finds.
func TestToadsEveryPosition(t *testing.T) {
	total := 0
	for n := 1; n <= 8; n++ {
		strip := ""
		for range n {
			strip += "."
		}
		total += checkEveryPosition(t, "toads:strip="+strip, patterns("TF.", n, n+1))
	}
	t.Logf("%d positions", total)
}

func TestToadsMovesAreOptions(t *testing.T) {
	checkMovesAreOptions(t, "toads:strip=TTT..FFF", 500)
	checkMovesAreOptions(t, "toads:strip=T.TF.F,first=right", 500)
}
