package solve

// Phase names a stage of the work behind an answer, as Progress reports
// it. The text of each is what a person reads on a progress line.
type Phase string

// The phases, in the order an answer goes through them.
const (
	// PhaseExploring: finding the positions reachable from the root; Done
	// counts positions found, and Total is 0 (not known yet).
	PhaseExploring Phase = "exploring"
	// PhaseSolving: retrograde analysis of the positions found (or of a
	// tier's ranks, for the tier engine); Total is known.
	PhaseSolving Phase = "solving"
	// PhaseGrundy: computing (generalized) Grundy values over positions
	// explored already, or over components of a sum.
	PhaseGrundy Phase = "computing Grundy values"
)

func (p Phase) String() string { return string(p) }
