package tiers

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

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
	// A tier whose values are stored holds its bits in them: a compact
	// one comes without its bitset (store.GameStore.Compact), read from
	// the values when the tier is expanded again (a child of it damaged).
	n := len(e.children)
	bitsStored, stored, expand := make([]bool, n), make([]bool, n), make([]bool, n)
	every := true
	for _, t := range e.order {
		bitsStored[t] = e.sink.Has(t, store.Reachable)
		stored[t] = bitsStored[t] || e.have[t]
		every = every && stored[t]
	}
	if every {
		// A tier is expanded only when a tier it leads to is not stored.
		return e.sink.Remove(passForward, store.Frontier)
	}
	// The tiers a pass stopped before had done, parents first, need not
	// be expanded again when their marks in the tiers after them were
	// saved, and they are all stored.
	done := 0
	f := e.loadFrontier(passForward, rootTier, rootRank)
	if f != nil {
		done = f.done
		for k := range done {
			if !stored[e.order[len(e.order)-1-k]] {
				f, done = nil, 0
				break
			}
		}
	}
	for _, t := range e.order {
		expand[t] = !stored[t]
		for _, c := range e.children[t] {
			expand[t] = expand[t] || !stored[c]
		}
	}
	for k := range done {
		expand[e.order[len(e.order)-1-k]] = false
	}
	for _, t := range e.order {
		words := int((e.size[t] + 63) / 64)
		// A stored tier's bits are read only when it is expanded again:
		// the bits of the others are never read (what the forward pass
		// marks in them is dropped).
		var err error
		switch {
		case !stored[t] && f != nil && f.marks[sideKey{t, 0}] != nil:
			e.reach[t] = f.marks[sideKey{t, 0}]
		case !stored[t] || !expand[t]:
			e.reach[t] = make([]uint64, words)
		case bitsStored[t]:
			e.reach[t], err = e.storedBits(t, store.Reachable, words)
		default:
			e.reach[t], err = e.storedBits(t, store.Values, words)
		}
		if err != nil {
			return err
		}
	}
	if !stored[rootTier] {
		e.reach[rootTier][rootRank/64] |= 1 << (rootRank % 64)
	}
	clock := newFrontierClock()
	for i := len(e.order) - 1 - done; i >= 0; i-- {
		t := e.order[i]
		if !expand[t] {
			continue
		}
		if err := e.expand(ctx, t); err != nil {
			if ctx.Err() != nil {
				e.saveReachFrontier(len(e.order)-1-i, rootTier, rootRank, stored)
			}
			return err
		}
		e.release(e.size[t])
		if !stored[t] {
			n := countBits(e.reach[t])
			if err := e.sink.Write(t, store.Reachable, wordsToBytes(e.reach[t]), store.Counts{Positions: n}); err != nil {
				return fmt.Errorf("solve by tiers: storing the reachable ranks of tier %d: %w", t, err)
			}
		}
		if i > 0 {
			if err := clock.save(func() error { return e.saveReachFrontier(len(e.order)-i, rootTier, rootRank, stored) }); err != nil {
				return err
			}
		}
	}
	return e.sink.Remove(passForward, store.Frontier)
}

// saveReachFrontier saves the forward pass's frontier once it has done the
// first done tiers of the order, parents first: its marks in the tiers
// after them that are not stored.
func (e *tierEngine) saveReachFrontier(done, rootTier int, rootRank uint64, stored []bool) error {
	f := &frontier{rootTier: rootTier, rootRank: rootRank, done: done, marks: map[sideKey][]uint64{}}
	for i := len(e.order) - 1 - done; i >= 0; i-- {
		if t := e.order[i]; !stored[t] && anyBit(e.reach[t]) {
			f.marks[sideKey{t, 0}] = e.reach[t]
		}
	}
	return e.saveFrontier(passForward, f)
}

// storedBits reads the reachable ranks of tier t from its stored bitset
// (kind Reachable) or from its stored values (kind Values).
func (e *tierEngine) storedBits(t int, kind store.Kind, words int) ([]uint64, error) {
	tbl, err := e.sink.Open(t, kind)
	if err != nil {
		return nil, err
	}
	defer tbl.Close()
	if kind == store.Reachable {
		return bytesToWords(tbl.Data, words), nil
	}
	cells, err := tbl.LoadCells()
	if err != nil {
		return nil, err
	}
	bits, _ := store.ReachableBits(cells)
	return tables.WordsOf(bits, words), nil
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
		err := e.parallel(ctx, t, e.size[t], solve.PhaseReaching, func(w int, lo, hi uint64) error {
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
			return e.eachExpanded(sc, t, lo, hi, words, func(_, _ uint64, _ bool, _ sente.Value, kids []sente.TierPosition) error {
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

func countBits(b []uint64) uint64 {
	var n uint64
	for _, w := range b {
		n += uint64(bits.OnesCount64(w))
	}
	return n
}

func hasBit(b []uint64, i uint64) bool { return b[i/64]&(1<<(i%64)) != 0 }
