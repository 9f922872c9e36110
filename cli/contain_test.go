package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/solve"
)

// TestMain lets the test binary be the child of the commands run by
// runSandboxed: in a child, sandbox.Init runs the command and exits. It
// also makes the binary the sente of the scripts under testdata/script
// (see TestScript): run under that name, it is main. sandbox.Init comes
// first, so that the child a scripted sente starts (this binary again,
// named sente) runs as a child and not as a second sente.
func TestMain(m *testing.M) {
	sandbox.Init()
	// Solved tables go to a cache of the tests' own, never the user's.
	if dir, err := os.MkdirTemp("", "sente-test-cache-"); err == nil {
		os.Setenv("XDG_CACHE_HOME", dir)
	}
	// No progress, and no plan told after a solve's first seconds: what
	// a test finds on stderr does not depend on the machine's speed, as
	// for the scripts. A test that wants progress sets an interval.
	if os.Getenv("SENTE_PROGRESS_EVERY") == "" {
		os.Setenv("SENTE_PROGRESS_EVERY", "off")
	}
	testscript.Main(m, map[string]func(){"sente": func() { Main() }})
}

// runSandboxed runs the command as main does: in a child process (this
// test binary again) under --max-memory.
func runSandboxed(t *testing.T, args ...string) result {
	t.Helper()
	return runSandboxedCtx(t, context.Background(), args...)
}

// runSandboxedCtx is runSandboxed under ctx, as Ctrl-C cancels it.
func runSandboxedCtx(t *testing.T, ctx context.Context, args ...string) result {
	t.Helper()
	if !sandbox.Supported() {
		t.Skip("no hard memory limits here")
	}
	var stdout, stderr bytes.Buffer
	status := process{supervise: true}.run(ctx, args, strings.NewReader(""), &stdout, &stderr, false)
	return result{status, stdout.String(), stderr.String()}
}

// childrenPeakRSS is the most resident memory any finished child of this
// process held.
func childrenPeakRSS(t *testing.T) uint64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		t.Fatal(err)
	}
	return uint64(ru.Maxrss) << 10
}

// TestHostileRulesFiles runs rules files that ask for unbounded memory or
// time in one step: each ends with a one-line error naming the file and
// status 2, soon, without holding much more than --max-memory.
func TestHostileRulesFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this sandbox memory test: rules files that ask for unbounded memory or time (about 5 s)")
	}
	const limit = 128 << 20
	tests := []struct {
		file, want string
		args       []string
	}{
		{"biglist.star", "biglist.star: the rules file's code needed more memory than --max-memory=128M allows", nil},
		{"doubling.star", "doubling.star: the rules file's code needed more memory than --max-memory=128M allows", nil},
		{"recursion.star", "recursion.star: ", nil},
		// Stopped at a step's end, or, one step outlasting the grace, by the watch.
		{"squaring.star", "start(…): one call ran longer than 200ms", []string{"--call-time", "200ms"}},
		// One step outlasting the time limit and its grace: the watch ends
		// the child; on a machine quick enough to finish the step within
		// the grace, it is stopped at the step's end, as squaring is.
		{"digits.star", "start(…): one call ran longer than 100ms", []string{"--call-time", "100ms"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", "rules", "hostile", tt.file)
			start := time.Now()
			r := runSandboxed(t, append([]string{"solve", path, "--max-memory", "128M"}, tt.args...)...)
			took := time.Since(start)
			if r.status != 2 || r.stdout != "" {
				t.Errorf("status %d, stdout %q; want 2 and nothing", r.status, r.stdout)
			}
			if !strings.HasPrefix(r.stderr, "sente: ") || !strings.Contains(r.stderr, tt.file) ||
				!strings.Contains(strings.Replace(r.stderr, "():", "(…):", 1), tt.want) || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("stderr %q, want one line with %q", r.stderr, tt.want)
			}
			if took > 15*time.Second {
				t.Errorf("took %v", took)
			}
			peak := childrenPeakRSS(t)
			if peak > limit+100<<20 {
				t.Errorf("a child held %d MB, more than --max-memory=128M and 100 MB", peak>>20)
			}
			t.Logf("%s: %v, children's peak RSS so far %d MB: %s", tt.file, took.Round(time.Millisecond), peak>>20, strings.TrimSpace(r.stderr))
		})
	}
}

