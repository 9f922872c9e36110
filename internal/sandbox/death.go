package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"syscall"
)

// LimitError is a child's death for want of memory: it asked for more than
// its limit allows.
type LimitError struct {
	// Limit is the limit the child ran under, in bytes.
	Limit uint64
	// Resident is the resident memory the child held when a Watch killed
	// it, in bytes; 0 when it died of a failed allocation.
	Resident uint64
	// Line is the runtime's own line, as "fatal error: runtime: out of
	// memory"; for logs, not for users.
	Line string
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("needed more memory than its limit of %d MB allows", e.Limit>>20)
}

// CrashError is a child's death by a panic or a fatal error of the Go
// runtime other than memory.
type CrashError struct {
	// Line is the first line of the runtime's report, as "panic: ..." or
	// "fatal error: stack overflow".
	Line string
}

func (e *CrashError) Error() string { return "crashed: " + e.Line }

// SignalError is a child's death by a signal it did not handle and that
// left no runtime report, as SIGKILL from the kernel's out-of-memory
// killer or from a user.
type SignalError struct {
	Signal syscall.Signal
}

func (e *SignalError) Error() string { return "ended by a signal (" + e.Signal.String() + ")" }

// Death turns the end of a child, err as exec.Cmd's Run or Wait returned
// it, into a one-line error when the child died rather than exited:
// *LimitError when it ran out of memory under limit, *CrashError when the
// Go runtime reported a panic or a fatal error (runtimeText is the start of
// what the child wrote to its standard error, see RuntimeText), and
// *SignalError when a signal ended it silently. A child that exited by
// itself, with any status and no runtime report, did not die: Death returns
// nil. An err that is not the child's end (it never started, say) is
// returned as it is.
func Death(err error, runtimeText []byte, limit uint64) error {
	if err == nil {
		return nil
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return err
	}
	line := reportLine(runtimeText)
	switch {
	case line != "" && outOfMemory(line):
		return &LimitError{Limit: limit, Line: line}
	case line != "":
		return &CrashError{Line: line}
	}
	if ws, ok := exit.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return &SignalError{Signal: ws.Signal()}
	}
	return nil
}

// reportLine is the first line of the runtime's report in text: the line
// of a fatal error or of a panic, or the runtime's line before it when that
// says more (the size of a failed allocation, a thread that could not
// start). "" when there is none.
func reportLine(text []byte) string {
	for line := range strings.Lines(string(text)) {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "fatal error: "),
			strings.HasPrefix(line, "panic: "),
			strings.HasPrefix(line, "runtime: out of memory"),
			strings.HasPrefix(line, "runtime/cgo: pthread_create failed"),
			strings.HasPrefix(line, "runtime: failed to create new OS thread"),
			strings.HasPrefix(line, "fatal: morestack on g0"):
			return line
		}
	}
	return ""
}

// outOfMemory tells whether a report line is the runtime failing to get
// memory or a thread (whose stack is memory) from the system.
func outOfMemory(line string) bool {
	for _, s := range []string{"out of memory", "cannot allocate memory", "pthread_create failed", "failed to create new OS thread"} {
		if strings.Contains(line, s) {
			return true
		}
	}
	return false
}

// RuntimeText is an io.Writer for a child's standard error: it keeps the
// first few kilobytes, where the Go runtime's report of a crash starts,
// and counts but drops the rest (every goroutine's stack).
type RuntimeText struct {
	buf     bytes.Buffer
	dropped int64
}

// runtimeTextKept is how much of a child's standard error RuntimeText
// keeps.
const runtimeTextKept = 16 << 10

func (t *RuntimeText) Write(p []byte) (int, error) {
	room := max(runtimeTextKept-t.buf.Len(), 0)
	keep := min(room, len(p))
	t.buf.Write(p[:keep])
	t.dropped += int64(len(p) - keep)
	return len(p), nil
}

// Bytes returns what was kept.
func (t *RuntimeText) Bytes() []byte { return t.buf.Bytes() }
