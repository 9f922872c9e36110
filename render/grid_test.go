package render_test

import (
	"bytes"
	"encoding/xml"
	"image/color"
	"io"
	"strconv"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/render"
)

// svgCell is a table's cell as the SVG draws it.
type svgCell struct {
	fill string
	x, y float64
}

// svgCells maps "row,col" to the table's cell rectangles.
func svgCells(t *testing.T, doc []byte) map[[2]string]svgCell {
	t.Helper()
	cells := map[[2]string]svgCell{}
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return cells
		}
		if err != nil {
			t.Fatal(err)
		}
		s, ok := tok.(xml.StartElement)
		if !ok || s.Name.Local != "rect" {
			continue
		}
		var row, col string
		var c svgCell
		for _, a := range s.Attr {
			switch a.Name.Local {
			case "data-row":
				row = a.Value
			case "data-col":
				col = a.Value
			case "fill":
				c.fill = a.Value
			case "x":
				c.x, _ = strconv.ParseFloat(a.Value, 64)
			case "y":
				c.y, _ = strconv.ParseFloat(a.Value, 64)
			}
		}
		if row != "" {
			cells[[2]string{row, col}] = c
		}
	}
}

func hexOf(c color.NRGBA) string {
	const digits = "0123456789abcdef"
	return string([]byte{'#', digits[c.R>>4], digits[c.R&15], digits[c.G>>4], digits[c.G&15], digits[c.B>>4], digits[c.B&15]})
}

