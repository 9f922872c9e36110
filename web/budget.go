package web

import (
	"fmt"
	"runtime/debug"
	"time"

	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/internal/sandbox"
)

// The server's memory is bounded by bytes, not by positions: a game of few
// positions with many moves each, or a pasted rules file, can take
// gigabytes below any count of positions that lets ordinary games through.
// Every solve reserves, before it starts, the bytes its game's own estimate
// says it needs (solve.EstimateBytes) from a budget that all solves share,
// and grows its reservation as the engine reports what it holds
// (solve.Progress.Bytes), or stops when the budget has no room. A solved
// game keeps a reservation for what its solution holds while it is cached;
// a pasted rules file's child reserves its hard limit while it runs.

// DefaultMemory is the default memory budget: three quarters of what the
// process may have (its control group's limit, cgroup v2 memory.max or v1
// memory.limit_in_bytes, when that is below the machine's MemTotal), and 1
// GiB where nothing says.
func DefaultMemory() uint64 {
	total := sandbox.Available()
	if total == 0 {
		return 1 << 30
	}
	return total / 4 * 3
}

// pool is a share of the budget: the bytes its jobs may reserve between
// them. The small lane has its own pool, so that big solves never take the
// memory small ones need.
type pool struct {
	capacity int64
	reserved int64
}

func (p *pool) room() int64 { return p.capacity - p.reserved }

// rulesGraphBytes is what the server holds of a pasted rules file's game
// for each of its positions once a child has explored it (isolated.Graph:
// the text form, its entry in the index by text, the turn, the end, the
// moves and the board). It is a rough bound, not a measurement of every
// file: one with two moves a position and six-digit texts measures 92
// bytes a position, count.star 144; a file whose positions have long
// texts or large boards costs more.
const rulesGraphBytes = 200

// watchEvery is how often watch reads what the process holds.
const watchEvery = 100 * time.Millisecond

// heldByProcess is sandbox.Held, as the budget's backstop reads it.
func heldByProcess() int64 { return int64(sandbox.Held()) }

// freeOSMemory gives the memory the process no longer uses back to the
// system (a variable, for tests).
var freeOSMemory = debug.FreeOSMemory

// freeAfter is the reservation past which a solve's end gives memory back
// at once: the garbage of a large solve would otherwise stay with the
// process, and the backstop would count it against the next requests.
const freeAfter = 64 << 20

// The budget's backstop: reservations come from estimates and the engines'
// own accounting, but what the process holds also has the garbage
// collector's slack, the requests in flight and whatever the accounting
// misses, so the server checks what it holds every watchEvery (see
// newCache).

// check compares what the process holds (by held) with the server's share
// of the budget (the budget less the limits of its rules children). Past
// it, check gives freed memory back to the system; when that is not
// enough, it stops the running solve that holds the most in this process
// by its own accounting, when that solve alone holds the excess, and else
// drops a search's kept table (warm.go) or the least recently used solved
// game. A solve is stopped for what it holds itself, never for what others
// left: a pasted rules file being explored in a child holds next to
// nothing here.
func (c *cache) check(held func() int64) {
	if held() <= c.share() {
		return
	}
	freeOSMemory()
	now, share := held(), c.share()
	if now <= share {
		return
	}
	excess := now - share
	c.mu.Lock()
	var largest *job
	for j := range c.active {
		if j.ctx.Err() == nil && (largest == nil || j.holds() > largest.holds()) {
			largest = j
		}
	}
	var holding int64
	if largest != nil {
		holding = largest.holds()
	}
	if holding < excess {
		largest = nil
	}
	dropped := false
	if largest == nil {
		dropped = c.dropWarm(nil) || c.evictOne(nil)
	}
	c.mu.Unlock()
	switch {
	case largest != nil:
		largest.cancel(&tooBigError{fmt.Sprintf("%s: stopped after %d positions holding %s: the server held %s, more than its memory budget leaves it (%s); try again later or choose smaller parameters",
			largest.o.spec, largest.progDone.Load(), quantity.FormatSize(uint64(holding)), quantity.FormatSize(uint64(now)), quantity.FormatSize(uint64(max(share, 0))))})
	case dropped:
		freeOSMemory()
	}
}

// share is what the server's own process may hold: the budget less the
// limits of the rules children that may run (see newCache).
func (c *cache) share() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.budget - (rulesLoaders+int64(c.children))*c.rulesMemory
}
