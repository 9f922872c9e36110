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
		Name:    "quixo",
		Summary: "quixo: take a cube from the edge, push it back in, and get k in a row",
		Params: []sente.Param{
			{Name: "n", Doc: "rows and columns of the square board", Kind: sente.Int, Default: "5", Min: 3, Max: 5},
			{Name: "k", Doc: "cubes in a row (across, down or diagonal) that win; 0 means n, a whole row", Kind: sente.Int, Default: "0", Min: 0, Max: 5},
		},
		New: func(v sente.ParamValues) (sente.Game, error) {
			k := v.Int("k")
			if k == 0 {
				k = v.Int("n")
			}
			g, err := NewQuixo(v.Int("n"), k)
			if err != nil {
				// A nil *Quixo in a sente.Game would not compare equal to nil.
				return nil, err
			}
			return g, nil
		},
	})
}

// Quixo is Gigamic's Quixo on an n×n board of cubes, each blank, x or o.
// The player to move takes a cube from the outer ring that is blank or
// shows their own symbol, turns it to their symbol, and pushes it back
// into the same row or column from an end other than the one it came
// from; the cubes in between slide one step. A line of k of one's symbol
// wins, but making a line of the opponent's symbol loses, even together
// with one's own. Positions repeat, so play may never end (a draw).
//
// Cells are numbered row by row from the top-left: cell = row*n + col. The
// key of a position is X | O<<quixoPlane | oToMove<<quixoSide: two cell
// masks and the side to move, since in quixo the counts of cubes do not
// tell whose turn it is.
type Quixo struct {
	n, k  int
	cells int
	full  uint32 // every cell of the board

	lines gridLines // k in a row

	pushes []quixoPush // every move of the board, in move-name order

	syms gridSymmetries // the square's eight
	// pairSyms maps both planes at once, packed as x | o<<16, on boards
	// of at most 16 cells: the packed word orders images as their keys
	// do, o's plane first.
	pairSyms *gridSymmetries

	ranks *quixoRanks // for the tier engine
}

// quixoPush is one move of the board, stated on keys so that a child
// costs a few shifts and masks whoever moves. The cube leaves cell from
// and enters at cell entry; the cubes of slide (both planes: the segment
// from entry to from, without from) move one step towards from, which is
// up (a left shift) by up bits or down by down bits.
type quixoPush struct {
	name     string
	from     uint32 // the cell taken
	entry    uint32 // the cell it is pushed into
	segment  uint64 // the cells from entry to from, in both planes
	slide    uint64 // the segment without from, in both planes
	up, down uint
}

const (
	quixoPlane = 25 // O's mask starts here: room for 5×5 cells of X below
	quixoSide  = 50 // set when o is to move
)

// QuixoPosition is a quixo position: the cubes showing each symbol, bit
// row*n+col for the cell in row row (from the top) and column col (from
// the left), and whether o is to move.
type QuixoPosition struct {
	X, O    uint32
	OToMove bool
}

// NewQuixo makes quixo on an n×n board, k in a row to win.
func NewQuixo(n, k int) (*Quixo, error) {
	switch {
	case n < 3 || n > 5:
		return nil, fmt.Errorf("quixo: n=%d; the board is 3×3 to 5×5 (the ring needs an inside, and 5×5 is the real game and fills the 64-bit key)", n)
	case k < 2 || k > n:
		return nil, fmt.Errorf("quixo: k=%d on a board of %d×%d; want k from 2 to %d", k, n, n, n)
	}
	g := &Quixo{n: n, k: k, cells: n * n}
	g.full = uint32(1)<<g.cells - 1

	g.lines = newGridLines(g.n, g.n, k)

	g.pushes = g.makePushes()

	perms := tttSymmetries(n, n)
	g.syms = newGridSymmetries(perms, g.cells)
	if g.cells <= 16 {
		pairs := make([][]int, len(perms))
		for s, perm := range perms {
			pairs[s] = make([]int, 32)
			for cell := range 32 {
				if c := cell % 16; c < g.cells {
					pairs[s][cell] = perm[c] + cell/16*16
				}
			}
		}
		gs := newGridSymmetries(pairs, 32)
		g.pairSyms = &gs
	}
	g.initRanks()
	return g, nil
}

