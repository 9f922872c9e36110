package sandbox

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"
)

var (
	sink  [][]byte
	grown []uint64
)

func init() {
	Register("test-exit", func() int { return 3 })
	Register("test-grow", func() int {
		// Grow 16 MB at a time, touching every page, far past the limit.
		for range 1 << 10 {
			b := make([]byte, 16<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			sink = append(sink, b)
		}
		return 0
	})
	Register("test-huge", func() int {
		b := make([]byte, 8<<30)
		b[len(b)-1] = 1
		sink = append(sink, b)
		return 0
	})
	Register("test-double", func() int {
		// Grow one table by appending to 40% of the limit, as an engine's
		// tables grow, with the garbage collector told of the limit as the
		// command line tells it. The copies left behind keep address space
		// but not memory: the child must not die of a failed allocation
		// (under an address-space limit of the limit itself it did, holding
		// about 200 MB), only of what it holds.
		debug.SetMemoryLimit(testLimit)
		var table []uint64
		for len(table) < testLimit/8*4/10 {
			table = append(table, uint64(len(table)))
		}
		grown = table
		return 0
	})
	Register("test-brief", func() int {
		// Hold a little past the limit and Margin for less than Grace,
		// then let go and exit: a child that stops by itself in time is
		// not killed.
		b := make([]byte, testLimit+Margin+16<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		time.Sleep(Grace / 5)
		sink = append(sink, b)
		return 0
	})
	Register("test-mapped", func() int {
		// Read a file of twice the limit through a read-only mapping, as a
		// solve reads stored tables, and hold it for a while: the file's
		// pages are the kernel's cache, not the child's own memory.
		f, err := os.CreateTemp("", "sente-mapped-")
		if err != nil {
			return 5
		}
		defer os.Remove(f.Name())
		chunk := bytes.Repeat([]byte{1}, 1<<20)
		for range 2 * testLimit >> 20 {
			if _, err := f.Write(chunk); err != nil {
				return 5
			}
		}
		b, err := syscall.Mmap(int(f.Fd()), 0, 2*testLimit, syscall.PROT_READ, syscall.MAP_SHARED)
		f.Close()
		if err != nil {
			return 5
		}
		var sum int
		for i := 0; i < len(b); i += 4096 {
			sum += int(b[i])
		}
		time.Sleep(3 * Grace)
		if sum != len(b)/4096 {
			return 6
		}
		return 0
	})
	Register("test-panic", func() int { panic("something\nwent wrong") })
	Register("test-sleep", func() int { time.Sleep(time.Minute); return 0 })
	Register("test-limit", func() int {
		if Limit() != 256<<20 {
			return 4
		}
		return 0
	})
}

func TestMain(m *testing.M) {
	Init()
	os.Exit(m.Run())
}

const testLimit = 256 << 20

// runChild runs a child in mode under testLimit and returns what Death
// made of its end and the finished command.
func runChild(t *testing.T, mode string) (error, *exec.Cmd) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var text RuntimeText
	cmd := Command(ctx, mode, testLimit)
	cmd.Stderr = &text
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	watch := WatchMemory(cmd.Process, testLimit)
	if mode == "test-sleep" {
		time.Sleep(100 * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
	}
	return watch.Death(cmd.Wait(), text.Bytes()), cmd
}

func TestDeath(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this sandbox memory test: children that exhaust their memory limit (about 6 s)")
	}
	if !Supported() {
		t.Skip("no hard memory limits here")
	}
	tests := []struct {
		mode   string
		check  func(error) bool
		status int
	}{
		{"test-exit", func(err error) bool { return err == nil }, 3},
		{"test-limit", func(err error) bool { return err == nil }, 0},
		// Killed by the watch, its resident memory past the limit.
		{"test-grow", func(err error) bool {
			var le *LimitError
			return errors.As(err, &le) && le.Limit == testLimit && le.Resident > testLimit
		}, -2},
		// One allocation far past the limit fails at once.
		{"test-huge", func(err error) bool { var le *LimitError; return errors.As(err, &le) && le.Resident == 0 }, -2},
		{"test-brief", func(err error) bool { return err == nil }, 0},
		{"test-mapped", func(err error) bool { return err == nil }, 0},
		{"test-double", func(err error) bool { var le *LimitError; return err == nil || errors.As(err, &le) && le.Resident > 0 }, -1},
		{"test-panic", func(err error) bool {
			var ce *CrashError
			return errors.As(err, &ce) && ce.Line == "panic: something" && err.Error() == "crashed: panic: something"
		}, -2},
		{"test-sleep", func(err error) bool { var se *SignalError; return errors.As(err, &se) && se.Signal == syscall.SIGKILL }, -2},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			err, cmd := runChild(t, tt.mode)
			if !tt.check(err) {
				t.Fatalf("Death = %v (%T)", err, err)
			}
			if tt.status >= 0 && cmd.ProcessState.ExitCode() != tt.status {
				t.Errorf("exit status %d, want %d", cmd.ProcessState.ExitCode(), tt.status)
			}
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("Death's error has more than one line: %q", err)
			}
			// The child never holds much more than its limit (the mapped
			// file's pages apart, which the peak counts).
			if rss := PeakRSS(cmd.ProcessState); rss > testLimit+100<<20 && tt.mode != "test-mapped" {
				t.Errorf("peak RSS %d MB, limit %d MB", rss>>20, testLimit>>20)
			}
			t.Logf("%s: %v, peak RSS %d MB", tt.mode, err, PeakRSS(cmd.ProcessState)>>20)
		})
	}
}

func TestReportLine(t *testing.T) {
	tests := []struct{ text, want string }{
		{"", ""},
		{"hello\n", ""},
		{"fatal error: runtime: out of memory\n\nruntime stack:\n", "fatal error: runtime: out of memory"},
		{"runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n", "fatal error: stack overflow"},
		{"panic: boom\n\ngoroutine 1 [running]:\n", "panic: boom"},
		{"runtime/cgo: pthread_create failed: Resource temporarily unavailable\nSIGABRT: abort\n", "runtime/cgo: pthread_create failed: Resource temporarily unavailable"},
	}
	for _, tt := range tests {
		if got := reportLine([]byte(tt.text)); got != tt.want {
			t.Errorf("reportLine(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestNotStarted(t *testing.T) {
	cmd := exec.Command("/nonexistent/program")
	err := Death(cmd.Run(), nil, testLimit)
	var exit *exec.ExitError
	if err == nil || errors.As(err, &exit) {
		t.Fatalf("Death = %v, want the start error", err)
	}
}

func TestRuntimeTextKeepsTheStart(t *testing.T) {
	var text RuntimeText
	text.Write([]byte("fatal error: runtime: out of memory\n"))
	for range 1000 {
		if n, err := text.Write([]byte(strings.Repeat("x", 100) + "\n")); n != 101 || err != nil {
			t.Fatal(n, err)
		}
	}
	if len(text.Bytes()) != runtimeTextKept || !strings.HasPrefix(string(text.Bytes()), "fatal error") {
		t.Errorf("kept %d bytes starting %.20q", len(text.Bytes()), text.Bytes())
	}
}
