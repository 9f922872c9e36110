package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/store"
)

// The browser tests of the boards: pieces moved by two clicks (teeko's
// steps, dōbutsu shōgi's captures, quixo's pushes), drops and a chooser of
// moves that share a cell, a rules file's board against the built-in one,
// stored tables played at once, and every board on a phone's screen.

// chooserRules is a game whose moves share cells: each player in turn puts
// an x or an o on an empty cell of a row of three; once the row is full,
// the first player has won when two neighbours match.
const chooserRules = `
def start():
    return "..."

def turn(p):
    return "first" if p.count(".") % 2 == 1 else "second"

def moves(p):
    found = []
    for i in range(len(p)):
        if p[i] == ".":
            for mark in ("x", "o"):
                found.append((mark + "abc"[i], p[:i] + mark + p[i + 1:]))
    return found

def result(p):
    if "." in p:
        return None
    if p[0] == p[1] or p[1] == p[2]:
        return "lose"
    return "win"

def board(p):
    return [p]
`

// boardDriver plays a game in the page by clicking its board.
type boardDriver struct {
	t    *testing.T
	ctx  context.Context
	base string
	spec string
}

func (d *boardDriver) waitFor(what, js string) {
	d.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if eval[bool](d.t, d.ctx, js) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	st, _ := readState(d.ctx)
	d.t.Fatalf("%s: timed out; the page shows %+v", what, st)
}

func (d *boardDriver) click(sel string) {
	d.t.Helper()
	if err := chromedp.Do(d.ctx, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)); err != nil {
		d.t.Fatalf("click %s: %v", sel, err)
	}
}

// open opens the game for two people at the screen, or against the
// perfect player (mode first), and waits for the first turn.
func (d *boardDriver) open(spec, mode, pos string) pageState {
	d.t.Helper()
	d.spec = spec
	q := url.Values{"game": {spec}, "mode": {mode}}
	if pos != "" {
		q.Set("pos", pos)
	}
	if err := chromedp.Do(d.ctx, chromedp.Navigate(d.base+"/?"+q.Encode())); err != nil {
		d.t.Fatal(err)
	}
	return waitTurn(d.t, d.ctx, "")
}

var valueClassOf = map[string]string{"win": "win", "lose": "lose", "tie": "tie", "draw": "tie"}

// cellSel is the selector of a board's cell.
func cellSel(rc [2]int) string {
	return fmt.Sprintf(`#board button.cell[data-cell="%d,%d"]`, rc[0], rc[1])
}

// play plays the move name on the board at st: a click on its cell, or on
// its piece and then its cell, and on the chooser when the cell has
// several moves. After the piece is selected, every move it has is checked
// to be highlighted in the colour of its value. It returns the page's
// state once the next turn (or the end) comes.
func (d *boardDriver) play(st pageState, name string) pageState {
	d.t.Helper()
	want := serverMoves(d.t, d.base, d.spec, st.Position)
	if want.Board == nil {
		d.t.Fatalf("%s at %s: no board", d.spec, st.Position)
	}
	values := map[string]string{}
	for _, m := range want.Moves {
		values[m.Move] = m.Value.String()
	}
	var bm *BoardMove
	for i, p := range want.Board.Plays {
		if p.Move == name {
			bm = &want.Board.Plays[i]
		}
	}
	if bm == nil {
		d.t.Fatalf("%s at %s: %s is not on the board (plays %+v)", d.spec, st.Position, name, want.Board.Plays)
	}
	if bm.From != nil {
		from := fmt.Sprintf(`#board button.cell[data-from="%d,%d"]`, bm.From[0], bm.From[1])
		d.click(from)
		d.waitFor("selection", `document.querySelector('`+from+`').classList.contains("selected")`)
		for _, p := range want.Board.Plays {
			if p.From == nil || *p.From != *bm.From {
				continue
			}
			cls := eval[string](d.t, d.ctx, `document.querySelector('`+cellSel(p.To)+`').className`)
			if !strings.Contains(cls, "target") || !strings.Contains(cls, valueClassOf[values[p.Move]]) {
				d.t.Errorf("%s at %s, %s selected: the target of %s (%s) has class %q", d.spec, st.Position, name, p.Move, values[p.Move], cls)
			}
		}
	}
	to := cellSel(bm.To)
	if eval[string](d.t, d.ctx, `document.querySelector('`+to+`').dataset.move || ""`) == name {
		d.click(to)
	} else {
		d.click(to)
		d.click(fmt.Sprintf(`#board .chooser button[data-move=%q]`, name))
	}
	return waitTurn(d.t, d.ctx, st.Position)
}

