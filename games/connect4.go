package games

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sente-go/sente"
)

func init() {
	register(Family{
		Name:    "connect4",
		Summary: "connect four: drop stones into columns to get k in a row",
		Params: []sente.Param{
			{Name: "w", Doc: "columns of the board", Kind: sente.Int, Default: "7", Min: 1, Max: 9},
			{Name: "h", Doc: "rows of the board (w×(h+1) at most 64)", Kind: sente.Int, Default: "6", Min: 1, Max: 9},
			{Name: "k", Doc: "stones in a row (across, up or diagonal) that win", Kind: sente.Int, Default: "4", Min: 2, Max: 9},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			g, err := NewConnect4(v.Int("w"), v.Int("h"), v.Int("k"))
			if err != nil {
				// A nil *Connect4 in a sente.Game would not compare equal to nil.
				return nil, err
			}
			return g, nil
		},
	})
}

// Connect4 is connect four on w columns and h rows: the players take turns
// to drop a stone into a column that is not full, where it falls to the
// lowest empty cell, and the first to get k in a row wins.
//
// Boards are bitboards in the classic column-major layout: h+1 bits per
// column, bit col*(h+1)+row with row 0 at the bottom. The extra bit on top of
// each column is never a stone, so lines found by shifting cannot wrap from
// one column into the next.
//
// The key of a position is John Tromp's: first + mask + bottom, where first
// holds the first player's stones, mask the occupied cells and bottom the
// bottom cell of every column. In each column the first player's stones
// then sit below a single sentinel bit at the column's height, so an empty
// column is just bit 0 and a full one has the sentinel in the extra bit.
type Connect4 struct {
	w, h, k int
	h1      uint   // bits per column
	cells   int    // w*h
	bottom  uint64 // row 0 of every column
	top     uint64 // the extra bit of every column

	// Four shift-or steps, by 1, 2, 4 and 8 rows, fixed so that the hot
	// path has no loop, smear each column's sentinel down to row 0; steps a
	// small board does not need have a zero mask.
	smearKeep [4]uint64

	// The win test: lineShift[d][i] are the shifts that double a run in
	// direction d until it reaches k (for k=4: one step, then two), with
	// lineSteps of them used.
	lineShift [4][4]uint
	lineSteps int

	// Mirroring swaps column c with column w-1-c: mirrorLo[i] is the field of
	// column i, moved up by mirrorDist[i]; the field mirrorHi[i] moves down.
	mirrorMid  uint64 // the middle column of an odd width stays put
	mirrorPair int
	mirrorLo   [4]uint64
	mirrorHi   [4]uint64
	mirrorDist [4]uint

	// centreOut is the field of each column from the centre out (3, 2, 4,
	// 1, 5, 0, 6 on seven): the order search tries them in when nothing
	// else tells them apart.
	centreOut [9]uint64

	names [9]string

	// seven is the board people play, seven columns of six rows and four
	// in a row, whose search methods have constants for masks
	// (connect4_seven.go).
	seven bool

	ranks *c4Ranks // the tier engine's tables (connect4_rank.go)
}

// Connect4Position is a connect four position: X is the first player's
// stones and O the second's, as bitboards in the column-major layout (bit
// col*(h+1)+row, row 0 at the bottom, col 0 on the left).
type Connect4Position struct {
	X, O uint64
}

