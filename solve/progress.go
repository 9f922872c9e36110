package solve

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
	// PhaseMargins: the tier engine valuing the margins of Tier, a game
	// that ends in a score, once its values are found; Done of Total
	// ranks.
	PhaseMargins Phase = "valuing margins"
	// PhaseCounting: the tier engine counting the positions that the classes
	// of Tier stand for, when its ranks stand for classes of symmetric
	// positions (sente.SymmetricRanker); Done of Total ranks.
	PhaseCounting Phase = "counting positions"
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

// Progress reports how far a solve has come, whichever engine works.
type Progress struct {
	Phase Phase
	// Tier is the tier the tier engine works on, when Tiered.
	Tier   int
	Tiered bool
	Done   int // positions (or ranks) found or solved so far
	Total  int // positions (or ranks) in all, once known (0 while exploring)
	// Bytes is the memory the engine holds so far by its own accounting:
	// while exploring, the positions found at exploringBytes each; then
	// the explored space, the outcomes of the tiers begun and the working
	// arrays of the tier being solved.
	Bytes int64
	// Whole is how far the whole solve has come, for the tier engine
	// (Tiered); zero otherwise.
	Whole Whole
}
