package dist

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/store"
)

var errWorkerDied = errors.New("the worker died")

// failAt makes every step named step on tier fail until the test ends.
func failAt(t *testing.T, step string, tier int) {
	h := func(s string, tr int, _ int64) error {
		if s == step && tr == tier {
			return errWorkerDied
		}
		return nil
	}
	testHookShard.Store(&h)
	t.Cleanup(func() { testHookShard.Store(nil) })
}

// storedFiles maps the tier files of a game directory to their
// modification times.
func storedFiles(t *testing.T, dir string) map[string]time.Time {
	t.Helper()
	files := map[string]time.Time{}
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "tier-") {
			info, err := e.Info()
			if err != nil {
				t.Fatal(err)
			}
			files[e.Name()] = info.ModTime()
		}
	}
	return files
}

func middleTier(t *testing.T, spec string, loopy bool) int {
	t.Helper()
	canon, err := canonical(spec)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := openTierGame(canon)
	if err != nil {
		t.Fatal(err)
	}
	var picked []int
	for _, tier := range tg.Order() {
		if tg.Loops(tier) == loopy {
			picked = append(picked, tier)
		}
	}
	if len(picked) == 0 {
		t.Fatalf("%s has no tier with loops=%v", spec, loopy)
	}
	return picked[len(picked)/2]
}

// TestResumeAfterAFailedWave stops a solve with a worker that dies in one
// step of one tier, then runs it again: the tiers stored before are not
// computed again, and the tables are the single machine's. With lostWork
// the work directory is removed in between, as a new cluster's would be.
func TestResumeAfterAFailedWave(t *testing.T) {
	for _, tc := range []struct {
		spec     string
		shards   uint64
		step     string
		loopy    bool
		lostWork bool
	}{
		{"connect4:w=4,h=4", 1024, "fold", false, false},
		{"connect4:w=4,h=4", 1024, "answer", false, true},
		{"connect4:w=4,h=4", 1024, "reach", false, false},
		{"connect4:w=4,h=4", 1024, "reach", false, true},
		{"chopsticks", 64, "loop", true, false},
		{"chopsticks", 64, "finish", true, true},
		{"quixo:n=3", 128, "reach", true, true},
		{"quixo:n=3", 128, "assemble", true, false},
	} {
		name := fmt.Sprintf("%s/%s", tc.spec, tc.step)
		if tc.lostWork {
			name += "/lost-work"
		}
		t.Run(name, func(t *testing.T) {
			if name != "connect4:w=4,h=4/fold" && name != "chopsticks/loop" {
				testmode.SkipShort(t, "the other steps and games: -short fails one step of a tier without loops and one of a tier with")
			}
			one := singleMachine(t, tc.spec, t.TempDir())
			root := t.TempDir()
			tier := middleTier(t, tc.spec, tc.loopy)
			failAt(t, tc.step, tier)
			opt := Options{Game: tc.spec, Store: root, ShardRanks: tc.shards, Run: prism.Execute}
			if _, err := Solve(context.Background(), opt); !errors.Is(err, errWorkerDied) && (err == nil || !strings.Contains(err.Error(), errWorkerDied.Error())) {
				t.Fatalf("a solve whose worker dies in tier %d's %s step: %v", tier, tc.step, err)
			}
			testHookShard.Store(nil)
			canon, _ := canonical(tc.spec)
			dir := filepath.Join(root, store.DirName(canon))
			before := storedFiles(t, dir)
			if _, ok := before[store.FileName(tier, store.Values)]; ok {
				t.Fatalf("tier %d's values are stored though a step of it failed", tier)
			}
			if tc.lostWork {
				if err := os.RemoveAll(filepath.Join(dir, "work")); err != nil {
					t.Fatal(err)
				}
			}
			rep, err := Solve(context.Background(), opt)
			if err != nil {
				t.Fatal(err)
			}
			sameTables(t, one, rep.Dir)
			// The tables are finished at the end (compact, as the tier
			// engine leaves them), so the values stored before the
			// worker died are rewritten once, but not solved again.
			resumed := 0
			for _, r := range rep.Tiers {
				if r.Resumed {
					resumed++
				}
				if _, ok := before[store.FileName(r.Tier, store.Values)]; ok && !r.Resumed {
					t.Errorf("tier %d, stored before the worker died, was solved again", r.Tier)
				}
			}
			t.Logf("failed in tier %d; %d files stored before; %d tiers resumed, %d pipelines after", tier, len(before), resumed, rep.Pipelines)
		})
	}
}

// TestContinuesASingleMachinesTables: tables the tier engine stored in
// part are finished by the pipelines, and a damaged file is solved again.
func TestContinuesASingleMachinesTables(t *testing.T) {
	const spec = "connect4:w=4,h=4,k=4"
	one := singleMachine(t, spec, t.TempDir())
	root := t.TempDir()
	dir := singleMachine(t, spec, root)
	// The first tiers lost, one reachable file too, and a flipped byte in
	// the payload of another.
	for tier := range 5 {
		os.Remove(filepath.Join(dir, store.FileName(tier, store.Values)))
	}
	os.Remove(filepath.Join(dir, store.FileName(2, store.Reachable)))
	damaged := filepath.Join(dir, store.FileName(9, store.Values))
	b, err := os.ReadFile(damaged)
	if err != nil {
		t.Fatal(err)
	}
	b[4096+100] ^= 0x10
	if err := os.WriteFile(damaged, b, 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Solve(context.Background(), Options{Game: spec, Store: root, ShardRanks: 512, Run: prism.Execute})
	if err != nil {
		t.Fatal(err)
	}
	sameTables(t, one, rep.Dir)
	for _, r := range rep.Tiers {
		if want := r.Tier > 4 && r.Tier != 9; r.Resumed != want {
			t.Errorf("tier %d resumed %v, want %v", r.Tier, r.Resumed, want)
		}
	}
}
