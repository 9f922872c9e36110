package web

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pasteRules chooses "Paste a rules file…", pastes src and loads it.
func pasteRules(t *testing.T, ctx context.Context, src string) {
	t.Helper()
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS("#game"), "__rules"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("game").dispatchEvent(new Event("change"))`),
		chromedp.SetValue(chromedp.CSS("#rulestext"), src),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("rulestext").dispatchEvent(new Event("input"))`),
		chromedp.Click(chromedp.CSS("#rulesload")),
	); err != nil {
		t.Fatal(err)
	}
}

// TestPageFailedPasteClears: a rules file that does not load leaves
// nothing of the file loaded before (its name, its parameters, its game);
// the file's lines are numbered and do not wrap, and the line its error
// names is marked.
func TestPageFailedPasteClears(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	needSandbox(t)
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	src, err := os.ReadFile("../examples/count.star")
	if err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, base+"/?game=tictactoe")
	waitJS(t, ctx, "tic-tac-toe", settled)
	pasteRules(t, ctx, string(src))
	waitJS(t, ctx, "the file's game", settled+` && location.search.includes("rules%3A") && document.querySelectorAll("#params [data-param]").length === 3`)
	loaded := eval[string](t, ctx, `new URLSearchParams(location.search).get("game")`)

	bad := "def start():\n    return 0\n\ndef moves(p):\n    return [1 +]\n\ndef turn(p):\n    return 'first'\n"
	pasteRules(t, ctx, bad)
	waitJS(t, ctx, "the error", `[...document.querySelectorAll("[role=alert]")].some((e) => !e.hidden && e.textContent.includes("rules.star:5:"))`)
	screenshot(t, ctx, dir, "rules-failed-paste.png")
	if n := eval[int](t, ctx, `document.querySelectorAll("#params [data-param]").length`); n != 0 {
		t.Errorf("the parameters of the file loaded before stay: %d", n)
	}
	if s := text(t, ctx, "summary"); strings.Contains(s, loaded) || strings.Contains(s, "count") {
		t.Errorf("the summary still speaks of the file loaded before: %q", s)
	}
	if n := eval[int](t, ctx, `[...document.querySelectorAll("#board button, #moves button")].filter((b) => b.offsetParent !== null).length`); n != 0 {
		t.Errorf("the game of the file loaded before is still on screen: %d of its buttons", n)
	}
	if s := text(t, ctx, "setupname"); strings.Contains(s, "rules:") {
		t.Errorf("the form still names the file loaded before: %q", s)
	}
	type editor struct {
		WhiteSpace string
		Numbers    []string
		Marked     string
		MarkTop    float64
		LineTop    float64
		Shown      bool
	}
	e := eval[editor](t, ctx, `(() => {
		const ta = document.getElementById("rulestext"), g = document.getElementById("rulesgutter"), mark = document.getElementById("rulesmark");
		const st = getComputedStyle(ta);
		const lh = parseFloat(st.lineHeight);
		return {
			WhiteSpace: st.whiteSpace,
			Numbers: g ? g.textContent.split("\n").map((s) => s.replace(/[^0-9]/g, "")) : [],
			Marked: g && g.querySelector(".bad") ? g.querySelector(".bad").textContent.replace(/[^0-9]/g, "") : "",
			Shown: !!mark && !mark.hidden,
			MarkTop: mark ? mark.getBoundingClientRect().top : 0,
			LineTop: ta.getBoundingClientRect().top + parseFloat(st.paddingTop) + parseFloat(st.borderTopWidth) + 4 * lh - ta.scrollTop,
		};
	})()`)
	if e.WhiteSpace != "pre" && e.WhiteSpace != "nowrap" {
		t.Errorf("the rules file's lines wrap (white-space %s)", e.WhiteSpace)
	}
	if want := strings.Count(bad, "\n") + 1; len(e.Numbers) != want || e.Numbers[0] != "1" || e.Numbers[want-1] != strconv.Itoa(want) {
		t.Errorf("the rules file's lines are numbered %q, want 1 to %d", e.Numbers, want)
	}
	if e.Marked != "5" || !e.Shown || e.MarkTop < e.LineTop-2 || e.MarkTop > e.LineTop+2 {
		t.Errorf("the error's line: number %q marked, the line marked %v at y %.0f; want line 5, marked at y %.0f", e.Marked, e.Shown, e.MarkTop, e.LineTop)
	}
	// Correcting the file and loading it again plays it.
	pasteRules(t, ctx, string(src))
	waitJS(t, ctx, "the corrected file's game", settled+` && location.search.includes("rules%3A") && document.querySelectorAll("#params [data-param]").length === 3`)
	if eval[bool](t, ctx, `!document.getElementById("ruleserror").hidden || !document.getElementById("rulesmark").hidden`) {
		t.Error("the error stays once the file loads")
	}
}

// TestPageEndlessRulesFile: a rules file whose game never ends shows the
// positions found growing while it is explored, and once it has run out
// of memory says how many it found, that they were still growing, and
// what makes a game do so.
func TestPageEndlessRulesFile(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	needSandbox(t)
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{RulesMemory: 96 << 20, Moment: time.Millisecond})
	navigate(t, ctx, base+"/?game=tictactoe")
	waitJS(t, ctx, "tic-tac-toe", settled)
	pasteRules(t, ctx, "def start():\n    return (0, 'first')\n\ndef turn(p):\n    return p[1]\n\n"+
		"def moves(p):\n    n, who = p\n    other = 'second' if who == 'first' else 'first'\n    return [('up', (n + 1, other)), ('upup', (n + 2, other))]\n")
	waitJS(t, ctx, "the positions counted", `!document.getElementById("progress").hidden && /[0-9,]+ positions so far/.test(document.getElementById("progresstext").textContent)`)
	screenshot(t, ctx, dir, "rules-endless-exploring.png")
	waitJS(t, ctx, "the error", `!document.getElementById("error").hidden`)
	screenshot(t, ctx, dir, "rules-endless.png")
	msg := text(t, ctx, "error")
	for _, words := range []string{"positions in", "still growing by", "a second", "never ends", "carries its history"} {
		if !strings.Contains(msg, words) {
			t.Errorf("the error does not say %q: %q", words, msg)
		}
	}
}
