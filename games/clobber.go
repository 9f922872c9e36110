package games

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// clobberMaxCells bounds the board so that a position (Left's stones,
// Right's and the side to move) is one key.
const clobberMaxCells = 30

const clobberSummary = "Clobber: move one of your stones onto a next-door stone of the other side's, which is taken; who cannot move loses"

func init() {
	register(Family{
		Name:    "clobber",
		Summary: clobberSummary,
		Params: []sente.Param{
			{Name: "w", Doc: "the board's width", Kind: sente.Int, Default: "3", Min: 1, Max: clobberMaxCells},
			{Name: "h", Doc: "the board's height", Kind: sente.Int, Default: "3", Min: 1, Max: clobberMaxCells},
			{Name: "board", Kind: sente.Text, Default: "checkered",
				Doc: "the board at the start as rows from the top separated by /, x Left's stone, o Right's, . empty, e.g. xox/oxo ; it sets w and h; checkered (the default) fills the w by h board with x and o alternately, x in the top left corner"},
			partizanFirst,
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			return NewClobber(v.Int("w"), v.Int("h"), v.String("board"), v.String("first") == "left")
		},
	})
}

var _ interface {
	sente.Game
	sente.Encoder
	sente.Partizan
	sente.PartizanSplitter
	sente.Describer
	sente.Drawer
	sente.Boarder
	sente.Alternating
} = (*Clobber)(nil)

// Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001) on a board of w
// by h cells, at most 30. Left plays the stones x, Right the stones o; a
// move takes one of one's stones onto an orthogonally adjacent stone of
// the other side, which leaves the board. The cell in row r from the top
// and column c is bit r*w+c of X (Left's stones) and O; the key is X, O
// from bit 30, and bit 62 set when Right is to move.
type Clobber struct {
	w, h      int
	start     ClobberPosition
	leftFirst bool
	full      uint32
	notLeft   uint32 // cells off the first column
	notRight  uint32 // cells off the last column
}

// ClobberPosition is the stones of each side and the side to move.
type ClobberPosition struct {
	X, O       uint32
	LeftToMove bool
}

// NewClobber makes Clobber on the w by h board, checkered or given as
// text (rows from the top, x, o and ., / between rows), which sets w and h.
func NewClobber(w, h int, board string, leftFirst bool) (sente.Game, error) {
	board = strings.TrimSpace(board)
	var x, o uint32
	if board != "" && board != "checkered" {
		rows := strings.Split(board, "/")
		h, w = len(rows), len(rows[0])
		if w == 0 || w*h > clobberMaxCells {
			return nil, fmt.Errorf("clobber: board=%s is %d by %d; want 1 to %d cells in rows of x, o and . separated by /, e.g. xox/oxo", board, w, h, clobberMaxCells)
		}
		var problem string
		if x, o, problem = clobberParseRows(rows, w, h); problem != "" {
			return nil, fmt.Errorf("clobber: board=%s: %s; want rows of x (Left), o (Right) and . (empty) from the top, separated by /, all as long, e.g. xox/oxo", board, problem)
		}
	} else {
		if w*h > clobberMaxCells {
			return nil, fmt.Errorf("clobber: a %d by %d board; want at most %d cells", w, h, clobberMaxCells)
		}
		for r := range h {
			for c := range w {
				if (r+c)%2 == 0 {
					x |= 1 << (r*w + c)
				} else {
					o |= 1 << (r*w + c)
				}
			}
		}
	}
	g := &Clobber{w: w, h: h, leftFirst: leftFirst, full: 1<<(w*h) - 1}
	for i := range w * h {
		if i%w > 0 {
			g.notLeft |= 1 << i
		}
		if i%w < w-1 {
			g.notRight |= 1 << i
		}
	}
	g.start = ClobberPosition{X: x, O: o, LeftToMove: leftFirst}
	return g, nil
}

func clobberParseRows(rows []string, w, h int) (x, o uint32, problem string) {
	if len(rows) != h {
		return 0, 0, fmt.Sprintf("%d row(s) instead of %d", len(rows), h)
	}
	for r, row := range rows {
		if len(row) != w {
			return 0, 0, fmt.Sprintf("row %d has %d cell(s) instead of %d", r+1, len(row), w)
		}
		for c := range w {
			switch row[c] {
			case 'x', 'X':
				x |= 1 << (r*w + c)
			case 'o', 'O':
				o |= 1 << (r*w + c)
			case '.':
			default:
				return 0, 0, fmt.Sprintf("cell %q in row %d", row[c], r+1)
			}
		}
	}
	return x, o, ""
}

func (g *Clobber) Start() sente.Position { return g.start }

func (g *Clobber) Turn(p sente.Position) sente.Player {
	return partizanTurn(g.leftFirst, p.(ClobberPosition).LeftToMove)
}

func (g *Clobber) Ended(sente.Position) (sente.Value, bool) { return sente.Unknown, false }

func (g *Clobber) Left() sente.Player { return partizanLeft(g.leftFirst) }

