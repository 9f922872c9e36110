package games

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// Bounds of Cutcake: a piece's sides, and the pieces of the start.
const (
	cutcakeMaxSide   = 32
	cutcakeMaxPieces = 16
)

const cutcakeSummary = "Cutcake: Left cuts a piece of cake along its grooves north-south, Right east-west; who cannot cut loses"

func init() {
	register(Family{
		Name:    "cutcake",
		Summary: cutcakeSummary,
		Params: []sente.Param{
			{Name: "cakes", Kind: sente.Text, Default: "4x3", Positional: true,
				Doc: fmt.Sprintf("the pieces at the start, each WIDTHxHEIGHT in squares (sides 1 to %d), separated by / or commas, e.g. 4x3 or 2x5/3x3", cutcakeMaxSide)},
			partizanFirst,
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			return NewCutcake(v.String("cakes"), v.String("first") == "left")
		},
	})
}

var _ interface {
	sente.Game
	sente.Partizan
	sente.PartizanSplitter
	sente.Describer
	sente.Drawer
	sente.Boarder
	sente.Alternating
} = (*Cutcake)(nil)

// Cutcake (Winning Ways, ch. 2) is played on pieces of a cake scored into
// squares. Left cuts one piece along a north-south groove into two
// narrower pieces, Right along an east-west groove into two lower ones; a
// player with no piece to cut loses. Pieces of one square can never be
// cut and are not kept.
type Cutcake struct {
	start     CutcakePosition
	leftFirst bool
}

// CutcakePosition is the pieces, two bytes each (width, height), sorted
// widest first, and the side to move.
type CutcakePosition struct {
	Pieces     string
	LeftToMove bool
}

type cake struct{ w, h int }

func cutcakePieces(cs []cake) string {
	slices.SortFunc(cs, func(a, b cake) int {
		if a.w != b.w {
			return b.w - a.w
		}
		return b.h - a.h
	})
	b := make([]byte, 0, 2*len(cs))
	for _, c := range cs {
		if c.w*c.h > 1 {
			b = append(b, byte(c.w), byte(c.h))
		}
	}
	return string(b)
}

func (q CutcakePosition) cakes() []cake {
	cs := make([]cake, len(q.Pieces)/2)
	for i := range cs {
		cs[i] = cake{int(q.Pieces[2*i]), int(q.Pieces[2*i+1])}
	}
	return cs
}

// NewCutcake makes Cutcake on the pieces given as text ("4x3/2x5").
func NewCutcake(cakes string, leftFirst bool) (sente.Game, error) {
	cs, problem := cutcakeParse(cakes, cutcakeMaxPieces)
	if problem != "" {
		return nil, fmt.Errorf("cutcake: cakes=%s: %s; want 1 to %d pieces WIDTHxHEIGHT (sides 1 to %d) separated by /, e.g. 4x3 or 2x5/3x3", cakes, problem, cutcakeMaxPieces, cutcakeMaxSide)
	}
	return &Cutcake{start: CutcakePosition{Pieces: cutcakePieces(cs), LeftToMove: leftFirst}, leftFirst: leftFirst}, nil
}

// cutcakeParse reads pieces WxH separated by / or commas; "-" is none.
func cutcakeParse(s string, maxPieces int) ([]cake, string) {
	s = strings.TrimSpace(s)
	if s == "-" {
		return nil, ""
	}
	var cs []cake
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == ',' }) {
		ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(f)), "x")
		w, errW := strconv.Atoi(ws)
		h, errH := strconv.Atoi(hs)
		if !ok || errW != nil || errH != nil {
			return nil, fmt.Sprintf("%q is not WIDTHxHEIGHT", f)
		}
		if w < 1 || h < 1 || w > cutcakeMaxSide || h > cutcakeMaxSide {
			return nil, fmt.Sprintf("the piece %s", f)
		}
		cs = append(cs, cake{w, h})
	}
	if len(cs) == 0 || len(cs) > maxPieces {
		return nil, fmt.Sprintf("%d pieces", len(cs))
	}
	return cs, ""
}

