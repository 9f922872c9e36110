package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
)

// A board tells win, tie and lose apart by colour and by shape, so that
// nobody needs to see hue to read it. The test looks at the board through
// simulated colour blindness, takes the colour out of what it sees, and
// requires what is left of a win, a tie and a losing cell to differ.

// visionKinds are the simulated deficiencies, the two common red-green
// ones and seeing no colour at all, each with the colour matrix that
// simulates it: Machado, Oliveira and Fernandes (2009) at full severity
// for the first two, luminance alone for the third; the matrices Chromium
// uses for its own simulation. The page is filtered through them rather
// than asking Chromium to simulate (Emulation.setEmulatedVisionDeficiency),
// an experimental method of the DevTools protocol that may change with the
// browser's version.
var visionKinds = []struct{ name, matrix string }{
	{"deuteranopia", "0.367 0.861 -0.228 0 0  0.280 0.673 0.047 0 0  -0.012 0.043 0.969 0 0  0 0 0 1 0"},
	{"protanopia", "0.152 1.053 -0.205 0 0  0.115 0.786 0.099 0 0  -0.004 -0.048 1.052 0 0  0 0 0 1 0"},
	{"achromatopsia", "0.213 0.715 0.072 0 0  0.213 0.715 0.072 0 0  0.213 0.715 0.072 0 0  0 0 0 1 0"},
}

// simulateVision shows the page through the colour matrix (a row of
// visionKinds), or as it is when matrix is "".
func simulateVision(t *testing.T, ctx context.Context, matrix string) {
	t.Helper()
	js := fmt.Sprintf(`(() => {
  document.getElementById("sente-vision")?.remove();
  document.documentElement.style.filter = "";
  const m = %q;
  if (!m) return true;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.id = "sente-vision";
  svg.setAttribute("width", "0");
  svg.setAttribute("height", "0");
  svg.style.position = "absolute";
  const f = document.createElementNS(ns, "filter");
  f.id = "sente-vision-filter";
  const cm = document.createElementNS(ns, "feColorMatrix");
  cm.setAttribute("type", "matrix");
  cm.setAttribute("values", m);
  f.append(cm);
  svg.append(f);
  document.body.append(svg);
  document.documentElement.style.filter = "url(#sente-vision-filter)";
  return true;
})()`, matrix)
	eval[bool](t, ctx, js)
}

// minShapeDiff is how far apart, at least, two cells of different values
// must be once colour is taken out (structureDiff). Cells told apart by
// hue and shade alone, as they were before they had shapes, come to 0.00
// when empty and to 0.05 when they hold the same letter (drawn a fraction
// of a pixel apart); a mark in the middle of an empty cell comes to 0.33
// and more, a mark in the corner of a piece's cell to 0.16 and more.
const minShapeDiff = 0.1

// inset is the part of a cell's width and height left out on each side:
// its ring, the border drawn in the colour of its value, and the ring's
// rounded corners. What is inside must tell the values apart.
const inset = 0.1

// structure is the inside of a picture of a cell with its colour taken
// out: each pixel's luminance, shifted and scaled to mean 0 and deviation
// 1 over the picture, so that neither hue nor an overall shade is left,
// only where the picture is lighter or darker than itself.
func structure(t *testing.T, data []byte) (w, h int, px []float64) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	dx, dy := int(inset*float64(b.Dx())), int(inset*float64(b.Dy()))
	b = image.Rect(b.Min.X+dx, b.Min.Y+dy, b.Max.X-dx, b.Max.Y-dy)
	w, h = b.Dx(), b.Dy()
	px = make([]float64, 0, w*h)
	var sum float64
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			l := (0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(bl)) / 0xffff
			px = append(px, l)
			sum += l
		}
	}
	mean := sum / float64(len(px))
	var sq float64
	for _, l := range px {
		sq += (l - mean) * (l - mean)
	}
	sd := math.Sqrt(sq / float64(len(px)))
	if sd < 1e-3 {
		sd = 1 // a flat picture: nothing to scale
	}
	for i := range px {
		px[i] = (px[i] - mean) / sd
	}
	return w, h, px
}

// structureDiff is the mean absolute difference of two pictures'
// structures, over the part they share (cells may be a pixel apart in
// size).
func structureDiff(t *testing.T, a, b []byte) float64 {
	t.Helper()
	aw, ah, ap := structure(t, a)
	bw, bh, bp := structure(t, b)
	w, h := min(aw, bw), min(ah, bh)
	if w == 0 || h == 0 {
		t.Fatal("an empty screenshot")
	}
	var d float64
	for y := range h {
		for x := range w {
			d += math.Abs(ap[y*aw+x] - bp[y*bw+x])
		}
	}
	return d / float64(w*h)
}

