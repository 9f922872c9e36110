package solve

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"sente"
	"sente/store"
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
	// Progress, when set, is called now and then: phase "reachable" while
	// the forward pass marks a tier, "solving" while its values are
	// computed, "settling loops" while retrograde analysis settles a loopy
	// tier's positions that the first pass left open (done counts those
	// settled, total those left open, of which the draws never settle),
	// "stored" when the tier is in the sink, "resumed" when it was there
	// already. Otherwise done and total count ranks of the tier.
	Progress func(tier, done, total int, phase string)
	// MaxMemory, when not zero, refuses a solve whose planned peak memory
	// (see TierSolution.PeakBytes) passes this many bytes, before any work.
	MaxMemory int64
	// StoredOnly answers only from a sink that holds every tier, and
	// otherwise fails with ErrNotStored at once: a server answers from
	// tables solved before and solves nothing that large itself.
	StoredOnly bool
}

// TierResult is what one tier holds once solved: its reachable positions by
// value and the seconds its solve took (those of the first run for a tier a
// resumed solve found stored).
type TierResult struct {
	Tier int
	store.Counts
}

// TierSolution is a game solved by SolveTiers: the values live in the sink,
// a tier file each, and are read back from there.
type TierSolution struct {
	game   sente.Game
	enc    sente.Encoder
	ranker sente.TierRanker
	sink   TierSink

	// Start is the outcome of the root for the player to move.
	Start sente.Outcome
	// Tiers are the per-tier results, children first (the order solved).
	Tiers []TierResult
	// Totals add up Tiers.
	Totals store.Counts
	// PeakBytes is the planned peak memory of the solve: the largest of
	// the forward pass (one bit a rank of every tier) and of each tier's
	// solve (its cells, its loop bookkeeping and the child tiers resident).
	PeakBytes int64

	mu     sync.Mutex
	tables map[int]*openTier
	mapped int64  // bytes of the tables open
	clock  uint64 // counts acquires, for the least recently used
}

// tierEngine carries one solve.
type tierEngine struct {
	game     sente.Game
	enc      sente.Encoder
	ranker   sente.TierRanker
	scanner  sente.TierScanner
	kidRanks sente.TierChildRanker
	unmover  sente.Unmover
	erring   sente.Erring
	sink     TierSink
	workers  int
	progress func(tier, done, total int, phase string)
	progMu   sync.Mutex

	order    []int      // tiers reachable from the root's, children first
	children [][]int    // ChildTiers by tier
	allowed  [][]bool   // allowed[t][c]: a move from t may lead to c
	loops    []bool     // TierLoops by tier
	size     []uint64   // TierSize by tier
	reach    [][]uint64 // reachable ranks by tier, a bit each
}

// tierGCPercent is the garbage collector's target (GOGC) while the tier
// engine solves.
const tierGCPercent = 25

// tierBlock is how many ranks a worker takes at a time: a multiple of 64,
// so that a block owns whole words of a bitset. Tests lower it.
var tierBlock uint64 = 1 << 14

