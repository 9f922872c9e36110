package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

func newTestServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	cfg.Logf = t.Logf
	// The host httptest.NewRequest gives its requests.
	cfg.Hosts = append(cfg.Hosts, "example.com")
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// needSandbox skips a test that pastes rules files where the server cannot
// run them: it refuses to without hard memory limits, which the race
// detector's shadow memory rules out.
func needSandbox(t *testing.T) {
	t.Helper()
	if !sandbox.Supported() {
		t.Skip("pasted rules files need hard memory limits, which this build cannot set (the race detector)")
	}
}

// bindGame opens the built-in game specText names, with its bound
// parameters, whose canonical spec names its stored tables.
func bindGame(t testing.TB, specText string) (games.Bound, sente.Game) {
	t.Helper()
	spec, err := sente.ParseSpec(specText)
	if err != nil {
		t.Fatal(err)
	}
	b, err := games.Default.Bind(spec)
	if err != nil {
		t.Fatal(err)
	}
	g, err := b.New()
	if err != nil {
		t.Fatal(err)
	}
	return b, g
}

// storeTables solves spec into tables, as sente solve --store does.
func storeTables(t *testing.T, tables *store.Store, specText string) {
	t.Helper()
	b, g := bindGame(t, specText)
	gs, err := tables.Game(b.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs})
	if err != nil {
		t.Fatal(err)
	}
	ts.Close()
}

// storeEveryPosition solves every position of the tiers below the position
// at of spec into tables, as sente solve --every-position --from does, and
// returns the game and its solution from at.
func storeEveryPosition(t *testing.T, tables *store.Store, specText, at string) (sente.Game, solve.Solution) {
	t.Helper()
	b, g := bindGame(t, specText)
	root, err := g.ParsePosition(at)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := tables.Game(answer.EveryPositionName(b.Canonical()))
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs, From: root, EveryPosition: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ts.Close() })
	return g, tiers.FromTiers(g, ts, root, 0)
}

// serveApp runs a server with cfg behind a local HTTP server for the
// browser tests, both closed when the test ends; base is its address.
func serveApp(t *testing.T, cfg Config) (srv *Server, base string) {
	t.Helper()
	srv = newTestServer(t, cfg)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return srv, ts.URL
}

// remoteness is r, or -1 when there is none (a draw, or a value not known
// yet).
func remoteness(r *int) int {
	if r == nil {
		return -1
	}
	return *r
}

// winner is who wins, as the API writes it ("first", "second", "none"), or
// "" when it is not known yet.
func winner(p *sente.Player) string {
	if p == nil {
		return ""
	}
	return p.String()
}

// grundyText writes a Grundy value of the API as the page does: "2",
// "∞{0,2}", or "" when there is none.
func grundyText(g *explain.GrundyJSON) string {
	switch {
	case g == nil:
		return ""
	case g.Infinite != nil:
		ks := make([]string, len(g.Infinite))
		for i, k := range g.Infinite {
			ks[i] = strconv.Itoa(k)
		}
		return "∞{" + strings.Join(ks, ",") + "}"
	case g.Grundy != nil:
		return strconv.Itoa(*g.Grundy)
	}
	return ""
}

// pasteFile pastes the rules file at path into the server behind h and
// returns the spec that names it.
func pasteFile(t *testing.T, h http.Handler, path string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/rules", strings.NewReader(string(src))))
	var m map[string]any
	json.Unmarshal(rec.Body.Bytes(), &m)
	spec, _ := m["spec"].(string)
	if rec.Code != 200 || spec == "" {
		t.Fatalf("pasting %s: %d %s", path, rec.Code, rec.Body)
	}
	return spec
}
