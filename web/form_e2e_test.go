package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/sandbox"
)

// TestPageFormStartsGames: a game chosen in the form and a rules file
// loaded are on the board at once, without New game, and a parameter
// changed once New game is pressed; a game that is not loaded yet leaves
// no other game on screen.
func TestPageFormStartsGames(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game=tictactoe")
	waitJS(t, ctx, "tic-tac-toe", settled+` && document.querySelectorAll("#moves button.move").length === 9`)

	choose := func(sel, value string) {
		t.Helper()
		if err := chromedp.Do(ctx,
			chromedp.SetValue(chromedp.CSS(sel), value),
			chromedp.Evaluate[chromedp.Void](`document.querySelector(`+"`"+sel+"`"+`).dispatchEvent(new Event("change", {bubbles: true}))`),
		); err != nil {
			t.Fatal(err)
		}
	}
	choose("#game", "nim")
	waitJS(t, ctx, "nim on the board", settled+` && location.search.includes("game=nim") && document.getElementById("setupname").textContent.includes("nim")`)
	nim := text(t, ctx, "position")

	// A parameter of the game, played by New game.
	choose(`#params [data-param="heaps"]`, "1/2")
	click(t, ctx, "#newgame")
	waitJS(t, ctx, "nim with new heaps", settled+` && document.getElementById("setupname").textContent.includes("heaps=1/2")`)
	if text(t, ctx, "position") == nim {
		t.Errorf("the new heaps left the old position %s on the board", nim)
	}

	if !sandbox.Supported() {
		t.Log("pasted rules files need hard memory limits, which this build cannot set (the race detector)")
		return
	}
	// Choosing to paste a rules file leaves no game on screen; loading one
	// starts it.
	choose("#game", "__rules")
	waitJS(t, ctx, "no game under the rules form", `document.getElementById("play").classList.contains("empty") && document.getElementById("verdict").textContent.includes("Load rules")`)
	src, err := os.ReadFile("../examples/count.star")
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS("#rulestext"), string(src)),
		chromedp.Click(chromedp.CSS("#rulesload")),
	); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the rules game on the board", settled+` && location.search.includes("rules%3A") && !document.getElementById("play").classList.contains("empty")`)
}

// TestPageFormOnPhone: on a phone the game picker is one tap from the top,
// and a new game brings the board into view.
func TestPageFormOnPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, base+"/?game=tictactoe")
	waitJS(t, ctx, "tic-tac-toe", settled+` && document.querySelectorAll("#moves button.move").length === 9`)
	if top := eval[float64](t, ctx, `document.querySelector("#setupbox > summary").getBoundingClientRect().top`); top > 150 {
		t.Errorf("the game form begins %.0f px down the phone's screen", top)
	}
	if bottom := eval[float64](t, ctx, `document.getElementById("board").getBoundingClientRect().bottom`); bottom > 844 {
		t.Errorf("the board ends %.0f px down, below the screen", bottom)
	}
	click(t, ctx, "#setupbox > summary")
	waitJS(t, ctx, "the form unfolded", `document.getElementById("setupbox").open`)
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS("#newgame"))); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#newgame")
	waitJS(t, ctx, "a new game", settled)
	top := eval[float64](t, ctx, `document.getElementById("board").getBoundingClientRect().top`)
	if top < 0 || top > 844-100 {
		t.Errorf("after New game the board is %.0f px from the top of the screen, out of view", top)
	}
	viewportShot(t, ctx, dir, "phone-new-game.png")
}

// TestPageSelectsFit: every choice of the form's lists shows whole in its
// box at the desktop's width, none cut off.
func TestPageSelectsFit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game=tictactoe")
	waitJS(t, ctx, "tic-tac-toe", settled)
	cut := eval[[]string](t, ctx, `(() => {
		const canvas = document.createElement("canvas").getContext("2d");
		const out = [];
		for (const id of ["mode", "opponent"]) {
			const s = document.getElementById(id);
			const st = getComputedStyle(s);
			canvas.font = st.font;
			// The box less its padding and the arrow.
			const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 20;
			for (const o of s.options) if (canvas.measureText(o.textContent).width > room) out.push(o.textContent);
		}
		return out;
	})()`)
	if len(cut) > 0 {
		t.Errorf("choices cut off in their lists: %q", cut)
	}
}

