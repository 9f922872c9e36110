package games

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// toadsMaxCells bounds the strip so that a position (toads, frogs and the
// side to move) is one key: two bits a cell below bit 62.
const toadsMaxCells = 30

const toadsSummary = "Toads and Frogs: Left's toads hop or jump rightwards, Right's frogs leftwards, along a strip; who cannot move loses"

func init() {
	register(Family{
		Name:    "toads",
		Summary: toadsSummary,
		Params: []sente.Param{
			{Name: "strip", Kind: sente.Text, Default: "TTT..FFF", Positional: true,
				Doc: fmt.Sprintf("the strip at the start, 1 to %d cells: T a toad, F a frog, . empty, e.g. TT.F.F", toadsMaxCells)},
			partizanFirst,
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			return NewToads(v.String("strip"), v.String("first") == "left")
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
} = (*Toads)(nil)

// Toads is Toads and Frogs (Winning Ways, ch. 1; Erickson, "New toads and
// frogs results", Games of No Chance, 1996) on a strip of n cells. Left
// moves a toad (T) one cell to the right into an empty cell, or jumps it
// over one frog into the empty cell beyond; Right moves a frog (F) to the
// left in the same way. Cell i (from the left, from 0) is bit i of a
// position's T or F; the key is T, then F from bit 30, and bit 62 set when
// Right is to move.
type Toads struct {
	n         int
	start     ToadsPosition
	leftFirst bool
	full      uint32
}

// ToadsPosition is the toads, the frogs and the side to move.
type ToadsPosition struct {
	T, F       uint32
	LeftToMove bool
}

// NewToads makes Toads and Frogs on the strip given as text.
func NewToads(strip string, leftFirst bool) (sente.Game, error) {
	strip = strings.TrimSpace(strip)
	t, f, problem := toadsParseStrip(strip, -1)
	if problem != "" {
		return nil, fmt.Errorf("toads: strip=%s: %s; want 1 to %d cells, T a toad, F a frog, . empty, e.g. TT.F.F", strip, problem, toadsMaxCells)
	}
	g := &Toads{n: len(strip), leftFirst: leftFirst, full: 1<<len(strip) - 1}
	g.start = ToadsPosition{T: t, F: f, LeftToMove: leftFirst}
	return g, nil
}

// toadsParseStrip reads a strip of n cells (any length up to the limit
// when n < 0).
func toadsParseStrip(s string, n int) (t, f uint32, problem string) {
	switch {
	case n >= 0 && len(s) != n:
		return 0, 0, fmt.Sprintf("%d cells instead of %d", len(s), n)
	case len(s) == 0 || len(s) > toadsMaxCells:
		return 0, 0, fmt.Sprintf("%d cells", len(s))
	}
	for i := range len(s) {
		switch s[i] {
		case 'T', 't':
			t |= 1 << i
		case 'F', 'f':
			f |= 1 << i
		case '.':
		default:
			return 0, 0, fmt.Sprintf("cell %q at %d", s[i], i+1)
		}
	}
	return t, f, ""
}

func (g *Toads) Start() sente.Position { return g.start }

func (g *Toads) Turn(p sente.Position) sente.Player {
	return partizanTurn(g.leftFirst, p.(ToadsPosition).LeftToMove)
}

func (g *Toads) Ended(sente.Position) (sente.Value, bool) { return sente.Unknown, false }

func (g *Toads) Left() sente.Player { return partizanLeft(g.leftFirst) }

// Alternates: Left's options have Right to move and Right's Left.
func (g *Toads) Alternates() bool { return true }

// toadsMove is one move: the piece's cell and where it goes.
type toadsMove struct{ from, to int }

// moves lists the moves of toads (left) or frogs.
func (g *Toads) moves(q ToadsPosition, left bool) []toadsMove {
	occupied := q.T | q.F
	var out []toadsMove
	for i := range g.n {
		if left && q.T>>i&1 != 0 {
			switch {
			case i+1 < g.n && occupied>>(i+1)&1 == 0:
				out = append(out, toadsMove{i, i + 1})
			case i+2 < g.n && q.F>>(i+1)&1 != 0 && occupied>>(i+2)&1 == 0:
				out = append(out, toadsMove{i, i + 2})
			}
		}
		if !left && q.F>>i&1 != 0 {
			switch {
			case i >= 1 && occupied>>(i-1)&1 == 0:
				out = append(out, toadsMove{i, i - 1})
			case i >= 2 && q.T>>(i-1)&1 != 0 && occupied>>(i-2)&1 == 0:
				out = append(out, toadsMove{i, i - 2})
			}
		}
	}
	return out
}

func (g *Toads) apply(q ToadsPosition, m toadsMove) ToadsPosition {
	if q.T>>m.from&1 != 0 {
		q.T = q.T&^(1<<m.from) | 1<<m.to
	} else {
		q.F = q.F&^(1<<m.from) | 1<<m.to
	}
	q.LeftToMove = !q.LeftToMove
	return q
}

// Moves are named by the cells, numbered from 1 at the left: "2-3" moves
// the piece on cell 2 to cell 3.
func (g *Toads) Moves(p sente.Position) []sente.Move {
	q := p.(ToadsPosition)
	var out []sente.Move
	for _, m := range g.moves(q, q.LeftToMove) {
		out = append(out, sente.Move{Name: strconv.Itoa(m.from+1) + "-" + strconv.Itoa(m.to+1), To: g.apply(q, m)})
	}
	return out
}

func (g *Toads) options(p sente.Position, left bool) []sente.Position {
	q := p.(ToadsPosition)
	q.LeftToMove = left // the mover's turn, which apply passes on
	var out []sente.Position
	for _, m := range g.moves(q, left) {
		out = append(out, g.apply(q, m))
	}
	return out
}

func (g *Toads) LeftOptions(p sente.Position) []sente.Position  { return g.options(p, true) }
func (g *Toads) RightOptions(p sente.Position) []sente.Position { return g.options(p, false) }

// Parts cut the strip where play can never cross: at a block "TTFF",
// whose toads can neither hop nor jump (a toad jumps one frog only) and
// whose frogs neither, and which no other piece can pass. Toads at the
// right end and frogs at the left end that can never move are dropped,
// and so are pieces of a part with no move for either side at all.
func (g *Toads) Parts(p sente.Position) []sente.Position {
	q := p.(ToadsPosition)
	var parts []sente.Position
	start := 0
	// A part keeps the blocks on either side of it, which stand for the
	// ends of its strip (the rest of the strip is left empty).
	emit := func(lo, hi int) { // cells [lo, hi), and the blocks beside
		if lo >= hi {
			return
		}
		lo, hi = max(0, lo-4), min(g.n, hi+4)
		mask := (uint32(1)<<hi - 1) &^ (uint32(1)<<lo - 1)
		part := ToadsPosition{T: q.T & mask, F: q.F & mask, LeftToMove: q.LeftToMove}
		if len(g.moves(part, true)) > 0 || len(g.moves(part, false)) > 0 {
			parts = append(parts, part)
		}
	}
	for i := 0; i+3 < g.n; i++ {
		if q.T>>i&3 == 3 && q.F>>(i+2)&3 == 3 {
			emit(start, i)
			start = i + 4
			i += 3
		}
	}
	emit(start, g.n)
	return parts
}

// Shape is the part's cells from its first piece a frog could ever leave
// to its last, as text; a strip read backwards with toads and frogs
// exchanged is the same game with Left and Right exchanged, negated.
func (g *Toads) Shape(p sente.Position) (string, bool) {
	q := p.(ToadsPosition)
	s := []byte(g.strip(q))
	// Frogs at the left end and toads at the right end never move, and no
	// piece can reach their cells: they change nothing.
	lo, hi := 0, len(s)
	for lo < hi && s[lo] == 'F' {
		lo++
	}
	for hi > lo && s[hi-1] == 'T' {
		hi--
	}
	s = s[lo:hi]
	mirror := make([]byte, len(s))
	for i, c := range s {
		switch c {
		case 'T':
			c = 'F'
		case 'F':
			c = 'T'
		}
		mirror[len(s)-1-i] = c
	}
	if string(mirror) < string(s) {
		return string(mirror), true
	}
	return string(s), false
}

func (g *Toads) strip(q ToadsPosition) string {
	b := make([]byte, g.n)
	for i := range g.n {
		switch {
		case q.T>>i&1 != 0:
			b[i] = 'T'
		case q.F>>i&1 != 0:
			b[i] = 'F'
		default:
			b[i] = '.'
		}
	}
	return string(b)
}

func (g *Toads) FormatPosition(p sente.Position) string {
	q := p.(ToadsPosition)
	return g.strip(q) + " " + sideWord(q.LeftToMove)
}

func (g *Toads) ParsePosition(s string) (sente.Position, error) {
	bad := func(why string) error {
		return fmt.Errorf("toads position %q: %s; want the strip's %d cells (T a toad, F a frog, . empty), then who moves (left or right), e.g. %q",
			s, why, g.n, g.FormatPosition(g.start))
	}
	body, left, err := splitSide(s, g.leftFirst)
	if err != nil {
		return nil, bad(err.Error())
	}
	t, f, problem := toadsParseStrip(body, g.n)
	if problem != "" {
		return nil, bad(problem)
	}
	return ToadsPosition{T: t, F: f, LeftToMove: left}, nil
}

func (g *Toads) Encode(p sente.Position) uint64 {
	q := p.(ToadsPosition)
	return packSides(q.T, q.F, q.LeftToMove)
}

func (g *Toads) Decode(key uint64) sente.Position {
	t, f, left := unpackSides(key)
	return ToadsPosition{T: t, F: f, LeftToMove: left}
}

func (g *Toads) AppendChildren(dst []uint64, key uint64) []uint64 {
	q := g.Decode(key).(ToadsPosition)
	for _, m := range g.moves(q, q.LeftToMove) {
		dst = append(dst, g.Encode(g.apply(q, m)))
	}
	return dst
}

func (g *Toads) EndedKey(uint64) (sente.Value, bool) { return sente.Unknown, false }

func (g *Toads) Draw(p sente.Position) string {
	q := p.(ToadsPosition)
	var nums []string
	for i := range g.n {
		nums = append(nums, strconv.Itoa((i+1)%10))
	}
	return g.strip(q) + "\n" + strings.Join(nums, "") + "\n" + partizanCaption(q.LeftToMove, "toads, T", "frogs, F")
}

// Board shows the strip as one row: toads T and frogs F, upper case for
// the first player's pieces and lower case for the second's; a move goes
// from its piece's cell to the cell it lands on.
func (g *Toads) Board(p sente.Position) sente.Board {
	q := p.(ToadsPosition)
	toad, frog := "T", "f"
	if !g.leftFirst {
		toad, frog = "t", "F"
	}
	row := make([]string, g.n)
	cols := make([]string, g.n)
	for i := range g.n {
		switch {
		case q.T>>i&1 != 0:
			row[i] = toad
		case q.F>>i&1 != 0:
			row[i] = frog
		}
		cols[i] = strconv.Itoa(i + 1)
	}
	b := sente.Board{Style: "grid", Players: partizanPlayers(g.leftFirst), Cells: [][]string{row}, ColLabels: cols, Moves: []sente.BoardMove{},
		Caption: partizanCaption(q.LeftToMove, "toads", "frogs")}
	for _, m := range g.moves(q, q.LeftToMove) {
		from := sente.BoardCell{Col: m.from}
		b.Moves = append(b.Moves, sente.BoardMove{Name: strconv.Itoa(m.from+1) + "-" + strconv.Itoa(m.to+1), From: &from, To: sente.BoardCell{Col: m.to}})
	}
	return b
}

func (g *Toads) Describe() sente.Description {
	return sente.Description{
		Summary: toadsSummary,
		Rules: "A strip of cells holds toads (T), Left's, and frogs (F), Right's (parameter strip, TTT..FFF by default). " +
			"On her turn Left moves one toad one cell to the right into an empty cell, or jumps it over a single frog into the empty cell just beyond; " +
			"Right moves a frog to the left in the same way. Pieces never move back and nothing is taken. The player who cannot move loses. " +
			"Parameter first says who starts (left by default). Each position also has a value in combinatorial game theory; the strip splits into parts that never meet at a block TTFF, which nothing can pass. " +
			"Moves name the cells a piece goes from and to, numbered from 1 at the left: \"3-4\" moves the toad on cell 3 to cell 4.",
		Position: "The strip's cells from the left (T, F or .), then who moves, left or right (the side that starts if left out): \"TTT..FFF left\".",
		Examples: []string{"toads", "toads:TT.F.F", "toads:strip=TTTT..FFFF,first=right"},
	}
}
