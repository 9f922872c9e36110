package web

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPageWinningLine: at the end of a game won by k in a row, the cells
// of the line that won are marked on the board, and named so; a game that
// ends otherwise marks none.
func TestPageWinningLine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	won := `JSON.stringify([...document.querySelectorAll("#board button.cell.won")].map((b) => b.dataset.cell).sort())`
	for _, tt := range []struct{ spec, moves, want string }{
		// X takes the a file: a1, a2, a3 (rows from the top).
		{"tictactoe", "a1,b1,a2,b2,a3", `["0,0","1,0","2,0"]`},
		// Four of the first player's in column 1 of connect four 4×4.
		{"connect4:w=4,h=4", "1,2,1,2,1,2,1", `["0,0","1,0","2,0","3,0"]`},
		// A tie: no line.
		{"tictactoe", "b2,a1,c3,a3,a2,c2,b1,b3,c1", `[]`},
	} {
		navigate(t, ctx, base+"/?game="+url.QueryEscape(tt.spec)+"&mode=two&moves="+tt.moves)
		waitJS(t, ctx, tt.spec+" "+tt.moves, settled+` && document.getElementById("turn").textContent.includes("game over")`)
		if got := eval[string](t, ctx, won); got != tt.want {
			t.Errorf("%s after %s: the cells %s are marked as the winning line, want %s", tt.spec, tt.moves, got, tt.want)
		}
		if tt.want != "[]" {
			screenshot(t, ctx, dir, "won-"+strings.SplitN(tt.spec, ":", 2)[0]+".png")
			if l := eval[string](t, ctx, `(document.querySelector("#board button.cell.won") || {getAttribute: () => ""}).getAttribute("aria-label")`); !strings.Contains(l, "winning line") {
				t.Errorf("%s: a cell of the winning line is named %q", tt.spec, l)
			}
		}
	}
}

// TestPageQuixoSaysHowToClick: quixo's board says how a push is played by
// clicks, as no other game's move is played.
func TestPageQuixoSaysHowToClick(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game="+url.QueryEscape("quixo:n=3")+"&mode=two")
	waitJS(t, ctx, "quixo", settled+` && document.querySelector("#board button.cell:not(:disabled)") !== null`)
	caption := eval[string](t, ctx, `(document.querySelector("#board .caption") || {textContent: ""}).textContent`)
	if !strings.Contains(caption, "click a cube on the edge") || !strings.Contains(caption, "then the end of its row or column") {
		t.Errorf("quixo's board says %q: not how to click a push", caption)
	}
}

// TestPageGameNamesWhole: the name of every game shows whole in the game
// form, on the desktop and on a phone, none cut off: a list box cuts a
// name longer than itself, so the name chosen shows in full beside it, the
// list laid over it to be clicked.
func TestPageGameNamesWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	// Every choice of the list, chosen (an input event, as a person's
	// choice fires before its change), and what the form then shows.
	cutJS := `(() => {
		const s = document.getElementById("game"), shown = document.getElementById("gametitle");
		const was = s.value, out = [];
		for (const o of s.options) {
			s.value = o.value;
			s.dispatchEvent(new Event("input"));
			const box = shown.getBoundingClientRect(), list = s.getBoundingClientRect();
			const whole = shown.textContent === o.textContent && shown.scrollWidth <= shown.clientWidth && shown.scrollHeight <= shown.clientHeight + 1;
			const covered = Math.abs(box.left - list.left) < 1 && Math.abs(box.right - list.right) < 1 && Math.abs(box.top - list.top) < 1 && Math.abs(box.bottom - list.bottom) < 1;
			if (!whole || !covered) out.push(o.textContent + (whole ? " (the list is not over it)" : " (shown as " + JSON.stringify(shown.textContent) + ")"));
		}
		s.value = was;
		s.dispatchEvent(new Event("input"));
		return out;
	})()`
	for _, size := range []struct {
		name string
		w, h int64
		opts []chromedp.EmulateViewportOption
	}{
		{"desktop", 1280, 800, nil},
		{"phone", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateMobile}},
	} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h, size.opts...)); err != nil {
			t.Fatal(err)
		}
		navigate(t, ctx, base+"/?game=tictactoe")
		waitJS(t, ctx, "tic-tac-toe", settled+` && document.getElementById("gametitle") !== null`)
		eval[bool](t, ctx, `(document.getElementById("setupbox").open = true, true)`)
		if cut := eval[[]string](t, ctx, cutJS); len(cut) > 0 {
			slices.Sort(cut)
			t.Errorf("on the %s the game form cuts off %q", size.name, cut)
		}
		if got := text(t, ctx, "gametitle"); got != "Tic-tac-toe and other m,n,k-games" {
			t.Errorf("on the %s the game form shows %q for tic-tac-toe", size.name, got)
		}
		eval[bool](t, ctx, `(() => { const s = document.getElementById("game"); s.value = "octal"; s.dispatchEvent(new Event("input")); return true; })()`)
		viewportShot(t, ctx, dir, "game-names-"+size.name+".png")
		if w := eval[float64](t, ctx, `Math.max(innerWidth, document.documentElement.scrollWidth)`); w > float64(size.w) {
			t.Errorf("on the %s the page is %.0f px wide", size.name, w)
		}
	}
}