// postRules loads a rules file into the server and returns its spec.
func postRules(t *testing.T, base, src string) string {
	t.Helper()
	needSandbox(t)
	resp, err := http.Post(base+"/api/rules", "text/plain", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	json.NewDecoder(resp.Body).Decode(&m)
	spec, _ := m["spec"].(string)
	if resp.StatusCode != 200 || spec == "" {
		t.Fatalf("POST /api/rules: %d %v", resp.StatusCode, m)
	}
	return spec
}

// TestBrowserBoardMoves plays by clicking the board: teeko's drops into
// its moving phase and two steps, dōbutsu shōgi's captures and drops, a
// chooser between two marks for one cell, chopsticks' touches and
// transfers, connect four's columns, Hackenbush's cuts on a graph, and
// quixo:n=3 to its end against the perfect player.
func TestBrowserBoardMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays teeko, dōbutsu shōgi, Hackenbush on a graph and quixo on their boards (about 20 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	d := &boardDriver{t: t, ctx: ctx, base: base}

	// Teeko on 4×4 with two pieces each: four drops that make no line,
	// then steps.
	st := d.open("teeko:n=4,pieces=2", "two", "")
	for i, name := range []string{"a4", "b4", "c4", "d1", "a4-a3", "d1-c1"} {
		if st.Ended {
			t.Fatalf("teeko ended before %s", name)
		}
		if i == 4 {
			screenshot(t, ctx, dir, "board-teeko-moving.png")
		}
		st = d.play(st, name)
	}
	if st.Position != ".ox./x.../..../..o. x" {
		t.Errorf("teeko after drops and steps: %q", st.Position)
	}

	// Dōbutsu shōgi with chicks only: the chick takes the chick, the lion
	// takes it back, each drops its chick in hand.
	st = d.open("dobutsu:pieces=chicks", "two", "")
	for i, name := range []string{"Cb3b2", "Lb1b2", "C*a3", "C*c2"} {
		if i == 2 {
			d.click(cellSel([2]int{1, 1})) // a piece of the opponent's: nothing
			if n := eval[int](t, ctx, `document.querySelectorAll("#board .selected").length`); n != 0 {
				t.Errorf("dōbutsu: clicking the opponent's lion selected %d cells", n)
			}
		}
		st = d.play(st, name)
		if i == 0 {
			screenshot(t, ctx, dir, "board-dobutsu-capture.png")
		}
	}
	if st.Position != ".../.lc/C../.L. - first" {
		t.Errorf("dōbutsu after captures and drops: %q", st.Position)
	}
	// Select, then cancel by clicking the piece again, an empty cell that
	// is not a target, something off the board, or by Escape.
	d.click(`#board button.cell[data-from="3,1"]`)
	screenshot(t, ctx, dir, "board-dobutsu-selected.png")
	d.click(`#board button.cell[data-from="3,1"]`)
	d.waitFor("cancel by the same cell", `document.querySelectorAll("#board .selected").length === 0`)
	d.click(`#board button.cell[data-from="3,1"]`)
	d.click(cellSel([2]int{0, 0}))
	d.waitFor("cancel elsewhere", `document.querySelectorAll("#board .selected").length === 0`)
	d.click(`#board button.cell[data-from="3,1"]`)
	d.click("#verdict")
	d.waitFor("cancel off the board", `document.querySelectorAll("#board .selected").length === 0`)
	d.click(`#board button.cell[data-from="3,1"]`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\x1b")); err != nil { // Escape
		t.Fatal(err)
	}
	d.waitFor("cancel by Escape", `document.querySelectorAll("#board .selected").length === 0`)

	// Two moves on one cell: a chooser, which a click elsewhere closes.
	spec := postRules(t, base, chooserRules)
	st = d.open(spec, "two", "")
	d.click(cellSel([2]int{0, 1}))
	d.waitFor("chooser", `document.querySelectorAll("#board .chooser button[data-move]").length === 2`)
	screenshot(t, ctx, dir, "board-chooser.png")
	d.click(`#board .chooser button.cancel`)
	d.waitFor("chooser closed", `document.querySelector("#board .chooser") === null`)
	for _, name := range []string{"xb", "oa", "xc"} {
		st = d.play(st, name)
	}
	if !st.Ended || st.Position != `"oxx"` {
		t.Errorf("chooser game: ended %v at %q", st.Ended, st.Position)
	}

	// Chopsticks: a hand touches the opponent's; a hand gives fingers to
	// the other, how many chosen.
	st = d.open("chopsticks", "two", "")
	for _, name := range []string{"LxR", "R1L"} {
		st = d.play(st, name)
	}
	if st.Position != "1,1 2,1 first" {
		t.Errorf("chopsticks after LxR R1L: %q", st.Position)
	}

	// Connect four: a click on the top cell of a column drops a piece to
	// its foot.
	st = d.open("connect4:w=4,h=3", "two", "")
	d.click(cellSel([2]int{0, 1}))
	if st = waitTurn(t, ctx, st.Position); st.Position != "..../..../.x.." {
		t.Errorf("connect four, a click on the top of column 2: %q", st.Position)
	}
	d.click(cellSel([2]int{1, 1}))
	if st = waitTurn(t, ctx, st.Position); st.Position != "..../.o../.x.." {
		t.Errorf("connect four, a click in the middle of column 2: %q", st.Position)
	}

	// Hackenbush on a graph: a click on an edge's point cuts it, and
	// what no longer reaches the ground falls with it.
	st = d.open("hackenbush:graph=0-1L,1-2R,2-0L,0-3R,3-3L", "two", "")
	screenshot(t, ctx, dir, "board-hackenbush-graph.png")
	for _, name := range []string{"3", "4"} {
		st = d.play(st, name)
	}
	if st.Position != "0-1L,1-2R,2-0l,0-3r,3-3l left" {
		t.Errorf("hackenbush on a graph after cuts 3 and 4: %q", st.Position)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#board button.cell.stone").length`); n != 2 {
		t.Errorf("hackenbush on a graph: %d edges drawn; want the 2 standing", n)
	}

	// Quixo on 3×3 against the perfect player, best moves by clicks.
	st = d.open("quixo:n=3", "first", "")
	for ply := 0; !st.Ended; ply++ {
		if ply > 30 {
			t.Fatal("quixo:n=3 does not end")
		}
		want := serverMoves(t, base, d.spec, st.Position)
		checkColours(t, st, want)
		st = d.play(st, want.Moves[0].Move)
		if ply == 1 {
			screenshot(t, ctx, dir, "board-quixo.png")
		}
	}
	if st.Verdict != "Game over: you won!" {
		t.Errorf("quixo:n=3 ended with %q; the first player wins it", st.Verdict)
	}
}

// boardSnapshot is what the board shows: every cell's text, classes, move
// and colour, and the labels.
const boardSnapshot = `JSON.stringify({
  cells: [...document.querySelectorAll("#board button.cell")].map((b) => [b.dataset.cell, b.dataset.move || "", b.dataset.from || "", b.className, b.textContent, b.disabled, getComputedStyle(b).backgroundColor, getComputedStyle(b).borderColor]),
  labels: [...document.querySelectorAll("#board th")].map((th) => th.textContent),
})`

// TestBrowserRulesBoard: examples/tictactoe.star, pasted, shows the same
// board as the built-in tic-tac-toe, move after move: the same cells, the
// same clickable moves in the same colours.
func TestBrowserRulesBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays tic-tac-toe from a rules file (about 5 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	src, err := os.ReadFile("../examples/tictactoe.star")
	if err != nil {
		t.Fatal(err)
	}
	spec := postRules(t, base, string(src))
	// The built-in game in this tab, the file's in another, side by side.
	fileCtx, cancel := chromedp.NewContext(ctx)
	defer cancel()
	builtin := &boardDriver{t: t, ctx: ctx, base: base}
	file := &boardDriver{t: t, ctx: fileCtx, base: base}
	bst := builtin.open("tictactoe", "two", "")
	fst := file.open(spec, "two", "")
	line := []string{"b2", "a1", "c3", "a3", "a2"}
	for ply := 0; ; ply++ {
		var a, b any
		fileBoard := eval[string](t, fileCtx, boardSnapshot)
		builtinBoard := eval[string](t, ctx, boardSnapshot)
		json.Unmarshal([]byte(fileBoard), &a)
		json.Unmarshal([]byte(builtinBoard), &b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("after %v the rules file's board\n%s\nthe built-in one\n%s", line[:ply], fileBoard, builtinBoard)
		}
		if ply == len(line) {
			break
		}
		bst = builtin.play(bst, line[ply])
		fst = file.play(fst, line[ply])
		if ply == 1 {
			screenshot(t, fileCtx, dir, "board-rules-tictactoe.png")
		}
	}
	if bst.Verdict != fst.Verdict {
		t.Errorf("verdicts: built-in %q, rules file %q", bst.Verdict, fst.Verdict)
	}
}

// TestBrowserStoredBoards: quixo:n=3 and a small teeko, their tables
// stored, are ready on the first request though the server may not solve
// a game of more than 100 positions itself, and are played by clicks on
// their boards.
func TestBrowserStoredBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays stored quixo and teeko (about 10 s)")
	}
	tables := store.Store{Dir: t.TempDir()}
	for _, spec := range []string{"quixo:n=3", "teeko:n=4,pieces=2"} {
		storeTables(t, &tables, spec)
	}
	srv := newTestServer(t, Config{MaxPositions: 100, Tables: &tables})
	for _, spec := range []string{"quixo:n=3", "teeko:n=4,pieces=2"} {
		if info := position(t, srv.Handler(), spec, ""); info.Status != "ready" || info.Value != sente.Win || info.Board == nil || len(info.Board.Plays) != len(info.Moves) {
			t.Errorf("%s from the store, first request: status %q, value %q, board %+v", spec, info.Status, info.Value, info.Board)
		}
	}
	ctx, dir := browser(t)
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	d := &boardDriver{t: t, ctx: ctx, base: ts.URL}
	for _, spec := range []string{"quixo:n=3", "teeko:n=4,pieces=2"} {
		st := d.open(spec, "first", "")
		for ply := 0; !st.Ended; ply++ {
			if ply > 30 {
				t.Fatalf("%s does not end", spec)
			}
			st = d.play(st, serverMoves(t, ts.URL, spec, st.Position).Moves[0].Move)
		}
		if st.Verdict != "Game over: you won!" {
			t.Errorf("stored %s ended with %q; the first player wins it", spec, st.Verdict)
		}
		screenshot(t, ctx, dir, "board-stored-"+strings.ReplaceAll(spec, ":", "-")+".png")
	}
}

