package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The page's browser tests: phones, watching the computer play itself, the
// computer's strengths, undo and redo, the moves played and their link, the
// chart, the solve queue and the server's refusals. They reuse browser,
// readState, waitTurn and screenshot from e2e_test.go.

// eval runs js in the page and decodes its result into T.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// waitJS waits until js is true in the page.
func waitJS(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if eval[bool](t, ctx, js) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s: timed out; verdict %q, error %q, position %q", what,
		eval[string](t, ctx, `document.getElementById("verdict").textContent`),
		eval[string](t, ctx, `document.getElementById("error").textContent`),
		eval[string](t, ctx, `document.getElementById("position").textContent`))
}

func navigate(t *testing.T, ctx context.Context, u string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		t.Fatal(err)
	}
}

func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		t.Fatalf("click %s: %v", sel, err)
	}
}

func text(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`document.getElementById(%q).textContent`, id))
}

// viewportShot saves what is on the screen, without scrolling: on a phone
// that is what the player sees first.
func viewportShot(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// playedRecord is the list of moves played, read from the page.
type playedRecord struct {
	Ply   int    `json:"ply"`
	Who   string `json:"who"`
	Move  string `json:"move"`
	Class string `json:"class"`
	Text  string `json:"text"`
}

func readRecord(t *testing.T, ctx context.Context) []playedRecord {
	t.Helper()
	s := eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#record button.plybtn")].map((b) => ({
		ply: Number(b.dataset.ply), who: b.querySelector(".who").textContent,
		move: b.querySelector(".mname").textContent, class: b.className, text: b.textContent})))`)
	var r []playedRecord
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// phoneSpecs are the parameters a game is opened with on the phone when
// its default is beyond a test server's solving; the widest of each
// family's boards that a test solves in well under a second.
// wideBoards are the boards still drawn wider than a phone's screen (their
// box then scrolls sideways inside the page); the test says so, and fails
// once one fits, so that the list only shrinks.
var wideBoards = map[string]bool{"chopsticks": true, "connect4": true}

var phoneSpecs = map[string]string{
	"connect4": "connect4:w=7,h=2",
	"quixo":    "quixo:n=3",
	"teeko":    "teeko:n=5,pieces=2",
}

// TestPagePhone opens every built-in game at 390×844 with the computer
// replying: no horizontal scrolling, the board in view without scrolling,
// and a move played by a tap. Dōbutsu shōgi, too big for the test server,
// shows its board while the solve runs and then the server's refusal.
func TestPagePhone(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test: headless Chromium opens every game at phone size (about 20 s)")
	}
	ctx, dir := browser(t)
	srv := newTestServer(t, Config{MaxPositions: 1_000_000})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	// Dōbutsu shōgi has no smaller variant: a server that refuses it within
	// its first answer shows the page's refusal.
	small := newTestServer(t, Config{MaxPositions: 10_000, Moment: 2 * time.Second})
	tsSmall := httptest.NewServer(small.Handler())
	defer tsSmall.Close()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(ts.URL + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	var list []GameInfo
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(list) < 10 {
		t.Fatalf("only %d games listed", len(list))
	}
	for _, g := range list {
		spec := g.Name
		if s, ok := phoneSpecs[g.Name]; ok {
			spec = s
		}
		base := ts.URL
		if g.Name == "dobutsu" {
			base = tsSmall.URL
		}
		navigate(t, ctx, base+"/?game="+url.QueryEscape(spec))
		// Ready for a move, refused, or over before it starts.
		waitJS(t, ctx, spec, `document.querySelector("#moves button.move:not(:disabled)") !== null || !document.getElementById("error").hidden || document.getElementById("turn").textContent.includes("game over")`)
		refused := eval[bool](t, ctx, `!document.getElementById("error").hidden`)
		var lay struct {
			VW, VH, ScrollW, ScrollY         float64
			Top, Bottom, Left, Right, Height float64
			BoardScrollW, BoardClientW       float64
			Setup                            bool
			Verdict                          float64
		}
		s := eval[string](t, ctx, `(() => {
			const b = document.getElementById("board").getBoundingClientRect();
			return JSON.stringify({VW: innerWidth, VH: innerHeight, ScrollW: document.documentElement.scrollWidth, ScrollY: scrollY,
				Top: b.top, Bottom: b.bottom, Left: b.left, Right: b.right, Height: b.height,
				BoardScrollW: document.getElementById("board").scrollWidth, BoardClientW: document.getElementById("board").clientWidth,
				Setup: document.getElementById("setupbox").open,
				Verdict: document.getElementById("verdict").getBoundingClientRect().bottom});
		})()`)
		if err := json.Unmarshal([]byte(s), &lay); err != nil {
			t.Fatal(err)
		}
		name := strings.SplitN(spec, ":", 2)[0]
		viewportShot(t, ctx, dir, "phone-"+name+".png")
		// A phone widens its layout to the page's content: a page wider
		// than the screen shows as a wider viewport, or scrolls.
		if lay.VW > 390 || lay.ScrollW > 390 {
			t.Errorf("%s: the page is %v px wide on a 390 px phone: it scrolls sideways or shrinks", spec, max(lay.VW, lay.ScrollW))
		}
		lay.VW = 390
		if lay.Setup {
			t.Errorf("%s: the game form is open on a phone; it should be folded", spec)
		}
		if lay.Verdict > lay.VH {
			t.Errorf("%s: the verdict is below the fold (bottom at %v)", spec, lay.Verdict)
		}
		if refused {
			t.Logf("%s: refused by the test server: %s", spec, text(t, ctx, "error"))
			if g.Name != "dobutsu" {
				t.Errorf("%s: refused: %s", spec, text(t, ctx, "error"))
			}
			if lay.Height > 0 && (lay.Right > lay.VW || lay.Left < 0) {
				t.Errorf("%s: the board spans %v..%v px, beyond the %v px screen", spec, lay.Left, lay.Right, lay.VW)
			}
			continue
		}
		if lay.Height == 0 {
			t.Errorf("%s: no board shown", spec)
		}
		if lay.Top < 0 || lay.Bottom > lay.VH || lay.Left < 0 || lay.Right > lay.VW {
			t.Errorf("%s: the board spans x %v..%v, y %v..%v: not all of it is in the %v×%v screen", spec, lay.Left, lay.Right, lay.Top, lay.Bottom, lay.VW, lay.VH)
		}
		switch fits := lay.BoardScrollW <= lay.BoardClientW; {
		case !fits && wideBoards[g.Name]:
			t.Logf("%s: the board is %v px wide in a %v px box (known: it scrolls inside its box)", spec, lay.BoardScrollW, lay.BoardClientW)
		case !fits:
			t.Errorf("%s: the board is %v px wide in a %v px box: it does not fit the phone", spec, lay.BoardScrollW, lay.BoardClientW)
		case wideBoards[g.Name]:
			t.Errorf("%s: the board fits the phone now: remove it from wideBoards", spec)
		}
		st := waitTurn(t, ctx, "")
		if st.Ended {
			continue
		}
		click(t, ctx, `#moves button.move:not(:disabled)`)
		if after := waitTurn(t, ctx, st.Position); after.Position == st.Position {
			t.Errorf("%s: a tap on a move did not play it", spec)
		}
		if w := eval[float64](t, ctx, `Math.max(innerWidth, document.documentElement.scrollWidth)`); w > 390 {
			t.Errorf("%s: after a move the page is %v px wide", spec, w)
		}
	}
}

