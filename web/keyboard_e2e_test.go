package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPageKeyboardGame: a whole game played from the keyboard alone, the
// board a few Tab stops from the top of the page, the focus kept on the
// board after each move rather than lost to the page.
func TestPageKeyboardGame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game=tictactoe&mode=first")
	waitJS(t, ctx, "the start", settled+` && document.querySelectorAll("#moves button.move:not(:disabled)").length === 9`)

	onBoard := `(document.activeElement && document.activeElement.closest("#board") !== null)`
	tabs := 0
	for ; tabs < 20 && !eval[bool](t, ctx, onBoard); tabs++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
			t.Fatal(err)
		}
		// The skip link leads past the game form.
		if eval[bool](t, ctx, `document.activeElement.classList.contains("skip")`) {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if tabs > 4 {
		t.Errorf("%d Tab presses to reach the board", tabs)
	}
	for moves := 0; !eval[bool](t, ctx, `document.getElementById("turn").textContent.includes("game over")`); moves++ {
		if moves > 5 {
			t.Fatal("more than five moves of the person in tic-tac-toe")
		}
		if !eval[bool](t, ctx, onBoard) {
			t.Fatalf("before move %d the focus is on %s, not the board", moves+1, eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		before := eval[int](t, ctx, plyJS)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the computer's reply", settled+` && (`+plyJS+fmt.Sprintf(` >= %d ||`, before+2)+` document.getElementById("turn").textContent.includes("game over"))`)
		waitJS(t, ctx, "the focus back on the board", onBoard+` || document.getElementById("turn").textContent.includes("game over")`)
	}
}
