package tiers

import (
	"errors"
	"fmt"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/store/tables"
)

// ErrOverMemory is what SolveTiers refuses with, before any work, when its
// plan needs more memory than TierOptions.MaxMemory allows: an
// *OverMemoryError, which says how much.
var ErrOverMemory = errors.New("over the limit")

// OverMemoryError is SolveTiers' refusal of a plan over the memory allowed.
type OverMemoryError struct {
	Peak, Limit int64 // the plan's peak and TierOptions.MaxMemory, in bytes
	Tiers       int
	Largest     uint64 // the ranks of the largest tier
}

func (e *OverMemoryError) Error() string {
	return fmt.Sprintf("solve by tiers: needs about %s of memory at peak (%d tiers, largest %d ranks), %v of %s",
		quantity.FormatSize(uint64(e.Peak)), e.Tiers, e.Largest, ErrOverMemory, quantity.FormatSize(uint64(e.Limit)))
}

func (e *OverMemoryError) Unwrap() error { return ErrOverMemory }

// ErrNotStored is what Open fails with when the sink lacks a tier
// (tables.ErrNotStored).
var ErrNotStored = tables.ErrNotStored

// TierSolution is a game solved by SolveTiers: its tables, which hold the
// values a tier a file and read them back (tables.Tables), and what the
// solve found on its way.
type TierSolution struct {
	*tables.Tables
	// MovesRecorded is how many bytes of moves the forward pass of a game
	// whose ranks it discovered recorded for the solve (see moves.go).
	MovesRecorded int64
	// MarginsGivenUp is why a solve of a game that ends in a score
	// stored no margins (tiermargin.go), nil when it stored them or
	// solved nothing.
	MarginsGivenUp error
}

// FromTiers is the Solution of g that ts answers from root: the position
// the tier solve started from, or any position its tables reach; took is
// the time the solve took. The tables stay open until ts is closed.
func FromTiers(g sente.Game, ts *TierSolution, root sente.Position, took time.Duration) *tables.Solution {
	s := tables.NewSolution(g, ts.Tables, root, took)
	if ts.MarginsGivenUp != nil {
		s.NoMarginsBecause(ts.MarginsGivenUp)
	}
	return s
}
