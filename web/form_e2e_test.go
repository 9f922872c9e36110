package web

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"sente/explain"
	"sente/games"
	"sente/internal/sandbox"
)

// TestPageFormStartsGames: a game chosen in the form, a parameter changed,
// a rules file loaded, each is on the board at once, without New game; a
// game that is not loaded yet leaves no other game on screen.
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

	// A parameter of the game.
	choose(`#params [data-param="heaps"]`, "1/2")
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
