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
)

func (p Phase) String() string { return string(p) }
