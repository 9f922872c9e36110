package games_test

import (
	"fmt"
	"testing"
)

// TestDomineeringValues pins the values of small Domineering regions, Left
// placing upright (Winning Ways' convention: Left is Vertical).
func TestDomineeringValues(t *testing.T) {
	for _, tc := range []struct {
		board, want, why string
	}{
		{"./.", "1", "two cells upright: Left has one move, Right none: {0|} = 1 (Winning Ways, ch. 1)"},
		{"..", "-1", "two cells flat: Right's one move, -1"},
		{"../..", "+-1", "the 2×2 square: whoever moves leaves the other nothing and a move for themselves, {1|-1} = ±1 (Winning Ways, ch. 1; Siegel, CGT, ch. I)"},
		{"#./..", "*", "the L-tromino: each side's one move leaves a single cell, {0|0} = *"},
		{"./.", "1", "a strip of n cells upright is worth ⌊n/2⌋: Left's moves leave strips and single cells"},
		{"./././.", "2", "four cells upright"},
		{"././././.", "2", "five cells upright"},
		{"./././././.", "3", "six cells upright"},
		{".", "0", "a single cell: no moves for anyone"},
		{"#.#/.../#.#", "*", "the plus pentomino: each side's move through the centre leaves single cells, {0|0}; a quarter turn, which negates, maps it to itself"},
		{"#./..", "*", "the L-tromino"},
		{"../#./#.", "1/2", "an L of four cells: Left's moves leave -1 or 0, Right's leaves an upright pair, 1: {0|1} = 1/2"},
		{"../../..", "{1/2|-2}", "2 wide by 3 high: Left's best leaves the L above (1/2), Right's across the middle leaves two flat pairs (-2)"},
		{".../...", "{2|-1/2}", "3 wide by 2 high: the negative of 2 by 3 (a quarter turn)"},
	} {
		if got := checkedValue(t, "domineering:board="+tc.board).String(); got != tc.want {
			t.Errorf("%s: %s; want %s (%s)", tc.board, got, tc.want, tc.why)
		}
	}
}

// TestDomineeringTemperatures pins the means and temperatures worked in
// the books and in Wikipedia's "Domineering" (the 2×3 board, 3 wide and 2
// high: {2|-1/2}, mean 3/4, temperature 5/4), with Left upright.
func TestDomineeringTemperatures(t *testing.T) {
	for _, tc := range []struct{ board, value, mean, temperature, why string }{
		{".../...", "{2|-1/2}", "3/4", "5/4", "Wikipedia, Domineering: the 2×3 grid is {2|−½}, mean ¾, temperature 1¼"},
		{"../../..", "{1/2|-2}", "-3/4", "5/4", "the same turned a quarter turn: Left and Right exchanged"},
		{"../..", "+-1", "0", "1", "±1: mean 0, temperature 1 (Winning Ways, ch. 6)"},
		{"#./..", "*", "0", "0", "* is infinitesimal: mean and temperature 0"},
		{"../#./#.", "1/2", "1/2", "-1/2", "a number's temperature is negative: 1/2 = {0|1} is -1/2 (Siegel, CGT, II.5)"},
	} {
		v := checkedValue(t, "domineering:board="+tc.board)
		if got := v.String(); got != tc.value {
			t.Errorf("%s: %s; want %s (%s)", tc.board, got, tc.value, tc.why)
		}
		if got := v.Mean().String(); got != tc.mean {
			t.Errorf("%s = %s: mean %s; want %s (%s)", tc.board, v, got, tc.mean, tc.why)
		}
		if got := v.Temperature().String(); got != tc.temperature {
			t.Errorf("%s = %s: temperature %s; want %s (%s)", tc.board, v, got, tc.temperature, tc.why)
		}
	}
}

// TestDomineeringAgainstSolve: on every board up to 4 by 3 and 3 by 4 and
// some with holes, every reachable position's outcome class agrees with
// the turn-based strong solve, Left first and Right first, and the values
// of boards up to 3 by 3 agree with the plain reference.
func TestDomineeringAgainstSolve(t *testing.T) {
	specs := []string{}
	for w := 1; w <= 4; w++ {
		for h := 1; h <= 4; h++ {
			if w*h <= 12 {
				specs = append(specs, fmt.Sprintf("domineering:w=%d,h=%d", w, h))
			}
		}
	}
	specs = append(specs, "domineering:board=#../.../..#", "domineering:board=..#./..../.#..")
	if !testing.Short() {
		specs = append(specs, "domineering:w=4,h=4", "domineering:w=5,h=3")
	}
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			n := checkAgainstSolve(t, spec, 300)
			if n == 0 {
				t.Fatal("no positions checked")
			}
		})
	}
}

func TestDomineeringMovesAreOptions(t *testing.T) {
	checkMovesAreOptions(t, "domineering:w=3,h=3", 500)
	checkMovesAreOptions(t, "domineering:board=#.../..../...#,first=right", 500)
}

// TestDomineeringEveryPosition: every pattern of filled cells on every
// board of at most 12 cells (9 under -short), with either side to move,
// has the outcome class the turn-based solve finds: 71,956 positions.
func TestDomineeringEveryPosition(t *testing.T) {
	total, most := 0, 12
	if testing.Short() {
		most = 9
	}
	for w := 1; w <= most; w++ {
		for h := 1; w*h <= most; h++ {
			spec := fmt.Sprintf("domineering:w=%d,h=%d", w, h)
			total += checkEveryPosition(t, spec, patterns(".#", w*h, w))
		}
	}
	t.Logf("%d positions", total)
}
