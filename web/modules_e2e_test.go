package web

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// pickModule chooses "Paste a rules file or pick a game module…" and picks
// the module file at path.
func pickModule(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS("#game"), "__rules"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("game").dispatchEvent(new Event("change"))`),
		chromedp.SetUploadFiles(chromedp.CSS("#modulefile"), []string{abs}),
	); err != nil {
		t.Fatal(err)
	}
}

// TestPageModule: a person picks a game module's file in the page and
// plays it as any game, its moves coloured by their values as the server
// gives them; a file that is no module is refused under the picker, in
// one line, and leaves no game on screen.
func TestPageModule(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game=nim")
	waitJS(t, ctx, "nim", settled)

	pickModule(t, ctx, "../examples/modules/tictactoe/tictactoe.wasm")
	waitJS(t, ctx, "the module's game", settled+` && location.search.includes("module%3A") && document.querySelectorAll("#params [data-param]").length === 4`)
	st := waitTurn(t, ctx, "")
	screenshot(t, ctx, dir, "module-start.png")
	spec := eval[string](t, ctx, `new URLSearchParams(location.search).get("game")`)
	if !strings.HasPrefix(spec, "module:") || st.Position != ".../.../..." || len(st.Moves) != 9 {
		t.Fatalf("the module's game: %s at %q with %d moves", spec, st.Position, len(st.Moves))
	}
	checkColours(t, st, serverMoves(t, base, spec, ""))
	if s := text(t, ctx, "summary"); !strings.Contains(s, "loaded as "+spec) {
		t.Errorf("the summary does not name the module: %q", s)
	}

	// A move played on the page: the computer answers, and the moves
	// shown are those the server values at the position reached.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#moves button.move[data-move="b2"]`))); err != nil {
		t.Fatal(err)
	}
	st = waitTurn(t, ctx, st.Position)
	if !strings.Contains(st.Position, "x") || !strings.Contains(st.Position, "o") {
		t.Fatalf("after b2 and the computer's answer: %+v", st)
	}
	checkColours(t, st, serverMoves(t, base, spec, st.Position))
	screenshot(t, ctx, dir, "module-played.png")

	// A file that is not a module: one line under the picker.
	pickModule(t, ctx, "../examples/count.star")
	waitJS(t, ctx, "the refusal", `!document.getElementById("moduleerror").hidden`)
	msg := text(t, ctx, "moduleerror")
	if !strings.Contains(msg, "not a WebAssembly module") || strings.Contains(msg, "\n") {
		t.Errorf("the refusal: %q", msg)
	}
	if n := eval[int](t, ctx, `[...document.querySelectorAll("#board button, #moves button")].filter((b) => b.offsetParent !== null).length`); n != 0 {
		t.Errorf("the module's game is still on screen under the refusal: %d of its buttons", n)
	}
}
