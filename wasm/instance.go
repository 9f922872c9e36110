package wasm

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
	"weak"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/sys"
)

// instance is one instance of a module: its own memory and globals, used
// by one goroutine at a time (a game keeps a pool of them, one for each
// goroutine that calls it at once).
type instance struct {
	m     *Module
	ctx   context.Context
	mod   api.Module
	mem   api.Memory
	fns   [numFns]api.Function
	stack [8]uint64
	// The scratch area sente_buffer handed out, and its size.
	buf, bufSize uint32
	// The call watch's view: seq is odd while a call runs, what names it.
	seq  atomic.Uint64
	what atomic.Uint32 // a fnID
	// The watch's own notes.
	seen     uint64
	since    time.Time
	timedOut atomic.Bool
}

func (m *Module) instantiate() (*instance, error) {
	ctx := m.opt.context()
	cfg := wazero.NewModuleConfig().WithName("").WithStartFunctions("_initialize")
	// The module's start function and _initialize run as the instance is
	// made, outside the call watch: they have a timer of their own (an
	// instance is made once a worker, not once a call).
	limit := m.opt.callTime()
	overtime := &Error{m.path, fmt.Sprintf("its start (the start function or _initialize) ran longer than %v (--module-time), and was stopped", limit)}
	startCtx := ctx
	if m.opt.Overtime != nil {
		timer := time.AfterFunc(limit, func() { m.opt.Overtime(overtime) })
		defer timer.Stop()
	} else {
		var cancel context.CancelFunc
		startCtx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	mod, err := m.rt.rt.InstantiateModule(startCtx, m.compiled, cfg)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if startCtx.Err() != nil {
			return nil, overtime
		}
		return nil, &Error{m.path, "cannot start an instance: " + firstLine(err)}
	}
	in := &instance{m: m, ctx: ctx, mod: mod, mem: mod.Memory()}
	for id, name := range fnNames {
		if m.exports[name] {
			in.fns[id] = mod.ExportedFunction(name)
		}
	}
	if in.mem == nil {
		mod.Close(ctx)
		return nil, &Error{m.path, "exports no memory"}
	}
	m.watch.add(in)
	if err := in.room(4096); err != nil {
		in.close()
		return nil, err
	}
	return in, nil
}

func (in *instance) close() {
	in.m.watch.remove(in)
	in.mod.Close(context.Background())
}

// call calls the export id with the arguments in in.stack; its results
// are in in.stack after.
func (in *instance) call(id fnID) error {
	in.what.Store(uint32(id))
	in.seq.Add(1)
	err := in.fns[id].CallWithStack(in.ctx, in.stack[:])
	in.seq.Add(1)
	if err != nil {
		return in.blame(fnNames[id], err)
	}
	return nil
}

// call1 calls a function of no arguments and returns its result.
func (in *instance) call1(name fnID) (uint64, error) {
	err := in.call(name)
	return in.stack[0], err
}

// blame says what went wrong in a call, in one line naming the module.
func (in *instance) blame(name string, err error) error {
	var exit *sys.ExitError
	if errors.As(err, &exit) {
		switch code := exit.ExitCode(); {
		case in.timedOut.Load() || code == exitCodeTimeout:
			return in.overtimeError(fnIDOf(name))
		case code == sys.ExitCodeContextCanceled || code == sys.ExitCodeDeadlineExceeded:
			if e := in.ctx.Err(); e != nil {
				return e
			}
			return context.Canceled
		default:
			return &Error{in.m.path, fmt.Sprintf("%s exited with status %d%s", name, code, in.memoryNote())}
		}
	}
	return &Error{in.m.path, fmt.Sprintf("%s trapped (%s)%s", name, firstLine(err), in.memoryNote())}
}

// overtimeError says that a call of id ran past its time.
func (in *instance) overtimeError(id fnID) error {
	return &Error{in.m.path, fmt.Sprintf("%s ran longer than %v (--module-time), and was stopped", id, in.m.opt.callTime())}
}

func fnIDOf(name string) fnID {
	for id, n := range fnNames {
		if n == name {
			return fnID(id)
		}
	}
	return fnVersion
}

// memoryNote says, when the instance's memory is at its cap, that it is:
// a module that traps or exits for want of memory is told why.
func (in *instance) memoryNote() string {
	limit := in.m.opt.memory() &^ 65535
	if in.mod.IsClosed() {
		return ""
	}
	// A module asks for memory in steps of its own: within a sixteenth of
	// the cap it was most likely refused the next step.
	if size := uint64(in.mem.Size()); size+max(limit/16, 65536) > limit {
		return fmt.Sprintf(" (its memory has reached the cap of %s, --module-memory)", sizeText(limit))
	}
	return ""
}