// makePushes lists the moves of the board: for each cell of the outer
// ring (row by row), the ends of its column and row it may be pushed back
// from, top, bottom, left, right; never the end it was taken from.
func (g *Quixo) makePushes() []quixoPush {
	n := g.n
	var pushes []quixoPush
	for r := range n {
		for c := range n {
			if r != 0 && r != n-1 && c != 0 && c != n-1 {
				continue // inside the ring
			}
			ends := []struct {
				side   string
				er, ec int
				ok     bool
			}{
				{"t", 0, c, r != 0},
				{"b", n - 1, c, r != n-1},
				{"l", r, 0, c != 0},
				{"r", r, n - 1, c != n-1},
			}
			for _, e := range ends {
				if !e.ok {
					continue
				}
				from, entry := r*n+c, e.er*n+e.ec
				step := 1 // along the row
				if e.ec == c {
					step = n // along the column
				}
				lo, hi := min(from, entry), max(from, entry)
				var segment uint32
				for cell := lo; cell <= hi; cell += step {
					segment |= 1 << cell
				}
				p := quixoPush{
					name:    g.cellName(from) + e.side,
					from:    1 << from,
					entry:   1 << entry,
					segment: bothPlanes(segment),
					slide:   bothPlanes(segment &^ (1 << from)),
				}
				// The cubes move towards the cell taken.
				if from > entry {
					p.up = uint(step)
				} else {
					p.down = uint(step)
				}
				pushes = append(pushes, p)
			}
		}
	}
	return pushes
}

// bothPlanes is a cell mask in X's plane and in O's.
func bothPlanes(m uint32) uint64 { return uint64(m) | uint64(m)<<quixoPlane }

// cellName names a cell as tictactoe does, like a chess square: column
// letter from the left, row number from the bottom.
func (g *Quixo) cellName(cell int) string {
	return tttColumnName(cell%g.n) + strconv.Itoa(g.n-cell/g.n)
}

func (g *Quixo) String() string {
	return fmt.Sprintf("quixo:n=%d,k=%d", g.n, g.k)
}

// push applies a move to a key: the mover's cube leaves from, the slide
// moves one step, the entry cell shows the mover's symbol, and the turn
// passes.
func (p *quixoPush) apply(key uint64, oMoves bool) uint64 {
	moved := (key & p.slide) << p.up >> p.down
	next := key&^p.segment | moved
	if oMoves {
		next |= uint64(p.entry) << quixoPlane
	} else {
		next |= uint64(p.entry)
	}
	return next ^ 1<<quixoSide
}

// rival is the cell mask of the player not to move: the cubes the mover
// may not take.
func rival(key uint64) uint32 {
	if key>>quixoSide&1 == 1 {
		return uint32(key) & (1<<quixoPlane - 1)
	}
	return uint32(key >> quixoPlane & (1<<quixoPlane - 1))
}

func (g *Quixo) AppendChildren(dst []uint64, key uint64) []uint64 {
	oMoves := key>>quixoSide&1 == 1
	forbidden := rival(key)
	for i := range g.pushes {
		p := &g.pushes[i]
		if p.from&forbidden == 0 {
			dst = append(dst, p.apply(key, oMoves))
		}
	}
	return dst
}

// EndedKey: play stops at the first line. The player who just moved made
// every line on the board, so a line of the player to move's symbol means
// the last move made it and lost, with or without its own; a line of the
// last mover's symbol alone means it won.
func (g *Quixo) EndedKey(key uint64) (sente.Value, bool) {
	x, o := uint32(key)&g.full, uint32(key>>quixoPlane)&g.full
	mine, theirs := x, o
	if key>>quixoSide&1 == 1 {
		mine, theirs = o, x
	}
	if g.lines.has(mine) {
		return sente.Win, true
	}
	if g.lines.has(theirs) {
		return sente.Lose, true
	}
	return sente.Unknown, false
}

