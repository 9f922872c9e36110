package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/internal/vocabulary"
)

// TestAPIVocabulary: what the browser app's API writes is in the JSON
// vocabulary of the command line (internal/vocabulary, README's "JSON
// output"): every field known, of its type, in the objects that may have
// it, on games that reach every field only the app writes.
func TestAPIVocabulary(t *testing.T) {
	testmode.SkipShort(t, "the API's vocabulary on a dozen games solved, four CPU-seconds")
	needSandbox(t)
	h := newTestServer(t, Config{Moment: time.Millisecond}).Handler()
	seen := map[string]bool{}
	check := func(h http.Handler, method, path, body, typ string) map[string]any {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, path, strings.NewReader(body)))
		var v any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("%s %s: not JSON: %v\n%s", method, path, err, rec.Body)
		}
		for _, e := range vocabulary.Check(v, typ, "$", seen) {
			t.Errorf("%s %s: %s", method, path, e)
		}
		m, _ := v.(map[string]any)
		return m
	}
	position := func(spec, pos string) string {
		return "/api/position?game=" + url.QueryEscape(spec) + "&pos=" + url.QueryEscape(pos)
	}
	check(h, "GET", "/api/games", "", "array<catalogue_entry>")
	// The first answer of a game that takes a moment is still solving.
	if m := check(h, "GET", position("connect4:w=4,h=4", ""), "", "position_info"); m["status"] != "solving" {
		t.Errorf("connect four 4×4 answered at once: %v", m["status"])
	}
	for _, tt := range []struct{ spec, pos string }{
		{"tictactoe", ""}, {"tictactoe", "xxx/oo./..."}, {"cards", ""}, {"chopsticks", ""},
		{"nim:heaps=1/2/3", ""}, {"dobutsu:pieces=chicks", ".../.l./C../.L. C first"}, {"quixo:n=3", ""},
		// A morris board, and a placement that closes a mill and takes a stone.
		{"morris:board=six,men=3", "xx./.../oo../.../... x 1 1"}, {"gobblet:sizes=2,pieces=1", ""},
		// A partizan game: the value of the position, its parts and each
		// move's result.
		{"domineering:board=..#.../..#.../####.#/#..#.#", ""},
		// A game that ends in a score: the margin, of the position and
		// of each move, on the board of pits.
		{"kalah:houses=3,seeds=2", ""},
	} {
		ready(t, h, tt.spec, tt.pos)
		check(h, "GET", position(tt.spec, tt.pos), "", "position_info")
	}
	src, err := os.ReadFile("../cli/testdata/rules/loopyimp.star")
	if err != nil {
		t.Fatal(err)
	}
	pasted := check(h, "POST", "/api/rules", string(src), "rules_file")
	spec, _ := pasted["spec"].(string)
	ready(t, h, spec, "")
	check(h, "GET", position(spec, ""), "", "position_info")
	check(h, "GET", position("nosuchgame", ""), "", "error_answer")
	// A notice: a server that keeps one rules file forgets the first.
	h1 := newTestServer(t, Config{MaxRulesFiles: 1}).Handler()
	for _, file := range []string{"../examples/count.star", "../examples/nim.star"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		check(h1, "POST", "/api/rules", string(src), "rules_file")
	}
	if !t.Failed() {
		for _, name := range vocabulary.BrowserOnly {
			if !seen[name] {
				t.Errorf("no answer above wrote the field %q: the test misses part of the vocabulary", name)
			}
		}
	}
}
