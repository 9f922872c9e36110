package quantity

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// FormatDuration writes a time for people, to the unit that matters: "42
// s", "16 min", "1.5 h", "42 days".
func FormatDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Seconds()+0.5))
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Minutes()+0.5))
	case d < 48*time.Hour:
		return fmt.Sprintf("%.1f h", d.Hours())
	}
	return fmt.Sprintf("%.0f days", d.Hours()/24)
}

// TimeLeft says how long the rest takes at the rate seen so far: done in
// elapsed, rest to go, in FormatDuration's words. It says nothing until
// the rate can be read.
func TimeLeft(done, rest int64, elapsed time.Duration) (string, bool) {
	if done <= 0 || rest < 0 || elapsed < 500*time.Millisecond {
		return "", false
	}
	return FormatDuration(time.Duration(float64(elapsed) * float64(rest) / float64(done))), true
}

// FormatCount writes a count of positions for people: 4.5e12 as "4.5
// trillion", small counts whole.
func FormatCount(n float64) string {
	switch {
	case math.IsInf(n, 1):
		return "more than 1e308"
	case n < 1e6:
		return strconv.FormatFloat(math.Ceil(n), 'f', 0, 64)
	case n < 1e9:
		return strconv.FormatFloat(n/1e6, 'f', 1, 64) + " million"
	case n < 1e12:
		return strconv.FormatFloat(n/1e9, 'f', 1, 64) + " billion"
	case n < 1e15:
		return strconv.FormatFloat(n/1e12, 'f', 1, 64) + " trillion"
	}
	return strconv.FormatFloat(n, 'g', 2, 64)
}

// FormatSize writes an amount of memory in the largest of the units T, G,
// M and K (powers of 1024) that keeps it at least 1, with at most one
// decimal (rounded down): 1.5G, 512M, 100.
func FormatSize(n uint64) string {
	for _, u := range []struct {
		suffix string
		shift  uint
	}{{"T", 40}, {"G", 30}, {"M", 20}, {"K", 10}} {
		if n >= 1<<u.shift {
			x := math.Floor(float64(n)/float64(uint64(1)<<u.shift)*10) / 10
			return strconv.FormatFloat(x, 'f', -1, 64) + u.suffix
		}
	}
	return strconv.FormatUint(n, 10)
}

// FormatBytes writes an estimate of memory as FormatSize does, after
// "about", and past 4096T as just that; under 1K, in bytes, which a bare
// number would not say in a sentence.
func FormatBytes(b float64) string {
	if b >= 1<<52 {
		return "more than 4096T"
	}
	if b < 1<<10 {
		return "about " + strconv.FormatUint(uint64(b), 10) + " bytes"
	}
	return "about " + FormatSize(uint64(b))
}

// Thousands writes n with commas between its thousands: 1,234,567.
func Thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
