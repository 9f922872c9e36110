package rules

import (
	"fmt"
	"sync/atomic"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// symmetryCap is the file's canonical(p) as a sente.Symmetric.
//
// An engine folding positions by symmetry asks for the canonical position
// of every child of every position it expands, and a solve asks again: a
// plain canonical() that turns and reflects a board every way is hundreds
// of steps a call, and Notakto on two boards with such a canonical() made
// --symmetry no faster than none (BENCHMARKS.md, "A rules file's
// canonical()"). So the game asks canonical(p) once per position and keeps
// the answer; and once folding, it prefetches the canonical positions the
// engine will expand rather than every child met (most of which the engine
// never expands), and does not ask result(p) and tier(p) of every child as
// it is met, only of those the engine asks about.
type symmetryCap struct{ g *Game }

var _ sente.Symmetric = symmetryCap{}

// Canonical asks canonical(p), once per position: the position that
// stands for p's class of symmetric positions (mirror images, say), which
// have the same value. After a failure it answers key itself.
func (c symmetryCap) Canonical(key uint64) uint64 {
	g := c.g
	if !g.symmetric.Load() {
		g.symmetric.Store(true)
	}
	if k, ok := g.canon.get(key); ok {
		return k
	}
	e := g.entryOf(key)
	if e == nil || g.failed.Load() {
		return key
	}
	v := decode(g.tab.encoding(e))
	w := g.getWorker()
	fn := g.fn.canonical
	w.args1[0] = v
	r, ok := g.call(w, fn, v, w.args1)
	if !ok {
		return key
	}
	k, err := g.intern(w, r)
	if err != nil {
		g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned %s: %v", repr(r), err)))
		return key
	}
	g.putWorker(w)
	g.canon.set(key, k)
	if k != key {
		// The engine expands the class's position next, not key's: ask
		// about it ahead (prefetch.go).
		if ke := g.tab.entry(k); ke != nil {
			if _, known := g.tab.children(ke); !known {
				g.ahead.push(g, []uint64{k})
			}
		}
	}
	return k
}

// canonCache is canonical(p) by key, 1 + the key of the canonical
// position, in chunks made as keys come (the table's entries' chunks): 0
// while not asked.
type canonCache struct{ chunks chunks[uint32] }

func (c *canonCache) get(key uint64) (uint64, bool) {
	ch, off := chunkOf(key, firstBits)
	if ch >= maxChunks {
		return 0, false
	}
	p := c.chunks.list[ch].Load()
	if p == nil {
		return 0, false
	}
	v := atomic.LoadUint32(&(*p)[off])
	return uint64(v) - 1, v != 0
}

func (c *canonCache) set(key, canonical uint64) {
	ch, off := chunkOf(key, firstBits)
	if ch >= maxChunks || canonical >= keyLimit {
		return
	}
	atomic.StoreUint32(&c.chunks.chunk(ch, firstBits)[off], uint32(canonical+1))
}
