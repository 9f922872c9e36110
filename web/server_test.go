package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/games"
)

func get(t *testing.T, h http.Handler, path string) (int, map[string]any, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	body := rec.Body.String()
	var m map[string]any
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			// a list
			m = map[string]any{"list": body}
		}
	}
	return rec.Code, m, body
}

func position(t *testing.T, h http.Handler, spec, pos string) PositionInfo {
	t.Helper()
	return positionAsked(t, h, spec, pos, "")
}

// positionAsked is position, with extra added to the query ("&rest=1").
func positionAsked(t *testing.T, h http.Handler, spec, pos, extra string) PositionInfo {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/position?game="+url.QueryEscape(spec)+"&pos="+url.QueryEscape(pos)+extra, nil))
	if rec.Code != 200 {
		t.Fatalf("position %s %q: status %d: %s", spec, pos, rec.Code, rec.Body)
	}
	var info PositionInfo
	if err := json.Unmarshal(rec.Body.Bytes(), &info); err != nil {
		t.Fatal(err)
	}
	return info
}

// ready asks until the solve is done, and for the rest of a quick answer
// by search until it comes, as the page does.
func ready(t *testing.T, h http.Handler, spec, pos string) PositionInfo {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	rest := ""
	for {
		info := positionAsked(t, h, spec, pos, rest)
		if info.Status == "ready" && !info.Pending {
			return info
		}
		if info.Pending {
			rest = "&rest=1"
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still solving: %+v", spec, info.Progress)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestPage(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	code, _, body := get(t, h, "/")
	if code != 200 || !strings.Contains(body, `<option value="tictactoe">`) || !strings.Contains(body, "/static/app.js") {
		t.Fatalf("page: %d %s", code, body)
	}
	for _, f := range []string{"/static/app.js", "/static/app.css"} {
		if code, _, body := get(t, h, f); code != 200 || len(body) < 100 {
			t.Errorf("%s: %d", f, code)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Errorf("CSP %q", csp)
	}
}

func TestGames(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games", nil))
	var list []explain.GameJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil || rec.Code != 200 {
		t.Fatalf("%d %v", rec.Code, err)
	}
	found := false
	for _, g := range list {
		if g.Name == "tictactoe" {
			found = len(g.Params) == 3 && g.Params[0].Name == "m" && g.Params[0].Default == "3"
		}
	}
	if !found {
		t.Errorf("tictactoe with m, n, k not in %+v", list)
	}
}

func TestTicTacToe(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	info := ready(t, h, "tictactoe", "")
	if info.Value != sente.Tie || remoteness(info.Remoteness) != 9 || winner(info.Winner) != "none" || len(info.Moves) != 9 || info.Turn != sente.First {
		t.Fatalf("start: %+v", info)
	}
	if info.Board == nil || info.Board.Style != "grid" || info.Board.Clicks[2][0] != "a1" || info.Board.Clicks[0][2] != "c3" {
		t.Errorf("board: %+v", info.Board)
	}
	if !strings.Contains(info.Verdict, "tie") {
		t.Errorf("verdict %q", info.Verdict)
	}
	// x in a corner, o on an edge: x wins.
	info = position(t, h, "tictactoe", "x../o../...")
	if info.Value != sente.Win || winner(info.Winner) != "first" || info.Turn != sente.First {
		t.Fatalf("x../o../...: %+v", info)
	}
	if last := info.Moves[len(info.Moves)-1]; !info.Moves[0].Best || info.Moves[0].Value != sente.Win || last.Value == sente.Win && remoteness(info.Moves[0].Remoteness) > remoteness(last.Remoteness) {
		t.Errorf("moves not best first: %+v", info.Moves)
	}
	for _, m := range info.Moves {
		child := position(t, h, "tictactoe", m.Position)
		if want := m.Value.Flip(); child.Value != want || remoteness(child.Remoteness) != remoteness(m.Remoteness)-1 {
			t.Errorf("move %s: %s in %d, but %s is %s in %d", m.Move, m.Value, remoteness(m.Remoteness), m.Position, child.Value, remoteness(child.Remoteness))
		}
	}
	// A finished game.
	info = position(t, h, "tictactoe", "xxx/oo./...")
	if !info.Ended || winner(info.Winner) != "first" || len(info.Moves) != 0 || info.Verdict != "Game over: the first player (X) won." || info.VerdictFor[sente.First] != "Game over: you won!" || info.VerdictFor[sente.Second] != "Game over: the computer won." {
		t.Errorf("ended: %+v", info)
	}
	// Parameters.
	info = ready(t, h, "tictactoe:m=3,n=3,k=2", "")
	if info.Value != sente.Win {
		t.Errorf("k=2: %+v", info)
	}
}

func TestCardsAndChopsticksBoards(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	info := ready(t, h, "cards", "2/1")
	b := info.Board
	if b == nil || b.Style != "cards" || b.Total != 3 || b.Target != 23 || !b.Cards[0].Played[1] || b.Cards[0].Moves[0] != "1" || b.Cards[1].Moves[0] != "" {
		t.Fatalf("cards board: %+v", b)
	}
	info = ready(t, h, "cards", "")
	if info.Value != sente.Win || remoteness(info.Remoteness) != 9 || info.Verdict != "The first player is winning: they can force a win in 9 moves." || info.VerdictFor[sente.First] != "You are winning: you can force a win in 9 moves." {
		t.Errorf("cards start: %+v", info)
	}
	losing := 0
	for _, m := range info.Moves {
		if m.Value == sente.Lose {
			losing++
			if m.Move != "1" {
				t.Errorf("losing opening %s", m.Move)
			}
		}
	}
	if losing != 1 {
		t.Errorf("%d losing openings, want 1", losing)
	}
	info = ready(t, h, "chopsticks", "4,4 4,3 first")
	if info.Board == nil || info.Board.Style != "hands" || info.Board.Hands[1] != [2]int{4, 3} || info.Value != sente.Draw || info.Remoteness != nil {
		t.Errorf("chopsticks: %+v", info)
	}
}

func TestImpartialGrundy(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	info := ready(t, h, "nim", "")
	if !info.Impartial || grundyText(info.GrundyJSON) != "2" || info.Value != sente.Win {
		t.Fatalf("nim: %+v", info)
	}
	zero := 0
	for _, m := range info.Moves {
		g := grundyText(m.GrundyJSON)
		if g == "" {
			t.Errorf("move %s has no Grundy value", m.Move)
		}
		if (g == "0") != (m.Value == sente.Win) {
			t.Errorf("move %s: Grundy %s but %s", m.Move, g, m.Value)
		}
		if g == "0" {
			zero++
		}
	}
	if zero == 0 {
		t.Error("no move to Grundy value 0")
	}
	// A position the start does not reach is solved from itself.
	info = ready(t, h, "nim", "9/9/9 first")
	if grundyText(info.GrundyJSON) != "9" || info.Value != sente.Win {
		t.Errorf("9/9/9: %+v", info)
	}
	// Games that are not impartial have no Grundy value.
	if info := ready(t, h, "tictactoe", ""); info.Impartial || info.GrundyJSON != nil {
		t.Errorf("tictactoe: %+v", info)
	}
}

func TestBadRequests(t *testing.T) {
	s := newTestServer(t, Config{})
	h := s.Handler()
	for _, path := range []string{
		"/api/position",
		"/api/position?game=nope",
		"/api/position?game=tictactoe&pos=zzz",
		"/api/position?game=tictactoe:m=99",
		"/api/position?game=tictactoe:m",
		"/api/position?game=examples/count.star",
		"/api/position?game=../../etc/passwd.star",
		"/api/position?game=rules:0123456789abcdef",
		"/api/position?game=rules:../../etc/passwd",
		"/api/position?game=" + strings.Repeat("x", 5000),
	} {
		code, m, body := get(t, h, path)
		msg, _ := m["error"].(string)
		if code != 400 || msg == "" || strings.Contains(body, "goroutine") {
			t.Errorf("%s: %d %s", path, code, body)
		}
	}
	if code, m, _ := get(t, h, "/api/nothing"); code != 404 || m["error"] == nil {
		t.Errorf("unknown API call: %d", code)
	}
	if code, _, _ := get(t, h, "/api/position?game=examples/count.star"); code != 400 {
		t.Error("a file name was read")
	}
}

func TestMaxPositions(t *testing.T) {
	h := newTestServer(t, Config{MaxPositions: 100}).Handler()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		code, m, body := get(t, h, "/api/position?game=tictactoe")
		if code == 200 && m["status"] == "solving" {
			continue
		}
		if code != 400 || !strings.Contains(m["error"].(string), "100 positions") {
			t.Fatalf("%d %s", code, body)
		}
		return
	}
	t.Fatal("no answer")
}

func TestSingleFlightAndProgress(t *testing.T) {
	s := newTestServer(t, Config{Moment: time.Nanosecond})
	h := s.Handler()
	spec := "connect4:w=4,h=4"
	var wg sync.WaitGroup
	infos := make([]PositionInfo, 4)
	for i := range infos {
		wg.Add(1)
		go func() {
			defer wg.Done()
			infos[i] = position(t, h, spec, "")
		}()
	}
	wg.Wait()
	solving := 0
	for _, info := range infos {
		if info.Status == "solving" {
			solving++
			if info.Progress == nil || !strings.HasPrefix(info.Verdict, "Solving") || len(info.Moves) != 4 || info.Moves[0].Value != sente.Unknown || info.Moves[0].Remoteness != nil || info.Winner != nil {
				t.Errorf("solving answer: %+v", info)
			}
		}
	}
	if solving == 0 {
		t.Error("no request saw the solve running")
	}
	info := ready(t, h, spec, "")
	if info.Value == sente.Unknown || len(info.Moves) != 4 || info.Moves[0].Value == sente.Unknown {
		t.Errorf("ready: %+v", info)
	}
	if n := s.Solves(); n != 1 {
		t.Errorf("%d solves for one game, want 1", n)
	}
}

func TestCacheCap(t *testing.T) {
	s := newTestServer(t, Config{CacheSize: 2})
	h := s.Handler()
	for _, spec := range []string{"tictactoe", "cards", "nim", "count", "tictactoe"} {
		ready(t, h, spec, "")
	}
	s.cache.mu.Lock()
	n := len(s.cache.jobs)
	s.cache.mu.Unlock()
	if n > 2 {
		t.Errorf("%d games kept, cap 2", n)
	}
	if s.Solves() != 5 { // tictactoe was evicted and solved again
		t.Errorf("%d solves, want 5", s.Solves())
	}
}

func TestRulesFile(t *testing.T) {
	needSandbox(t)
	s := newTestServer(t, Config{MaxBody: 8 << 10})
	h := s.Handler()
	src, err := os.ReadFile("../examples/count.star")
	if err != nil {
		t.Fatal(err)
	}
	post := func(body, ctype string) (int, map[string]any) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/rules", strings.NewReader(body))
		req.Header.Set("Content-Type", ctype)
		h.ServeHTTP(rec, req)
		var m map[string]any
		json.Unmarshal(rec.Body.Bytes(), &m)
		return rec.Code, m
	}
	js, _ := json.Marshal(map[string]string{"text": string(src)})
	code, m := post(string(js), "application/json")
	spec, _ := m["spec"].(string)
	if code != 200 || !strings.HasPrefix(spec, "rules:") {
		t.Fatalf("%d %v", code, m)
	}
	info := ready(t, h, spec, "")
	if info.Value != sente.Lose || remoteness(info.Remoteness) != 10 || !info.Impartial || grundyText(info.GrundyJSON) != "0" {
		t.Errorf("count.star: %+v", info)
	}
	info = ready(t, h, spec+":lose=6", "")
	if info.Value != sente.Win {
		t.Errorf("count.star:lose=6: %+v", info)
	}
	// The same text as plain text gives the same id.
	if code, m := post(string(src), "text/plain"); code != 200 || m["spec"] != spec {
		t.Errorf("plain: %d %v", code, m)
	}
	// Mistakes are reported without the server's paths.
	code, m = post("def start(:\n", "text/plain")
	msg, _ := m["error"].(string)
	if code != 400 || !strings.Contains(msg, "rules.star:1") || strings.Contains(msg, os.TempDir()) {
		t.Errorf("syntax error: %d %q", code, msg)
	}
	code, m = post("load('x.star', 'y')\n", "text/plain")
	if code != 400 || m["error"] == nil {
		t.Errorf("load: %d %v", code, m)
	}
	code, m = post(strings.Repeat("#", 9<<10), "text/plain")
	if code != 400 || !strings.Contains(m["error"].(string), "too big") {
		t.Errorf("too big: %d %v", code, m)
	}
	code, _ = post("{", "application/json")
	if code != 400 {
		t.Errorf("bad JSON: %d", code)
	}
	// Nothing outside the private directory was written.
	entries, _ := os.ReadDir(s.rules.dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the private directory, want 1", len(entries))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/rules", nil))
	io.Copy(io.Discard, rec.Body)
	if rec.Code != http.StatusMethodNotAllowed && rec.Code != 404 {
		t.Errorf("GET /api/rules: %d", rec.Code)
	}
}

