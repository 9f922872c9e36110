package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
)

// ask is one GET /api/position: its status, its Retry-After header and
// its body as JSON fields.
func ask(t *testing.T, h http.Handler, spec string) (int, string, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/position?game="+url.QueryEscape(spec), nil))
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("%s: %d %s", spec, rec.Code, rec.Body)
	}
	return rec.Code, rec.Header().Get("Retry-After"), m
}

// untilFailed asks for spec until the answer is not "solving", and returns
// it.
func untilFailed(t *testing.T, h http.Handler, spec string) (int, string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		code, _, m := ask(t, h, spec)
		if code == 200 && m["status"] == "solving" {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		msg, _ := m["error"].(string)
		return code, msg
	}
	t.Fatalf("%s: still solving after 30 s", spec)
	return 0, ""
}

// checkPools checks, once nothing runs, that each lane's pool holds what
// the jobs it keeps and the searches' kept tables (warm.go) reserved, and
// no more than its capacity.
func checkPools(t *testing.T, s *Server) {
	t.Helper()
	c := s.cache
	deadline := time.Now().Add(10 * time.Second)
	for {
		c.mu.Lock()
		busy := false
		for _, l := range c.lanes {
			busy = busy || l.running > 0
		}
		if !busy {
			defer c.mu.Unlock()
			break
		}
		c.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatal("solves still running")
		}
		time.Sleep(10 * time.Millisecond)
	}
	pools := map[*pool]string{}
	for _, l := range c.lanes {
		pools[l.pool] += " " + l.name
	}
	for p, names := range pools {
		var sum int64
		for _, j := range c.jobs {
			if j.lane != nil && j.lane.pool == p {
				sum += j.reserved
			}
		}
		var kept int64
		for _, w := range c.warm {
			if w.pool == p {
				kept += w.bytes
			}
		}
		if p.reserved != sum+kept || sum+kept > p.capacity || sum < 0 {
			t.Errorf("the pool of the%s lanes reserves %d, its jobs %d and the searches' kept tables %d, capacity %d", names, p.reserved, sum, kept, p.capacity)
		}
	}
}

