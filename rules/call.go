package rules

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"weak"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Error is a mistake in a rules file: a runtime error, a step limit, a
// value of the wrong kind returned by one of its functions. Its message is
// one line: FILE:LINE:COL: CALL: MESSAGE, where the place is the innermost
// line of the file that was running (or the def of the function that
// returned a bad value), and CALL shows the function and the position it
// was asked about, as in moves((3, "first")).
type Error struct {
	File      string
	Line, Col int    // 0 when no line applies
	Func      string // the file's function or value: moves, policies["niece"]
	Position  string // the position asked about, as a Starlark literal; "" for none
	Call      string // the call as written in the message, as moves((3, "first"))
	Msg       string
	// cause is why the game was cancelled (Game.Cancel), when that is
	// why the call stopped: a cancelled command's calls fail with it, and
	// errors.Is finds its context's error in them.
	cause error
}

// Unwrap is the cause of a call stopped by Game.Cancel, or nil.
func (e *Error) Unwrap() error { return e.cause }

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	}
	b.WriteString(": ")
	if e.Call != "" {
		b.WriteString(e.Call)
		b.WriteString(": ")
	}
	b.WriteString(oneLine(e.Msg))
	// The message may quote what the file made (fail's text, say).
	return printable(b.String(), false)
}

// function is one of the file's functions.
type function struct {
	name string // as people read it: moves, policies["niece"]
	key  string // its key in a dict such as policies; "" for a plain function
	v    starlark.Callable
	pos  syntax.Position // of its def, when it is a Starlark function
}

// worker is a Starlark thread with scratch space, for one goroutine at a
// time. Workers are pooled; one that failed is dropped, since its thread
// may be cancelled.
type worker struct {
	th        *starlark.Thread
	overSteps bool // set by the thread when it passes its step limit
	buf       []byte
	ends      []int            // where each child's encoding ends in buf
	hashes    []uint64         // of each child's encoding
	vals      []starlark.Value // each child, while learn is set
	sink      uint64           // what table.touch read
	kids      []uint64
	kidsBlock kidsBlock // where this worker stores children lists
	fresh     []uint64  // keys children interned for the first time
	learn     bool      // expand notes the positions it meets first in born
	born      []born
	args1     starlark.Tuple
	movesFn   *function  // the function the last encodeMoves asked
	clock     *callClock // nil without a call watch
}

// born is a position interned for the first time, with its value.
type born struct {
	key uint64
	v   starlark.Value
}

// threads makes the game's workers and remembers their threads, weakly, so
// that Cancel can stop those running.
type threads struct {
	mu     sync.Mutex
	all    []weak.Pointer[starlark.Thread]
	live   int // len(all) after the last sweep of dead pointers
	reason string
	cause  error // Cancel's, with reason its words
}

func (g *Game) newWorker() *worker {
	w := &worker{th: &starlark.Thread{Name: g.rs.name}, args1: make(starlark.Tuple, 1)}
	w.clock = g.rs.watch.clock(w.th)
	w.th.Print = g.rs.print
	w.th.OnMaxSteps = func(th *starlark.Thread) {
		w.overSteps = true
		th.Cancel("too many steps")
	}
	t := &g.threads
	t.mu.Lock()
	if len(t.all) >= 2*t.live+16 {
		kept := t.all[:0]
		for _, p := range t.all {
			if p.Value() != nil {
				kept = append(kept, p)
			}
		}
		clear(t.all[len(kept):])
		t.all, t.live = kept, len(kept)
	}
	t.all = append(t.all, weak.Make(w.th))
	if t.reason != "" {
		w.th.Cancel(t.reason)
	}
	t.mu.Unlock()
	return w
}

// Cancel stops the game: Starlark code running in any goroutine stops at
// its next step, and every later call of the file's functions fails at
// once. Err then reports the first call that failed, with the line it was
// running. Safe to call from any goroutine, more than once.
func (g *Game) Cancel(cause error) {
	reason := "cancelled"
	if cause != nil {
		reason = "cancelled: " + cause.Error()
	}
	t := &g.threads
	t.mu.Lock()
	if t.reason == "" {
		t.reason, t.cause = reason, cause
	}
	for _, p := range t.all {
		if th := p.Value(); th != nil {
			th.Cancel(t.reason)
		}
	}
	t.mu.Unlock()
}