// TestRoutes pins what each path and method answers: the page's assets but
// not its raw template, 404 for unknown paths, 405 with Allow for a wrong
// method, and no API call from another site.
func TestRoutes(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	for _, tc := range []struct {
		method, path string
		header       map[string]string
		code         int
		allow        string
	}{
		{"GET", "/", nil, 200, ""},
		{"GET", "/static/app.js", nil, 200, ""},
		{"GET", "/static/board.css", nil, 200, ""},
		{"HEAD", "/static/app.css", nil, 200, ""},
		{"GET", "/static/index.html", nil, 404, ""},
		{"GET", "/static/", nil, 404, ""},
		{"GET", "/static", nil, 404, ""},
		{"GET", "/static/x/app.js", nil, 404, ""},
		{"GET", "/static/nothing.js", nil, 404, ""},
		{"GET", "/index.html", nil, 404, ""},
		{"GET", "/nothing", nil, 404, ""},
		{"GET", "/api/nothing", nil, 404, ""},
		{"POST", "/", nil, 405, "GET, HEAD"},
		{"POST", "/api/games", nil, 405, "GET, HEAD"},
		{"DELETE", "/api/position", nil, 405, "GET, HEAD"},
		{"GET", "/api/rules", nil, 405, "POST"},
		{"PUT", "/static/app.js", nil, 405, "GET, HEAD"},
		{"GET", "/api/games", map[string]string{"Sec-Fetch-Site": "same-origin"}, 200, ""},
		{"GET", "/api/games", map[string]string{"Sec-Fetch-Site": "none"}, 200, ""},
		{"GET", "/api/games", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, ""},
		{"GET", "/api/position?game=nim", map[string]string{"Sec-Fetch-Site": "same-site"}, 403, ""},
		{"POST", "/api/rules", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, ""},
		{"POST", "/api/rules", map[string]string{"Origin": "http://elsewhere.example"}, 403, ""},
		// A page may still link to the app.
		{"GET", "/", map[string]string{"Sec-Fetch-Site": "cross-site"}, 200, ""},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(tc.method, tc.path, strings.NewReader("x = 1\n"))
		for k, v := range tc.header {
			req.Header.Set(k, v)
		}
		h.ServeHTTP(rec, req)
		if rec.Code != tc.code || rec.Header().Get("Allow") != tc.allow {
			t.Errorf("%s %s %v: %d (Allow %q), want %d (Allow %q): %s", tc.method, tc.path, tc.header, rec.Code, rec.Header().Get("Allow"), tc.code, tc.allow, rec.Body)
		}
		if rec.Code == 200 && strings.Contains(rec.Body.String(), "{{") {
			t.Errorf("%s %s: serves the raw template", tc.method, tc.path)
		}
	}
}

