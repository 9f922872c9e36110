package games

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

func init() {
	register(Family{
		Name:    "teeko",
		Summary: "teeko: drop four pieces each on a 5×5 board, then move them one step, to make four in a line or a square",
		Params: []sente.Param{
			{Name: "variant", Doc: "standard: the 44 patterns (28 lines of four, 16 2×2 squares); advanced: the 58 (the 28 lines, and the four corners of every square of side 2 to 5)",
				Kind: sente.Choice, Default: "standard", Choices: []string{"standard", "advanced"}},
			{Name: "pieces", Doc: "pieces each; a pattern is as many cells: lines of that many cells, and squares only with 4", Kind: sente.Int, Default: "4", Min: 2, Max: 4},
			{Name: "n", Doc: "rows and columns of the square board", Kind: sente.Int, Default: "5", Min: 4, Max: 5},
			{Name: "centre", Doc: "the first drop may be on the centre cell, c3 (false: Scarne's later rule that it may not; 5×5 only)", Kind: sente.Bool, Default: "true"},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			g, err := NewTeeko(v.String("variant") == "advanced", v.Int("pieces"), v.Int("n"), v.Bool("centre"))
			if err != nil {
				// A nil *Teeko in a sente.Game would not compare equal to nil.
				return nil, err
			}
			return g, nil
		},
	})
}

// Teeko is John Scarne's Teeko on an n×n board: Black (x) and White (o)
// drop their pieces in turn, Black first, until each has dropped all of
// them; then a move takes one of one's pieces to an empty neighbouring cell
// (across, down or diagonally). The first to hold a pattern with all of
// their pieces wins; play that never ends is a draw.
//
// Cells are numbered row by row from the top-left: cell = row*n + col. The
// key of a position is X | O<<teekoPlane | oToMove<<teekoSide. The side to
// move follows from the counts while pieces are dropped, but not once they
// move, so the key keeps it throughout.
type Teeko struct {
	advanced  bool
	pieces, n int
	cells     int
	total     int    // 2·pieces: the pieces on a board in the moving phase
	full      uint32 // every cell of the board
	centre    uint32 // the cell the first drop may not take, if any

	// The patterns, grouped by their lowest cell: those whose lowest cell
	// is c are patterns[from[c]:from[c+1]], so a set of pieces is tested
	// against the few that start where it does.
	patterns []uint32
	from     [26]uint8

	adj   [25]uint32 // each cell's neighbours, in 8 directions
	names [25]string // each cell's name, like a chess square

	syms gridSymmetries // the square's eight

	ranks *teekoRanks // the tier engine's tables (teeko_rank.go)
}

const (
	teekoPlane = 25 // O's mask starts here: room for 5×5 cells of X below
	teekoSide  = 50 // set when o is to move
	teekoMask  = 1<<teekoPlane - 1
)

// TeekoPosition is a teeko position: the cells of each player's pieces, bit
// row*n+col for the cell in row row (from the top) and column col (from
// the left), and whether o (White) is to move.
type TeekoPosition struct {
	X, O    uint32
	OToMove bool
}

// NewTeeko makes teeko on an n×n board with pieces pieces each; advanced
// adds the corners of the larger squares to the patterns that win, and
// centre lets the first drop take the centre cell of 5×5.
func NewTeeko(advanced bool, pieces, n int, centre bool) (*Teeko, error) {
	switch {
	case n < 4 || n > 5:
		return nil, fmt.Errorf("teeko: n=%d; the board is 4×4 or 5×5 (5×5 is the real game)", n)
	case pieces < 2 || pieces > 4:
		return nil, fmt.Errorf("teeko: pieces=%d; want 2 to 4 pieces each (4 is the real game)", pieces)
	case !centre && n%2 == 0:
		return nil, fmt.Errorf("teeko: centre=false on a board of %d×%d, which has no centre cell; set n=5", n, n)
	}
	g := &Teeko{advanced: advanced, pieces: pieces, n: n, cells: n * n, total: 2 * pieces}
	if !centre {
		g.centre = 1 << (n / 2 * (n + 1))
	}
	g.full = uint32(1)<<g.cells - 1
	pats := teekoPatterns(n, pieces, advanced)
	slices.SortFunc(pats, func(a, b uint32) int {
		if la, lb := bits.TrailingZeros32(a), bits.TrailingZeros32(b); la != lb {
			return la - lb
		}
		return int(a) - int(b)
	})
	g.patterns = slices.Compact(pats)
	i := 0
	for c := 0; c <= 25; c++ {
		for i < len(g.patterns) && bits.TrailingZeros32(g.patterns[i]) < c {
			i++
		}
		g.from[c] = uint8(i)
	}
	for r := range n {
		for c := range n {
			cell := r*n + c
			g.names[cell] = tttColumnName(c) + strconv.Itoa(n-r)
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					if rr, cc := r+dr, c+dc; (dr != 0 || dc != 0) && rr >= 0 && rr < n && cc >= 0 && cc < n {
						g.adj[cell] |= 1 << (rr*n + cc)
					}
				}
			}
		}
	}
	g.syms = newGridSymmetries(tttSymmetries(n, n), g.cells)
	g.initRanks()
	return g, nil
}

