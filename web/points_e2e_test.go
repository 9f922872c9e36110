package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
)

// The browser tests of the morris games' boards (points joined by lines,
// a mill's stone taken by a third click) and of Gobblet Gobblers' (stacks,
// hands). The boards are made here (board_points_test.go), sent through
// boardOf as the server sends them, and drawn by the page's
// SenteBoard.render, whose play records the moves clicked.

// pointsInfo is the answer the page would get for g's position, each move
// of the value values gives it (a tie otherwise), named pos.
func pointsInfo(g oneBoardGame, pos string, values map[string]sente.Value) PositionInfo {
	p := g.Start()
	info := PositionInfo{Game: "test", Position: pos, Turn: g.turn, Status: "ready"}
	info.Board = boardOf(g, p, g.Moves(p))
	three := 3
	for _, m := range g.Moves(p) {
		v, ok := values[m.Name]
		if !ok {
			v = sente.Tie
		}
		info.Moves = append(info.Moves, explain.MoveJSON{Move: m.Name, Player: g.turn, Position: pos + " " + m.Name, Value: v, Remoteness: &three})
	}
	return info
}

// drawBoard draws info on the page's board, hints on, with no piece
// selected (as Escape leaves it), the moves clicked recorded in
// window.played.
func drawBoard(t *testing.T, ctx context.Context, info PositionInfo) {
	t.Helper()
	js, _ := json.Marshal(info)
	eval[bool](t, ctx, `(() => {
  document.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape"}));
  window.played = [];
  SenteBoard.render(document.getElementById("board"), `+string(js)+`, {hints: true, canPlay: true, play(m) { window.played.push(m.move); }, valueClass});
  return true;
})()`)
}

func playedMoves(t *testing.T, ctx context.Context) []string {
	t.Helper()
	return eval[[]string](t, ctx, `window.played`)
}

// boardButton is a button of the board as the page shows it.
type boardButton struct {
	Cell, Hand, Move, Land, Choose, Cls, Label string
	Disabled                                   bool
}