// SolveTiers solves g tier by tier with dense ranks (sente.TierRanker),
// storing each finished tier in opt.Sink: first a forward pass marks the
// reachable ranks of every tier, parents first; then the tiers are solved
// children first, a tier's values in one flat array of cells with only its
// child tiers open. A tier already in the sink is not computed again, so a
// solve that was stopped resumes where it stopped. Values and remoteness
// are those Solve gives.
func SolveTiers(ctx context.Context, g sente.Game, opt TierOptions) (*TierSolution, error) {
	e, err := newTierEngine(g)
	if err != nil {
		return nil, err
	}
	e.sink, e.workers, e.progress = opt.Sink, opt.Workers, opt.Progress
	if e.sink == nil {
		e.sink = NewMemorySink()
	}
	if e.workers <= 0 {
		e.workers = runtime.GOMAXPROCS(0)
	}
	root := opt.From
	if root == nil {
		root = g.Start()
	}
	rootKey := e.enc.Encode(root)
	rootTier, rootRank := e.ranker.TierRank(rootKey)
	if err := e.plan(rootTier); err != nil {
		return nil, err
	}
	if rootRank >= e.size[rootTier] {
		return nil, fmt.Errorf("solve by tiers: the root has rank %d in tier %d of %d ranks", rootRank, rootTier, e.size[rootTier])
	}
	s := &TierSolution{game: g, enc: e.enc, ranker: e.ranker, sink: e.sink, tables: map[int]*openTier{}}
	s.PeakBytes = e.peakBytes()
	results, solved := e.storedResults()
	if opt.StoredOnly && !solved {
		return nil, ErrNotStored
	}
	// A game solved already is read a block at a time, in little memory.
	if opt.MaxMemory > 0 && s.PeakBytes > opt.MaxMemory && !solved {
		return nil, fmt.Errorf("solve by tiers: needs about %s of memory at peak (%d tiers, largest %d ranks), %w of %s",
			formatBytes(s.PeakBytes), len(e.order), e.largest(), ErrOverMemory, formatBytes(opt.MaxMemory))
	}
	if !solved {
		// The engine's memory is a few large arrays without pointers,
		// cheap for the collector to scan, and little garbage: collecting
		// at a quarter of growth rather than at twice the live heap cut
		// dōbutsu shōgi's peak from 4.03 to 2.54 GB and teeko's from 471
		// to 341 MB, for 5 to 10% more CPU.
		defer debug.SetGCPercent(debug.SetGCPercent(tierGCPercent))
		if err := e.reachable(ctx, rootTier, rootRank); err != nil {
			return nil, err
		}
		var err error
		if results, err = e.solve(ctx); err != nil {
			return nil, err
		}
	}
	s.Tiers = results
	for _, r := range results {
		s.Totals.Positions += r.Positions
		s.Totals.Win += r.Win
		s.Totals.Lose += r.Lose
		s.Totals.Tie += r.Tie
		s.Totals.Draw += r.Draw
		s.Totals.Seconds += r.Seconds
	}
	c, err := s.cell(root)
	if err == nil && c == store.Unreachable {
		err = errors.New("it is stored as unreachable")
	}
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("solve by tiers: reading the root's value (tier %d, rank %d): %w", rootTier, rootRank, err)
	}
	s.Start = c.Outcome()
	return s, nil
}

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
	for _, t := range e.order {
		ranks += e.size[t]
	}
	return e.peakBytes(), ranks, nil
}

