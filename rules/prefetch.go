package rules

import (
	"runtime"
	"sync"
	"sync/atomic"

	"go.starlark.net/starlark"
)

// Exploration expands positions on all cores but one (explore.Explore: the
// last core inserts what the others found), which leaves that core idle
// when expanding is as slow as running Starlark. prefetch puts it to work:
// the positions AppendChildren meets for the first time are stacked, and
// one helper goroutine asks the file about them, newest first, ahead of
// the engine's own workers, which take them oldest first and then find
// the answers cached. Work done twice in a race is harmless, only wasted.
//
// The helper stacks what it finds too, so that it does not run dry while
// the engine works through positions the helper already answered for. The
// engine expands every child of a position it expands, so this is work it
// would do, with two exceptions. Under a policy, which keeps a restricted
// player from some children, the helper stacks only what the engine found.
// And an engine may stop early (a position limit, say), so the helper
// stacks its own finds only on credit, which every expansion the engine
// asks for adds to: once the engine stops, the helper soon stops too.
type prefetch struct {
	mu      sync.Mutex
	stack   []uint64
	running bool
	credit  atomic.Int64 // positions the helper may stack of its own finds
}

// maxAhead bounds the stack of positions to prefetch, and the helper's
// credit.
const maxAhead = 8192

// grant adds to the helper's credit: the engine is expanding a position.
func (a *prefetch) grant() {
	if a.credit.Load() < maxAhead {
		a.credit.Add(2)
	}
}

// push stacks keys and starts the helper if it is not running.
func (a *prefetch) push(g *Game, keys []uint64) {
	if len(keys) == 0 || runtime.GOMAXPROCS(0) < 2 {
		return
	}
	a.mu.Lock()
	room := min(len(keys), maxAhead-len(a.stack))
	a.stack = append(a.stack, keys[:max(room, 0)]...)
	start := !a.running && len(a.stack) > 0
	a.running = a.running || start
	a.mu.Unlock()
	if start {
		go a.help(g)
	}
}

// help asks about stacked positions until there are none or the game has
// failed.
func (a *prefetch) help(g *Game) {
	w := g.getWorker()
	for {
		a.mu.Lock()
		if len(a.stack) == 0 || g.failed.Load() {
			a.stack = a.stack[:0]
			a.running = false
			a.mu.Unlock()
			g.putWorker(w)
			return
		}
		key := a.stack[len(a.stack)-1]
		a.stack = a.stack[:len(a.stack)-1]
		a.mu.Unlock()

		e := g.tab.entry(key)
		if _, known := g.tab.children(e); known {
			continue
		}
		w.fresh = w.fresh[:0]
		var p starlark.Value
		st := e.info.Load() & endedMask
		if st == 0 {
			p = decode(g.tab.encoding(e))
			var ok bool
			if st, ok = g.ended(w, e, p); !ok {
				a.drop()
				return
			}
		}
		if st == endedGoing {
			if _, ok := g.children(w, e, p); !ok {
				a.drop()
				return
			}
		}
		if n := min(int64(len(w.fresh)), a.credit.Load()); n > 0 && len(g.sh.policies) == 0 {
			a.credit.Add(-n)
			a.mu.Lock()
			room := max(min(int(n), maxAhead-len(a.stack)), 0)
			a.stack = append(a.stack, w.fresh[:room]...)
			a.mu.Unlock()
		}
	}
}

// drop stops the helper after a failure; its worker is not pooled.
func (a *prefetch) drop() {
	a.mu.Lock()
	a.stack = a.stack[:0]
	a.running = false
	a.mu.Unlock()
}
