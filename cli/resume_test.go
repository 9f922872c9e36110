package cli

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente/store"
)

// TestKilledRulesSolveResumes solves a rules file on the tier engine,
// killing the solve with SIGKILL at random moments (sampling, finding
// positions, solving tiers) and running it again each time: the tables it
// ends with are those of a solve never killed, file for file, and the
// verifier passes them.
func TestKilledRulesSolveResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips killing a solve three times (about 10 s)")
	}
	bin := filepath.Join(t.TempDir(), "sente")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// Run under the name sente, this test binary is main (see TestMain).
	if err := os.Symlink(self, bin); err != nil {
		t.Fatal(err)
	}
	spec := "../examples/domineering.star:w=5,h=5"
	sente := func(args ...string) *exec.Cmd {
		cmd := exec.Command(bin, args...)
		cmd.Env = os.Environ()
		return cmd
	}
	solve := func(store string) *exec.Cmd {
		return sente("solve", spec, "--engine", "tiers", "--store", store)
	}

	fresh := filepath.Join(t.TempDir(), "fresh")
	if out, err := solve(fresh).CombinedOutput(); err != nil {
		t.Fatalf("a solve from nothing: %v\n%s", err, out)
	}
	killed := filepath.Join(t.TempDir(), "killed")
	for round := range 3 {
		cmd := solve(killed)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(500+rand.IntN(1500)) * time.Millisecond)
		cmd.Process.Kill() // SIGKILL, to the parent: its child sees its pipe close
		cmd.Wait()
		files := 0
		if _, err := os.Stat(killed); err == nil {
			files = len(tierFiles(t, killed, false))
		}
		t.Logf("round %d: killed with %d tier files stored", round, files)
	}
	if out, err := solve(killed).CombinedOutput(); err != nil {
		t.Fatalf("the solve run again: %v\n%s", err, out)
	}

	freshFiles, killedFiles := tierFiles(t, fresh, true), tierFiles(t, killed, true)
	if len(freshFiles) == 0 || len(freshFiles) != len(killedFiles) {
		t.Fatalf("%d files from nothing, %d after the kills", len(freshFiles), len(killedFiles))
	}
	for name, want := range freshFiles {
		if got, ok := killedFiles[name]; !ok || !bytes.Equal(got, want) {
			t.Errorf("%s differs after the kills (present %v)", name, ok)
		}
	}
	out, err := sente("verify", spec, "--store", killed).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "the stored table is consistent: 455317 positions") {
		t.Errorf("verify after the kills: %v\n%s", err, out)
	}
}

// tierFiles reads the tier files under a store, by name within their game:
// keys, values and reachable ranks (the manifest and the timings differ).
// Finished fails on a temporary file left behind, which a process killed
// leaves until the store is opened again.
func tierFiles(t *testing.T, store string, finished bool) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	games, err := os.ReadDir(store)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		entries, err := os.ReadDir(filepath.Join(store, g.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if finished && strings.HasPrefix(e.Name(), ".") {
				t.Errorf("%s left in %s", e.Name(), g.Name())
			}
			if !strings.HasPrefix(e.Name(), "tier-") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(store, g.Name(), e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files[g.Name()+"/"+e.Name()] = b
		}
	}
	return files
}

// TestStoreListsSolveUnderWay: a solve stopped in its forward pass, which
// has stored the reachable ranks of some tiers but no values yet, is
// listed with the disk it takes and what is left to solve.
func TestStoreListsSolveUnderWay(t *testing.T) {
	dir := t.TempDir()
	gs, err := store.Store{Dir: dir}.Game("connect4:w=4,h=3,k=4")
	if err != nil {
		t.Fatal(err)
	}
	if err := gs.Write(0, store.Reachable, make([]byte, 8), store.Counts{Positions: 1}); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, context.Background(), "", "store", "list", "--store", dir)
	if r.status != 0 || !strings.Contains(r.stdout, "connect4:w=4,h=3,k=4") || !strings.Contains(r.stdout, "incomplete: 13 of 13 tiers to solve") {
		t.Errorf("status %d, stdout:\n%s\nstderr:\n%s", r.status, r.stdout, r.stderr)
	}
}