// teekoPatterns lists the patterns that win with pieces pieces on an n×n
// board: every line of pieces cells across, down or diagonally; with four
// pieces also the 2×2 squares, and in the advanced game the four corners of
// every axis-parallel square of side 2 to n.
func teekoPatterns(n, pieces int, advanced bool) []uint32 {
	var pats []uint32
	for r := range n {
		for c := range n {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				var m uint32
				ok := true
				for i := range pieces {
					rr, cc := r+i*d[0], c+i*d[1]
					if rr >= n || cc < 0 || cc >= n {
						ok = false
						break
					}
					m |= 1 << (rr*n + cc)
				}
				if ok {
					pats = append(pats, m)
				}
			}
			if pieces != 4 {
				continue
			}
			for side := 2; side <= n; side++ {
				if side > 2 && !advanced {
					break
				}
				s := side - 1
				if r+s < n && c+s < n {
					pats = append(pats, 1<<(r*n+c)|1<<(r*n+c+s)|1<<((r+s)*n+c)|1<<((r+s)*n+c+s))
				}
			}
		}
	}
	return pats
}

func (g *Teeko) String() string {
	variant := "standard"
	if g.advanced {
		variant = "advanced"
	}
	return fmt.Sprintf("teeko:variant=%s,pieces=%d,n=%d,centre=%t", variant, g.pieces, g.n, g.centre == 0)
}

// won reports whether the pieces m make a pattern: all of a player's
// pieces, so exactly as many as a pattern has cells.
func (g *Teeko) won(m uint32) bool {
	if bits.OnesCount32(m) != g.pieces {
		return false
	}
	low := bits.TrailingZeros32(m)
	for _, p := range g.patterns[g.from[low]:g.from[low+1]] {
		if p == m {
			return true
		}
	}
	return false
}

// split is the pieces of the player to move and of the other player.
func split(key uint64) (mine, theirs uint32, oMoves bool) {
	x, o := uint32(key)&teekoMask, uint32(key>>teekoPlane)&teekoMask
	if key>>teekoSide&1 == 1 {
		return o, x, true
	}
	return x, o, false
}

// join is the key of the position where the player who had mine (o when
// oMoved) has moved and the other is to move.
func join(mine, theirs uint32, oMoved bool) uint64 {
	if oMoved {
		return uint64(theirs) | uint64(mine)<<teekoPlane
	}
	return uint64(mine) | uint64(theirs)<<teekoPlane | 1<<teekoSide
}

// AppendChildren: while the mover has pieces to drop, one child for each
// empty cell (in cell order) but the centre when the first drop may not
// take it; then one for each piece and empty neighbour.
func (g *Teeko) AppendChildren(dst []uint64, key uint64) []uint64 {
	mine, theirs, oMoves := split(key)
	empty := g.full &^ (mine | theirs)
	if bits.OnesCount32(mine|theirs) < g.total {
		for e := g.drops(empty); e != 0; e &= e - 1 {
			dst = append(dst, join(mine|e&-e, theirs, oMoves))
		}
		return dst
	}
	for m := mine; m != 0; m &= m - 1 {
		from := m & -m
		for to := g.adj[bits.TrailingZeros32(m)] & empty; to != 0; to &= to - 1 {
			dst = append(dst, join(mine^from^to&-to, theirs, oMoves))
		}
	}
	return dst
}

// drops is the cells a drop may take when empty are the empty cells.
func (g *Teeko) drops(empty uint32) uint32 {
	if empty == g.full {
		return empty &^ g.centre
	}
	return empty
}

// EndedKey: play stops at the first pattern, which the player who just
// moved made, so the player to move has lost. A board where the player to
// move holds a pattern (never reached in play) counts as their win.
func (g *Teeko) EndedKey(key uint64) (sente.Value, bool) {
	mine, theirs, _ := split(key)
	if g.won(theirs) {
		return sente.Lose, true
	}
	if g.won(mine) {
		return sente.Win, true
	}
	return sente.Unknown, false
}

