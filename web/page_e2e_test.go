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
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sente-go/sente/explain"
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

// waitJS waits until js is true in the page. A page that navigates
// meanwhile (opening a saved game loads its address) leaves no page to
// evaluate js in for a moment, and Chromium says so as an error
// ("Inspected target navigated or closed"): such a moment is waited out
// as a false, and only an error that lasts until the deadline fails.
func waitJS(t *testing.T, ctx context.Context, what, js string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	var lastErr error
	for time.Now().Before(deadline) {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return
		}
		lastErr = err
		time.Sleep(50 * time.Millisecond)
	}
	if lastErr != nil {
		t.Fatalf("%s: %s: %v", what, js, lastErr)
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
		ply: Number(b.dataset.ply), who: b.querySelector(".plyby").textContent,
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
var phoneSpecs = map[string]string{
	"connect4": "connect4:w=7,h=2",
	"quixo":    "quixo:n=3",
	"teeko":    "teeko:n=5,pieces=2",
	"dobutsu":  "dobutsu:pieces=chicks",
	"gobblet":  "gobblet:sizes=2,pieces=1",
	"morris":   "morris:board=six,men=3",
}

// TestPagePhone opens every built-in game at 390×844 with the computer
// replying: no horizontal scrolling, the board in view without scrolling,
// and a move played by a tap.
func TestPagePhone(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test: headless Chromium opens every game at phone size (about 20 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{MaxPositions: 1_000_000})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(base + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	var list []explain.GameJSON
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
		if lay.Setup != refused {
			t.Errorf("%s: the game form is open: %v; on a phone it should be folded unless the game is refused", spec, lay.Setup)
		}
		if lay.Verdict > lay.VH {
			t.Errorf("%s: the verdict is below the fold (bottom at %v)", spec, lay.Verdict)
		}
		if refused {
			t.Errorf("%s: refused: %s", spec, text(t, ctx, "error"))
			continue
		}
		if lay.Height == 0 {
			t.Errorf("%s: no board shown", spec)
		}
		if lay.Top < 0 || lay.Bottom > lay.VH || lay.Left < 0 || lay.Right > lay.VW {
			t.Errorf("%s: the board spans x %v..%v, y %v..%v: not all of it is in the %v×%v screen", spec, lay.Left, lay.Right, lay.Top, lay.Bottom, lay.VW, lay.VH)
		}
		if lay.BoardScrollW > lay.BoardClientW {
			t.Errorf("%s: the board is %v px wide in a %v px box: it does not fit the phone", spec, lay.BoardScrollW, lay.BoardClientW)
		}
		st := waitTurn(t, ctx, "")
		if st.Ended {
			continue
		}
		click(t, ctx, `#moves button.move:not(:disabled)`)
		waitJS(t, ctx, spec+": a tap on a move plays it", fmt.Sprintf(`document.getElementById("position").textContent !== %q`, st.Position))
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
	_, base := serveApp(t, Config{})
	allHidden := `[...document.querySelectorAll("[hidden]")].every((e) => getComputedStyle(e).display === "none")`

	navigate(t, ctx, base+"/?game=tictactoe&mode=two&hints=0")
	waitJS(t, ctx, "no hints", `document.querySelectorAll("#moves button.move.plain:not(:disabled)").length === 9`)
	if !eval[bool](t, ctx, `getComputedStyle(document.getElementById("legend")).display === "none"`) {
		t.Error("the legend shows while hints are off")
	}
	if !eval[bool](t, ctx, allHidden) {
		t.Errorf("elements marked hidden show: %s", eval[string](t, ctx, `[...document.querySelectorAll("[hidden]")].filter((e) => getComputedStyle(e).display !== "none").map((e) => e.id || e.className).join(", ")`))
	}
	click(t, ctx, "#hints")
	waitJS(t, ctx, "hints on", `getComputedStyle(document.getElementById("legend")).display !== "none"`)

	// Consecutive has a drawing and no board (nim, which had one, is now
	// drawn as heaps of tokens).
	navigate(t, ctx, base+"/?game=consecutive&mode=two")
	waitJS(t, ctx, "consecutive", `document.querySelector("#moves button.move.win") !== null`)
	info := serverMoves(t, base, "consecutive", "")
	if info.Drawing == "" || info.Board != nil {
		t.Fatal("consecutive has no drawing any more, or a board: this test needs a game with a drawing and no board")
	}
	n := eval[int](t, ctx, fmt.Sprintf(`[...document.querySelectorAll("body *")].filter((e) => e.offsetParent !== null && e.children.length === 0 && e.textContent.trim() === %q).length`, strings.TrimSpace(info.Drawing)))
	if n != 1 {
		t.Errorf("consecutive's drawing is shown %d times, want once", n)
	}
	if !eval[bool](t, ctx, allHidden) {
		t.Error("elements marked hidden show")
	}
}

// ply is the number of moves played up to the position shown.
const plyJS = `document.querySelectorAll("#record li:not(.future)").length`

// TestPageWatch has the computer play tic-tac-toe against itself to the
// end, then steps back and forward through the game, pauses, changes speed
// and plays on.
func TestPageWatch(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})

	navigate(t, ctx, base+"/?game=tictactoe&mode=watch&speed=200")
	waitJS(t, ctx, "the computer plays the game to its end", `document.getElementById("turn").textContent.includes("game over")`)
	if v := text(t, ctx, "verdict"); v != "Game over: a tie." {
		t.Errorf("perfect play against itself ended with %q, want a tie", v)
	}
	rec := readRecord(t, ctx)
	if len(rec) != 9 {
		t.Fatalf("the watched game has %d moves played, want 9", len(rec))
	}
	for _, r := range rec {
		if !strings.Contains(r.Class, "tie") {
			t.Errorf("move %d (%s) is %q: perfect play keeps the tie", r.Ply, r.Move, r.Class)
		}
	}
	screenshot(t, ctx, dir, "watch-end.png")
	end := text(t, ctx, "position")

	click(t, ctx, "#watchback")
	waitJS(t, ctx, "one move back", plyJS+` === 8 && document.getElementById("position").textContent !== `+fmt.Sprintf("%q", end))
	eight := text(t, ctx, "position")
	click(t, ctx, "#watchback")
	waitJS(t, ctx, "two moves back", plyJS+` === 7`)
	// Paused: the recorded moves wait.
	time.Sleep(700 * time.Millisecond)
	if n := eval[int](t, ctx, plyJS); n != 7 {
		t.Errorf("paused at move 7, the page went on to move %d", n)
	}
	if n := len(readRecord(t, ctx)); n != 9 {
		t.Errorf("stepping back lost moves: %d left, want 9", n)
	}
	click(t, ctx, "#watchstep")
	waitJS(t, ctx, "one move forward", plyJS+` === 8`)
	if got := text(t, ctx, "position"); got != eight {
		t.Errorf("step forward shows %s, want the recorded %s", got, eight)
	}
	click(t, ctx, "#watchplay")
	waitJS(t, ctx, "play on to the end", `document.getElementById("turn").textContent.includes("game over")`)
	if got := text(t, ctx, "position"); got != end {
		t.Errorf("playing on through the recorded moves ended at %s, want %s", got, end)
	}

	// A new game, slowly: pause stops it; Step plays one move.
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS("#speed"), "1500"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("speed").dispatchEvent(new Event("change"))`),
	); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#restart")
	waitJS(t, ctx, "the first move", plyJS+` === 1`)
	click(t, ctx, "#watchplay")
	if v := text(t, ctx, "watchplay"); !strings.Contains(v, "Play") {
		t.Errorf("paused, the button says %q", v)
	}
	n := eval[int](t, ctx, plyJS)
	time.Sleep(2 * time.Second)
	if m := eval[int](t, ctx, plyJS); m != n {
		t.Errorf("paused at move %d, the computer played on to %d", n, m)
	}
	click(t, ctx, "#watchstep")
	waitJS(t, ctx, "a step", fmt.Sprintf("%s === %d", plyJS, n+1))
	click(t, ctx, "#undo")
	waitJS(t, ctx, "undo while watching", fmt.Sprintf("%s === %d", plyJS, n))
	click(t, ctx, "#redo")
	waitJS(t, ctx, "redo while watching", fmt.Sprintf("%s === %d", plyJS, n+1))
	screenshot(t, ctx, dir, "watch-paused.png")
}

// TestPageUndoRedoAgainstTheComputer: undo goes back to the person's turn,
// redo replays the computer's recorded replies instead of letting it move
// again, and both work while the computer is about to move.
func TestPageUndoRedoAgainstTheComputer(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})

	navigate(t, ctx, base+"/?game=tictactoe&mode=first")
	st := waitTurn(t, ctx, "")
	var positions []string
	for i := 0; i < 2; i++ {
		click(t, ctx, fmt.Sprintf(`#moves button.move[data-move=%q]`, st.Moves[0].Name))
		st = waitTurn(t, ctx, st.Position)
		positions = append(positions, st.Position)
	}
	if n := eval[int](t, ctx, plyJS); n != 4 {
		t.Fatalf("after two moves and two replies the page is at move %d", n)
	}
	click(t, ctx, "#undo")
	waitJS(t, ctx, "undo to your turn", fmt.Sprintf(`document.getElementById("position").textContent === %q`, positions[0]))
	time.Sleep(900 * time.Millisecond) // longer than the computer's pause before it moves
	if got := waitTurn(t, ctx, "").Position; got != positions[0] {
		t.Fatalf("after undo the computer moved on to %s", got)
	}
	click(t, ctx, "#redo")
	waitJS(t, ctx, "redo over the computer's reply", fmt.Sprintf(`document.getElementById("position").textContent === %q`, positions[1]))
	if n := len(readRecord(t, ctx)); n != 4 {
		t.Errorf("after redo %d moves are recorded, want 4", n)
	}
	if eval[bool](t, ctx, `!document.getElementById("redo").disabled`) {
		t.Error("redo is still possible at the end of the game")
	}

	// Undo while the computer is about to reply.
	st = waitTurn(t, ctx, "")
	click(t, ctx, fmt.Sprintf(`#moves button.move[data-move=%q]`, st.Moves[0].Name))
	click(t, ctx, "#undo")
	waitJS(t, ctx, "undo before the reply", fmt.Sprintf(`document.getElementById("position").textContent === %q`, positions[1]))
	time.Sleep(900 * time.Millisecond)
	if got := text(t, ctx, "position"); got != positions[1] {
		t.Fatalf("undo while the computer was to move: the page moved on to %s", got)
	}
	// Redo to the computer's turn at the end: it replies.
	click(t, ctx, "#redo")
	after := waitTurn(t, ctx, positions[1])
	if n := eval[int](t, ctx, plyJS); n != 6 {
		t.Errorf("redo to the computer's turn: at move %d (%s), want 6", n, after.Position)
	}

	// The computer moving first: there is no turn of yours to undo to, and
	// a jump back to the start (the chart) replays its first move rather
	// than wait there.
	navigate(t, ctx, base+"/?game=tictactoe&mode=second")
	st = waitTurn(t, ctx, "")
	first := st.Position
	if !eval[bool](t, ctx, `document.getElementById("undo").disabled`) {
		t.Error("undo is offered at your first turn, after the computer's first move")
	}
	click(t, ctx, "#chart g.point[data-ply='0']")
	waitJS(t, ctx, "back to the start", plyJS+` === 0`)
	waitJS(t, ctx, "the computer's first move replayed", plyJS+fmt.Sprintf(` === 1 && document.getElementById("position").textContent === %q`, first))
	if n := len(readRecord(t, ctx)); n != 1 {
		t.Errorf("after the jump back and the replay, %d moves are recorded, want 1", n)
	}
}

