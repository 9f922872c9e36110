package games

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// domMaxCells bounds a Domineering board so that a position's filled
// cells are one key. Up to domSideCells cells the key also has a bit for
// the side to move; a larger board (8 by 8, 7 by 9) has none left, and
// the side to move follows from the dominoes placed: such a board holds
// the positions of turn-based play, whose sides alternate from the start.
const (
	domMaxCells  = 64
	domSideCells = 62
)

const domineeringSummary = "Domineering: Left places upright dominoes, Right flat ones; who cannot place one loses (a partizan game of combinatorial game theory)"

func init() {
	register(Family{
		Name:    "domineering",
		Summary: domineeringSummary,
		Params: []sente.Param{
			{Name: "w", Doc: "the board's width, in cells (a row, where Right places)", Kind: sente.Int, Default: "4", Min: 1, Max: domWideCells},
			{Name: "h", Doc: "the board's height, in cells (a column, where Left places)", Kind: sente.Int, Default: "4", Min: 1, Max: domWideCells},
			{Name: "board", Kind: sente.Text, Default: "empty",
				Doc: "the board at the start as rows from the top separated by /, . an empty cell and # a filled one (a hole), e.g. ..#/.../... ; it sets w and h; empty (the default) is the empty w by h board"},
			partizanFirst,
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			return NewDomineering(v.Int("w"), v.Int("h"), v.String("board"), v.String("first") == "left")
		},
	})
}

var _ interface {
	sente.Game
	sente.Encoder
	sente.Partizan
	sente.PartizanSplitter
	sente.RegionBoarder
	sente.Describer
	sente.Drawer
	sente.Boarder
	sente.Alternating
} = (*Domineering)(nil)

// Domineering is played on a board of w by h cells (at most 62), some of
// them filled from the start. Left places a domino upright on two empty
// cells one above the other, Right one flat on two empty cells side by
// side (Winning Ways' convention: Left is Vertical, Right Horizontal); a
// player who cannot place one loses.
//
// The cell in column c (from the left) and row r (from the bottom) is bit
// r*w+c of a position's Filled; the key is Filled with bit 62 set when
// Right is to move.
type Domineering struct {
	w, h      int
	start     uint64
	leftFirst bool
	full      uint64
	// The dominoes each side may place, as the cells they cover.
	vert, horiz       []uint64
	notLeft, notRight uint64 // the cells off the first and the last column
	// sideByCount: the board has more than domSideCells cells, and its
	// keys no bit for the side to move (domMaxCells).
	sideByCount bool
	search      domSearch
}

// DomineeringPosition is the filled cells and the side to move.
type DomineeringPosition struct {
	Filled     uint64
	LeftToMove bool
}

// NewDomineering makes Domineering on the empty w by h board, or on the
// board given as text (rows from the top, . empty, # filled, / between
// rows), which sets w and h; "empty" or "" means the empty board. Left
// moves first when leftFirst.
func NewDomineering(w, h int, board string, leftFirst bool) (sente.Game, error) {
	var start uint64
	if board = strings.TrimSpace(board); board != "" && board != "empty" {
		rows := strings.Split(board, "/")
		h, w = len(rows), len(rows[0])
		if w*h > domWideCells || w == 0 {
			return nil, fmt.Errorf("domineering: board=%s is %d by %d; want at most %d cells, rows of . and # separated by /, e.g. ..#/.../...", board, w, h, domWideCells)
		}
		if w*h > domMaxCells {
			return wideGame(newDomineeringWide(w, h, rows, leftFirst))
		}
		filled, problem := domParseRows(rows, w, h)
		if problem != "" {
			return nil, fmt.Errorf("domineering: board=%s: %s; want rows of . (empty) and # (filled) from the top, separated by /, all as long, e.g. ..#/.../...", board, problem)
		}
		start = filled
	}
	if w < 1 || h < 1 || w*h > domWideCells {
		return nil, fmt.Errorf("domineering: a %d by %d board; want at least 1 by 1 and at most %d cells", w, h, domWideCells)
	}
	if w*h > domMaxCells {
		return wideGame(newDomineeringWide(w, h, nil, leftFirst))
	}
	g := &Domineering{w: w, h: h, start: start, leftFirst: leftFirst, full: 1<<(w*h) - 1, sideByCount: w*h > domSideCells}
	for r := range h {
		for c := range w {
			bit := uint64(1) << (r*w + c)
			if c > 0 {
				g.notLeft |= bit
			}
			if c < w-1 {
				g.notRight |= bit
			}
			if r+1 < h {
				g.vert = append(g.vert, bit|bit<<w)
			}
			if c+1 < w {
				g.horiz = append(g.horiz, bit|bit<<1)
			}
		}
	}
	g.initSearch()
	return g, nil
}

