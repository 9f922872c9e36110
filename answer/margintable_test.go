package answer

import (
	"slices"
	"testing"
)

// TestNextMarginTable: the margin table grows eightfold, stopping at 2 GiB
// on the way (where Kalah(6,4) fits), up to the most it may take.
func TestNextMarginTable(t *testing.T) {
	for _, tt := range []struct {
		most int64
		want []int64
	}{
		{8 << 30, []int64{16 << 20, 128 << 20, 1 << 30, 2 << 30, 8 << 30}},
		{4 << 30, []int64{16 << 20, 128 << 20, 1 << 30, 2 << 30, 4 << 30}},
		{512 << 20, []int64{16 << 20, 128 << 20, 512 << 20}},
	} {
		got := []int64{16 << 20}
		for b := got[0]; b < tt.most; {
			b = nextMarginTable(b, tt.most)
			got = append(got, b)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("up to %d: %v, want %v", tt.most, got, tt.want)
		}
	}
}