// TestPageFeedbackAfterAMistake: the remark on a thrown-away win stays
// after the computer's reply, next to what it played.
func TestPageFeedbackAfterAMistake(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game=cards&mode=first")
	st := waitTurn(t, ctx, "")
	click(t, ctx, `#moves button.move[data-move="1"]`) // the one losing opening
	st = waitTurn(t, ctx, st.Position)
	if n := eval[int](t, ctx, plyJS); n != 2 {
		t.Fatalf("after a move and the reply the page is at move %d", n)
	}
	f := text(t, ctx, "feedback")
	if !strings.Contains(f, "threw away a win") || !strings.Contains(f, "The computer played") {
		t.Errorf("after the mistake and the reply the feedback is %q; want both the mistake and the reply", f)
	}
	rec := readRecord(t, ctx)
	if len(rec) != 2 || !strings.Contains(rec[0].Text, "mistake") || !strings.Contains(rec[0].Class, "lose") {
		t.Errorf("the moves played do not mark the mistake: %+v", rec)
	}
	screenshot(t, ctx, dir, "mistake.png")
}

// TestPageOpponents plays tic-tac-toe perfectly against the computer's
// weaker settings: the cautious one never plays a losing move, the erring
// one (always random, seeded) does and loses.
func TestPageOpponents(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	playOut := func(query string) ([]playedRecord, string) {
		t.Helper()
		navigate(t, ctx, base+"/?game=tictactoe&mode=first&"+query)
		st := waitTurn(t, ctx, "")
		for !st.Ended {
			want := serverMoves(t, base, "tictactoe", st.Position)
			click(t, ctx, fmt.Sprintf(`#moves button.move[data-move=%q]`, want.Moves[0].Move))
			st = waitTurn(t, ctx, st.Position)
		}
		return readRecord(t, ctx), st.Verdict
	}
	rec, verdict := playOut("opponent=cautious&seed=3")
	for _, r := range rec {
		if r.Who == "2nd" && strings.Contains(r.Class, "lose") {
			t.Errorf("the cautious computer played a losing move: %+v", r)
		}
	}
	if verdict != "Game over: a tie." {
		t.Errorf("against the cautious computer the game ended with %q, want a tie", verdict)
	}
	if got := eval[string](t, ctx, `document.getElementById("opponent").value`); got != "cautious" {
		t.Errorf("the link's opponent shows as %q", got)
	}

	rec, verdict = playOut("opponent=erring&err=100&seed=1")
	lost := 0
	for _, r := range rec {
		if r.Who == "2nd" && strings.Contains(r.Class, "lose") {
			lost++
		}
	}
	if lost == 0 || verdict != "Game over: you won!" {
		t.Errorf("the always-random computer played %d losing moves and the game ended %q; want a win for the person", lost, verdict)
	}
	if eval[bool](t, ctx, `document.getElementById("errbox").hidden`) {
		t.Error("the chance of a random move is not shown for the erring computer")
	}
}

