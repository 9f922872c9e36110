package web

import (
	"strings"
	"testing"

	"sente/store"
)

// TestBrowserRefusalNamesSizes: on a server with a store, as sente serve
// always has, the headline games at their defaults are refused at once with
// the engine that would answer, its memory and disk, and a link for each of
// the largest sizes that fit on that engine.
func TestBrowserRefusalNamesSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	srv, app := serveApp(t, Config{Memory: 6 << 30, Tables: &store.Store{Dir: t.TempDir()}})
	for _, c := range []struct {
		spec  string
		want  []string
		links []string
	}{
		{"connect4", []string{"the tier engine would need", "of memory and", "of disk", "memory budget"}, []string{"connect4:w=5,h=6,k=4", "connect4:w=7,h=4,k=4"}},
		{"morris", []string{"the tier engine would need about 19.8G of memory", "of disk"}, []string{"morris:board=seven,men=0"}},
		{"quixo", []string{"the tier engine would need", "of disk"}, []string{"quixo:n=4,k=0"}},
	} {
		navigate(t, ctx, app+"/?game="+c.spec)
		waitJS(t, ctx, c.spec+" refused", `!document.getElementById("error").hidden`)
		msg := text(t, ctx, "error")
		for _, want := range c.want {
			if !strings.Contains(msg, want) {
				t.Errorf("%s: the refusal %q does not say %q", c.spec, msg, want)
			}
		}
		links := eval[[]string](t, ctx, `[...document.querySelectorAll("#error a")].map((a) => new URL(a.href).searchParams.get("game"))`)
		if strings.Join(links, " ") != strings.Join(c.links, " ") {
			t.Errorf("%s: the refusal links %q, want %q", c.spec, links, c.links)
		}
		screenshot(t, ctx, dir, "refused-"+c.spec+".png")
	}
	if n := srv.Solves(); n != 0 {
		t.Errorf("%d solves started for refused games", n)
	}
}
