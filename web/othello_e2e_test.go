package web

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserOthello plays 4×4 Othello on the board: a click on the cell
// a move fills plays it and turns the discs it outflanks, and a player
// with no move passes from the list of moves, the board offering none.
func TestBrowserOthello(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays othello on its board (about 5 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	d := &boardDriver{t: t, ctx: ctx, base: base}

	st := d.open("othello", "two", "")
	if st.Position != "..../.ox./.xo./.... x" {
		t.Fatalf("othello starts at %q", st.Position)
	}
	screenshot(t, ctx, dir, "board-othello-start.png")
	// b1 turns b2; then white's c1, black's d3 and white's a1 leave black
	// without a move.
	st = d.play(st, "b1")
	if st.Position != ".x../.xx./.xo./.... o" {
		t.Errorf("after b1: %q, want b2 turned", st.Position)
	}
	for _, name := range []string{"c1", "d3", "a1"} {
		st = d.play(st, name)
	}
	if st.Position != "ooo./.xx./.xxx/.... x" {
		t.Fatalf("after b1 c1 d3 a1: %q", st.Position)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#board button.cell[data-move]").length`); n != 0 {
		t.Errorf("black must pass, but %d cells of the board take a move", n)
	}
	screenshot(t, ctx, dir, "board-othello-pass.png")
	if err := chromedp.Do(ctx, chromedp.Click(`#moves button.move[data-move="pass"]`, chromedp.NodeVisible)); err != nil {
		t.Fatal(err)
	}
	if st = waitTurn(t, ctx, st.Position); st.Position != "ooo./.xx./.xxx/.... o" {
		t.Errorf("after the pass: %q, want the same discs with white to move", st.Position)
	}
}