// TestPageRecordAndLink: the moves played as text and as a link, and the
// link replaying them, up to a chosen move, or as far as they are legal.
func TestPageRecordAndLink(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})

	navigate(t, ctx, base+"/?game=tictactoe&mode=two&pos="+url.QueryEscape("x../.../..."))
	st := waitTurn(t, ctx, "")
	var names, positions []string
	for i := 0; i < 3; i++ {
		name := st.Moves[len(st.Moves)-1].Name
		names = append(names, name)
		click(t, ctx, fmt.Sprintf(`#moves button.move[data-move=%q]`, name))
		st = waitTurn(t, ctx, st.Position)
		positions = append(positions, st.Position)
	}
	link := eval[string](t, ctx, `document.getElementById("link").href`)
	if !strings.Contains(link, "moves="+strings.Join(names, ",")) || !strings.Contains(link, "pos=x..") {
		t.Errorf("the link %s does not carry the start and the moves %v", link, names)
	}
	txt := eval[string](t, ctx, `document.getElementById("recordtext").value`)
	for i, n := range names {
		if !strings.Contains(txt, fmt.Sprintf("%d. %s %s (", i+1, []string{"second", "first"}[i%2], n)) {
			t.Errorf("the game as text lacks move %d %s:\n%s", i+1, n, txt)
		}
	}
	if !strings.Contains(txt, "moves=") {
		t.Errorf("the game as text lacks its link:\n%s", txt)
	}
	click(t, ctx, "#copytext")
	waitJS(t, ctx, "copied", `document.getElementById("copied").textContent !== ""`)
	screenshot(t, ctx, dir, "record.png")

	navigate(t, ctx, link)
	waitJS(t, ctx, "the link replays the game", fmt.Sprintf(`document.getElementById("position").textContent === %q && document.querySelectorAll("#record li").length === 3`, positions[2]))
	for i, r := range readRecord(t, ctx) {
		if r.Move != names[i] {
			t.Errorf("replayed move %d is %s, want %s", i+1, r.Move, names[i])
		}
	}
	navigate(t, ctx, link+"&at=1")
	waitJS(t, ctx, "the link shows move 1", fmt.Sprintf(`document.getElementById("position").textContent === %q && !document.getElementById("redo").disabled`, positions[0]))
	click(t, ctx, "#redo")
	waitJS(t, ctx, "redo along the link's moves", fmt.Sprintf(`document.getElementById("position").textContent === %q`, positions[1]))
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "← steps back", fmt.Sprintf(`document.getElementById("position").textContent === %q`, positions[0]))
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "→ steps forward", fmt.Sprintf(`document.getElementById("position").textContent === %q`, positions[1]))

	navigate(t, ctx, base+"/?game=tictactoe&mode=two&moves=b2,b2,a1")
	waitJS(t, ctx, "an illegal move in a link", `!document.getElementById("error").hidden`)
	if e := text(t, ctx, "error"); !strings.Contains(e, `move 2, "b2", is not a legal move`) {
		t.Errorf("the error for an illegal move in a link is %q", e)
	}
	if n := len(readRecord(t, ctx)); n != 1 {
		t.Errorf("the legal part of the link shows %d moves, want 1", n)
	}
}

