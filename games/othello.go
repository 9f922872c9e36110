package games

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

func init() {
	register(Family{
		Name:    "othello",
		Summary: "othello (reversi): place discs to outflank and turn the opponent's; most discs wins (6×6: white wins 20–16, Feinstein 1993)",
		Params: []sente.Param{
			// The default is the board every engine answers at once, in the
			// terminal and the browser alike; 6×6 takes search a long
			// time, and 8×8 has no keys (see Othello).
			{Name: "n", Doc: "rows and columns of a square board, even: 4, 6 or 8 (the board of tournaments, which is played but not solved)", Kind: sente.Int, Default: "4", Min: 4, Max: 8},
			{Name: "w", Doc: "columns, even, for a rectangle; 0 means n", Kind: sente.Int, Default: "0", Min: 0, Max: 8},
			{Name: "h", Doc: "rows, even, for a rectangle; 0 means n", Kind: sente.Int, Default: "0", Min: 0, Max: 8},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			w, h := v.Int("w"), v.Int("h")
			if w == 0 {
				w = v.Int("n")
			}
			if h == 0 {
				h = v.Int("n")
			}
			g, err := NewOthello(w, h)
			if err != nil {
				return nil, err // a nil *Othello in a sente.Game would not compare equal to nil
			}
			return g, nil
		},
	})
}

// Othello is Othello (reversi) on a board of w columns and h rows, both even
// from 4 to 8, from the standard start: four discs in the centre, each
// colour on a diagonal, black (x) to move. A move places a disc of the
// mover's colour on an empty cell from which one or more straight lines of
// the opponent's discs run to one of the mover's own, and turns every disc
// of those lines. A player with no such cell passes, if the opponent has
// one; the game ends when neither has, and the player with more discs
// wins.
//
// Positions are bitboards (othello_board.go). A board of at most 36 cells
// has keys: the cells as a number in base 3, times two, plus the side to
// move; 3^36·2 < 2^64, 3^48 is not,
// so 6×8 and 8×8 are played without keys and the engines, which need
// them, refuse those boards.
type Othello struct {
	othelloBoard
	cells  int
	keyed  bool
	square bool

	rowPow   uint64   // 3^w: one row's digit in the key
	rowTrits []uint16 // the base-3 value of a row, indexed by black | white<<w
	rowDiscs []uint16 // the row of a base-3 value: black | white<<8

	names [64]string // the name of the move on each cell of the layout
}

// OthelloPosition is an Othello position: the discs of each colour as
// bitboards (bit 8*row+col, row 0 at the top), and whose turn it is.
type OthelloPosition struct {
	Black, White uint64
	WhiteToMove  bool
}

// othelloPass names the move of a player who has no other.
const othelloPass = "pass"

// othelloMaxKeyedCells is the largest board whose positions have keys.
const othelloMaxKeyedCells = 36

// NewOthello makes Othello on w columns and h rows.
func NewOthello(w, h int) (*Othello, error) {
	if w < 4 || w > 8 || h < 4 || h > 8 || w%2 != 0 || h%2 != 0 {
		return nil, fmt.Errorf("othello: a board of %d columns and %d rows; want even sizes from 4 to 8 (n=4, 6 or 8, or w and h)", w, h)
	}
	g := &Othello{othelloBoard: newOthelloBoard(w, h), cells: w * h, square: w == h}
	for r := range h {
		for c := range w {
			g.names[8*r+c] = tttColumnName(c) + strconv.Itoa(r+1)
		}
	}
	if g.cells > othelloMaxKeyedCells {
		return g, nil
	}
	g.keyed = true
	g.rowPow = 1
	for range w {
		g.rowPow *= 3
	}
	g.rowTrits = make([]uint16, 1<<(2*w))
	g.rowDiscs = make([]uint16, g.rowPow)
	for black := range 1 << w {
		for white := range 1 << w {
			if black&white != 0 {
				continue
			}
			var v, pow uint16 = 0, 1
			for c := range w {
				switch {
				case black>>c&1 != 0:
					v += pow
				case white>>c&1 != 0:
					v += 2 * pow
				}
				pow *= 3
			}
			g.rowTrits[black|white<<w] = v
			g.rowDiscs[v] = uint16(black | white<<8)
		}
	}
	return g, nil
}