// NewConnect4 makes connect four on w columns and h rows, k in a row to win.
func NewConnect4(w, h, k int) (*Connect4, error) {
	switch {
	case w < 1 || h < 1:
		return nil, fmt.Errorf("connect4: the board needs at least one column and one row (w=%d, h=%d)", w, h)
	case w > 9:
		return nil, fmt.Errorf("connect4: w=%d columns; at most 9, so that moves are the digits 1 to 9", w)
	case h > 9:
		return nil, fmt.Errorf("connect4: h=%d rows; at most 9", h)
	case w*(h+1) > 64:
		return nil, fmt.Errorf("connect4: a board of %d columns and %d rows needs w×(h+1) = %d bits; at most 64 fit the key (try h ≤ %d)", w, h, w*(h+1), 64/w-1)
	case k < 2:
		return nil, fmt.Errorf("connect4: k=%d; a line needs at least two stones", k)
	case k > max(w, h):
		return nil, fmt.Errorf("connect4: k=%d cannot be reached on a board of %d columns and %d rows; want k from 2 to %d", k, w, h, max(w, h))
	}
	g := &Connect4{w: w, h: h, k: k, h1: uint(h + 1), cells: w * h, seven: w == 7 && h == 6 && k == 4}
	var rowsBelow [11]uint64 // rowsBelow[r]: rows 0..r-1 of every column
	for c := range w {
		base := uint(c) * g.h1
		g.bottom |= 1 << base
		g.top |= 1 << (base + uint(h))
		for r := range h + 2 {
			rowsBelow[r] |= (uint64(1)<<r - 1) << base
		}
	}

	// The steps of s = 1, 2, 4, ... rows up to h give every bit the OR of all
	// the bits above it in its column (as far as 2s-1 rows up); the others
	// keep nothing.
	for i := range 4 {
		if s := 1 << i; s <= h {
			// A bit takes the one s rows above it only in the same column.
			g.smearKeep[i] = rowsBelow[h+1-s]
		}
	}

	dirs := [4]uint{1, g.h1, g.h1 - 1, g.h1 + 1} // up, across, down-right, up-right
	var steps []uint
	for run := 1; run < k; {
		s := min(run, k-run)
		steps = append(steps, uint(s))
		run += s
	}
	g.lineSteps = len(steps)
	for d, dir := range dirs {
		for i, s := range steps {
			g.lineShift[d][i] = s * dir
		}
	}

	field := uint64(1)<<g.h1 - 1
	for c := range w / 2 {
		lo, hi := uint(c)*g.h1, uint(w-1-c)*g.h1
		g.mirrorLo[c] = field << lo
		g.mirrorHi[c] = field << hi
		g.mirrorDist[c] = hi - lo
	}
	g.mirrorPair = w / 2
	if w%2 == 1 {
		g.mirrorMid = field << (uint(w/2) * g.h1)
	}

	for i := range w {
		g.centreOut[i] = g.columnField(w/2 + (1-2*(i&1))*((i+1)/2))
	}
	for c := range w {
		g.names[c] = string(rune('1' + c))
	}
	g.initRanks()
	return g, nil
}

func (g *Connect4) String() string {
	return fmt.Sprintf("connect4:w=%d,h=%d,k=%d", g.w, g.h, g.k)
}

// occupied recovers the occupied cells from a key: smear each column's
// sentinel (its highest bit) down to row 0, then keep the cells that have a
// set bit above them in the same column.
func (g *Connect4) occupied(key uint64) uint64 {
	m := key
	m |= (m >> 1) & g.smearKeep[0]
	m |= (m >> 2) & g.smearKeep[1]
	m |= (m >> 4) & g.smearKeep[2]
	m |= (m >> 8) & g.smearKeep[3]
	return m & (m >> 1) &^ g.top
}

// hasLine reports whether the stones b have k in a row.
func (g *Connect4) hasLine(b uint64) bool {
	if g.k == 4 && g.h1 == 7 {
		// The board people play, its shifts constants: every node of a
		// search asks this.
		return lines4(b, 1)|lines4(b, 6)|lines4(b, 7)|lines4(b, 8) != 0
	}
	for d := range 4 {
		run := b
		for i := range g.lineSteps {
			run &= run >> g.lineShift[d][i]
		}
		if run != 0 {
			return true
		}
	}
	return false
}

// lines4 marks, of each four in a row of b in direction d, its lowest bit.
func lines4(b uint64, d uint) uint64 {
	two := b & (b >> d)
	return two & (two >> (2 * d))
}

func (g *Connect4) Start() sente.Position { return Connect4Position{} }

func (g *Connect4) Moves(p sente.Position) []sente.Move {
	key := g.Encode(p)
	mask := g.occupied(key)
	free := (mask + g.bottom) &^ g.top // the cell each open column fills next
	firstMoves := bits.OnesCount64(mask)%2 == 0
	pos := p.(Connect4Position)
	moves := make([]sente.Move, 0, g.w)
	for c := range g.w {
		cell := free & g.columnField(c)
		if cell == 0 {
			continue
		}
		next := pos
		if firstMoves {
			next.X |= cell
		} else {
			next.O |= cell
		}
		moves = append(moves, sente.Move{Name: g.names[c], To: next})
	}
	return moves
}