// plan finds the tiers below the root's and orders them children first.
func (e *tierEngine) plan(rootTier int) error {
	const (
		unseen = iota
		open
		done
	)
	state := map[int]int{}
	var visit func(t int) error
	visit = func(t int) error {
		switch state[t] {
		case open:
			return fmt.Errorf("solve by tiers: tier %d leads back to itself through its child tiers", t)
		case done:
			return nil
		}
		if t < 0 {
			return fmt.Errorf("solve by tiers: negative tier %d", t)
		}
		state[t] = open
		for t >= len(e.children) {
			e.children = append(e.children, nil)
			e.size = append(e.size, 0)
		}
		e.children[t] = e.ranker.ChildTiers(t)
		e.size[t] = e.ranker.TierSize(t)
		for _, c := range e.children[t] {
			if c == t {
				return fmt.Errorf("solve by tiers: tier %d lists itself as a child tier; TierLoops says it loops", t)
			}
			if err := visit(c); err != nil {
				return err
			}
		}
		state[t] = done
		e.order = append(e.order, t)
		return nil
	}
	if err := visit(rootTier); err != nil {
		return err
	}
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
// loopy tier a child counter or a pending bit a rank, and the child tiers
// still to be read (2 bytes a rank, mapped).
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
		need := 2*n + (n+63)/64*8 // its cells and its reachable bits
		if e.ranker.TierLoops(t) {
			if e.unmover != nil {
				need += n + n/8 // counter and queue, about one entry in eight ranks at a time
			} else {
				need += n / 8
			}
		}
		for _, c := range e.children[t] {
			resident[c] = true
		}
		for c := range resident {
			need += 2 * int64(e.size[c])
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

func formatBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

func (e *tierEngine) report(tier int, done, total uint64, phase string) {
	if e.progress == nil {
		return
	}
	e.progMu.Lock()
	e.progress(tier, int(done), int(total), phase)
	e.progMu.Unlock()
}

// parallel runs fn over the blocks of a tier of size n on the engine's
// workers, each block once; it stops at the first error or when ctx ends.
func (e *tierEngine) parallel(ctx context.Context, tier int, n uint64, phase string, fn func(w int, lo, hi uint64) error) error {
	return e.parallelBlocks(ctx, tier, n, tierBlock, phase, fn)
}

// parallelChunks runs fn over [0, n) in chunks of chunk on the engine's
// workers, each chunk once, with no progress reports.
func (e *tierEngine) parallelChunks(ctx context.Context, n, chunk uint64, fn func(w int, lo, hi uint64) error) error {
	return e.parallelBlocks(ctx, 0, n, chunk, "", fn)
}

// parallelBlocks runs fn over [0, n) in blocks of block ranks or entries.
func (e *tierEngine) parallelBlocks(ctx context.Context, tier int, n, block uint64, phase string, fn func(w int, lo, hi uint64) error) error {
	blocks := (n + block - 1) / block
	workers := int(min(uint64(e.workers), max(blocks, 1)))
	var (
		next   atomic.Uint64
		done   atomic.Uint64
		failed atomic.Bool
		errMu  sync.Mutex
		first  error
		wg     sync.WaitGroup
	)
	fail := func(err error) {
		errMu.Lock()
		if first == nil {
			first = err
		}
		errMu.Unlock()
		failed.Store(true)
	}
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				b := next.Add(1) - 1
				if b >= blocks {
					return
				}
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
				lo := b * block
				hi := min(lo+block, n)
				if err := fn(w, lo, hi); err != nil {
					fail(err)
					return
				}
				if phase != "" {
					e.report(tier, done.Add(hi-lo), n, phase)
				}
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	if e.erring != nil {
		return e.erring.Err()
	}
	return nil
}

func hasBit(b []uint64, i uint64) bool { return b[i/64]&(1<<(i%64)) != 0 }

// childRank checks a move's destination against the tiers declared.
func (e *tierEngine) childRank(t int, key, kid uint64) (int, uint64, error) {
	ct, cr := e.ranker.TierRank(kid)
	if ct < 0 || ct >= len(e.allowed[t]) || !e.allowed[t][ct] {
		return 0, 0, fmt.Errorf("solve by tiers: %s (tier %d) has a move to %s in tier %d, not one of its child tiers %v",
			e.format(key), t, e.format(kid), ct, e.children[t])
	}
	if cr >= e.size[ct] {
		return 0, 0, fmt.Errorf("solve by tiers: %s has rank %d in tier %d of %d ranks", e.format(kid), cr, ct, e.size[ct])
	}
	if ct == t && !e.loops[t] {
		return 0, 0, fmt.Errorf("solve by tiers: %s has a move to %s in its own tier %d, which TierLoops says has no loops",
			e.format(key), e.format(kid), t)
	}
	return ct, cr, nil
}

// scratch is a worker's room for a position's children, and its own child
// ranker.
type scratch struct {
	kids  []uint64
	ranks []sente.TierPosition
	rank  sente.ChildRankFunc
	// Workers write their scratch at every position: without the padding
	// two share a cache line, and two workers were 1.3 times as fast as
	// one rather than 1.75 (connect four 6×4).
	_ [128 - 7*8]byte
}

func newScratch(workers int) []scratch { return make([]scratch, workers) }

// childPositions ranks the children of key, a position of tier t that has
// not ended, each checked against the tiers declared: by the game's own
// TierChildRanker when it has one, else by TierRank on each child's key.
func (e *tierEngine) childPositions(sc *scratch, t int, key uint64) ([]sente.TierPosition, error) {
	if e.kidRanks != nil {
		if sc.rank == nil {
			sc.rank = e.kidRanks.NewChildRanker()
		}
		sc.ranks = sc.rank(sc.ranks[:0], key)
		allowed := e.allowed[t]
		loops := e.loops[t]
		for _, c := range sc.ranks {
			if c.Tier < 0 || c.Tier >= len(allowed) || !allowed[c.Tier] || c.Rank >= e.size[c.Tier] || c.Tier == t && !loops {
				return nil, e.childRankError(t, key, c)
			}
		}
		return sc.ranks, nil
	}
	sc.kids = e.enc.AppendChildren(sc.kids[:0], key)
	sc.ranks = sc.ranks[:0]
	for _, kid := range sc.kids {
		ct, cr, err := e.childRank(t, key, kid)
		if err != nil {
			return nil, err
		}
		sc.ranks = append(sc.ranks, sente.TierPosition{Tier: ct, Rank: cr})
	}
	return sc.ranks, nil
}

// childRankError says what is wrong with c, a child the game's child ranker
// gave key: the error childRank gives the child's key, or that no child
// has it.
func (e *tierEngine) childRankError(t int, key uint64, c sente.TierPosition) error {
	for _, kid := range e.enc.AppendChildren(nil, key) {
		if ct, cr := e.ranker.TierRank(kid); ct == c.Tier && cr == c.Rank {
			if _, _, err := e.childRank(t, key, kid); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("solve by tiers: the child ranker gives %s (tier %d) a child in tier %d, rank %d, which TierRank gives none of its children",
		e.format(key), t, c.Tier, c.Rank)
}

func (e *tierEngine) format(key uint64) string {
	return e.game.FormatPosition(e.enc.Decode(key))
}

// unrank is Unrank for a rank the forward pass reached.
func (e *tierEngine) unrank(t int, r uint64) (uint64, error) {
	key, ok := e.ranker.Unrank(t, r)
	if !ok {
		return 0, fmt.Errorf("solve by tiers: rank %d of tier %d is reached but Unrank says it is no position", r, t)
	}
	return key, nil
}

// scanDensity is how dense the marked ranks of a block must be, one in
// scanDensity, for eachPosition to scan the whole block in rank order
// rather than unrank the marked ranks one by one: scanning connect four
// costs about a tenth of unranking a rank.
const scanDensity = 4

// eachPosition calls fn with the rank and key of every rank in [lo, hi) of
// tier t marked in words, whose first bit is rank lo's (lo is a multiple
// of 64), in increasing rank, and stops at fn's first error.
func (e *tierEngine) eachPosition(t int, lo, hi uint64, words []uint64, fn func(r, key uint64) error) error {
	var marked uint64
	for _, w := range words {
		marked += uint64(bits.OnesCount64(w))
	}
	if marked == 0 {
		return nil
	}
	if e.scanner == nil || marked*scanDensity < hi-lo {
		for i, word := range words {
			for word != 0 {
				r := lo + uint64(i)*64 + uint64(bits.TrailingZeros64(word))
				word &= word - 1
				key, err := e.unrank(t, r)
				if err != nil {
					return err
				}
				if err := fn(r, key); err != nil {
					return err
				}
			}
		}
		return nil
	}
	var (
		seen uint64
		err  error
	)
	e.scanner.ScanTier(t, lo, hi, words, func(r, key uint64) bool {
		if i := r - lo; r < lo || r >= hi || words[i/64]&(1<<(i%64)) == 0 {
			err = fmt.Errorf("solve by tiers: ScanTier(%d, %d, %d) lists rank %d, which is not marked", t, lo, hi, r)
			return false
		}
		seen++
		err = fn(r, key)
		return err == nil && seen < marked
	})
	if err != nil || seen == marked {
		return err
	}
	// A marked rank the scan skipped: unranking the marked ranks one by
	// one names it.
	for i, word := range words {
		for word != 0 {
			r := lo + uint64(i)*64 + uint64(bits.TrailingZeros64(word))
			word &= word - 1
			if _, err := e.unrank(t, r); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("solve by tiers: ScanTier(%d, %d, %d) lists %d of the block's %d reachable ranks", t, lo, hi, seen, marked)
}

// reachable marks the reachable ranks of every tier, parents first, and
// stores each tier's bitset. A tier stored already is read back; it is
// expanded again only when one of its child tiers is not stored yet. The
// bitsets are dropped at the end: the solve reads each tier's back from the
// sink when it comes to the tier.
func (e *tierEngine) reachable(ctx context.Context, rootTier int, rootRank uint64) error {
	defer func() {
		clear(e.reach)
		e.release(e.largest())
	}()
	stored := make([]bool, len(e.children))
	every := true
	for _, t := range e.order {
		stored[t] = e.sink.Has(t, store.Reachable)
		every = every && stored[t]
	}
	if every {
		return nil // a tier is expanded only when a tier it leads to is not stored
	}
	for _, t := range e.order {
		words := int((e.size[t] + 63) / 64)
		if stored[t] {
			tbl, err := e.sink.Open(t, store.Reachable)
			if err != nil {
				return err
			}
			e.reach[t] = bytesToWords(tbl.Data, words)
			tbl.Close()
		} else {
			e.reach[t] = make([]uint64, words)
		}
	}
	if !stored[rootTier] {
		e.reach[rootTier][rootRank/64] |= 1 << (rootRank % 64)
	}
	for i := len(e.order) - 1; i >= 0; i-- {
		t := e.order[i]
		expand := !stored[t]
		for _, c := range e.children[t] {
			expand = expand || !stored[c]
		}
		if !expand {
			continue
		}
		if err := e.expand(ctx, t); err != nil {
			return err
		}
		e.release(e.size[t])
		if stored[t] {
			continue
		}
		n := countBits(e.reach[t])
		if err := e.sink.Write(t, store.Reachable, wordsToBytes(e.reach[t]), store.Counts{Positions: n}); err != nil {
			return fmt.Errorf("solve by tiers: storing the reachable ranks of tier %d: %w", t, err)
		}
	}
	return nil
}

// storedResults are every tier's results, children first, read from the
// headers of the values the sink holds, and true when it holds them all:
// a game solved before is answered from its tables without reading them
// through, each block's checksum checked when an answer reads it
// (TierSolution.Outcome).
func (e *tierEngine) storedResults() ([]TierResult, bool) {
	results := make([]TierResult, 0, len(e.order))
	for _, t := range e.order {
		tbl, err := e.sink.Open(t, store.Values)
		if err != nil {
			return nil, false
		}
		results = append(results, TierResult{Tier: t, Counts: tbl.Header.Counts})
		tbl.Close()
	}
	for _, t := range e.order {
		e.report(t, e.size[t], e.size[t], "resumed")
	}
	return results, true
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

func countBits(b []uint64) uint64 {
	var n uint64
	for _, w := range b {
		n += uint64(bits.OnesCount64(w))
	}
	return n
}

// expand sets the bits of every position one move from a reachable position
// of tier t; in a loopy tier it goes on until no new bit of t appears. Each
// worker sets bits in bitsets of its own, merged after each pass: atomic
// operations on shared words made two workers slower than one.
func (e *tierEngine) expand(ctx context.Context, t int) error {
	bitsT := e.reach[t]
	loops := e.ranker.TierLoops(t)
	var expanded []uint64
	if loops {
		expanded = make([]uint64, len(bitsT))
	}
	targets := e.children[t]
	if loops {
		targets = append([]int{t}, targets...)
	}
	own := make([][][]uint64, e.workers) // by worker, then tier; allocated on first use
	scratches := newScratch(e.workers)
	freshBuf := make([][]uint64, e.workers)
	for {
		err := e.parallel(ctx, t, e.size[t], "reachable", func(w int, lo, hi uint64) error {
			if own[w] == nil {
				own[w] = make([][]uint64, len(e.children))
				for _, c := range targets {
					own[w][c] = make([]uint64, len(e.reach[c]))
				}
			}
			mine := own[w]
			sc := &scratches[w]
			words := bitsT[lo/64 : (hi+63)/64]
			if loops {
				// Only the positions not expanded in an earlier round.
				fresh := append(freshBuf[w][:0], words...)
				freshBuf[w] = fresh
				for i, x := range fresh {
					fresh[i] = x &^ expanded[lo/64+uint64(i)]
					expanded[lo/64+uint64(i)] |= fresh[i]
				}
				words = fresh
			}
			return e.eachPosition(t, lo, hi, words, func(_, key uint64) error {
				if _, ended := e.enc.EndedKey(key); ended {
					return nil
				}
				kids, err := e.childPositions(sc, t, key)
				if err != nil {
					return err
				}
				for _, c := range kids {
					mine[c.Tier][c.Rank/64] |= 1 << (c.Rank % 64)
				}
				return nil
			})
		})
		if err != nil {
			return err
		}
		grew := false
		for _, mine := range own {
			if mine == nil {
				continue
			}
			for _, c := range targets {
				dst := e.reach[c]
				for i, x := range mine[c] {
					if x&^dst[i] != 0 {
						dst[i] |= x
						grew = grew || c == t
					}
				}
				clear(mine[c])
			}
		}
		if !loops || !grew {
			return nil
		}
	}
}

// solve computes every tier not stored yet, children first.
func (e *tierEngine) solve(ctx context.Context) ([]TierResult, error) {
	last := e.lastUse()
	open := make([]*store.Table, len(e.children))
	childCells := make([][]store.Cell, len(e.children))
	defer func() {
		for _, tbl := range open {
			if tbl != nil {
				tbl.Close()
			}
		}
	}()
	var results []TierResult
	for i, t := range e.order {
		if e.sink.Has(t, store.Values) {
			tbl, err := e.sink.Open(t, store.Values)
			if err != nil {
				return nil, err
			}
			results = append(results, TierResult{Tier: t, Counts: tbl.Header.Counts})
			tbl.Close()
			e.report(t, e.size[t], e.size[t], "resumed")
		} else {
			for _, c := range e.children[t] {
				if open[c] == nil {
					tbl, err := e.sink.Open(c, store.Values)
					if err != nil {
						return nil, fmt.Errorf("solve by tiers: reading child tier %d of tier %d: %w", c, t, err)
					}
					if uint64(len(tbl.Cells())) != e.size[c] {
						tbl.Close()
						return nil, fmt.Errorf("solve by tiers: stored tier %d has %d cells, the game says %d ranks", c, len(tbl.Cells()), e.size[c])
					}
					open[c], childCells[c] = tbl, tbl.Cells()
				}
			}
			counts, err := e.solveTier(ctx, t, childCells)
			if err != nil {
				return nil, err
			}
			results = append(results, TierResult{Tier: t, Counts: counts})
			e.report(t, e.size[t], e.size[t], "stored")
		}
		for _, c := range e.children[t] {
			if open[c] != nil && last[c] <= i {
				open[c].Close()
				open[c], childCells[c] = nil, nil
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return results, nil
}

// solveTier solves tier t, its child tiers' cells at hand, and stores it.
func (e *tierEngine) solveTier(ctx context.Context, t int, childCells [][]store.Cell) (store.Counts, error) {
	start := time.Now()
	reach, err := e.sink.Open(t, store.Reachable)
	if err != nil {
		return store.Counts{}, fmt.Errorf("solve by tiers: reading the reachable ranks of tier %d: %w", t, err)
	}
	e.reach[t] = wordsOf(reach.Data, int((e.size[t]+63)/64))
	defer func() {
		e.reach[t] = nil
		reach.Close()
		e.release(e.size[t])
	}()
	cells := make([]store.Cell, e.size[t])
	switch {
	case !e.ranker.TierLoops(t):
		err = e.solveFlat(ctx, t, cells, childCells)
	case e.unmover != nil:
		err = e.solveRetrograde(ctx, t, cells, childCells)
	default:
		err = e.solveIterate(ctx, t, cells, childCells)
	}
	if err != nil {
		return store.Counts{}, err
	}
	counts, err := e.countCells(ctx, t, cells)
	if err != nil {
		return store.Counts{}, err
	}
	counts.Seconds = time.Since(start).Seconds()
	if err := e.sink.Write(t, store.Values, cellsToBytes(cells), counts); err != nil {
		return store.Counts{}, fmt.Errorf("solve by tiers: storing tier %d: %w", t, err)
	}
	return counts, nil
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
		c.Win += n[sente.Win]
		c.Lose += n[sente.Lose]
		c.Tie += n[sente.Tie]
		c.Draw += n[sente.Draw]
	}
	c.Positions = c.Win + c.Lose + c.Tie + c.Draw
	return c, err
}

// best folds a position's children known so far: the fastest win (a child
// lost), the fastest tie, the slowest loss (every child won), and how many
// children neither lose nor win (ties, draws, unknown).
type best struct {
	win, tie, loseMax uint32
	blocked           int
}

func newBest() best { return best{win: infinity, tie: infinity} }

func (b *best) add(c store.Cell) {
	r := uint32(c.Remoteness()) + 1
	switch c.Value() {
	case sente.Lose:
		b.win = min(b.win, r)
	case sente.Win:
		b.loseMax = max(b.loseMax, r)
	case sente.Tie:
		b.tie = min(b.tie, r)
		b.blocked++
	default:
		b.blocked++
	}
}

func (b best) cell() (store.Cell, error) {
	p := decide(b.win, b.tie, b.loseMax, b.blocked)
	if err := checkCell(p.remoteness()); err != nil {
		return 0, err
	}
	return store.Pack(p.value(), int(p.remoteness())), nil
}

// maxCellRemoteness is the largest remoteness a cell holds.
const maxCellRemoteness = store.MaxRemoteness

func checkCell(r uint32) error {
	if r > maxCellRemoteness {
		return fmt.Errorf("solve by tiers: remoteness %d passes the %d plies a stored cell holds", r, maxCellRemoteness)
	}
	return nil
}

// endedCell is the cell of an ended position.
func (e *tierEngine) endedCell(key uint64, v sente.Value) (store.Cell, error) {
	if v != sente.Win && v != sente.Lose && v != sente.Tie {
		return 0, fmt.Errorf("solve by tiers: position %s ended with %v; a game ends with win, lose or tie", e.format(key), v)
	}
	return store.Pack(v, 0), nil
}

// childCell is the stored value of a child, which must be reachable.
func (e *tierEngine) childCell(childCells [][]store.Cell, key uint64, kid sente.TierPosition) (store.Cell, error) {
	c := childCells[kid.Tier][kid.Rank]
	if c == store.Unreachable {
		child := fmt.Sprintf("rank %d", kid.Rank)
		if k, ok := e.ranker.Unrank(kid.Tier, kid.Rank); ok {
			child = e.format(k)
		}
		return 0, fmt.Errorf("solve by tiers: %s has a move to %s (tier %d, rank %d), which is stored as unreachable",
			e.format(key), child, kid.Tier, kid.Rank)
	}
	return c, nil
}

// solveFlat solves a tier without loops in one parallel pass: every child
// is in a child tier, solved already.
func (e *tierEngine) solveFlat(ctx context.Context, t int, cells []store.Cell, childCells [][]store.Cell) error {
	reach := e.reach[t]
	scratches := newScratch(e.workers)
	return e.parallel(ctx, t, e.size[t], "solving", func(w int, lo, hi uint64) error {
		sc := &scratches[w]
		// The start of loopPass's position too: a shared helper cost 4%
		// of a connect-four solve's CPU, a call per position.
		return e.eachPosition(t, lo, hi, reach[lo/64:(hi+63)/64], func(r, key uint64) (err error) {
			if v, ended := e.enc.EndedKey(key); ended {
				cells[r], err = e.endedCell(key, v)
				return err
			}
			kids, err := e.childPositions(sc, t, key)
			if err != nil {
				return err
			}
			b := newBest()
			for _, kid := range kids {
				c, err := e.childCell(childCells, key, kid)
				if err != nil {
					return err
				}
				b.add(c)
			}
			cells[r], err = b.cell()
			return err
		})
	})
}

// Outcome returns the outcome of p for the player to move, and false when p
// is not a reachable position of a solved tier or its cell fails the
// checksum of the block that holds it.
func (s *TierSolution) Outcome(p sente.Position) (sente.Outcome, bool) {
	c, err := s.cell(p)
	if err != nil || c == store.Unreachable {
		return sente.Outcome{}, false
	}
	return c.Outcome(), true
}

// cell reads p's cell, checking the block that holds it.
func (s *TierSolution) cell(p sente.Position) (store.Cell, error) {
	t, r := s.ranker.TierRank(s.enc.Encode(p))
	tbl, err := s.acquire(t)
	if err != nil {
		return 0, err
	}
	defer s.release(t)
	if r >= uint64(len(tbl.Data))/2 {
		return 0, fmt.Errorf("rank %d is past the end of tier %d", r, t)
	}
	if err := tbl.VerifyRange(2*r, 2*r+2); err != nil {
		return 0, err
	}
	return tbl.Cell(r), nil
}

// WithCells calls fn with the stored cells of a tier, one a rank, every
// block's checksum checked. The cells are valid only while fn runs.
func (s *TierSolution) WithCells(tier int, fn func(cells []store.Cell) error) error {
	tbl, err := s.acquire(tier)
	if err != nil {
		return err
	}
	defer s.release(tier)
	if err := tbl.Verify(); err != nil {
		return err
	}
	return fn(tbl.Cells())
}

// mappedBudget is how many bytes of tables a TierSolution keeps mapped
// between answers: the tiers of a game of billions of positions take more
// address space than a process under --max-memory may have, and an answer
// reads a few of them.
var mappedBudget int64 = 1 << 30

// openTier is a tier's table while open: pins counts its readers, used
// when it was last read.
type openTier struct {
	tbl  *store.Table
	pins int
	used uint64
}

// acquire opens a tier's values once, by its header, and pins them until
// release; tables no reader pins are closed, least recently used first,
// past mappedBudget.
func (s *TierSolution) acquire(tier int) (*store.Table, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clock++
	if o, ok := s.tables[tier]; ok {
		o.pins++
		o.used = s.clock
		return o.tbl, nil
	}
	tbl, err := s.sink.Open(tier, store.Values)
	if err != nil {
		return nil, fmt.Errorf("tier %d is not solved: %w", tier, err)
	}
	s.tables[tier] = &openTier{tbl: tbl, pins: 1, used: s.clock}
	s.mapped += int64(len(tbl.Data))
	for s.mapped > mappedBudget {
		var oldest *openTier
		at := 0
		for t, o := range s.tables {
			if o.pins == 0 && (oldest == nil || o.used < oldest.used) {
				oldest, at = o, t
			}
		}
		if oldest == nil {
			break
		}
		s.mapped -= int64(len(oldest.tbl.Data))
		oldest.tbl.Close()
		delete(s.tables, at)
	}
	return tbl, nil
}

func (s *TierSolution) release(tier int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.tables[tier]; ok {
		o.pins--
	}
}

// Reachable lists the reachable positions of a tier by rank, with their
// keys, in increasing rank.
func (s *TierSolution) Reachable(tier int) (iter.Seq2[uint64, uint64], error) {
	tbl, err := s.sink.Open(tier, store.Reachable)
	if err != nil {
		return nil, err
	}
	words := bytesToWords(tbl.Data, int((s.ranker.TierSize(tier)+63)/64))
	tbl.Close()
	return func(yield func(rank, key uint64) bool) {
		for wi, word := range words {
			for word != 0 {
				r := uint64(wi)*64 + uint64(bits.TrailingZeros64(word))
				word &= word - 1
				key, _ := s.ranker.Unrank(tier, r)
				if !yield(r, key) {
					return
				}
			}
		}
	}, nil
}

// Close releases the tables Outcome and WithCells opened.
func (s *TierSolution) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var first error
	for t, o := range s.tables {
		if err := o.tbl.Close(); err != nil && first == nil {
			first = err
		}
		delete(s.tables, t)
	}
	s.mapped = 0
	return first
}
