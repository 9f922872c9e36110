package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The browser test of the "heaps" board: nim and subtraction games drawn
// as rows of tokens, a move played by a click on the token from which it
// takes to the right end of its heap.

// heapView is a heap as the page draws it.
type heapView struct {
	Name   string      `json:"name"`
	Size   string      `json:"size"`
	Empty  bool        `json:"empty"`
	Tokens []tokenView `json:"tokens"`
}

// tokenView is a token of a heap: its cell, the move a click plays, its
// classes, accessible name, whether it is disabled, the shape drawn in it
// and its size on the screen.
type tokenView struct {
	Cell     string  `json:"cell"`
	Move     string  `json:"move"`
	Class    string  `json:"class"`
	Label    string  `json:"label"`
	Disabled bool    `json:"disabled"`
	Mark     string  `json:"mark"`
	Width    float64 `json:"width"`
	Top      float64 `json:"top"`
}

const heapsJS = `JSON.stringify([...document.querySelectorAll("#board.heaps .heaprow")].map((r) => ({
  name: r.querySelector(".heapname").textContent, size: r.querySelector(".heapsize").textContent,
  empty: r.querySelector(".emptyheap") !== null,
  tokens: [...r.querySelectorAll("button.token")].map((b) => ({cell: b.dataset.cell, move: b.dataset.move || "",
    class: b.className, label: b.getAttribute("aria-label"), disabled: b.disabled,
    mark: getComputedStyle(b, "::after").clipPath, width: b.getBoundingClientRect().width, top: Math.round(b.getBoundingClientRect().top)})),
})))`

func readHeaps(t *testing.T, ctx context.Context) []heapView {
	t.Helper()
	var hs []heapView
	if err := json.Unmarshal([]byte(eval[string](t, ctx, heapsJS)), &hs); err != nil {
		t.Fatal(err)
	}
	return hs
}

// checkHeaps checks the heaps drawn at the position st shows against the
// server's board: the heaps' sizes, written and in tokens, and each
// token's move, value mark and accessible name ("heap 2, take 3: lose in
// 4"), a token that plays no move disabled and named so. With hints off
// the tokens carry no values.
func checkHeaps(t *testing.T, ctx context.Context, base, spec string, st pageState, sizes []int, hints bool) []heapView {
	t.Helper()
	want := serverMoves(t, base, spec, st.Position)
	if want.Board == nil || want.Board.Style != "heaps" {
		t.Fatalf("%s at %s: the server's board is %+v, not heaps", spec, st.Position, want.Board)
	}
	byCell := map[string]string{}
	for _, p := range want.Board.Plays {
		byCell[fmt.Sprintf("%d,%d", p.To[0], p.To[1])] = p.Move
	}
	values := map[string]string{}
	for _, m := range want.Moves {
		values[m.Move] = fmt.Sprintf("%s in %d", m.Value, remoteness(m.Remoteness))
	}
	hs := readHeaps(t, ctx)
	if len(hs) != len(sizes) {
		t.Fatalf("%s at %s: %d heaps drawn, want %d", spec, st.Position, len(hs), len(sizes))
	}
	placed := 0
	for r, h := range hs {
		n := sizes[r]
		name := fmt.Sprintf("heap %d", r+1)
		if h.Name != name || h.Size != fmt.Sprint(n) || len(h.Tokens) != n || h.Empty != (n == 0) {
			t.Errorf("%s at %s: heap %d drawn as %q of size %q with %d tokens (empty %v), want %q of %d", spec, st.Position, r+1, h.Name, h.Size, len(h.Tokens), h.Empty, name, n)
			continue
		}
		for c, tok := range h.Tokens {
			cell := fmt.Sprintf("%d,%d", r, c)
			label := fmt.Sprintf("%s, take %d", name, n-c)
			move, ok := byCell[cell]
			switch {
			case tok.Cell != cell:
				t.Errorf("%s at %s: token %d of %s is cell %q", spec, st.Position, c, name, tok.Cell)
			case !ok:
				if tok.Move != "" || !tok.Disabled || tok.Label != label+": not a move" {
					t.Errorf("%s at %s: %s, which plays no move, shows %+v", spec, st.Position, cell, tok)
				}
			case tok.Move != move || !strings.Contains(tok.Class, "playable"):
				t.Errorf("%s at %s: %s plays %q (class %q), want %s", spec, st.Position, cell, tok.Move, tok.Class, move)
			case hints:
				placed++
				v := strings.Fields(values[move])[0]
				if !strings.Contains(tok.Class, valueClassOf[v]) || !strings.HasPrefix(tok.Mark, "polygon") || tok.Label != label+": "+values[move] {
					t.Errorf("%s at %s: %s (%s, %s) has class %q, mark %q, name %q", spec, st.Position, cell, move, values[move], tok.Class, tok.Mark, tok.Label)
				}
			default:
				placed++
				if tok.Label != label || strings.Contains(tok.Class, "win") || strings.Contains(tok.Class, "lose") {
					t.Errorf("%s at %s without hints: %s has class %q, name %q", spec, st.Position, cell, tok.Class, tok.Label)
				}
			}
		}
	}
	if placed != len(want.Moves) {
		t.Errorf("%s at %s: %d tokens play a move, the position has %d", spec, st.Position, placed, len(want.Moves))
	}
	return hs
}

