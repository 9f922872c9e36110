package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
)

// dobutsuPieces is every piece the board draws: its cell (or piece in
// hand), kind, the directions of its dots, its tile's computed transform,
// and whether the dot it moves forward by lies towards the top of the
// screen. Computed, not read from the classes, so that a tile turned by
// nothing but a class name would fail.
const dobutsuPieces = `JSON.stringify([...document.querySelectorAll("#board button.cell.dpiece")].map((b) => {
  const svg = b.querySelector("svg.dtile");
  const r = svg.getBoundingClientRect();
  const fwd = svg.querySelector("circle.dot.n, circle.dot.nw");
  const f = fwd ? fwd.getBoundingClientRect() : null;
  return {cell: b.dataset.cell || "", hand: b.dataset.hand || "", count: b.dataset.count || "", label: b.getAttribute("aria-label") || "",
    cls: b.className, text: svg.textContent,
    dots: [...svg.querySelectorAll("circle.dot")].map((c) => c.classList[1]).sort().join(" "),
    transform: getComputedStyle(svg).transform,
    up: f ? f.top + f.height / 2 < r.top + r.height / 2 : null};
}))`

type dobutsuPiece struct {
	Cell, Hand, Count, Label, Cls, Text, Dots, Transform string
	Up                                                   *bool
}

func readDobutsuPieces(t *testing.T, d *boardDriver) []dobutsuPiece {
	t.Helper()
	var ps []dobutsuPiece
	if err := json.Unmarshal([]byte(eval[string](t, d.ctx, dobutsuPieces)), &ps); err != nil {
		t.Fatal(err)
	}
	return ps
}

// dobutsuDots are the directions each kind's dots show, as the physical
// pieces do: forward is n.
var dobutsuDots = map[string]string{
	"Lion":     "e n ne nw s se sw w",
	"Giraffe":  "e n s w",
	"Elephant": "ne nw se sw",
	"Chick":    "n",
	"Hen":      "e n ne nw s w",
}

// checkDobutsuPieces checks that every piece is a tile named by its animal
// with its dots, that the second player's are turned round and the first
// player's are not, and that the hands hold what the server's board says,
// counted.
func checkDobutsuPieces(t *testing.T, d *boardDriver, what string, want *Board) {
	t.Helper()
	ps := readDobutsuPieces(t, d)
	onBoard, inHand := 0, map[string]dobutsuPiece{}
	for _, p := range ps {
		second := strings.Contains(p.Cls, "second")
		if dobutsuDots[p.Text] == "" || p.Dots != dobutsuDots[p.Text] {
			t.Errorf("%s: piece %q (%s) shows %q with dots %q", what, p.Cell, p.Cls, p.Text, p.Dots)
		}
		turned := strings.HasPrefix(p.Transform, "matrix(-1,")
		if turned != second || !second && p.Transform != "none" || p.Up == nil || *p.Up == second {
			t.Errorf("%s: piece %q %s (%s): transform %q, forward dot up %v", what, p.Cell+p.Hand, p.Text, p.Cls, p.Transform, p.Up)
		}
		if p.Hand != "" {
			inHand[p.Hand] = p
		} else {
			onBoard++
		}
	}
	cells := 0
	for _, row := range want.Cells {
		for _, c := range row {
			if c != "" {
				cells++
			}
		}
	}
	if onBoard != cells {
		t.Errorf("%s: %d pieces drawn on the board, %d on the server's", what, onBoard, cells)
	}
	count := map[string]int{}
	for _, h := range want.InHand {
		for _, x := range h {
			count[x]++
		}
	}
	if len(inHand) != len(count) {
		t.Errorf("%s: the hands show %d kinds, the server's %v", what, len(inHand), want.InHand)
	}
	for x, n := range count {
		p, ok := inHand[x]
		shown := eval[string](t, d.ctx, fmt.Sprintf(`(document.querySelector('#board .dslot:has(button[data-hand=%q]) .dcount') || {}).textContent || ""`, x))
		if !ok || p.Count != fmt.Sprint(n) || (n > 1) != (shown == fmt.Sprintf("×%d", n)) || n == 1 && shown != "" {
			t.Errorf("%s: %d of %q in hand, shown as %+v with the count %q", what, n, x, p, shown)
		}
		owner := "First"
		if strings.ToLower(x) == x {
			owner = "Second"
		}
		if !strings.HasPrefix(p.Label, owner+" player's hand: ") {
			t.Errorf("%s: the piece in hand %q is named %q", what, x, p.Label)
		}
	}
}

