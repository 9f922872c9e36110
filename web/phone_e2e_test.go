package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// onPhone makes the browser a phone, 390×844.
func onPhone(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
}

// alertInView is "" when an alert of the page (role alert) shows words
// and all of it is on the screen; otherwise what is wrong.
func alertInView(t *testing.T, ctx context.Context, words string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`(() => {
		const shown = [...document.querySelectorAll("[role=alert]")].filter((e) => !e.hidden && e.offsetParent !== null && e.textContent.includes(%q));
		if (!shown.length) return "no alert shows " + %q;
		const r = shown[0].getBoundingClientRect();
		return r.top >= 0 && r.bottom <= innerHeight ? "" : "the alert #" + shown[0].id + " is at y " + Math.round(r.top) + " to " + Math.round(r.bottom) + " of a screen " + innerHeight + " high";
	})()`, words, words))
}

// TestPagePhoneProgressWraps: on a phone a solve's progress shows whole,
// its words wrapping within the bar, the time left and the memory as well
// as the positions.
func TestPagePhoneProgressWraps(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	real := newTestServer(t, Config{}).Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/position" && r.URL.Query().Get("game") == "tictactoe" {
			writeJSON(w, http.StatusOK, map[string]any{
				"game": "tictactoe", "name": "tictactoe", "start": "", "position": "", "turn": "first",
				"status": "solving", "moves": []any{}, "verdict": "Solving the game.",
				"progress": map[string]any{"phase": "solving", "done": 123_456, "total": 1_000_000, "queue": 0, "lane": "large",
					"estimated_bytes": 1_500_000_000, "bytes": 300_000_000, "seconds_left": 75},
			})
			return
		}
		real.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	onPhone(t, ctx)
	navigate(t, ctx, ts.URL+"/?game=tictactoe&mode=two")
	waitJS(t, ctx, "the progress", `!document.getElementById("progress").hidden && document.getElementById("progresstext").textContent.includes("left")`)
	viewportShot(t, ctx, dir, "phone-progress.png")
	type box struct{ Top, Bottom, Left, Right, ScrollH, ClientH float64 }
	type layout struct{ Bar, Words box }
	l := eval[layout](t, ctx, `(() => {
		const at = (e) => { const r = e.getBoundingClientRect(); return {Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right, ScrollH: e.scrollHeight, ClientH: e.clientHeight}; };
		return {Bar: at(document.getElementById("progress")), Words: at(document.getElementById("progresstext"))};
	})()`)
	if l.Words.Bottom > l.Bar.Bottom+0.5 || l.Words.Right > l.Bar.Right+0.5 || l.Bar.ScrollH > l.Bar.ClientH+1 {
		t.Errorf("the progress's words (y %.0f..%.0f, right %.0f) are cut by its bar (y %.0f..%.0f, right %.0f): %q",
			l.Words.Top, l.Words.Bottom, l.Words.Right, l.Bar.Top, l.Bar.Bottom, l.Bar.Right, text(t, ctx, "progresstext"))
	}
}