func (g *Connect4) columnField(c int) uint64 {
	return (uint64(1)<<g.h1 - 1) << (uint(c) * g.h1)
}

func (g *Connect4) Ended(p sente.Position) (sente.Value, bool) {
	return g.EndedKey(g.Encode(p))
}

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Connect4) Alternates() bool { return true }

func (g *Connect4) Turn(p sente.Position) sente.Player {
	pos := p.(Connect4Position)
	if bits.OnesCount64(pos.X|pos.O)%2 == 0 {
		return sente.First
	}
	return sente.Second
}

func (g *Connect4) Encode(p sente.Position) uint64 {
	pos := p.(Connect4Position)
	return pos.X + (pos.X | pos.O) + g.bottom
}

func (g *Connect4) Decode(key uint64) sente.Position {
	mask := g.occupied(key)
	return Connect4Position{X: key & mask, O: mask &^ key}
}

// AppendChildren adds a stone on a column's sentinel S: the sentinel moves up
// to 2S, and S becomes a first-player stone (key + 2S) or stays clear (key +
// S), so a child costs one add.
func (g *Connect4) AppendChildren(dst []uint64, key uint64) []uint64 {
	mask := g.occupied(key)
	open := (key &^ mask) &^ g.top // sentinels of columns that are not full
	shift := uint(bits.OnesCount64(mask)&1) ^ 1
	for ; open != 0; open &= open - 1 {
		dst = append(dst, key+(open&-open)<<shift)
	}
	return dst
}

// EndedKey tests only the player who just moved for a line: play stops at
// the first line, so the player to move cannot have one.
func (g *Connect4) EndedKey(key uint64) (sente.Value, bool) {
	if g.seven {
		return sevenEnded(key)
	}
	mask := g.occupied(key)
	n := bits.OnesCount64(mask)
	last := mask &^ key // the second player's stones
	if n&1 == 1 {
		last = key & mask
	}
	if (n+1)/2 >= g.k && g.hasLine(last) {
		return sente.Lose, true
	}
	if n == g.cells {
		return sente.Tie, true
	}
	return sente.Unknown, false
}

// Tier is the number of stones on the board.
func (g *Connect4) Tier(key uint64) int { return bits.OnesCount64(g.occupied(key)) }

// Canonical is the lesser of the key and the key of the mirror image: the
// key is a column-wise code, so mirroring it is swapping its columns.
func (g *Connect4) Canonical(key uint64) uint64 {
	if g.seven {
		return sevenCanonical(key)
	}
	m := key & g.mirrorMid
	for i := range g.mirrorPair {
		d := g.mirrorDist[i]
		m |= (key&g.mirrorLo[i])<<d | (key&g.mirrorHi[i])>>d
	}
	return min(key, m)
}

func (g *Connect4) FormatPosition(p sente.Position) string {
	pos := p.(Connect4Position)
	var sb strings.Builder
	for r := g.h - 1; r >= 0; r-- {
		if r < g.h-1 {
			sb.WriteByte('/')
		}
		for c := range g.w {
			bit := uint64(1) << (uint(c)*g.h1 + uint(r))
			switch {
			case pos.X&bit != 0:
				sb.WriteByte('x')
			case pos.O&bit != 0:
				sb.WriteByte('o')
			default:
				sb.WriteByte('.')
			}
		}
	}
	return sb.String()
}