func boardButtons(t *testing.T, ctx context.Context) []boardButton {
	t.Helper()
	var bs []boardButton
	s := eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#board button")].map((b) => ({
  cell: b.dataset.cell || "", hand: b.dataset.hand || "", move: b.dataset.move || "", land: b.dataset.land || "", choose: b.dataset.choose || "",
  cls: b.className, label: b.getAttribute("aria-label") || "", disabled: b.disabled})))`)
	if err := json.Unmarshal([]byte(s), &bs); err != nil {
		t.Fatal(err)
	}
	return bs
}

// cellsWith are the cells of the buttons whose classes include cls, sorted.
func cellsWith(bs []boardButton, cls string) []string {
	var cells []string
	for _, b := range bs {
		if slices.Contains(strings.Fields(b.Cls), cls) {
			cells = append(cells, b.Cell)
		}
	}
	slices.Sort(cells)
	return cells
}

// checkNamed checks that every button of the board is named, a cell's
// by its square first, a piece in hand's by its player's hand: "First
// player's hand", or by the name the board gives the player ("Blue's
// hand").
func checkNamed(t *testing.T, ctx context.Context, what string, bd *Board) {
	t.Helper()
	hands := [2]string{"First player's hand: ", "Second player's hand: "}
	if len(bd.Players) == 2 {
		for i, p := range bd.Players {
			hands[i] = strings.ToUpper(p[:1]) + p[1:] + "'s hand: "
		}
	}
	for _, b := range boardButtons(t, ctx) {
		var want string
		switch {
		case b.Hand != "":
			want = hands[0]
			if strings.ToLower(b.Hand) == b.Hand {
				want = hands[1]
			}
		case b.Cell != "":
			var r, c int
			fmt.Sscanf(b.Cell, "%d,%d", &r, &c)
			want = squareName(bd, [2]int{r, c})
		}
		if !strings.HasPrefix(b.Label, want) || strings.TrimSpace(b.Label) == "" {
			t.Errorf("%s: the button %+v is named %q; want a name starting %q", what, b, b.Label, want)
		}
	}
	if missing := eval[[]string](t, ctx, unnamed); len(missing) > 0 {
		t.Errorf("%s: controls without a name: %q", what, missing)
	}
}

// checkFits checks that the board fits a screen w pixels wide, its points
// at least 24 pixels across.
func checkFits(t *testing.T, ctx context.Context, what string, w int64) {
	t.Helper()
	fit := eval[string](t, ctx, `(() => {
  const box = document.getElementById("board");
  let right = 0, smallest = 1e9;
  for (const e of box.querySelectorAll("*")) right = Math.max(right, e.getBoundingClientRect().right);
  for (const b of box.querySelectorAll("button.cell")) { const r = b.getBoundingClientRect(); smallest = Math.min(smallest, r.width, r.height); }
  return JSON.stringify({content: Math.round(right), scroll: box.scrollWidth, client: box.clientWidth, page: document.documentElement.scrollWidth, smallest: Math.floor(smallest)});
})()`)
	var f struct{ Content, Scroll, Client, Page, Smallest int64 }
	json.Unmarshal([]byte(fit), &f)
	if f.Content > w || f.Scroll > f.Client || f.Page > w || f.Smallest < 24 {
		t.Errorf("%s at %d px: the board overflows or its buttons are too small: %s", what, w, fit)
	}
}

// atBothSizes shows the board at a desktop's size and a phone's, saving a
// screenshot of each (name-desktop.png, name-phone.png) and checking that
// it fits, then goes back to the desktop's.
func atBothSizes(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 1100}, {"phone", 390, 844}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateScale(2)), chromedp.ScrollIntoView("#board")); err != nil {
			t.Fatal(err)
		}
		viewportShot(t, ctx, dir, name+"-"+size.name+".png")
		checkFits(t, ctx, name, size.w)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1100)); err != nil {
		t.Fatal(err)
	}
}

// Morris positions, nine men's morris on the 24-point board.
var (
	// The first player places; g7 makes a mill, which takes any of the
	// second player's four stones.
	morrisPlacing = []string{
		"x..x...",
		".o.....",
		"...o...",
		".......",
		".......",
		".....o.",
		"o......",
	}
	// The first player moves: d7 to g7 or d6, g4 to f4 or to g7, which
	// makes a mill, c3 to c4 or d3.
	morrisMoving = []string{
		"x..x...",
		".......",
		".......",
		"o.....x",
		"..x....",
		"...o...",
		"o.....o",
	}
	// The first player flies its three stones: b2 to g7 makes a mill.
	morrisFlying = []string{
		"x..x...",
		".......",
		"...o...",
		"o......",
		".......",
		".x.o...",
		"o.....o",
	}
)

// morrisPoints are the points of the 24-point board, by square.
func morrisPoints() []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range morrisLines(7) {
		for _, c := range []sente.BoardCell{l.From, l.To} {
			sq := string(rune('a'+c.Col)) + fmt.Sprint(7-c.Row)
			if !seen[sq] {
				seen[sq] = true
				out = append(out, sq)
			}
		}
	}
	return out
}

// morrisGame is a morris position of the first player's, from rows, with
// placements on every empty point but mill, which takes each of takes
// ("g7xb6"), or the moves given.
func morrisGame(t *testing.T, rows []string, mill string, takes []string, moves ...string) oneBoardGame {
	if moves == nil {
		for _, sq := range morrisPoints() {
			r, c := 7-int(sq[1]-'0'), int(sq[0]-'a')
			switch {
			case rows[r][c] != '.':
			case sq == mill:
				for _, x := range takes {
					moves = append(moves, fmt.Sprintf("%sx%s:%s/%s", sq, x, sq, x))
				}
			default:
				moves = append(moves, sq+":"+sq)
			}
		}
	}
	return oneBoardGame{board: morrisBoard(t, rows, moves...), turn: sente.First}
}

// TestBrowserMorrisBoard plays the morris games' board in headless
// Chromium: a placement by one click; a move by two; a mill by three, the
// page highlighting after the second exactly the stones the move may
// take, each named with the value of taking it, and a Cancel, Escape, a
// click elsewhere or on the stone landed backing out; a mill made by a
// placement, from the keyboard; flying to any empty point; the 16-point
// board of six men's morris; all at a desktop's and a phone's width.
func TestBrowserMorrisBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays on a morris board (about 5 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	d := &boardDriver{t: t, ctx: ctx, base: base}
	d.open("tictactoe", "two", "") // the page, its styles and SenteBoard
	selected := func() string {
		return eval[string](t, ctx, `[...document.querySelectorAll("#board .selected")].map((b) => b.dataset.cell).join(" ")`)
	}
	expect := func(what string, want ...string) {
		t.Helper()
		if got := playedMoves(t, ctx); !slices.Equal(got, want) {
			t.Errorf("%s: played %q, want %q", what, got, want)
		}
	}

	// Placing: 24 points, of which the empty ones are placements, and no
	// other cell; a click on d6 places there.
	takes := []string{"b6", "d5", "f2", "a1"}
	placing := morrisGame(t, morrisPlacing, "g7", takes)
	info := pointsInfo(placing, "placing", map[string]sente.Value{"d6": sente.Win, "f6": sente.Tie, "b4": sente.Lose, "g7xb6": sente.Win, "g7xd5": sente.Tie, "g7xf2": sente.Lose, "g7xa1": sente.Lose})
	drawBoard(t, ctx, info)
	bs := boardButtons(t, ctx)
	if len(bs) != 24 || eval[int](t, ctx, `document.querySelectorAll("#board svg.plines line").length`) != 32 {
		t.Errorf("the 24-point board: %d buttons and %d lines, want 24 and 32", len(bs), eval[int](t, ctx, `document.querySelectorAll("#board svg.plines line").length`))
	}
	if l := eval[string](t, ctx, `document.querySelector('#board button[data-cell="1,3"]').getAttribute("aria-label")`); l != "d6: win in 3" {
		t.Errorf("d6 is named %q", l)
	}
	if l := eval[string](t, ctx, `document.querySelector('#board button[data-cell="0,6"]').getAttribute("aria-label")`); l != "g7: then take, best win in 3" {
		t.Errorf("g7, a mill, is named %q", l)
	}
	checkNamed(t, ctx, "placing", info.Board)
	d.click(cellSel([2]int{1, 3}))
	expect("a click on d6", "d6")

	// A mill by a placement: g7 lands the stone, the second player's
	// stones are then the targets, exactly those it may take.
	g7 := cellSel([2]int{0, 6})
	wantTakes := []string{"1,1", "2,3", "5,5", "6,0"}
	land := func(what, sel string) {
		t.Helper()
		d.click(sel)
		d.waitFor(what+": landed", `document.querySelectorAll("#board .landed").length === 1`)
		bs := boardButtons(t, ctx)
		if got := cellsWith(bs, "take"); !slices.Equal(got, wantTakes) {
			t.Errorf("%s: the stones to take are %v, want %v", what, got, wantTakes)
		}
		for _, b := range bs {
			if slices.Contains(strings.Fields(b.Cls), "take") != (b.Move != "") {
				t.Errorf("%s: %+v: a stone to take has a move to play, and only it", what, b)
			}
		}
	}
	land("g7", g7)
	expect("a click on g7, a mill", "d6")
	if c := eval[string](t, ctx, `document.querySelector('`+g7+`').className`); !strings.Contains(c, "stone first") || selected() != "0,6" {
		t.Errorf("g7 landed: its class %q, the selected cells %q", c, selected())
	}
	want := map[string]string{"1,1": "b6 black stone: take, win in 3", "2,3": "d5 black stone: take, tie in 3", "5,5": "f2 black stone: take, lose in 3"}
	for _, b := range boardButtons(t, ctx) {
		if w, ok := want[b.Cell]; ok && (b.Label != w || !strings.Contains(b.Cls, valueClassOf[strings.Fields(w)[5]])) {
			t.Errorf("g7 landed: %s is named %q with class %q; want %q", b.Cell, b.Label, b.Cls, w)
		}
	}
	if s := eval[string](t, ctx, `document.querySelector("#board .chooser .ask").textContent`); !strings.HasPrefix(s, "Take which piece?") {
		t.Errorf("g7 landed: the page asks %q", s)
	}
	atBothSizes(t, ctx, dir, "morris-mill")
	// Backing out: Cancel, Escape, a click on an empty point, on the stone
	// landed, off the board.
	backOut := func(how string, do func()) {
		t.Helper()
		if len(eval[[]string](t, ctx, `[...document.querySelectorAll("#board .landed")].map((b) => b.dataset.cell)`)) == 0 {
			land(how, g7)
		}
		do()
		d.waitFor(how+" backs out", `document.querySelectorAll("#board .landed, #board .take, #board .chooser").length === 0`)
		if c := eval[string](t, ctx, `document.querySelector('`+g7+`').className`); strings.Contains(c, "stone") {
			t.Errorf("%s: g7 still shows a stone: %q", how, c)
		}
		expect(how, "d6")
	}
	backOut("Cancel", func() { d.click("#board .chooser button.cancel") })
	backOut("Escape", func() { chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)) })
	backOut("a click on an empty point", func() { d.click(cellSel([2]int{1, 5})) })
	backOut("a click on the stone landed", func() { d.click(g7) })
	backOut("a click off the board", func() { d.click("#verdict") })
	land("g7 again", g7)
	d.click(cellSel([2]int{2, 3}))
	expect("g7, then d5", "d6", "g7xd5")

	// From the keyboard: Enter on g7 lands the stone and keeps the focus
	// there; Tab reaches the stones to take.
	drawBoard(t, ctx, info)
	eval[bool](t, ctx, `(document.querySelector('`+g7+`').focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	d.waitFor("g7 by Enter", `document.querySelectorAll("#board .landed").length === 1`)
	if f := eval[string](t, ctx, `document.activeElement.dataset.cell || document.activeElement.outerHTML.slice(0, 60)`); f != "0,6" {
		t.Errorf("after Enter on g7 the focus is on %q, not g7", f)
	}
	for i := 0; i < 30 && !eval[bool](t, ctx, `document.activeElement.classList.contains("take")`); i++ {
		chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab))
	}
	taken := eval[string](t, ctx, `document.activeElement.dataset.move || ""`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	if taken == "" {
		t.Error("Tab from g7 landed reaches no stone to take")
	} else {
		expect("from the keyboard", taken)
	}

	// Moving: d7 to d6 by two clicks; g4 to g7, a mill, by three, the
	// stone gone from g4 while it waits on g7.
	moving := morrisGame(t, morrisMoving, "", nil, "d7-g7:d7-g7", "d7-d6:d7-d6", "g4-f4:g4-f4",
		"g4-g7xa4:g4-g7/a4", "g4-g7xd2:g4-g7/d2", "g4-g7xa1:g4-g7/a1", "g4-g7xg1:g4-g7/g1", "c3-c4:c3-c4", "c3-d3:c3-d3")
	info = pointsInfo(moving, "moving", map[string]sente.Value{"d7-g7": sente.Win, "d7-d6": sente.Tie, "g4-f4": sente.Lose, "g4-g7xa4": sente.Win, "g4-g7xd2": sente.Tie, "g4-g7xa1": sente.Lose, "c3-c4": sente.Lose, "c3-d3": sente.Lose})
	drawBoard(t, ctx, info)
	checkNamed(t, ctx, "moving", info.Board)
	if l := eval[string](t, ctx, `document.querySelector('#board button[data-cell="0,3"]').getAttribute("aria-label")`); l != "d7 white stone: moves, best win in 3" {
		t.Errorf("d7 is named %q", l)
	}
	d.click(`#board button[data-from="0,3"]`)
	d.waitFor("d7 selected", `document.querySelectorAll("#board .selected").length === 1`)
	if got := cellsWith(boardButtons(t, ctx), "target"); !slices.Equal(got, []string{"0,6", "1,3"}) {
		t.Errorf("d7 selected: targets %v, want g7 and d6", got)
	}
	d.click(cellSel([2]int{1, 3}))
	expect("d7, then d6", "d7-d6")
	drawBoard(t, ctx, info)
	d.click(`#board button[data-from="3,6"]`)
	d.waitFor("g4 selected", `document.querySelectorAll("#board .selected").length === 1`)
	bs = boardButtons(t, ctx)
	if got := cellsWith(bs, "target"); !slices.Equal(got, []string{"0,6", "3,5"}) {
		t.Errorf("g4 selected: targets %v, want g7 and f4", got)
	}
	for _, b := range bs {
		if b.Cell == "0,6" && (b.Land != "g4-g7xa4 g4-g7xd2 g4-g7xa1 g4-g7xg1" || b.Move != "" || !strings.Contains(b.Cls, "win")) {
			t.Errorf("g4 selected: g7 %+v, want it to land the four mills, shown as a win", b)
		}
	}
	viewportShot(t, ctx, dir, "morris-moving-selected.png")
	wantTakes = []string{"3,0", "5,3", "6,0", "6,6"}
	land("g4 to g7", g7)
	if c := eval[string](t, ctx, `document.querySelector('#board button[data-cell="3,6"]').className`); !strings.Contains(c, "empty") {
		t.Errorf("g4 to g7 landed: g4 is drawn %q, not empty", c)
	}
	viewportShot(t, ctx, dir, "morris-moving-landed.png")
	d.click(cellSel([2]int{6, 6}))
	expect("g4, g7, then g1", "g4-g7xg1")

	// Flying: b2 goes to any empty point, g7 a mill.
	var flights []string
	for _, sq := range morrisPoints() {
		r, c := 7-int(sq[1]-'0'), int(sq[0]-'a')
		switch {
		case morrisFlying[r][c] != '.':
		case sq == "g7":
			for _, x := range []string{"d5", "a4", "d2", "a1", "g1"} {
				flights = append(flights, "b2-g7x"+x+":b2-g7/"+x)
			}
		default:
			flights = append(flights, "b2-"+sq+":b2-"+sq)
		}
	}
	info = pointsInfo(morrisGame(t, morrisFlying, "", nil, flights...), "flying", nil)
	drawBoard(t, ctx, info)
	d.click(`#board button[data-from="5,1"]`)
	d.waitFor("b2 selected", `document.querySelectorAll("#board .selected").length === 1`)
	if n := len(cellsWith(boardButtons(t, ctx), "target")); n != 24-8 {
		t.Errorf("b2 flying: %d targets, want the 16 empty points", n)
	}
	d.click(cellSel([2]int{2, 4})) // e5, not b2's neighbour
	expect("b2, then e5", "b2-e5")
	drawBoard(t, ctx, info)
	d.click(`#board button[data-from="5,1"]`)
	wantTakes = []string{"2,3", "3,0", "5,3", "6,0", "6,6"}
	land("b2 to g7", g7)
	d.click(cellSel([2]int{3, 0}))
	expect("b2, g7, then a4", "b2-g7xa4")

	// Six men's morris: the 16-point board on a 5×5 grid.
	six := oneBoardGame{board: morrisBoard(t, []string{"x.x.o", ".o.x.", "o...x", ".....", "x.o.o"}, "b2:b2", "d2:d2"), turn: sente.First}
	info = pointsInfo(six, "six", map[string]sente.Value{"b2": sente.Win})
	drawBoard(t, ctx, info)
	if n := eval[int](t, ctx, `document.querySelectorAll("#board button.pt").length`); n != 16 {
		t.Errorf("the 16-point board: %d points drawn", n)
	}
	checkNamed(t, ctx, "six men's morris", info.Board)
	atBothSizes(t, ctx, dir, "morris-six")
}

