package web

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sente-go/sente/internal/testmode"
)

// axePath is where `npm ci --prefix web/testdata/axe` puts axe-core, the
// accessibility engine browsers' own audits are built on; .ci/run
// installs it, at the version web/testdata/axe/package-lock.json pins.
const axePath = "testdata/axe/node_modules/axe-core/axe.min.js"

// axeViolation is what axe-core reports of one rule broken.
type axeViolation struct {
	ID, Impact, Help string
	Nodes            []struct {
		Target         []string
		FailureSummary string
	}
}

// runAxe runs axe-core's WCAG 2.1 A and AA rules on the page as it stands.
func runAxe(t *testing.T, ctx context.Context, script string) []axeViolation {
	t.Helper()
	if !eval[bool](t, ctx, `typeof axe !== "undefined"`) {
		eval[bool](t, ctx, script+";true")
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](`axe.run(document, {
  runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
  resultTypes: ["violations"],
}).then((r) => r.violations.map((v) => ({ID: v.id, Impact: v.impact || "", Help: v.help,
  Nodes: v.nodes.map((n) => ({Target: n.target.map(String), FailureSummary: n.failureSummary || ""}))})))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe.run: %v", err)
	}
	return v
}

// TestPageAxe audits the page with axe-core in headless Chromium, as a
// browser's accessibility audit does: every kind of board, playing against
// the computer and watching, on a desktop and a phone, with the form's
// folded parts open. Any WCAG 2.1 A or AA rule broken fails the test.
func TestPageAxe(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test: axe-core audits the page (about 20 s)")
	}
	script, err := os.ReadFile(filepath.FromSlash(axePath))
	if err != nil {
		testmode.Missing(t, "axe-core (web/"+axePath+")", "run npm ci --prefix web/testdata/axe in the repository's root, with Node's npm installed (on Debian: apt-get install npm)")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"desktop", 1280, 900}, {"phone", 390, 844}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.width, size.height)); err != nil {
			t.Fatal(err)
		}
		for _, page := range []string{
			"game=tictactoe&mode=first&moves=b2,a1",
			"game=nim&mode=first",
			"game=chopsticks&mode=two",
			"game=cards&mode=first",
			// Connect four's board at a size solved at once even on a busy
			// machine (5×4 took over 30 s at a load of 40 on two cores).
			"game=" + url.QueryEscape("connect4:w=4,h=4") + "&mode=first&moves=3,3",
			"game=" + url.QueryEscape("dobutsu:pieces=chicks") + "&mode=two",
			"game=" + url.QueryEscape("teeko:n=4,pieces=2") + "&mode=two",
			"game=" + url.QueryEscape("quixo:n=3") + "&mode=two",
			"game=" + url.QueryEscape("subtraction:1,3,4,n=10") + "&mode=watch",
			// A partizan board that splits: its value and its parts.
			"game=" + url.QueryEscape("domineering:board=..#.../..#.../####.#/#..#.#") + "&mode=first",
			// A drawing of points and lines: Hackenbush on a graph.
			"game=" + url.QueryEscape("hackenbush:graph=0-1L,1-2R,2-0L,0-3R,3-3L") + "&mode=first",
		} {
			navigate(t, ctx, base+"/?"+page)
			waitJS(t, ctx, page, settled)
			// The form's folded parts open, so that their controls are audited too.
			eval[bool](t, ctx, `document.querySelectorAll("details").forEach((d) => d.open = true), true`)
			for _, v := range runAxe(t, ctx, string(script)) {
				var where []string
				for _, n := range v.Nodes {
					where = append(where, strings.Join(n.Target, " ")+" ("+strings.ReplaceAll(n.FailureSummary, "\n", " ")+")")
				}
				t.Errorf("%s, %s: %s (%s, %s) at %d places: %s", size.name, page, v.ID, v.Impact, v.Help, len(v.Nodes), strings.Join(where[:min(3, len(where))], "; "))
			}
		}
	}
}
