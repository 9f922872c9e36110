package quantity

import (
	"math"
	"testing"
	"time"
)

// TestFormat pins how sizes, counts and times read wherever sente prints
// them: the units, the rounding and the words past the largest unit.
func TestFormat(t *testing.T) {
	sizes := []struct {
		in   uint64
		want string
	}{
		{0, "0"},
		{1000, "1000"},
		{1 << 10, "1K"},
		{64 << 20, "64M"},
		{3 << 29, "1.5G"},
		{(1 << 30) - 1, "1023.9M"},
		{1 << 40, "1T"},
	}
	for _, tc := range sizes {
		if got := FormatSize(tc.in); got != tc.want {
			t.Errorf("FormatSize(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
	estimates := []struct {
		in   float64
		want string
	}{
		{0, "about 0 bytes"},
		{1023, "about 1023 bytes"},
		{1 << 10, "about 1K"},
		{3 << 29, "about 1.5G"},
		{1 << 52, "more than 4096T"},
		{math.Inf(1), "more than 4096T"},
	}
	for _, tc := range estimates {
		if got := FormatBytes(tc.in); got != tc.want {
			t.Errorf("FormatBytes(%g) = %q, want %q", tc.in, got, tc.want)
		}
	}
	counts := []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{999999.5, "1000000"},
		{4.5e6, "4.5 million"},
		{2.25e9, "2.2 billion"},
		{4.5e12, "4.5 trillion"},
		{3e16, "3e+16"},
		{math.Inf(1), "more than 1e308"},
	}
	for _, tc := range counts {
		if got := FormatCount(tc.in); got != tc.want {
			t.Errorf("FormatCount(%g) = %q, want %q", tc.in, got, tc.want)
		}
	}
	durations := []struct {
		in   time.Duration
		want string
	}{
		{0, "0 s"},
		{42 * time.Second, "42 s"},
		{59*time.Second + 600*time.Millisecond, "60 s"},
		{16 * time.Minute, "16 min"},
		{90 * time.Minute, "1.5 h"},
		{42 * 24 * time.Hour, "42 days"},
	}
	for _, tc := range durations {
		if got := FormatDuration(tc.in); got != tc.want {
			t.Errorf("FormatDuration(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTimeLeft: nothing until some of the work is done, and a long rest
// in days.
func TestTimeLeft(t *testing.T) {
	if _, ok := TimeLeft(0, 10, time.Minute); ok {
		t.Error("a time left with nothing done")
	}
	if left, _ := TimeLeft(1, 1000, time.Hour); left != "42 days" {
		t.Errorf("long time left %q", left)
	}
}
