package games

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

var _ interface {
	sente.Game
	sente.Encoder
	sente.Partizan
	sente.PartizanSplitter
	sente.Describer
	sente.Drawer
	sente.Boarder
	sente.Alternating
} = (*HackenbushGraph)(nil)

// HackenbushGraph is Blue-Red Hackenbush on any graph (Winning Ways,
// ch. 1): edges join numbered nodes, node 0 is the ground, and cycles,
// loops and several edges between two nodes are allowed. Cutting an edge
// drops every edge no longer joined to the ground. Edges are numbered in
// the order the graph is written; bit i of a position's Standing is edge
// i, and the key is Standing with bit 62 set when Right is to move.
type HackenbushGraph struct {
	left      []bool // the edge is Left's (blue)
	ends      [][2]int
	names     []string // each node's number as written; names[0] is "0"
	incident  []uint64 // the edges at each node
	leftFirst bool
	start     HackenbushPosition
	drawing   hackDrawing
}

// hackGraphMaxNodes bounds the nodes so that a search of what still
// reaches the ground needs no allocation: 62 edges have at most 124 ends
// besides the ground.
const hackGraphMaxNodes = 2*hackMaxEdges + 1

// NewHackenbushGraph makes Blue-Red Hackenbush on a graph written as its
// edges separated by commas, each as two node numbers joined by - and the
// edge's colour: "0-1L,1-2R,2-0L" is a triangle on the ground, two blue
// edges and a red one.
func NewHackenbushGraph(graph string, leftFirst bool) (sente.Game, error) {
	graph = strings.Join(strings.Fields(graph), "")
	g := &HackenbushGraph{leftFirst: leftFirst, names: []string{"0"}}
	standing, err := g.parse(graph, true)
	if err == "" {
		err = g.ungrounded(standing)
	}
	if err != "" {
		return nil, fmt.Errorf("hackenbush: graph=%s: %s; want edges separated by commas, each two node numbers joined by - and its colour L (Left's, blue) or R (Right's, red), node 0 the ground, every edge joined to the ground, at most %d edges, e.g. 0-1L,1-2R,2-0L", graph, err, hackMaxEdges)
	}
	g.start = HackenbushPosition{Standing: standing, LeftToMove: leftFirst}
	g.drawing = newHackDrawing(g.incident, g.ends)
	return g, nil
}

// parse reads edges "U-VC", C upper case for an edge standing and lower
// case for one cut. Defining, it adds them to g; otherwise it holds them
// to g's. It returns the edges marked standing.
func (g *HackenbushGraph) parse(s string, defining bool) (uint64, string) {
	if s == "" {
		return 0, "no edges"
	}
	nodes := map[string]int{"0": 0}
	var marked uint64
	for i, e := range strings.Split(s, ",") {
		if i == hackMaxEdges {
			return 0, fmt.Sprintf("more than %d edges", hackMaxEdges)
		}
		u, rest, ok := strings.Cut(e, "-")
		if !ok || len(rest) < 2 {
			return 0, fmt.Sprintf("edge %d, %q, is not two nodes joined by - and a colour", i+1, e)
		}
		v, c := rest[:len(rest)-1], rest[len(rest)-1]
		if c != 'L' && c != 'R' && c != 'l' && c != 'r' {
			return 0, fmt.Sprintf("edge %d, %q, ends in %q where its colour L or R should be", i+1, e, c)
		}
		var ends [2]int
		for k, name := range []string{u, v} {
			n, err := strconv.Atoi(name)
			if err != nil || n < 0 || n > 999 || name != strconv.Itoa(n) {
				return 0, fmt.Sprintf("edge %d, %q: node %q is not a number from 0 to 999", i+1, e, name)
			}
			id, seen := nodes[name]
			if !seen {
				id = len(nodes)
				nodes[name] = id
				if defining {
					g.names = append(g.names, name)
				}
			}
			ends[k] = id
		}
		left := c == 'L' || c == 'l'
		if defining {
			g.left = append(g.left, left)
			g.ends = append(g.ends, ends)
		} else if i >= len(g.left) || g.left[i] != left || g.ends[i] != ends {
			return 0, fmt.Sprintf("edge %d, %q, is not the game's", i+1, e)
		}
		if c == 'L' || c == 'R' {
			marked |= 1 << i
		}
	}
	if defining {
		g.incident = make([]uint64, len(g.names))
		for i, e := range g.ends {
			g.incident[e[0]] |= 1 << i
			g.incident[e[1]] |= 1 << i
		}
	} else if n := len(strings.Split(s, ",")); n != len(g.left) {
		edges := "edges"
		if n == 1 {
			edges = "edge"
		}
		return 0, fmt.Sprintf("%d %s where the game has %d", n, edges, len(g.left))
	}
	return marked, ""
}

// ungrounded says which edge of standing does not reach the ground, if
// one does not.
func (g *HackenbushGraph) ungrounded(standing uint64) string {
	if lost := standing &^ g.grounded(standing); lost != 0 {
		i := bits.TrailingZeros64(lost)
		return fmt.Sprintf("edge %d (%s) stands but does not reach the ground", i+1, g.edgeText(i, true))
	}
	return ""
}