// clickToken plays name by a click on its token and returns the next turn.
func clickToken(t *testing.T, ctx context.Context, st pageState, name string) pageState {
	t.Helper()
	click(t, ctx, fmt.Sprintf(`#board button.token[data-move=%q]`, name))
	return waitTurn(t, ctx, st.Position)
}

// lastPlayed is the last move of the list of moves played.
func lastPlayed(t *testing.T, ctx context.Context) string {
	t.Helper()
	r := readRecord(t, ctx)
	if len(r) == 0 {
		return ""
	}
	return r[len(r)-1].Move
}

// lifted lists the tokens of the heap drawn lifted, as what a click
// would take: "0" for not, "1" for lifted, token after token.
func lifted(t *testing.T, ctx context.Context, heap int) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll("#board .heaprow")[%d].querySelectorAll("button.token")].map((b) => getComputedStyle(b).boxShadow === "none" ? "0" : "1").join("")`, heap))
}

// playToEnd plays against the computer by clicking the best move's token
// until the game ends, checking every position's heaps, and returns the
// final state.
func playToEnd(t *testing.T, ctx context.Context, base, spec string, st pageState, sizes func(pos string) []int) pageState {
	t.Helper()
	for ply := 0; !st.Ended; ply++ {
		if ply > 70 {
			t.Fatalf("%s does not end", spec)
		}
		checkHeaps(t, ctx, base, spec, st, sizes(st.Position), true)
		st = clickToken(t, ctx, st, serverMoves(t, base, spec, st.Position).Moves[0].Move)
	}
	checkHeaps(t, ctx, base, spec, st, sizes(st.Position), true)
	return st
}

// nimSizes reads the heaps of a nim position, "1/2/0 second".
func nimSizes(pos string) []int {
	var hs []int
	for _, f := range strings.Split(strings.Fields(pos)[0], "/") {
		var n int
		fmt.Sscan(f, &n)
		hs = append(hs, n)
	}
	return hs
}

// subtractionSizes reads the heaps of a heap game's position, "3+7 first",
// "0 second" drawn as one empty heap.
func subtractionSizes(pos string) []int {
	var hs []int
	for _, f := range strings.Split(strings.Fields(pos)[0], "+") {
		var n int
		fmt.Sscan(f, &n)
		hs = append(hs, n)
	}
	return hs
}

// TestBrowserNimHeaps opens nim and a subtraction game on their heaps of
// tokens: the heaps and tokens drawn, each token's value mark and name, a
// hover lifting what a click takes, a click playing the move, whole games
// against the computer played by clicking tokens (normal and misère nim,
// subtraction {1, 3, 4}), no tokens but the allowed ones playable in
// subtraction, and the heaps at a phone's width, up to heaps of 63.
func TestBrowserNimHeaps(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays nim and subtraction on heaps of tokens (about 20 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	d := &boardDriver{t: t, ctx: ctx, base: base}

	spec := "nim:heaps=1/2/3"
	st := d.open(spec, "two", "")
	checkHeaps(t, ctx, base, spec, st, []int{1, 2, 3}, true)
	// The pointer on the middle token of heap 3 lifts it and the one to
	// its right, which a click there takes; the focus does as well.
	xy := eval[[]float64](t, ctx, `(() => { const b = document.querySelector('#board button.token[data-cell="2,1"]'); b.scrollIntoView({block: "center"}); const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
	if got := lifted(t, ctx, 2); got != "011" {
		t.Errorf("hovering token 2 of heap 3 lifts %s, want 011", got)
	}
	screenshot(t, ctx, dir, "heaps-nim-hover.png")
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1)); err != nil {
		t.Fatal(err)
	}
	eval[bool](t, ctx, `(document.querySelector('#board button.token[data-cell="1,0"]').focus({focusVisible: true}), true)`)
	if got := lifted(t, ctx, 1) + "/" + lifted(t, ctx, 2); got != "11/000" {
		t.Errorf("the focus on token 1 of heap 2 lifts %s, want 11/000", got)
	}
	st = clickToken(t, ctx, st, "3-2")
	if st.Position != "1/2/1 second" || lastPlayed(t, ctx) != "3-2" {
		t.Errorf("a click on token 2 of heap 3: position %q, last move %q; want 1/2/1 second after 3-2", st.Position, lastPlayed(t, ctx))
	}
	checkHeaps(t, ctx, base, spec, st, []int{1, 2, 1}, true)
	// Without hints the tokens play and carry no values.
	navigate(t, ctx, base+"/?game=nim%3Aheaps%3D1%2F2%2F3&mode=two&hints=0")
	st = waitTurn(t, ctx, "")
	checkHeaps(t, ctx, base, spec, st, []int{1, 2, 3}, false)

	// Nim against the computer, a token clicked each turn: 3/4/5 and a
	// misère game with an empty heap, both won by the first player.
	for _, spec := range []string{"nim:heaps=3/4/5", "nim:heaps=1/0/2/4,misere=true"} {
		st := d.open(spec, "first", "")
		st = playToEnd(t, ctx, base, spec, st, nimSizes)
		if st.Verdict != "Game over: you won!" {
			t.Errorf("%s ended with %q; the first player wins it", spec, st.Verdict)
		}
		if r := readRecord(t, ctx); len(r) < 2 || r[0].Who == r[1].Who {
			t.Errorf("%s: the moves played are %+v", spec, r)
		}
		if strings.Contains(spec, "misere") {
			if c := eval[string](t, ctx, `document.querySelector("#board .caption").textContent`); !strings.Contains(c, "misère") {
				t.Errorf("%s: caption %q", spec, c)
			}
			screenshot(t, ctx, dir, "heaps-nim-misere-end.png")
		}
	}

	// Subtraction {1, 3, 4}: of a heap of 10 only the tokens that take 1,
	// 3 or 4 play.
	spec = "subtraction:1,3,4,n=10"
	st = d.open(spec, "two", "")
	hs := checkHeaps(t, ctx, base, spec, st, []int{10}, true)
	var playable []string
	for _, tok := range hs[0].Tokens {
		if !tok.Disabled {
			playable = append(playable, tok.Move)
		}
	}
	if strings.Join(playable, " ") != "10-4 10-3 10-1" {
		t.Errorf("subtraction {1, 3, 4} at 10: the tokens play %v", playable)
	}
	screenshot(t, ctx, dir, "heaps-subtraction.png")
	st = clickToken(t, ctx, st, "10-3")
	if st.Position != "7 second" || lastPlayed(t, ctx) != "10-3" {
		t.Errorf("subtraction, a click on token 7 of 10: position %q, last move %q", st.Position, lastPlayed(t, ctx))
	}
	st = d.open(spec, "first", "")
	st = playToEnd(t, ctx, base, spec, st, subtractionSizes)
	if st.Verdict != "Game over: you won!" || st.Position != "0 second" {
		t.Errorf("%s ended at %q with %q; the first player wins it", spec, st.Position, st.Verdict)
	}

	// A phone: the heaps fit the screen's width, tokens wrapping or
	// shrinking but still easy to tap; heaps of 63 have smaller tokens.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		spec  string
		sizes []int
		least float64 // the smallest width of a token, in CSS pixels
	}{
		{"nim:heaps=1/2/3", []int{1, 2, 3}, 40},
		{"nim:heaps=20/13/7/0", []int{20, 13, 7, 0}, 24},
		{"nim:heaps=63/40", []int{63, 40}, 17},
	} {
		st := d.open(tc.spec, "two", "")
		hs := checkHeaps(t, ctx, base, tc.spec, st, tc.sizes, true)
		for _, h := range hs {
			for _, tok := range h.Tokens {
				if tok.Width < tc.least {
					t.Errorf("%s on a phone: token %s is %.1f px wide, want at least %v", tc.spec, tok.Cell, tok.Width, tc.least)
					break
				}
			}
			// A heap wraps between its groups of five, two of them
			// to a line.
			line := 0
			for _, tok := range h.Tokens {
				if tok.Top == h.Tokens[0].Top {
					line++
				}
			}
			if n := len(h.Tokens); line != min(n, 10) {
				t.Errorf("%s on a phone: %s has %d tokens on its first line, want %d", tc.spec, h.Name, line, min(n, 10))
			}
		}
		fit := eval[string](t, ctx, `(() => {
  const box = document.getElementById("board");
  let right = 0;
  for (const e of box.querySelectorAll("*")) right = Math.max(right, e.getBoundingClientRect().right);
  return JSON.stringify({content: Math.round(right), scroll: box.scrollWidth, client: box.clientWidth, page: Math.max(innerWidth, document.documentElement.scrollWidth)});
})()`)
		var f struct{ Content, Scroll, Client, Page int }
		json.Unmarshal([]byte(fit), &f)
		if f.Content > 390 || f.Scroll > f.Client || f.Page > 390 {
			t.Errorf("%s at 390 px: the heaps overflow: %s", tc.spec, fit)
		}
		if err := chromedp.Do(ctx, chromedp.ScrollIntoView("#board")); err != nil {
			t.Fatal(err)
		}
		viewportShot(t, ctx, dir, "heaps-phone-"+strings.NewReplacer(":", "-", "/", "-", "=", "-").Replace(tc.spec)+".png")
	}
	// A tap on a token plays on a phone too.
	st = d.open("nim:heaps=1/2/3", "two", "")
	if st = clickToken(t, ctx, st, "2-2"); st.Position != "1/0/3 second" {
		t.Errorf("a tap on heap 2's first token: %q", st.Position)
	}
}