func (g *Othello) String() string {
	if g.square {
		return fmt.Sprintf("othello:n=%d", g.w)
	}
	return fmt.Sprintf("othello:w=%d,h=%d", g.w, g.h)
}

// Capabilities states what the board size allows: every capability on
// keys only where positions have keys.
func (g *Othello) Capabilities() sente.Capabilities {
	c := sente.Capabilities{
		Describer:   g,
		Drawer:      g,
		Boarder:     g,
		Alternating: g,
		Scorer:      g,
		Estimator:   g,
	}
	if g.keyed {
		c.Encoder = g
		c.Symmetric = g
		c.Tiered = g
		c.Orderer = g
		c.KeyScorer = g
		c.MarginSolver = g
	}
	return c
}

func (g *Othello) Start() sente.Position {
	r, c := g.h/2-1, g.w/2-1
	cell := func(r, c int) uint64 { return 1 << uint(8*r+c) }
	return OthelloPosition{
		White: cell(r, c) | cell(r+1, c+1),
		Black: cell(r, c+1) | cell(r+1, c),
	}
}

// sides gives the discs of the player to move and of the other.
func (q OthelloPosition) sides() (mover, other uint64) {
	if q.WhiteToMove {
		return q.White, q.Black
	}
	return q.Black, q.White
}

// withSides is the position after a move of the player to move, who then
// has mover and the opponent other, with the opponent to move.
func (q OthelloPosition) withSides(mover, other uint64) OthelloPosition {
	if q.WhiteToMove {
		return OthelloPosition{Black: other, White: mover}
	}
	return OthelloPosition{Black: mover, White: other, WhiteToMove: true}
}

// Alternates promises that every move passes the turn (sente.Alternating):
// a pass is a move, and it passes the turn too.
func (g *Othello) Alternates() bool { return true }

func (g *Othello) Turn(p sente.Position) sente.Player {
	if p.(OthelloPosition).WhiteToMove {
		return sente.Second
	}
	return sente.First
}

func (g *Othello) Moves(p sente.Position) []sente.Move {
	q := p.(OthelloPosition)
	mover, other := q.sides()
	moves := g.moves(mover, other)
	if moves == 0 {
		if g.moves(other, mover) == 0 {
			return nil
		}
		return []sente.Move{{Name: othelloPass, To: q.withSides(mover, other)}}
	}
	list := make([]sente.Move, 0, bits.OnesCount64(moves))
	for ; moves != 0; moves &= moves - 1 {
		m := moves & -moves
		f := g.flips(mover, other, m)
		list = append(list, sente.Move{Name: g.names[bits.TrailingZeros64(m)], To: q.withSides(mover|m|f, other&^f)})
	}
	return list
}

// ended reports whether neither player has a move, and then the result
// and the margin for the player with discs mover.
func (g *Othello) ended(mover, other uint64) (sente.Value, int, bool) {
	if g.moves(mover, other) != 0 || g.moves(other, mover) != 0 {
		return sente.Unknown, 0, false
	}
	margin := bits.OnesCount64(mover) - bits.OnesCount64(other)
	return sente.Margin{Score: margin}.Value(), margin, true
}

func (g *Othello) Ended(p sente.Position) (sente.Value, bool) {
	v, _, over := g.ended(p.(OthelloPosition).sides())
	return v, over
}

// Score is the discs of the player to move less the opponent's, as they
// stand when neither can move (see Describe for why the empty cells are
// not given to the winner).
func (g *Othello) Score(p sente.Position) int {
	_, margin, _ := g.ended(p.(OthelloPosition).sides())
	return margin
}

// MaxScore is the whole board: one colour on every cell.
func (g *Othello) MaxScore() int { return g.cells }

func (g *Othello) ScoreKey(key uint64) int {
	mover, other, _ := g.decodeKey(key)
	_, margin, _ := g.ended(mover, other)
	return margin
}

// Encode writes the rows as base-3 digits of 3^w each, the first row
// the most significant, then the side to move in the lowest bit.
func (g *Othello) Encode(p sente.Position) uint64 {
	q := p.(OthelloPosition)
	return g.encode(q.Black, q.White, q.WhiteToMove)
}