// TestPageGameTitles: the list of games reads by each game's title, as
// the catalogue gives it (Dawson's chess, not dawsonchess), its choices
// keeping the names that links and specs use.
func TestPageGameTitles(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game=tictactoe")
	waitJS(t, ctx, "tic-tac-toe", settled)
	type option struct{ Value, Text string }
	shown := map[string]string{}
	for _, o := range eval[[]option](t, ctx, `[...document.getElementById("game").options].map((o) => ({Value: o.value, Text: o.textContent}))`) {
		shown[o.Value] = o.Text
	}
	for _, f := range games.All() {
		want := explain.Title(f)
		if got, ok := shown[f.Name]; !ok {
			t.Errorf("the list of games has no %s", f.Name)
		} else if !strings.Contains(got, want) {
			t.Errorf("the list shows %s as %q; want its title %q", f.Name, got, want)
		}
	}
	if got := shown["dawsonchess"]; !strings.Contains(got, "Dawson") {
		t.Errorf("dawsonchess is shown as %q", got)
	}
}

// TestPagePositionalParam: a link whose spec gives a parameter first,
// without its name (subtraction:1,3,4,n=10), fills that parameter's field,
// as the command line reads the spec.
func TestPagePositionalParam(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game="+url.QueryEscape("subtraction:1,3,4,n=10"))
	waitJS(t, ctx, "subtraction", settled)
	got := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("#params [data-param]")].map((i) => [i.dataset.param, i.value]))`)
	if got["set"] != "1,3,4" || got["n"] != "10" {
		t.Errorf("the form shows %v; want set 1,3,4 and n 10", got)
	}
}

// TestPageParamsWaitForNewGame: changing a game's width, then its height,
// solves neither the size in between nor anything until New game (or
// Enter in a field) is pressed; until then the form says what New game
// will play.
func TestPageParamsWaitForNewGame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	real := newTestServer(t, Config{}).Handler()
	var mu sync.Mutex
	asked := map[string]int{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/position" {
			mu.Lock()
			asked[r.URL.Query().Get("game")]++
			mu.Unlock()
		}
		real.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	wasAsked := func(spec string) bool {
		mu.Lock()
		defer mu.Unlock()
		return asked[spec] > 0
	}
	set := func(param, value string) {
		t.Helper()
		sel := `#params [data-param="` + param + `"]`
		if err := chromedp.Do(ctx,
			chromedp.SetValue(chromedp.CSS(sel), value),
			chromedp.Evaluate[chromedp.Void](`document.querySelector(`+"`"+sel+"`"+`).dispatchEvent(new Event("input", {bubbles: true}))`),
			chromedp.Evaluate[chromedp.Void](`document.querySelector(`+"`"+sel+"`"+`).dispatchEvent(new Event("change", {bubbles: true}))`),
		); err != nil {
			t.Fatal(err)
		}
	}
	navigate(t, ctx, ts.URL+"/?game="+url.QueryEscape("connect4:w=4,h=4")+"&mode=two")
	waitJS(t, ctx, "connect four 4×4", settled+` && document.querySelectorAll("#moves button.move").length === 4`)
	shown := text(t, ctx, "setupname")
	set("w", "5")
	time.Sleep(1500 * time.Millisecond)
	if wasAsked("connect4:w=5,h=4") || text(t, ctx, "setupname") != shown {
		t.Errorf("changing the width alone started connect4:w=5,h=4 (the board names %q)", text(t, ctx, "setupname"))
	}
	if p := eval[string](t, ctx, `document.getElementById("pending").hidden ? "" : document.getElementById("pending").textContent`); !strings.Contains(p, "connect4:w=5,h=4") || !strings.Contains(p, "New game") {
		t.Errorf("the form does not say New game plays the change: %q", p)
	}
	set("h", "3")
	time.Sleep(500 * time.Millisecond)
	click(t, ctx, "#newgame")
	waitJS(t, ctx, "connect four 5×3", settled+` && document.getElementById("setupname").textContent.includes("w=5,h=3") && document.querySelectorAll("#moves button.move").length === 5`)
	if wasAsked("connect4:w=5,h=4") || wasAsked("connect4:w=5") {
		t.Errorf("the size in between was asked for: %v", asked)
	}
	if !eval[bool](t, ctx, `document.getElementById("pending").hidden`) {
		t.Error("the form still says a change waits once New game has played it")
	}
	// Enter in a field plays it too.
	set("k", "3")
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#params [data-param="k"]`)), chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "Enter plays k=3", settled+` && document.getElementById("setupname").textContent.includes("k=3")`)
}