func (g *Game) getWorker() *worker { return g.pool.Get().(*worker) }

func (g *Game) putWorker(w *worker) { g.pool.Put(w) }

// call runs fn with args on w's thread under the step limit. On failure it
// records the mistake and returns false; the caller must then drop w rather
// than pool it, since its thread may be cancelled. position is the position
// the call is about, for the message.
func (g *Game) call(w *worker, fn *function, position starlark.Value, args starlark.Tuple) (starlark.Value, bool) {
	v, err := g.run(w, fn, position, args)
	if err != nil {
		g.fail(err)
		return nil, false
	}
	return v, true
}

// run is call without recording the failure.
func (g *Game) run(w *worker, fn *function, position starlark.Value, args starlark.Tuple) (starlark.Value, *Error) {
	th := w.th
	th.SetMaxExecutionSteps(stepLimit(th.ExecutionSteps(), g.rs.steps))
	w.clock.begin(&fn.name)
	v, err := starlark.Call(th, fn.v, args, nil)
	w.clock.end()
	if err != nil {
		return nil, g.runtimeError(w, fn, position, args, err)
	}
	return v, nil
}

// runtimeError describes a failed call at the innermost line of the file
// that was running.
func (g *Game) runtimeError(w *worker, fn *function, position starlark.Value, args starlark.Tuple, err error) *Error {
	e := g.mistake(fn, position, args, err.Error())
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		e.Msg = ee.Msg
		stopped := strings.HasPrefix(e.Msg, "Starlark computation cancelled: ")
		stack := ee.CallStack
		for i := len(stack) - 1; i >= 0; i-- {
			if pos := stack[i].Pos; pos.Filename() == g.rs.path && pos.Line > 0 {
				if stopped {
					pos = g.rs.loops.stopped(pos)
				}
				e.Line, e.Col = int(pos.Line), int(pos.Col)
				if name := stack[i].Name; name != fn.v.Name() && name != "<toplevel>" {
					e.Msg += " (in " + name + ")"
				}
				break
			}
		}
	}
	switch {
	case w != nil && w.overSteps:
		e.Msg = fmt.Sprintf("passed the limit of %d steps for one call (an endless loop?)", g.rs.steps)
	case strings.HasPrefix(e.Msg, "Starlark computation cancelled: "):
		e.Msg = strings.TrimPrefix(e.Msg, "Starlark computation cancelled: ")
		t := &g.threads
		t.mu.Lock()
		if t.reason != "" && strings.HasPrefix(e.Msg, t.reason) {
			e.cause = t.cause
		}
		t.mu.Unlock()
	}
	return e
}

// mistake is an Error about a call of fn, placed at fn's def.
func (g *Game) mistake(fn *function, position starlark.Value, args starlark.Tuple, msg string) *Error {
	e := &Error{File: g.rs.path, Func: fn.name, Msg: msg}
	if fn.pos.IsValid() && fn.pos.Filename() == g.rs.path {
		e.Line, e.Col = int(fn.pos.Line), int(fn.pos.Col)
	}
	if position != nil {
		e.Position = repr(position)
	}
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = repr(a)
	}
	e.Call = fn.name + "(" + strings.Join(parts, ", ") + ")"
	return e
}

// fail records the first failure; later ones are dropped.
func (g *Game) fail(err error) {
	g.errMu.Lock()
	if g.err == nil {
		g.err = err
		g.failed.Store(true)
	}
	g.errMu.Unlock()
}

// Err reports the first failure of the file's logic (see sente.Erring), or
// nil. After a failure the game answers harmlessly (no moves, not ended), so
// that engines finish quickly and then report it.
func (g *Game) Err() error {
	if !g.failed.Load() {
		return nil
	}
	g.errMu.Lock()
	defer g.errMu.Unlock()
	return g.err
}

// stepLimit is the thread's limit for a call that may take steps more
// steps after the done it has taken: their sum, or the most a thread
// counts where the sum would wrap (NoStepLimit).
func stepLimit(done, steps uint64) uint64 {
	if done+steps < done {
		return math.MaxUint64
	}
	return done + steps
}
