package tiers

import (
	"fmt"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// A solve by tiers of an impartial game under normal play, every tier of
// which is free of loops, values each position's Grundy value beside its
// value, from the same children: the mex of the children's Grundy values.
// They are stored with the tables (store.Grundy, a file a tier beside the
// values), so that an answer reads them as it reads values, where it used
// to explore the whole game again to compute them (nimber.OfSpace): Cram
// 4×7 took 4 minutes for `sente moves` and 13 at 2.77 GB for `sente
// table`, against 135 MB for the solve.
//
// A cell of a Grundy table is the value plus one, 0 where no position is;
// a value past the 65,534 a cell holds, or a position that ends otherwise
// than lost for the player to move (not normal play), gives up the Grundy
// values of the whole solve, and the tables are stored without them.

// maxGrundy is the largest Grundy value a cell holds.
const maxGrundy = 1<<16 - 2

// tierGrundy is the Grundy values of a solve's tiers at hand, by tier: the
// tier being solved and the child tiers it reads.
type tierGrundy struct {
	cells [][]store.Cell
	// off is set once the values are given up: a position ended
	// otherwise than lost, a value too large for a cell, a stored tier
	// without its Grundy values.
	off atomic.Bool
}

// grundyGame reports whether a solve of g values Grundy values too: an
// impartial game under normal play, from the start, none of whose tiers
// loop (whose generalized values another engine computes).
func (e *tierEngine) grundyGame(opt TierOptions) bool {
	caps := sente.CapabilitiesOf(e.game)
	if !caps.IsImpartial() || caps.IsMisere() || opt.EveryPosition || e.borrow != nil {
		return false
	}
	for _, t := range e.order {
		if e.loops[t] {
			return false
		}
	}
	return true
}

// giveUp gives up the Grundy values of the solve: a move keeps the turn,
// and Grundy values are for games whose players alternate.
func (g *tierGrundy) giveUp() {
	if g != nil {
		g.off.Store(true)
	}
}

// ended values a position that ended: 0 when lost for the player to move,
// as under normal play; the Grundy values are given up otherwise.
func (g *tierGrundy) ended(t int, r uint64, v sente.Value) {
	if g == nil || g.off.Load() {
		return
	}
	if v != sente.Lose {
		g.off.Store(true)
		return
	}
	g.cells[t][r] = 1
}

// set values position r of tier t: the mex of its children's values.
func (g *tierGrundy) set(t int, r uint64, kids []sente.TierPosition) error {
	if g == nil || g.off.Load() {
		return nil
	}
	var seen uint64 // the values below 64 among the children
	var large []int // the others
	for _, k := range kids {
		c := g.cells[k.Tier][k.Rank]
		if c == store.Unreachable {
			return fmt.Errorf("solve by tiers: Grundy values: rank %d of tier %d has a move to rank %d of tier %d, which has none", r, t, k.Rank, k.Tier)
		}
		if n := int(c) - 1; n < 64 {
			seen |= 1 << n
		} else {
			large = append(large, n)
		}
	}
	mex := bits.TrailingZeros64(^seen)
	if mex == 64 && len(large) > 0 {
		slices.Sort(large)
		for _, n := range large {
			if n == mex {
				mex++
			} else if n > mex {
				break
			}
		}
	}
	if mex > maxGrundy {
		g.off.Store(true)
		return nil
	}
	g.cells[t][r] = store.Cell(mex + 1)
	return nil
}

// childGrundy has the Grundy values of tier c at hand, read from the sink
// when they are not; false when it cannot (they were given up, or are not
// stored), and the values are then given up.
func (e *tierEngine) childGrundy(c int) bool {
	g := e.grundy
	if g.off.Load() {
		return false
	}
	if g.cells[c] != nil {
		return true
	}
	tbl, err := e.sink.Open(c, store.Grundy)
	if err != nil {
		g.off.Store(true)
		return false
	}
	defer tbl.Close()
	cells, err := tbl.LoadCells()
	if err != nil || uint64(len(cells)) != e.size[c] {
		g.off.Store(true)
		return false
	}
	if !tbl.Compact() {
		cells = slices.Clone(cells) // mapped, gone once the table is closed
	}
	g.cells[c] = cells
	return true
}

// dropGrundy removes the Grundy values of every tier of the solve, once
// they were given up.
func (e *tierEngine) dropGrundy() error {
	for _, t := range e.order {
		if err := e.sink.Remove(t, store.Grundy); err != nil {
			return err
		}
	}
	return nil
}
