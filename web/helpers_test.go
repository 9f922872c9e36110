package web

import (
	"testing"

	"sente/internal/sandbox"
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