// gobbletStart is a Gobblet Gobblers position, the first player to move:
// its large piece over the second's medium on a3, its small on c3 and
// medium on c1, the second's small on b2.
func gobbletStart() oneBoardGame {
	return oneBoardGame{board: gobbletBoard([]string{"Lm . S", ". s .", ". . M"}, "LMS", "llms", sente.First), turn: sente.First}
}

// TestBrowserGobbletBoard plays Gobblet Gobblers' board in headless
// Chromium: stacks drawn by their top piece, large, medium or small, the
// first player's solid and the second's rings, the pieces beneath small;
// the hands beside the board, counted; a drop from the hand by a click on
// the piece in hand and one on a square; a gobble over a smaller piece by
// a click on the piece and one on the square; a drop by a click on an
// empty square alone, which asks which piece; at a desktop's and a
// phone's width.
func TestBrowserGobbletBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays on a Gobblet Gobblers board (about 5 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	d := &boardDriver{t: t, ctx: ctx, base: base}
	d.open("tictactoe", "two", "")
	expect := func(what string, want ...string) {
		t.Helper()
		if got := playedMoves(t, ctx); !slices.Equal(got, want) {
			t.Errorf("%s: played %q, want %q", what, got, want)
		}
	}
	g := gobbletStart()
	info := pointsInfo(g, "gobblet", map[string]sente.Value{"L*b2": sente.Win, "a3-b2": sente.Win, "c1-b2": sente.Lose})
	drawBoard(t, ctx, info)
	checkNamed(t, ctx, "gobblet", info.Board)

	// The stacks: a3's large over a medium, c1's medium, b2's small ring.
	type drawn struct {
		Cell, Cls, Label, Fill, Under string
		Width                         float64
	}
	var pieces []drawn
	json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#board button.gstack:not(.inhand)")].map((b) => {
  const face = b.querySelector("svg.gtile .face");
  return {cell: b.dataset.cell, cls: b.querySelector("svg.gtile").getAttribute("class"), label: b.getAttribute("aria-label"),
    fill: getComputedStyle(face).fill, width: face.getBoundingClientRect().width,
    under: [...b.querySelectorAll(".gunder .gmini")].map((m) => m.className).join(" ")};
}))`)), &pieces)
	byCell := map[string]drawn{}
	for _, p := range pieces {
		byCell[p.Cell] = p
	}
	a3, c3, c1, b2 := byCell["0,0"], byCell["0,2"], byCell["2,2"], byCell["1,1"]
	if !strings.HasPrefix(a3.Label, "a3 blue large over purple medium: moves, best win in 3") || a3.Under != "gmini second gM" {
		t.Errorf("a3 is named %q, the pieces beneath drawn %q", a3.Label, a3.Under)
	}
	if !strings.HasPrefix(b2.Label, "b2 purple small") || b2.Under != "" {
		t.Errorf("b2 is named %q", b2.Label)
	}
	if !(a3.Width > c1.Width*1.2 && c1.Width > c3.Width*1.2) {
		t.Errorf("the sizes drawn: large %.0f, medium %.0f, small %.0f px", a3.Width, c1.Width, c3.Width)
	}
	if a3.Fill == b2.Fill || b2.Fill != "rgb(255, 255, 255)" {
		t.Errorf("the first player's pieces are filled %q, the second's %q: want solid and rings", a3.Fill, b2.Fill)
	}
	// The hands: the first player's three sizes, the second's two large
	// counted.
	hands := eval[string](t, ctx, `[...document.querySelectorAll("#board .dhand button[data-hand]")].map((b) => b.dataset.hand + b.dataset.count + (b.disabled ? "-" : "+")).join(" ")`)
	if hands != "l2- m1- s1- L1+ M1+ S1+" {
		t.Errorf("the hands show %q", hands)
	}
	if s := eval[string](t, ctx, `document.querySelector('#board .dslot:has(button[data-hand="l"]) .dcount').textContent`); s != "×2" {
		t.Errorf("two large pieces in hand are counted %q", s)
	}
	if l := eval[string](t, ctx, `document.querySelector('#board button[data-hand="L"]').getAttribute("aria-label")`); l != "Blue's hand: large piece, drop: best win in 3" {
		t.Errorf("the large piece in hand is named %q", l)
	}

	// A drop: the large piece in hand, then b2, over the small piece.
	d.click(`#board button[data-hand="L"]`)
	d.waitFor("L in hand selected", `document.querySelector('#board button[data-hand="L"]').classList.contains("selected")`)
	var want []string
	for _, p := range info.Board.Plays {
		if p.FromHand == "L" {
			want = append(want, fmt.Sprintf("%d,%d", p.To[0], p.To[1]))
		}
	}
	slices.Sort(want)
	if got := cellsWith(boardButtons(t, ctx), "target"); !slices.Equal(got, want) || !slices.Contains(got, "1,1") {
		t.Errorf("L in hand selected: targets %v, want %v", got, want)
	}
	atBothSizes(t, ctx, dir, "gobblet-hand-selected")
	d.click(cellSel([2]int{1, 1}))
	expect("L in hand, then b2", "L*b2")

	// A gobble: a3's large piece over b2's small one.
	drawBoard(t, ctx, info)
	d.click(`#board button[data-from="0,0"]`)
	d.waitFor("a3 selected", `document.querySelectorAll("#board .selected").length === 1`)
	if c := eval[string](t, ctx, `document.querySelector('`+cellSel([2]int{1, 1})+`').className`); !strings.Contains(c, "target") || !strings.Contains(c, "win") {
		t.Errorf("a3 selected: b2 has class %q", c)
	}
	if c := eval[string](t, ctx, `document.querySelector('`+cellSel([2]int{2, 2})+`').className`); !strings.Contains(c, "target") {
		t.Errorf("a3 selected: c1 (a medium piece) has class %q", c)
	}
	viewportShot(t, ctx, dir, "gobblet-gobble-selected.png")
	d.click(cellSel([2]int{1, 1}))
	expect("a3, then b2", "a3-b2")
	// The small piece cannot go over anything: c3 selected, b2 is no
	// target.
	drawBoard(t, ctx, info)
	d.click(`#board button[data-from="0,2"]`)
	if c := eval[string](t, ctx, `document.querySelector('`+cellSel([2]int{1, 1})+`').className`); strings.Contains(c, "target") {
		t.Errorf("c3's small piece selected: b2 has class %q", c)
	}
	// A click on an empty square alone asks which piece to drop there.
	drawBoard(t, ctx, info)
	d.click(cellSel([2]int{0, 1}))
	d.waitFor("chooser", `document.querySelectorAll("#board .chooser button[data-move]").length === 3`)
	d.click(`#board .chooser button[data-move="M*b3"]`)
	expect("b3, then M", "M*b3")
}

