package store

import (
	"fmt"

	"github.com/sente-go/sente"
)

// Cell is one position's solved value packed in two bytes: the value in the
// low three bits, the remoteness in the thirteen above. Zero is Unreachable.
type Cell uint16

// Unreachable marks a rank that is not a reachable position (or not a
// position at all).
const Unreachable Cell = 0

const (
	valueBits = 3
	// MaxRemoteness is the largest remoteness a Cell holds.
	MaxRemoteness = 1<<(16-valueBits) - 1
)

// Pack packs a solved value (Win, Lose, Tie or Draw) and its remoteness
// (below 8192; ignored for a draw). It panics on anything else, which is a
// bug in the caller: check remoteness against MaxRemoteness first.
func Pack(v sente.Value, remoteness int) Cell {
	switch v {
	case sente.Win, sente.Lose, sente.Tie:
	case sente.Draw:
		remoteness = 0
	default:
		panic(fmt.Sprintf("store.Pack: value %v cannot be stored", v))
	}
	if remoteness < 0 || remoteness > MaxRemoteness {
		panic(fmt.Sprintf("store.Pack: remoteness %d out of [0, %d]", remoteness, MaxRemoteness))
	}
	return Cell(remoteness<<valueBits | int(v))
}

// Value is the cell's value for the player to move; Unknown for Unreachable.
func (c Cell) Value() sente.Value { return sente.Value(c & (1<<valueBits - 1)) }

// Remoteness is the cell's remoteness (zero for a draw or Unreachable).
func (c Cell) Remoteness() int { return int(c >> valueBits) }

// Outcome is the cell's value with its remoteness.
func (c Cell) Outcome() sente.Outcome {
	return sente.Outcome{Value: c.Value(), Remoteness: c.Remoteness()}
}

// Reachable reports whether the cell holds a position's value.
func (c Cell) Reachable() bool { return c != Unreachable }

func (c Cell) String() string {
	if c == Unreachable {
		return "unreachable"
	}
	return c.Outcome().String()
}

// Bit reports whether rank is set in a Reachable bitset.
func Bit(bits []byte, rank uint64) bool { return bits[rank/8]&(1<<(rank%8)) != 0 }

// SetBit sets rank in a Reachable bitset.
func SetBit(bits []byte, rank uint64) { bits[rank/8] |= 1 << (rank % 8) }

// ReachableBits is the Reachable bitset the cells of a tier hold (a rank
// is reachable when its cell is not Unreachable), in whole little-endian
// words as the tier engine writes it, with the ranks set.
func ReachableBits(cells []Cell) (bits []byte, reached uint64) {
	bits = make([]byte, 8*((len(cells)+63)/64))
	for r, c := range cells {
		if c != Unreachable {
			SetBit(bits, uint64(r))
			reached++
		}
	}
	return bits, reached
}

// BitsetBytes is the size in bytes of a bitset of ranks bits.
func BitsetBytes(ranks uint64) uint64 { return (ranks + 7) / 8 }

// MaxMarginScore is the largest margin, either way, a margins cell holds.
const MaxMarginScore = 1<<15 - 2

// MaxMarginPlies is the most plies a cell of MarginPlies holds.
const MaxMarginPlies = 1<<16 - 2

// MarginCell is a margin's cell in a tier's Margins: the margin zigzagged
// (0, -1, 1, -2, ... as 0, 1, 2, 3, ...) plus one, so that the small
// margins most positions have stay small numbers, which compress; its
// plies go to MarginPlies as PliesCell. Check score against
// MaxMarginScore first.
func MarginCell(score int) Cell {
	z := score << 1
	if score < 0 {
		z = -score<<1 - 1
	}
	return Cell(z + 1)
}

// MarginScore is the margin a cell of Margins holds, and false for
// Unreachable.
func MarginScore(c Cell) (int, bool) {
	if c == Unreachable {
		return 0, false
	}
	z := int(c) - 1
	if z&1 == 1 {
		return -(z + 1) >> 1, true
	}
	return z >> 1, true
}

// PliesCell is the cell of MarginPlies for plies (at most
// MaxMarginPlies).
func PliesCell(plies int) Cell { return Cell(plies + 1) }

// MarginPliesOf is the plies a cell of MarginPlies holds, and false for
// Unreachable.
func MarginPliesOf(c Cell) (int, bool) {
	if c == Unreachable {
		return 0, false
	}
	return int(c) - 1, true
}