// Alternates: Left's options have Right to move and Right's Left.
func (g *Clobber) Alternates() bool { return true }

// each calls fn for every move of the side (left: x) from q: the stone's
// cell and the cell it takes.
func (g *Clobber) each(q ClobberPosition, left bool, fn func(from, to int)) {
	mine, theirs := q.O, q.X
	if left {
		mine, theirs = q.X, q.O
	}
	for m := mine; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		bit := uint32(1) << i
		if i >= g.w && theirs&(bit>>g.w) != 0 {
			fn(i, i-g.w)
		}
		if bit&g.notLeft != 0 && theirs&(bit>>1) != 0 {
			fn(i, i-1)
		}
		if bit&g.notRight != 0 && theirs&(bit<<1) != 0 {
			fn(i, i+1)
		}
		if i+g.w < g.w*g.h && theirs&(bit<<g.w) != 0 {
			fn(i, i+g.w)
		}
	}
}

func (g *Clobber) apply(q ClobberPosition, from, to int) ClobberPosition {
	f, t := uint32(1)<<from, uint32(1)<<to
	if q.X&f != 0 {
		q.X, q.O = q.X&^f|t, q.O&^t
	} else {
		q.O, q.X = q.O&^f|t, q.X&^t
	}
	q.LeftToMove = !q.LeftToMove
	return q
}

func (g *Clobber) cell(i int) string { return tttColumnName(i%g.w) + strconv.Itoa(g.h-i/g.w) }

// Moves are named by the two cells, the stone's then the stone it takes,
// columns a, b, c from the left and rows 1, 2, 3 from the bottom: "a1-b1".
func (g *Clobber) Moves(p sente.Position) []sente.Move {
	q := p.(ClobberPosition)
	var out []sente.Move
	g.each(q, q.LeftToMove, func(from, to int) {
		out = append(out, sente.Move{Name: g.cell(from) + "-" + g.cell(to), To: g.apply(q, from, to)})
	})
	return out
}

func (g *Clobber) options(p sente.Position, left bool) []sente.Position {
	q := p.(ClobberPosition)
	var out []sente.Position
	g.each(q, left, func(from, to int) {
		c := g.apply(q, from, to)
		c.LeftToMove = !left
		out = append(out, c)
	})
	return out
}

func (g *Clobber) LeftOptions(p sente.Position) []sente.Position  { return g.options(p, true) }
func (g *Clobber) RightOptions(p sente.Position) []sente.Position { return g.options(p, false) }

// Parts are the groups of stones joined side to side; a group of one
// side's stones alone has no move and is left out.
func (g *Clobber) Parts(p sente.Position) []sente.Position {
	q := p.(ClobberPosition)
	stones := q.X | q.O
	var parts []sente.Position
	for stones != 0 {
		group := stones & -stones
		for {
			grown := (group | group<<uint(g.w) | group>>uint(g.w) | (group&g.notRight)<<1 | (group&g.notLeft)>>1) & stones
			if grown == group {
				break
			}
			group = grown
		}
		stones &^= group
		if group&q.X != 0 && group&q.O != 0 {
			parts = append(parts, ClobberPosition{X: q.X & group, O: q.O & group, LeftToMove: q.LeftToMove})
		}
	}
	return parts
}

// Shape is the group's stones up to the eight symmetries of the square,
// which keep its value, and up to exchanging x and o, which negates it:
// the least of the sixteen images, as width, height and two bits a cell.
func (g *Clobber) Shape(p sente.Position) (string, bool) {
	q := p.(ClobberPosition)
	var rs, cs [clobberMaxCells]int8
	var colour [clobberMaxCells]uint64 // 1 for x, 2 for o
	n := 0
	minR, minC, maxR, maxC := 127, 127, -1, -1
	for m := q.X | q.O; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		r, c := i/g.w, i%g.w
		rs[n], cs[n] = int8(r), int8(c)
		colour[n] = 1
		if q.O>>i&1 != 0 {
			colour[n] = 2
		}
		n++
		minR, maxR = min(minR, r), max(maxR, r)
		minC, maxC = min(minC, c), max(maxC, c)
	}
	H, W := maxR-minR+1, maxC-minC+1
	var best [10]byte
	bestNeg := false
	for t := range 16 {
		tw, th := W, H
		if t&4 != 0 {
			tw, th = H, W
		}
		var code uint64
		for i := range n {
			r, c := int(rs[i])-minR, int(cs[i])-minC
			if t&1 != 0 {
				c = W - 1 - c
			}
			if t&2 != 0 {
				r = H - 1 - r
			}
			if t&4 != 0 {
				r, c = c, r
			}
			col := colour[i]
			if t&8 != 0 {
				col = 3 - col
			}
			code |= col << (2 * (r*tw + c))
		}
		var key [10]byte
		key[0], key[1] = byte(tw), byte(th)
		for b := range 8 {
			key[2+b] = byte(code >> (56 - 8*b))
		}
		if t == 0 || string(key[:]) < string(best[:]) {
			best, bestNeg = key, t&8 != 0
		}
	}
	return string(best[:]), bestNeg
}