func (g *Othello) encode(black, white uint64, whiteToMove bool) uint64 {
	rowMask := uint64(1)<<uint(g.w) - 1
	var key uint64
	for r := range g.h {
		s := uint(8 * r)
		key = key*g.rowPow + uint64(g.rowTrits[(black>>s)&rowMask|((white>>s)&rowMask)<<uint(g.w)])
	}
	key <<= 1
	if whiteToMove {
		key |= 1
	}
	return key
}

func (g *Othello) decode(key uint64) OthelloPosition {
	q := OthelloPosition{WhiteToMove: key&1 != 0}
	key >>= 1
	for r := g.h - 1; r >= 0; r-- {
		row := uint64(g.rowDiscs[key%g.rowPow])
		key /= g.rowPow
		s := uint(8 * r)
		q.Black |= (row & 0xff) << s
		q.White |= (row >> 8) << s
	}
	return q
}

// decodeKey gives the discs of the player to move at key and of the other.
func (g *Othello) decodeKey(key uint64) (mover, other uint64, whiteToMove bool) {
	q := g.decode(key)
	mover, other = q.sides()
	return mover, other, q.WhiteToMove
}

func (g *Othello) Decode(key uint64) sente.Position { return g.decode(key) }

// encodeSides is the key of the position after a move by the player to
// move at a position where whiteMoved said whose turn it was.
func (g *Othello) encodeSides(mover, other uint64, whiteMoved bool) uint64 {
	if whiteMoved {
		return g.encode(other, mover, false)
	}
	return g.encode(mover, other, true)
}

func (g *Othello) AppendChildren(dst []uint64, key uint64) []uint64 {
	mover, other, white := g.decodeKey(key)
	moves := g.moves(mover, other)
	if moves == 0 {
		return append(dst, key^1) // the pass: the same discs, the other side to move
	}
	for ; moves != 0; moves &= moves - 1 {
		m := moves & -moves
		f := g.flips(mover, other, m)
		dst = append(dst, g.encodeSides(mover|m|f, other&^f, white))
	}
	return dst
}

func (g *Othello) EndedKey(key uint64) (sente.Value, bool) {
	mover, other, _ := g.decodeKey(key)
	v, _, over := g.ended(mover, other)
	return v, over
}

// Tier is the discs on the board less the four of the start: a move adds
// one, a pass none.
func (g *Othello) Tier(key uint64) int {
	q := g.decode(key)
	return bits.OnesCount64(q.Black|q.White) - 4
}

// Canonical is the key of one image of the position under the symmetries
// of the board, which the rules do not see, so that each image is worth
// what the position is: the image whose bitboards are least (white's,
// then black's), so that only the one chosen is encoded.
func (g *Othello) Canonical(key uint64) uint64 {
	q := g.decode(key)
	bestB, bestW := q.Black, q.White
	try := func(b, w uint64) {
		if w < bestW || (w == bestW && b < bestB) {
			bestB, bestW = b, w
		}
	}
	b, w := q.Black, q.White
	try(g.flipRows(b), g.flipRows(w))
	bc, wc := g.flipCols(b), g.flipCols(w)
	try(bc, wc)
	try(g.flipRows(bc), g.flipRows(wc))
	if g.square {
		bt, wt := transpose(b), transpose(w)
		try(bt, wt)
		try(g.flipRows(bt), g.flipRows(wt))
		btc, wtc := g.flipCols(bt), g.flipCols(wt)
		try(btc, wtc)
		try(g.flipRows(btc), g.flipRows(wtc))
	}
	if bestB == q.Black && bestW == q.White {
		return key
	}
	return g.encode(bestB, bestW, q.WhiteToMove)
}

// FormatPosition writes the rows from the top, separated by /, each cell
// x (black), o (white) or ., then the side to move.
func (g *Othello) FormatPosition(p sente.Position) string {
	q := p.(OthelloPosition)
	var sb strings.Builder
	for r := range g.h {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := range g.w {
			bit := uint64(1) << uint(8*r+c)
			switch {
			case q.Black&bit != 0:
				sb.WriteByte('x')
			case q.White&bit != 0:
				sb.WriteByte('o')
			default:
				sb.WriteByte('.')
			}
		}
	}
	if q.WhiteToMove {
		sb.WriteString(" o")
	} else {
		sb.WriteString(" x")
	}
	return sb.String()
}

