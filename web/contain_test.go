package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/sandbox"
)

// TestMain lets the test binary serve as the child that runs pasted rules
// files (see package isolated).
func TestMain(m *testing.M) {
	sandbox.Init()
	os.Exit(m.Run())
}

// hostileRules are rules files that would take down a process that ran
// them: each asks for far more memory, or time, than a child may have.
var hostileRules = []struct {
	name, text string
	atLoad     bool // fails when the file is loaded, not when its game is explored
}{
	{"huge list", "def start(): return len(list(range(2000000000)))\ndef moves(p): return []\ndef turn(p): return 'first'\n", false},
	{"huge list at top level", "X = list(range(2000000000))\ndef start(): return 0\ndef moves(p): return []\ndef turn(p): return 'first'\n", true},
	{"string doubling", "def start():\n    s = 'x'\n    for i in range(64):\n        s = s + s\n    return len(s)\ndef moves(p): return []\ndef turn(p): return 'first'\n", false},
	{"huge integers", "def start():\n    x = 3\n    for i in range(100):\n        x = x * x\n    return x % 7\ndef moves(p): return []\ndef turn(p): return 'first'\n", false},
	{"deep recursion", "def f(n): return f(n + 1) + 1\ndef start(): return f(0)\ndef moves(p): return []\ndef turn(p): return 'first'\n", false},
}

// TestHostileRulesFiles posts rules files that exhaust a child's memory, and
// checks that each is refused in one line while the server goes on serving
// everyone else.
func TestHostileRulesFiles(t *testing.T) {
	needSandbox(t)
	if testing.Short() {
		t.Skip("-short skips this sandbox memory test: pasted rules files that exhaust a child's memory (about 5 s)")
	}
	s := newTestServer(t, Config{RulesMemory: 256 << 20, RulesCallTime: time.Second, MaxSolves: 2})
	h := s.Handler()
	post := func(text string) (int, map[string]any) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rules", strings.NewReader(text)))
		var m map[string]any
		json.Unmarshal(rec.Body.Bytes(), &m)
		return rec.Code, m
	}
	for _, c := range hostileRules {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			code, m := post(c.text)
			msg, _ := m["error"].(string)
			if c.atLoad {
				if code != 400 || !strings.Contains(msg, "memory") || strings.Contains(msg, "\n") || strings.Contains(msg, "goroutine") {
					t.Fatalf("POST: %d %q", code, msg)
				}
				return
			}
			spec, _ := m["spec"].(string)
			if code != 200 || spec == "" {
				t.Fatalf("POST: %d %v", code, m)
			}
			var status int
			for time.Since(start) < 30*time.Second {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/position?game="+spec, nil))
				status = rec.Code
				var info map[string]any
				json.Unmarshal(rec.Body.Bytes(), &info)
				if status == 200 && info["status"] == "solving" {
					time.Sleep(20 * time.Millisecond)
					continue
				}
				msg, _ = info["error"].(string)
				break
			}
			if status != 400 || msg == "" || strings.Contains(msg, "goroutine") || strings.Contains(msg, os.TempDir()) {
				t.Fatalf("GET position: %d %q", status, msg)
			}
			t.Logf("%s: %q in %v", c.name, msg, time.Since(start).Round(time.Millisecond))
		})
	}
	// The server is still whole: the page, a built-in game, and a rules
	// file that behaves, while hostile ones keep arriving.
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			post(hostileRules[i%len(hostileRules)].text)
		}()
	}
	if code, _, _ := get(t, h, "/"); code != http.StatusOK {
		t.Errorf("GET /: %d", code)
	}
	if info := ready(t, h, "nim:heaps=1/2/3", ""); info.Value != sente.Lose {
		t.Errorf("nim 1/2/3: %+v", info)
	}
	src, err := os.ReadFile("../examples/count.star")
	if err != nil {
		t.Fatal(err)
	}
	code, m := post(string(src))
	if info := ready(t, h, m["spec"].(string), ""); code != 200 || info.Value != sente.Lose {
		t.Errorf("count.star: %d %+v", code, info)
	}
	wg.Wait()
}

// TestRulesFileFromUnreachablePosition: a position the start does not
// reach is explored from itself, in a child too.
func TestRulesFileFromUnreachablePosition(t *testing.T) {
	needSandbox(t)
	s := newTestServer(t, Config{})
	h := s.Handler()
	spec := pasteFile(t, h, "../examples/count.star")
	start := ready(t, h, spec, "")
	if len(start.Moves) == 0 {
		t.Fatalf("count.star: no moves: %+v", start)
	}
	// A position one move on is in the graph already.
	next := ready(t, h, spec, start.Moves[0].Position)
	if next.Position != start.Moves[0].Position {
		t.Errorf("after %s: at %q, want %q", start.Moves[0].Move, next.Position, start.Moves[0].Position)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/position?game="+spec+"&pos=not-a-position", nil))
	for rec.Code == 200 {
		time.Sleep(20 * time.Millisecond)
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/position?game="+spec+"&pos=not-a-position", nil))
	}
	if rec.Code != 400 || strings.Contains(rec.Body.String(), os.TempDir()) {
		t.Errorf("bad position: %d %s", rec.Code, rec.Body)
	}
}