// TestPageChart replays a 45-move game from a link: the chart's labels do
// not overlap, and a bar takes the page back to its position.
func TestPageChart(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	var names []string
	for n := 45; n > 0; n-- {
		names = append(names, fmt.Sprintf("%d-1", n))
	}
	spec := "subtraction:set=1,n=45"
	navigate(t, ctx, base+"/?game="+url.QueryEscape(spec)+"&mode=two&moves="+strings.Join(names, ","))
	waitJS(t, ctx, "the long game", `document.getElementById("turn").textContent.includes("game over") && document.querySelectorAll("#chart .point").length === 46`)
	overlapsJS := `(() => {
		const boxes = [...document.querySelectorAll("#chart text")].map((e) => ({t: e.textContent, b: e.getBBox()}));
		const out = [];
		for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
			const a = boxes[i].b, b = boxes[j].b;
			if (a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5) out.push(boxes[i].t + "/" + boxes[j].t);
		}
		return out.join(" ");
	})()`
	if overlaps := eval[string](t, ctx, overlapsJS); overlaps != "" {
		t.Errorf("chart labels overlap: %s", overlaps)
	}
	screenshot(t, ctx, dir, "chart-45.png")
	// The positions' numbers are in a row of their own, apart from the
	// moves left, which have a scale.
	rows := eval[string](t, ctx, `(() => {
		const ys = (sel) => [...document.querySelectorAll(sel)].map((e) => Math.round(e.getBBox().y));
		const ply = new Set(ys("#chart text.ply")), bars = ys("#chart text.barlabel");
		return JSON.stringify({plyRows: ply.size, clash: bars.filter((y) => ply.has(y)).length, scale: ys("#chart text.scale").length});
	})()`)
	if rows != `{"plyRows":1,"clash":0,"scale":9}` && !strings.HasPrefix(rows, `{"plyRows":1,"clash":0,`) {
		t.Errorf("chart rows: %s; want the positions' numbers in one row, no moves-left number in it", rows)
	}
	if eval[int](t, ctx, `document.querySelectorAll("#chart text.scale").length`) < 3 {
		t.Error("the chart has no scale of moves left")
	}
	// On a phone the chart is drawn again at its width; a long game's
	// bars stay wide enough to tap, every one numbered, the chart
	// scrolling in its box rather than the page.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the chart at phone width", `document.getElementById("chartbox").clientWidth < 400 && Number(document.getElementById("chart").getAttribute("width")) > 1000`)
	if !eval[bool](t, ctx, `document.getElementById("chartbox").scrollWidth > document.getElementById("chartbox").clientWidth`) {
		t.Error("on a phone the long game's chart does not scroll in its box")
	}
	if overlaps := eval[string](t, ctx, overlapsJS); overlaps != "" {
		t.Errorf("on a phone chart labels overlap: %s", overlaps)
	}
	if w := eval[float64](t, ctx, `Math.min(...[...document.querySelectorAll("#chart rect.hit")].map((r) => r.getBoundingClientRect().width))`); w < 24 {
		t.Errorf("on a phone the chart's targets are %.1f px wide, too narrow to tap", w)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#chart text.ply").length`); n != 46 {
		t.Errorf("on a phone %d of the 46 positions are numbered", n)
	}
	if eval[bool](t, ctx, `document.documentElement.scrollWidth > innerWidth`) {
		t.Error("the page scrolls sideways on a phone")
	}
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(`#chart`))); err != nil {
		t.Fatal(err)
	}
	viewportShot(t, ctx, dir, "phone-chart-45.png")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1100)); err != nil {
		t.Fatal(err)
	}
	// The chart is drawn again a moment after the resize: a click before
	// that lands on bars about to be replaced (one CI run lost it so).
	waitJS(t, ctx, "the chart at desktop width", `Number(document.getElementById("chart").getAttribute("width")) <= 640`)
	click(t, ctx, `#chart rect.hit[data-ply="3"]`)
	waitJS(t, ctx, "a click on the chart", `document.getElementById("position").textContent === "42 second"`)
	if n := eval[int](t, ctx, plyJS); n != 3 {
		t.Errorf("after a click on bar 3 the page is at move %d", n)
	}
	if eval[bool](t, ctx, `document.getElementById("redo").disabled`) {
		t.Error("after going back by the chart, redo is not offered")
	}
	// From the keyboard: focus the chart, step with the arrows.
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#chart")), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "two steps by the keyboard", plyJS+` === 5`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Home)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "home by the keyboard", plyJS+` === 0`)
}