// TestBrowserValuesWithoutColourPointsAndStacks looks at the morris board
// and Gobblet Gobblers' through the simulated colour deficiencies of
// TestBrowserValuesWithoutColour: empty points to place on, stones that
// move and stones to take; stacks that move, pieces in hand to drop and
// squares to drop on, each showing a win, a tie and a loss, which must
// differ without colour and be named by their square and value.
func TestBrowserValuesWithoutColourPointsAndStacks(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium looks at the morris and Gobblet Gobblers boards through simulated colour blindness (about 20 s)")
	}
	ctx, dir := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	_, base := serveApp(t, Config{})
	d := &boardDriver{t: t, ctx: ctx, base: base}
	d.open("tictactoe", "two", "")
	cell := func(value, sq string, r, c int) valueCell {
		return valueCell{value: value, sel: cellSel([2]int{r, c}), square: sq, words: []string{value}}
	}
	look := func(what string, cells []valueCell) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS("#board"))); err != nil {
			t.Fatal(err)
		}
		checkLabels(t, ctx, what, cells)
		compareCells(t, ctx, dir, what, cells)
	}

	placing := morrisGame(t, morrisPlacing, "g7", []string{"b6", "d5", "f2", "a1"})
	drawBoard(t, ctx, pointsInfo(placing, "placing", map[string]sente.Value{"d6": sente.Win, "f6": sente.Tie, "b4": sente.Lose}))
	look("morris-place", []valueCell{cell("win", "d6", 1, 3), cell("tie", "f6", 1, 5), cell("lose", "b4", 3, 1)})
	drawBoard(t, ctx, pointsInfo(placing, "placing, taking", map[string]sente.Value{"g7xb6": sente.Win, "g7xd5": sente.Tie, "g7xf2": sente.Lose, "g7xa1": sente.Lose}))
	d.click(cellSel([2]int{0, 6}))
	look("morris-take", []valueCell{cell("win", "b6", 1, 1), cell("tie", "d5", 2, 3), cell("lose", "f2", 5, 5)})

	moving := morrisGame(t, morrisMoving, "", nil, "d7-g7:d7-g7", "d7-d6:d7-d6", "g4-f4:g4-f4", "c3-c4:c3-c4", "c3-d3:c3-d3")
	drawBoard(t, ctx, pointsInfo(moving, "moving", map[string]sente.Value{"g4-f4": sente.Win, "d7-g7": sente.Tie, "d7-d6": sente.Lose, "c3-c4": sente.Lose, "c3-d3": sente.Lose}))
	look("morris-move", []valueCell{cell("win", "g4", 3, 6), cell("tie", "d7", 0, 3), cell("lose", "c3", 4, 2)})

	// a3's best move wins, c3's tie, c1's all lose.
	g := gobbletStart()
	values := map[string]sente.Value{"a3-b2": sente.Win}
	for _, m := range g.board.Moves {
		if strings.HasPrefix(m.Name, "c1-") {
			values[m.Name] = sente.Lose
		}
	}
	drawBoard(t, ctx, pointsInfo(g, "stacks", values))
	look("gobblet-move", []valueCell{cell("win", "a3", 0, 0), cell("tie", "c3", 0, 2), cell("lose", "c1", 2, 2)})

	values = map[string]sente.Value{}
	for _, m := range g.board.Moves {
		switch m.FromHand {
		case "L":
			values[m.Name] = sente.Win
		case "M":
			values[m.Name] = sente.Tie
		default:
			values[m.Name] = sente.Lose
		}
	}
	drawBoard(t, ctx, pointsInfo(g, "hands", values))
	hand := func(value, x string) valueCell {
		return valueCell{value: value, sel: fmt.Sprintf(`#board button[data-hand=%q]`, x), square: "Blue's hand", words: []string{value}}
	}
	look("gobblet-hand", []valueCell{hand("win", "L"), hand("tie", "M"), hand("lose", "S")})
	// The large piece selected: its drops on an empty square, and over
	// the small piece of b2, each of one value.
	values = map[string]sente.Value{"L*b3": sente.Win, "L*a2": sente.Tie, "L*b2": sente.Lose}
	drawBoard(t, ctx, pointsInfo(g, "drops", values))
	d.click(`#board button[data-hand="L"]`)
	look("gobblet-drop", []valueCell{cell("win", "b3", 0, 1), cell("tie", "a2", 1, 0), cell("lose", "b2", 1, 1)})
}