// TestBrowserBoardsOnPhone draws every kind of board at the start of its
// game in a phone's viewport, 390×844, and checks that none is wider than
// the screen: grids of up to 7 columns, hands and cards, a piece selected
// on quixo's, teeko's, dōbutsu shōgi's and chopsticks' boards, and the
// chooser of dōbutsu shōgi's drops. The boards are
// drawn by SenteBoard.render from the server's own board of the position
// (boardOf), every move shown as a win, so that the larger games need not
// be solved.
func TestBrowserBoardsOnPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium draws every board at 390×844 (about 5 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	d := &boardDriver{t: t, ctx: ctx, base: base}
	d.open("tictactoe", "two", "")
	for _, tc := range []struct{ spec, pos, piece, choose string }{
		{"tictactoe", "", "", ""},
		{"connect4", "", "", ""},
		{"cards", "", "", ""},
		{"chopsticks", "", "0,0", ""},
		{"quixo", "", "0,0", ""},
		{"teeko", "xx.../o.o../..o../.x.x./o.... o", "1,0", ""},
		{"dobutsu", "", "2,1", ""},
		{"dobutsu", ".le/.c./.../EL. GCg first", "", "2,0"},
	} {
		g, err := games.New(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		p := g.Start()
		if tc.pos != "" {
			if p, err = g.ParsePosition(tc.pos); err != nil {
				t.Fatal(err)
			}
		}
		info := PositionInfo{Game: tc.spec, Position: g.FormatPosition(p), Turn: g.Turn(p), Status: "ready"}
		three := 3
		for _, m := range g.Moves(p) {
			info.Moves = append(info.Moves, explain.MoveJSON{Move: m.Name, Player: g.Turn(p), Position: g.FormatPosition(m.To), Value: sente.Win, Remoteness: &three})
		}
		info.Board = boardOf(g, p, g.Moves(p))
		js, _ := json.Marshal(info)
		eval[bool](t, ctx, `(() => {
  const info = `+string(js)+`;
  SenteBoard.render(document.getElementById("board"), info, {hints: true, canPlay: true, play() {},
    valueClass: (v) => v === "win" ? "win" : v === "lose" ? "lose" : v ? "tie" : "unknown"});
  return true;
})()`)
		name := "phone-" + strings.SplitN(tc.spec, ":", 2)[0]
		if tc.piece != "" {
			d.click(fmt.Sprintf(`#board button.cell[data-from=%q]`, tc.piece))
			d.waitFor("selected", `document.querySelectorAll("#board .selected").length === 1`)
			name += "-selected"
		}
		if tc.choose != "" {
			d.click(fmt.Sprintf(`#board button.cell[data-cell=%q]`, tc.choose))
			d.waitFor("chooser", `document.querySelectorAll("#board .chooser button[data-move]").length === 2`)
			name += "-chooser"
		}
		if err := chromedp.Do(ctx, chromedp.ScrollIntoView("#board")); err != nil {
			t.Fatal(err)
		}
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		path := dir + "/" + name + ".png"
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
		fit := eval[string](t, ctx, `(() => {
  const box = document.getElementById("board");
  const r = box.getBoundingClientRect();
  let right = 0;
  for (const e of box.querySelectorAll("*")) right = Math.max(right, e.getBoundingClientRect().right);
  return JSON.stringify({box: Math.round(r.right), content: Math.round(right), scroll: box.scrollWidth, client: box.clientWidth, page: document.documentElement.scrollWidth});
})()`)
		var f struct{ Box, Content, Scroll, Client, Page int }
		json.Unmarshal([]byte(fit), &f)
		if f.Content > 390 || f.Scroll > f.Client || f.Page > 390 {
			t.Errorf("%s at 390 px: the board overflows: %s", tc.spec, fit)
		}
		if tc.spec == "cards" && !strings.Contains(eval[string](t, ctx, `document.getElementById("board").textContent`), "On the table: 0 of ") {
			t.Errorf("cards at the start: the board does not say 0 is on the table")
		}
	}
}
