package tiers

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// TierOptions change how SolveTiers works.
type TierOptions struct {
	// From is the root position; nil means the game's start.
	From sente.Position
	// Sink receives every finished tier and is read back for child tiers
	// and for a resumed solve; nil means a fresh MemorySink.
	Sink TierSink
	// Workers is how many goroutines share each pass; 0 means GOMAXPROCS.
	Workers int
	// Progress, when set, is called now and then with Tiered set: phases
	// PhaseReaching, PhaseSolving and PhaseSettlingLoops while a tier is
	// worked on, PhaseStored once it is in the sink, PhaseResumed when it
	// was there already.
	Progress func(solve.Progress)
	// MaxMemory, when not zero, refuses a solve whose planned peak memory
	// (see TierSolution.PeakBytes) passes this many bytes, before any work.
	MaxMemory int64
	// MovesDir is where the forward pass of a game whose ranks it
	// discovers records the moves it found, for the solve to read rather
	// than ask the game again; empty means os.TempDir. The record is
	// removed as it is made: it lasts as long as the solve.
	MovesDir string
	// RecordMoves bounds the disk the record may take: 0 means half of
	// what is free in MovesDir, a negative number no record at all.
	RecordMoves int64
	// Verify checks every block of each stored tier before trusting it:
	// a tier that fails is solved again (the engine otherwise checks a
	// stored tier's header, and a block only when an answer reads it).
	Verify bool
	// EveryPosition values every position of the tiers the root leads to,
	// each rank the game's Unrank says stands for one, rather than those
	// the root reaches: a game's databases of its endings, which answer
	// any position of their tiers (tierevery.go). A sink holds the tables
	// of one kind of solve: those of every position, or those of the
	// positions the start reaches.
	EveryPosition bool
	// Borrow, when set, holds tables of every position (EveryPosition)
	// of some of the game's tiers: a tier it holds, with every tier its
	// moves lead to, is taken from there whole (TierSink.Link) rather
	// than solved, since a position's value does not depend on how it was
	// reached. The solve then values every position of those tiers, not
	// only those the root reaches: the forward pass and the count of
	// positions stop at them, and their counts are those of every
	// position. A solve of nine men's morris from the start takes its
	// moving phase so from Gasser's databases.
	Borrow TierSink
	// Resuming, when set, is told before the work begins what a solve
	// finds in the sink already: it solves only the tiers not stored
	// whole (a solve stopped before, or tiers removed or damaged since).
	Resuming func(Resume)
	// Starting, when set, is told the plan as the work begins, when there
	// is work to do (not every tier stored).
	Starting func(TierStart)
}

// Resume is what a solve that resumes finds stored.
type Resume struct {
	Stored, Total int     // tiers stored, every block checked, of the tiers to solve
	Damaged       []error // why each damaged tier fails, naming its file, by tier
	// Reached is how many tiers have their reachable ranks stored by the
	// forward pass, which goes on from them (and from its frontier).
	Reached int
	// Taken is how many of the tiers stored were taken whole from tables
	// of every position (TierOptions.Borrow), in this run or before.
	Taken int
	// Rediscovered, for a game whose ranks the engine discovers, says why
	// each tier's keys that are damaged or missing fail, naming the file:
	// the forward pass then finds every tier's keys again, the same, and
	// the values stored with them are kept. Told on its own, before the
	// pass; the other fields are then zero.
	Rediscovered []error
}

// tierEngine carries one solve.
type tierEngine struct {
	game     sente.Game
	enc      sente.Encoder
	ranker   sente.TierRanker
	scanner  sente.TierScanner
	kidRanks sente.TierChildRanker
	batch    sente.TierExpander // nil unless the game alternates
	unmover  sente.Unmover
	erring   sente.Erring
	disc     *discovered // the ranks, when the forward pass discovered them
	sink     TierSink
	borrow   TierSink // tables of every position tiers are taken from (TierOptions.Borrow), or nil
	// everyPosition: the solve values every position of its tiers
	// (TierOptions.EveryPosition).
	everyPosition bool
	workers       int
	progress      func(solve.Progress)
	progMu        sync.Mutex
	// done keeps how far the whole solve has come, from its plan; nil
	// until the work begins.
	done *wholeProgress

	order    []int      // tiers reachable from the root's, children first
	children [][]int    // ChildTiers by tier
	allowed  [][]bool   // allowed[t][c]: a move from t may lead to c
	loops    []bool     // TierLoops by tier
	size     []uint64   // TierSize by tier
	reach    [][]uint64 // reachable ranks by tier, a bit each
	have     []bool     // values stored in the sink, every block checked, by tier
	// whole: the values stored are a table of every position of the
	// tier, taken whole (takeWhole), by tier; nil when no tier was.
	whole []bool

	// turn says whose turn it is at a key, for a game that does not
	// promise to alternate (nil for one that does): a move whose two
	// positions have the same player to move keeps the turn, and the
	// child's value is then the mover's own (keeps).
	turn func(key uint64) sente.Player

	// grundy are the Grundy values of an impartial game's tiers, valued
	// beside their values (tiergrundy.go); nil when the solve values none.
	grundy *tierGrundy
	// margins are the margins of a scored game's tiers, valued beside
	// their values (tiermargin.go); nil when the solve values none.
	margins *tierMargins
}