// RegionArgs make the board one region, its rows from the top of . and #
// (sente.RegionBoarder): every region of up to n squares, valued.
func (g *Domineering) RegionArgs(rows []string) []sente.Arg {
	return []sente.Arg{{Key: "board", Value: strings.Join(rows, "/")}}
}

func domCell(c, r int) string { return tttColumnName(c) + strconv.Itoa(r+1) }

// dominoName names a domino by its two cells, lower (or left) first:
// "a1-a2" upright, "a1-b1" flat.
func (g *Domineering) dominoName(d uint64) string {
	lo, hi := bits.TrailingZeros64(d), 63-bits.LeadingZeros64(d)
	return domCell(lo%g.w, lo/g.w) + "-" + domCell(hi%g.w, hi/g.w)
}

// domParseRows reads rows from the top into filled cells.
func domParseRows(rows []string, w, h int) (uint64, string) {
	var filled uint64
	if problem := domReadRows(rows, w, h, func(bit int) { filled |= 1 << bit }); problem != "" {
		return 0, problem
	}
	return filled, ""
}

// domReadRows reads rows from the top, calling fill with the bit of each
// filled cell, for either width of key; it says what is wrong, or "".
func domReadRows(rows []string, w, h int, fill func(bit int)) string {
	if len(rows) != h {
		return fmt.Sprintf("%d row(s) instead of %d", len(rows), h)
	}
	for i, row := range rows {
		if len(row) != w {
			return fmt.Sprintf("row %d has %d cell(s) instead of %d", i+1, len(row), w)
		}
		r := h - 1 - i
		for c := range w {
			switch row[c] {
			case '.':
			case '#':
				fill(r*w + c)
			default:
				return fmt.Sprintf("cell %q in row %d", row[c], i+1)
			}
		}
	}
	return ""
}

// domPositionError is the refusal of the text s of a position of a w by
// h board, whose start is written start.
func domPositionError(s, why string, w, h int, start string) error {
	return fmt.Errorf("domineering position %q: %s; want %d rows of %d cells from the top, . empty and # filled, separated by /, then who moves (left or right), e.g. %q",
		s, why, h, w, start)
}

func (g *Domineering) Start() sente.Position {
	return DomineeringPosition{Filled: g.start, LeftToMove: g.leftFirst}
}

func (g *Domineering) Turn(p sente.Position) sente.Player {
	return partizanTurn(g.leftFirst, p.(DomineeringPosition).LeftToMove)
}

// Ended: no position ends; a player without a move has lost.
func (g *Domineering) Ended(sente.Position) (sente.Value, bool) { return sente.Unknown, false }

func (g *Domineering) Moves(p sente.Position) []sente.Move {
	q := p.(DomineeringPosition)
	dominoes := g.horiz
	if q.LeftToMove {
		dominoes = g.vert
	}
	var moves []sente.Move
	for _, d := range dominoes {
		if q.Filled&d == 0 {
			moves = append(moves, sente.Move{Name: g.dominoName(d), To: DomineeringPosition{Filled: q.Filled | d, LeftToMove: !q.LeftToMove}})
		}
	}
	return moves
}

