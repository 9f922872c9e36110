package web

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/book"
)

// midGame is a position of connect four 7×6 after 14 plies, first player
// to move and losing in 26, whose searches take a fraction of a second;
// midBook the plies of the book the tests store from it. midGame+"4233"
// follows best play past the book.
const (
	midGame = "44443365625522"
	midBook = 3
)

// storeBook stores in st the book of strategy (book.Everything: every
// position) within plies of from in the game of spec, under the name the
// server reads it by.
func storeBook(t testing.TB, s *Server, st *store.Store, spec, from string, plies int, strategy book.Strategy) {
	t.Helper()
	o, err := s.open(spec)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := st.Game(games.Bound{Family: o.family, Values: o.values}.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	p, err := o.game.ParsePosition(from)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := book.Build(context.Background(), o.game, gs, book.Options{Plies: plies, From: p, Strategy: strategy, TableBytes: 16 << 20}); err != nil {
		t.Fatal(err)
	}
}

// searchedAlone is p's outcome and its moves' by a search of the answer
// layer's own, with no server and no book: what the server must say. A
// move's outcome is its mover's, as the page shows it.
func searchedAlone(t *testing.T, spec, pos string) (sente.Outcome, map[string]sente.Outcome) {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	a, err := answer.Solve(context.Background(), g, answer.Options{From: p, Engine: answer.Search, MaxMemory: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	out, _ := a.Solution.Outcome(p)
	moves := map[string]sente.Outcome{}
	for _, m := range g.Moves(p) {
		o, ok := a.Solution.Outcome(m.To)
		if !ok {
			t.Fatalf("%s after %s: %v", pos, m.Name, a.Solution.Damage())
		}
		switch o.Value {
		case sente.Win:
			o.Value = sente.Lose
		case sente.Lose:
			o.Value = sente.Win
		}
		o.Remoteness++ // from p, a ply more
		moves[m.Name] = o
	}
	return out, moves
}

// TestSearchAnswersConnectFour: the server answers positions of connect
// four 7×6, too large for any table, from the book stored in its store
// in the opening and by search beyond it: each move's value and
// remoteness, the same as a search of its own finds, and says how each
// answer came; the table each search took goes back to the budget.
func TestSearchAnswersConnectFour(t *testing.T) {
	st := &store.Store{Dir: t.TempDir()}
	s := newTestServer(t, Config{Memory: 4 << 30, Tables: st, SearchMemory: 64 << 20})
	storeBook(t, s, st, "connect4", midGame, midBook, book.Everything)
	h := s.Handler()
	for _, c := range []struct {
		pos, how string
	}{
		{midGame, "from the opening book of 3 plies"},
		{midGame + "42", "from the opening book of 3 plies"},
		{midGame + "4233", " nodes in "}, // past the book
		{midGame + "42335", " nodes in "},
	} {
		info := ready(t, h, "connect4", c.pos)
		out, moves := searchedAlone(t, "connect4", c.pos)
		if info.Value != out.Value || info.Remoteness == nil || *info.Remoteness != out.Remoteness {
			t.Errorf("%s: the server says %v in %d, search alone %v", c.pos, info.Value, deref(info.Remoteness), out)
		}
		if len(info.Moves) != len(moves) {
			t.Errorf("%s: %d moves, want %d", c.pos, len(info.Moves), len(moves))
		}
		for _, m := range info.Moves {
			want := moves[m.Move]
			if m.Value != want.Value || m.Remoteness == nil || *m.Remoteness != want.Remoteness {
				t.Errorf("%s: move %s is %v in %d, search alone says %v", c.pos, m.Move, m.Value, deref(m.Remoteness), want)
			}
		}
		if !strings.Contains(info.Search, c.how) {
			t.Errorf("%s: answered %q, want it to say %q", c.pos, info.Search, c.how)
		}
		if !strings.Contains(info.WhySearch, "search answers the position instead") {
			t.Errorf("%s: why search: %q", c.pos, info.WhySearch)
		}
	}
	checkPools(t, s)
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	for _, j := range s.cache.jobs {
		if j.searchPos && (j.reserved > searchedHeld || j.ans.Solution.Bytes() != 0) {
			t.Errorf("the search of %s keeps %d bytes reserved, its answer a table of %d", j.game.FormatPosition(j.root), j.reserved, j.ans.Solution.Bytes())
		}
	}
}

// TestSearchWithinBudget: a position's search takes its table from the
// memory budget, no more than Config.SearchMemory allows, and a budget
// that leaves too little for even the first table refuses it in one
// line that says so.
func TestSearchWithinBudget(t *testing.T) {
	s := newTestServer(t, Config{Memory: 4 << 30, SearchMemory: 64 << 20})
	h := s.Handler()
	pos := midGame + "4233"
	j := searchJob(t, s, h, pos)
	<-j.done
	cost, ok := j.ans.SearchCost()
	if !ok || j.peak > 64<<20 || cost.TableBytes > 32<<20 || cost.TableBytes == 0 {
		t.Errorf("a search allowed 64M reserved %d bytes at its peak, a table of %d", j.peak, cost.TableBytes)
	}

	small := newTestServer(t, Config{Memory: 48 << 20, RulesMemory: 4 << 20, SmallBytes: 8 << 20, SmallSolves: 1})
	rec := httptest.NewRecorder()
	small.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/position?game=connect4&pos="+pos, nil))
	msg := rec.Body.String()
	if rec.Code != http.StatusBadRequest || !strings.Contains(msg, "searching a position needs at least 32M of memory, more than this server's memory budget allows (48M") {
		t.Errorf("a budget too small for a search: %d %s", rec.Code, msg)
	}
}

// searchJob asks once for pos of connect four 7×6 and returns the job
// that searches it.
func searchJob(t *testing.T, s *Server, h http.Handler, pos string) *job {
	t.Helper()
	position(t, h, "connect4", pos)
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	for _, j := range s.cache.jobs {
		if j.searchPos && j.game.FormatPosition(j.root) == mustFormat(t, j.game, pos) {
			return j
		}
	}
	t.Fatalf("no search of %s", pos)
	return nil
}

func mustFormat(t *testing.T, g sente.Game, pos string) string {
	p, err := g.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	return g.FormatPosition(p)
}

// TestSearchQueueAndTime: searches wait their turn in the large lane, a
// long one does not keep the others from it past the server's time a
// position, and the long one ends with what it proved by then and how
// to search it without that limit.
func TestSearchQueueAndTime(t *testing.T) {
	s := newTestServer(t, Config{Memory: 4 << 30, MaxSolves: 1, SearchTime: 3 * time.Second, SearchWait: 200 * time.Millisecond, SearchMemory: 64 << 20})
	h := s.Handler()
	// The start: a first-player win in 41, minutes of search.
	long := searchJob(t, s, h, "")
	short := position(t, h, "connect4", midGame+"4233")
	if short.Status != "solving" || short.Progress == nil || short.Progress.Queue != 1 || short.Progress.Lane != "large" {
		t.Errorf("a second search with one slot: %+v, want it first in line", short.Progress)
	}
	start := time.Now()
	info := ready(t, h, "connect4", midGame+"4233")
	if took := time.Since(start); info.Value == sente.Unknown || took > 10*time.Second {
		t.Errorf("the waiting search answered %v after %v", info.Value, took)
	}
	<-long.done
	var stopped *searchTimeError
	if !errors.As(long.err, &stopped) || !strings.Contains(long.err.Error(), "this server searches a position for at most 3 s") ||
		!strings.Contains(long.err.Error(), "'sente moves connect4 \"") || !strings.Contains(long.err.Error(), "nodes in") {
		t.Errorf("the long search ended with %v", long.err)
	}
	// The page is told why, in one line.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/position?game=connect4", nil))
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "searches a position for at most") {
		t.Errorf("the start after its search stopped: %d %s", rec.Code, rec.Body)
	}
	checkPools(t, s)
}

// TestSearchCancelledWhenNobodyAsks: a search whose page went away (no
// request for it within Config.Abandon) is stopped, its table given back,
// and a request whose client is gone does not wait for it.
func TestSearchCancelledWhenNobodyAsks(t *testing.T) {
	s := newTestServer(t, Config{Memory: 4 << 30, Abandon: 300 * time.Millisecond, SearchMemory: 64 << 20})
	h := s.Handler()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequestWithContext(ctx, "GET", "/api/position?game=connect4&pos=", nil)
	rec := httptest.NewRecorder()
	start := time.Now()
	h.ServeHTTP(rec, req)
	if took := time.Since(start); took > 200*time.Millisecond {
		t.Errorf("a request whose client is gone took %v", took)
	}
	j := searchJob(t, s, h, "")
	select {
	case <-j.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the search nobody asks for still runs after 5 s")
	}
	if j.err != errAbandoned {
		t.Errorf("the search ended with %v, want it abandoned", j.err)
	}
	checkPools(t, s)
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if p := s.cache.lanes[1].pool; p.reserved != 0 {
		t.Errorf("the large pool keeps %d bytes reserved", p.reserved)
	}
}

func deref(n *int) int {
	if n == nil {
		return -1
	}
	return *n
}

// TestSearchTimesAlongAGame measures, when SENTE_MEASURE_SEARCH is set,
// the server's answer time for each position of a game of connect four
// 7×6 played best by both sides from SENTE_MEASURE_SEARCH (the columns
// played; "1" for 444433656255, twelve plies in), with the book of
// midBook plies from midGame stored: search before the book, the book,
// search past it. The time is the first request's to the answer, each
// position asked once, as a page asks after a move.
func TestSearchTimesAlongAGame(t *testing.T) {
	from := os.Getenv("SENTE_MEASURE_SEARCH")
	if from == "" {
		t.Skip("SENTE_MEASURE_SEARCH=1 (or a position) measures the server's search along a game of connect four 7×6")
	}
	if from == "1" {
		from = "444433656255"
	}
	st := &store.Store{Dir: t.TempDir()}
	s := newTestServer(t, Config{Memory: 4 << 30, Tables: st})
	storeBook(t, s, st, "connect4", midGame, midBook, book.Everything)
	h := s.Handler()
	pos := from
	var book, searched []time.Duration
	for {
		start := time.Now()
		info := ready(t, h, "connect4", pos)
		took := time.Since(start)
		how := "search"
		if strings.Contains(info.Search, "none searched") {
			how = "book"
			book = append(book, took)
		} else {
			searched = append(searched, took)
		}
		t.Logf("ply %2d %-7s %8.3f s  %s", len(pos), how, took.Seconds(), info.Search)
		if info.Ended || len(info.Moves) == 0 {
			break
		}
		pos += info.Moves[0].Move
	}
	for _, c := range []struct {
		name  string
		times []time.Duration
	}{{"book", book}, {"search", searched}, {"all", append(slices.Clone(book), searched...)}} {
		if len(c.times) == 0 {
			continue
		}
		slices.Sort(c.times)
		t.Logf("%s: %d positions, median %.3f s, p95 %.3f s, slowest %.3f s", c.name, len(c.times),
			c.times[len(c.times)/2].Seconds(), c.times[(len(c.times)*95+99)/100-1].Seconds(), c.times[len(c.times)-1].Seconds())
	}
}

// TestSearchCannotAnswer: a search that finds it cannot answer (nine
// men's morris from its start meets a position twice before either side
// wins, and its moving phase is not stored) ends the request in one
// line, with why search was tried beside it as with an answer.
func TestSearchCannotAnswer(t *testing.T) {
	s := newTestServer(t, Config{Memory: 6 << 30, SearchWait: 50 * time.Second, Abandon: 2 * time.Minute, RequestTimeout: 2 * time.Minute, SearchMemory: 64 << 20})
	code, _, m := ask(t, s.Handler(), "morris")
	msg, _ := m["error"].(string)
	if code != http.StatusBadRequest || strings.Contains(msg, "\n") {
		t.Fatalf("morris: %d %v, want 400 and one line", code, m)
	}
	for _, w := range []string{"can return to a position", "the moving phase's tables are not stored"} {
		if !strings.Contains(msg, w) {
			t.Errorf("morris: %q lacks %q", msg, w)
		}
	}
	why, _ := m["why_search"].(string)
	for _, w := range []string{"the tier engine would need about 32.4G of memory", "search answers the position instead"} {
		if !strings.Contains(why, w) {
			t.Errorf("morris: why search %q lacks %q", why, w)
		}
	}
	checkPools(t, s)
}

// TestSearchTakesOverTheLastTable: the table a position's search filled
// is kept for the game's next position's search, its bytes still
// reserved from the pool (checkPools), and the next search takes it over
// and searches fewer nodes than a server's first search of the same
// position (12,379 against 23,135 here); no job holds a table once its
// search ends. A kept table is the first thing dropped when a solve needs
// room, and one nobody takes is dropped after the server's idle time.
func TestSearchTakesOverTheLastTable(t *testing.T) {
	const line = midGame + "42335" // best play, past the tests' book
	nodes := func(s *Server, pos string) uint64 {
		t.Helper()
		cost, _ := searchJob(t, s, s.Handler(), pos).ans.SearchCost()
		return cost.Nodes
	}
	kept := func(s *Server) int {
		s.cache.mu.Lock()
		defer s.cache.mu.Unlock()
		for _, w := range s.cache.warm {
			if w.bytes < 16<<20 {
				t.Errorf("a table of %d bytes kept, less than the search's first", w.bytes)
			}
		}
		return len(s.cache.warm)
	}
	cfg := Config{Memory: 4 << 30, SearchMemory: 64 << 20}
	warm := newTestServer(t, cfg)
	h := warm.Handler()
	ready(t, h, "connect4", line[:len(line)-1])
	checkPools(t, warm)
	if n := kept(warm); n != 1 {
		t.Fatalf("after a search, %d tables kept, want one", n)
	}
	info := ready(t, h, "connect4", line)
	if !strings.Contains(info.Search, " nodes in ") {
		t.Fatalf("%s: answered %q, want a search", line, info.Search)
	}
	checkPools(t, warm)
	if n := kept(warm); n != 1 {
		t.Fatalf("after the next search, %d tables kept, want one", n)
	}
	cold := newTestServer(t, cfg)
	ready(t, cold.Handler(), "connect4", line)
	if w, c := nodes(warm, line), nodes(cold, line); w*3 > c*2 {
		t.Errorf("%s: %d nodes in the last search's table, %d in a table of its own: want at most two thirds", line, w, c)
	}
	c := warm.cache
	c.mu.Lock()
	for _, j := range c.jobs {
		if j.warm != nil {
			t.Errorf("the search of %s still holds the table it took over", j.game.FormatPosition(j.root))
		}
	}
	// A solve that needs the room takes it from the kept table, not
	// from the answers cached.
	large, jobs := c.lanes[1], len(c.jobs)
	solve := &job{lane: large}
	if !c.reserve(solve, large.pool.room()+1) || len(c.warm) != 0 || len(c.jobs) != jobs {
		t.Errorf("a solve that needs the kept table's room: %d bytes reserved, %d tables kept, %d of %d answers", solve.reserved, len(c.warm), len(c.jobs), jobs)
	}
	c.shrink(solve, 0)
	c.mu.Unlock()
	checkPools(t, warm)

	ready(t, h, "connect4", line+info.Moves[0].Move)
	if n := kept(warm); n != 1 {
		t.Fatalf("after a search, %d tables kept, want one", n)
	}
	c.mu.Lock()
	c.warmIdle = 0
	c.mu.Unlock()
	c.reap()
	if n := kept(warm); n != 0 {
		t.Errorf("%d tables kept past the idle time", n)
	}
	checkPools(t, warm)
}