// ParsePosition reads the board as FormatPosition writes it, or the moves
// played from the start ("c4c3", "c4 c3 pass", "-" for none).
func (g *Othello) ParsePosition(s string) (sente.Position, error) {
	text := strings.TrimSpace(s)
	if !strings.Contains(text, "/") {
		return g.parseMoves(s, text)
	}
	board, side, ok := strings.Cut(text, " ")
	side = strings.TrimSpace(side)
	if !ok || (side != "x" && side != "o") {
		return nil, g.parseError(s, "no side to move after the board (x or o)")
	}
	rows := strings.Split(board, "/")
	if len(rows) != g.h {
		return nil, g.parseError(s, fmt.Sprintf("%d row(s) instead of %d", len(rows), g.h))
	}
	q := OthelloPosition{WhiteToMove: side == "o"}
	for r, row := range rows {
		if len(row) != g.w {
			return nil, g.parseError(s, fmt.Sprintf("row %d has %d cell(s) instead of %d", r+1, len(row), g.w))
		}
		for c := range len(row) {
			bit := uint64(1) << uint(8*r+c)
			switch row[c] {
			case 'x', 'X':
				q.Black |= bit
			case 'o', 'O':
				q.White |= bit
			case '.':
			default:
				return nil, g.parseError(s, fmt.Sprintf("bad cell %q", row[c]))
			}
		}
	}
	// The centre is never emptied, so a board without it cannot arise,
	// and the engines' tiers count from its four discs.
	centre := g.Start().(OthelloPosition)
	if (centre.Black|centre.White)&^(q.Black|q.White) != 0 {
		return nil, g.parseError(s, "an empty cell in the centre, where the game starts with four discs")
	}
	return q, nil
}

func (g *Othello) parseMoves(s, text string) (sente.Position, error) {
	var pos sente.Position = g.Start()
	if text == "-" || text == "" {
		return pos, nil
	}
	words := strings.Fields(text)
	if len(words) == 1 {
		// Unspaced moves: a letter and a digit each, or "pass".
		words = words[:0]
		for rest := strings.ToLower(text); rest != ""; {
			if strings.HasPrefix(rest, othelloPass) {
				words, rest = append(words, othelloPass), rest[len(othelloPass):]
				continue
			}
			n := min(2, len(rest))
			words, rest = append(words, rest[:n]), rest[n:]
		}
	}
	for i, word := range words {
		found := false
		for _, mv := range g.Moves(pos) {
			if mv.Name == strings.ToLower(word) {
				pos, found = mv.To, true
				break
			}
		}
		if !found {
			if len(g.Moves(pos)) == 0 {
				return nil, g.parseError(s, fmt.Sprintf("the game is over before move %d", i+1))
			}
			return nil, g.parseError(s, fmt.Sprintf("move %d, %q, is not legal there (legal: %s)", i+1, word, strings.Join(moveNamesOf(g.Moves(pos)), ", ")))
		}
	}
	return pos, nil
}

func moveNamesOf(moves []sente.Move) []string {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = m.Name
	}
	return names
}

func (g *Othello) parseError(s, problem string) error {
	return fmt.Errorf("othello position %q: %s; want %d rows of %d cells from the top separated by /, each x (black), o (white) or ., then a space and the side to move (e.g. %q), or the moves played from the start (e.g. %q)",
		s, problem, g.h, g.w, g.FormatPosition(g.Start()), g.exampleMoves())
}

// exampleMoves is black's first move and white's reply, as the moves
// text names them.
func (g *Othello) exampleMoves() string {
	first := g.Moves(g.Start())[0]
	return first.Name + g.Moves(first.To)[0].Name
}

// EstimatePositions bounds the positions: the centre's four cells are
// never empty, each other cell is empty, black or white, all six colours
// for the centre and either side to move: 2^4·3^(cells-4)·2. It is far
// above the truth (4×4 reaches 62,789 of its 17 million), and it is what
// makes the command line choose search, not a table of every position,
// for 4×6 and larger.
func (g *Othello) EstimatePositions() float64 {
	return 32 * math.Pow(3, float64(g.cells-4))
}

var (
	_ sente.Capable = (*Othello)(nil)
	_ sente.Encoder = (*Othello)(nil)
)