func (g *Domineering) Left() sente.Player { return partizanLeft(g.leftFirst) }

// Alternates: Left's options have Right to move and Right's Left.
func (g *Domineering) Alternates() bool { return true }

func (g *Domineering) LeftOptions(p sente.Position) []sente.Position {
	return g.options(p.(DomineeringPosition).Filled, g.vert, false)
}

func (g *Domineering) RightOptions(p sente.Position) []sente.Position {
	return g.options(p.(DomineeringPosition).Filled, g.horiz, true)
}

func (g *Domineering) options(filled uint64, dominoes []uint64, leftNext bool) []sente.Position {
	var out []sente.Position
	for _, d := range dominoes {
		if filled&d == 0 {
			out = append(out, DomineeringPosition{Filled: filled | d, LeftToMove: leftNext})
		}
	}
	return out
}

// neighbours are the cells next to those of m, up, down, left or right.
func (g *Domineering) neighbours(m uint64) uint64 {
	return (m<<uint(g.w) | m>>uint(g.w) | (m&g.notRight)<<1 | (m&g.notLeft)>>1) & g.full
}

// Parts are the regions of empty cells joined side to side, each with the
// rest of the board filled; a region in which no domino fits either way
// is worth 0 and left out.
func (g *Domineering) Parts(p sente.Position) []sente.Position {
	q := p.(DomineeringPosition)
	empty := g.full &^ q.Filled
	var parts []sente.Position
	for empty != 0 {
		region := empty & -empty
		for {
			grown := (region | g.neighbours(region)) & empty
			if grown == region {
				break
			}
			region = grown
		}
		empty &^= region
		if region&(region>>uint(g.w)) != 0 || region&g.notRight&(region>>1) != 0 {
			parts = append(parts, DomineeringPosition{Filled: g.full &^ region, LeftToMove: q.LeftToMove})
		}
	}
	return parts
}

// Shape is the region's cells up to the symmetries of the square: moved
// to the corner, and reflected or turned, the least of the eight images
// (as width, height and cells) is the key. A reflection or a half turn
// keeps the value; a quarter turn or a reflection in a diagonal makes
// upright dominoes flat, exchanging Left and Right, and negates it.
func (g *Domineering) Shape(p sente.Position) (string, bool) {
	return domShape(g.full&^p.(DomineeringPosition).Filled, g.w)
}

// domShape is Shape of the region of cells cells on a board w wide.
func domShape(cells uint64, w int) (string, bool) {
	var rs, cs [domMaxCells]int8
	n := 0
	minR, minC, maxR, maxC := 127, 127, -1, -1
	for m := cells; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		r, c := i/w, i%w
		rs[n], cs[n] = int8(r), int8(c)
		n++
		minR, maxR = min(minR, r), max(maxR, r)
		minC, maxC = min(minC, c), max(maxC, c)
	}
	H, W := maxR-minR+1, maxC-minC+1
	var best [10]byte
	bestNeg := false
	for t := range 8 {
		tw, th := W, H
		if t >= 4 {
			tw, th = H, W
		}
		var mask uint64
		for i := range n {
			r, c := int(rs[i])-minR, int(cs[i])-minC
			if t&1 != 0 {
				c = W - 1 - c
			}
			if t&2 != 0 {
				r = H - 1 - r
			}
			if t >= 4 {
				r, c = c, r
			}
			mask |= 1 << (r*tw + c)
		}
		var key [10]byte
		key[0], key[1] = byte(tw), byte(th)
		for b := range 8 {
			key[2+b] = byte(mask >> (56 - 8*b))
		}
		if t == 0 || string(key[:]) < string(best[:]) {
			best, bestNeg = key, t >= 4
		}
	}
	return string(best[:]), bestNeg
}

func (g *Domineering) FormatPosition(p sente.Position) string {
	q := p.(DomineeringPosition)
	return g.rowsText(q.Filled) + " " + sideWord(q.LeftToMove)
}