// TestRefusedAtOnce: a game that cannot fit in the budget, and that
// search cannot answer either, is refused before any work, in one line
// from the answer layer: the engine that would answer, its memory and
// disk, the budget and the largest sizes that fit on that engine; no
// solve starts. A game search answers (connect four 7×6, quixo, a 5×5
// tic-tac-toe) is not refused: its position is searched, and the page
// told so while it is. A server with a store (which sente serve always
// has) refuses the same way as one without.
func TestRefusedAtOnce(t *testing.T) {
	for _, stored := range []bool{false, true} {
		// The searches nobody asks for again are stopped soon after.
		cfg := Config{Memory: 6 << 30, Abandon: 2 * time.Second}
		if stored {
			cfg.Tables = &store.Store{Dir: t.TempDir()}
		}
		s := newTestServer(t, cfg)
		h := s.Handler()
		searched := int64(0)
		// Without a store the tier engine would hold its tables in memory:
		// more of it, and smaller sizes.
		for _, c := range []struct {
			spec     string
			want     []string
			searched bool // search answers it instead: want says why
		}{
			{"connect4", map[bool][]string{
				true: {"connect4: up to 70.7 trillion positions", "the tier engine would need about 31T of memory and about 32.1T of disk", "memory budget",
					"on the tier engine, the largest that fit: connect4:w=5,h=6,k=4 (5.2 billion ranks, about 2.7G of memory, about 2.4G of disk) or connect4:w=7,h=4,k=4 (", "search answers the position instead"},
				false: {"connect4: up to 70.7 trillion positions", "the tier engine would need about 63.2T of memory at its peak", "memory budget",
					"on the tier engine, the largest that fit: connect4:w=4,h=6,k=4 (45.3 million ranks, about 52.8M of memory) or connect4:w=7,h=3,k=4 (", "search answers the position instead"},
			}[stored], true},
			{"morris", map[bool][]string{
				true:  {"the tier engine would need about 19.8G of memory and about 12.6G of disk", "on the tier engine, the largest that fit: morris:board=seven (", "search answers the position instead"},
				false: {"the tier engine would need about 32.4G of memory", "on the tier engine, the largest that fit: morris:board=seven (", "search answers the position instead"},
			}[stored], true},
			{"quixo", []string{"the tier engine would need about ", "on the tier engine, the largest that fit: quixo:n=4 (", "search answers the position instead"}, true},
			{"kayles:n=1000", []string{"up to 1.2e+33 positions", "the hashing engine would need more than 4096T of memory", "on the hashing engine, the largest that fit: kayles:n="}, false},
			{"tictactoe:m=5,n=5", []string{"up to 162.0 billion positions", "the tier engine would need", "on the tier engine, the largest that fit: tictactoe:m=4,n=5,k=3 (", "search answers the position instead"}, true},
		} {
			code, _, m := ask(t, h, c.spec)
			if c.searched {
				// Its start is a search far longer than the test, under
				// way when the answer comes, stopped when nobody asks.
				// A quick machine may finish a search within the wait
				// (tic-tac-toe 5×5's start): answered by search, saying
				// why, is as right.
				// A search may also end within the wait by finding that
				// it cannot answer (morris: a position met twice before
				// either side wins): refused in one line that says why
				// search was tried and why it could not.
				progress, _ := m["progress"].(map[string]any)
				// (Starting: on a loaded machine the job may not have
				// begun its search within the wait.)
				searching := m["status"] == "solving" && (progress["phase"] == "searching" || progress["phase"] == "queued" || progress["phase"] == "starting")
				why, _ := m["why_search"].(string)
				msg, _ := m["error"].(string)
				switch {
				case code == http.StatusBadRequest && strings.Contains(msg, "can return to a position") && !strings.Contains(msg, "\n"):
				case code != http.StatusOK || !searching && m["value"] == nil:
					t.Errorf("store %v: %s: %d %v, want the position being searched", stored, c.spec, code, m)
				}
				for _, w := range c.want {
					if !strings.Contains(why, w) {
						t.Errorf("store %v: %s: why search %q lacks %q", stored, c.spec, why, w)
					}
				}
				searched += 2 // the game's, and its start's search
				continue
			}
			msg, _ := m["error"].(string)
			if code != http.StatusBadRequest || strings.Contains(msg, "\n") {
				t.Errorf("store %v: %s: %d %q, want 400 and one line", stored, c.spec, code, msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("store %v: %s: %q lacks %q", stored, c.spec, msg, w)
				}
			}
		}
		if n := s.Solves(); n != searched {
			t.Errorf("store %v: %d solves started, want only the %d of the searches", stored, n, searched)
		}
		if info := ready(t, h, "connect4:w=4,h=4", ""); info.Value == sente.Unknown {
			t.Errorf("connect4 4×4: %+v", info)
		}
		checkPools(t, s)
	}
}

