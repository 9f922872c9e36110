package solve

import (
	"context"
	"runtime"
	"sync/atomic"

	"sente"
	"sente/explore"
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

// solve settles every position of the tier whose out entry is still zero,
// and propagates the settled ones to their parents in the tier, through
// the level kernel (levelKernel) that the tier engine runs too.
func (c *retrograde) solve(t *explore.Tier, out []packed, graph explore.KeyGraph) error {
	workers := runtime.GOMAXPROCS(0)
	if graph.Serial {
		workers = 1
	}
	pending := c.settled // the bitset serves as the kernel's pending bits
	clear(pending)
	for id := range out {
		if out[id] == 0 {
			pending[id/64] |= 1 << (id % 64)
		}
	}
	k := &levelKernel[uint32, hashLevels]{
		g:       hashLevels{c: c, t: t, out: out, graph: graph, bufs: make([]hashBuf, workers), workers: workers},
		pending: pending, workers: make([]levelWorker, workers), chunk: 4096, part: "a tier",
	}

	// Wins and losses.
	var q Levels[uint64]
	for id := range out {
		switch v := out[id].value(); {
		case v == sente.Win || v == sente.Lose:
			q.Push(out[id].remoteness(), Entry(uint64(id), TagSettled))
		case v == sente.Unknown && c.win[id] != infinity:
			q.Push(c.win[id], Entry(uint64(id), TagWin))
		}
	}
	if err := k.run(q, false); err != nil {
		return err
	}

	// Ties: what neither side can win, a tie reached as soon as possible.
	q = q[:0]
	for id := range out {
		switch v := out[id].value(); {
		case v == sente.Tie:
			q.Push(out[id].remoteness(), Entry(uint64(id), TagSettled))
		case v == sente.Unknown && c.tie[id] != infinity:
			q.Push(c.tie[id], Entry(uint64(id), TagWin))
		}
	}
	if err := k.run(q, true); err != nil {
		return err
	}

	// What is left is endless play.
	for id := range out {
		if out[id] == 0 {
			out[id] = pack(sente.Draw, 0)
		}
	}
	return nil
}

// hashLevels is the hashing engine's levelGraph.
type hashLevels struct {
	c       *retrograde
	t       *explore.Tier
	out     []packed
	graph   explore.KeyGraph
	bufs    []hashBuf
	workers int
}

// hashBuf is one worker's buffers, padded to a cache line.
type hashBuf struct {
	keys []uint64
	ids  []uint32
	_    [64]byte
}

func (g hashLevels) settle(id uint64, v sente.Value, level uint32) error {
	if err := checkRemoteness(level); err != nil {
		return err
	}
	g.out[id] = pack(v, level)
	return nil
}

func (g hashLevels) value(id uint64) sente.Value { return g.out[id].value() }

func (g hashLevels) parents(w int, id uint64) ([]uint32, error) {
	if g.graph.Parents == nil {
		return g.c.preds.Of(uint32(id)), nil
	}
	b := &g.bufs[w]
	b.keys = g.graph.Parents(b.keys[:0], g.t.Keys[id])
	b.ids = b.ids[:0]
	for _, key := range b.keys {
		if p, ok := g.t.Find(key); ok {
			b.ids = append(b.ids, uint32(p))
		}
	}
	return b.ids, nil
}

func (g hashLevels) countDown(p uint64) bool { return atomic.AddInt32(&g.c.count[p], -1) == 0 }

func (g hashLevels) lossAt(_ int, p uint64, level uint32) (uint32, bool, error) {
	return LostAt(level, g.c.loseMax[p]), g.c.win[p] == infinity, nil
}

// chunks runs a level's short lists on the calling goroutine.
func (g hashLevels) chunks(n, chunk uint64, fn func(w int, lo, hi uint64) error) error {
	if g.workers == 1 || n <= chunk {
		return fn(0, 0, n)
	}
	return forBlocks(context.Background(), g.workers, n, chunk, fn)
}

func (hashLevels) levelDone(uint32) {}