// TestLateErrorLeavesNothing: a rules file whose code fails only at the
// last position shown ends with status 2 and leaves nothing on stdout and
// no file created or replaced, in the process. (In a child, as the real
// program runs it: testdata/script/sandbox.txtar.)
func TestLateErrorLeavesNothing(t *testing.T) {
	const file = "testdata/rules/late.star"
	want := "sente: " + file + ":19:13: show(30): fail: no way to show the last position\n"
	dir := t.TempDir()
	old := filepath.Join(dir, "old.csv")
	if err := os.WriteFile(old, []byte("the old table\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"table", file},
		{"table", file, "--format", "jsonl"},
		{"table", file, "--out", filepath.Join(dir, "new.csv")},
		{"table", file, "--out", old},
		{"moves", file, "at 29"},
		{"picture", "graph", file, "-o", filepath.Join(dir, "new.dot")},
	} {
		r := runCLI(t, context.Background(), "", args...)
		if r.status != 2 || r.stdout != "" || r.stderr != want {
			t.Errorf("sente %s: status %d, stdout %.60q, stderr %q; want 2, nothing, %q", strings.Join(args, " "), r.status, r.stdout, r.stderr, want)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "old.csv" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the directory holds %v, want only old.csv", names)
	}
	if b, _ := os.ReadFile(old); string(b) != "the old table\n" {
		t.Errorf("old.csv now holds %.40q", b)
	}
}

// TestSpool: output past what a spool keeps in memory moves to a file and
// comes back whole.
func TestSpool(t *testing.T) {
	var s spool
	defer s.close()
	var want bytes.Buffer
	line := []byte(strings.Repeat("a position, its value and more, ", 40) + "\n")
	for want.Len() <= 2*spoolMemory {
		s.Write(line)
		want.Write(line)
	}
	if s.file == nil {
		t.Fatalf("%d bytes still in memory", s.mem.Len())
	}
	var got bytes.Buffer
	if err := s.copyTo(&got); err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("copyTo: %v, %d bytes back of %d", err, got.Len(), want.Len())
	}
}

// TestDeathMessage: a child's death is one line with the status of its
// cause. Out of memory, the child's last word on its work says whose
// fault it was: the solve's, which had grown to most of the limit while it
// advanced (1, with how far it came), or a rules file's code, which asked
// for the memory before the solve held a quarter of the limit (2).
func TestDeathMessage(t *testing.T) {
	const limit = 8 << 30
	const gb = 1 << 30
	exploring := workState{Phase: "exploring", Done: 14_000_000, Held: 6 * gb, SolveHeld: 6 * gb}
	tiered := workState{Phase: "solving", Tier: 12, Tiered: true, Tiers: true, Done: 3_500_000, Total: 9_100_000, Held: 7 * gb, SolveHeld: 7 * gb}
	stalled := workState{Phase: "exploring", Done: 1000, Held: 200 << 20, SolveHeld: 100 << 20}
	tests := []struct {
		name   string
		death  error
		file   string
		state  workState
		want   string
		status int
	}{
		{"file's code, nothing solved", &sandbox.LimitError{Limit: limit}, "loop.star", workState{}, "loop.star: the rules file's code needed more memory than --max-memory=8G allows", 2},
		{"file's code, the solve small", &sandbox.LimitError{Limit: limit}, "loop.star", stalled, "loop.star: the rules file's code needed more memory than --max-memory=8G allows", 2},
		{"the solve of a file", &sandbox.LimitError{Limit: limit}, "big.star", exploring, "the solve of big.star ran out of memory: 14.0 million positions explored, 6G held, over --max-memory=8G; a tier() in the file or a larger --max-memory lets it go further", 1},
		// An array doubled at 2.5G of 8G holds 7.5G, then dies asking for
		// more: the solve's growth, not the file's code.
		{"the solve at a third of the limit", &sandbox.LimitError{Limit: limit}, "big.star", workState{Phase: "exploring", Done: 14_000_000, Held: 5 * gb / 2, SolveHeld: 5 * gb / 2}, "the solve of big.star ran out of memory: 14.0 million positions explored, 2.5G held, over --max-memory=8G; a tier() in the file or a larger --max-memory lets it go further", 1},
		{"the watch's figure", &sandbox.LimitError{Limit: limit, Resident: 8*gb + 40<<20}, "big.star", exploring, "the solve of big.star ran out of memory: 14.0 million positions explored, 8G held, over --max-memory=8G; a tier() in the file or a larger --max-memory lets it go further", 1},
		{"a file with tiers, solved without", &sandbox.LimitError{Limit: limit}, "big.star", workState{Phase: "exploring", Done: 14_000_000, Tiers: true, Held: 6 * gb, SolveHeld: 6 * gb}, "the solve of big.star ran out of memory: 14.0 million positions explored, 6G held, over --max-memory=8G; smaller parameters or a larger --max-memory let it go further", 1},
		{"a tiered file", &sandbox.LimitError{Limit: limit}, "big.star", tiered, "the solve of big.star ran out of memory: tier 12, solving: 3.5 million of 9.1 million positions, 7G held, over --max-memory=8G; smaller parameters or a larger --max-memory let it go further", 1},
		{"a built-in game", &sandbox.LimitError{Limit: limit}, "", exploring, "memory limit reached: the solve ran out of memory: 14.0 million positions explored, 6G held, over --max-memory=8G; choose smaller parameters or raise --max-memory", 1},
		{"a built-in game, no progress", &sandbox.LimitError{Limit: limit, Resident: 8 * gb}, "", workState{}, "memory limit reached: the process held 8G, more than --max-memory=8G; choose smaller parameters or raise --max-memory", 1},
		{"a crash in a file", &sandbox.CrashError{Line: "fatal error: stack overflow"}, "deep.star", exploring, "deep.star: the rules file's code crashed sente (fatal error: stack overflow)", 2},
		{"a crash", &sandbox.CrashError{Line: "panic: oops"}, "", workState{}, "internal error, please report it: panic: oops", 1},
		{"a signal", &sandbox.SignalError{Signal: syscall.SIGKILL}, "", workState{}, "the work was ended by a signal (killed); the system may have run out of memory", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, status := deathMessage(tt.death, tt.file, limit, tt.state)
			if got != tt.want || status != tt.status {
				t.Errorf("deathMessage(%v, %q) = %q, %d; want %q, %d", tt.death, tt.file, got, status, tt.want, tt.status)
			}
			// What the parent reads of the child's state is what it wrote.
			if back, ok := parseState(tt.state.line()); !ok || back != tt.state {
				t.Errorf("parseState(%q) = %+v, %v", tt.state.line(), back, ok)
			}
		})
	}
	// Without a limit, the system's memory ran out.
	for _, tt := range []struct {
		death  error
		file   string
		want   string
		status int
	}{
		{&sandbox.LimitError{}, "loop.star", "loop.star: the rules file's code needed more memory than the system could give", 2},
		{&sandbox.LimitError{}, "", "out of memory: the work needed more memory than the system could give; choose smaller parameters", 1},
	} {
		got, status := deathMessage(tt.death, tt.file, 0, workState{})
		if got != tt.want || status != tt.status {
			t.Errorf("deathMessage(%v, %q) = %q, %d; want %q, %d", tt.death, tt.file, got, status, tt.want, tt.status)
		}
	}
}

