package games

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sente-go/sente"
)

func init() {
	register(Family{
		Name:    "tictactoe",
		Summary: "tic-tac-toe and other m,n,k-games: k in a row on an m×n board",
		Params: []sente.Param{
			{Name: "m", Doc: "rows of the board (m×n at most 32 cells)", Kind: sente.Int, Default: "3", Min: 1, Max: 32},
			{Name: "n", Doc: "columns of the board (m×n at most 32 cells)", Kind: sente.Int, Default: "3", Min: 1, Max: 32},
			{Name: "k", Doc: "stones in a row (across, down or diagonal) that win", Kind: sente.Int, Default: "3", Min: 1, Max: 32},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			g, err := NewTicTacToe(v.Int("m"), v.Int("n"), v.Int("k"))
			if err != nil {
				// A nil *TicTacToe in a sente.Game would not compare equal to nil.
				return nil, err
			}
			return g, nil
		},
	})
}

// TicTacToe is the m,n,k-game: two players take turns to put a stone on an
// empty cell of an m×n board, and the first to get k in a row (across, down
// or diagonally) wins. X moves first. A full board with no line is a tie.
//
// Cells are numbered row by row from the top-left: cell = row*n + col. The
// key of a position is X | O<<32 with X and O the cell bitmasks of each
// player, which is why the board is limited to 32 cells.
type TicTacToe struct {
	m, n, k int
	cells   int
	full    uint32 // every cell of the board

	lines gridLines // k in a row

	syms gridSymmetries // those of the board: 8 when square, else 4

	names []string // move name of each cell

	ranks *tttRanks // the tier engine's sizes (tictactoe_rank.go)
}

// TicTacToePosition is a tic-tac-toe position: the cells held by each
// player, bit row*n+col for the cell in row row (from the top) and column
// col (from the left).
type TicTacToePosition struct {
	X, O uint32
}

// NewTicTacToe makes the m,n,k-game on m rows and n columns.
func NewTicTacToe(m, n, k int) (*TicTacToe, error) {
	switch {
	case m < 1 || n < 1:
		return nil, fmt.Errorf("tictactoe: the board needs at least one row and one column (m=%d, n=%d)", m, n)
	case m*n > 32:
		return nil, fmt.Errorf("tictactoe: a board of %d×%d = %d cells is too big; at most 32 cells fit the 64-bit key (two 32-bit masks)", m, n, m*n)
	case k < 1:
		return nil, fmt.Errorf("tictactoe: k=%d; a line needs at least one stone", k)
	case k > max(m, n):
		return nil, fmt.Errorf("tictactoe: k=%d cannot be reached on a board of %d rows and %d columns; want k from 1 to %d", k, m, n, max(m, n))
	}
	g := &TicTacToe{m: m, n: n, k: k, cells: m * n}
	g.full = uint32(uint64(1)<<g.cells - 1)

	g.lines = newGridLines(g.m, g.n, k)

	g.syms = newGridSymmetries(tttSymmetries(m, n), g.cells)

	g.names = make([]string, g.cells)
	for r := range m {
		for c := range n {
			g.names[r*n+c] = fmt.Sprintf("%s%d", tttColumnName(c), m-r)
		}
	}
	g.initRanks()
	return g, nil
}

// tttSymmetries returns the cell permutations of the board's symmetries,
// the identity first: the 8 of the square, or the 4 of a rectangle (whose
// quarter turns would not map the board onto itself).
func tttSymmetries(m, n int) [][]int {
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return r, n - 1 - c },
		func(r, c int) (int, int) { return m - 1 - r, c },
		func(r, c int) (int, int) { return m - 1 - r, n - 1 - c },
	}
	if m == n {
		maps = append(maps,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return n - 1 - c, r },
			func(r, c int) (int, int) { return c, m - 1 - r },
			func(r, c int) (int, int) { return n - 1 - c, m - 1 - r },
		)
	}
	perms := make([][]int, len(maps))
	for s, f := range maps {
		perms[s] = make([]int, m*n)
		for r := range m {
			for c := range n {
				r2, c2 := f(r, c)
				perms[s][r*n+c] = r2*n + c2
			}
		}
	}
	return perms
}

// tttColumnName names columns a to z and then aa, ab, ..., as spreadsheets
// do, since a one-row board may have up to 32 columns.
func tttColumnName(c int) string {
	if c < 26 {
		return string(rune('a' + c))
	}
	return tttColumnName(c/26-1) + string(rune('a'+c%26))
}

func (g *TicTacToe) String() string {
	return fmt.Sprintf("tictactoe:m=%d,n=%d,k=%d", g.m, g.n, g.k)
}

func (g *TicTacToe) Start() sente.Position { return TicTacToePosition{} }

func (g *TicTacToe) Moves(p sente.Position) []sente.Move {
	pos := p.(TicTacToePosition)
	empty := g.full &^ (pos.X | pos.O)
	xToMove := bits.OnesCount32(pos.X) == bits.OnesCount32(pos.O)
	moves := make([]sente.Move, 0, bits.OnesCount32(empty))
	for e := empty; e != 0; e &= e - 1 {
		cell := bits.TrailingZeros32(e)
		next := pos
		if xToMove {
			next.X |= 1 << cell
		} else {
			next.O |= 1 << cell
		}
		moves = append(moves, sente.Move{Name: g.names[cell], To: next})
	}
	return moves
}

func (g *TicTacToe) Ended(p sente.Position) (sente.Value, bool) {
	return g.EndedKey(g.Encode(p))
}

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *TicTacToe) Alternates() bool { return true }