func (g *Clobber) rowsText(q ClobberPosition) string {
	var b strings.Builder
	for r := range g.h {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := range g.w {
			i := r*g.w + c
			switch {
			case q.X>>i&1 != 0:
				b.WriteByte('x')
			case q.O>>i&1 != 0:
				b.WriteByte('o')
			default:
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

func (g *Clobber) FormatPosition(p sente.Position) string {
	q := p.(ClobberPosition)
	return g.rowsText(q) + " " + sideWord(q.LeftToMove)
}

func (g *Clobber) ParsePosition(s string) (sente.Position, error) {
	bad := func(why string) error {
		return fmt.Errorf("clobber position %q: %s; want %d rows of %d cells from the top, x (Left), o (Right) or . (empty), separated by /, then who moves (left or right), e.g. %q",
			s, why, g.h, g.w, g.FormatPosition(g.start))
	}
	body, left, err := splitSide(s, g.leftFirst)
	if err != nil {
		return nil, bad(err.Error())
	}
	x, o, problem := clobberParseRows(strings.Split(body, "/"), g.w, g.h)
	if problem != "" {
		return nil, bad(problem)
	}
	return ClobberPosition{X: x, O: o, LeftToMove: left}, nil
}

func (g *Clobber) Encode(p sente.Position) uint64 {
	q := p.(ClobberPosition)
	return packSides(q.X, q.O, q.LeftToMove)
}

func (g *Clobber) Decode(key uint64) sente.Position {
	x, o, left := unpackSides(key)
	return ClobberPosition{X: x, O: o, LeftToMove: left}
}

func (g *Clobber) AppendChildren(dst []uint64, key uint64) []uint64 {
	q := g.Decode(key).(ClobberPosition)
	g.each(q, q.LeftToMove, func(from, to int) {
		dst = append(dst, g.Encode(g.apply(q, from, to)))
	})
	return dst
}

func (g *Clobber) EndedKey(uint64) (sente.Value, bool) { return sente.Unknown, false }

func (g *Clobber) Draw(p sente.Position) string {
	q := p.(ClobberPosition)
	cols := make([]string, g.w)
	for c := range cols {
		cols[c] = tttColumnName(c)
	}
	return drawGrid(g.rowsText(q), func(r int) string { return strconv.Itoa(g.h - r) }, cols) + "\n" + partizanCaption(q.LeftToMove, "x", "o")
}

// Board shows Left's stones as the marks of the side that starts or not
// (x for the first player's, o for the second's); a move goes from the
// stone to the stone it takes.
func (g *Clobber) Board(p sente.Position) sente.Board {
	q := p.(ClobberPosition)
	b := sente.Board{Style: "grid", Players: partizanPlayers(g.leftFirst), Moves: []sente.BoardMove{}, Caption: partizanCaption(q.LeftToMove, "x", "o")}
	for r := range g.h {
		row := make([]string, g.w)
		for c := range g.w {
			i := r*g.w + c
			switch {
			case q.X>>i&1 != 0:
				row[c] = partizanMark(g.leftFirst, true)
			case q.O>>i&1 != 0:
				row[c] = partizanMark(g.leftFirst, false)
			}
		}
		b.Cells = append(b.Cells, row)
		b.RowLabels = append(b.RowLabels, strconv.Itoa(g.h-r))
	}
	for c := range g.w {
		b.ColLabels = append(b.ColLabels, tttColumnName(c))
	}
	g.each(q, q.LeftToMove, func(from, to int) {
		f := sente.BoardCell{Row: from / g.w, Col: from % g.w}
		b.Moves = append(b.Moves, sente.BoardMove{Name: g.cell(from) + "-" + g.cell(to), From: &f, To: sente.BoardCell{Row: to / g.w, Col: to % g.w}})
	})
	return b
}

func (g *Clobber) Describe() sente.Description {
	return sente.Description{
		Summary: clobberSummary,
		Rules: "A board of cells (parameters w and h, 3 by 3 by default, filled with stones alternately; or board, any layout) holds Left's stones x and Right's stones o. " +
			"On a turn a player moves one of their stones onto a stone of the other side in a cell next to it (up, down, left or right), and that stone leaves the board. " +
			"The player who cannot move loses. Parameter first says who starts (left by default). " +
			"Each position also has a value in combinatorial game theory: the groups of stones that touch are played independently, and the board is worth the sum of the groups. " +
			"Moves name the cell of the stone that moves and of the stone it takes, columns a, b, c from the left and rows 1, 2, 3 from the bottom: \"a1-b1\".",
		Position: "The rows from the top separated by /, each cell x, o or ., then who moves, left or right (the side that starts if left out): \"xox/oxo/xox left\".",
		Examples: []string{"clobber", "clobber:w=5,h=1", "clobber:board=xxo/.ox,first=right"},
	}
}