// valueCell is a cell of the board to compare: its selector, the value it
// shows and the accessible name it must have (a prefix, and words it must
// contain).
type valueCell struct {
	value, sel, square string
	words              []string
}

// moveWords is how the page writes a move's value: "win in 5", "draw".
func moveWords(m explain.MoveJSON) string {
	if m.Value == sente.Draw {
		return "draw"
	}
	return fmt.Sprintf("%s in %d", m.Value, remoteness(m.Remoteness))
}

// squareName names the cell (r, c) of bd as a move does: column letter,
// row number.
func squareName(bd *Board, rc [2]int) string {
	return bd.ColLabels[rc[1]] + bd.RowLabels[rc[0]]
}

// playableCells picks, from the one-click moves of a position, the first
// cell of each value.
func playableCells(t *testing.T, info *PositionInfo) []valueCell {
	t.Helper()
	byName := map[string]explain.MoveJSON{}
	for _, m := range info.Moves {
		byName[m.Move] = m
	}
	picked := map[string]valueCell{}
	for _, p := range info.Board.Plays {
		m := byName[p.Move]
		v := valueClassOf[m.Value.String()]
		if p.From != nil || v == "" || picked[v].sel != "" {
			continue
		}
		picked[v] = valueCell{value: v, sel: cellSel(p.To), square: squareName(info.Board, p.To), words: []string{moveWords(m)}}
	}
	var cells []valueCell
	for _, v := range []string{"win", "tie", "lose"} {
		c, ok := picked[v]
		if !ok {
			t.Fatalf("%s at %s: no cell of value %s", info.Game, info.Position, v)
		}
		cells = append(cells, c)
	}
	return cells
}

