package sandbox

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A Watch keeps a running child's resident memory within its limit: it
// reads the child's resident set, less the pages of files it maps, a
// hundred times a second and kills the
// child once it has held more than the limit plus Margin for Grace (time
// for a child that watches its own memory to stop by itself, and say why),
// or at once past the limit plus an eighth plus Margin. The address-space limit the
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

// Grace is how long a Watch lets a child stay past its limit plus Margin
// (but not past an eighth more) before killing it.
const Grace = 500 * time.Millisecond

// WatchMemory starts watching the started child p under limit (0: no
// watch). Stop it once the child has been waited for.
func WatchMemory(p *os.Process, limit uint64) *Watch {
	w := &Watch{limit: limit, stop: make(chan struct{}), done: make(chan struct{})}
	if limit == 0 || p == nil {
		close(w.done)
		return w
	}
	// Kept open and read again from the start at each poll: opening it a
	// hundred times a second cost the parent a few percent of a core.
	statm, err := os.Open("/proc/" + strconv.Itoa(p.Pid) + "/statm")
	if err != nil {
		close(w.done) // no /proc here
		return w
	}
	page := uint64(os.Getpagesize())
	go func() {
		defer close(w.done)
		defer statm.Close()
		buf := make([]byte, 256)
		tick := time.NewTicker(watchPoll)
		defer tick.Stop()
		var over time.Time // since when the child is past its limit
		for {
			select {
			case <-w.stop:
				return
			case <-tick.C:
			}
			rss, ok := residentPages(statm, buf)
			if !ok {
				return // the child is gone, or there is no /proc here
			}
			rss *= page
			switch {
			case rss <= limit+Margin:
				over = time.Time{}
				continue
			case over.IsZero():
				over = time.Now()
			}
			if rss > limit+limit/8+Margin || time.Since(over) > Grace {
				w.killed.Store(rss)
				p.Kill()
				return
			}
		}
	}()
	return w
}

// signaled reports whether a signal ended the child.
func signaled(exit *exec.ExitError) bool {
	ws, ok := exit.ProcessState.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled()
}

// residentPages reads the child's resident memory that is its own, in
// pages, from an open statm file: the resident set less its shared pages,
// which are the pages of files it maps. A solve reads stored tables
// mapped read-only; their pages are the kernel's cache, dropped when
// memory runs short and read again, and the tier engine's largest solves
// map tens of gigabytes of them at once. Counted, they would have a solve
// that holds a few gigabytes of its own killed for the tables it reads.
func residentPages(statm *os.File, buf []byte) (uint64, bool) {
	n, err := statm.ReadAt(buf, 0)
	if n == 0 || err != nil && err != io.EOF {
		return 0, false
	}
	fields := bytes.Fields(buf[:n])
	if len(fields) < 3 {
		return 0, false
	}
	resident, err := strconv.ParseUint(string(fields[1]), 10, 64)
	if err != nil {
		return 0, false
	}
	shared, err := strconv.ParseUint(string(fields[2]), 10, 64)
	if err != nil || shared > resident {
		return resident, true
	}
	return resident - shared, true
}

// Stop ends the watch and waits for its end.
func (w *Watch) Stop() {
	w.once.Do(func() { close(w.stop) })
	<-w.done
}

// Death is Death for the watched child: a child the watch killed died for
// want of memory, a *LimitError whose Resident is what it held then. A
// child that exited by itself before the kill landed did not.
func (w *Watch) Death(err error, runtimeText []byte) error {
	w.Stop()
	var exit *exec.ExitError
	if rss := w.killed.Load(); rss > 0 && errors.As(err, &exit) && signaled(exit) {
		return &LimitError{Limit: w.limit, Resident: rss, Line: "killed by the watch at " + strconv.FormatUint(rss>>20, 10) + " MB resident"}
	}
	return Death(err, runtimeText, w.limit)
}