// grounded is the edges of standing still joined to the ground through
// edges of standing: a search from the ground along them.
func (g *HackenbushGraph) grounded(standing uint64) uint64 {
	var seen [hackGraphMaxNodes]bool
	var queue [hackGraphMaxNodes]int
	seen[0] = true
	head, tail := 0, 1
	var kept uint64
	for head < tail {
		n := queue[head]
		head++
		for m := standing & g.incident[n] &^ kept; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			kept |= 1 << i
			for _, w := range g.ends[i] {
				if !seen[w] {
					seen[w] = true
					queue[tail] = w
					tail++
				}
			}
		}
	}
	return kept
}

// edgeText writes edge i as it is written in the graph: upper case
// standing, lower case cut.
func (g *HackenbushGraph) edgeText(i int, standing bool) string {
	c := "R"
	if g.left[i] {
		c = "L"
	}
	if !standing {
		c = strings.ToLower(c)
	}
	return g.names[g.ends[i][0]] + "-" + g.names[g.ends[i][1]] + c
}

func (g *HackenbushGraph) Start() sente.Position { return g.start }

func (g *HackenbushGraph) Turn(p sente.Position) sente.Player {
	return partizanTurn(g.leftFirst, p.(HackenbushPosition).LeftToMove)
}

func (g *HackenbushGraph) Ended(sente.Position) (sente.Value, bool) { return sente.Unknown, false }

func (g *HackenbushGraph) Left() sente.Player { return partizanLeft(g.leftFirst) }

// Alternates: Left's options have Right to move and Right's Left.
func (g *HackenbushGraph) Alternates() bool { return true }

func (g *HackenbushGraph) cuts(q HackenbushPosition, left bool, fn func(edge int, rest uint64)) {
	for m := q.Standing; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if g.left[i] == left {
			fn(i, g.grounded(q.Standing&^(1<<i)))
		}
	}
}

// Moves are named by the edge cut, its number from 1 in the order the
// graph is written: "3" cuts the third edge.
func (g *HackenbushGraph) Moves(p sente.Position) []sente.Move {
	q := p.(HackenbushPosition)
	var out []sente.Move
	g.cuts(q, q.LeftToMove, func(i int, rest uint64) {
		out = append(out, sente.Move{Name: strconv.Itoa(i + 1), To: HackenbushPosition{Standing: rest, LeftToMove: !q.LeftToMove}})
	})
	return out
}

func (g *HackenbushGraph) LeftOptions(p sente.Position) []sente.Position {
	return hackOptions(p, true, g.cuts)
}

func (g *HackenbushGraph) RightOptions(p sente.Position) []sente.Position {
	return hackOptions(p, false, g.cuts)
}

// Parts are the pieces the standing edges make once the ground is taken
// away: pieces that meet only at the ground are a sum, since a cut in
// one drops nothing of another.
func (g *HackenbushGraph) Parts(p sente.Position) []sente.Position {
	q := p.(HackenbushPosition)
	var parts []sente.Position
	for rest := q.Standing; rest != 0; {
		part := g.piece(rest, bits.TrailingZeros64(rest))
		parts = append(parts, HackenbushPosition{Standing: part, LeftToMove: q.LeftToMove})
		rest &^= part
	}
	return parts
}

// piece is the edges of standing joined to edge i through nodes other
// than the ground.
func (g *HackenbushGraph) piece(standing uint64, i int) uint64 {
	part := uint64(1) << i
	for grown := true; grown; {
		grown = false
		for m := part; m != 0; m &= m - 1 {
			for _, n := range g.ends[bits.TrailingZeros64(m)] {
				if n == 0 {
					continue
				}
				if more := standing & g.incident[n] &^ part; more != 0 {
					part |= more
					grown = true
				}
			}
		}
	}
	return part
}

// Shape writes a part's edges in order with its nodes numbered as they
// first appear (the ground 0), and again with the colours exchanged,
// which negates the value: the lesser of the two. Equal shapes are the
// same coloured graph, so have the same value; parts alike but for their
// edges' order are valued apart, which costs time and not correctness.
func (g *HackenbushGraph) Shape(p sente.Position) (string, bool) {
	q := p.(HackenbushPosition)
	number := map[int]int{0: 0}
	var plain, swapped strings.Builder
	for m := q.Standing; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		for k, n := range g.ends[i] {
			id, ok := number[n]
			if !ok {
				id = len(number)
				number[n] = id
			}
			sep := "-"
			if k == 1 {
				sep = ""
			}
			plain.WriteString(strconv.Itoa(id) + sep)
			swapped.WriteString(strconv.Itoa(id) + sep)
		}
		if g.left[i] {
			plain.WriteString("L,")
			swapped.WriteString("R,")
		} else {
			plain.WriteString("R,")
			swapped.WriteString("L,")
		}
	}
	a, b := plain.String(), swapped.String()
	if b < a {
		return b, true
	}
	return a, false
}

