package games

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// hackMaxEdges bounds a forest so that a position (the edges still
// standing and the side to move) is one key.
const hackMaxEdges = 62

const hackenbushSummary = "Blue-Red Hackenbush: cut one of your own edges of strings, trees or any graph; what no longer reaches the ground falls; who cannot cut loses"

// hackDefaultForest is the forest played when none is given.
const hackDefaultForest = "LLR,RL"

func init() {
	register(Family{
		Name:    "hackenbush",
		Summary: hackenbushSummary,
		Params: []sente.Param{
			{Name: "forest", Kind: sente.Text, Default: hackDefaultForest, Positional: true, Instead: "graph",
				Doc: "the strings and trees standing on the ground, separated by commas, each edge L (Left's, blue) or R (Right's, red) from the ground up: LLR is a string; L(R,LL) an L edge with the branches R and LL on top; at most 62 edges"},
			{Name: "graph", Kind: sente.Text, Default: "",
				Doc: "instead of a forest, any graph: edges separated by commas, each two node numbers joined by - and its colour, node 0 the ground; 0-1L,1-2R,2-0L is a triangle on the ground; at most 62 edges"},
			partizanFirst,
		},
		New: hackenbushGraphOrForest,
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
} = (*Hackenbush)(nil)

// Hackenbush is Blue-Red Hackenbush (Winning Ways, ch. 1) on a forest of
// strings and trees: Left cuts a blue edge (L), Right a red one (R), and
// every edge no longer joined to the ground by standing edges falls.
// Edges are numbered in the order the forest is written (each edge before
// the edges on top of it); bit i of a position's Standing is edge i, and
// the key is Standing with bit 62 set when Right is to move.
type Hackenbush struct {
	forest    string
	left      []bool // the edge is Left's (blue)
	parent    []int  // the edge below, -1 on the ground
	above     []uint64
	tree      []int // the tree an edge belongs to, from 0
	root      []int // each tree's ground edge
	leftFirst bool
	start     HackenbushPosition
	// For the terminal: each edge's row from the top and column.
	row, col   []int
	rows, cols int
	// For the board of points: edge i joins the top of the edge below
	// (node 0, the ground, for a tree's first) to its own top, node i+1.
	ends    [][2]int
	drawing hackDrawing
}

// HackenbushPosition is the edges still standing and the side to move.
type HackenbushPosition struct {
	Standing   uint64
	LeftToMove bool
}

// NewHackenbush makes Blue-Red Hackenbush on the forest given as text.
func NewHackenbush(forest string, leftFirst bool) (sente.Game, error) {
	g := &Hackenbush{leftFirst: leftFirst}
	forest = strings.Join(strings.Fields(forest), "")
	if err := g.parseForest(forest); err != "" {
		return nil, fmt.Errorf("hackenbush: forest=%s: %s; want strings and trees of L and R edges separated by commas, branches in parentheses, at most %d edges, e.g. LLR,RL or L(R,LL) (a graph with cycles is graph=..., e.g. graph=0-1L,1-2R,2-0L)", forest, err, hackMaxEdges)
	}
	g.forest = forest
	n := len(g.left)
	g.above = make([]uint64, n)
	for i := n - 1; i >= 0; i-- {
		g.above[i] |= 1 << i
		if p := g.parent[i]; p >= 0 {
			g.above[p] |= g.above[i]
		}
	}
	g.layout()
	g.ends = make([][2]int, n)
	for i, p := range g.parent {
		g.ends[i] = [2]int{p + 1, i + 1}
	}
	// Each edge's top two rows above the top of the edge below, in its
	// column of the terminal's layout; the ground below the middle.
	node := make([]sente.BoardCell, n+1)
	node[0] = sente.BoardCell{Row: 2 * g.rows, Col: g.cols - 1}
	for i := range n {
		node[i+1] = sente.BoardCell{Row: 2 * g.row[i], Col: 2 * g.col[i]}
	}
	g.drawing = hackDrawingAt(node, 2*g.rows+1, 2*g.cols-1, g.ends)
	g.start = HackenbushPosition{Standing: 1<<n - 1, LeftToMove: leftFirst}
	return g, nil
}

// parseForest reads chains: chain := colour+ [ "(" chain {"," chain} ")" ].
func (g *Hackenbush) parseForest(s string) string {
	i := 0
	var chain func(parent, tree, depth int) string
	chain = func(parent, tree, depth int) string {
		if depth > hackMaxEdges {
			return "nested too deep"
		}
		if i >= len(s) || s[i] != 'L' && s[i] != 'R' && s[i] != 'l' && s[i] != 'r' {
			if i >= len(s) {
				return "an edge missing at the end"
			}
			return fmt.Sprintf("%q at %d where an edge L or R should be", s[i], i+1)
		}
		for i < len(s) && (s[i] == 'L' || s[i] == 'R' || s[i] == 'l' || s[i] == 'r') {
			if len(g.left) == hackMaxEdges {
				return fmt.Sprintf("more than %d edges", hackMaxEdges)
			}
			g.left = append(g.left, s[i] == 'L' || s[i] == 'l')
			g.parent = append(g.parent, parent)
			g.tree = append(g.tree, tree)
			if parent < 0 {
				g.root = append(g.root, len(g.left)-1)
			}
			parent = len(g.left) - 1
			i++
		}
		if i < len(s) && s[i] == '(' {
			i++
			for {
				if err := chain(parent, tree, depth+1); err != "" {
					return err
				}
				if i < len(s) && s[i] == ',' {
					i++
					continue
				}
				if i < len(s) && s[i] == ')' {
					i++
					break
				}
				return "a branch list not closed by )"
			}
		}
		return ""
	}
	for tree := 0; ; tree++ {
		if err := chain(-1, tree, 0); err != "" {
			return err
		}
		if i == len(s) {
			return ""
		}
		if s[i] != ',' {
			return fmt.Sprintf("%q at %d where , or the end should be", s[i], i+1)
		}
		i++
	}
}

// layout places each edge for the terminal: one column a leaf, an edge in
// the column of its subtree's first leaf, rows by height from the ground
// (the ground is below the last row).
func (g *Hackenbush) layout() {
	n := len(g.left)
	g.row, g.col = make([]int, n), make([]int, n)
	depth := make([]int, n)
	hasChild := make([]bool, n)
	for i := range n {
		if p := g.parent[i]; p >= 0 {
			depth[i] = depth[p] + 1
			hasChild[p] = true
		}
		g.rows = max(g.rows, depth[i]+1)
	}
	// Edges come before those above them, and a subtree's edges are
	// consecutive: a leaf takes the next column; an edge takes its first
	// edge above's column, which is placed after it, so go backwards.
	col := 0
	for i := range n {
		if !hasChild[i] {
			g.col[i] = col
			col++
		}
	}
	for i := n - 1; i >= 0; i-- {
		if hasChild[i] {
			for j := i + 1; j < n; j++ {
				if g.parent[j] == i {
					g.col[i] = g.col[j]
					break
				}
			}
		}
	}
	g.cols = col
	for i := range n {
		g.row[i] = g.rows - 1 - depth[i]
	}
}

func (g *Hackenbush) Start() sente.Position { return g.start }

func (g *Hackenbush) Turn(p sente.Position) sente.Player {
	return partizanTurn(g.leftFirst, p.(HackenbushPosition).LeftToMove)
}

func (g *Hackenbush) Ended(sente.Position) (sente.Value, bool) { return sente.Unknown, false }

func (g *Hackenbush) Left() sente.Player { return partizanLeft(g.leftFirst) }

// Alternates: Left's options have Right to move and Right's Left.
func (g *Hackenbush) Alternates() bool { return true }

// edgeName is "TREE.EDGE": the tree's number from 1 and the edge's within
// it from 1, in the order the forest is written.
func (g *Hackenbush) edgeName(i int) string {
	return strconv.Itoa(g.tree[i]+1) + "." + strconv.Itoa(i-g.root[g.tree[i]]+1)
}

func (g *Hackenbush) cuts(q HackenbushPosition, left bool, fn func(edge int, rest uint64)) {
	for m := q.Standing; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if g.left[i] == left {
			fn(i, q.Standing&^g.above[i])
		}
	}
}

// Moves are named by the edge cut, "TREE.EDGE": "2.3" cuts the third edge
// of the second tree, counting in the order the forest is written (for a
// string, from the ground up).
func (g *Hackenbush) Moves(p sente.Position) []sente.Move {
	q := p.(HackenbushPosition)
	var out []sente.Move
	g.cuts(q, q.LeftToMove, func(i int, rest uint64) {
		out = append(out, sente.Move{Name: g.edgeName(i), To: HackenbushPosition{Standing: rest, LeftToMove: !q.LeftToMove}})
	})
	return out
}

func (g *Hackenbush) LeftOptions(p sente.Position) []sente.Position {
	return hackOptions(p, true, g.cuts)
}

func (g *Hackenbush) RightOptions(p sente.Position) []sente.Position {
	return hackOptions(p, false, g.cuts)
}

// Parts are the trees still standing, each alone.
func (g *Hackenbush) Parts(p sente.Position) []sente.Position {
	q := p.(HackenbushPosition)
	var parts []sente.Position
	for _, r := range g.root {
		if q.Standing>>r&1 != 0 {
			parts = append(parts, HackenbushPosition{Standing: q.Standing & g.above[r], LeftToMove: q.LeftToMove})
		}
	}
	return parts
}

// Shape is the standing edges as a tree written canonically (each edge's
// branches in sorted order), and with the colours exchanged, which
// negates the value: the lesser of the two.
func (g *Hackenbush) Shape(p sente.Position) (string, bool) {
	q := p.(HackenbushPosition)
	var code func(i int, swap bool) string
	code = func(i int, swap bool) string {
		c := "R"
		if g.left[i] != swap {
			c = "L"
		}
		var kids []string
		for j := i + 1; j < len(g.left); j++ {
			if g.parent[j] == i && q.Standing>>j&1 != 0 {
				kids = append(kids, code(j, swap))
			}
		}
		if len(kids) == 0 {
			return c
		}
		slices.Sort(kids)
		return c + "(" + strings.Join(kids, ",") + ")"
	}
	var plain, swapped []string
	for _, r := range g.root {
		if q.Standing>>r&1 != 0 {
			plain = append(plain, code(r, false))
			swapped = append(swapped, code(r, true))
		}
	}
	slices.Sort(plain)
	slices.Sort(swapped)
	a, b := strings.Join(plain, ","), strings.Join(swapped, ",")
	if b < a {
		return b, true
	}
	return a, false
}

// text writes the forest as it was given, with the edges that have been
// cut (or have fallen) in lower case.
func (g *Hackenbush) text(standing uint64) string {
	var b strings.Builder
	edge := 0
	for i := 0; i < len(g.forest); i++ {
		c := g.forest[i]
		switch c {
		case 'L', 'R', 'l', 'r':
			up := c &^ 0x20
			if standing>>edge&1 == 0 {
				up |= 0x20
			}
			b.WriteByte(up)
			edge++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (g *Hackenbush) FormatPosition(p sente.Position) string {
	q := p.(HackenbushPosition)
	return g.text(q.Standing) + " " + sideWord(q.LeftToMove)
}

func (g *Hackenbush) ParsePosition(s string) (sente.Position, error) {
	bad := func(why string) error {
		return fmt.Errorf("hackenbush position %q: %s; want the forest %s with the edges cut in lower case (an edge standing only on standing edges), then who moves (left or right), e.g. %q",
			s, why, g.text(g.start.Standing), g.FormatPosition(HackenbushPosition{Standing: g.start.Standing &^ 1, LeftToMove: !g.leftFirst}))
	}
	body, left, err := splitSide(s, g.leftFirst)
	if err != nil {
		return nil, bad(err.Error())
	}
	body = strings.Join(strings.Fields(body), "")
	if len(body) != len(g.forest) {
		return nil, bad("not the game's forest")
	}
	var standing uint64
	edge := 0
	for i := range len(body) {
		c, want := body[i], g.forest[i]
		isEdge := want == 'L' || want == 'R' || want == 'l' || want == 'r'
		if isEdge && (c == 'L' || c == 'R' || c == 'l' || c == 'r') && c&^0x20 != want&^0x20 || !isEdge && c != want ||
			isEdge && c != 'L' && c != 'R' && c != 'l' && c != 'r' {
			return nil, bad(fmt.Sprintf("%q at %d where the forest has %q", c, i+1, want))
		}
		if c == 'L' || c == 'R' {
			standing |= 1 << edge
		}
		if c == 'L' || c == 'R' || c == 'l' || c == 'r' {
			edge++
		}
	}
	for i := range len(g.left) {
		if p := g.parent[i]; standing>>i&1 != 0 && p >= 0 && standing>>p&1 == 0 {
			return nil, bad(fmt.Sprintf("edge %s stands on a cut edge", g.edgeName(i)))
		}
	}
	return HackenbushPosition{Standing: standing, LeftToMove: left}, nil
}

func (g *Hackenbush) Encode(p sente.Position) uint64 { return p.(HackenbushPosition).key() }

func (g *Hackenbush) Decode(key uint64) sente.Position { return hackPositionOf(key) }

func (g *Hackenbush) AppendChildren(dst []uint64, key uint64) []uint64 {
	return hackChildren(dst, key, g.cuts)
}

// key is the position's key: the edges standing, with bit 62 set when
// Right is to move (both forms of Hackenbush).
func (q HackenbushPosition) key() uint64 {
	if q.LeftToMove {
		return q.Standing
	}
	return q.Standing | partizanRightBit
}

func hackPositionOf(key uint64) HackenbushPosition {
	return HackenbushPosition{Standing: key &^ partizanRightBit, LeftToMove: key&partizanRightBit == 0}
}

// hackChildren appends the keys of the positions a cut leads to, the cuts
// as a form of Hackenbush makes them.
func hackChildren(dst []uint64, key uint64, cuts func(HackenbushPosition, bool, func(int, uint64))) []uint64 {
	q := hackPositionOf(key)
	cuts(q, q.LeftToMove, func(_ int, rest uint64) {
		dst = append(dst, HackenbushPosition{Standing: rest, LeftToMove: !q.LeftToMove}.key())
	})
	return dst
}

// hackOptions are the positions the cuts of one side lead to.
func hackOptions(p sente.Position, left bool, cuts func(HackenbushPosition, bool, func(int, uint64))) []sente.Position {
	var out []sente.Position
	cuts(p.(HackenbushPosition), left, func(_ int, rest uint64) {
		out = append(out, HackenbushPosition{Standing: rest, LeftToMove: !left})
	})
	return out
}

func (g *Hackenbush) EndedKey(uint64) (sente.Value, bool) { return sente.Unknown, false }

// Draw lays the standing edges out as the forest grows, a column a leaf,
// each edge L or R, the ground (=) below.
func (g *Hackenbush) Draw(p sente.Position) string {
	q := p.(HackenbushPosition)
	cells := make([][]byte, g.rows)
	for r := range cells {
		cells[r] = []byte(strings.Repeat(".", g.cols))
	}
	for i, left := range g.left {
		if q.Standing>>i&1 != 0 {
			cells[g.row[i]][g.col[i]] = 'R'
			if left {
				cells[g.row[i]][g.col[i]] = 'L'
			}
		}
	}
	var b strings.Builder
	for _, row := range cells {
		for _, c := range row {
			b.WriteString(" " + string(c))
		}
		b.WriteByte('\n')
	}
	b.WriteString(" " + strings.Repeat("==", g.cols)[1:] + "\n")
	return b.String() + partizanCaption(q.LeftToMove, "blue, L", "red, R")
}

// Board draws the forest standing on a board of points (hackDrawing):
// the graph whose nodes are the ground and each edge's top.
func (g *Hackenbush) Board(p sente.Position) sente.Board {
	return g.drawing.board(p.(HackenbushPosition), g.left, g.ends, g.leftFirst, g.cuts, g.edgeName)
}

func (g *Hackenbush) Describe() sente.Description {
	return sente.Description{
		Summary: hackenbushSummary,
		Rules: "Edges stand on the ground in strings and trees (parameter forest, LLR,RL by default): each is Left's (blue, L) or Right's (red, R). " +
			"On her turn Left cuts one of her edges, on his Right one of his; every edge that no longer reaches the ground through standing edges falls with it. " +
			"The player who cannot cut loses. Parameter first says who starts (left by default). " +
			"Each position has a value in combinatorial game theory, the sum of its trees' values; a string's is given by Berlekamp's sign rule: its first run of one colour counts 1 an edge, and each edge after the first change of colour half the one before, for its owner. " +
			"A forest is written as its trees separated by commas, each tree from the ground up: LLR is a string of three edges; L(R,LL) an L edge with two branches on top, R and LL. " +
			"Moves name the edge cut as TREE.EDGE, counting trees from 1 and a tree's edges from 1 in the order it is written: \"1.3\" cuts the third edge of LLR. " +
			"Parameter graph plays any graph instead, cycles and loops too: its edges separated by commas, each two node numbers joined by - and its colour, node 0 the ground (0-1L,1-2R,2-0L is a triangle standing on the ground).",
		Position: "The forest as it was given, with the edges cut or fallen in lower case, then who moves, left or right (the side that starts if left out): \"LLr,RL left\" after Right cut the top edge of LLR.",
		Examples: []string{"hackenbush", "hackenbush:LRRL", "hackenbush:forest=L(R,LL),RRL,first=right", "hackenbush:graph=0-1L,1-2R,2-0L"},
	}
}