// legal reports whether a board and side to move can be a position: at
// most pieces each, on distinct cells, and while pieces are dropped x (who
// drops first) has as many as o with x to move, or one more with o to move.
func (g *Teeko) legal(x, o uint32, oToMove bool) bool {
	nx, no := bits.OnesCount32(x), bits.OnesCount32(o)
	switch {
	case x&o != 0 || (x|o)&^g.full != 0 || nx > g.pieces || no > g.pieces:
		return false
	case nx+no == g.total:
		return true
	case oToMove:
		return nx == no+1
	default:
		return nx == no
	}
}

// AppendParents lists the positions with a move to key that have not
// ended: the player who just moved took back a step (when the board is
// full of pieces) or a drop.
func (g *Teeko) AppendParents(dst []uint64, key uint64) []uint64 {
	mine, theirs, oMoves := split(key)
	// theirs is the player who just moved; a parent has them to move.
	if g.won(mine) {
		return dst // every parent holds this pattern too, and has ended
	}
	prevO := !oMoves
	empty := g.full &^ (mine | theirs)
	parent := func(prev uint32) uint64 { return join(mine, prev, !prevO) }
	if bits.OnesCount32(mine|theirs) == g.total {
		for m := theirs; m != 0; m &= m - 1 {
			to := m & -m
			for from := g.adj[bits.TrailingZeros32(m)] & empty; from != 0; from &= from - 1 {
				if prev := theirs ^ to ^ from&-from; !g.won(prev) {
					dst = append(dst, parent(prev))
				}
			}
		}
	}
	for m := theirs; m != 0; m &= m - 1 {
		prev := theirs &^ (m & -m)
		x, o := mine, prev
		if !prevO {
			x, o = prev, mine
		}
		if g.legal(x, o, prevO) && bits.OnesCount32(x|o) < g.total && (x|o != 0 || m&-m != g.centre) {
			dst = append(dst, parent(prev)) // fewer than pieces: no pattern
		}
	}
	return dst
}

// Canonical is the least key among the images of the position under the
// eight symmetries of the square, which map patterns to patterns and steps
// to steps. Once every piece is dropped the colours are swapped too when o
// is to move, so that x is: the game is the same for both players, and a
// value is for the player to move. While pieces are dropped the counts say
// who moves, so the side stays.
func (g *Teeko) Canonical(key uint64) uint64 {
	x, o := uint32(key)&teekoMask, uint32(key>>teekoPlane)&teekoMask
	side := key & (1 << teekoSide)
	if side != 0 && bits.OnesCount32(x|o) == g.total {
		x, o, side = o, x, 0
	}
	x, o = g.syms.least(x, o)
	return uint64(x) | uint64(o)<<teekoPlane | side
}

func (g *Teeko) Encode(p sente.Position) uint64 {
	pos := p.(TeekoPosition)
	key := uint64(pos.X) | uint64(pos.O)<<teekoPlane
	if pos.OToMove {
		key |= 1 << teekoSide
	}
	return key
}

func (g *Teeko) Decode(key uint64) sente.Position {
	return TeekoPosition{
		X:       uint32(key) & teekoMask,
		O:       uint32(key>>teekoPlane) & teekoMask,
		OToMove: key>>teekoSide&1 == 1,
	}
}

func (g *Teeko) Start() sente.Position { return TeekoPosition{} }

// Moves are named by cell while pieces are dropped ("c3") and by the cells
// a piece leaves and enters once they move ("b2-c3"), in the order of
// AppendChildren.
func (g *Teeko) Moves(p sente.Position) []sente.Move {
	key := g.Encode(p)
	mine, theirs, oMoves := split(key)
	empty := g.full &^ (mine | theirs)
	var moves []sente.Move
	if bits.OnesCount32(mine|theirs) < g.total {
		for e := g.drops(empty); e != 0; e &= e - 1 {
			moves = append(moves, sente.Move{Name: g.names[bits.TrailingZeros32(e)], To: g.Decode(join(mine|e&-e, theirs, oMoves))})
		}
		return moves
	}
	for m := mine; m != 0; m &= m - 1 {
		from := bits.TrailingZeros32(m)
		for to := g.adj[from] & empty; to != 0; to &= to - 1 {
			moves = append(moves, sente.Move{
				Name: g.names[from] + "-" + g.names[bits.TrailingZeros32(to)],
				To:   g.Decode(join(mine^1<<from^to&-to, theirs, oMoves)),
			})
		}
	}
	return moves
}

