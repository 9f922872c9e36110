package solve

import (
	"fmt"

	"sente"
)

// packed is an outcome in four bytes: the value in the low three bits,
// the remoteness above.
type packed uint32

const (
	valueBits     = 3
	maxRemoteness = 1<<(32-valueBits) - 1
	infinity      = ^uint32(0)
)

func pack(v sente.Value, remoteness uint32) packed {
	return packed(remoteness<<valueBits | uint32(v))
}

func (p packed) value() sente.Value { return sente.Value(p & (1<<valueBits - 1)) }
func (p packed) remoteness() uint32 { return uint32(p) >> valueBits }
func (p packed) outcome() sente.Outcome {
	return sente.Outcome{Value: p.value(), Remoteness: int(p.remoteness())}
}

func checkRemoteness(r uint32) error {
	if r > maxRemoteness {
		return fmt.Errorf("remoteness passes %d plies", maxRemoteness)
	}
	return nil
}
