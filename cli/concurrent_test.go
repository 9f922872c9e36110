package cli

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// senteBinary is this test binary under the name sente, which runs it as
// main (see TestMain), and a command of it with args.
func senteBinary(t *testing.T) func(args ...string) *exec.Cmd {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "sente")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(self, bin); err != nil {
		t.Fatal(err)
	}
	return func(args ...string) *exec.Cmd {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "SENTE_PROGRESS_EVERY=off")
		return cmd
	}
}

// ran is a command's exit status and output, once it has run.
type ran struct {
	status         int
	stdout, stderr string
}

// start starts cmd and returns what waits for it.
func start(t *testing.T, cmd *exec.Cmd) func() ran {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return func() ran {
		cmd.Wait()
		return ran{cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()}
	}
}

var positionsLine = regexp.MustCompile(`(?m)^  positions .*$`)

// TestConcurrentSolvesOfOneGame: two solves of one game into one store,
// the second started at random moments of the first, many times over:
// the second waits for the first, both succeed with the same answer, and
// the tables are those of a solve alone, byte for byte, with no temporary
// left. (The second used to remove the temporary file the first was
// writing, whose rename then failed.)
func TestConcurrentSolvesOfOneGame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips racing solves of one game eight times (about 30 s)")
	}
	sente := senteBinary(t)
	const spec = "connect4:w=5,h=4"
	solve := func(dir string) *exec.Cmd { return sente("solve", spec, "--engine", "tiers", "--store", dir) }
	clean := filepath.Join(t.TempDir(), "clean")
	began := time.Now()
	alone := start(t, solve(clean))()
	took := time.Since(began)
	if alone.status != 0 {
		t.Fatalf("a solve alone: status %d\n%s", alone.status, alone.stderr)
	}
	want := positionsLine.FindString(alone.stdout)
	wantFiles := tierFiles(t, clean, true)
	for round := range 8 {
		dir := filepath.Join(t.TempDir(), fmt.Sprint(round))
		first := start(t, solve(dir))
		time.Sleep(time.Duration(rand.Int64N(int64(took) * 3 / 2)))
		second := start(t, solve(dir))()
		for i, r := range []ran{first(), second} {
			if r.status != 0 || positionsLine.FindString(r.stdout) != want {
				t.Errorf("round %d, solve %d: status %d, %q (want %q)\n%s", round, i+1, r.status, positionsLine.FindString(r.stdout), want, r.stderr)
			}
		}
		got := tierFiles(t, dir, true)
		if len(got) != len(wantFiles) {
			t.Errorf("round %d: %d tier files, want %d", round, len(got), len(wantFiles))
		}
		for name, b := range wantFiles {
			if !bytes.Equal(got[name], b) {
				t.Errorf("round %d: %s differs from a solve alone's", round, name)
			}
		}
	}
}

// TestStoreRmDuringSolve: sente store rm at random moments of a solve of
// the same game, many times over: the solve always succeeds; store rm
// either removes the game's tables whole or, while the solve writes them,
// says so and removes nothing (status 1); and what the store holds in the
// end is none of the game, or its whole tables, never a part.
func TestStoreRmDuringSolve(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips removing a game's tables during its solve eight times (about 30 s)")
	}
	sente := senteBinary(t)
	const spec = "connect4:w=5,h=4"
	solve := func(dir string) *exec.Cmd { return sente("solve", spec, "--engine", "tiers", "--store", dir) }
	clean := filepath.Join(t.TempDir(), "clean")
	began := time.Now()
	if r := start(t, solve(clean))(); r.status != 0 {
		t.Fatalf("a solve alone: status %d\n%s", r.status, r.stderr)
	}
	took := time.Since(began)
	wantFiles := tierFiles(t, clean, true)
	refused, removed := 0, 0
	for round := range 8 {
		dir := filepath.Join(t.TempDir(), fmt.Sprint(round))
		solving := start(t, solve(dir))
		time.Sleep(time.Duration(rand.Int64N(int64(took) * 3 / 2)))
		rm := start(t, sente("store", "rm", spec, "--store", dir))()
		solved := solving()
		if solved.status != 0 {
			t.Errorf("round %d: the solve: status %d\n%s", round, solved.status, solved.stderr)
		}
		switch {
		case rm.status == 0 && rm.stdout == "removed the stored tables of connect4:w=5,h=4,k=4\n":
			removed++
		case rm.status == 1 && strings.Contains(rm.stderr, "a solve is writing them; stop that solve, or remove them once it is done"):
			refused++
		case rm.status == 2 && strings.Contains(rm.stderr, "no stored tables"):
			// Before the solve made the directory.
		default:
			t.Errorf("round %d: store rm: status %d\nstdout: %s\nstderr: %s", round, rm.status, rm.stdout, rm.stderr)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				t.Errorf("round %d: %s left in the store", round, e.Name())
			}
		}
		if len(entries) == 0 {
			continue
		}
		got := tierFiles(t, dir, true)
		if len(got) != len(wantFiles) {
			t.Errorf("round %d: %d tier files, want none or %d", round, len(got), len(wantFiles))
			continue
		}
		for name, b := range wantFiles {
			if !bytes.Equal(got[name], b) {
				t.Errorf("round %d: %s differs from a solve alone's", round, name)
			}
		}
	}
	t.Logf("store rm removed the tables %d times, refused %d times", removed, refused)
}