func (g *Teeko) Ended(p sente.Position) (sente.Value, bool) {
	return g.EndedKey(g.Encode(p))
}

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Teeko) Alternates() bool { return true }

func (g *Teeko) Turn(p sente.Position) sente.Player {
	if p.(TeekoPosition).OToMove {
		return sente.Second
	}
	return sente.First
}

// FormatPosition writes the rows from the top separated by /, then a space
// and the symbol of the player to move: "x..../...../...../...../..... o".
func (g *Teeko) FormatPosition(p sente.Position) string {
	pos := p.(TeekoPosition)
	side := " x"
	if pos.OToMove {
		side = " o"
	}
	return gridText(g.n, g.n, pos.X, pos.O) + side
}

// ParsePosition reads FormatPosition's form: at most pieces of each, and
// while pieces are dropped, counts that fit the side to move (x drops
// first).
func (g *Teeko) ParsePosition(s string) (sente.Position, error) {
	fields := strings.Fields(s)
	if len(fields) != 2 {
		return nil, g.parseError(s, fmt.Sprintf("%d word(s) instead of 2 (the board, then x or o to move)", len(fields)))
	}
	var pos TeekoPosition
	switch strings.ToLower(fields[1]) {
	case "x":
	case "o":
		pos.OToMove = true
	default:
		return nil, g.parseError(s, fmt.Sprintf("the player to move is %q, not x or o", fields[1]))
	}
	var problem string
	if pos.X, pos.O, problem = parseGrid(fields[0], g.n, g.n); problem != "" {
		return nil, g.parseError(s, problem)
	}
	if !g.legal(pos.X, pos.O, pos.OToMove) {
		nx, no := bits.OnesCount32(pos.X), bits.OnesCount32(pos.O)
		return nil, g.parseError(s, fmt.Sprintf("%d x and %d o with %s to move cannot happen: at most %d each, and until all are dropped x (first) has as many as o with x to move, or one more with o to move",
			nx, no, strings.ToLower(fields[1]), g.pieces))
	}
	return pos, nil
}

func (g *Teeko) parseError(s, problem string) error {
	return fmt.Errorf("teeko position %q: %s; want %d rows of %d cells from top to bottom separated by /, each x, o or . (empty), then a space and x or o for the player to move (e.g. %q)",
		s, problem, g.n, g.n, g.example())
}

// example is the position after x's first drop in the centre, or next to
// it on a 4×4 board.
func (g *Teeko) example() string {
	c := g.n / 2
	return g.FormatPosition(TeekoPosition{X: 1 << (c*g.n + c), OToMove: true})
}

func (g *Teeko) patternWords() string {
	switch {
	case g.pieces < 4:
		return fmt.Sprintf("%d in a line across, down or diagonally (%d patterns; with fewer than 4 pieces there are no squares, so the advanced game is the standard one)",
			g.pieces, len(g.patterns))
	case g.advanced:
		return fmt.Sprintf("4 in a line across, down or diagonally, or on the four corners of a square of side 2 to %d cells with sides along the board's (%d patterns: advanced teeko)",
			g.n, len(g.patterns))
	}
	return fmt.Sprintf("4 in a line across, down or diagonally, or in a 2×2 square (%d patterns: standard teeko)", len(g.patterns))
}

func (g *Teeko) centreWords() string {
	switch {
	case g.centre != 0:
		return "The first drop may not take the centre cell, c3 (Scarne's later rule). "
	case g.n%2 == 1:
		return "The first drop may take any cell, the centre too (as in Steele's solution; centre=false forbids it, as Scarne's later rules do). "
	}
	return ""
}

