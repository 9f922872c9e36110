package polyomino

import (
	"strings"
	"testing"
)

// TestFreeCounts: the enumeration finds the published counts of free
// polyominoes (OEIS A000105) up to 12 cells (10 under -short).
func TestFreeCounts(t *testing.T) {
	want := []int{0, 1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655, 17073, 63600}
	most := 12
	if testing.Short() {
		most = 10
	}
	for n, ps := range Free(most) {
		if len(ps) != want[n] {
			t.Errorf("%d free polyominoes of %d cells; want %d", len(ps), n, want[n])
		}
		for _, p := range ps {
			if len(p) != n {
				t.Fatalf("a polyomino of %d cells among those of %d: %v", len(p), n, p)
			}
		}
	}
}

func TestRows(t *testing.T) {
	for _, tc := range []struct {
		rg   Region
		want string
	}{
		{Rectangle(3, 2), ".../..."},
		{Region{{0, 0}, {1, 0}, {1, 1}}, ".#/.."},
		{Free(2)[2][0], ".."}, // the least image of the domino lies flat
	} {
		if got := strings.Join(tc.rg.Rows(), "/"); got != tc.want {
			t.Errorf("%v: %s; want %s", tc.rg, got, tc.want)
		}
	}
}
