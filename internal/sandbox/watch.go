package sandbox

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// A Watch keeps a running child's resident memory within its limit: it
// reads the child's resident set a hundred times a second and kills the
// child once it passes the limit plus Margin. The address-space limit the
// child sets itself (see limitMemory) is only the backstop against one
// allocation far past the limit: address space is not memory (a Go heap
// that grows a table by doubling keeps the old table's address space after
// releasing its pages), so that limit is twice --max-memory, and it is the
// watch that holds the child to what it may hold.
type Watch struct {
	limit  uint64
	stop   chan struct{}
	done   chan struct{}
	once   sync.Once
	killed atomic.Uint64 // the resident memory the child was killed at, 0 if not
}

// watchPoll is how often a Watch reads the child's resident memory.
const watchPoll = 10 * time.Millisecond

// WatchMemory starts watching the started child p under limit (0: no
// watch). Stop it once the child has been waited for.
func WatchMemory(p *os.Process, limit uint64) *Watch {
	w := &Watch{limit: limit, stop: make(chan struct{}), done: make(chan struct{})}
	if limit == 0 || p == nil {
		close(w.done)
		return w
	}
	statm := "/proc/" + strconv.Itoa(p.Pid) + "/statm"
	page := uint64(os.Getpagesize())
	go func() {
		defer close(w.done)
		tick := time.NewTicker(watchPoll)
		defer tick.Stop()
		for {
			select {
			case <-w.stop:
				return
			case <-tick.C:
			}
			rss, ok := residentPages(statm)
			if !ok {
				return // the child is gone, or there is no /proc here
			}
			if rss*page > limit+Margin {
				w.killed.Store(rss * page)
				p.Kill()
				return
			}
		}
	}()
	return w
}

// residentPages reads the resident set, in pages, from a statm file.
func residentPages(statm string) (uint64, bool) {
	b, err := os.ReadFile(statm)
	if err != nil {
		return 0, false
	}
	fields := bytes.Fields(b)
	if len(fields) < 2 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(fields[1]), 10, 64)
	return n, err == nil
}

// Stop ends the watch and waits for its end.
func (w *Watch) Stop() {
	w.once.Do(func() { close(w.stop) })
	<-w.done
}

// Death is Death for the watched child: a child the watch killed died for
// want of memory, a *LimitError whose Resident is what it held then.
func (w *Watch) Death(err error, runtimeText []byte) error {
	w.Stop()
	if rss := w.killed.Load(); rss > 0 && err != nil {
		return &LimitError{Limit: w.limit, Resident: rss, Line: "killed by the watch at " + strconv.FormatUint(rss>>20, 10) + " MB resident"}
	}
	return Death(err, runtimeText, w.limit)
}