// TestLanesAndQueue: with one big solve running and another waiting, a
// small game is answered at once from its own lane, the waiting one says
// its place, and one more big one is turned away with 503 and Retry-After.
func TestLanesAndQueue(t *testing.T) {
	s := newTestServer(t, Config{MaxSolves: 1, MaxWaiting: 1, Moment: time.Millisecond})
	h := s.Handler()
	running, waiting, refused := "connect4:w=6,h=4", "connect4:w=5,h=5", "tictactoe:m=4,n=4"
	if code, _, m := ask(t, h, running); code != 200 || m["status"] != "solving" {
		t.Fatalf("%s: %d %v", running, code, m)
	}
	code, _, m := ask(t, h, waiting)
	if code != 200 || m["status"] != "solving" {
		t.Fatalf("%s: %d %v", waiting, code, m)
	}
	pr, _ := m["progress"].(map[string]any)
	for _, field := range []string{"queue", "lane", "estimated_bytes", "bytes", "seconds_left"} {
		if _, ok := pr[field]; !ok {
			t.Errorf("progress lacks %q: %v", field, pr)
		}
	}
	if pr["queue"] != 1.0 || pr["lane"] != "large" || pr["estimated_bytes"].(float64) <= 0 || !strings.Contains(m["verdict"].(string), "number 1 in line") {
		t.Errorf("waiting solve: %v, %q", pr, m["verdict"])
	}
	code, retry, m := ask(t, h, refused)
	if code != http.StatusServiceUnavailable || retry == "" || !strings.Contains(m["error"].(string), "busy") {
		t.Errorf("a third big solve: %d, Retry-After %q, %v; want 503 with Retry-After", code, retry, m)
	}

	small := ready(t, h, "nim:heaps=1/2/3", "")
	if small.Value != sente.Lose {
		t.Errorf("nim 1/2/3: %+v", small)
	}
	// Nor does a pasted rules file wait for the big game's slot: its
	// lane shares the big games' memory, not their slots.
	if sandbox.Supported() {
		src, err := os.ReadFile("../examples/count.star")
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rules", strings.NewReader(string(src))))
		var pasted struct{ Spec string }
		if err := json.Unmarshal(rec.Body.Bytes(), &pasted); err != nil || rec.Code != 200 {
			t.Fatalf("paste: %d %s", rec.Code, rec.Body)
		}
		if _, _, m := ask(t, h, pasted.Spec); m["progress"] != nil && m["progress"].(map[string]any)["queue"] != 0.0 {
			t.Errorf("a pasted rules file waits behind a big game: %v", m["progress"])
		}
		if info := ready(t, h, pasted.Spec, ""); info.Value != sente.Lose {
			t.Errorf("count.star: %+v", info)
		}
	}
	if code, _, m := ask(t, h, running); code != 200 || m["status"] != "solving" {
		t.Errorf("the big solve ended before the small one was answered: %d %v", code, m["status"])
	}
	// The big solves are cancelled by Close; the small one holds its
	// solution's worth of the small lane.
	s.cache.mu.Lock()
	smallLane := s.cache.lanes[0]
	if smallLane.pool.reserved <= 0 || smallLane.pool.reserved > smallLane.pool.capacity {
		t.Errorf("small lane reserves %d of %d", smallLane.pool.reserved, smallLane.pool.capacity)
	}
	s.cache.mu.Unlock()
}

// TestAbandonedSolveIsForgotten: a solve nobody asks about any more is
// cancelled, its memory given back, and forgotten: the next request starts
// it again rather than meeting an error.
func TestAbandonedSolveIsForgotten(t *testing.T) {
	s := newTestServer(t, Config{Abandon: 200 * time.Millisecond, Moment: time.Millisecond, MaxSolves: 1})
	h := s.Handler()
	// The queued game takes seconds, so that it is still running when it
	// is abandoned however late a loaded machine starts it: connect four
	// 5×4 (half a second) once finished first under load.
	spec, queued := "tictactoe:m=4,n=4", "connect4:w=6,h=4"
	ask(t, h, spec)
	ask(t, h, queued)
	s.cache.mu.Lock()
	running, waiting := s.cache.jobs[spec], s.cache.jobs[queued]
	s.cache.mu.Unlock()
	for _, j := range []*job{running, waiting} {
		select {
		case <-j.done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: not cancelled", j.key)
		}
		if !errors.Is(j.err, errAbandoned) {
			t.Errorf("%s: %v, want abandoned", j.key, j.err)
		}
	}
	checkPools(t, s)
	s.cache.mu.Lock()
	n := len(s.cache.jobs)
	s.cache.mu.Unlock()
	if n != 0 {
		t.Errorf("%d jobs kept after abandonment", n)
	}
	if code, _, m := ask(t, h, spec); code != 200 || m["status"] != "solving" {
		t.Errorf("asked again: %d %v", code, m)
	}
	if n := s.Solves(); n != 3 {
		t.Errorf("%d solves, want 3", n)
	}
}

// TestFailureRemembered: a failed solve is answered with its error while it
// is remembered, without starting again, and tried afresh after.
func TestFailureRemembered(t *testing.T) {
	s := newTestServer(t, Config{MaxPositions: 100, Failures: time.Hour})
	h := s.Handler()
	code, first := untilFailed(t, h, "tictactoe")
	if code != 400 || !strings.Contains(first, "100 positions") {
		t.Fatalf("%d %q", code, first)
	}
	for range 10 {
		if code, msg := untilFailed(t, h, "tictactoe"); code != 400 || msg != first {
			t.Errorf("asked again: %d %q", code, msg)
		}
	}
	if n := s.Solves(); n != 1 {
		t.Errorf("%d solves for one failing game, want 1", n)
	}
	checkPools(t, s)

	s = newTestServer(t, Config{MaxPositions: 100, Failures: time.Millisecond})
	h = s.Handler()
	untilFailed(t, h, "tictactoe")
	time.Sleep(10 * time.Millisecond)
	untilFailed(t, h, "tictactoe")
	if n := s.Solves(); n != 2 {
		t.Errorf("%d solves after the failure was forgotten, want 2", n)
	}
}

