package hashing

import (
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// An outcome has two stored forms, one an engine, and each turns into a
// sente.Outcome in one place. The hashing engine keeps packed, four bytes
// with up to 2^29-1 plies of remoteness, since the games it solves (rules
// files, heaps, a chain of forced moves) reach remotenesses far past what
// two bytes hold. The tier engine keeps store.Cell, two bytes with up to
// 8191 plies, in memory and on disk alike: its tables are mapped from the
// files it wrote, so its memory form is its disk form, at half the bytes.
// The hashing engine writes no tables, so no conversion runs between the
// two.

// packed is an outcome in four bytes: the value in the low three bits,
// the remoteness above.
type packed uint32

const (
	valueBits     = 3
	maxRemoteness = 1<<(32-valueBits) - 1
	infinity      = solve.Infinity
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

// facing is a child's outcome as the folds read it: for the opponent of
// the player who moves to it. A move that passes the turn hands the child
// to the opponent, and its outcome is theirs as it is; a move that keeps
// the turn leaves the mover to move there, and its win is the mover's
// (the opponent's loss). Ties and draws are the same for both.
func (p packed) facing(keeps bool) packed {
	if v := p.value(); keeps && (v == sente.Win || v == sente.Lose) {
		return pack(v.Flip(), p.remoteness())
	}
	return p
}