// checkLabels checks the accessible name of each cell.
func checkLabels(t *testing.T, ctx context.Context, what string, cells []valueCell) {
	t.Helper()
	for _, c := range cells {
		label := eval[string](t, ctx, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-label") || ""`, c.sel))
		ok := strings.HasPrefix(label, c.square)
		for _, w := range c.words {
			ok = ok && strings.Contains(label, w)
		}
		if !ok {
			t.Errorf("%s: the %s cell %s is named %q; want %s with %q", what, c.value, c.sel, label, c.square, c.words)
		}
	}
}

// compareCells looks at the cells through each simulated deficiency and
// requires every two of them to differ in structure.
func compareCells(t *testing.T, ctx context.Context, dir, what string, cells []valueCell) {
	t.Helper()
	defer simulateVision(t, ctx, "")
	for _, vision := range visionKinds {
		simulateVision(t, ctx, vision.matrix)
		kind := vision.name
		shots := make([][]byte, len(cells))
		for i, c := range cells {
			png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(c.sel)))
			if err != nil {
				t.Fatalf("%s: screenshot of %s: %v", what, c.sel, err)
			}
			shots[i] = png
			path := filepath.Join(dir, fmt.Sprintf("vision-%s-%s-%s.png", what, kind, c.value))
			if err := os.WriteFile(path, png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		viewportShot(t, ctx, dir, fmt.Sprintf("vision-%s-%s.png", what, kind))
		for i := range cells {
			for j := i + 1; j < len(cells); j++ {
				d := structureDiff(t, shots[i], shots[j])
				t.Logf("%s, %s: %s and %s differ by %.3f", what, kind, cells[i].value, cells[j].value, d)
				if d < minShapeDiff {
					t.Errorf("%s under %s: the %s cell and the %s cell differ by %.3f once colour is taken out, want at least %.2f", what, kind, cells[i].value, cells[j].value, d, minShapeDiff)
				}
			}
		}
	}
}

// TestBrowserValuesWithoutColour looks at boards as people with
// deuteranopia, protanopia and achromatopsia see them: tic-tac-toe's empty
// cells that win, tie and lose, dōbutsu shōgi's drops that win, draw and
// lose, and teeko's pieces whose best moves win, tie and lose. Each must
// be told from the others by more than colour, and be named by its
// square and its value.
func TestBrowserValuesWithoutColour(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium looks at boards through simulated colour blindness (about 10 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	d := &boardDriver{t: t, ctx: ctx, base: base}

	// The start of tic-tac-toe: every cell ties, named by its square.
	st := d.open("tictactoe", "two", "")
	start := serverMoves(t, base, "tictactoe", st.Position)
	var ties []valueCell
	for _, p := range start.Board.Plays {
		ties = append(ties, valueCell{value: "tie", sel: cellSel(p.To), square: p.Move, words: []string{"tie in 9"}})
	}
	checkLabels(t, ctx, "tic-tac-toe at the start", ties)

	// x on a3, o on c3: a2 wins, b2 ties, b3 loses.
	for _, tc := range []struct{ name, spec, pos string }{
		{"tictactoe", "tictactoe", "x.o/.../..."},
		{"dobutsu", "dobutsu:pieces=chicks", ".../.l./.../CL. c second"},
	} {
		st := d.open(tc.spec, "two", tc.pos)
		info := serverMoves(t, base, tc.spec, st.Position)
		cells := playableCells(t, info)
		if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS("#board"))); err != nil {
			t.Fatal(err)
		}
		checkLabels(t, ctx, tc.name, cells)
		compareCells(t, ctx, dir, tc.name, cells)
	}

	// Teeko's pieces, the moves of each given one value, so that their
	// rings show a win, a tie and a loss: the board is drawn by the page's
	// SenteBoard.render as the server would send it.
	g, err := games.New("teeko")
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition("xx.../o.o../..o../.x.x./o.... o")
	if err != nil {
		t.Fatal(err)
	}
	info := PositionInfo{Game: "teeko", Position: g.FormatPosition(p), Turn: g.Turn(p), Status: "ready"}
	info.Board = boardOf(g, p, g.Moves(p))
	values := map[[2]int]sente.Value{}
	order := []sente.Value{sente.Win, sente.Tie, sente.Lose}
	var pieces []valueCell
	for _, bm := range info.Board.Plays {
		if bm.From == nil {
			t.Fatalf("teeko at %s: %s is not a step", info.Position, bm.Move)
		}
		if _, ok := values[*bm.From]; !ok && len(values) < len(order) {
			v := order[len(values)]
			values[*bm.From] = v
			pieces = append(pieces, valueCell{value: valueClassOf[v.String()], sel: fmt.Sprintf(`#board button.cell[data-from="%d,%d"]`, bm.From[0], bm.From[1]), square: squareName(info.Board, *bm.From), words: []string{v.String()}})
		}
	}
	three := 3
	for _, bm := range info.Board.Plays {
		v, ok := values[*bm.From]
		if !ok {
			v = sente.Lose
		}
		info.Moves = append(info.Moves, explain.MoveJSON{Move: bm.Move, Player: info.Turn, Value: v, Remoteness: &three})
	}
	if len(pieces) != 3 {
		t.Fatalf("teeko at %s: %d pieces that move, want 3", info.Position, len(pieces))
	}
	js, _ := json.Marshal(info)
	eval[bool](t, ctx, `(() => {
  SenteBoard.render(document.getElementById("board"), `+string(js)+`, {hints: true, canPlay: true, play() {}, valueClass});
  return true;
})()`)
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS("#board"))); err != nil {
		t.Fatal(err)
	}
	checkLabels(t, ctx, "teeko", pieces)
	compareCells(t, ctx, dir, "teeko", pieces)

	// The legend and the hints' switch name the shapes, not colours.
	legend := eval[string](t, ctx, `document.getElementById("legend").textContent + " " + document.getElementById("hints").closest("label").textContent`)
	if w := regexp.MustCompile(`(?i)\b(green|red|yellow|colou?rs?)\b`).FindString(legend); w != "" {
		t.Errorf("the legend speaks of %q: %q", w, legend)
	}
}