// TestBrowserDobutsuBoard plays dōbutsu shōgi (with chicks only, which the
// test server solves at once) on its board of pieces: tiles with the
// animals' names and the dots of their moves, the second player's turned
// round; a capture that sends a piece to the hand, shown as a piece; a
// drop by a click on the piece in hand and one on its square, the hand's
// piece named with its value; two chicks in a hand, counted. The full
// game's pieces (every kind, in both hands) are drawn by SenteBoard.render
// from the server's board, at a desktop's size and at a phone's, where
// the board must fit.
func TestBrowserDobutsuBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays dōbutsu shōgi on its board of pieces (about 10 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	d := &boardDriver{t: t, ctx: ctx, base: base}
	const spec = "dobutsu:pieces=chicks"

	st := d.open(spec, "two", "")
	checkDobutsuPieces(t, d, "the start", serverMoves(t, base, spec, st.Position).Board)
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .dhand .dnone").length`); n != 2 {
		t.Errorf("the start: %d empty hands, want 2", n)
	}
	if l := eval[string](t, ctx, `document.querySelector('#board button.cell[data-cell="3,1"]').getAttribute("aria-label")`); !strings.HasPrefix(l, "b4 first player's lion: moves, best ") {
		t.Errorf("the first player's lion is named %q", l)
	}

	// The chick takes the chick: the first player holds it.
	st = d.play(st, "Cb3b2")
	info := serverMoves(t, base, spec, st.Position)
	checkDobutsuPieces(t, d, "after Cb3b2", info.Board)
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .dhand.first button[data-hand="C"]').length`); n != 1 {
		t.Errorf("after the capture the first player's hand shows %d chicks", n)
	}
	screenshot(t, ctx, dir, "dobutsu-capture.png")

	// The lion takes it back; the first player drops its chick on a3 by
	// a click on the chick in hand and one on a3.
	st = d.play(st, "Lb1b2")
	info = serverMoves(t, base, spec, st.Position)
	checkDobutsuPieces(t, d, "after Lb1b2", info.Board)
	hand := `#board .dhand.first button[data-hand="C"]`
	var best explain.MoveJSON
	for _, m := range info.Moves { // best first
		if strings.HasPrefix(m.Move, "C*") {
			best = m
			break
		}
	}
	if l := eval[string](t, ctx, `document.querySelector('`+hand+`').getAttribute("aria-label")`); l != "First player's hand: chick, drop: best "+best.Value.String()+" in "+fmt.Sprint(*best.Remoteness) {
		t.Errorf("the chick in hand is named %q; the best move is %s (%s in %d)", l, best.Move, best.Value, *best.Remoteness)
	}
	d.click(hand)
	d.waitFor("the chick in hand selected", `document.querySelector('`+hand+`').classList.contains("selected")`)
	var drops int
	for _, p := range info.Board.Plays {
		if p.FromHand == "C" {
			drops++
			if got := eval[string](t, ctx, `document.querySelector('`+cellSel(p.To)+`').className`); !strings.Contains(got, "target") {
				t.Errorf("the chick in hand selected: the square of %s has class %q", p.Move, got)
			}
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#board button.cell.target").length`); drops == 0 || n != drops {
		t.Errorf("the chick in hand selected: %d targets for %d drops", n, drops)
	}
	screenshot(t, ctx, dir, "dobutsu-hand-selected.png")
	d.click(cellSel([2]int{2, 0}))
	if st = waitTurn(t, ctx, st.Position); st.Position != ".../.l./C../.L. c second" {
		t.Errorf("after a click on the chick in hand and on a3: %q, want the drop C*a3", st.Position)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .dhand.first button[data-hand]').length`); n != 0 {
		t.Errorf("after the drop the first player's hand shows %d pieces", n)
	}

	// Two chicks in a hand: one tile, counted; a drop leaves one.
	st = d.open(spec, "two", ".l./.../.../.L. CC first")
	checkDobutsuPieces(t, d, "two chicks in hand", serverMoves(t, base, spec, st.Position).Board)
	if l := eval[string](t, ctx, `document.querySelector('`+hand+`').getAttribute("aria-label")`); !strings.HasPrefix(l, "First player's hand: 2 chicks, drop: best ") {
		t.Errorf("two chicks in hand are named %q", l)
	}
	d.click(hand)
	d.waitFor("the chicks in hand selected", `document.querySelector('`+hand+`').classList.contains("selected")`)
	d.click(cellSel([2]int{3, 0}))
	if st = waitTurn(t, ctx, st.Position); st.Position != ".l./.../.../CL. C second" {
		t.Errorf("after a click on the chicks in hand and on a4: %q", st.Position)
	}
	checkDobutsuPieces(t, d, "a chick dropped of two", serverMoves(t, base, spec, st.Position).Board)

	// The full game's pieces, every kind, in both hands, as the server
	// draws them: at a desktop's size, then a phone's.
	g, err := games.New("dobutsu")
	if err != nil {
		t.Fatal(err)
	}
	for _, pos := range []string{"gle/.c./.C./ELG - first", "l.h/.../.G./..L GEEc second"} {
		p, err := g.ParsePosition(pos)
		if err != nil {
			t.Fatal(err)
		}
		pi := PositionInfo{Game: "dobutsu", Position: g.FormatPosition(p), Turn: g.Turn(p), Status: "ready"}
		three := 3
		values := []sente.Value{sente.Win, sente.Lose, sente.Tie}
		for i, m := range g.Moves(p) {
			pi.Moves = append(pi.Moves, explain.MoveJSON{Move: m.Name, Player: g.Turn(p), Position: g.FormatPosition(m.To), Value: values[i%3], Remoteness: &three})
		}
		pi.Board = boardOf(g, p, g.Moves(p))
		js, _ := json.Marshal(pi)
		name := "dobutsu-full-" + map[bool]string{true: "start", false: "hands"}[strings.HasPrefix(pos, "gle")]
		for _, size := range []struct {
			name string
			w, h int64
		}{{"desktop", 1280, 1100}, {"phone", 390, 844}} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateScale(2))); err != nil {
				t.Fatal(err)
			}
			eval[bool](t, ctx, `(() => {
  SenteBoard.render(document.getElementById("board"), `+string(js)+`, {hints: true, canPlay: true, play() {}, valueClass});
  return true;
})()`)
			checkDobutsuPieces(t, d, pos+" at "+size.name, pi.Board)
			if err := chromedp.Do(ctx, chromedp.ScrollIntoView("#board")); err != nil {
				t.Fatal(err)
			}
			viewportShot(t, ctx, dir, name+"-"+size.name+".png")
			fit := eval[string](t, ctx, `(() => {
  const box = document.getElementById("board");
  let right = 0;
  for (const e of box.querySelectorAll("*")) right = Math.max(right, e.getBoundingClientRect().right);
  return JSON.stringify({content: Math.round(right), scroll: box.scrollWidth, client: box.clientWidth, page: document.documentElement.scrollWidth});
})()`)
			var f struct{ Content, Scroll, Client, Page int64 }
			json.Unmarshal([]byte(fit), &f)
			if f.Content > size.w || f.Scroll > f.Client || f.Page > size.w {
				t.Errorf("%s at %d px: the board overflows: %s", pos, size.w, fit)
			}
		}
	}
}