func (g *HackenbushGraph) text(standing uint64) string {
	edges := make([]string, len(g.left))
	for i := range edges {
		edges[i] = g.edgeText(i, standing>>i&1 != 0)
	}
	return strings.Join(edges, ",")
}

func (g *HackenbushGraph) FormatPosition(p sente.Position) string {
	q := p.(HackenbushPosition)
	return g.text(q.Standing) + " " + sideWord(q.LeftToMove)
}

func (g *HackenbushGraph) ParsePosition(s string) (sente.Position, error) {
	bad := func(why string) error {
		example := HackenbushPosition{Standing: g.start.Standing, LeftToMove: !g.leftFirst}
		g.cuts(g.start, g.leftFirst, func(_ int, rest uint64) { example.Standing = rest })
		return fmt.Errorf("hackenbush position %q: %s; want the graph %s with the edges cut or fallen in lower case (every standing edge joined to the ground), then who moves (left or right), e.g. %q",
			s, why, g.text(g.start.Standing), g.FormatPosition(example))
	}
	body, left, err := splitSide(s, g.leftFirst)
	if err != nil {
		return nil, bad(err.Error())
	}
	body = strings.Join(strings.Fields(body), "")
	marked, why := g.parse(body, false)
	if why == "" {
		why = g.ungrounded(marked)
	}
	if why != "" {
		return nil, bad(why)
	}
	return HackenbushPosition{Standing: marked, LeftToMove: left}, nil
}

func (g *HackenbushGraph) Encode(p sente.Position) uint64 { return p.(HackenbushPosition).key() }

func (g *HackenbushGraph) Decode(key uint64) sente.Position { return hackPositionOf(key) }

func (g *HackenbushGraph) AppendChildren(dst []uint64, key uint64) []uint64 {
	return hackChildren(dst, key, g.cuts)
}

func (g *HackenbushGraph) EndedKey(uint64) (sente.Value, bool) { return sente.Unknown, false }

// Draw lists the standing edges, one a line: its number (the move that
// cuts it), the nodes it joins and its colour.
func (g *HackenbushGraph) Draw(p sente.Position) string {
	q := p.(HackenbushPosition)
	var b strings.Builder
	b.WriteString(" edge  joins    colour (node 0 is the ground)\n")
	for m := q.Standing; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		colour := "R, red"
		if g.left[i] {
			colour = "L, blue"
		}
		fmt.Fprintf(&b, " %-5d %-8s %s\n", i+1, g.names[g.ends[i][0]]+"-"+g.names[g.ends[i][1]], colour)
	}
	if q.Standing == 0 {
		b.WriteString(" (nothing stands)\n")
	}
	return b.String() + partizanCaption(q.LeftToMove, "blue, L", "red, R")
}

// Board draws the graph standing on a board of points (hackDrawing).
func (g *HackenbushGraph) Board(p sente.Position) sente.Board {
	return g.drawing.board(p.(HackenbushPosition), g.left, g.ends, g.leftFirst, g.cuts, func(i int) string { return strconv.Itoa(i + 1) })
}

func (g *HackenbushGraph) Describe() sente.Description {
	return sente.Description{
		Summary: hackenbushSummary,
		Rules: "Edges join nodes of a graph (parameter graph), node 0 the ground: each edge is Left's (blue, L) or Right's (red, R), and cycles, loops and several edges between two nodes are allowed. " +
			"On her turn Left cuts one of her edges, on his Right one of his; every edge no longer joined to the ground through standing edges falls with it. " +
			"The player who cannot cut loses. Parameter first says who starts (left by default). " +
			"Each position is a number in combinatorial game theory; pieces that meet only at the ground are a sum. " +
			"A graph is written as its edges separated by commas, each two node numbers joined by - and its colour: 0-1L,1-2R,2-0L is a triangle standing on the ground, two blue edges and a red one. " +
			"Moves name the edge cut by its number, counting from 1 in the order the graph is written.",
		Position: "The graph as it was given, with the edges cut or fallen in lower case, then who moves, left or right (the side that starts if left out): \"0-1L,1-2r,2-0L left\" after Right cut the red edge.",
		Examples: []string{"hackenbush:graph=0-1L,1-2R,2-0L", "hackenbush:graph=0-1L,1-1R,1-2L,2-0R,first=right"},
	}
}

// hackenbushGraphOrForest chooses the game of the parameters: a graph
// when one is given, else the forest.
func hackenbushGraphOrForest(v sente.ParamValues) (sente.Game, error) {
	leftFirst := v.String("first") == "left"
	graph := v.String("graph")
	if graph == "" {
		return NewHackenbush(v.String("forest"), leftFirst)
	}
	if forest := v.String("forest"); forest != hackDefaultForest {
		return nil, fmt.Errorf("hackenbush: forest=%s and graph=%s; want one of them: a forest of strings and trees, or a graph", forest, graph)
	}
	return NewHackenbushGraph(graph, leftFirst)
}