// TestPagePhoneErrorsInView: on a phone, why a game cannot be played is on
// the screen, not below the game form: a link to a game the server
// refuses, a rules file that does not load, and one whose game fails once
// it is explored.
func TestPagePhoneErrorsInView(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	srv := newTestServer(t, Config{})
	real := srv.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/position" && r.URL.Query().Get("game") == "nim" {
			writeError(w, http.StatusBadRequest, "nim: about 5.6 GB needed, more than this server's 2 GB; the largest that fit: nim:heaps=31/31/31")
			return
		}
		real.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	onPhone(t, ctx)

	navigate(t, ctx, ts.URL+"/?game=nim")
	waitJS(t, ctx, "refused", `!document.getElementById("error").hidden`)
	viewportShot(t, ctx, dir, "phone-refused.png")
	if where := alertInView(t, ctx, "5.6 GB"); where != "" {
		t.Errorf("a refused link: %s", where)
	}

	needSandbox(t)
	paste := func(src string) {
		t.Helper()
		navigate(t, ctx, ts.URL+"/?game=tictactoe")
		waitJS(t, ctx, "tic-tac-toe", settled)
		// The person unfolds the game form, folded on a phone.
		click(t, ctx, "#setupbox > summary")
		waitJS(t, ctx, "the form unfolded", `document.getElementById("setupbox").open`)
		if err := chromedp.Do(ctx,
			chromedp.SetValue(chromedp.CSS("#game"), "__rules"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("game").dispatchEvent(new Event("change"))`),
			chromedp.SetValue(chromedp.CSS("#rulestext"), src),
			chromedp.Click(chromedp.CSS("#rulesload")),
		); err != nil {
			t.Fatal(err)
		}
	}
	// A file with a syntax error on line 5.
	paste("def start():\n    return 0\n\ndef moves(p):\n    return [1 +]\n")
	waitJS(t, ctx, "the file's error", `[...document.querySelectorAll("[role=alert]")].some((e) => !e.hidden && e.textContent.includes("rules.star:5"))`)
	viewportShot(t, ctx, dir, "phone-rules-error.png")
	if where := alertInView(t, ctx, "rules.star:5"); where != "" {
		t.Errorf("a rules file that does not load: %s", where)
	}
	// A file that loads, whose moves fail at the start.
	paste("def start():\n    return 0\n\ndef turn(p):\n    return 'first'\n\ndef moves(p):\n    return 1 // p\n")
	waitJS(t, ctx, "the game's error", `!document.getElementById("error").hidden && document.getElementById("error").textContent.includes("rules.star")`)
	viewportShot(t, ctx, dir, "phone-rules-game-error.png")
	if where := alertInView(t, ctx, "rules.star"); where != "" {
		t.Errorf("a rules file whose game fails: %s", where)
	}
}

// TestPagePhoneChartKeepsScale: on a phone a long game's chart scrolls to
// the position shown, and its scale and the sides' names stay in view at
// its left.
func TestPagePhoneChartKeepsScale(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	onPhone(t, ctx)
	var names []string
	for n := 45; n > 0; n-- {
		names = append(names, fmt.Sprintf("%d-1", n))
	}
	navigate(t, ctx, base+"/?game="+url.QueryEscape("subtraction:set=1,n=45")+"&mode=two&moves="+strings.Join(names, ","))
	waitJS(t, ctx, "the long game", `document.getElementById("turn").textContent.includes("game over") && document.querySelectorAll("#chart .point").length === 46`)
	waitJS(t, ctx, "the chart scrolled to the end", `document.getElementById("chartbox").scrollLeft > 0`)
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS("#chartbox"))); err != nil {
		t.Fatal(err)
	}
	viewportShot(t, ctx, dir, "phone-chart-end.png")
	hidden := eval[[]string](t, ctx, `(() => {
		const box = document.getElementById("chartbox").getBoundingClientRect();
		const out = [];
		for (const e of document.querySelectorAll("#chart text.scale, #chart text.axis")) {
			const r = e.getBoundingClientRect();
			if (r.width === 0 || r.left < box.left - 0.5 || r.right > box.right + 0.5) out.push(e.textContent);
		}
		return out;
	})()`)
	if len(hidden) > 0 {
		t.Errorf("scrolled to the end, the chart's scale is out of view: %q", hidden)
	}
	// The bar of the position shown is in view, clear of the scale.
	if !eval[bool](t, ctx, `(() => {
		const box = document.getElementById("chartbox").getBoundingClientRect();
		const here = document.querySelector("#chart .point.current rect.hit").getBoundingClientRect();
		const scale = document.querySelector("#chart .scalepanel, #chart text.scale").getBoundingClientRect();
		return here.left >= scale.right - 1 && here.right <= box.right + 1;
	})()`) {
		t.Error("the position shown is hidden behind the scale or out of the chart's box")
	}
}
