package tiers

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// positionCounts reads the positions the classes stand for from the sink,
// or counts them when count allows (and stores them, for a solve from the
// start), or gives nil: a table stored before positions were counted,
// answered without the work of counting.
func (e *tierEngine) positionCounts(ctx context.Context, sym sente.SymmetricRanker, rootKey uint64, atStart, count bool) (tables.ClassCounts, error) {
	// A damaged count is counted again, when the caller allows.
	if atStart {
		if cc, ok := tables.ReadCounts(e.sink, e.order); ok {
			return cc, nil
		}
	}
	if !count {
		return nil, nil
	}
	cc, err := e.countPositions(ctx, sym, rootKey)
	if err != nil {
		return nil, err
	}
	if atStart {
		data, total := cc.Encode(e.order)
		if err := e.sink.Write(0, store.Positions, data, total); err != nil {
			return nil, fmt.Errorf("solve by tiers: storing the positions counted: %w", err)
		}
	}
	if err := e.sink.Remove(passCount, store.Frontier); err != nil {
		return nil, err
	}
	return cc, nil
}

// countPositions follows every class the root reaches, side by side
// (sente.SymmetricRanker): a side of a class is reached when a reached
// side of a class has a move to one of its positions. It goes through the
// tiers parents first, as the forward pass does, with two bits a rank
// (one a side), and counts each side reached once, with its positions and
// its class's stored value. The classes it reaches are checked against
// the values stored: the same classes, tier by tier.
func (e *tierEngine) countPositions(ctx context.Context, sym sente.SymmetricRanker, rootKey uint64) (tables.ClassCounts, error) {
	c := &counter{e: e, sym: sym, sides: make([][2][]uint64, len(e.children))}
	rootTier, rootRank := e.ranker.TierRank(rootKey)
	// A count stopped goes on after the last tier it had done when it
	// saved its frontier.
	counted, done := tables.ClassCounts{}, 0
	f := e.loadFrontier(passCount, rootTier, rootRank)
	if f != nil {
		done = f.done
		for t, n := range f.counts {
			counted[t] = n
		}
	}
	// Tiers taken whole from tables of every position (takeWhole) are
	// not followed: every position of theirs is valued, and counted.
	whole := e.wholeTiers()
	var borrowed tables.ClassCounts
	if slices.Contains(whole, true) {
		borrowed = e.borrowedCounts()
	}
	c.whole = whole
	for i := len(e.order) - 1 - done; i >= 0; i-- {
		t := e.order[i]
		if whole[t] {
			continue
		}
		words := (e.size[t] + 63) / 64
		for s := range 2 {
			if f != nil && f.marks[sideKey{t, s}] != nil {
				c.sides[t][s] = f.marks[sideKey{t, s}]
			} else {
				c.sides[t][s] = make([]uint64, words)
			}
		}
	}
	if done == 0 && !whole[rootTier] {
		side, _ := sym.ClassSide(rootKey)
		c.sides[rootTier][side][rootRank/64] |= 1 << (rootRank % 64)
	}
	clock := newFrontierClock()
	for i := len(e.order) - 1 - done; i >= 0; i-- {
		t := e.order[i]
		if taken, ok := borrowed[t]; ok && whole[t] {
			counted[t] = taken
			continue
		}
		var n store.Counts
		var err error
		if whole[t] {
			n, err = e.countEveryTier(ctx, sym, t)
		} else {
			n, err = c.tier(ctx, t)
		}
		if err != nil {
			if ctx.Err() != nil {
				c.saveFrontier(len(e.order)-1-i, rootTier, rootRank, counted)
			}
			return nil, err
		}
		counted[t] = n
		c.sides[t] = [2][]uint64{}
		e.release(e.size[t])
		if i > 0 {
			if err := clock.save(func() error { return c.saveFrontier(len(e.order)-i, rootTier, rootRank, counted) }); err != nil {
				return nil, err
			}
		}
	}
	return counted, nil
}

// saveFrontier saves the count's frontier once it has done the first done
// tiers of the order, parents first: what it counted of them, and the
// sides it has marked in the tiers after them.
func (c *counter) saveFrontier(done, rootTier int, rootRank uint64, counted tables.ClassCounts) error {
	e := c.e
	f := &frontier{rootTier: rootTier, rootRank: rootRank, done: done, counts: map[int]store.Counts{}, marks: map[sideKey][]uint64{}}
	for k := range done {
		t := e.order[len(e.order)-1-k]
		f.counts[t] = counted[t]
	}
	for i := len(e.order) - 1 - done; i >= 0; i-- {
		t := e.order[i]
		for s := range 2 {
			if anyBit(c.sides[t][s]) {
				f.marks[sideKey{t, s}] = c.sides[t][s]
			}
		}
	}
	return e.saveFrontier(passCount, f)
}

// counter carries countPositions.
type counter struct {
	e     *tierEngine
	sym   sente.SymmetricRanker
	sides [][2][]uint64 // by tier, then side: the ranks reached
	whole []bool        // by tier: taken whole, not followed
}

// countWorker is what one worker of counter.tier keeps.
type countWorker struct {
	own    [][2][]uint64 // by tier: the sides this worker's moves reached
	fresh  [2][]uint64
	either []uint64
	kids   []uint64
	n      [8]uint64 // positions by sente.Value
	// Workers write their own at every position: without the padding two
	// share a cache line (as scratch does).
	_ [256 - 23*8]byte
}

