package web

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// TestTierSolves: a built-in game the tier engine answers faster (or the
// hashing engine could not fit in the budget) is solved by the tier engine,
// as the answer layer chooses: its tables stored, and answered from them
// from then on, by this server and by the next; without a store, held in
// memory.
func TestTierSolves(t *testing.T) {
	testmode.SkipShort(t, "connect four 5×4 solved by the tier engine in the server, two CPU-seconds")
	const spec = "connect4:w=5,h=4" // 160.8M by the hashing engine's estimate
	cfg := Config{Memory: 256 << 20}
	s := newTestServer(t, cfg)
	if info := ready(t, s.Handler(), spec, ""); info.Value != sente.Tie || remoteness(info.Remoteness) != 20 {
		t.Fatalf("without a store: %s in %d, want a tie in 20", info.Value, remoteness(info.Remoteness))
	}
	s.cache.mu.Lock()
	j := s.cache.jobs[spec]
	s.cache.mu.Unlock()
	if j == nil || j.ans == nil || j.ans.Engine != answer.Tiers {
		t.Fatalf("without a store: %+v, want the tier engine's answer", j)
	}

	tables := store.Store{Dir: t.TempDir()}
	cfg.Tables = &tables
	h := newTestServer(t, cfg).Handler()
	info := ready(t, h, spec, "")
	if info.Value != sente.Tie || remoteness(info.Remoteness) != 20 {
		t.Fatalf("%s: %s in %d, want a tie in 20", spec, info.Value, remoteness(info.Remoteness))
	}
	next := ready(t, h, spec, info.Moves[0].Position)
	if next.Value == sente.Unknown || len(next.Moves) == 0 {
		t.Fatalf("after a move: %+v", next)
	}
	if games, err := tables.List(); err != nil || len(games) != 1 || games[0].Spec != "connect4:w=5,h=4,k=4" {
		t.Fatalf("the store holds %+v (%v)", games, err)
	}
	// A new server answers from the stored tables at once.
	h = newTestServer(t, cfg).Handler()
	if again := position(t, h, spec, ""); again.Status != "ready" || again.Value != sente.Tie {
		t.Fatalf("a new server: %+v", again)
	}
}

// TestTierSolveStoreUnusable: a server whose store cannot be made (a file
// where its directory belongs) fails a big game's solve as its own
// failure, 500, naming the store, and still answers small games.
func TestTierSolveStoreUnusable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "sente")
	if err := os.WriteFile(file, []byte("not a store"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newTestServer(t, Config{Memory: 256 << 20, Tables: &store.Store{Dir: file}}).Handler()
	deadline := time.Now().Add(60 * time.Second)
	for {
		code, _, body := get(t, h, "/api/position?game=connect4:w%3D5,h%3D4")
		if code == 200 && strings.Contains(body, `"status":"ready"`) {
			t.Fatalf("a store that is a file: ready: %s", body)
		}
		if code != 200 {
			if code != 500 || !strings.Contains(body, file) {
				t.Fatalf("a store that is a file: status %d: %s", code, body)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("still solving: %s", body)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if info := ready(t, h, "tictactoe", ""); info.Value != sente.Tie {
		t.Fatalf("tic-tac-toe after the failure: %+v", info)
	}
}

// TestTierProgressNeverGoesBack: the one figure a tiered solve shows on
// the page goes on through every tier and every pass of the solve, never
// back, and ends whole: teeko's showed 98%, then 68%, 92%, 63% as the
// count of the positions its classes stand for started each tier again.
// Its total is fixed from the first report, so that the time left is that
// of the whole solve.
func TestTierProgressNeverGoesBack(t *testing.T) {
	for _, spec := range []string{"teeko:n=4,pieces=2", "quixo:n=3", "connect4:w=4,h=3"} {
		t.Run(spec, func(t *testing.T) {
			g, err := games.Default.Open(spec)
			if err != nil {
				t.Fatal(err)
			}
			j := &job{}
			report := tierProgress(j)
			var last, total int64
			reports := 0
			_, err = tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Workers: 2, Progress: func(p solve.Progress) {
				report(p)
				done, all := j.progDone.Load(), j.progAll.Load()
				if all == 0 {
					return
				}
				reports++
				if total != 0 && all != total {
					t.Fatalf("after %s of tier %d: the total went from %d to %d", p.Phase, p.Tier, total, all)
				}
				if done < last {
					t.Fatalf("after %s of tier %d (%d of %d): %d of %d done, down from %d", p.Phase, p.Tier, p.Done, p.Total, done, all, last)
				}
				last, total = done, all
			}})
			if err != nil {
				t.Fatal(err)
			}
			if reports == 0 || last != total {
				t.Errorf("%d reports, the last %d of %d done; want the whole done at the end", reports, last, total)
			}
		})
	}
}

// TestReducedGamesAsTheCommandLine: a reduced headline game is solved by
// the engine the command line takes for it (five men's morris and Gobblet
// with two sizes by the tier engine, 20 times as fast as the hashing
// engine the server used to force on them), its tables kept in the store,
// and a restarted server answers from them at once, without solving again.
func TestReducedGamesAsTheCommandLine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips solving Gobblet with two sizes and five men's morris (about 5 CPU-seconds)")
	}
	tables := store.Store{Dir: t.TempDir()}
	for _, spec := range []string{"gobblet:sizes=2", "morris:board=five"} {
		s := newTestServer(t, Config{Tables: &tables})
		info := ready(t, s.Handler(), spec, "")
		if info.Value != sente.Draw {
			t.Errorf("%s: %v, want a draw", spec, info.Value)
		}
		s.cache.mu.Lock()
		j := s.cache.jobs[spec]
		s.cache.mu.Unlock()
		b, g := bindGame(t, spec)
		cli, err := answer.PlanOf(g, answer.Options{Tables: &tables, Name: b.Canonical(), MaxMemory: 16 << 30})
		if err != nil {
			t.Fatal(err)
		}
		if j == nil || j.ans == nil || j.ans.Engine != answer.Tiers || cli.Engine != answer.Tiers {
			t.Fatalf("%s: the server's answer %+v, the command line's engine %v; want the tier engine for both", spec, j, cli.Engine)
		}
		// A restart: answered from the store, no solve.
		again := newTestServer(t, Config{Tables: &tables})
		start := time.Now()
		if info := position(t, again.Handler(), spec, ""); info.Status != "ready" || info.Value != sente.Draw {
			t.Errorf("%s after a restart: %+v", spec, info)
		}
		again.cache.mu.Lock()
		j = again.cache.jobs[spec]
		again.cache.mu.Unlock()
		if j == nil || j.lane != nil {
			t.Errorf("%s after a restart: solved again (%+v)", spec, j)
		}
		t.Logf("%s after a restart: answered in %v", spec, time.Since(start))
	}
}
