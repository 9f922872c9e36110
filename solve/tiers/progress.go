package tiers

import (
	"slices"

	"github.com/sente-go/sente/solve"
)

// wholeProgress keeps the figures of Whole for one solve by the tier
// engine, under the engine's progress lock.
type wholeProgress struct {
	passes [][]solve.Phase // the phases of each pass, in order
	units  [][]uint64      // the work of each pass by tier, in ranks
	done   [][]uint64      // the work done of each pass by tier
	ended  [][]bool        // the tiers each pass has finished
	total  uint64          // the work of every pass
	sum    uint64          // the work done
	pass   int             // the pass under way, from 0
	tiers  int             // the tiers the pass under way has finished
	last   int             // the tier last reported
	order  []int           // the tiers of the plan
}

// The passes of a solve by the tier engine, by the phases they report.
var (
	passForwardPhases = []solve.Phase{solve.PhaseReaching}
	passSolvePhases   = []solve.Phase{solve.PhaseSolving, solve.PhaseSettlingLoops, solve.PhaseStored, solve.PhaseResumed, solve.PhaseBorrowing}
	passCountPhases   = []solve.Phase{solve.PhaseCounting}
	passFoundPhases   = []solve.Phase{solve.PhaseDiscovering}
)

// newWholeProgress plans the figures of a solve that goes through the
// tiers of order (of size ranks each, loops telling the loopy ones) in the
// passes given.
func newWholeProgress(order []int, size []uint64, loops []bool, passes ...[]solve.Phase) *wholeProgress {
	w := &wholeProgress{passes: passes, order: order, last: -1}
	for _, phases := range passes {
		units := make([]uint64, len(size))
		for _, t := range order {
			units[t] = size[t]
			if loops[t] && slices.Contains(phases, solve.PhaseSettlingLoops) {
				// The pass over the tier's ranks, then the retrograde
				// analysis that settles what it left open.
				units[t] = 2 * size[t]
			}
			w.total += units[t]
		}
		w.units = append(w.units, units)
		w.done = append(w.done, make([]uint64, len(size)))
		w.ended = append(w.ended, make([]bool, len(size)))
	}
	return w
}

// credit counts tier t's work in pass p done, up to units (never less
// than before).
func (w *wholeProgress) credit(p, t int, units uint64) {
	units = min(units, w.units[p][t])
	if units > w.done[p][t] {
		w.sum += units - w.done[p][t]
		w.done[p][t] = units
	}
}

// finish counts tier t of pass p done whole.
func (w *wholeProgress) finish(p, t int) {
	w.credit(p, t, w.units[p][t])
	if !w.ended[p][t] {
		w.ended[p][t] = true
		if p == w.pass {
			w.tiers++
		}
	}
}

// begin makes pass p the one under way.
func (w *wholeProgress) begin(p int) {
	w.pass, w.last, w.tiers = p, -1, 0
	for _, t := range w.order {
		if w.ended[p][t] {
			w.tiers++
		}
	}
}

// report takes a tier's progress and gives the whole's. A report of an
// earlier pass (tiers taken whole before the forward pass, for one) counts
// its work without going back to that pass.
func (w *wholeProgress) report(t int, done, total uint64, phase solve.Phase) solve.Whole {
	p := slices.IndexFunc(w.passes, func(phases []solve.Phase) bool { return slices.Contains(phases, phase) })
	if p >= 0 && t >= 0 && t < len(w.units[p]) {
		if p > w.pass {
			// The passes before are over: what they did not report (tiers
			// stored by an earlier run) is done.
			for q := w.pass; q < p; q++ {
				for _, u := range w.order {
					w.finish(q, u)
				}
			}
			w.begin(p)
		}
		if p == w.pass && w.last >= 0 && w.last != t && !slices.Contains(passSolvePhases, phase) {
			// A pass goes through the tiers one at a time: the one
			// reported before is over. (The solve says so itself.)
			w.finish(p, w.last)
		}
		size := w.units[p][t]
		switch phase {
		case solve.PhaseStored, solve.PhaseResumed, solve.PhaseBorrowing:
			w.finish(p, t)
		case solve.PhaseSettlingLoops:
			half := size / 2
			settled := uint64(0)
			if total > 0 {
				settled = uint64(float64(half) * float64(min(done, total)) / float64(total))
			}
			w.credit(p, t, half+settled)
		default:
			w.credit(p, t, done)
		}
		if p == w.pass {
			w.last = t
		}
	}
	return w.whole()
}

// whole is the figures now.
func (w *wholeProgress) whole() solve.Whole {
	return solve.Whole{Pass: w.pass + 1, Passes: len(w.passes), TiersDone: w.tiers, Tiers: len(w.order), Done: w.sum, Total: w.total}
}

// TierStart is what a solve by the tier engine plans, told as its work
// begins (TierOptions.Starting), so that a person about to wait knows
// what it takes: the tiers, their ranks (an upper bound on the positions,
// or on the classes of symmetric positions when the ranks stand for
// classes), the memory and the disk at the peak.
type TierStart struct {
	Tiers   int
	Ranks   uint64
	Classes bool // the ranks stand for classes of symmetric positions
	// Stored is how many of the tiers an earlier run stored.
	Stored int
	// PeakBytes is the memory at the peak (TierSolution.PeakBytes), and
	// PeakDisk the disk, 0 when not planned (a game whose ranks the
	// forward pass discovers plans its disk before, from a sample).
	PeakBytes int64
	PeakDisk  uint64
}
