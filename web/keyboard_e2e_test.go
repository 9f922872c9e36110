package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// focusOnBoard is true while the focus is on the board or one of its cells.
const focusOnBoard = `(document.activeElement && document.activeElement.closest("#board") !== null)`

// focused is the cell ("r,c") the focus is on, "board" for the board
// itself, or what else has it.
const focused = `(() => {
	const a = document.activeElement;
	if (!a) return "";
	if (a.id === "board") return "board";
	return a.dataset && a.dataset.cell ? a.dataset.cell : a.id || a.tagName;
})()`

// TestPageKeyboardGame: a whole game played from the keyboard alone, the
// board a few Tab stops from the top of the page, the focus kept on the
// board after each move rather than lost to the page, an arrow key then
// choosing a cell; at the end the focus is on the headline that says how
// the game ended.
func TestPageKeyboardGame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game=tictactoe&mode=first")
	waitJS(t, ctx, "the start", settled+` && document.querySelectorAll("#moves button.move:not(:disabled)").length === 9`)

	tabs := 0
	for ; tabs < 20 && !eval[bool](t, ctx, focusOnBoard); tabs++ {
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
	over := `document.getElementById("turn").textContent.includes("game over")`
	for moves := 0; !eval[bool](t, ctx, over); moves++ {
		if moves > 5 {
			t.Fatal("more than five moves of the person in tic-tac-toe")
		}
		if !eval[bool](t, ctx, focusOnBoard) {
			t.Fatalf("before move %d the focus is on %s, not the board", moves+1, eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		if eval[string](t, ctx, focused) == "board" {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
				t.Fatal(err)
			}
		}
		before := eval[int](t, ctx, plyJS)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the computer's reply", settled+` && (`+plyJS+fmt.Sprintf(` >= %d ||`, before+2)+` `+over+`)`)
		waitJS(t, ctx, "the focus back on the board", focusOnBoard+` || `+over)
	}
	waitJS(t, ctx, "the focus on the headline", `document.activeElement === document.getElementById("verdict")`)
}

// TestPageKeyboardArrowsOnBoard: on the board the arrow keys move between
// its cells, not Undo and Redo; after a move the focus is on the board
// itself, not on a cell that Enter would play, and an arrow goes on from
// the cell last used.
func TestPageKeyboardArrowsOnBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game=tictactoe&mode=two")
	waitJS(t, ctx, "the start", settled+` && document.querySelectorAll("#board button.cell:not(:disabled)").length === 9`)
	key := func(k string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	eval[bool](t, ctx, `(document.querySelector('#board button[data-cell="1,1"]').focus(), true)`)
	key(kb.Enter) // b2
	waitJS(t, ctx, "b2 played", settled+` && `+plyJS+` === 1`)
	waitJS(t, ctx, "the focus back", focusOnBoard)
	if f := eval[string](t, ctx, focused); f != "board" {
		t.Errorf("after the move the focus is on %q, a cell Enter would play; want the board", f)
	}
	key(kb.ArrowLeft)
	if n := eval[int](t, ctx, plyJS); n != 1 {
		t.Fatalf("← on the board took the move back: move %d", n)
	}
	// From the board, the cell nearest the one last used: b2 is taken, a
	// cell beside it is next.
	if f := eval[string](t, ctx, focused); f != "0,1" && f != "1,0" && f != "1,2" && f != "2,1" {
		t.Errorf("← on the board put the focus on %q, want a cell beside b2", f)
	}
	for _, step := range []struct{ from, key, want string }{
		{"0,2", kb.ArrowLeft, "0,1"},
		{"0,1", kb.ArrowLeft, "0,0"},
		{"0,0", kb.ArrowLeft, "0,0"}, // the edge
		{"0,1", kb.ArrowDown, "2,1"}, // over b2, taken
		{"2,1", kb.ArrowRight, "2,2"},
		{"2,2", kb.ArrowUp, "1,2"},
	} {
		eval[bool](t, ctx, `(document.querySelector('#board button[data-cell="`+step.from+`"]').focus(), true)`)
		key(step.key)
		if f := eval[string](t, ctx, focused); f != step.want {
			t.Errorf("%s from %s put the focus on %q, want %s", step.key, step.from, f, step.want)
		}
		if n := eval[int](t, ctx, plyJS); n != 1 {
			t.Fatalf("%s from %s went to move %d", step.key, step.from, n)
		}
	}
	// Off the board the arrows are Undo and Redo still.
	eval[bool](t, ctx, `(document.activeElement.blur(), true)`)
	key(kb.ArrowLeft)
	waitJS(t, ctx, "← off the board is Undo", settled+` && `+plyJS+` === 0`)
}

// TestPageKeyboardEndInView: on a phone, a game played from the keyboard
// ends with its headline ("Game over…") on the screen and the focus on it.
func TestPageKeyboardEndInView(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	onPhone(t, ctx)
	// Tic-tac-toe from a position where the computer (O) wins at once
	// whatever X does.
	navigate(t, ctx, base+"/?game=tictactoe&mode=first&delay=0&pos="+"xo./xo./...")
	waitJS(t, ctx, "the position", settled+` && document.querySelector("#board button.cell:not(:disabled)") !== null`)
	// The person has scrolled the board to the top of the screen, the
	// headline above it out of view, as a tall board makes one do.
	eval[bool](t, ctx, `(window.scrollTo(0, document.getElementById("board").getBoundingClientRect().top + scrollY), true)`)
	eval[bool](t, ctx, `(document.querySelector('#board button[data-cell="2,2"]').focus({preventScroll: true}), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the end", settled+` && document.getElementById("turn").textContent.includes("game over")`)
	waitJS(t, ctx, "the focus settled", `document.activeElement !== document.body`)
	viewportShot(t, ctx, dir, "phone-keyboard-end.png")
	type rect struct{ Top, Bottom, H float64 }
	r := eval[rect](t, ctx, `(() => { const r = document.getElementById("verdict").getBoundingClientRect(); return {Top: r.top, Bottom: r.bottom, H: innerHeight}; })()`)
	if r.Top < 0 || r.Bottom > r.H {
		t.Errorf("at the end the headline %q is at y %.0f to %.0f, off the %.0f px screen", text(t, ctx, "verdict"), r.Top, r.Bottom, r.H)
	}
	if !eval[bool](t, ctx, `document.activeElement === document.getElementById("verdict")`) {
		t.Errorf("at the end the focus is on %s, not the headline", eval[string](t, ctx, focused))
	}
}
