package solve

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync/atomic"
	"unsafe"

	"sente"
	"sente/store"
)

// A loopy tier (TierLoops) has moves inside itself. Its first pass settles
// what it can from the child tiers alone (ended positions, positions whose
// every move leaves the tier) and leaves the rest pending; then either
// retrograde analysis with un-moves (solveRetrograde) or value iteration
// (solveIterate) settles the pending positions with the semantics of the
// hashing engine (retrograde.go): wins and losses in order of remoteness,
// then ties as soon as possible, and draws for what is left.

// levelRank is a pending position and the level at which a child tier's
// value would settle it.
type levelRank struct {
	level uint32
	rank  uint64
}

// errCounterFull says a position has more than 255 children a one-byte
// counter cannot count; the tier is then solved by value iteration.
var errCounterFull = errors.New("more than 255 open children")

// loopPass is the first pass over a loopy tier. It returns the pending
// positions as a bitset, and the levels at which a child tier's loss (a win
// for the mover) or tie would settle them. With counter, it also counts
// each pending position's open children: distinct ones in the tier, plus
// ties and draws in child tiers, which never turn into wins.
func (e *tierEngine) loopPass(ctx context.Context, t int, cells []store.Cell, childCells [][]store.Cell, counter []uint8) (pending []uint64, wins, ties []levelRank, err error) {
	reach := e.reach[t]
	pending = make([]uint64, len(reach))
	winsW := make([][]levelRank, e.workers)
	tiesW := make([][]levelRank, e.workers)
	scratches := newScratch(e.workers)
	inBuf := make([][]uint64, e.workers)
	err = e.parallel(ctx, t, e.size[t], PhaseSolving, func(w int, lo, hi uint64) error {
		// The worker's slices are kept in locals while the block runs: the
		// slice headers of two workers share a cache line.
		sc, in, wins, ties := &scratches[w], inBuf[w], winsW[w], tiesW[w]
		defer func() { inBuf[w], winsW[w], tiesW[w] = in, wins, ties }()
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
			in = in[:0]
			for _, kid := range kids {
				if kid.Tier == t {
					in = append(in, kid.Rank)
					continue
				}
				c, err := e.childCell(childCells, key, kid)
				if err != nil {
					return err
				}
				b.add(c)
			}
			if len(in) == 0 {
				cells[r], err = b.cell()
				return err
			}
			pending[r/64] |= 1 << (r % 64) // the block owns the word
			if b.win != infinity {
				wins = append(wins, levelRank{b.win, r})
			}
			if b.tie != infinity {
				ties = append(ties, levelRank{b.tie, r})
			}
			if counter != nil {
				slices.Sort(in)
				n := len(slices.Compact(in)) + b.blocked
				if n > 255 {
					return errCounterFull
				}
				counter[r] = uint8(n)
			}
			return nil
		})
	})
	return pending, slices.Concat(winsW...), slices.Concat(tiesW...), err
}

// solveIterate settles a loopy tier's pending positions by value iteration,
// level by level: at level r a pending position is won in r when a child
// is lost in r-1, lost in r when every child is won and the slowest in
// r-1; then, with what is left, tied in r when a child is tied in r-1.
// Each level reads only values of lower levels, so the levels are those of
// the first-in first-out retrograde analysis, and the workers of a level
// record what they settle and apply it after the level. A level that
// settles nothing skips to the next level at which something can.
func (e *tierEngine) solveIterate(ctx context.Context, t int, cells []store.Cell, childCells [][]store.Cell) error {
	pending, _, _, err := e.loopPass(ctx, t, cells, childCells, nil)
	if err != nil {
		return err
	}
	if err := e.iterate(ctx, t, cells, childCells, pending, false); err != nil {
		return err
	}
	if err := e.iterate(ctx, t, cells, childCells, pending, true); err != nil {
		return err
	}
	drawPending(cells, pending)
	return nil
}

func drawPending(cells []store.Cell, pending []uint64) {
	for wi, word := range pending {
		for word != 0 {
			cells[uint64(wi)*64+uint64(bits.TrailingZeros64(word))] = store.Pack(sente.Draw, 0)
			word &= word - 1
		}
	}
}