// TestRulesStoreForgetsLeastRecentlyUsed fills the rules store and checks
// that a paste still succeeds, forgetting the file used longest ago and
// saying so.
func TestRulesStoreForgetsLeastRecentlyUsed(t *testing.T) {
	needSandbox(t)
	s := newTestServer(t, Config{MaxRulesFiles: 2})
	h := s.Handler()
	src, err := os.ReadFile("../examples/count.star")
	if err != nil {
		t.Fatal(err)
	}
	paste := func(n int) (string, string) {
		t.Helper()
		rec := httptest.NewRecorder()
		text := string(src) + strings.Repeat("\n", n) // a different file each n
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rules", strings.NewReader(text)))
		var m map[string]any
		json.Unmarshal(rec.Body.Bytes(), &m)
		if rec.Code != 200 {
			t.Fatalf("paste %d: %d %v", n, rec.Code, m)
		}
		notice, _ := m["notice"].(string)
		return m["spec"].(string), notice
	}
	a, notice := paste(1)
	b, _ := paste(2)
	if notice != "" {
		t.Errorf("first paste: notice %q", notice)
	}
	ready(t, h, a, "") // a is now used after b
	c, notice := paste(3)
	if !strings.Contains(notice, b) || !strings.Contains(notice, "2 rules files") {
		t.Errorf("third paste: notice %q, want it to name %s", notice, b)
	}
	if code, m, _ := get(t, h, "/api/position?game="+url.QueryEscape(b+":lose=6")); code != 400 || !strings.Contains(m["error"].(string), "paste it again") {
		t.Errorf("forgotten %s: %d %v", b, code, m)
	}
	for _, spec := range []string{a, c} {
		if info := ready(t, h, spec+":lose=6", ""); info.Value != sente.Win {
			t.Errorf("%s: %+v", spec, info)
		}
	}
	if entries, _ := os.ReadDir(s.rules.dir); len(entries) != 2 {
		t.Errorf("%d files in the private directory, want 2", len(entries))
	}
}