func (g *Teeko) Describe() sente.Description {
	return sente.Description{
		Summary: fmt.Sprintf("drop %d pieces each on a %d×%d board, then step them, to make a pattern of all %d", g.pieces, g.n, g.n, g.pieces),
		Rules: fmt.Sprintf("John Scarne's Teeko on a %d×%d board; x is Black and moves first, o is White. "+
			"First the players take turns to drop one of their pieces on an empty cell, until each has dropped %d. "+
			"%s"+
			"Then a move takes one of one's own pieces to an empty cell next to it, across, down or diagonally (8 directions); there is no passing and no capture. "+
			"A player whose %d pieces make a pattern wins at once, whether by a drop or a step: %s. "+
			"Positions can repeat once pieces move, and play that never ends is a draw. "+
			"No one is ever left without a step: pieces that make no pattern have more empty neighbours than the opponent has pieces. "+
			"Drops are named by the cell, like a chess square (column letter from a on the left, row number from 1 at the bottom): c3 is the centre of 5×5; "+
			"steps by the cell left and the cell entered, b2-c3. "+
			"Positions that are reflections or rotations of each other are treated as one (8 symmetries), and once every piece is dropped so are positions with the colours swapped and the other player to move.",
			g.n, g.n, g.pieces, g.centreWords(), g.pieces, g.patternWords()),
		Position: fmt.Sprintf("The rows from top to bottom separated by /, each cell x, o or . (empty), then a space and x or o for the player to move, e.g. %q. "+
			"At most %d pieces each; until all are dropped x has as many as o with x to move, or one more with o to move.", g.example(), g.pieces),
		Examples: []string{
			"teeko",
			"teeko:variant=advanced",
			"teeko:variant=advanced,centre=false",
			"teeko:n=4,pieces=3",
		},
	}
}

// Draw shows the board with the coordinates of move names and the player
// to move below.
func (g *Teeko) Draw(p sente.Position) string {
	pos := p.(TeekoPosition)
	cols := make([]string, g.n)
	for c := range cols {
		cols[c] = tttColumnName(c)
	}
	grid := drawGrid(gridText(g.n, g.n, pos.X, pos.O), func(r int) string { return strconv.Itoa(g.n - r) }, cols)
	return grid + "\n" + g.caption(pos)
}

// caption says who is to move and whether they drop or step.
func (g *Teeko) caption(pos TeekoPosition) string {
	who, mine, last := "x", pos.X, "o"
	if pos.OToMove {
		who, mine, last = "o", pos.O, "x"
	}
	// A game won while pieces are still to drop is over, not a drop away.
	if _, ended := g.Ended(pos); ended {
		return "game over: " + last + " has made a pattern"
	}
	if n := bits.OnesCount32(pos.X | pos.O); n < g.total {
		return fmt.Sprintf("%s to drop (%d of %d dropped)", who, bits.OnesCount32(mine), g.pieces)
	}
	return who + " to move"
}

// Board shows the grid with the labels of move names; the turn is in the
// caption. A drop is played on its cell, a step from the piece to the
// cell it goes to.
func (g *Teeko) Board(p sente.Position) sente.Board {
	pos := p.(TeekoPosition)
	b := sente.Board{Style: "grid", Cells: gridCells(gridText(g.n, g.n, pos.X, pos.O)), Caption: g.caption(pos)}
	for r := range g.n {
		b.RowLabels = append(b.RowLabels, strconv.Itoa(g.n-r))
	}
	for c := range g.n {
		b.ColLabels = append(b.ColLabels, tttColumnName(c))
	}
	mine, theirs, _ := split(g.Encode(p))
	empty := g.full &^ (mine | theirs)
	b.Moves = []sente.BoardMove{}
	if bits.OnesCount32(mine|theirs) < g.total {
		for e := g.drops(empty); e != 0; e &= e - 1 {
			to := bits.TrailingZeros32(e)
			b.Moves = append(b.Moves, sente.BoardMove{Name: g.names[to], To: gridCell(to, g.n)})
		}
		return b
	}
	for m := mine; m != 0; m &= m - 1 {
		cell := bits.TrailingZeros32(m)
		for e := g.adj[cell] & empty; e != 0; e &= e - 1 {
			to := bits.TrailingZeros32(e)
			from := gridCell(cell, g.n)
			b.Moves = append(b.Moves, sente.BoardMove{Name: g.names[cell] + "-" + g.names[to], From: &from, To: gridCell(to, g.n)})
		}
	}
	return b
}

// EstimatePositions bounds teeko's positions: every choice of cells with
// x's share of them after each drop, and once all are dropped with either
// player to move.
func (g *Teeko) EstimatePositions() float64 {
	var n float64
	for t := 0; t <= g.total; t++ {
		n += float64(binom[g.cells][t] * binom[t][(t+1)/2])
	}
	return n + float64(binom[g.cells][g.total]*binom[g.total][g.pieces])
}

var (
	_ sente.Encoder   = (*Teeko)(nil)
	_ sente.Unmover   = (*Teeko)(nil)
	_ sente.Symmetric = (*Teeko)(nil)
	_ sente.Describer = (*Teeko)(nil)
	_ sente.Drawer    = (*Teeko)(nil)
	_ sente.Boarder   = (*Teeko)(nil)
	_ sente.Estimator = (*Teeko)(nil)
)
