package hashing

import (
	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/solve"
)

// retrograde holds what solving the moves inside one tier needs, per
// position: the children not yet known to be won (count, which ties and
// draws among higher-tier children hold above zero for good), the best win
// and tie found so far, and the slowest loss through higher tiers.
type retrograde struct {
	count             []int32
	win, tie, loseMax []uint32
	preds             explore.Adjacency // by local id; unused when the game lists parents itself
	settled           []uint64          // bitset
}

func newRetrograde(n int) *retrograde {
	return &retrograde{
		count:   make([]int32, n),
		win:     make([]uint32, n),
		tie:     make([]uint32, n),
		loseMax: make([]uint32, n),
		settled: make([]uint64, (n+63)/64),
	}
}

func (c *retrograde) isSettled(id uint32) bool { return c.settled[id/64]&(1<<(id%64)) != 0 }
func (c *retrograde) settle(id uint32)         { c.settled[id/64] |= 1 << (id % 64) }

// solve settles every position of the tier whose out entry is still zero,
// and propagates the settled ones to their parents in the tier.
//
// Its rules are solve/levels.go's, shared with the tier engine and sente-dist;
// its loop is its own, serial, with plain counters. Run through the tier
// engine's level-parallel kernel (atomic pending bits and counters, each
// level's entries shared among the workers; prototype 36d0e6a) it took
// 1.53 times as long on BenchmarkRetrograde and 1.20 on teeko 4×4 with
// three pieces (medians of five alternations on two cores; BENCHMARKS.md,
// "One retrograde kernel?"): its steps are too small for the atomics and
// the level barriers to pay.
//
// movers, for a game that does not promise to alternate, says whose turn
// it is at each position of the tier, a bit a local id: what a settled
// position tells a parent with the same bit (a move that keeps the turn)
// is its value flipped, since the parent's player moves there again.
func (c *retrograde) solve(t *explore.Tier, out []packed, graph explore.KeyGraph, movers []uint64) error {
	keeps := func(p, id uint32) bool {
		return movers != nil && (movers[p/64]>>(p%64))&1 == (movers[id/64]>>(id%64))&1
	}
	var parentKeys []uint64
	eachParent := func(id uint32, fn func(p uint32)) {
		if graph.Parents == nil {
			for _, p := range c.preds.Of(id) {
				fn(p)
			}
			return
		}
		parentKeys = graph.Parents(parentKeys[:0], t.Keys[id])
		for _, key := range parentKeys {
			if p, ok := t.Find(key); ok {
				fn(uint32(p))
			}
		}
	}

	// Wins and losses.
	var q solve.Levels[uint32]
	for id := range out {
		switch v := out[id].value(); {
		case v == sente.Win || v == sente.Lose:
			q.Push(out[id].remoteness(), uint32(id))
		case v == sente.Unknown && c.win[id] != infinity:
			q.Push(c.win[id], uint32(id))
		}
	}
	for r := uint32(0); r < uint32(len(q)); r++ {
		if err := checkRemoteness(r + 1); err != nil {
			return err
		}
		for i := 0; i < len(q[r]); i++ {
			id := q[r][i]
			if c.isSettled(id) {
				continue
			}
			c.settle(id)
			if out[id] == 0 {
				if c.win[id] != infinity {
					out[id] = pack(sente.Win, r)
				} else {
					out[id] = pack(sente.Lose, r)
				}
			}
			v := out[id].value()
			passed, kept := solve.Tells(v, false), solve.Tells(v.Flip(), false)
			eachParent(id, func(p uint32) {
				if c.isSettled(p) || out[p] != 0 {
					return
				}
				tell := passed
				if keeps(p, id) {
					tell = kept
				}
				if tell == solve.TellWin {
					if r+1 < c.win[p] {
						c.win[p] = r + 1
						q.Push(r+1, p)
					}
					return
				}
				c.count[p]--
				if c.count[p] == 0 && c.win[p] == infinity {
					q.Push(solve.LostAt(r, c.loseMax[p]), p)
				}
			})
		}
		q[r] = nil
	}

	// Ties: what neither side can win, a tie reached as soon as possible.
	clear(c.settled)
	q = q[:0]
	for id := range out {
		switch v := out[id].value(); {
		case v == sente.Tie:
			q.Push(out[id].remoteness(), uint32(id))
		case v == sente.Unknown && c.tie[id] != infinity:
			q.Push(c.tie[id], uint32(id))
		}
	}
	for r := uint32(0); r < uint32(len(q)); r++ {
		for i := 0; i < len(q[r]); i++ {
			id := q[r][i]
			if c.isSettled(id) {
				continue
			}
			c.settle(id)
			if out[id] == 0 {
				out[id] = pack(sente.Tie, r)
			}
			eachParent(id, func(p uint32) {
				if out[p] == 0 && r+1 < c.tie[p] {
					c.tie[p] = r + 1
					q.Push(r+1, p)
				}
			})
		}
		q[r] = nil
	}

	// What is left is endless play.
	for id := range out {
		if out[id] == 0 {
			out[id] = pack(sente.Draw, 0)
		}
	}
	return nil
}