// SolveTiers solves g tier by tier with dense ranks (sente.TierRanker),
// storing each finished tier in opt.Sink: first a forward pass marks the
// reachable ranks of every tier, parents first; then the tiers are solved
// children first, a tier's values in one flat array of cells with only its
// child tiers open. A tier already in the sink is not computed again, so a
// solve that was stopped resumes where it stopped. Values and remoteness
// are those hashing.Solve gives.
func SolveTiers(ctx context.Context, g sente.Game, opt TierOptions) (*TierSolution, error) {
	sink, workers := opt.Sink, opt.Workers
	if sink == nil {
		sink = NewMemorySink()
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	root := opt.From
	if root == nil {
		root = g.Start()
	}
	var disc *discovered
	if Discovers(g) && opt.EveryPosition {
		return nil, errors.New("solve by tiers: every position: the game's ranks are discovered from the root, so only the positions it reaches have ranks")
	}
	if Discovers(g) {
		// The forward pass holds large sorted runs of keys, without
		// pointers, and the game's own code makes garbage fast: at the
		// collector's default target the heap held twice the runs.
		if !sink.Has(0, store.Tiers) {
			defer collectLess()()
		}
		var err error
		if disc, err = discover(ctx, g, root, sink, workers, opt); err != nil {
			return nil, err
		}
		g = disc
	}
	e, err := newTierEngine(g)
	if err != nil {
		return nil, err
	}
	e.sink, e.workers, e.progress, e.disc = sink, workers, opt.Progress, disc
	e.everyPosition = opt.EveryPosition
	rootKey := e.enc.Encode(root)
	if disc == nil {
		e.sink = newRankedSink(sink, e.enc, e.ranker, e.enc.Encode(g.Start()))
		if opt.Borrow != nil && !opt.EveryPosition {
			e.borrow = newRankedSink(opt.Borrow, e.enc, e.ranker, e.enc.Encode(g.Start()))
		}
	} else {
		// Keys read a few at a time (the root's) make way for keys read
		// whole while the engine solves, and again after.
		disc.Close()
		disc.ReadWhole(true)
		defer func() {
			disc.Close()
			disc.closeMoves()
			disc.ReadWhole(false)
		}()
	}
	rootTier, rootRank := e.ranker.TierRank(rootKey)
	if err := e.plan(rootTier); err != nil {
		return nil, err
	}
	if rootRank >= e.size[rootTier] {
		return nil, fmt.Errorf("solve by tiers: the root has rank %d in tier %d of %d ranks", rootRank, rootTier, e.size[rootTier])
	}
	s := &TierSolution{Tables: tables.New(g, e.enc, e.ranker, e.sink, rootKey)}
	if disc != nil {
		s.Tables = tables.NewPlaces(disc, e.sink, rootKey)
	}
	if e.grundyGame(opt) {
		e.grundy = &tierGrundy{cells: make([][]store.Cell, len(e.children))}
	}
	if e.marginGame() {
		e.margins = e.newMargins()
	}
	s.PeakBytes = e.peakBytes()
	if disc != nil {
		s.MovesRecorded = disc.movesBytes
	}
	results, solved := e.storedResults(opt.Verify)
	// A game solved already is read a block at a time, in little memory.
	if opt.MaxMemory > 0 && s.PeakBytes > opt.MaxMemory && !solved {
		return nil, &OverMemoryError{Peak: s.PeakBytes, Limit: opt.MaxMemory, Tiers: len(e.order), Largest: e.largest()}
	}
	if !solved {
		// Held from the forward pass on, when it ran: the solves under
		// collectLess share one target.
		defer collectLess()()
		if e.borrow != nil {
			if err := e.takeWhole(ctx); err != nil {
				return nil, err
			}
		}
		if r := e.checkStored(); (r.Stored > 0 || len(r.Damaged) > 0 || r.Reached > 0) && opt.Resuming != nil {
			// Tiers taken from the tables of every position are stored
			// too: a solve that finds only those resumes nothing, but
			// says what it took.
			opt.Resuming(r)
		}
		e.planWhole(g, opt, rootKey == e.enc.Encode(g.Start()))
		if opt.Starting != nil {
			opt.Starting(e.start(g, s.PeakBytes))
		}
		if opt.EveryPosition {
			err = e.everyRank(ctx)
		} else {
			err = e.reachable(ctx, rootTier, rootRank)
		}
		if err != nil {
			return nil, err
		}
		if results, err = e.solve(ctx); err != nil {
			return nil, err
		}
		if e.margins != nil && !e.margins.on() {
			s.MarginsGivenUp = e.margins.why
		}
	}
	if !solved || opt.Verify {
		// Tiers a solve resumed, or tables of an older sente: every tier
		// takes its compact form (a compact one stays as it is).
		for _, t := range e.order {
			if err := e.sink.Compact(t); err != nil {
				return nil, fmt.Errorf("solve by tiers: compacting tier %d: %w", t, err)
			}
		}
	}
	if err := e.answer(ctx, g, s.Tables, root, rootKey, results, true, !solved || opt.Verify); err != nil {
		return nil, err
	}
	return s, nil
}

// answer finishes s, the tables the sink holds from root (its key
// rootKey), once every tier is stored: results are the tiers' counts as
// their headers give them, the positions classes stand for read beside
// them (counted when countEvery or countReached allows, for a solve of
// every position and of the positions the root reaches), and the root's
// value read (Tables.Finish).
func (e *tierEngine) answer(ctx context.Context, g sente.Game, s *tables.Tables, root sente.Position, rootKey uint64, results []solve.TierResult, countEvery, countReached bool) error {
	var cc tables.ClassCounts
	if sym := sente.CapabilitiesOf(g).SymmetricRanker; solve.RanksBySymmetry(g) && e.disc == nil {
		var err error
		if e.everyPosition {
			// Tiers counted by an earlier solve, from this position or
			// another, are read; the others counted when a solve may.
			cc, err = e.countEvery(ctx, sym, countEvery)
		} else {
			cc, err = e.positionCounts(ctx, sym, rootKey, rootKey == e.enc.Encode(g.Start()), countReached)
		}
		if err != nil {
			return err
		}
	}
	return s.Finish(root, results, cc)
}

// FinishTables does to a game's stored tables, every tier solved, what
// SolveTiers does once it has solved them: each block checked, the
// positions the classes stand for counted (sente.SymmetricRanker), and
// every tier's values in their compact form. Another engine that writes
// the tier engine's tables (sente-dist) calls it on what it wrote. It
// returns the start's value.
func FinishTables(ctx context.Context, g sente.Game, sink TierSink) (sente.Outcome, error) {
	s, err := SolveTiers(ctx, g, TierOptions{Sink: sink, Verify: true})
	if err != nil {
		return sente.Outcome{}, err
	}
	return s.Start, s.Close()
}

// planWhole plans the figures of how far the whole solve has come
// (Progress.Whole): its passes over the tiers, and the work of tiers an
// earlier run stored (checkStored found them) counted done. atStart: the
// root is the game's start.
func (e *tierEngine) planWhole(g sente.Game, opt TierOptions, atStart bool) {
	passes := [][]solve.Phase{passForwardPhases, passSolvePhases}
	if e.disc != nil {
		passes[0] = passFoundPhases
	}
	// The count of the positions classes stand for, unless it is stored.
	if solve.RanksBySymmetry(g) && e.disc == nil && (opt.EveryPosition || !atStart || !e.sink.Has(0, store.Positions)) {
		passes = append(passes, passCountPhases)
	}
	w := newWholeProgress(e.order, e.size, e.loops, passes...)
	for _, t := range e.order {
		switch {
		case e.have[t]: // checkStored found its values stored
			w.finish(0, t)
			w.finish(1, t)
		case e.disc != nil:
			w.finish(0, t) // found by the forward pass, which is over
		default:
			if tbl, err := e.sink.Open(t, store.Reachable); err == nil {
				tbl.Close()
				w.finish(0, t)
			}
		}
	}
	if e.disc != nil {
		w.begin(1)
	}
	e.progMu.Lock()
	e.done = w
	e.progMu.Unlock()
}

// start is the plan told as the work begins (TierOptions.Starting).
func (e *tierEngine) start(g sente.Game, peak int64) TierStart {
	st := TierStart{Tiers: len(e.order), Classes: solve.RanksBySymmetry(g) && e.disc == nil, PeakBytes: peak}
	for _, t := range e.order {
		st.Ranks += e.size[t]
		if e.have[t] {
			st.Stored++
		}
	}
	if e.disc == nil {
		st.PeakDisk = e.peakDisk()
	}
	return st
}

// storedResults are every tier's results, children first, read from the
// headers of the values the sink holds, and true when it holds them all:
// a game solved before is answered from its tables without reading them
// through, each block's checksum checked when an answer reads it
// (TierSolution.Outcome).
func (e *tierEngine) storedResults(verify bool) ([]solve.TierResult, bool) {
	// A tier that fails to verify is solved again.
	results, ok := tables.StoredResults(e.sink, e.order, e.everyPosition, verify)
	if !ok {
		return nil, false
	}
	for _, t := range e.order {
		e.report(t, e.size[t], e.size[t], solve.PhaseResumed)
	}
	return results, true
}

// checkStored notes the tiers whose values are stored, every block
// checked, once for both passes, and says what it found. Tiers takeWhole
// found stored or took are not read again.
func (e *tierEngine) checkStored() Resume {
	if e.have == nil {
		e.have = make([]bool, len(e.children))
	}
	r := Resume{Total: len(e.order)}
	for _, t := range e.order {
		// A game whose ranks are discovered stored its tiers' reachable
		// ranks in this run, as it found them.
		if e.disc == nil {
			if tbl, err := e.sink.Open(t, store.Reachable); err == nil {
				tbl.Close()
				r.Reached++
			}
		}
		if !e.have[t] {
			e.have[t] = e.sink.Has(t, store.Values)
		}
		if e.have[t] {
			r.Stored++
			if e.wholeTiers()[t] {
				r.Taken++
			}
			continue
		}
		tbl, err := e.sink.Open(t, store.Values)
		if err == nil {
			err = tbl.Verify()
			tbl.Close()
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			r.Damaged = append(r.Damaged, err)
		}
	}
	return r
}

// solve computes every tier not stored yet, children first.
//
// A tier is stored compact once solved (TierSink.WriteCompact) while the
// next tier is solved: its cells are compressed beside that solve rather
// than written raw, read back and compressed between the two. When the
// next tier reads it as a child, its cells stay in memory for the tiers
// that read them, as a raw file would have been mapped; a tier read only
// later is decompressed whole when it is.
func (e *tierEngine) solve(ctx context.Context) ([]solve.TierResult, error) {
	last := e.lastUse()
	open := make([]*store.Table, len(e.children))
	childCells := make([][]store.Cell, len(e.children))
	w := &tierWriter{e: e}
	defer func() {
		w.wait()
		for _, tbl := range open {
			if tbl != nil {
				tbl.Close()
			}
		}
	}()
	var results []solve.TierResult
	for i, t := range e.order {
		if e.have[t] {
			tbl, err := e.sink.Open(t, store.Values)
			if err != nil {
				return nil, err
			}
			results = append(results, solve.TierResult{Tier: t, Counts: tbl.Header.Counts, EveryPosition: e.wholeTable(tbl)})
			tbl.Close()
			if e.grundy != nil && !e.sink.Has(t, store.Grundy) {
				// Stored by a solve that valued no Grundy values: the
				// tiers that read it cannot have theirs.
				e.grundy.off.Store(true)
			}
			if e.margins != nil && !(e.sink.Has(t, store.Margins) && e.sink.Has(t, store.MarginPlies)) {
				e.margins.giveUp(errMarginsNotStored)
			}
			e.report(t, e.size[t], e.size[t], solve.PhaseResumed)
		} else {
			for _, c := range e.children[t] {
				if childCells[c] == nil {
					// A compact child (one read only now, or stored
					// by an earlier run) is decompressed whole, as
					// much memory as the plan counts for a raw one
					// mapped.
					tbl, cells, err := e.openCells(c)
					if err != nil {
						return nil, fmt.Errorf("solve by tiers: reading child tier %d of tier %d: %w", c, t, err)
					}
					open[c], childCells[c] = tbl, cells
				}
				if e.grundy != nil {
					e.childGrundy(c)
				}
				if e.margins != nil {
					e.childMargins(c)
				}
			}
			cells, grundy, counts, err := e.solveTier(ctx, t, childCells)
			if err != nil {
				return nil, err
			}
			// One tier is written at a time: the one before must be
			// stored before this one's cells go to be written.
			if err := w.wait(); err != nil {
				return nil, err
			}
			kept := i+1 < len(e.order) && slices.Contains(e.children[e.order[i+1]], t)
			if kept {
				childCells[t] = cells
			} else if e.grundy != nil {
				e.grundy.cells[t] = nil
			}
			var margins [2][]store.Cell
			if e.margins.on() {
				margins = [2][]store.Cell{e.margins.score[t], e.margins.plies[t]}
				if !kept {
					e.margins.forget(t)
				}
			}
			w.start(t, cells, grundy, margins, counts, kept)
			results = append(results, solve.TierResult{Tier: t, Counts: counts})
			if e.disc != nil {
				e.disc.forgetMoves(t)
			}
		}
		dropped := uint64(0)
		for _, c := range slices.Concat(e.children[t], []int{t}) {
			if last[c] > i || childCells[c] == nil {
				continue
			}
			if open[c] != nil {
				open[c].Close()
				open[c] = nil
			}
			childCells[c] = nil
			if e.grundy != nil {
				e.grundy.cells[c] = nil
			}
			e.margins.forget(c)
			dropped = max(dropped, e.size[c])
		}
		e.release(dropped)
		for _, c := range e.children[t] {
			if e.disc != nil && last[c] <= i {
				e.disc.Drop(c)
			}
		}
		if e.disc != nil && last[t] <= i {
			e.disc.Drop(t)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	if err := w.wait(); err != nil {
		return nil, err
	}
	if e.grundy != nil && e.grundy.off.Load() {
		if err := e.dropGrundy(); err != nil {
			return nil, err
		}
	}
	if e.margins != nil && !e.margins.on() {
		if err := e.dropMargins(); err != nil {
			return nil, err
		}
	}
	return results, nil
}

// tierWriter stores solved tiers one at a time on a goroutine of its own,
// beside the solve of the next tier.
type tierWriter struct {
	e    *tierEngine
	done chan error // the tier being written, nil when none
	tier int
}

// start stores tier t's cells and counts, and its Grundy values and
// margins when they are not nil, then drops the saved work of its
// retrograde analysis; kept says the engine keeps the cells for the tier it solves next, so
// that they are not handed back to the system once written.
func (w *tierWriter) start(t int, cells, grundy []store.Cell, margins [2][]store.Cell, counts store.Counts, kept bool) {
	e := w.e
	w.done, w.tier = make(chan error, 1), t
	go func() {
		var err error
		if grundy != nil {
			// Before the values: a tier whose values are stored is
			// not solved again, and would be stored without them.
			err = e.sink.WriteCompact(t, store.Grundy, grundy, store.Counts{Positions: counts.Positions})
		}
		for i, kind := range store.MarginKinds {
			if err == nil && margins[i] != nil {
				err = e.sink.WriteCompact(t, kind, margins[i], store.Counts{Positions: counts.Positions})
			}
		}
		if err == nil {
			err = e.sink.WriteCompact(t, store.Values, cells, counts)
		}
		if err != nil {
			err = fmt.Errorf("solve by tiers: storing tier %d: %w", t, err)
		} else {
			// The retrograde analysis's saved work, if any, is done
			// with.
			err = e.sink.Remove(t, store.Loops)
		}
		if !kept {
			cells, grundy, margins = nil, nil, [2][]store.Cell{}
			e.release(e.size[t])
		}
		w.done <- err
	}()
}

// wait waits for the tier being written, if any, and reports it stored.
func (w *tierWriter) wait() error {
	if w.done == nil {
		return nil
	}
	err := <-w.done
	w.done = nil
	if err == nil {
		w.e.report(w.tier, w.e.size[w.tier], w.e.size[w.tier], solve.PhaseStored)
	}
	return err
}

// openCells opens tier t's values and loads its cells, one a rank of the
// tier; the caller closes the table.
func (e *tierEngine) openCells(t int) (*store.Table, []store.Cell, error) {
	tbl, err := e.sink.Open(t, store.Values)
	if err != nil {
		return nil, nil, err
	}
	cells, err := tbl.LoadCells()
	if err == nil && uint64(len(cells)) != e.size[t] {
		err = fmt.Errorf("stored tier %d has %d cells, the game says %d ranks", t, len(cells), e.size[t])
	}
	if err != nil {
		tbl.Close()
		return nil, nil, err
	}
	return tbl, cells, nil
}

// solveTier solves tier t, its child tiers' cells at hand: its cells,
// its Grundy values when the solve values them (nil otherwise, or when
// they were given up) and their counts, for the caller to store.
func (e *tierEngine) solveTier(ctx context.Context, t int, childCells [][]store.Cell) (cells, grundy []store.Cell, counts store.Counts, err error) {
	start := time.Now()
	reach, err := e.sink.Open(t, store.Reachable)
	if err != nil {
		return nil, nil, store.Counts{}, fmt.Errorf("solve by tiers: reading the reachable ranks of tier %d: %w", t, err)
	}
	e.reach[t] = tables.WordsOf(reach.Data, int((e.size[t]+63)/64))
	defer func() {
		e.reach[t] = nil
		reach.Close()
	}()
	cells = make([]store.Cell, e.size[t])
	if e.grundy != nil && !e.grundy.off.Load() {
		e.grundy.cells[t] = make([]store.Cell, e.size[t])
	}
	// before is what the runs that saved the tier's retrograde analysis
	// spent on it: its seconds are all of them.
	var before float64
	switch {
	case !e.ranker.TierLoops(t):
		err = e.solveFlat(ctx, t, cells, childCells)
	case e.unmover != nil:
		before, err = e.solveRetrograde(ctx, t, cells, childCells, start)
	default:
		// The game lists no parents: its moves inside the tier, kept,
		// list them (tierparents.go), unless there are too many.
		var parents *recordedParents
		var ok bool
		if parents, ok, err = e.recordParents(ctx, t); err != nil {
			break
		}
		if !ok {
			err = e.solveIterate(ctx, t, cells, childCells)
			break
		}
		e.unmover = parents
		before, err = e.solveRetrograde(ctx, t, cells, childCells, start)
		e.unmover = nil
	}
	if err != nil {
		return nil, nil, store.Counts{}, err
	}
	if e.margins.on() {
		if err := e.solveMargins(ctx, t); err != nil {
			return nil, nil, store.Counts{}, err
		}
	}
	counts, err = e.countCells(ctx, t, cells)
	if err != nil {
		return nil, nil, store.Counts{}, err
	}
	counts.Seconds = before + time.Since(start).Seconds()
	if e.grundy != nil && !e.grundy.off.Load() {
		grundy = e.grundy.cells[t]
	}
	return cells, grundy, counts, nil
}

// countCells counts a tier's cells by value, on all workers.
func (e *tierEngine) countCells(ctx context.Context, t int, cells []store.Cell) (store.Counts, error) {
	per := make([][8]uint64, e.workers) // by sente.Value, which a cell keeps in 3 bits
	err := e.parallel(ctx, t, uint64(len(cells)), "", func(w int, lo, hi uint64) error {
		var n [8]uint64
		for _, c := range cells[lo:hi] {
			n[c.Value()&7]++
		}
		for v := range n {
			per[w][v] += n[v]
		}
		return nil
	})
	var c store.Counts
	for _, n := range per {
		c.Add(tables.CountsOf(n))
	}
	return c, err
}

func (e *tierEngine) report(tier int, done, total uint64, phase solve.Phase) {
	if e.progress == nil {
		return
	}
	e.progMu.Lock()
	var whole solve.Whole
	if e.done != nil {
		whole = e.done.report(tier, done, total, phase)
	}
	e.progress(solve.Progress{Phase: phase, Tier: tier, Tiered: true, Done: int(done), Total: int(total), Whole: whole})
	e.progMu.Unlock()
}

// releaseAbove is the size of tier, in ranks, from which the engine hands
// the memory of a finished tier back to the system at once: without that
// the garbage collector lets the heap grow to twice what is live, and a
// tier's cells and the next tier's would be held together.
const releaseAbove = 1 << 22

func (e *tierEngine) release(ranks uint64) {
	if ranks >= releaseAbove {
		debug.FreeOSMemory()
	}
}