func (g *TicTacToe) Turn(p sente.Position) sente.Player {
	pos := p.(TicTacToePosition)
	if bits.OnesCount32(pos.X) == bits.OnesCount32(pos.O) {
		return sente.First
	}
	return sente.Second
}

func (g *TicTacToe) Encode(p sente.Position) uint64 {
	pos := p.(TicTacToePosition)
	return uint64(pos.X) | uint64(pos.O)<<32
}

func (g *TicTacToe) Decode(key uint64) sente.Position {
	return TicTacToePosition{X: uint32(key), O: uint32(key >> 32)}
}

func (g *TicTacToe) AppendChildren(dst []uint64, key uint64) []uint64 {
	x, o := uint32(key), uint32(key>>32)
	shift := uint(0) // X's stones are the low half
	if bits.OnesCount32(x) != bits.OnesCount32(o) {
		shift = 32
	}
	for e := g.full &^ (x | o); e != 0; e &= e - 1 {
		dst = append(dst, key|uint64(e&-e)<<shift)
	}
	return dst
}

// EndedKey tests only the player who just moved for a line: play stops at
// the first line, so the player to move cannot have one.
func (g *TicTacToe) EndedKey(key uint64) (sente.Value, bool) {
	x, o := uint32(key), uint32(key>>32)
	last := o
	if bits.OnesCount32(x) > bits.OnesCount32(o) {
		last = x
	}
	if g.lines.has(last) {
		return sente.Lose, true
	}
	if x|o == g.full {
		return sente.Tie, true
	}
	return sente.Unknown, false
}

// Tier is the number of stones on the board.
func (g *TicTacToe) Tier(key uint64) int { return bits.OnesCount64(key) }

// Canonical is the least key among the images of the position under the
// board's symmetries.
func (g *TicTacToe) Canonical(key uint64) uint64 {
	x, o := uint32(key), uint32(key>>32)
	best := key
	for s := 1; s < g.syms.n; s++ {
		if img := uint64(g.syms.image(s, x)) | uint64(g.syms.image(s, o))<<32; img < best {
			best = img
		}
	}
	return best
}

func (g *TicTacToe) FormatPosition(p sente.Position) string {
	pos := p.(TicTacToePosition)
	return gridText(g.m, g.n, pos.X, pos.O)
}

func (g *TicTacToe) ParsePosition(s string) (sente.Position, error) {
	var pos TicTacToePosition
	var problem string
	// The side to move follows from the counts; written after the board,
	// as other boards' positions have it, it must agree with them.
	board, side, sided := strings.Cut(strings.TrimSpace(s), " ")
	if pos.X, pos.O, problem = parseGrid(board, g.m, g.n); problem != "" {
		return nil, g.parseError(s, problem)
	}
	nx, no := bits.OnesCount32(pos.X), bits.OnesCount32(pos.O)
	if no != nx && no != nx-1 {
		return nil, g.parseError(s, fmt.Sprintf("%d x and %d o cannot arise, as x moves first", nx, no))
	}
	if sided {
		toMove := "x"
		if nx > no {
			toMove = "o"
		}
		if side = strings.ToLower(strings.TrimSpace(side)); side != toMove {
			return nil, g.parseError(s, fmt.Sprintf("%q after the board where %s is to move (x has %d, o %d; x moves first)", side, toMove, nx, no))
		}
	}
	// Play stops at the first line, so only the player who just moved may
	// have one; EndedKey relies on that.
	waiting, name := pos.X, "x"
	if nx > no {
		waiting, name = pos.O, "o"
	}
	if g.lines.has(waiting) {
		return nil, g.parseError(s, fmt.Sprintf("%s has %d in a row but did not move last", name, g.k))
	}
	return pos, nil
}

func (g *TicTacToe) parseError(s, problem string) error {
	return fmt.Errorf("tictactoe position %q: %s; want %d rows of %d cells from top to bottom separated by /, each x, o or ., then the side to move if you like, which the counts give (e.g. %q)",
		s, problem, g.m, g.n, g.example())
}

// example is a legal position of this board: x in the top-left corner and,
// when that cannot make a line, o in the bottom-right.
func (g *TicTacToe) example() string {
	pos := TicTacToePosition{X: 1}
	if g.k >= 2 && g.cells >= 2 {
		pos.O = 1 << (g.cells - 1)
	}
	return g.FormatPosition(pos)
}

func (g *TicTacToe) Describe() sente.Description {
	name := "the m,n,k-game"
	if g.m == 3 && g.n == 3 && g.k == 3 {
		name = "tic-tac-toe"
	}
	return sente.Description{
		Summary: fmt.Sprintf("%s: %d in a row on a %d×%d board", name, g.k, g.m, g.n),
		Rules: fmt.Sprintf("Two players, x and o, take turns to put a stone on an empty cell of a board of %d rows and %d columns; x moves first. "+
			"The first to have %d stones in a row across, down or diagonally wins, and play stops there. "+
			"A full board with no line is a tie. "+
			"Moves are named like chess squares: a column letter (a from the left, then aa, ab, ... past z) and a row number (1 at the bottom), so a1 is the bottom-left cell. "+
			"Positions that are reflections or rotations of each other are treated as one (%d symmetries).",
			g.m, g.n, g.k, g.syms.n),
		Position: fmt.Sprintf("The rows from top to bottom separated by /, each cell x, o or . (empty), e.g. %q. "+
			"The counts must be possible (as many o as x, or one fewer), and only the player who moved last may have a line. "+
			"They give the side to move, which may follow the board after a space (x or o) when it agrees.", g.example()),
		Examples: []string{
			"tictactoe",
			"tictactoe:m=4,n=4,k=3",
			"tictactoe:m=3,n=4,k=3",
		},
	}
}
