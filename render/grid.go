package render

import (
	"fmt"
	"image/color"
	"io"
	"strconv"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// Cell says who wins the positions that fall in one cell of a table.
type Cell uint8

const (
	CellNone   Cell = iota // no position falls in the cell
	CellFirst              // the first player wins every position in it
	CellSecond             // the second player wins every position in it
	CellTie                // every position in it is a tie
	CellDraw               // every position in it is a draw (endless play)
	CellMixed              // its positions do not all agree
)

var cellNames = [...]string{
	CellNone:   "no position",
	CellFirst:  "first player wins",
	CellSecond: "second player wins",
	CellTie:    "tie",
	CellDraw:   "draw (endless play)",
	CellMixed:  "mixed: its positions disagree",
}

func (c Cell) String() string {
	if int(c) < len(cellNames) {
		return cellNames[c]
	}
	return fmt.Sprintf("Cell(%d)", uint8(c))
}

// Color is the colour of the cell in pictures.
func (c Cell) Color() color.NRGBA {
	switch c {
	case CellFirst:
		return ColorFirst
	case CellSecond:
		return ColorSecond
	case CellTie:
		return ColorTie
	case CellDraw:
		return ColorDraw
	case CellMixed:
		return ColorMixed
	}
	return ColorNone
}

// mark is the character drawn in the cell when there is room, so that the
// picture reads without colour too.
func (c Cell) mark() string {
	return [...]string{CellNone: "", CellFirst: "1", CellSecond: "2", CellTie: "T", CellDraw: "D", CellMixed: "M"}[c]
}

// Axis is one axis of a table: the feature's name and doc, and a label for
// each of its values.
type Axis struct {
	Name, Doc string
	Labels    []string
}

// Title is how the axis is named in pictures: "name: doc".
func (a Axis) Title() string {
	if a.Doc == "" {
		return a.Name
	}
	return a.Name + ": " + a.Doc
}

// Grid is a table of who wins, by the values of two features of positions:
// seed 000's table. Make one with TablePicture and draw it with SVG or PNG.
type Grid struct {
	Title      string
	Rows, Cols Axis
	// seen[r*len(cols)+c] has a bit for each kind of winner among the
	// cell's positions (1 << CellFirst, ...); count is how many there are.
	seen  []uint8
	count []int32
}

// MaxAxis is the largest number of values a table's axis may have.
const MaxAxis = 1024

// TablePicture sorts every position of sol into the cell (rows.Of(p),
// cols.Of(p)) and records who wins there under perfect play: the first
// player, the second, a tie, a draw, "mixed" when positions of one cell
// disagree, or nothing when no position falls in it. An empty title gets a
// plain one.
//
// It visits every position once and keeps two small numbers per cell, so
// its memory is that of the table, not of the solution. A solution made
// with symmetry holds one position of each class, so only those are seen.
func TablePicture(sol solve.Solution, rows, cols sente.Feature, title string) (*Grid, error) {
	for _, f := range []sente.Feature{rows, cols} {
		switch {
		case f.Of == nil:
			return nil, fmt.Errorf("feature %q has no function of positions", f.Name)
		case f.Size < 1:
			return nil, fmt.Errorf("feature %q has %d values; want at least 1", f.Name, f.Size)
		case f.Size > MaxAxis:
			return nil, fmt.Errorf("feature %q has %d values; tables are limited to %d a side; choose smaller parameters", f.Name, f.Size, MaxAxis)
		}
	}
	if title == "" {
		title = "Who wins under perfect play, by " + rows.Name + " and " + cols.Name
	}
	g := &Grid{
		Title: title,
		Rows:  axisOf(rows),
		Cols:  axisOf(cols),
		seen:  make([]uint8, rows.Size*cols.Size),
		count: make([]int32, rows.Size*cols.Size),
	}
	game := sol.Game()
	var err error
	sol.Each(func(p sente.Position, o sente.Outcome) bool {
		r, c := rows.Of(p), cols.Of(p)
		if r < 0 || r >= rows.Size || c < 0 || c >= cols.Size {
			err = fmt.Errorf("position %s has %s = %d and %s = %d, outside 0..%d and 0..%d",
				game.FormatPosition(p), rows.Name, r, cols.Name, c, rows.Size-1, cols.Size-1)
			return false
		}
		var k Cell
		switch o.Value {
		case sente.Win, sente.Lose:
			k = CellFirst
			if sente.Winner(game.Turn(p), o.Value) == sente.Second {
				k = CellSecond
			}
		case sente.Tie:
			k = CellTie
		case sente.Draw:
			k = CellDraw
		default:
			return true
		}
		i := r*cols.Size + c
		g.seen[i] |= 1 << k
		g.count[i]++
		return true
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

func axisOf(f sente.Feature) Axis {
	a := Axis{Name: f.Name, Doc: f.Doc, Labels: make([]string, f.Size)}
	for v := range a.Labels {
		if f.Label != nil {
			a.Labels[v] = f.Label(v)
		} else {
			a.Labels[v] = strconv.Itoa(v)
		}
	}
	return a
}

// Cell returns who wins in the cell at row value r and column value c.
func (g *Grid) Cell(r, c int) Cell {
	s := g.seen[r*len(g.Cols.Labels)+c]
	switch s {
	case 0:
		return CellNone
	case 1 << CellFirst:
		return CellFirst
	case 1 << CellSecond:
		return CellSecond
	case 1 << CellTie:
		return CellTie
	case 1 << CellDraw:
		return CellDraw
	}
	return CellMixed
}

// Positions returns the number of positions in the cell at (r, c).
func (g *Grid) Positions(r, c int) int { return int(g.count[r*len(g.Cols.Labels)+c]) }

// Counts returns the number of cells of each kind, indexed by Cell.
func (g *Grid) Counts() [CellMixed + 1]int {
	var n [CellMixed + 1]int
	for r := range g.Rows.Labels {
		for c := range g.Cols.Labels {
			n[g.Cell(r, c)]++
		}
	}
	return n
}

// SVG writes the table's picture as SVG.
func (g *Grid) SVG(w io.Writer) error { return g.Picture().SVG(w) }

// PNG writes the table's picture as PNG.
func (g *Grid) PNG(w io.Writer) error { return g.Picture().PNG(w) }
