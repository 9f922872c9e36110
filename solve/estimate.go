package solve

import (
	"math"

	"github.com/sente-go/sente"
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