func (g *Cutcake) Start() sente.Position { return g.start }

func (g *Cutcake) Turn(p sente.Position) sente.Player {
	return partizanTurn(g.leftFirst, p.(CutcakePosition).LeftToMove)
}

func (g *Cutcake) Ended(sente.Position) (sente.Value, bool) { return sente.Unknown, false }

func (g *Cutcake) Left() sente.Player { return partizanLeft(g.leftFirst) }

// Alternates: Left's options have Right to move and Right's Left.
func (g *Cutcake) Alternates() bool { return true }

// cuts calls fn for each distinct cut of the side (Left: north-south):
// the index of the first piece of its kind, the width (or height) of the
// smaller part, and the position it leaves.
func (g *Cutcake) cuts(q CutcakePosition, left bool, fn func(piece, part int, to CutcakePosition)) {
	cs := q.cakes()
	for i, c := range cs {
		if i > 0 && cs[i-1] == c {
			continue
		}
		side := c.h
		if left {
			side = c.w
		}
		for a := 1; 2*a <= side; a++ {
			rest := append(slices.Clone(cs[:i]), cs[i+1:]...)
			if left {
				rest = append(rest, cake{a, c.h}, cake{c.w - a, c.h})
			} else {
				rest = append(rest, cake{c.w, a}, cake{c.w, c.h - a})
			}
			fn(i, a, CutcakePosition{Pieces: cutcakePieces(rest), LeftToMove: !left})
		}
	}
}

// Moves are named by the piece and the cut: "4x3:v1" cuts a 4 by 3 piece
// north-south, one square from its side (Left's cut); "4x3:h1" east-west,
// one square from its top (Right's).
func (g *Cutcake) Moves(p sente.Position) []sente.Move {
	q := p.(CutcakePosition)
	cs := q.cakes()
	var out []sente.Move
	g.cuts(q, q.LeftToMove, func(i, a int, to CutcakePosition) {
		out = append(out, sente.Move{Name: g.cutName(cs[i], q.LeftToMove, a), To: to})
	})
	return out
}

func (g *Cutcake) cutName(c cake, left bool, a int) string {
	dir := ":h"
	if left {
		dir = ":v"
	}
	return strconv.Itoa(c.w) + "x" + strconv.Itoa(c.h) + dir + strconv.Itoa(a)
}

func (g *Cutcake) options(p sente.Position, left bool) []sente.Position {
	var out []sente.Position
	g.cuts(p.(CutcakePosition), left, func(_, _ int, to CutcakePosition) { out = append(out, to) })
	return out
}

func (g *Cutcake) LeftOptions(p sente.Position) []sente.Position  { return g.options(p, true) }
func (g *Cutcake) RightOptions(p sente.Position) []sente.Position { return g.options(p, false) }

// Parts are the pieces, each alone.
func (g *Cutcake) Parts(p sente.Position) []sente.Position {
	q := p.(CutcakePosition)
	var parts []sente.Position
	for i := 0; i < len(q.Pieces); i += 2 {
		parts = append(parts, CutcakePosition{Pieces: q.Pieces[i : i+2], LeftToMove: q.LeftToMove})
	}
	return parts
}

// Shape is a piece's sides, wider first: a piece turned a quarter turn is
// the same game with Left and Right exchanged, its value negated.
func (g *Cutcake) Shape(p sente.Position) (string, bool) {
	q := p.(CutcakePosition)
	if len(q.Pieces) != 2 {
		return "pieces " + q.Pieces, false
	}
	w, h := q.Pieces[0], q.Pieces[1]
	if w < h {
		return string([]byte{h, w}), true
	}
	return q.Pieces, false
}

func (g *Cutcake) text(q CutcakePosition) string {
	cs := q.cakes()
	if len(cs) == 0 {
		return "-"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = strconv.Itoa(c.w) + "x" + strconv.Itoa(c.h)
	}
	return strings.Join(parts, "/")
}

func (g *Cutcake) FormatPosition(p sente.Position) string {
	q := p.(CutcakePosition)
	return g.text(q) + " " + sideWord(q.LeftToMove)
}

