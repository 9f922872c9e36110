package web

import (
	"net/url"
	"testing"
)

// unnamed lists the page's interactive elements that have no accessible
// name: no aria-label, no label, no text, no title, as a screen reader
// would find them (the rules of the accessible name, in their common
// cases).
const unnamed = `(() => {
	const name = (e) => {
		if ((e.getAttribute("aria-label") || "").trim()) return true;
		const by = e.getAttribute("aria-labelledby");
		if (by && by.split(/\s+/).some((id) => (document.getElementById(id) || {}).textContent)) return true;
		if (e.labels && [...e.labels].some((l) => l.textContent.trim())) return true;
		if ((e.textContent || "").trim()) return true;
		if ((e.getAttribute("title") || "").trim() || (e.getAttribute("alt") || "").trim()) return true;
		return false;
	};
	const out = [];
	for (const e of document.querySelectorAll("button, input, select, textarea, a[href], [tabindex]")) {
		if (e.closest("[hidden]") || e.type === "hidden" || getComputedStyle(e).display === "none") continue;
		if (!name(e)) out.push(e.outerHTML.slice(0, 100));
	}
	return out;
})()`

// TestPageEveryControlNamed: on the boards of several games, and with the
// form's every part open, every control has a name.
func TestPageEveryControlNamed(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	for _, spec := range []string{"tictactoe", "teeko:n=4,pieces=2", "dobutsu:pieces=chicks", "chopsticks", "cards", "nim:heaps=1/2/3", "quixo:n=3", "connect4:w=5,h=3"} {
		for _, mode := range []string{"two", "watch"} {
			navigate(t, ctx, base+"/?game="+url.QueryEscape(spec)+"&mode="+mode)
			waitJS(t, ctx, spec, settled+` && document.querySelectorAll("#moves button.move").length > 0`)
			eval[bool](t, ctx, `(() => { for (const d of document.querySelectorAll("details")) d.open = true; return true; })()`)
			if missing := eval[[]string](t, ctx, unnamed); len(missing) > 0 {
				t.Errorf("%s, %s: controls without a name: %q", spec, mode, missing)
			}
		}
	}
}