// Tier is the tier TierRank gives the position (quixo_rank.go): the
// counts {a ≤ b} of the two symbols, numbered by a+b and then by a. A move
// turns a blank cube or one of the mover's own, so a count grows by one
// or none does, and the tier never falls: the engines solve the highest
// tiers, the fuller boards, first.
func (g *Quixo) Tier(key uint64) int {
	x := bits.OnesCount64(key & (1<<quixoPlane - 1))
	o := bits.OnesCount64(key >> quixoPlane & (1<<quixoPlane - 1))
	return g.ranks.tierOf[min(x, o)][max(x, o)]
}

func (g *Quixo) Encode(p sente.Position) uint64 {
	pos := p.(QuixoPosition)
	key := uint64(pos.X) | uint64(pos.O)<<quixoPlane
	if pos.OToMove {
		key |= 1 << quixoSide
	}
	return key
}

func (g *Quixo) Decode(key uint64) sente.Position {
	return QuixoPosition{
		X:       uint32(key) & (1<<quixoPlane - 1),
		O:       uint32(key>>quixoPlane) & (1<<quixoPlane - 1),
		OToMove: key>>quixoSide&1 == 1,
	}
}

func (g *Quixo) Start() sente.Position { return QuixoPosition{} }

func (g *Quixo) Moves(p sente.Position) []sente.Move {
	key := g.Encode(p)
	oMoves := key>>quixoSide&1 == 1
	forbidden := rival(key)
	moves := make([]sente.Move, 0, len(g.pushes))
	for i := range g.pushes {
		push := &g.pushes[i]
		if push.from&forbidden == 0 {
			moves = append(moves, sente.Move{Name: push.name, To: g.Decode(push.apply(key, oMoves))})
		}
	}
	return moves
}

func (g *Quixo) Ended(p sente.Position) (sente.Value, bool) {
	return g.EndedKey(g.Encode(p))
}

// Alternates promises that every move passes the turn (sente.Alternating):
// the engines negate at every move and never ask Turn.
func (g *Quixo) Alternates() bool { return true }

func (g *Quixo) Turn(p sente.Position) sente.Player {
	if p.(QuixoPosition).OToMove {
		return sente.Second
	}
	return sente.First
}

// FormatPosition writes the rows from the top separated by /, then a space
// and the symbol of the player to move: "x.o/.../... o".
func (g *Quixo) FormatPosition(p sente.Position) string {
	pos := p.(QuixoPosition)
	var sb strings.Builder
	sb.WriteString(g.boardText(pos))
	if pos.OToMove {
		sb.WriteString(" o")
	} else {
		sb.WriteString(" x")
	}
	return sb.String()
}

// boardText is the rows of the board alone, as drawGrid and gridCells read.
func (g *Quixo) boardText(pos QuixoPosition) string {
	return gridText(g.n, g.n, pos.X, pos.O)
}

// ParsePosition reads FormatPosition's form. Any board is a position:
// cubes of either symbol may be anywhere, in any number, since pushes move
// them and turning a blank or one's own cube changes the counts freely.
func (g *Quixo) ParsePosition(s string) (sente.Position, error) {
	fields := strings.Fields(s)
	if len(fields) != 2 {
		return nil, g.parseError(s, fmt.Sprintf("%d word(s) instead of 2 (the board, then x or o to move)", len(fields)))
	}
	var pos QuixoPosition
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
	return pos, nil
}

func (g *Quixo) parseError(s, problem string) error {
	return fmt.Errorf("quixo position %q: %s; want %d rows of %d cells from top to bottom separated by /, each x, o or . (blank), then a space and x or o for the player to move (e.g. %q)",
		s, problem, g.n, g.n, g.example())
}

// example is the position after x's first move a1t: an x cube pushed
// into column a from the top.
func (g *Quixo) example() string {
	return g.FormatPosition(QuixoPosition{X: 1, OToMove: true})
}

