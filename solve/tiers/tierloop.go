package tiers

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
)

// A loopy tier (TierLoops) has moves inside itself. Its first pass settles
// what it can from the child tiers alone (ended positions, positions whose
// every move leaves the tier) and leaves the rest pending; then either
// retrograde analysis with un-moves (solveRetrograde) or value iteration
// (solveIterate) settles the pending positions with the semantics of the
// hashing engine (solve/hashing/retrograde.go): wins and losses in order of remoteness,
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
	err = e.parallel(ctx, t, e.size[t], solve.PhaseSolving, func(w int, lo, hi uint64) error {
		// The worker's slices are kept in locals while the block runs: the
		// slice headers of two workers share a cache line.
		sc, in, wins, ties := &scratches[w], inBuf[w], winsW[w], tiesW[w]
		defer func() { inBuf[w], winsW[w], tiesW[w] = in, wins, ties }()
		return e.eachExpanded(sc, t, lo, hi, reach[lo/64:(hi+63)/64], func(r, key uint64, ended bool, v sente.Value, kids []sente.TierPosition) (err error) {
			if ended {
				cells[r], err = e.endedCell(key, v)
				return err
			}
			keeps := e.keeps(sc, key, kids)
			b := newBest()
			in = in[:0]
			for i, kid := range kids {
				if kid.Tier == t {
					in = append(in, kid.Rank)
					continue
				}
				c, err := e.childCell(childCells, key, kid)
				if err != nil {
					return err
				}
				if keeps != nil {
					c = facing(c, keeps[i])
				}
				b.add(c)
			}
			if len(in) == 0 {
				cells[r], err = b.cell()
				return err
			}
			pending[r/64] |= 1 << (r % 64) // the block owns the word
			if b.win != solve.Infinity {
				wins = append(wins, levelRank{b.win, r})
			}
			if b.tie != solve.Infinity {
				ties = append(ties, levelRank{b.tie, r})
			}
			if counter != nil {
				if sc.seen == nil {
					sc.seen = new(distinct)
				}
				n := sc.seen.count(in) + b.blocked
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
			next[w] = solve.Infinity
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
					keeps := e.keeps(sc, key, kids)
					at, v := solve.Infinity, sente.Unknown
					minLose, maxWin, allWon := solve.Infinity, uint32(0), true
					for i, kid := range kids {
						var c store.Cell
						if kid.Tier == t {
							c = cells[kid.Rank]
						} else {
							c = childCells[kid.Tier][kid.Rank]
						}
						if keeps != nil {
							c = facing(c, keeps[i])
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
					case ties && minLose != solve.Infinity:
						at, v = minLose+1, sente.Tie
					case ties:
					case minLose != solve.Infinity:
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
		if r == solve.Infinity {
			return nil
		}
	}
}

// pushSettled queues, at its remoteness, every reachable rank the first
// pass settled with a value keep accepts, so that its parents hear of it.
func pushSettled(q *solve.Levels[uint64], reach []uint64, cells []store.Cell, keep func(sente.Value) bool) {
	for wi, word := range reach {
		for word != 0 {
			r := uint64(wi)*64 + uint64(bits.TrailingZeros64(word))
			word &= word - 1
			if keep(cells[r].Value()) {
				q.Push(uint32(cells[r].Remoteness()), solve.Entry(r, solve.TagSettled))
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
//
// began is when the tier's solve began in this run; it returns the
// seconds the runs before it spent on the tier, when it took up their
// saved work.
func (e *tierEngine) solveRetrograde(ctx context.Context, t int, cells []store.Cell, childCells [][]store.Cell, began time.Time) (before float64, err error) {
	counter := make([]uint8, (e.size[t]+3)/4*4)
	counts := unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(counter))), len(counter)/4)
	r := &tierRetrograde{e: e, t: t, cells: cells, childCells: childCells, counts: counts,
		workers: make([]retroWorker, e.workers), clock: newFrontierClock(), began: began}
	if e.turn != nil {
		if r.movers, err = e.movers(ctx, t); err != nil {
			return 0, err
		}
	}
	st, resumed := r.loadLoops()
	if resumed {
		r.settled.Store(st.settled)
		r.tiesList = st.tiesList
		r.before = st.seconds
	} else {
		pending, wins, ties, err := e.loopPass(ctx, t, cells, childCells, counter[:e.size[t]])
		if errors.Is(err, errCounterFull) {
			clear(cells)
			return 0, e.solveIterate(ctx, t, cells, childCells)
		}
		if err != nil {
			return 0, err
		}
		r.pending, r.total, r.tiesList = pending, countBits(pending), ties
		// Wins and losses.
		pushSettled(&st.queue, e.reach[t], cells, func(v sente.Value) bool { return v == sente.Win || v == sente.Lose })
		for _, w := range wins {
			st.queue.Push(w.level, solve.Entry(w.rank, solve.TagWin))
		}
	}
	if !st.ties {
		if err := r.run(ctx, st.queue, false, st.level); err != nil {
			return 0, err
		}
		// Ties, as soon as possible.
		st.queue, st.level = nil, 0
		pushSettled(&st.queue, e.reach[t], cells, func(v sente.Value) bool { return v == sente.Tie })
		for _, w := range r.tiesList {
			st.queue.Push(w.level, solve.Entry(w.rank, solve.TagWin))
		}
		r.tiesList = nil
	}
	if err := r.run(ctx, st.queue, true, st.level); err != nil {
		return 0, err
	}
	drawPending(cells, r.pending)
	return r.before, nil
}

// movers says whose turn it is at each reachable rank of tier t, a bit a
// rank, set for the second player: once a position, on all workers.
func (e *tierEngine) movers(ctx context.Context, t int) ([]uint64, error) {
	reach := e.reach[t]
	movers := make([]uint64, len(reach))
	err := e.parallel(ctx, t, e.size[t], "", func(w int, lo, hi uint64) error {
		return e.eachPosition(t, lo, hi, reach[lo/64:(hi+63)/64], func(r, key uint64) error {
			if e.turn(key) == sente.Second {
				movers[r/64] |= 1 << (r % 64) // the block owns the word
			}
			return nil
		})
	})
	return movers, err
}

// tierRetrograde is one loopy tier's retrograde analysis. Its rules are
// solve/levels.go's, shared with the hashing engine and sente-dist; its loop is
// its own, since the hashing engine's serial loop would leave a core idle
// (dōbutsu shōgi: 6m29s against 4m34s) and the hashing engine run through
// this one was slower (BENCHMARKS.md, "One retrograde kernel?").
type tierRetrograde struct {
	e          *tierEngine
	t          int
	cells      []store.Cell
	childCells [][]store.Cell
	pending    []uint64 // cleared atomically
	counts     []uint32 // the one-byte counters, four to a word, counted down atomically
	total      uint64   // pending after the first pass, for progress
	settled    atomic.Uint64
	workers    []retroWorker
	// movers, for a game that does not promise to alternate, says whose
	// turn it is at each reachable rank of the tier, a bit a rank (set:
	// the second player): a settled rank tells a parent with the same bit
	// its value flipped. Nil for a game that alternates.
	movers []uint64
	// tiesList is what the first pass found a child tier's tie settles,
	// kept for the ties' levels (and saved with the work, tierloopsave.go);
	// clock paces the saves.
	tiesList []levelRank
	clock    *frontierClock
	unsaved  bool // a save failed: no more are tried
	// began is when this run began the tier, before what the runs that
	// saved its work spent on it: the seconds a save records.
	began  time.Time
	before float64
}

// retroWorker is one worker's buffers, padded so that two workers' slice
// headers never share a cache line.
type retroWorker struct {
	sc      scratch
	parents []uint64
	ranks   []uint64
	next    []uint64    // queued for the next level, entries as Levels holds them: the chunk being filled
	full    [][]uint64  // the chunks of next filled this level
	spare   [][]uint64  // empty chunks, reused level after level
	later   []levelRank // queued for levels after it, an entry (Entry) for a rank
	_       [64]byte
}

// retroChunk is how many entries a chunk of a worker's list for the next
// level holds (1 MiB). A list grown by appending copied itself over and
// over and took fresh memory from the system every level: in Gobblet
// Gobblers a seventh of the solve's CPU time, a level holding hundreds of
// millions of entries.
var retroChunk = 1 << 17

// queue adds entry to the worker's list for the next level.
func (rw *retroWorker) queue(entry uint64) {
	if len(rw.next) == cap(rw.next) {
		if len(rw.next) > 0 {
			rw.full = append(rw.full, rw.next)
		}
		if n := len(rw.spare); n > 0 {
			rw.next, rw.spare = rw.spare[n-1], rw.spare[:n-1]
		} else {
			rw.next = make([]uint64, 0, retroChunk)
		}
	}
	rw.next = append(rw.next, entry)
}

// run works through the queue, level by level from level from: wins and
// losses, or ties when ties is set. Now and then, at the end of a level, it
// saves its work (tierloopsave.go).
//
// What a level queues for the next is the workers' own lists, handed on as
// they are rather than copied into the queue: the largest levels of dōbutsu
// shōgi hold hundreds of millions of entries.
func (r *tierRetrograde) run(ctx context.Context, q solve.Levels[uint64], ties bool, from uint32) error {
	e := r.e
	chunk := max(tierBlock/16, 4)
	var carried [][]uint64 // queued for this level by the workers of the last
	for level := from; level < uint32(len(q)) || len(carried) > 0; level++ {
		// The workers' chunks first, then what the queue holds: one pass
		// over them all, with no wait between lists.
		lists, ours := carried, len(carried)
		if level < uint32(len(q)) {
			lists = append(lists, q[level])
			q[level] = nil
		}
		carried = nil
		starts := make([]uint64, len(lists)+1)
		for i, l := range lists {
			starts[i+1] = starts[i] + uint64(len(l))
		}
		err := e.parallelChunks(ctx, starts[len(lists)], chunk, func(w int, lo, hi uint64) error {
			rw := &r.workers[w]
			i := sort.Search(len(lists), func(i int) bool { return starts[i+1] > lo })
			for ; lo < hi; i++ {
				end := min(hi, starts[i+1])
				for _, entry := range lists[i][lo-starts[i] : end-starts[i]] {
					if err := r.step(rw, level, entry, ties); err != nil {
						return err
					}
				}
				lo = end
			}
			return nil
		})
		if err != nil {
			return err
		}
		// The chunks worked through are the workers' spares.
		for i, l := range lists[:ours] {
			rw := &r.workers[i%len(r.workers)]
			rw.spare = append(rw.spare, l[:0])
		}
		for w := range r.workers {
			rw := &r.workers[w]
			carried = append(carried, rw.full...)
			rw.full = rw.full[:0]
			if len(rw.next) > 0 {
				carried = append(carried, rw.next)
				rw.next = nil
			}
			for _, n := range rw.later {
				if n.level <= level {
					return fmt.Errorf("solve by tiers: retrograde analysis of tier %d queued rank %d at level %d from level %d", r.t, solve.EntryID(n.rank), n.level, level)
				}
				q.Push(n.level, n.rank)
			}
			rw.later = rw.later[:0]
		}
		e.report(r.t, r.settled.Load(), r.total, solve.PhaseSettlingLoops)
		if !r.unsaved {
			// Saving is for a stop to lose less: a save that fails (a
			// full disk) leaves the tier to be solved as before, from its
			// first pass after a stop, rather than failing its solve.
			r.unsaved = r.clock.save(func() error { return r.saveLoops(ties, level+1, q, carried) }) != nil
		}
	}
	return nil
}

// step settles one queued entry at level, unless it is settled already,
// and tells its pending parents: a loss makes them wins, a win counts
// their open children down and makes a loss of the last, a tie makes them
// ties. What it queues goes to the worker's lists.
func (r *tierRetrograde) step(rw *retroWorker, level uint32, entry uint64, ties bool) error {
	e, t := r.e, r.t
	rank, tag := solve.EntryID(entry), solve.EntryTag(entry)
	if tag != solve.TagSettled {
		bit := uint64(1) << (rank % 64)
		if atomic.AndUint64(&r.pending[rank/64], ^bit)&bit == 0 {
			return nil // settled already
		}
		if err := checkCell(level); err != nil {
			return err
		}
		r.cells[rank] = store.Pack(solve.Settles(tag, ties), int(level))
		r.settled.Add(1)
	}
	v := r.cells[rank].Value()
	passed, kept := solve.Tells(v, ties), solve.Tells(v.Flip(), ties)
	if passed == solve.TellNothing && kept == solve.TellNothing {
		return nil
	}
	ps, err := r.pendingParents(rw, rank)
	if err != nil {
		return err
	}
	for _, p := range ps {
		// A parent whose player is to move here too reads the value
		// as its own.
		tell := passed
		if r.movers != nil && hasBit(r.movers, p) == hasBit(r.movers, rank) {
			tell = kept
		}
		if tell == solve.TellNothing {
			continue
		}
		if tell == solve.TellWin {
			rw.queue(solve.Entry(p, solve.TagWin))
			continue
		}
		shift := (p % 4) * 8
		if atomic.AddUint32(&r.counts[p/4], -(uint32(1)<<shift))>>shift&0xff != 0 {
			continue
		}
		// Every child in the tier is won, the last now: lost, unless a
		// child tier offers a win (queued already).
		key, err := e.unrank(t, p)
		if err != nil {
			return err
		}
		kids, err := e.childPositions(&rw.sc, t, key)
		if err != nil {
			return err
		}
		keeps := e.keeps(&rw.sc, key, kids)
		b := newBest()
		for i, kid := range kids {
			if kid.Tier != t {
				c := r.childCells[kid.Tier][kid.Rank]
				if keeps != nil {
					c = facing(c, keeps[i])
				}
				b.add(c)
			}
		}
		if b.win != solve.Infinity {
			continue
		}
		if at := solve.LostAt(level, b.loseMax); at == level+1 {
			rw.queue(solve.Entry(p, solve.TagLose))
		} else {
			rw.later = append(rw.later, levelRank{at, solve.Entry(p, solve.TagLose)})
		}
	}
	return nil
}

// pendingParents lists the ranks of the pending parents of rank in the
// tier, each once, in the worker's buffer. A game that ranks by symmetry
// gives several parent keys of one rank (mirror images that each move to
// the rank's position), and the counter counts a settled child once.
func (r *tierRetrograde) pendingParents(rw *retroWorker, rank uint64) ([]uint64, error) {
	return r.e.parentRanks(&rw.parents, &rw.ranks, r.t, rank, r.pending)
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
