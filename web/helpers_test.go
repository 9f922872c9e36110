package web

import (
	"context"
	"net/http/httptest"
	"testing"

	"sente"
	"sente/games"
	"sente/internal/sandbox"
	"sente/solve"
	"sente/store"
)

func newTestServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	cfg.Logf = t.Logf
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

// storeTables solves spec into tables, as sente solve --store does.
func storeTables(t *testing.T, tables *store.Store, specText string) {
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
	gs, err := tables.Game(b.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	ts, err := solve.SolveTiers(context.Background(), g, solve.TierOptions{Sink: gs})
	if err != nil {
		t.Fatal(err)
	}
	ts.Close()
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