// TestBrowserValuesWithoutColourEveryBoard looks at every kind of board the
// page draws through the same three deficiencies: heaps of tokens, hands,
// cards, connect four's columns, quixo's edge pieces, dōbutsu shōgi's
// pieces and drops, each position's moves given a win, a tie and a loss
// so that each kind of place a value is shown (a cell, a piece that moves,
// a token, a hand, a card) shows all three. A board with two such places
// only (chopsticks' two hands) is drawn once for each two values.
func TestBrowserValuesWithoutColourEveryBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium looks at every kind of board through simulated colour blindness (about 30 s)")
	}
	ctx, dir := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	_, base := serveApp(t, Config{})
	d := &boardDriver{t: t, ctx: ctx, base: base}
	d.open("tictactoe", "two", "") // the page, its styles and SenteBoard
	for _, tc := range []struct{ name, spec, pos string }{
		{"nim", "nim", ""},
		{"chopsticks", "chopsticks", ""},
		{"cards", "cards", ""},
		{"connect4", "connect4:w=5,h=4", ""},
		{"quixo", "quixo:n=4", ""},
		{"dobutsu-steps", "dobutsu", ""},
		{"dobutsu-drops", "dobutsu:pieces=chicks", ".../.l./.../CL. c second"},
		{"teeko-drops", "teeko", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
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
			info.Board = boardOf(g, p, g.Moves(p))
			if info.Board == nil {
				t.Fatalf("%s has no board", tc.spec)
			}
			places := valuePlaces(info.Board)
			if len(places) < 2 {
				t.Fatalf("%s at %s: %d places on the board show a value, want 2 or more", tc.spec, info.Position, len(places))
			}
			values := []sente.Value{sente.Win, sente.Tie, sente.Lose}
			var rounds [][]sente.Value
			if len(places) >= 3 {
				rounds = [][]sente.Value{values}
			} else {
				rounds = [][]sente.Value{{sente.Win, sente.Tie}, {sente.Win, sente.Lose}, {sente.Tie, sente.Lose}}
			}
			for i, round := range rounds {
				info := info
				info.Moves = nil
				var cells []valueCell
				given := map[string]sente.Value{}
				for j, v := range round {
					pl := places[j]
					for _, m := range pl.moves {
						given[m] = v
					}
					cells = append(cells, valueCell{value: valueClassOf[v.String()], sel: pl.sel, words: []string{v.String()}})
				}
				three := 3
				for _, bm := range info.Board.Plays {
					v, ok := given[bm.Move]
					if !ok {
						v = sente.Lose
					}
					info.Moves = append(info.Moves, explain.MoveJSON{Move: bm.Move, Player: info.Turn, Value: v, Remoteness: &three})
				}
				js, _ := json.Marshal(info)
				eval[bool](t, ctx, `(() => {
  SenteBoard.render(document.getElementById("board"), `+string(js)+`, {hints: true, canPlay: true, play() {}, valueClass});
  return true;
})()`)
				if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS("#board"))); err != nil {
					t.Fatal(err)
				}
				checkLabels(t, ctx, tc.name, cells)
				compareCells(t, ctx, dir, fmt.Sprintf("%s-%d", tc.name, i), cells)
			}
		})
	}
}

// valuePlace is a place on a board that shows the value of the moves it
// plays: a cell or token clicked once, a piece that moves, a card.
type valuePlace struct {
	sel   string
	moves []string
}

// valuePlaces lists the places of bd in the order of its plays: a move
// with From shows its value on the piece it moves, the others on the cell
// they are played by a click on (a card by its move).
func valuePlaces(bd *Board) []valuePlace {
	var places []valuePlace
	at := map[string]int{}
	for _, p := range bd.Plays {
		var sel string
		switch {
		case bd.Style == "cards":
			sel = fmt.Sprintf(`#board button.cell[data-move=%q]`, p.Move)
		case p.From != nil:
			sel = fmt.Sprintf(`#board button.cell[data-cell="%d,%d"]`, p.From[0], p.From[1])
		default:
			sel = cellSel(p.To)
		}
		i, ok := at[sel]
		if !ok {
			i = len(places)
			at[sel] = i
			places = append(places, valuePlace{sel: sel})
		}
		places[i].moves = append(places[i].moves, p.Move)
	}
	return places
}

// TestPageLegendOnPhone holds each shape of the legend beside the first
// line of its words on narrow screens: a line that wraps must not leave
// the shape at the end of one line and its meaning on the next.
func TestPageLegendOnPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: the legend on phones (about 5 s)")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	for _, width := range []int64{320, 390, 1280} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 844)); err != nil {
			t.Fatal(err)
		}
		d := &boardDriver{t: t, ctx: ctx, base: base}
		d.open("tictactoe", "two", "")
		// For each key: the chip's box, and the first line box of its words.
		type keyBox struct {
			Text                               string
			ChipTop, ChipBottom, ChipRight     float64
			LineTop, LineBottom, LineLeft, Gap float64
		}
		keys := eval[[]keyBox](t, ctx, `[...document.querySelectorAll("#legend .key")].map((k) => {
  const chip = k.querySelector(".chip").getBoundingClientRect();
  const r = document.createRange();
  const words = [...k.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  r.selectNodeContents(words);
  const line = r.getClientRects()[0];
  return {Text: words.textContent.trim(), ChipTop: chip.top, ChipBottom: chip.bottom, ChipRight: chip.right,
    LineTop: line.top, LineBottom: line.bottom, LineLeft: line.left, Gap: line.left - chip.right};
})`)
		if len(keys) != 3 {
			t.Fatalf("width %d: %d keys in the legend, want 3", width, len(keys))
		}
		for _, k := range keys {
			mid := (k.ChipTop + k.ChipBottom) / 2
			if mid < k.LineTop-2 || mid > k.LineBottom+2 || k.Gap < 0 || k.Gap > 16 {
				t.Errorf("width %d: the shape of %q (rows %.0f–%.0f, right edge %.0f) is not beside its first line (rows %.0f–%.0f, from %.0f)",
					width, k.Text, k.ChipTop, k.ChipBottom, k.ChipRight, k.LineTop, k.LineBottom, k.LineLeft)
			}
		}
	}
}
