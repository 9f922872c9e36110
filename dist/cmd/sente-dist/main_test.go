package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// binary is sente-dist for the tests that run it: this test binary, which
// TestMain makes sente-dist in the processes the tests start. Building
// sente-dist apart would link Beam's dependencies once more, ten
// CPU-seconds.
func binary(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return self
}

// beDist, set in the environment of the processes the tests start, makes
// the test binary sente-dist.
const beDist = "SENTE_DIST_TEST_IS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(beDist) == "1" {
		// The flags of the test binary (-test.v and the like) are not
		// sente-dist's.
		fs := flag.NewFlagSet(os.Args[0], flag.ExitOnError)
		flag.CommandLine.VisitAll(func(f *flag.Flag) {
			if !strings.HasPrefix(f.Name, "test.") {
				fs.Var(f.Value, f.Name, f.Usage)
			}
		})
		flag.CommandLine = fs
		main()
		return
	}
	os.Setenv(beDist, "1")
	os.Exit(m.Run())
}

func runDist(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), errOut.String(), code
}

// TestBadInput: a mistake gets one line on stderr, nothing on stdout, and
// status 2, before any pipeline runs or any file is written.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "name one game"},
		{[]string{"connect4", "quixo"}, "name one game"},
		{[]string{"--shard_rank=4", "connect4"}, "flag provided but not defined: -shard_rank"},
		{[]string{"--shard_ranks=100", "connect4"}, "100 ranks a shard: a shard takes a multiple of 64 ranks"},
		{[]string{"connect5"}, `unknown game "connect5" (did you mean connect4?)`},
		{[]string{"connect4:w=99"}, "connect4"},
		{[]string{"dawson"}, "the game has no dense tier ranks"},
		{[]string{"--runner=flink", "--endpoint=localhost:1", "connect4"}, "is a local directory, which the flink runner's workers on other machines do not see"},
		{[]string{"--async", "connect4"}, "--async is not for sente-dist"},
		{[]string{"connect4"}, "connect4:w=7,h=6,k=4 on Prism would hold about 305T of memory (40 bytes a rank of its largest tier, 8385425017200 ranks)"},
	} {
		stdout, stderr, code := runDist(t, append([]string{"--store", dir}, tc.args...)...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) || !strings.HasPrefix(stderr, "sente-dist: ") {
			t.Errorf("sente-dist %v: status %d, stdout %q, stderr %q; want status 2, nothing on stdout, one line saying %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("bad input left %d entries in the store", len(entries))
	}
}

func TestHelp(t *testing.T) {
	stdout, stderr, code := runDist(t, "--help")
	if code != 0 || !strings.Contains(stdout, "usage: sente-dist [flags] GAME") || stderr != "" {
		t.Errorf("--help: status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// singleMachine stores spec's tables with the tier engine under root and
// returns the game's directory.
func singleMachine(t *testing.T, spec, root string) string {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := store.Store{Dir: root}.Game(spec)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs})
	if err != nil {
		t.Fatal(err)
	}
	sol.Close()
	return gs.Dir
}

func sameFiles(t *testing.T, want, got string) {
	t.Helper()
	entries, err := os.ReadDir(want)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "tier-") && e.Name() != store.ManifestName {
			continue
		}
		n++
		a, _ := os.ReadFile(filepath.Join(want, e.Name()))
		b, err := os.ReadFile(filepath.Join(got, e.Name()))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs from the single machine's (%v)", e.Name(), err)
		}
	}
	got2, _ := os.ReadDir(got)
	for _, e := range got2 {
		if e.Name() != store.ManifestName && !strings.HasPrefix(e.Name(), "tier-") {
			t.Errorf("%s is left in the game's directory", e.Name())
		}
	}
	if n == 0 {
		t.Fatal("no tables to compare")
	}
}

// TestKilledAndRunAgain kills sente-dist (SIGKILL, the whole process with
// Prism in it) at several moments of a solve, then runs the same command
// again: the tables are the single machine's.
func TestKilledAndRunAgain(t *testing.T) {
	if testing.Short() {
		t.Skip("-short leaves out solves killed midway (about 30 s)")
	}
	const spec = "connect4:w=5,h=4,k=4"
	want := singleMachine(t, spec, t.TempDir())
	for _, at := range []time.Duration{600 * time.Millisecond, 1500 * time.Millisecond, 3 * time.Second, 5 * time.Second} {
		root := t.TempDir()
		args := []string{"--store", root, "--shard_ranks", "8192", "--quiet", spec}
		cmd := exec.Command(binary(t), args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(at)
		cmd.Process.Kill()
		cmd.Wait()
		stored, _ := filepath.Glob(filepath.Join(root, "*", "tier-*"))
		stdout, stderr, code := runDist(t, args...)
		if code != 0 {
			t.Fatalf("run again after a kill at %v: status %d: %s", at, code, stderr)
		}
		if !strings.Contains(stdout, "tie in 20 plies") {
			t.Errorf("after a kill at %v: %s", at, stdout)
		}
		sameFiles(t, want, filepath.Join(root, store.DirName(spec)))
		t.Logf("killed at %v with %d files stored; run again: %s", at, len(stored), strings.TrimSpace(stdout[strings.LastIndex(stdout, "pipelines"):]))
	}
}

// TestInterrupted: Ctrl-C stops a solve with a word on stderr and status
// 130, nothing on stdout, and the same command finishes it.
func TestInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("-short leaves out an interrupted solve")
	}
	const spec = "connect4:w=5,h=4,k=4"
	root := t.TempDir()
	args := []string{"--store", root, "--shard_ranks", "8192", "--quiet", spec}
	cmd := exec.Command(binary(t), args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 || out.Len() != 0 || !strings.Contains(errOut.String(), "interrupted") {
		t.Fatalf("interrupted: %v, stdout %q, stderr %q", err, out.String(), errOut.String())
	}
	stdout, stderr, code := runDist(t, args...)
	if code != 0 || !strings.Contains(stdout, "tie in 20 plies") {
		t.Fatalf("run again: status %d\n%s%s", code, stdout, stderr)
	}
}
