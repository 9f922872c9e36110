package solve

// A stand-in for the cell encoding and tier files of package store, which is
// written in parallel: the names are those of the shared brief, so that
// replacing this file by an import of store (store.Cell, store.Kind, ...)
// is mechanical. Nothing here but the types the tier engine needs.

import "sente"

// Cell is one position's solved value, packed in two bytes: the value in the
// low three bits, the remoteness above.
type Cell uint16

// Unreachable marks a rank that is not a reachable position.
const Unreachable Cell = 0

// Pack packs v (Win, Lose, Tie or Draw) and a remoteness below 8192.
func Pack(v sente.Value, remoteness int) Cell { return Cell(remoteness<<3 | int(v)) }

// Value is the packed value, Unknown for Unreachable.
func (c Cell) Value() sente.Value { return sente.Value(c & 7) }

// Remoteness is the packed remoteness.
func (c Cell) Remoteness() int { return int(c >> 3) }

// Outcome is the packed value and remoteness.
func (c Cell) Outcome() sente.Outcome {
	return sente.Outcome{Value: c.Value(), Remoteness: c.Remoteness()}
}

// Kind is what a tier file holds.
type Kind uint8

const (
	Values    Kind = iota // []Cell, 2 bytes a rank
	Reachable             // a bitset, 1 bit a rank
)

// TierCounts are a tier's counts as its file's header keeps them: store.Counts
// (named apart here because package solve has a Counts of its own).
type TierCounts struct {
	Positions, Win, Lose, Tie, Draw uint64
	Seconds                         float64
}

// Header is the part of a tier file's header the engine reads.
type Header struct {
	Counts TierCounts
}

// Table is a stored tier file: its header and its payload.
type Table struct {
	Header Header
	Data   []byte
}

// Cells is Data seen as cells.
func (t *Table) Cells() []Cell { return bytesToCells(t.Data) }

// Close releases the table.
func (t *Table) Close() error { return nil }
