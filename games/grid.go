package games

import (
	"fmt"
	"strings"
)

// gridText writes a board of x and o cells (bit row*cols+col of each mask)
// as its rows from the top, "/" between them, "." for an empty cell: the
// text form of tic-tac-toe and quixo boards.
func gridText(rows, cols int, x, o uint32) string {
	var sb strings.Builder
	for r := range rows {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := range cols {
			bit := uint32(1) << (r*cols + c)
			switch {
			case x&bit != 0:
				sb.WriteByte('x')
			case o&bit != 0:
				sb.WriteByte('o')
			default:
				sb.WriteByte('.')
			}
		}
	}
	return sb.String()
}

// parseGrid reads gridText's form (x and o in either case). On a mistake
// it returns what is wrong, for the game's own message.
func parseGrid(text string, rows, cols int) (x, o uint32, problem string) {
	lines := strings.Split(text, "/")
	if len(lines) != rows {
		return 0, 0, fmt.Sprintf("%d row(s) instead of %d", len(lines), rows)
	}
	for r, line := range lines {
		if len(line) != cols {
			return 0, 0, fmt.Sprintf("row %d has %d cell(s) instead of %d", r+1, len(line), cols)
		}
		for c := range len(line) {
			bit := uint32(1) << (r*cols + c)
			switch line[c] {
			case 'x', 'X':
				x |= bit
			case 'o', 'O':
				o |= bit
			case '.':
			default:
				return 0, 0, fmt.Sprintf("bad cell %q in row %d", line[c], r+1)
			}
		}
	}
	return x, o, ""
}

// gridLines finds k in a row (across, down or diagonal) on a board of
// rows×cols cells, bit row*cols+col: a line of k in direction d starting
// at cell c lies on the board exactly when bit c of start[d] is set, so
// the test is k-1 shift-ands a direction, with no loop over the lines. A
// board of at most lineTableCells cells looks the answer up instead, one
// bit a set of cells: quixo asks it of both planes of every child and
// every parent.
type gridLines struct {
	k     int
	shift [4]uint
	start [4]uint32
	table []uint64 // bit b set when the cells b hold a line; nil on larger boards
}

// lineTableCells bounds the boards whose lines are looked up: 2^20 bits
// take 128 KB.
const lineTableCells = 20

func newGridLines(rows, cols, k int) gridLines {
	l := gridLines{k: k}
	dirs := [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} // across, down, diagonal, anti-diagonal
	for d, dir := range dirs {
		dr, dc := dir[0], dir[1]
		if step := dr*cols + dc; step > 0 {
			l.shift[d] = uint(step)
		}
		for r := range rows {
			for c := range cols {
				er, ec := r+(k-1)*dr, c+(k-1)*dc
				if er < rows && ec >= 0 && ec < cols {
					l.start[d] |= 1 << (r*cols + c)
				}
			}
		}
	}
	if cells := rows * cols; cells <= lineTableCells {
		table := make([]uint64, (1<<cells+63)/64)
		for b := range uint32(1) << cells {
			if l.shifted(b) {
				table[b/64] |= 1 << (b % 64)
			}
		}
		l.table = table
	}
	return l
}

// has reports whether the cells b hold k in a row.
func (l *gridLines) has(b uint32) bool {
	if l.table != nil {
		return l.table[b/64]>>(b%64)&1 != 0
	}
	return l.shifted(b)
}

// shifted is has by shift-ands.
func (l *gridLines) shifted(b uint32) bool {
	for d := range 4 {
		run := b & l.start[d]
		for i := 1; i < l.k && run != 0; i++ {
			run &= b >> (uint(i) * l.shift[d])
		}
		if run != 0 {
			return true
		}
	}
	return false
}

// gridSymmetries maps cell masks under a board's symmetries by table:
// table[s][i][b] is the image under symmetry s of byte b at byte i of a
// mask, so four lookups map a whole mask, with no loop over the cells.
// Symmetry 0 is the identity.
type gridSymmetries struct {
	n     int // symmetries of the board
	table [8][4][256]uint32
}

// newGridSymmetries tables perms (perms[s][cell] is the image of cell
// under symmetry s) for a board of cells cells.
func newGridSymmetries(perms [][]int, cells int) gridSymmetries {
	var gs gridSymmetries
	for s, perm := range perms {
		gs.n = s + 1
		for i := range 4 {
			for b := range 256 {
				var img uint32
				for j := range 8 {
					if cell := i*8 + j; b>>j&1 == 1 && cell < cells {
						img |= 1 << perm[cell]
					}
				}
				gs.table[s][i][b] = img
			}
		}
	}
	return gs
}

// least is the least image of a board of two planes, x's cells below o's
// as in a key: the least image of o, and among the symmetries that tie on
// it the least of x, so x is mapped only for those (a third of the time
// that mapping both takes, in a full teeko solve).
func (gs *gridSymmetries) least(x, o uint32) (uint32, uint32) {
	bestX, bestO := x, o
	for s := 1; s < gs.n; s++ {
		imgO := gs.image(s, o)
		if imgO > bestO {
			continue
		}
		if imgX := gs.image(s, x); imgO < bestO || imgX < bestX {
			bestX, bestO = imgX, imgO
		}
	}
	return bestX, bestO
}

// orbit is the number of distinct images of a board of two planes: the
// symmetries over those that leave it as it is.
func (gs *gridSymmetries) orbit(x, o uint32) uint64 {
	fixed := 1
	for s := 1; s < gs.n; s++ {
		if gs.image(s, x) == x && gs.image(s, o) == o {
			fixed++
		}
	}
	return uint64(gs.n / fixed)
}

// image is mask under symmetry s.
func (gs *gridSymmetries) image(s int, mask uint32) uint32 {
	t := &gs.table[s]
	return t[0][mask&0xff] | t[1][mask>>8&0xff] | t[2][mask>>16&0xff] | t[3][mask>>24]
}