// TestPageQueueBusyAndRefusal puts a fake front of the server before the
// page: a busy server (503 with Retry-After), a solve waiting its turn in the
// queue and then running with its bytes and time left, and a solve refused
// after it waited.
func TestPageQueueBusyAndRefusal(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	srv := newTestServer(t, Config{})
	real := srv.Handler()
	var mu sync.Mutex
	calls := map[string]int{}
	solving := func(w http.ResponseWriter, game string, progress map[string]any) {
		writeJSON(w, http.StatusOK, map[string]any{
			"game": game, "name": game, "start": "", "position": "", "turn": "first",
			"status": "solving", "moves": []any{}, "progress": progress, "verdict": "Solving the game: queued.",
		})
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/position" {
			real.ServeHTTP(w, r)
			return
		}
		game := r.URL.Query().Get("game")
		mu.Lock()
		calls[game]++
		n := calls[game]
		mu.Unlock()
		switch {
		case game == "tictactoe" && n <= 2:
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusServiceUnavailable, "too many solves are waiting")
		case game == "tictactoe" && n <= 5:
			solving(w, game, map[string]any{"phase": "queued", "queue": 2, "lane": "large", "estimated_bytes": 1_500_000_000})
		case game == "tictactoe" && n <= 8:
			solving(w, game, map[string]any{"phase": "solving", "done": 500, "total": 1000, "queue": 0, "lane": "large",
				"estimated_bytes": 1_500_000_000, "bytes": 300_000_000, "seconds_left": 12})
		case game == "nim" && n <= 3:
			solving(w, game, map[string]any{"phase": "exploring", "done": 1000})
		case game == "nim":
			writeError(w, http.StatusBadRequest, "nim: about 5.6 GB needed, more than this server's 2 GB; the largest that fit: nim:heaps=31/31/31")
		default:
			real.ServeHTTP(w, r)
		}
	}))
	defer ts.Close()

	navigate(t, ctx, ts.URL+"/?game=tictactoe&mode=two")
	waitJS(t, ctx, "busy", `document.getElementById("progresstext").textContent.includes("trying again in")`)
	if p := text(t, ctx, "progresstext"); !strings.Contains(p, "too many solves are waiting") {
		t.Errorf("the busy server is shown as %q", p)
	}
	screenshot(t, ctx, dir, "busy.png")
	waitJS(t, ctx, "queued", `document.getElementById("progresstext").textContent.startsWith("2nd in the queue")`)
	if p := text(t, ctx, "progresstext"); p != "2nd in the queue of large solves; it needs about 1.3G." {
		t.Errorf("the place in the queue is shown as %q", p)
	}
	screenshot(t, ctx, dir, "queued.png")
	waitJS(t, ctx, "running", `document.getElementById("progresstext").textContent.includes("holding")`)
	if p := text(t, ctx, "progresstext"); p != "Solving: 50% (500 of 1,000 positions); holding 286.1M of an estimated 1.3G; about 12 seconds left." {
		t.Errorf("the running solve is shown as %q", p)
	}
	waitJS(t, ctx, "ready", `document.getElementById("progress").hidden && document.querySelectorAll("#moves button.move:not(:disabled)").length === 9`)

	navigate(t, ctx, ts.URL+"/?game=nim&mode=two")
	waitJS(t, ctx, "refused", `!document.getElementById("error").hidden`)
	if !eval[bool](t, ctx, `document.getElementById("progress").hidden`) {
		t.Error("after the refusal the progress bar still shows")
	}
	if e := text(t, ctx, "error"); !strings.Contains(e, "5.6 GB") {
		t.Errorf("the refusal shows as %q", e)
	}
	screenshot(t, ctx, dir, "refused.png")
	// The size that fits is a link that opens it.
	link := eval[string](t, ctx, `(document.querySelector("#error a") || {}).href || ""`)
	if !strings.Contains(link, "game=nim%3Aheaps%3D31%2F31%2F31") {
		t.Fatalf("the size that fits is no link: %q", link)
	}
	click(t, ctx, "#error a")
	waitJS(t, ctx, "the size that fits", `location.search.includes("heaps%3D31%2F31%2F31") && document.querySelectorAll("#moves button.move").length > 0`)
}
