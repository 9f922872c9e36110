package rules

import (
	"runtime"
	"sync"
)

// Exploration expands positions on all cores but one (explore.Explore: the
// last core inserts what the others found), which leaves that core idle
// when expanding is as slow as running Starlark. prefetch puts it to work:
// the positions AppendChildren meets for the first time are stacked, and
// one helper goroutine asks the file about them, newest first, ahead of
// the engine's own workers, which take them oldest first and then find
// the answers cached. Work done twice in a race is harmless, only wasted.
//
// Only positions the engine found are stacked (never those the helper
// finds), so the helper explores nothing the engine would not; the stack is
// bounded, so that after an engine stops (a position limit, say) the
// helper soon stops too.
type prefetch struct {
	mu      sync.Mutex
	stack   []uint64
	running bool
}

// maxAhead bounds the stack of positions to prefetch.
const maxAhead = 8192

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
		st := e.info.Load() & endedMask
		if st == 0 {
			var ok bool
			if st, ok = g.ended(w, e); !ok {
				a.drop()
				return
			}
			e.setInfo(st)
		}
		if st == endedGoing {
			if _, ok := g.children(w, e, nil); !ok {
				a.drop()
				return
			}
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
