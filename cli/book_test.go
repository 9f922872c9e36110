package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBookInterruptedResumes: Ctrl-C stops 'sente book' with exit status
// 130, saying how many positions it saved, and the build run again goes
// on from them rather than from nothing, then verifies.
func TestBookInterruptedResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips interrupting a book's build (about 3 s)")
	}
	sente := senteBinary(t)
	dir := filepath.Join(t.TempDir(), "st")
	args := []string{"book", "connect4:w=5,h=4", "--plies", "8", "--store", dir}
	saved := regexp.MustCompile(`book stopped with ([0-9,]+) of its 16,465 positions valued and saved; 'sente book connect4:w=5,h=4 --plies 8 --store \S+' goes on from there\nsente: interrupted\n$`)
	var got string
	for _, wait := range []time.Duration{800 * time.Millisecond, 400 * time.Millisecond, 200 * time.Millisecond} {
		cmd := sente(args...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(wait)
		cmd.Process.Signal(syscall.SIGINT)
		err := cmd.Wait()
		var exit *exec.ExitError
		if err == nil {
			os.RemoveAll(dir) // finished before the interrupt: sooner
			continue
		}
		if !errors.As(err, &exit) || exit.ExitCode() != 130 {
			t.Fatalf("interrupted: %v, want exit status 130\n%s", err, stderr.String())
		}
		m := saved.FindStringSubmatch(stderr.String())
		if m == nil {
			t.Fatalf("stderr %q does not say what was saved", stderr.String())
		}
		got = m[1]
		break
	}
	if got == "" {
		t.Skip("the build finished before each interrupt")
	}
	t.Logf("interrupted with %s positions saved", got)
	out, err := sente(args...).CombinedOutput()
	if err != nil {
		t.Fatalf("run again: %v\n%s", err, out)
	}
	if got != "0" && !strings.Contains(string(out), "\n  resumed: "+got+" positions valued by an earlier build\n") {
		t.Errorf("the build run again does not go on from the %s positions saved:\n%s", got, out)
	}
	out, err = sente("book", "connect4:w=5,h=4", "--verify", "--sample", "50", "--store", dir).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "is sound: 16,465 positions") {
		t.Errorf("verify: %v\n%s", err, out)
	}
}
