package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserResources checks in the browser what the server's resource
// model shows a person: a game too big for the memory budget refused at
// once with its estimate and what fits, a paste that makes the server
// forget another rules file saying so, and no solve or paste started by
// another site's page.
func TestBrowserResources(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	needSandbox(t)
	ctx, dir := browser(t)
	srv, app := serveApp(t, Config{Memory: 2 << 30, MaxRulesFiles: 1})

	// Kayles of a thousand pins, too large for a table and not searched,
	// is refused in its first answer.
	navigate(t, ctx, app+"/?game=kayles:n=1000")
	waitJS(t, ctx, "kayles refused", `!document.getElementById("error").hidden`)
	msg := text(t, ctx, "error")
	for _, want := range []string{"kayles:n=1000", "positions", "memory budget", "the largest that fit: kayles:"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the refusal %q does not say %q", msg, want)
		}
	}
	if eval[bool](t, ctx, `!document.getElementById("progress").hidden`) {
		t.Error("a progress bar shows beside the refusal")
	}
	if n := srv.Solves(); n != 0 {
		t.Errorf("%d solves started for a refused game", n)
	}
	screenshot(t, ctx, dir, "refused-kayles.png")

	// A second paste into a server that keeps one rules file.
	src, err := os.ReadFile("../examples/count.star")
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range []string{string(src), string(src) + "\n# another file\n"} {
		if err := chromedp.Do(ctx,
			chromedp.SetValue(chromedp.CSS("#game"), "__rules"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("game").dispatchEvent(new Event("change"))`),
			chromedp.SetValue(chromedp.CSS("#rulestext"), text),
			chromedp.Click(chromedp.CSS("#rulesload")),
		); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, fmt.Sprintf("paste %d", i+1), fmt.Sprintf(`document.getElementById("summary").textContent.includes("loaded as") && document.getElementById("summary").textContent.split("rules:").length > %d`, i+1))
	}
	if s := text(t, ctx, "summary"); !strings.Contains(s, "forgot rules:") || !strings.Contains(s, "paste that file again") {
		t.Errorf("after the second paste the page says %q, not that the first file was forgotten", s)
	}
	screenshot(t, ctx, dir, "rules-forgotten.png")

	// Another site's page (localhost is another site than 127.0.0.1)
	// tries to start a solve and to paste a file.
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>another site</title><p>another site")
	}))
	defer other.Close()
	rulesFiles := func() string {
		srv.rules.mu.Lock()
		defer srv.rules.mu.Unlock()
		var ids []string
		for id := range srv.rules.files {
			ids = append(ids, id)
		}
		return strings.Join(ids, ",")
	}
	solves, files := srv.Solves(), rulesFiles()
	navigate(t, ctx, strings.Replace(other.URL, "127.0.0.1", "localhost", 1)+"/")
	tries := fmt.Sprintf(`Promise.allSettled([
		fetch(%[1]q + "/api/position?game=tictactoe:m=4,n=4"),
		fetch(%[1]q + "/api/rules", {method: "POST", mode: "no-cors", body: %[2]q}),
	]).then((r) => r.map((x) => x.status).join(","))`, app, string(src)+"\n# from another site\n")
	settled, err := chromedp.Run(ctx, chromedp.Evaluate[string](tries, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if srv.Solves() != solves || rulesFiles() != files {
		t.Errorf("another site's page started %d solves, and the rules files went from %s to %s (%s)", srv.Solves()-solves, files, rulesFiles(), settled)
	}
	// The same request from the app's own page is answered: the test
	// would see a cross-site one that got through.
	navigate(t, ctx, app+"/?game=nim")
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](`fetch("/api/position?game=tictactoe:m=4,n=4").then((r) => r.status)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if status != 200 || srv.Solves() == solves {
		t.Errorf("the app's own page: status %d, %d solves", status, srv.Solves()-solves)
	}
}