// TestOutgrownSolveStops: a solve whose engine holds more than its lane's
// pool has room for is stopped with the bytes, the budget and the estimate.
func TestOutgrownSolveStops(t *testing.T) {
	s := newTestServer(t, Config{})
	o, err := s.open("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	c := s.cache
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	j := &job{key: "test", o: o, game: o.game, ctx: ctx, cancel: cancel, lane: c.lanes[1], done: make(chan struct{})}
	if err := c.plan(j); err != nil {
		t.Fatal(err)
	}
	c.grow(j, 1<<20)
	if ctx.Err() != nil {
		t.Fatalf("stopped at 1M: %v", context.Cause(ctx))
	}
	c.grow(j, c.lanes[1].pool.capacity+1)
	var big *tooBigError
	if !errors.As(context.Cause(ctx), &big) || !strings.Contains(big.msg, "more than this server's memory budget has room for") || !strings.Contains(big.msg, "tictactoe") {
		t.Errorf("cause %v", context.Cause(ctx))
	}
	c.mu.Lock()
	c.shrink(j, 0)
	c.mu.Unlock()
	checkPools(t, s)
}

// TestBudgetTooSmall: a budget with no room for a solve is refused when the
// server is made.
func TestBudgetTooSmall(t *testing.T) {
	if _, err := New(Config{Memory: 64 << 20, RulesMemory: 64 << 20}); err == nil || !strings.Contains(err.Error(), "too small") {
		t.Errorf("64M with 64M rules children: %v", err)
	}
	s, err := New(Config{Memory: 64 << 20})
	if err != nil {
		t.Fatalf("64M: %v", err)
	}
	s.Close()
}

// TestMemoryBackstop: when the process holds more than its share of the
// budget whatever the reservations say, the running solve that holds the
// excess itself, by its engine's own accounting, is stopped with the
// figures; with none running a solved game is dropped.
func TestMemoryBackstop(t *testing.T) {
	s := newTestServer(t, Config{Moment: time.Millisecond})
	h := s.Handler()
	ready(t, h, "nim:heaps=1/2/3", "")
	spec := "tictactoe:m=4,n=4"
	ask(t, h, spec)
	s.cache.mu.Lock()
	j := s.cache.jobs[spec]
	s.cache.mu.Unlock()
	for func() bool { s.cache.mu.Lock(); defer s.cache.mu.Unlock(); return !s.cache.active[j] || j.holds() == 0 }() {
		time.Sleep(time.Millisecond)
	}
	// Over the share by less than the solve holds.
	s.cache.check(func() int64 { return s.cache.share() + 1 })
	<-j.done
	var big *tooBigError
	if !errors.As(j.err, &big) || !strings.Contains(big.msg, "more than its memory budget leaves it") || !strings.Contains(big.msg, "holding") {
		t.Errorf("the running solve: %v", j.err)
	}
	checkPools(t, s)
	s.cache.mu.Lock()
	before := len(s.cache.jobs)
	s.cache.mu.Unlock()
	s.cache.check(func() int64 { return 1 << 50 })
	s.cache.mu.Lock()
	after := len(s.cache.jobs)
	s.cache.mu.Unlock()
	if after != before-1 {
		t.Errorf("%d solved games kept, then %d; want one dropped", before, after)
	}
	s.cache.check(func() int64 { return 0 })
}

// TestBackstopCountsWhatARequestHolds: a server that holds more than its
// share after a burst (garbage, solved games) does not stop a pasted rules
// file's solve for it, which holds next to nothing in the server while a
// child explores it: the backstop drops a solved game and gives memory
// back, and the file is answered. A large solve's end gives its memory
// back at once.
func TestBackstopCountsWhatARequestHolds(t *testing.T) {
	needSandbox(t)
	var freed atomic.Int64
	defer func(f func()) { freeOSMemory = f }(freeOSMemory)
	freeOSMemory = func() { freed.Add(1) }
	s := newTestServer(t, Config{Memory: 512 << 20, Moment: time.Millisecond})
	h := s.Handler()
	ready(t, h, "nim:heaps=1/2/3", "")
	ready(t, h, "tictactoe", "")
	spec := pasteFile(t, h, "../examples/count.star")
	ask(t, h, spec)
	s.cache.mu.Lock()
	j := s.cache.jobs[spec]
	s.cache.mu.Unlock()
	// The process holds a little more than its share, none of it the
	// rules file's: the state after a burst of solves.
	over := func() int64 { return s.cache.share() + 8<<20 }
	s.cache.mu.Lock()
	before := len(s.cache.jobs)
	s.cache.mu.Unlock()
	s.cache.check(over)
	s.cache.mu.Lock()
	after := len(s.cache.jobs)
	s.cache.mu.Unlock()
	if after != before-1 || freed.Load() < 2 {
		t.Errorf("%d solved games kept, then %d, memory given back %d times; want one dropped and memory given back", before, after, freed.Load())
	}
	// A solve that reserved more than freeAfter (the rules file's, twice
	// its child's limit) gives memory back as it ends.
	freed.Store(0)
	if info := ready(t, h, spec, ""); info.Value != sente.Lose {
		t.Errorf("the pasted file after the backstop: %+v (%v)", info, j.err)
	}
	if s.cache.mu.Lock(); j.peak < freeAfter || freed.Load() == 0 {
		t.Errorf("the rules file's solve reserved at most %d and gave memory back %d times as it ended", j.peak, freed.Load())
	}
	s.cache.mu.Unlock()
}

// TestStoredGameOutsideBudget: a game answered from stored tables is not
// held to the budget, which refuses it otherwise.
func TestStoredGameOutsideBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips storing connect four 4×6 (about 7 CPU-seconds)")
	}
	tables := store.Store{Dir: t.TempDir()}
	spec := "connect4:w=4,h=6"
	storeTables(t, &tables, spec)

	// A budget too small for either engine to solve it (the tier engine,
	// its tables held in memory without a store, plans about 53M for it),
	// but not for reading its tables.
	// Without them it is searched instead, saying why.
	small := Config{Memory: 64 << 20}
	if code, _, m := ask(t, newTestServer(t, small).Handler(), spec); code != 200 || !strings.Contains(fmt.Sprint(m["why_search"]), "memory budget") || m["positions"] != nil {
		t.Errorf("%s in 64M without tables: %d %v, want it searched for the budget", spec, code, m)
	}
	small.Tables = &tables
	if info := ready(t, newTestServer(t, small).Handler(), spec, ""); info.Value != sente.Tie || info.Positions != 15835683 {
		t.Errorf("%s from the store in 64M: %+v", spec, info)
	}
}

func TestProgressWords(t *testing.T) {
	for _, c := range []struct {
		p    Progress
		want string
	}{
		{Progress{Phase: "queued", Queue: 3, Lane: "large", EstimatedBytes: 300 << 20}, "waiting for other solves to finish: number 3 in line for large games (this one needs about 300M of memory)."},
		{Progress{Phase: "queued", Queue: 1, Lane: "small"}, "waiting for other solves to finish: number 1 in line for small games."},
		{Progress{Phase: "starting"}, "starting."},
		{Progress{Phase: "exploring", Done: 65536, Bytes: 3 << 20, SecondsLeft: 40}, "exploring, 65536 positions so far, about 3M of memory, about 40 s left."},
		{Progress{Phase: "solving", Done: 1, Total: 4, Bytes: 5 << 30, SecondsLeft: 600}, "solving, 1 of 4 positions (25%), about 5G of memory, about 10 min left."},
		{Progress{Phase: string(solve.PhaseGrundy), Bytes: 1 << 20}, "computing Grundy values, about 1M of memory."},
	} {
		if got := progressWords(c.p); got != c.want {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
	}
}