// TestExploresOnce: a position of the browser app is answered by exploring
// the game once, its Grundy values included: an impartial game, a loopy
// impartial game (a pasted rules file, which a child explores first and
// the server answers from the graph it sends back) and a partizan game.
func TestExploresOnce(t *testing.T) {
	h := newTestServer(t, Config{}).Handler()
	for _, spec := range []string{"count", "nim:heaps=2/3", "tictactoe"} {
		before := explore.Explorations()
		info := ready(t, h, spec, "")
		if n := explore.Explorations() - before; n != 1 {
			t.Errorf("%s: explored %d times, want once", spec, n)
		}
		if info.Impartial != (grundyText(info.GrundyJSON) != "") {
			t.Errorf("%s: impartial %v, Grundy value %q", spec, info.Impartial, grundyText(info.GrundyJSON))
		}
	}
	needSandbox(t)
	spec := pasteFile(t, h, "../cli/testdata/rules/loopyimp.star")
	before := explore.Explorations()
	info := ready(t, h, spec, "")
	if n := explore.Explorations() - before; n != 1 {
		t.Errorf("loopyimp.star: explored %d times in the server, want once", n)
	}
	if info.Grundy != nil || !reflect.DeepEqual(info.Infinite, []int{0}) {
		t.Errorf("loopyimp.star: Grundy value %q, want ∞{0}", grundyText(info.GrundyJSON))
	}
}

// The server runs its catalogue's games in its own process: one that
// would read rules files from disk is refused at once, in one line.
func TestNewRefusesCatalogueReadingFiles(t *testing.T) {
	_, err := New(Config{Games: &games.Catalog{ReadFiles: true}, Logf: t.Logf})
	if err == nil || !strings.Contains(err.Error(), "must not read rules files") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("New with a catalogue reading files = %v, want a one-line refusal", err)
	}
}