func (g *Quixo) Describe() sente.Description {
	return sente.Description{
		Summary: fmt.Sprintf("%d in a row on a %d×%d board of cubes pushed in from the edge", g.k, g.n, g.n),
		Rules: fmt.Sprintf("A board of %d×%d cubes, each blank, x or o; all start blank and x moves first. "+
			"A move takes a cube from the outer ring that is blank or shows the mover's symbol (never the opponent's), turns it to the mover's symbol, "+
			"and pushes it back into the same row or column from an end other than the one it was taken from; the cubes in between slide one step. "+
			"A player who makes %d of their symbol in a row across, down or diagonally wins, and play stops there. "+
			"A move that makes a line of the opponent's symbol loses, even if it also makes one of the mover's own. "+
			"Positions can repeat, so play that never ends is a draw; there are no ties. "+
			"Moves name the cell taken, like a chess square (column letter from a on the left, row number from 1 at the bottom), then the end it is pushed in from: "+
			"t (top), b (bottom), l (left) or r (right); a1t takes the bottom-left cube and pushes it into column a from the top. "+
			"The tier engine, and the hashing engine with --symmetry, solve one position of each class of up to 16 positions worth the same: "+
			"the 8 reflections and rotations of the board, each also with x and o swapped together with the side to move; "+
			"their counts of positions count these classes. "+
			"The tier engine solves the fuller boards first, tiers by the counts of the two symbols, which never fall.",
			g.n, g.n, g.k),
		Position: fmt.Sprintf("The rows from top to bottom separated by /, each cell x, o or . (blank), then a space and x or o for the player to move, e.g. %q. "+
			"Any board is accepted; one with a line has ended.", g.example()),
		Examples: []string{
			"quixo",
			"quixo:n=3",
			"quixo:n=4,k=3",
		},
	}
}

// Draw shows the board with the coordinates of move names and the player
// to move below.
func (g *Quixo) Draw(p sente.Position) string {
	pos := p.(QuixoPosition)
	cols := make([]string, g.n)
	for c := range cols {
		cols[c] = tttColumnName(c)
	}
	grid := drawGrid(g.boardText(pos), func(r int) string { return strconv.Itoa(g.n - r) }, cols)
	return grid + "\n" + g.toMove(pos)
}

func (g *Quixo) toMove(pos QuixoPosition) string {
	if pos.OToMove {
		return "o to move"
	}
	return "x to move"
}

// Board shows the grid with the labels of move names; the turn is in the
// caption, as the board alone does not tell it. A move is played by taking
// its cube, then the end it is pushed back in at: a push changes the whole
// segment it slides, so comparing boards could not place it; the caption
// says so, a push being like no other game's move.
func (g *Quixo) Board(p sente.Position) sente.Board {
	pos := p.(QuixoPosition)
	caption := g.toMove(pos)
	if _, ended := g.Ended(p); !ended {
		mark := "x"
		if pos.OToMove {
			mark = "o"
		}
		caption += ": click a cube on the edge, blank or " + mark + ", then the end of its row or column where it goes back in; the cubes between slide along"
	}
	b := sente.Board{Style: "grid", Cells: gridCells(g.boardText(pos)), Caption: caption}
	for r := range g.n {
		b.RowLabels = append(b.RowLabels, strconv.Itoa(g.n-r))
	}
	for c := range g.n {
		b.ColLabels = append(b.ColLabels, tttColumnName(c))
	}
	forbidden := rival(g.Encode(p))
	b.Moves = []sente.BoardMove{}
	for i := range g.pushes {
		push := &g.pushes[i]
		if push.from&forbidden == 0 {
			from := gridCell(bits.TrailingZeros32(push.from), g.n)
			b.Moves = append(b.Moves, sente.BoardMove{Name: push.name, From: &from, To: gridCell(bits.TrailingZeros32(push.entry), g.n)})
		}
	}
	return b
}

// EstimatePositions bounds quixo's positions: every cell blank, x or o,
// with either player to move.
func (g *Quixo) EstimatePositions() float64 {
	return 2 * math.Pow(3, float64(g.cells))
}

var (
	_ sente.Encoder   = (*Quixo)(nil)
	_ sente.Tiered    = (*Quixo)(nil)
	_ sente.Symmetric = (*Quixo)(nil)
	_ sente.Describer = (*Quixo)(nil)
	_ sente.Drawer    = (*Quixo)(nil)
	_ sente.Boarder   = (*Quixo)(nil)
	_ sente.Estimator = (*Quixo)(nil)
)