// ParsePosition reads either the board, rows from top to bottom separated by
// /, or the columns played from the start, as digits 1 to w ("4453").
func (g *Connect4) ParsePosition(s string) (sente.Position, error) {
	text := strings.TrimSpace(s)
	if strings.Trim(text, "123456789") == "" {
		return g.parseMoves(s, text)
	}
	rows := strings.Split(text, "/")
	if len(rows) != g.h {
		return nil, g.parseError(s, fmt.Sprintf("%d row(s) instead of %d", len(rows), g.h))
	}
	var pos Connect4Position
	for i, row := range rows {
		if len(row) != g.w {
			return nil, g.parseError(s, fmt.Sprintf("row %d has %d cell(s) instead of %d", i+1, len(row), g.w))
		}
		r := g.h - 1 - i
		for c := range len(row) {
			bit := uint64(1) << (uint(c)*g.h1 + uint(r))
			switch row[c] {
			case 'x', 'X':
				pos.X |= bit
			case 'o', 'O':
				pos.O |= bit
			case '.':
			default:
				return nil, g.parseError(s, fmt.Sprintf("bad cell %q", row[c]))
			}
		}
	}
	mask := pos.X | pos.O
	// The stones of a column fill it from the bottom, so adding the bottom
	// bit carries through them into one clear bit.
	for c := range g.w {
		col := mask & g.columnField(c)
		low := uint64(1) << (uint(c) * g.h1)
		if col&(col+low) != 0 {
			return nil, g.parseError(s, fmt.Sprintf("column %d has a stone above an empty cell", c+1))
		}
	}
	nx, no := bits.OnesCount64(pos.X), bits.OnesCount64(pos.O)
	if no != nx && no != nx-1 {
		return nil, g.parseError(s, fmt.Sprintf("%d x and %d o cannot arise, as x moves first", nx, no))
	}
	// Play stops at the first line, so only the player who just moved may
	// have one; EndedKey relies on that.
	waiting, name := pos.X, "x"
	if nx > no {
		waiting, name = pos.O, "o"
	}
	if g.hasLine(waiting) {
		return nil, g.parseError(s, fmt.Sprintf("%s has %d in a row but did not move last", name, g.k))
	}
	return pos, nil
}

func (g *Connect4) parseMoves(s, text string) (sente.Position, error) {
	var pos sente.Position = Connect4Position{}
	for i := range len(text) {
		if _, over := g.Ended(pos); over {
			return nil, g.parseError(s, fmt.Sprintf("the game is over before move %d", i+1))
		}
		c := int(text[i] - '1')
		if c >= g.w {
			return nil, g.parseError(s, fmt.Sprintf("move %d is column %c; columns are 1 to %d", i+1, text[i], g.w))
		}
		found := false
		for _, mv := range g.Moves(pos) {
			if mv.Name == g.names[c] {
				pos, found = mv.To, true
				break
			}
		}
		if !found {
			return nil, g.parseError(s, fmt.Sprintf("move %d is in column %d, which is full", i+1, c+1))
		}
	}
	return pos, nil
}

func (g *Connect4) parseError(s, problem string) error {
	board, moves := g.example()
	return fmt.Errorf("connect4 position %q: %s; want %d rows of %d cells from top to bottom separated by /, each x, o or . (e.g. %q), or the columns played as digits 1 to %d (e.g. %q)",
		s, problem, g.h, g.w, board, g.w, moves)
}

// example is a legal position of this board, as a board and as moves: x in
// the first column, then o in the last.
func (g *Connect4) example() (board, moves string) {
	moves = "1" + g.names[g.w-1]
	pos := Connect4Position{X: 1}
	if g.w > 1 {
		pos.O = 1 << (uint(g.w-1) * g.h1)
	} else {
		pos.O = 2
	}
	return g.FormatPosition(pos), moves
}

func (g *Connect4) Describe() sente.Description {
	board, moves := g.example()
	return sente.Description{
		Summary: fmt.Sprintf("connect four: %d in a row on %d columns of %d rows", g.k, g.w, g.h),
		Rules: fmt.Sprintf("Two players, x and o, take turns to drop a stone into a column that is not full, of %d columns of %d rows; it falls to the lowest empty cell. "+
			"x moves first. The first to have %d stones in a row across, up or diagonally wins, and play stops there. "+
			"A full board with no line is a tie. Moves are the column numbers, 1 on the left to %d on the right. "+
			"A position and its mirror image are treated as one.",
			g.w, g.h, g.k, g.w),
		Position: fmt.Sprintf("Either the board, rows from top to bottom separated by /, each cell x, o or . (empty), e.g. %q; "+
			"or the columns played from the start as digits, e.g. %q. A board must have no stone above an empty cell, "+
			"as many o as x or one fewer, and a line only for the player who moved last.", board, moves),
		Examples: []string{
			"connect4",
			"connect4:w=6,h=4",
			"connect4:w=5,h=4,k=4",
		},
	}
}
