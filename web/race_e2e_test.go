package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// serveSlow runs a server with cfg, as serveApp does, whose every answer
// waits latency first, as on a phone's slow network or from a busy server.
// The test server waits itself rather than asking Chromium to emulate the
// network: the DevTools protocol's network emulation is experimental and
// changes with the browser's version (Chromium 148 refused the parameters
// of Network.emulateNetworkConditionsByRule that 150 and later accept).
func serveSlow(t *testing.T, cfg Config, latency time.Duration) (srv *Server, base string) {
	t.Helper()
	srv = newTestServer(t, cfg)
	h := srv.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(latency):
		case <-r.Context().Done():
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return srv, ts.URL
}

// catchErrors records the page's uncaught errors in window.__errors.
const catchErrors = `window.__errors = [];
window.addEventListener("error", (e) => window.__errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.__errors.push(String(e.reason)));
true`

// settled is true once the page shows the position it loads, its moves
// playable or the game over.
const settled = `(document.getElementById("play") !== null && !document.getElementById("play").hasAttribute("aria-busy"))`

// TestPageClicksWhileLoading: with 300 ms on every request, clicks made
// while the next position loads are not played from the position still on
// screen: no error, the moves played are the moves shown, and the game's
// link replays the same game.
func TestPageClicksWhileLoading(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveSlow(t, Config{}, 300*time.Millisecond)

	check := func(what string, wantMoves int) {
		t.Helper()
		waitJS(t, ctx, what+": settled", settled)
		time.Sleep(400 * time.Millisecond) // a stray reply would land now
		waitJS(t, ctx, what+": settled", settled)
		if errs := eval[[]string](t, ctx, `window.__errors`); len(errs) > 0 {
			t.Fatalf("%s: the page threw %q", what, errs)
		}
		record := readRecord(t, ctx)
		if len(record) != wantMoves {
			t.Fatalf("%s: %d moves recorded (%+v), want %d", what, len(record), record, wantMoves)
		}
		// The moves recorded, replayed by the link in a fresh page, reach
		// the position on screen.
		shown := text(t, ctx, "position")
		link := eval[string](t, ctx, `document.getElementById("link").href`)
		navigate(t, ctx, link)
		eval[bool](t, ctx, catchErrors)
		waitJS(t, ctx, what+": the link replayed", settled+` && document.getElementById("position").textContent !== ""`)
		if got := text(t, ctx, "position"); got != shown {
			t.Fatalf("%s: the page showed %s, its link replays to %s", what, shown, got)
		}
		if got := readRecord(t, ctx); fmt.Sprint(got) != fmt.Sprint(record) {
			t.Fatalf("%s: the page recorded %+v, its link replays %+v", what, record, got)
		}
	}

	// Two quick clicks, two people at one screen: the second is a move of
	// the position being left, and is not played.
	navigate(t, ctx, base+"/?game=tictactoe&mode=two")
	eval[bool](t, ctx, catchErrors)
	waitJS(t, ctx, "the start", settled+` && document.querySelectorAll("#moves button.move:not(:disabled)").length === 9`)
	// The answers are slow indeed: otherwise the clicks below test nothing.
	if ms := eval[float64](t, ctx, `Math.min(...performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/position")).map((e) => e.responseStart - e.requestStart))`); ms < 290 {
		t.Fatalf("the position's answer came %.0f ms after the request, want at least 300 ms", ms)
	}
	eval[bool](t, ctx, `(() => {
		const b = document.querySelectorAll("#moves button.move");
		b[0].click(); b[4].click(); b[8].click();
		return true;
	})()`)
	check("two quick clicks", 1)

	// After Undo, a click while the earlier position loads.
	navigate(t, ctx, base+"/?game=tictactoe&mode=first")
	eval[bool](t, ctx, catchErrors)
	waitJS(t, ctx, "the start", settled+` && document.querySelectorAll("#moves button.move:not(:disabled)").length === 9`)
	click(t, ctx, `#moves button.move[data-move="b2"]`)
	waitJS(t, ctx, "the computer's reply", settled+` && `+plyJS+` === 2`)
	eval[bool](t, ctx, `(() => {
		document.getElementById("undo").click();
		const b = document.querySelectorAll("#moves button.move");
		b[b.length - 1].click();
		return true;
	})()`)
	waitJS(t, ctx, "back at the start", settled+` && `+plyJS+` === 0`)
	check("a click after undo", 2)
}