// TestStateSampler: memory held while the engine advances is the solve's;
// memory asked for while it stands still (one call of a rules file's
// functions) is not.
func TestStateSampler(t *testing.T) {
	var s stateSampler
	s.note(solve.Progress{Phase: solve.PhaseExploring, Done: 10})
	if st := s.sample(100); st.SolveHeld != 100 || st.Held != 100 {
		t.Errorf("after progress: %+v, want the solve to hold 100", st)
	}
	s.note(solve.Progress{Phase: solve.PhaseExploring, Done: 20})
	s.sample(200)
	st := s.sample(5000) // no progress since: inside one call
	if st.SolveHeld != 200 || st.Held != 5000 {
		t.Errorf("standing still: %+v, want the solve at 200 of 5000 held", st)
	}
	for _, bad := range []string{"", "1 2 3", "a 2 3 4 5 0 exploring", "1 -2 3 4 5 0 x", "1 2 3 4 5 2 x"} {
		if _, ok := parseState(bad); ok {
			t.Errorf("parseState(%q) accepted", bad)
		}
	}
}

// TestSandboxedInterrupted: Ctrl-C while a child works ends it with status
// 130, one line, and nothing on stdout.
func TestSandboxedInterrupted(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := runSandboxedCtx(t, ctx, "table", "connect4:w=5,h=5")
	if r.status != 130 || r.stdout != "" || r.stderr != "sente: interrupted\n" {
		t.Errorf("status %d, stdout %.40q, stderr %q; want 130, nothing, %q", r.status, r.stdout, r.stderr, "sente: interrupted\n")
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %v to stop", took)
	}
}

// TestRulesFileNotRegular: a .star path that is not a regular file (a
// named pipe, which would block a reader, a device, a directory, or a
// symbolic link to one) is refused at once: one line, status 2, nothing on
// stdout.
func TestRulesFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.star")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "dir.star"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(fifo, filepath.Join(dir, "link.star")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/null", filepath.Join(dir, "null.star")); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ file, kind string }{
		{"pipe.star", "a named pipe"},
		{"link.star", "a named pipe"},
		{"dir.star", "a directory"},
		{"null.star", "a character device"},
	}
	for _, tt := range tests {
		for _, command := range []string{"solve", "describe"} {
			t.Run(tt.file+"/"+command, func(t *testing.T) {
				path := filepath.Join(dir, tt.file)
				done := make(chan result, 1)
				go func() { done <- runCLI(t, context.Background(), "", command, path) }()
				var r result
				select {
				case r = <-done:
				case <-time.After(10 * time.Second):
					t.Fatal("still waiting after 10 s: the file was read")
				}
				want := "sente: " + path + ": " + tt.kind + ", not a regular file; a rules file is a regular file of Starlark code ending in .star\n"
				if r.status != 2 || r.stdout != "" || r.stderr != want {
					t.Errorf("status %d, stdout %q, stderr %q; want 2, nothing, %q", r.status, r.stdout, r.stderr, want)
				}
			})
		}
	}
}