// TestPageHiddenAndDrawing checks what must not show: the legend while
// hints are off (and every element marked hidden), and a game's drawing
// shown twice.
func TestPageHiddenAndDrawing(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	srv := newTestServer(t, Config{})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	allHidden := `[...document.querySelectorAll("[hidden]")].every((e) => getComputedStyle(e).display === "none")`

	navigate(t, ctx, ts.URL+"/?game=tictactoe&mode=two&hints=0")
	waitJS(t, ctx, "no hints", `document.querySelectorAll("#moves button.move.plain:not(:disabled)").length === 9`)
	if !eval[bool](t, ctx, `getComputedStyle(document.getElementById("legend")).display === "none"`) {
		t.Error("the legend shows while hints are off")
	}
	if !eval[bool](t, ctx, allHidden) {
		t.Errorf("elements marked hidden show: %s", eval[string](t, ctx, `[...document.querySelectorAll("[hidden]")].filter((e) => getComputedStyle(e).display !== "none").map((e) => e.id || e.className).join(", ")`))
	}
	click(t, ctx, "#hints")
	waitJS(t, ctx, "hints on", `getComputedStyle(document.getElementById("legend")).display !== "none"`)

	navigate(t, ctx, ts.URL+"/?game=nim&mode=two")
	waitJS(t, ctx, "nim", `document.querySelector("#moves button.move.win") !== null`)
	info := serverMoves(t, ts.URL, "nim", "")
	if info.Drawing == "" {
		t.Fatal("nim has no drawing any more: this test needs a game with one")
	}
	n := eval[int](t, ctx, fmt.Sprintf(`[...document.querySelectorAll("body *")].filter((e) => e.offsetParent !== null && e.children.length === 0 && e.textContent.trim() === %q).length`, strings.TrimSpace(info.Drawing)))
	if n != 1 {
		t.Errorf("nim's drawing is shown %d times, want once", n)
	}
	if !eval[bool](t, ctx, allHidden) {
		t.Error("elements marked hidden show")
	}
}
