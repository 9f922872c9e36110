package web

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
)

// TestNamedModulesRefused: the server reads no file a request names, and a
// game module is a file: a request naming one, hostile or not, is refused
// at once in one line, and the server goes on answering others. (A module
// pasted into the browser app, as a rules file is, is not offered yet.)
func TestNamedModulesRefused(t *testing.T) {
	s := newTestServer(t, Config{})
	h := s.Handler()
	for _, name := range []string{"loop.wasm", "grow.wasm", "trap.wasm", "badkey.wasm", "import.wasm", "take.wasm:n=5"} {
		start := time.Now()
		code, m, _ := get(t, h, "/api/position?game="+url.QueryEscape("../wasm/testdata/"+name))
		msg, _ := m["error"].(string)
		if code != 400 || !strings.Contains(msg, "this server does not read files") || strings.Contains(msg, "\n") {
			t.Errorf("%s: %d %q", name, code, msg)
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("%s: refused in %v", name, took)
		}
	}
	if info := ready(t, h, "nim:heaps=1/2/3", ""); info.Value != sente.Lose {
		t.Errorf("nim 1/2/3 after the modules: %+v", info)
	}
}
