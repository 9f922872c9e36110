package tiers

import (
	"runtime"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store/tables"
)

// PlanTiers is what SolveTiers would plan for g from its start on workers
// workers (0: GOMAXPROCS), without solving: the peak memory
// (TierSolution.PeakBytes) and the ranks of the tiers the start leads to.
func PlanTiers(g sente.Game, workers int) (peak int64, ranks uint64, err error) {
	e, err := newTierEngine(g)
	if err != nil {
		return 0, 0, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	e.workers = workers
	rootTier, _ := e.ranker.TierRank(e.enc.Encode(g.Start()))
	if err := e.plan(rootTier); err != nil {
		return 0, 0, err
	}
	if e.grundyGame(TierOptions{}) {
		e.grundy = &tierGrundy{}
	}
	if e.marginGame() {
		e.margins = &tierMargins{}
	}
	for _, t := range e.order {
		ranks += e.size[t]
	}
	return e.peakBytes(), ranks, nil
}

// plan finds the tiers below the root's and orders them children first
// (tables.PlanTiers), and which tiers a move from each may lead to.
func (e *tierEngine) plan(rootTier int) error {
	p, err := tables.PlanTiers(e.ranker, rootTier)
	if err != nil {
		return err
	}
	e.order, e.children, e.size = p.Order, p.Children, p.Size
	n := len(e.children)
	e.allowed = make([][]bool, n)
	e.loops = make([]bool, n)
	for _, t := range e.order {
		e.allowed[t] = make([]bool, n)
		e.allowed[t][t] = true
		e.loops[t] = e.ranker.TierLoops(t)
		for _, c := range e.children[t] {
			e.allowed[t][c] = true
		}
	}
	e.reach = make([][]uint64, n)
	return nil
}

func (e *tierEngine) largest() uint64 {
	var m uint64
	for _, t := range e.order {
		m = max(m, e.size[t])
	}
	return m
}

// compactBytesPerRank bounds what a compact tier takes on disk, for the
// plan: connect four's take about 0.1 to 0.2 bytes a rank (BENCHMARKS.md,
// "Compact tables"); a game whose cells vary more may take several times
// that.
const compactBytesPerRank = 0.5

// PeakDiskBytes is the disk a solve of g from the start takes at most, as
// it goes: every tier's reachable bitset from the forward pass on, until
// the tier is solved and stored compact (counted at half a byte a rank),
// its bitset gone. For a game whose ranks are discovered it is not known
// before the forward pass (0, false).
func PeakDiskBytes(g sente.Game) (uint64, bool) {
	if Discovers(g) {
		return 0, false
	}
	e, err := newTierEngine(g)
	if err != nil {
		return 0, false
	}
	t, _ := e.ranker.TierRank(e.enc.Encode(g.Start()))
	if err := e.plan(t); err != nil {
		return 0, false
	}
	if e.grundyGame(TierOptions{}) {
		e.grundy = &tierGrundy{}
	}
	if e.marginGame() {
		e.margins = &tierMargins{}
	}
	return e.peakDisk(), true
}

func (e *tierEngine) peakDisk() uint64 {
	// A file's header, and a checksum every megabyte.
	file := func(payload float64) float64 { return 4096 + payload + 4*(payload/(1<<20)+1) }
	bits := func(t int) float64 { return file(float64((e.size[t]+63)/64) * 8) }
	var now float64
	for _, t := range e.order {
		now += bits(t)
	}
	peak := now
	for _, t := range e.order {
		// The temporary file of the values is written whole before the
		// bitset goes.
		now += file(compactBytesPerRank * float64(e.size[t]))
		if e.grundy != nil {
			now += file(compactBytesPerRank * float64(e.size[t]))
		}
		if e.margins != nil {
			now += 2 * file(compactBytesPerRank*float64(e.size[t]))
		}
		peak = max(peak, now)
		now -= bits(t)
	}
	return uint64(peak + file(48*float64(len(e.order)))) // and the positions counted
}

// lastUse[t] is the index in order of the last tier that reads tier t.
func (e *tierEngine) lastUse() []int {
	last := make([]int, len(e.children))
	for i, t := range e.order {
		for _, c := range e.children[t] {
			last[c] = i
		}
	}
	return last
}

// peakBytes plans memory: the forward pass holds every tier's bitset and
// each worker's own bitsets of the tier it expands and its children; the
// solve of a tier holds its cells (2 bytes a rank), its bitset, for a
// loopy tier a child counter and a queue (and the moves inside the tier,
// kept as parents, for a game that lists none: tierparents.go), the child
// tiers
// still to be read (2 bytes a rank), and the tier solved before it while
// that one is compressed and written (its cells, when it is not a child,
// and the frames being compressed); the Grundy values of an impartial game's
// tiers, when the solve values them, as much again as their cells; the
// margins of a game that ends in a score and their plies, twice as much
// again, and for the margins' pass four bytes and a bit a worker a rank
// of the tier.
func (e *tierEngine) peakBytes() int64 {
	var bitsAll int64
	for _, t := range e.order {
		bitsAll += int64((e.size[t] + 63) / 64 * 8)
	}
	peak := bitsAll
	last := e.lastUse()
	resident := map[int]bool{}
	for i, t := range e.order {
		n := int64(e.size[t])
		// The forward pass through t: every bitset, and each worker's
		// own bitsets of t and its children.
		own := (n + 63) / 64 * 8
		for _, c := range e.children[t] {
			own += int64((e.size[c] + 63) / 64 * 8)
		}
		peak = max(peak, bitsAll+int64(e.workers)*own)
		// Two bytes a rank of a tier's cells, as many of its Grundy
		// values when the solve values them, and four of its margins and
		// their plies.
		cell := int64(2)
		if e.grundy != nil {
			cell += 2
		}
		if e.margins != nil {
			cell += 4
		}
		need := cell*n + (n+63)/64*8 // its cells and its reachable bits
		if e.margins != nil {
			// The margins' pass: the tier's margins and plies packed in a
			// word a rank while they are found, and each worker's ranks
			// on its path.
			need += 4*n + int64(e.workers)*((n+63)/64*8)
		}
		if e.ranker.TierLoops(t) {
			need += n + n/8 // counter and queue, about one entry in eight ranks at a time
			if e.unmover == nil {
				// Its moves inside the tier, kept as parents.
				need += recordedBytes(e.size[t])
			}
		}
		for _, c := range e.children[t] {
			resident[c] = true
		}
		for c := range resident {
			need += cell * int64(e.size[c])
		}
		if i > 0 {
			before := e.order[i-1]
			// Its frames are written as they are compressed, a few runs
			// of them at a time, with an encoder a core.
			need += min(int64(compactBytesPerRank*float64(e.size[before])), 32<<20)
			if !resident[before] {
				need += cell * int64(e.size[before])
			}
		}
		peak = max(peak, need)
		for c := range resident {
			if last[c] <= i {
				delete(resident, c)
			}
		}
	}
	return peak
}