// room makes the scratch area at least n bytes.
func (in *instance) room(n uint32) error {
	if n <= in.bufSize {
		return nil
	}
	n = max(n, 2*in.bufSize)
	in.stack[0] = uint64(n)
	if err := in.call(fnBuffer); err != nil {
		return err
	}
	at := uint32(in.stack[0])
	if at == 0 {
		return &Error{in.m.path, fmt.Sprintf("sente_buffer(%d) gave no scratch area", n)}
	}
	if uint64(at)+uint64(n) > uint64(in.mem.Size()) {
		return &Error{in.m.path, fmt.Sprintf("sente_buffer(%d) gave an area at %d, which ends past the memory's %d bytes", n, at, in.mem.Size())}
	}
	in.buf, in.bufSize = at, n
	return nil
}

// scratch is the scratch area's bytes from offset at, n of them; the view
// lasts until the next call (which may grow the memory).
func (in *instance) scratch(at, n uint32) ([]byte, error) {
	if uint64(at)+uint64(n) > uint64(in.bufSize) {
		return nil, &Error{in.m.path, fmt.Sprintf("wrote %d bytes into a scratch area of %d", at+n, in.bufSize)}
	}
	b, ok := in.mem.Read(in.buf+at, n)
	if !ok {
		return nil, &Error{in.m.path, "its scratch area is past the end of its memory"}
	}
	return b, nil
}

// text reads a result of n bytes from the scratch area: a description, a
// position, a reason.
func (in *instance) text(n int32, name string) ([]byte, error) {
	if n < 0 || uint32(n) > in.bufSize {
		return nil, &Error{in.m.path, fmt.Sprintf("%s gave a length of %d bytes, for a scratch area of %d", name, n, in.bufSize)}
	}
	b, err := in.scratch(0, uint32(n))
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), b...), nil
}

func (in *instance) describe() ([]byte, error) {
	// The description is written into the scratch area, which must be
	// big enough for it: give it room for a long one.
	if err := in.room(64 << 10); err != nil {
		return nil, err
	}
	n, err := in.call1(fnDescribe)
	if err != nil {
		return nil, err
	}
	return in.text(int32(n), fnNames[fnDescribe])
}

// callWatch stops the calls of a module's instances that run longer than
// its limit. One goroutine looks at every instance a few times per limit:
// a call costs two atomic additions and a pointer store, and no timer. A
// call whose sequence number stays odd and unchanged for the limit is one
// call: the watch closes its instance, which stops the code at its next
// loop or call (the runtime compiles checks there), and the call fails.
type callWatch struct {
	path     string
	limit    time.Duration
	overtime func(error)

	mu        sync.Mutex
	instances []weak.Pointer[instance]
	running   bool
}

func newCallWatch(path string, limit time.Duration, overtime func(error)) *callWatch {
	return &callWatch{path: path, limit: limit, overtime: overtime}
}

func (cw *callWatch) add(in *instance) {
	cw.mu.Lock()
	defer cw.mu.Unlock()
	cw.instances = append(cw.instances, weak.Make(in))
	if !cw.running {
		cw.running = true
		go cw.run()
	}
}

func (cw *callWatch) remove(in *instance) {
	cw.mu.Lock()
	defer cw.mu.Unlock()
	for i, p := range cw.instances {
		if p.Value() == in {
			cw.instances = append(cw.instances[:i], cw.instances[i+1:]...)
			return
		}
	}
}

// tick is how often the watch looks: a fifth of the limit, between 5 ms
// and half a second.
func (cw *callWatch) tick() time.Duration {
	return min(max(cw.limit/5, 5*time.Millisecond), 500*time.Millisecond)
}

func (cw *callWatch) run() {
	tick := cw.tick()
	for {
		time.Sleep(tick)
		now := time.Now()
		cw.mu.Lock()
		kept := cw.instances[:0]
		for _, p := range cw.instances {
			in := p.Value()
			if in == nil {
				continue
			}
			kept = append(kept, p)
			s := in.seq.Load()
			if s&1 == 0 || s != in.seen {
				in.seen, in.since = s, now
				continue
			}
			if now.Sub(in.since) >= cw.limit && !in.timedOut.Load() {
				in.timedOut.Store(true)
				if cw.overtime != nil {
					// The code checks nothing while it runs: only
					// ending the process ends the call.
					go cw.overtime(in.overtimeError(fnID(in.what.Load())))
				} else {
					go in.mod.CloseWithExitCode(context.Background(), exitCodeTimeout)
				}
			}
		}
		clear(cw.instances[len(kept):])
		cw.instances = kept
		if len(kept) == 0 {
			cw.running = false
			cw.mu.Unlock()
			return
		}
		cw.mu.Unlock()
	}
}

// sizeText writes an amount of memory as the flags take it: 256M, 64K.
func sizeText(n uint64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%dG", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dM", n>>20)
	}
	return fmt.Sprintf("%dK", n>>10)
}