// Seed 000: the first player wins from the start (red); after 1 and 1 the
// second player wins (green).
func TestCardsTable(t *testing.T) {
	sol := solved(t, "cards")
	first, second := cardsFeatures()
	g, err := render.TablePicture(sol, first, second, "Sum to 23 (seed 000): who wins, by the cards each player has played")
	if err != nil {
		t.Fatal(err)
	}
	cells := []struct {
		row, col int
		want     render.Cell
	}{
		{0, 0, render.CellFirst},  // the start
		{1, 1, render.CellSecond}, // first played 1, second answered 1
		{0, 1, render.CellNone},   // the second player cannot have played first
		{31, 31, render.CellNone}, // never reached: the total is 30
	}
	var buf bytes.Buffer
	if err := g.SVG(&buf); err != nil {
		t.Fatal(err)
	}
	doc := buf.Bytes()
	checkXML(t, doc)
	save(t, "cards.svg", doc)
	svgCells := svgCells(t, doc)
	if len(svgCells) != 32*32 {
		t.Errorf("%d cells in the SVG, want %d", len(svgCells), 32*32)
	}
	for _, c := range cells {
		if got := g.Cell(c.row, c.col); got != c.want {
			t.Errorf("cell (%d, %d) = %v, want %v", c.row, c.col, got, c.want)
		}
		key := [2]string{itoa(c.row), itoa(c.col)}
		if got, want := svgCells[key].fill, hexOf(c.want.Color()); got != want {
			t.Errorf("SVG cell (%d, %d) is %s, want %s (%v)", c.row, c.col, got, want, c.want)
		}
	}
	if got, want := render.CellFirst.Color(), render.ColorFirst; got != want || hexOf(want) != "#d73027" {
		t.Errorf("first player's colour %v, want red", got)
	}

	pic := g.Picture()
	buf.Reset()
	if err := g.PNG(&buf); err != nil {
		t.Fatal(err)
	}
	save(t, "cards.png", buf.Bytes())
	img := decodePNG(t, buf.Bytes(), pic.Width, pic.Height)
	// The PNG has the SVG's layout: the same cells at the same places.
	for _, c := range cells {
		at := svgCells[[2]string{itoa(c.row), itoa(c.col)}]
		got := color.NRGBAModel.Convert(img.At(int(at.x)+2, int(at.y)+2)).(color.NRGBA)
		if got != c.want.Color() {
			t.Errorf("PNG cell (%d, %d) at (%v, %v) is %s, want %s (%v)", c.row, c.col, at.x, at.y, hexOf(got), hexOf(c.want.Color()), c.want)
		}
	}
	// Every cell of the table's colours appears, and the counts add up.
	n := g.Counts()
	if total := n[render.CellNone] + n[render.CellFirst] + n[render.CellSecond] + n[render.CellTie] + n[render.CellDraw] + n[render.CellMixed]; total != 32*32 {
		t.Errorf("counts %v add up to %d", n, total)
	}
	if n[render.CellMixed] != 0 || n[render.CellDraw] != 0 {
		t.Errorf("cards has one position per cell and no draws; counts %v", n)
	}
	seen := map[color.NRGBA]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			seen[color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)] = true
		}
	}
	for _, c := range []color.NRGBA{render.ColorFirst, render.ColorSecond} {
		if !seen[c] {
			t.Errorf("the PNG has no pixel of %s", hexOf(c))
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// Positions that share a cell and disagree make it mixed; ties and draws
// get their own colours.
func TestTableMixed(t *testing.T) {
	sol := solved(t, "tictactoe")
	// The number of marks on the board, and whose turn it is: many
	// positions per cell, who wins varies.
	marks := sente.Feature{Name: "marks", Doc: "the marks on the board", Size: 10,
		Of: func(p sente.Position) int { return count(sol.Game().FormatPosition(p)) }}
	turn := sente.Feature{Name: "turn", Doc: "who is to move", Size: 2,
		Of: func(p sente.Position) int { return int(sol.Game().Turn(p)) }, Label: func(v int) string { return sente.Player(v).String() }}
	g, err := render.TablePicture(sol, marks, turn, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Cell(0, 0); got != render.CellTie {
		t.Errorf("the empty board: %v, want a tie", got)
	}
	if got := g.Cell(5, 1); got != render.CellMixed {
		t.Errorf("five marks, second to move: %v, want mixed", got)
	}
	if got := g.Cell(0, 1); got != render.CellNone {
		t.Errorf("no marks, second to move: %v, want no position", got)
	}
	var buf bytes.Buffer
	if err := g.SVG(&buf); err != nil {
		t.Fatal(err)
	}
	checkXML(t, buf.Bytes())
	save(t, "tictactoe-marks.svg", buf.Bytes())
	buf.Reset()
	if err := g.PNG(&buf); err != nil {
		t.Fatal(err)
	}
	save(t, "tictactoe-marks.png", buf.Bytes())
	pic := g.Picture()
	decodePNG(t, buf.Bytes(), pic.Width, pic.Height)

	bad := marks
	bad.Size = 3
	if _, err := render.TablePicture(sol, bad, turn, ""); err == nil {
		t.Error("a feature value out of range was not reported")
	}
}

// count is the number of X and O marks in a position's text.
func count(s string) int {
	n := 0
	for _, r := range s {
		if r == 'x' || r == 'o' || r == 'X' || r == 'O' {
			n++
		}
	}
	return n
}

// A big table thins its labels out and draws runs of cells.
func TestTableLarge(t *testing.T) {
	sol := solved(t, "tictactoe")
	hash := func(s string) int {
		h := 0
		for _, r := range s {
			h = h*31 + int(r)
		}
		return h & 0x7fffffff
	}
	rows := sente.Feature{Name: "h", Doc: "a hash of the position", Size: 120,
		Of: func(p sente.Position) int { return hash(sol.Game().FormatPosition(p)) % 120 }}
	cols := sente.Feature{Name: "k", Doc: "another hash of the position, with long labels", Size: 300,
		Of:    func(p sente.Position) int { return hash(sol.Game().FormatPosition(p)+"!") % 300 },
		Label: func(v int) string { return "value " + strconv.Itoa(v) }}
	g, err := render.TablePicture(sol, rows, cols, "")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.SVG(&buf); err != nil {
		t.Fatal(err)
	}
	checkXML(t, buf.Bytes())
	save(t, "large.svg", buf.Bytes())
	buf.Reset()
	if err := g.PNG(&buf); err != nil {
		t.Fatal(err)
	}
	save(t, "large.png", buf.Bytes())
	pic := g.Picture()
	decodePNG(t, buf.Bytes(), pic.Width, pic.Height)

	big := rows
	big.Size = render.MaxAxis + 1
	if _, err := render.TablePicture(sol, big, cols, ""); err == nil {
		t.Error("a feature too big for a picture was not reported")
	}
}

// Chopsticks has features of its own (36 pairs of hands each); its table
// shows draws.
func TestChopsticksTable(t *testing.T) {
	sol := solved(t, "chopsticks")
	fs, ok := sol.Game().(sente.Featured)
	if !ok {
		t.Skip("chopsticks has no features")
	}
	f := fs.Features()
	g, err := render.TablePicture(sol, f[0], f[1], "Chopsticks: who wins, by the hands of each player")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.PNG(&buf); err != nil {
		t.Fatal(err)
	}
	save(t, "chopsticks.png", buf.Bytes())
	pic := g.Picture()
	decodePNG(t, buf.Bytes(), pic.Width, pic.Height)
	if n := g.Counts(); n[render.CellDraw]+n[render.CellMixed] == 0 {
		t.Errorf("no draws or mixed cells in chopsticks: %v", n)
	}
}