// tier expands every class of tier t that has a side reached, once for
// all its sides (a move from the other side of a class is the image of a
// move from the class's key: sente.SymmetricRanker.OtherSide), marking
// the sides its moves reach, and counts t's positions by value; a loopy
// tier goes on until no new side of t is reached.
func (c *counter) tier(ctx context.Context, t int) (store.Counts, error) {
	e, sym := c.e, c.sym
	tbl, cells, err := e.cellsToCount(t)
	if err != nil {
		return store.Counts{}, err
	}
	defer tbl.Close()
	loops := e.ranker.TierLoops(t)
	var targets []int
	for _, ct := range e.children[t] {
		if ct != t && !c.whole[ct] {
			targets = append(targets, ct)
		}
	}
	if loops {
		targets = append([]int{t}, targets...)
	}
	sides := c.sides[t]
	var done [2][]uint64 // the sides expanded already
	for s := range done {
		done[s] = make([]uint64, len(sides[s]))
	}
	workers := make([]countWorker, e.workers)
	for {
		err := e.parallel(ctx, t, e.size[t], solve.PhaseCounting, func(w int, lo, hi uint64) error {
			wk := &workers[w]
			if wk.own == nil {
				wk.own = make([][2][]uint64, len(e.children))
				for _, ct := range targets {
					wk.own[ct] = [2][]uint64{make([]uint64, len(c.sides[ct][0])), make([]uint64, len(c.sides[ct][1]))}
				}
			}
			first, last := lo/64, (hi+63)/64
			wk.either = wk.either[:0]
			for s := range 2 {
				wk.fresh[s] = wk.fresh[s][:0]
				for i := first; i < last; i++ {
					x := sides[s][i] &^ done[s][i]
					done[s][i] |= x
					wk.fresh[s] = append(wk.fresh[s], x)
				}
			}
			for i := range wk.fresh[0] {
				wk.either = append(wk.either, wk.fresh[0][i]|wk.fresh[1][i])
			}
			return e.eachPosition(t, lo, hi, wk.either, func(r, key uint64) error {
				cell := cells[r]
				if cell == store.Unreachable {
					return fmt.Errorf("solve by tiers: counting positions reached rank %d of tier %d, which the stored values say is unreachable", r, t)
				}
				i := r - lo
				var fresh [2]bool
				for s := range 2 {
					fresh[s] = wk.fresh[s][i/64]&(1<<(i%64)) != 0
				}
				_, n := sym.ClassSide(key)
				for s := range 2 {
					if fresh[s] {
						wk.n[cell.Value()&7] += n
					}
				}
				if _, ended := e.enc.EndedKey(key); ended {
					return nil
				}
				wk.kids = e.enc.AppendChildren(wk.kids[:0], key)
				for _, kid := range wk.kids {
					ct, cr := e.ranker.TierRank(kid)
					if ct != t && !e.allowed[t][ct] || ct == t && !loops || cr >= e.size[ct] {
						return fmt.Errorf("solve by tiers: a move from rank %d of tier %d leads to rank %d of tier %d, which its tiers do not allow", r, t, cr, ct)
					}
					if c.whole[ct] {
						continue
					}
					for s := range 2 {
						if !fresh[s] {
							continue
						}
						at := kid
						if s == 1 {
							at = sym.OtherSide(kid)
						}
						cs, _ := sym.ClassSide(at)
						wk.own[ct][cs][cr/64] |= 1 << (cr % 64)
					}
				}
				return nil
			})
		})
		if err != nil {
			return store.Counts{}, err
		}
		grew := false
		for w := range workers {
			wk := &workers[w]
			if wk.own == nil {
				continue
			}
			for _, ct := range targets {
				for s := range 2 {
					dst := c.sides[ct][s]
					for i, x := range wk.own[ct][s] {
						if x&^dst[i] != 0 {
							dst[i] |= x
							grew = grew || ct == t
						}
					}
					clear(wk.own[ct][s])
				}
			}
		}
		if !loops || !grew {
			break
		}
	}
	var n store.Counts
	for _, wk := range workers {
		n.Add(tables.CountsOf(wk.n))
	}
	var classes uint64
	for i := range sides[0] {
		classes += uint64(bits.OnesCount64(sides[0][i] | sides[1][i]))
	}
	if classes != tbl.Header.Counts.Positions {
		return store.Counts{}, fmt.Errorf("solve by tiers: counting positions reached %d classes of tier %d, and its stored values hold %d", classes, t, tbl.Header.Counts.Positions)
	}
	return n, nil
}

// borrowedCounts are the positions by value the tables of every position
// the solve borrows from counted, by tier; none when they hold no counts.
func (e *tierEngine) borrowedCounts() tables.ClassCounts {
	if e.borrow == nil {
		return tables.ClassCounts{}
	}
	return tables.ReadAnyCounts(e.borrow) // counted here when they do not read back
}

// cellsToCount opens tier t's stored values for a count of its positions
// and loads its cells; the caller closes the table.
func (e *tierEngine) cellsToCount(t int) (*store.Table, []store.Cell, error) {
	tbl, cells, err := e.openCells(t)
	if err != nil {
		return nil, nil, fmt.Errorf("solve by tiers: counting the positions of tier %d: %w", t, err)
	}
	return tbl, cells, nil
}