func (g *Cutcake) ParsePosition(s string) (sente.Position, error) {
	body, left, err := splitSide(s, g.leftFirst)
	if err == nil {
		cs, problem := cutcakeParse(body, 1<<10)
		if problem == "" {
			return CutcakePosition{Pieces: cutcakePieces(cs), LeftToMove: left}, nil
		}
		err = fmt.Errorf("%s", problem)
	}
	return nil, fmt.Errorf("cutcake position %q: %v; want pieces WIDTHxHEIGHT (sides 1 to %d) separated by /, or - for none, then who moves (left or right), e.g. %q",
		s, err, cutcakeMaxSide, g.FormatPosition(g.start))
}

func (g *Cutcake) Draw(p sente.Position) string {
	q := p.(CutcakePosition)
	return g.text(q) + "\n" + partizanCaption(q.LeftToMove, "cuts north-south", "cuts east-west")
}

// cakeSquare is what a square of cake shows on the board.
const cakeSquare = "■"

// Board draws the pieces side by side, a column apart, from their tops.
// Left's cut of a piece is played from the square at the bottom of the
// column left of the groove to the one at its top; Right's from the
// leftmost square of the row above the groove to the rightmost.
func (g *Cutcake) Board(p sente.Position) sente.Board {
	q := p.(CutcakePosition)
	cs := q.cakes()
	rows, cols := 1, 0
	offset := make([]int, len(cs))
	for i, c := range cs {
		rows = max(rows, c.h)
		if i > 0 {
			cols++
		}
		offset[i] = cols
		cols += c.w
	}
	b := sente.Board{Style: "grid", Players: partizanPlayers(g.leftFirst), Moves: []sente.BoardMove{}, Caption: partizanCaption(q.LeftToMove, "cuts north-south", "cuts east-west")}
	b.Cells = make([][]string, rows)
	for r := range rows {
		b.Cells[r] = make([]string, max(cols, 1))
	}
	for i, c := range cs {
		for r := range c.h {
			for x := range c.w {
				b.Cells[r][offset[i]+x] = cakeSquare
			}
		}
	}
	g.cuts(q, q.LeftToMove, func(i, a int, _ CutcakePosition) {
		c := cs[i]
		var from, to sente.BoardCell
		if q.LeftToMove {
			from, to = sente.BoardCell{Row: c.h - 1, Col: offset[i] + a - 1}, sente.BoardCell{Row: 0, Col: offset[i] + a - 1}
		} else {
			from, to = sente.BoardCell{Row: a - 1, Col: offset[i]}, sente.BoardCell{Row: a - 1, Col: offset[i] + c.w - 1}
		}
		m := sente.BoardMove{Name: g.cutName(c, q.LeftToMove, a), To: to}
		if from != to {
			m.From = &from
		}
		b.Moves = append(b.Moves, m)
	})
	return b
}

func (g *Cutcake) Describe() sente.Description {
	return sente.Description{
		Summary: cutcakeSummary,
		Rules: "Pieces of cake scored into squares (parameter cakes, one 4 by 3 piece by default, WIDTHxHEIGHT). " +
			"On her turn Left cuts one piece along a north-south groove into two narrower pieces; on his, Right cuts one along an east-west groove into two lower ones. " +
			"A piece of one square can never be cut. The player who cannot cut loses. Parameter first says who starts (left by default). " +
			"Each position has a value in combinatorial game theory, the sum of its pieces' values, which are all integers (Winning Ways, ch. 2). " +
			"Moves name the piece and the cut: \"4x3:v1\" cuts a 4 by 3 piece north-south one square in from its side, \"4x3:h1\" east-west one square down from its top.",
		Position: "The pieces WIDTHxHEIGHT separated by /, widest first (squares on their own left out, - for none), then who moves, left or right (the side that starts if left out): \"3x3/1x3 right\".",
		Examples: []string{"cutcake", "cutcake:8x3", "cutcake:cakes=2x5/3x3,first=right"},
	}
}
