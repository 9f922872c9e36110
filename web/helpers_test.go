package web

import "testing"

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
