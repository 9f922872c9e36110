package dist

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/verify"
)

func TestMain(m *testing.M) {
	beam.Init()
	// Prism tells of every job, and of the steps the tests make fail at
	// length; Solve's errors say what failed.
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	os.Exit(m.Run())
}

// singleMachine solves spec with the tier engine into a store at dir and
// returns the game's directory.
func singleMachine(t *testing.T, spec, dir string) string {
	t.Helper()
	canon, err := canonical(spec)
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.New(canon)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := store.Store{Dir: dir}.Game(canon)
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

// sameTables fails unless two game directories hold the same tier files,
// byte for byte, and the same manifest.
func sameTables(t *testing.T, want, got string) {
	t.Helper()
	names := func(dir string) []string {
		var n []string
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "tier-") || e.Name() == store.ManifestName {
				n = append(n, e.Name())
			}
		}
		return n
	}
	w, g := names(want), names(got)
	if !slices.Equal(w, g) {
		t.Fatalf("files differ:\nsingle machine %v\npipelines      %v", w, g)
	}
	for _, n := range w {
		a, err := os.ReadFile(filepath.Join(want, n))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(got, n))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs: %d bytes on a single machine, %d by the pipelines", n, len(a), len(b))
		}
	}
}

func solveOnPrism(t *testing.T, spec, dir string, shardRanks uint64) *Report {
	t.Helper()
	var log bytes.Buffer
	rep, err := Solve(context.Background(), Options{Game: spec, Store: dir, ShardRanks: shardRanks, Run: prism.Execute, Log: &log})
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	return rep
}

func TestSameTablesAsOneMachine(t *testing.T) {
	for _, tc := range []struct {
		spec       string
		shardRanks uint64
	}{
		{"tictactoe", 256},
		{"chopsticks", 64},
		{"quixo:n=3", 128},
		{"connect4:w=4,h=4", 1024},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			if tc.spec == "chopsticks" || tc.spec == "quixo:n=3" {
				testmode.SkipShort(t, "the games with loops, hundreds of pipelines (TestResumeAfterAFailedWave solves chopsticks)")
			}
			one := singleMachine(t, tc.spec, t.TempDir())
			root := t.TempDir()
			rep := solveOnPrism(t, tc.spec, root, tc.shardRanks)
			sameTables(t, one, rep.Dir)
			t.Logf("%s: %d positions, %d pipelines, %d shuffle bytes, start %v", tc.spec, rep.Positions(), rep.Pipelines, rep.ShuffleBytes(), rep.Start)
			g, _ := games.New(rep.Spec)
			gs, err := store.Store{Dir: root}.Game(rep.Spec)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := verify.Table(context.Background(), g, gs, verify.Options{}); err != nil {
				t.Errorf("sente verify refuses the pipelines' table: %v", err)
			}
			if _, err := os.Stat(filepath.Join(rep.Dir, "work")); !os.IsNotExist(err) {
				t.Errorf("the work directory is left behind (%v)", err)
			}
		})
	}
}

func TestConnectFourFiveByFour(t *testing.T) {
	testmode.SkipShort(t, "connect four 5×4 (4 million positions, ten CPU-seconds on Prism)")
	one := singleMachine(t, "connect4:w=5,h=4", t.TempDir())
	rep := solveOnPrism(t, "connect4:w=5,h=4", t.TempDir(), 1<<16)
	sameTables(t, one, rep.Dir)
	t.Logf("%d positions, %d pipelines, %d shuffle bytes (%v), start %v, %v", rep.Positions(), rep.Pipelines, rep.ShuffleBytes(), rep.Counters, rep.Start, rep.Elapsed)
}

func TestConnectFourSixByFour(t *testing.T) {
	if testing.Short() {
		t.Skip("-short leaves out connect four 6×4 (95 million positions, a minute or two on Prism)")
	}
	one := singleMachine(t, "connect4:w=6,h=4", t.TempDir())
	rep := solveOnPrism(t, "connect4:w=6,h=4", t.TempDir(), 0)
	sameTables(t, one, rep.Dir)
	t.Logf("%d positions, %d pipelines, %d shuffle bytes (%v), start %v, %v", rep.Positions(), rep.Pipelines, rep.ShuffleBytes(), rep.Counters, rep.Start, rep.Elapsed)
}
