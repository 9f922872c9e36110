package rules

import (
	"fmt"
	"runtime/metrics"
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
//
// The watch holds calls to Options.MaxMemory too. One step can ask for
// gigabytes (a string doubled, or grown a megabyte at a time and copied at
// each step), and while it copies them nothing else in the process runs:
// a check of the memory held, from another goroutine, comes after the
// step, while the next one has begun, and the garbage collector, held to
// the limit, collects at every step to keep what is held under it, so
// that a call that grows its string forever is never seen past the limit.
// So the watch counts what the process allocates while a call runs, read
// from the runtime at each look (every watchMemoryEvery): a call that
// asked for more than the limit in all, what it let go counted, has asked
// for more memory than the process may have, and is cancelled. Short
// calls run between two looks and are never counted; what other calls
// allocate while a long one runs is counted to it too, which only a call
// that runs long beside calls that allocate much could notice.

// callWatch watches the calls of one rules file.
type callWatch struct {
	path     string
	limit    time.Duration // of one call's time; 0 for none
	grace    time.Duration // how long a cancelled call may take to stop at its next step before Overtime hears of it
	overtime func(error)
	memory   uint64 // what one call may ask for in all (Options.MaxMemory); 0 for no limit

	allocated uint64 // the process's allocations at the last look (the watch goroutine's own)

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
	cancelled time.Time // when the watch cancelled the call; zero if it has not
	why       string    // why it did
	asked     uint64    // what the process allocated while the call ran
}

// topLevel names a run of the file's top level in messages.
var topLevel = "the top level"

func newCallWatch(path string, limit time.Duration, overtime func(error), memory uint64) *callWatch {
	if limit <= 0 && memory == 0 {
		return nil
	}
	return &callWatch{path: path, limit: max(limit, 0), grace: max(limit/10, minGrace), overtime: overtime, memory: memory}
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
// and half a second, and every watchMemoryEvery under a memory limit.
func (cw *callWatch) tick() time.Duration {
	t := 500 * time.Millisecond
	if cw.limit > 0 {
		t = min(max(cw.limit/5, 10*time.Millisecond), t)
	}
	if cw.memory > 0 {
		t = min(t, watchMemoryEvery)
	}
	return t
}

// watchMemoryEvery is how often the watch reads the process's allocations
// under a memory limit.
const watchMemoryEvery = 50 * time.Millisecond

// allocatedBytes is what the process has allocated since it started.
func allocatedBytes() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
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
	var allocated uint64 // since the last look
	if cw.memory > 0 {
		now := allocatedBytes()
		allocated = now - min(cw.allocated, now)
		cw.allocated = now
	}
	for _, c := range clocks {
		seq := c.seq.Load()
		if seq%2 == 0 || seq != c.seen {
			c.seen, c.since, c.cancelled, c.asked = seq, now, time.Time{}, 0
			continue
		}
		// The call ran from the last look to this one.
		c.asked += allocated
		switch {
		case c.cancelled.IsZero() && cw.limit > 0 && now.Sub(c.since) > cw.limit:
			c.cancel(now, cw.message())
		case c.cancelled.IsZero() && cw.memory > 0 && c.asked > cw.memory:
			c.cancel(now, fmt.Sprintf("one call asked for more memory than the limit of %s allows (%s in all, what it let go counted)", sizeText(int64(cw.memory)), sizeText(int64(c.asked))))
		case !c.cancelled.IsZero() && now.Sub(c.cancelled) > cw.grace && cw.overtime != nil:
			what := topLevel
			if p := c.what.Load(); p != nil {
				what = *p
			}
			e := &Error{File: cw.path, Func: what, Msg: c.why}
			if what != topLevel {
				e.Call = what + "(…)"
			} else {
				e.Msg = "the top level: " + e.Msg
			}
			cw.overtime(e)
			c.cancelled = now // once per grace, if overtime returns
		}
	}
}

// cancel cancels the call of c's thread, for why.
func (c *callClock) cancel(now time.Time, why string) {
	c.cancelled, c.why = now, why
	c.th.Cancel(why)
}

func (cw *callWatch) message() string {
	return fmt.Sprintf("one call ran longer than %v", cw.limit)
}