func (g *Domineering) rowsText(filled uint64) string {
	return domRowsText(g.w, g.h, func(bit int) bool { return filled>>bit&1 != 0 })
}

// domRowsText writes the rows of a w by h board from the top, # where
// filled says a cell is filled, for either width of key.
func domRowsText(w, h int, filled func(bit int) bool) string {
	var b strings.Builder
	for r := h - 1; r >= 0; r-- {
		if r < h-1 {
			b.WriteByte('/')
		}
		for c := range w {
			if filled(r*w + c) {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

func (g *Domineering) ParsePosition(s string) (sente.Position, error) {
	bad := func(why string) error { return domPositionError(s, why, g.w, g.h, g.FormatPosition(g.Start())) }
	body, left, err := splitSide(s, g.leftFirst)
	if err != nil {
		return nil, bad(err.Error())
	}
	filled, problem := domParseRows(strings.Split(body, "/"), g.w, g.h)
	if problem != "" {
		return nil, bad(problem)
	}
	if g.sideByCount && filled&g.start != g.start {
		return nil, bad("a cell filled from the start is empty")
	}
	if g.sideByCount && left != g.leftByCount(filled) {
		return nil, bad(fmt.Sprintf("on a board of more than %d cells the side to move follows from the dominoes placed, as in play from the start, and it is %s here", domSideCells, sideWord(g.leftByCount(filled))))
	}
	return DomineeringPosition{Filled: filled, LeftToMove: left}, nil
}

func (g *Domineering) Encode(p sente.Position) uint64 {
	q := p.(DomineeringPosition)
	return g.key(q.Filled, q.LeftToMove)
}

func (g *Domineering) Decode(key uint64) sente.Position {
	filled, left := g.unkey(key)
	return DomineeringPosition{Filled: filled, LeftToMove: left}
}

// key is the key of the position: the filled cells, with
// partizanRightBit set when Right is to move, but on a board whose side
// follows from the count (sideByCount).
func (g *Domineering) key(filled uint64, leftToMove bool) uint64 {
	if g.sideByCount {
		if filled == domAllFilled {
			// The engines keep the key ^0 unused: the full board takes
			// the key of 63 cells filled, which play never fills (each
			// domino fills two, and the full board is reached from an
			// even count).
			return domFullKey
		}
		return filled
	}
	if leftToMove {
		return filled
	}
	return filled | partizanRightBit
}

// unkey is key's position: its filled cells and whether Left is to move.
func (g *Domineering) unkey(key uint64) (filled uint64, leftToMove bool) {
	if g.sideByCount {
		if key == domFullKey && bits.OnesCount64(g.start)%2 == 0 {
			key = domAllFilled
		}
		return key, g.leftByCount(key)
	}
	return key &^ partizanRightBit, key&partizanRightBit == 0
}

// The full 8 by 8 board and its key (key).
const (
	domAllFilled = ^uint64(0)
	domFullKey   = ^uint64(1)
)

// leftByCount is whether Left is to move once the cells filled are: the
// side that started after an even number of dominoes placed.
func (g *Domineering) leftByCount(filled uint64) bool {
	placed := (bits.OnesCount64(filled) - bits.OnesCount64(g.start)) / 2
	return g.leftFirst == (placed%2 == 0)
}

func (g *Domineering) AppendChildren(dst []uint64, key uint64) []uint64 {
	filled, left := g.unkey(key)
	dominoes := g.horiz
	if left {
		dominoes = g.vert
	}
	for _, d := range dominoes {
		if filled&d == 0 {
			dst = append(dst, g.key(filled|d, !left))
		}
	}
	return dst
}

func (g *Domineering) EndedKey(uint64) (sente.Value, bool) { return sente.Unknown, false }

// Draw shows the board with the labels of move names: columns a, b, c
// from the left, rows numbered from the bottom.
func (g *Domineering) Draw(p sente.Position) string {
	cols := make([]string, g.w)
	for c := range cols {
		cols[c] = tttColumnName(c)
	}
	q := p.(DomineeringPosition)
	return drawGrid(g.rowsText(q.Filled), func(r int) string { return strconv.Itoa(g.h - r) }, cols) +
		"\n" + partizanCaption(q.LeftToMove, "upright", "flat")
}

// Board shows filled cells as "#", each move placed from the domino's
// lower (left) cell to its upper (right) one.
func (g *Domineering) Board(p sente.Position) sente.Board {
	q := p.(DomineeringPosition)
	dominoes := g.horiz
	if q.LeftToMove {
		dominoes = g.vert
	}
	var free []domPlace
	for _, d := range dominoes {
		if q.Filled&d == 0 {
			free = append(free, domPlace{g.dominoName(d), bits.TrailingZeros64(d), 63 - bits.LeadingZeros64(d)})
		}
	}
	return domBoard(g.w, g.h, g.leftFirst, q.LeftToMove, func(bit int) bool { return q.Filled>>bit&1 != 0 }, free)
}

// domPlace is a domino that may be placed: its move's name and its lower
// (left) and upper (right) cells.
type domPlace struct {
	name        string
	first, last int
}

// domBoard is the Board of a w by h board whose cells filled says are
// filled, with the dominoes free to place, for either width of key.
func domBoard(w, h int, leftFirst, leftToMove bool, filled func(bit int) bool, free []domPlace) sente.Board {
	b := sente.Board{Style: "grid", Players: partizanPlayers(leftFirst), Moves: []sente.BoardMove{}, Caption: partizanCaption(leftToMove, "upright", "flat")}
	for r := h - 1; r >= 0; r-- {
		row := make([]string, w)
		for c := range w {
			if filled(r*w + c) {
				row[c] = "#"
			}
		}
		b.Cells = append(b.Cells, row)
		b.RowLabels = append(b.RowLabels, strconv.Itoa(r+1))
	}
	for c := range w {
		b.ColLabels = append(b.ColLabels, tttColumnName(c))
	}
	cell := func(bit int) sente.BoardCell { return sente.BoardCell{Row: h - 1 - bit/w, Col: bit % w} }
	for _, d := range free {
		from := cell(d.first)
		b.Moves = append(b.Moves, sente.BoardMove{Name: d.name, From: &from, To: cell(d.last)})
	}
	return b
}

func (g *Domineering) Describe() sente.Description { return domineeringDescription() }

func domineeringDescription() sente.Description {
	return sente.Description{
		Summary: domineeringSummary,
		Rules: "Two players take turns to place a domino on two empty neighbouring cells of a board (parameters w and h, 4 by 4 by default, or board, which gives the cells filled from the start). " +
			"Left places hers upright, covering two cells one above the other; Right places his flat, covering two cells side by side (Left is Vertical, as in Winning Ways). " +
			"The player who cannot place a domino loses. Parameter first says who starts (left by default). " +
			"A board of 65 to 128 cells (9 by 9 to 11 by 11) is answered by search alone, for the value of a position, and the side to move follows from the dominoes placed. " +
			"Each position also has a value in combinatorial game theory: the empty cells fall apart into regions that are played independently, and the value of the board is the sum of the regions' values. " +
			"Moves name the two cells a domino covers, columns a, b, c from the left and rows 1, 2, 3 from the bottom: \"a1-a2\" is Left's domino on the two lowest cells of the first column, \"a1-b1\" Right's on the two leftmost cells of the bottom row.",
		Position: "The rows from the top separated by /, each cell . (empty) or # (filled), then who moves, left or right (the side that starts if left out). " +
			"The start of the empty 3 by 2 board with Left to move is \".../... left\".",
		Examples: []string{"domineering", "domineering:w=5,h=4", "domineering:board=..#/.../...,first=right", "domineering:w=2,h=6"},
	}
}
