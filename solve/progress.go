package solve

import "slices"

// Phase names a stage of the work behind an answer, as Progress reports
// it. The text of each is what a person reads on a progress line.
type Phase string

// The phases, in the order an answer goes through them.
const (
	// PhaseExploring: finding the positions reachable from the root; Done
	// counts positions found, and Total is 0 (not known yet).
	PhaseExploring Phase = "exploring"
	// PhaseSolving: retrograde analysis of the positions found, or the
	// values of Tier's ranks for the tier engine; Total is known.
	PhaseSolving Phase = "solving"
	// PhaseDiscovering: the tier engine finding the positions of Tier,
	// for a game whose ranks it discovers (sente.Expander); Done counts
	// positions expanded, Total those found so far.
	PhaseDiscovering Phase = "discovering"
	// PhaseReaching: the tier engine marking the ranks of Tier that the
	// start reaches, parents first; Done and Total count the tier's ranks.
	PhaseReaching Phase = "reaching"
	// PhaseRecordingParents: the tier engine expanding the positions of
	// a loopy tier of a game that lists no parents, to keep its moves
	// inside the tier for retrograde analysis; Done and Total count the
	// tier's ranks.
	PhaseRecordingParents Phase = "recording moves inside the tier"
	// PhaseSettlingLoops: retrograde analysis settling the positions of a
	// loopy tier that the first pass left open; Done counts those settled,
	// Total those left open, of which the draws never settle.
	PhaseSettlingLoops Phase = "settling loops"
	// PhaseBorrowing: the tier engine taking Tier whole from tables of
	// every position of it (TierOptions.Borrow) rather than solving it;
	// Done and Total count the tier's ranks.
	PhaseBorrowing Phase = "taking values from the tables of every position"
	// PhaseStored: Tier is solved and in the sink.
	PhaseStored Phase = "stored"
	// PhaseResumed: Tier was in the sink already, from an earlier solve.
	PhaseResumed Phase = "resumed"
	// PhaseGrundy: computing (generalized) Grundy values over positions
	// explored already, or over components of a sum.
	PhaseGrundy Phase = "computing Grundy values"
)

func (p Phase) String() string { return string(p) }

// Whole is how far the whole of a solve by the tier engine has come, by
// its plan: the passes it makes over the tiers (the forward pass that
// finds the positions, the solve, and for a game whose ranks stand for
// classes the count of the positions they stand for), the pass under way,
// and the work of every pass in ranks. The tiers and their ranks are known
// before any work, so Total is fixed and Done only grows: Done/Total is a
// fraction of the whole solve that never goes back, across tiers and
// passes, where a tier's own Done and Total start again at every tier.
type Whole struct {
	// Pass is the pass under way, from 1, of Passes.
	Pass, Passes int
	// TiersDone of Tiers are the tiers the pass under way has finished.
	TiersDone, Tiers int
	// Done of Total are the ranks gone through by every pass (a loopy
	// tier's retrograde analysis counts its ranks twice), those of tiers
	// stored by an earlier run counted done from the start. Total is 0
	// while unknown: the forward pass of a game whose ranks it discovers
	// (a rules file's) finds the tiers as it goes.
	Done, Total uint64
}

// Fraction is Done/Total, 0 when Total is unknown.
func (w Whole) Fraction() float64 {
	if w.Total == 0 {
		return 0
	}
	return min(float64(w.Done)/float64(w.Total), 1)
}

// wholeProgress keeps the figures of Whole for one solve by the tier
// engine, under the engine's progress lock.
type wholeProgress struct {
	passes [][]Phase  // the phases of each pass, in order
	units  [][]uint64 // the work of each pass by tier, in ranks
	done   [][]uint64 // the work done of each pass by tier
	ended  [][]bool   // the tiers each pass has finished
	total  uint64     // the work of every pass
	sum    uint64     // the work done
	pass   int        // the pass under way, from 0
	tiers  int        // the tiers the pass under way has finished
	last   int        // the tier last reported
	order  []int      // the tiers of the plan
}

// The passes of a solve by the tier engine, by the phases they report.
var (
	passForwardPhases = []Phase{PhaseReaching}
	passSolvePhases   = []Phase{PhaseSolving, PhaseSettlingLoops, PhaseStored, PhaseResumed, PhaseBorrowing}
	passCountPhases   = []Phase{PhaseCounting}
	passFoundPhases   = []Phase{PhaseDiscovering}
)

// newWholeProgress plans the figures of a solve that goes through the
// tiers of order (of size ranks each, loops telling the loopy ones) in the
// passes given.
func newWholeProgress(order []int, size []uint64, loops []bool, passes ...[]Phase) *wholeProgress {
	w := &wholeProgress{passes: passes, order: order, last: -1}
	for _, phases := range passes {
		units := make([]uint64, len(size))
		for _, t := range order {
			units[t] = size[t]
			if loops[t] && slices.Contains(phases, PhaseSettlingLoops) {
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
func (w *wholeProgress) report(t int, done, total uint64, phase Phase) Whole {
	p := slices.IndexFunc(w.passes, func(phases []Phase) bool { return slices.Contains(phases, phase) })
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
		case PhaseStored, PhaseResumed, PhaseBorrowing:
			w.finish(p, t)
		case PhaseSettlingLoops:
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
func (w *wholeProgress) whole() Whole {
	return Whole{Pass: w.pass + 1, Passes: len(w.passes), TiersDone: w.tiers, Tiers: len(w.order), Done: w.sum, Total: w.total}
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
