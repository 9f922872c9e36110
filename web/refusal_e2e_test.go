package web

import (
	"strings"
	"testing"

	"github.com/sente-go/sente/store"
)

// TestBrowserRefusalNamesSizes: on a server with a store, as sente serve
// always has, a game too large for any table and that search cannot answer
// is refused at once with the engine that would answer, its memory, and a
// link for each of the largest sizes that fit on that engine; the headline
// games at their defaults, too large for a table, are searched instead,
// the page saying so.
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
		{"kayles:n=1000", []string{"the hashing engine would need", "of memory", "memory budget"}, []string{"kayles:n="}},
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
		if len(links) != len(c.links) || len(links) > 0 && !strings.HasPrefix(links[0], c.links[0]) {
			t.Errorf("%s: the refusal links %q, want %q", c.spec, links, c.links)
		}
		screenshot(t, ctx, dir, "refused-"+c.spec+".png")
	}
	if n := srv.Solves(); n != 0 {
		t.Errorf("%d solves started for refused games", n)
	}
	// Nine men's morris without its moving phase stored, and quixo 5×5,
	// are searched, and the search ends in a few seconds in its refusal
	// of a game that returns to a position: the page may show that before
	// the test sees it searching, which says it was searched all the
	// same.
	const searchedThenRefused = "search proves only wins and losses that come without a repeated position"
	for _, spec := range []string{"connect4", "morris", "quixo"} {
		navigate(t, ctx, app+"/?game="+spec)
		waitJS(t, ctx, spec+" searched", `document.getElementById("verdict").textContent.startsWith("Searching this position of") ||
			!document.getElementById("error").hidden && document.getElementById("error").textContent.includes(`+"`"+searchedThenRefused+"`"+`)`)
		msg := text(t, ctx, "error")
		if eval[bool](t, ctx, `!document.getElementById("error").hidden`) && !strings.Contains(msg, searchedThenRefused) {
			t.Errorf("%s: the page shows an error: %q", spec, msg)
		}
	}
}
