package rules

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
	"weak"

	"go.starlark.net/starlark"
)

// Starlark checks its step limit and cancellation between steps, and one
// step can run for minutes: multiplying integers of millions of digits, or
// sorting a huge list, is one step. A call watch times every call of the
// file's functions (and each run of its top level) from one goroutine: a
// call past Options.CallTime is cancelled, which ends it at its next step,
// and one still running a grace period later is reported to
// Options.Overtime, which may end the process (nothing else can stop it).
//
// A call costs two atomic additions and a pointer store: the watch reads
// each clock's sequence number a few times per CallTime, and a number that
// stays odd (a call running) and unchanged for CallTime is one call.

// callWatch watches the calls of one rules file.
type callWatch struct {
	path     string
	limit    time.Duration
	grace    time.Duration // how long a cancelled call may take to stop at its next step before Overtime hears of it
	overtime func(error)

	mu     sync.Mutex
	clocks []weak.Pointer[callClock]
	once   sync.Once
}

// callClock is the state of one Starlark thread's calls.
type callClock struct {
	seq  atomic.Uint64          // odd while a call runs
	what atomic.Pointer[string] // the function called, for the message
	th   *starlark.Thread

	// The watch goroutine's own notes.
	seen      uint64
	since     time.Time
	cancelled bool
}

// topLevel names a run of the file's top level in messages.
var topLevel = "the top level"

func newCallWatch(path string, limit time.Duration, overtime func(error)) *callWatch {
	if limit <= 0 {
		return nil
	}
	return &callWatch{path: path, limit: limit, grace: max(limit/10, minGrace), overtime: overtime}
}

// clock registers th with the watch, which starts watching on the first
// call. A nil watch gives a nil clock.
func (cw *callWatch) clock(th *starlark.Thread) *callClock {
	if cw == nil {
		return nil
	}
	c := &callClock{th: th}
	cw.mu.Lock()
	kept := cw.clocks[:0]
	for _, p := range cw.clocks {
		if p.Value() != nil {
			kept = append(kept, p)
		}
	}
	clear(cw.clocks[len(kept):])
	cw.clocks = append(kept, weak.Make(c))
	cw.mu.Unlock()
	cw.once.Do(func() { go watchCalls(weak.Make(cw), cw.tick()) })
	return c
}

// begin and end bracket a call of the function named *what.
func (c *callClock) begin(what *string) {
	if c != nil {
		c.what.Store(what)
		c.seq.Add(1)
	}
}

func (c *callClock) end() {
	if c != nil {
		c.seq.Add(1)
	}
}

// tick is how often the watch looks: a fifth of the limit, between 10 ms
// and half a second.
func (cw *callWatch) tick() time.Duration {
	return min(max(cw.limit/5, 10*time.Millisecond), 500*time.Millisecond)
}

// minGrace is the shortest grace; tests shorten it.
var minGrace = time.Second

// watchCalls looks at the clocks of the watch every tick until the watch
// is garbage: it holds the watch only while it looks.
func watchCalls(wp weak.Pointer[callWatch], tick time.Duration) {
	for {
		time.Sleep(tick)
		cw := wp.Value()
		if cw == nil {
			return
		}
		cw.look(time.Now())
	}
}

func (cw *callWatch) look(now time.Time) {
	cw.mu.Lock()
	clocks := make([]*callClock, 0, len(cw.clocks))
	for _, p := range cw.clocks {
		if c := p.Value(); c != nil {
			clocks = append(clocks, c)
		}
	}
	cw.mu.Unlock()
	for _, c := range clocks {
		seq := c.seq.Load()
		if seq%2 == 0 || seq != c.seen {
			c.seen, c.since, c.cancelled = seq, now, false
			continue
		}
		ran := now.Sub(c.since)
		switch {
		case !c.cancelled && ran > cw.limit:
			c.cancelled = true
			c.th.Cancel(cw.message())
		case c.cancelled && ran > cw.limit+cw.grace && cw.overtime != nil:
			what := topLevel
			if p := c.what.Load(); p != nil {
				what = *p
			}
			e := &Error{File: cw.path, Func: what, Msg: cw.message()}
			if what != topLevel {
				e.Call = what + "(…)"
			} else {
				e.Msg = "the top level: " + e.Msg
			}
			cw.overtime(e)
			c.since = now // once per limit, if overtime returns
		}
	}
}

func (cw *callWatch) message() string {
	return fmt.Sprintf("one call ran longer than %v", cw.limit)
}
