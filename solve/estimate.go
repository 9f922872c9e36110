package solve

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"sente"
)

// Bytes a position costs at the peak of a solve by the hashing engine, for
// turning a game's estimate of its positions into memory. BENCHMARKS.md
// measures 27 to 30 bytes a position for a game with integer keys and
// tiers (connect four 6×4, peak resident set over positions; tic-tac-toe
// 4×4 and consecutive n=20 measure 30 and 36). A game without tiers is one
// tier with every move inside it, which adds 16 bytes a position and 12 a
// move while it is solved: kayles n=50 measures 793 bytes a position.
// Games without keys intern every position as well; the figure for them is
// a rough floor, not a measurement.
const (
	bytesPerKeyedPosition  = 30
	bytesPerInTierPosition = 16
	bytesPerInTierMove     = 12
	bytesPerInterned       = 90
)

// BytesPerPosition is what one position of g costs at the peak of a solve
// by the hashing engine. The moves a position has are taken to be those
// of the start, which for the built-in games has about as many as any
// position.
func BytesPerPosition(g sente.Game) float64 {
	caps := sente.CapabilitiesOf(g)
	per := float64(bytesPerKeyedPosition)
	if caps.Tiered == nil {
		moves := 0
		if _, ended := g.Ended(g.Start()); !ended {
			moves = len(g.Moves(g.Start()))
		}
		per += bytesPerInTierPosition + bytesPerInTierMove*float64(moves)
	}
	if caps.Encoder == nil {
		per += bytesPerInterned
	}
	return per
}

// EstimateBytes is the memory a solve of g by the hashing engine needs by
// the game's own estimate of its positions (sente.Estimator): the
// positions, the bytes, and false when the game cannot tell.
func EstimateBytes(g sente.Game) (positions, bytes float64, ok bool) {
	caps := sente.CapabilitiesOf(g)
	if caps.Estimator == nil {
		return 0, 0, false
	}
	positions = caps.Estimator.EstimatePositions()
	if positions <= 0 || math.IsNaN(positions) {
		return 0, 0, false
	}
	return positions, positions * BytesPerPosition(g), true
}

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