// iterate runs the win/lose levels, or the tie levels when ties is set.
func (e *tierEngine) iterate(ctx context.Context, t int, cells []store.Cell, childCells [][]store.Cell, pending []uint64, ties bool) error {
	type settled struct {
		rank uint64
		cell store.Cell
	}
	found := make([][]settled, e.workers)
	next := make([]uint32, e.workers)
	scratches := newScratch(e.workers)
	for r := uint32(1); ; {
		if err := checkCell(r); err != nil {
			return err
		}
		for w := range found {
			found[w] = found[w][:0]
			next[w] = infinity
		}
		err := e.parallel(ctx, t, e.size[t], "", func(w int, lo, hi uint64) error {
			sc := &scratches[w]
			mine, soonest := found[w], next[w] // locals: see loopPass
			defer func() { found[w], next[w] = mine, soonest }()
			for wi := lo / 64; wi < (hi+63)/64; wi++ {
				word := pending[wi]
				for word != 0 {
					rank := wi*64 + uint64(bits.TrailingZeros64(word))
					word &= word - 1
					key, err := e.unrank(t, rank)
					if err != nil {
						return err
					}
					kids, err := e.childPositions(sc, t, key)
					if err != nil {
						return err
					}
					at, v := infinity, sente.Unknown
					minLose, maxWin, allWon := infinity, uint32(0), true
					for _, kid := range kids {
						var c store.Cell
						if kid.Tier == t {
							c = cells[kid.Rank]
						} else {
							c = childCells[kid.Tier][kid.Rank]
						}
						cr32 := uint32(c.Remoteness())
						switch c.Value() {
						case sente.Lose:
							minLose = min(minLose, cr32)
							allWon = false
						case sente.Tie:
							if ties {
								minLose = min(minLose, cr32) // the fastest tie, in the same slot
							}
							allWon = false
						case sente.Win:
							maxWin = max(maxWin, cr32)
						default:
							allWon = false
						}
					}
					switch {
					case ties && minLose != infinity:
						at, v = minLose+1, sente.Tie
					case ties:
					case minLose != infinity:
						at, v = minLose+1, sente.Win
					case allWon:
						at, v = maxWin+1, sente.Lose
					}
					switch {
					case at == r:
						mine = append(mine, settled{rank, store.Pack(v, int(r))})
					case at < r:
						return fmt.Errorf("solve by tiers: value iteration missed level %d of %s in tier %d (at level %d)", at, e.format(key), t, r)
					default:
						soonest = min(soonest, at)
					}
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		any := false
		for _, f := range found {
			for _, s := range f {
				cells[s.rank] = s.cell
				pending[s.rank/64] &^= 1 << (s.rank % 64)
				any = true
			}
		}
		if any {
			r++
			continue
		}
		r = slices.Min(next)
		if r == infinity {
			return nil
		}
	}
}

// pushSettled queues, at its remoteness, every reachable rank the first
// pass settled with a value keep accepts, so that its parents hear of it.
func pushSettled(q *Levels[uint64], reach []uint64, cells []store.Cell, keep func(sente.Value) bool) {
	for wi, word := range reach {
		for word != 0 {
			r := uint64(wi)*64 + uint64(bits.TrailingZeros64(word))
			word &= word - 1
			if keep(cells[r].Value()) {
				q.Push(uint32(cells[r].Remoteness()), Entry(r, TagSettled))
			}
		}
	}
}

// solveRetrograde settles a loopy tier's pending positions by retrograde
// analysis with un-moves and a one-byte counter of open children a rank,
// in the order of retrograde.go. It falls back to value iteration when a
// position has more open children than a byte counts.
//
// The queue is worked level by level, each level's entries shared among
// the workers: what a level's entries queue goes to a later level (the
// next, or, for a loss whose slowest child lies in a child tier, the level
// of that child's remoteness), never to their own, so the entries of a
// level are independent of each other. Workers clear a position's pending
// bit atomically, so that exactly one settles it and tells its parents,
// and count a parent's open children down atomically, a byte within a
// word, so that exactly one sees the count reach zero; by then every
// child's value has been written, before its count went down.
func (e *tierEngine) solveRetrograde(ctx context.Context, t int, cells []store.Cell, childCells [][]store.Cell) error {
	counter := make([]uint8, (e.size[t]+3)/4*4)
	pending, wins, ties, err := e.loopPass(ctx, t, cells, childCells, counter[:e.size[t]])
	if errors.Is(err, errCounterFull) {
		counter = nil
		clear(cells)
		return e.solveIterate(ctx, t, cells, childCells)
	}
	if err != nil {
		return err
	}
	counts := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(counter))), len(counter)/4)
	r := &tierRetrograde{ctx: ctx, e: e, t: t, cells: cells, childCells: childCells, pending: pending, counts: counts,
		total: countBits(pending), workers: make([]retroWorker, e.workers)}
	k := &levelKernel[uint64, tierLevels]{g: tierLevels{r}, pending: pending, workers: make([]levelWorker, e.workers),
		chunk: max(tierBlock/16, 4), part: fmt.Sprintf("solve by tiers: tier %d", t)}

	// Wins and losses.
	var q Levels[uint64]
	pushSettled(&q, e.reach[t], cells, func(v sente.Value) bool { return v == sente.Win || v == sente.Lose })
	for _, w := range wins {
		q.Push(w.level, Entry(w.rank, TagWin))
	}
	if err := k.run(q, false); err != nil {
		return err
	}

	// Ties, as soon as possible.
	q = q[:0]
	pushSettled(&q, e.reach[t], cells, func(v sente.Value) bool { return v == sente.Tie })
	for _, w := range ties {
		q.Push(w.level, Entry(w.rank, TagWin))
	}
	if err := k.run(q, true); err != nil {
		return err
	}

	drawPending(cells, pending)
	return nil
}

// tierRetrograde is one loopy tier's retrograde analysis: what the level
// kernel (levelKernel) asks of the tier engine, through tierLevels.
type tierRetrograde struct {
	ctx        context.Context
	e          *tierEngine
	t          int
	cells      []store.Cell
	childCells [][]store.Cell
	pending    []uint64 // the kernel's, cleared atomically
	counts     []uint32 // the one-byte counters, four to a word, counted down atomically
	total      uint64   // pending after the first pass, for progress
	settled    atomic.Uint64
	workers    []retroWorker
}

// retroWorker is one worker's buffers, padded so that two workers' slice
// headers never share a cache line.
type retroWorker struct {
	sc      scratch
	parents []uint64
	ranks   []uint64
	_       [64]byte
}

// tierLevels is the tier engine's levelGraph.
type tierLevels struct{ r *tierRetrograde }

func (g tierLevels) settle(rank uint64, v sente.Value, level uint32) error {
	if err := checkCell(level); err != nil {
		return err
	}
	g.r.cells[rank] = store.Pack(v, int(level))
	g.r.settled.Add(1)
	return nil
}

func (g tierLevels) value(rank uint64) sente.Value { return g.r.cells[rank].Value() }

// parents lists the pending parents of rank in the tier, each once. A game
// that ranks by symmetry gives several parent keys of one rank (mirror
// images that each move to the rank's position), and the counter counts a
// settled child once.
func (g tierLevels) parents(w int, rank uint64) ([]uint64, error) {
	rw := &g.r.workers[w]
	return g.r.e.parentRanks(&rw.parents, &rw.ranks, g.r.t, rank, g.r.pending)
}

func (g tierLevels) countDown(p uint64) bool {
	shift := (p % 4) * 8
	return atomic.AddUint32(&g.r.counts[p/4], -(uint32(1)<<shift))>>shift&0xff == 0
}

// lossAt reads p's children in child tiers again, which a tier does not
// keep: lost at LostAt, unless one of them offers a win (queued already).
func (g tierLevels) lossAt(w int, p uint64, level uint32) (uint32, bool, error) {
	r := g.r
	key, err := r.e.unrank(r.t, p)
	if err != nil {
		return 0, false, err
	}
	kids, err := r.e.childPositions(&r.workers[w].sc, r.t, key)
	if err != nil {
		return 0, false, err
	}
	b := newBest()
	for _, kid := range kids {
		if kid.Tier != r.t {
			b.add(r.childCells[kid.Tier][kid.Rank])
		}
	}
	return LostAt(level, b.loseMax), b.win == infinity, nil
}

func (g tierLevels) chunks(n, chunk uint64, fn func(w int, lo, hi uint64) error) error {
	return g.r.e.parallelChunks(g.r.ctx, n, chunk, fn)
}

func (g tierLevels) levelDone(uint32) {
	g.r.e.report(g.r.t, g.r.settled.Load(), g.r.total, PhaseSettlingLoops)
}

// parentRanks lists the ranks in tier t of the parents of rank that are in
// t, each once, in increasing order, in the buffers given; with pending,
// only those whose bit is set there (read atomically).
func (e *tierEngine) parentRanks(parents, buf *[]uint64, t int, rank uint64, pending []uint64) ([]uint64, error) {
	key, err := e.unrank(t, rank)
	if err != nil {
		return nil, err
	}
	*parents = e.unmover.AppendParents((*parents)[:0], key)
	ranks := (*buf)[:0]
	for _, pk := range *parents {
		pt, pr := e.ranker.TierRank(pk)
		if pt != t || pr >= e.size[t] {
			continue
		}
		// Only reachable positions are pending.
		if pending != nil && atomic.LoadUint64(&pending[pr/64])&(1<<(pr%64)) == 0 {
			continue
		}
		ranks = append(ranks, pr)
	}
	if len(ranks) > 1 {
		slices.Sort(ranks)
		ranks = slices.Compact(ranks)
	}
	*buf = ranks
	return ranks, nil
}
