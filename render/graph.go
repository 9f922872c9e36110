package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve"
)

// Graph is the graph of a game's positions, for Graphviz: a node for each
// position reachable from the root, an arrow for each move.
type Graph struct {
	Title string
	Nodes []Node
	Edges []Edge
	// LeftToRight lays the graph out from left to right instead of from
	// top to bottom.
	LeftToRight bool
}

// Node is one position of a Graph.
type Node struct {
	Position string // its text, as the game formats it
	Turn     sente.Player
	Outcome  sente.Outcome // for the player to move
	Grundy   string        // its Grundy value, "" when not known
	Root     bool          // the position the graph starts from
}

// Edge is one move of a Graph, from Nodes[From] to Nodes[To].
type Edge struct {
	From, To int
	Move     string
	// Best says the move is one of the best from its position: it reaches
	// the position's own outcome.
	Best bool
}

// GraphOptions change what GraphOf draws.
type GraphOptions struct {
	Title string
	// Grundy, when set, gives the Grundy value of a position (of an
	// impartial game), written on its node; false means none is known.
	Grundy nimber.Valuer
	// MaxPositions limits the graph; zero means DefaultGraphLimit.
	MaxPositions int
	LeftToRight  bool
}

// DefaultGraphLimit is the most positions a graph has unless told
// otherwise: more make a picture nobody can read, and take Graphviz long.
const DefaultGraphLimit = 300

// TooBigError says that a graph has more positions than pictures allow.
type TooBigError struct{ Positions, Limit int }

func (e *TooBigError) Error() string {
	return fmt.Sprintf("the graph has %d positions; pictures are limited to %d; choose smaller parameters", e.Positions, e.Limit)
}

// GraphOf makes the graph of every position of sol and every move the solve
// considered (explain.Moves: the legal moves, less those a policy forbids).
// It returns a *TooBigError, before doing any work, when sol has more
// positions than opt.MaxPositions.
func GraphOf(sol solve.Solution, opt GraphOptions) (*Graph, error) {
	limit := opt.MaxPositions
	if limit <= 0 {
		limit = DefaultGraphLimit
	}
	if n := sol.Positions(); n > limit {
		return nil, &TooBigError{Positions: n, Limit: limit}
	}
	game := sol.Game()
	g := &Graph{Title: opt.Title, LeftToRight: opt.LeftToRight}
	index := map[string]int{}
	var positions []sente.Position
	root := game.FormatPosition(sol.Root())
	sol.Each(func(p sente.Position, o sente.Outcome) bool {
		text := game.FormatPosition(p)
		n := Node{Position: text, Turn: game.Turn(p), Outcome: o, Root: text == root}
		if opt.Grundy != nil {
			if v, ok := opt.Grundy.Of(p); ok {
				n.Grundy = v.String()
			}
		}
		index[text] = len(g.Nodes)
		g.Nodes = append(g.Nodes, n)
		positions = append(positions, p)
		return true
	})
	for from, p := range positions {
		ranked, err := explain.Moves(sol, p)
		if err != nil {
			return nil, fmt.Errorf("position %s: %w", g.Nodes[from].Position, err)
		}
		for _, m := range ranked {
			text := game.FormatPosition(m.To)
			to, ok := index[text]
			if !ok {
				return nil, fmt.Errorf("move %s from %s leads to %s, which the solution does not hold", m.Name, g.Nodes[from].Position, text)
			}
			g.Edges = append(g.Edges, Edge{From: from, To: to, Move: m.Name, Best: m.Outcome == ranked[0].Outcome})
		}
	}
	return g, nil
}

// nodeFill is the colour of a node: its value for the player to move.
func nodeFill(v sente.Value) string {
	switch v {
	case sente.Win:
		return hex(ColorWinTint)
	case sente.Lose:
		return hex(ColorLoseTint)
	case sente.Tie:
		return hex(ColorTieTint)
	case sente.Draw:
		return hex(ColorDrawTint)
	}
	return "#ffffff"
}

// valueText is a node's value in words: "win in 3", "lose (game over)".
func valueText(o sente.Outcome) string {
	if o.Value != sente.Draw && o.Value != sente.Unknown && o.Remoteness == 0 {
		return o.Value.String() + " (game over)"
	}
	return o.String()
}

// WriteDOT writes g in Graphviz's DOT language. Each node shows the
// position, its value for the player to move with the remoteness (and its
// Grundy value when known), and is coloured by that value: green when the
// player to move wins (an N-position), red when they lose (a P-position),
// yellow for a tie, grey-blue for a draw. The root has a thick border. An
// arrow is a move, labelled with its name; the best moves are drawn bold
// and black, the others thin and grey. A legend under the title says so.
func WriteDOT(w io.Writer, g *Graph) error {
	bw := bufio.NewWriter(w)
	rankdir := "TB"
	if g.LeftToRight {
		rankdir = "LR"
	}
	fmt.Fprintf(bw, "digraph sente {\n")
	fmt.Fprintf(bw, "\tgraph [rankdir=%s, labelloc=t, fontname=\"Helvetica,Arial,sans-serif\", fontsize=16, nodesep=0.3, ranksep=0.45,\n\t\tlabel=<%s>];\n", rankdir, graphLegend(g))
	fmt.Fprintf(bw, "\tnode [shape=box, style=\"rounded,filled\", fontname=\"Helvetica,Arial,sans-serif\", fontsize=12, color=\"#555555\"];\n")
	fmt.Fprintf(bw, "\tedge [fontname=\"Helvetica,Arial,sans-serif\", fontsize=10, arrowsize=0.7];\n")
	for i, n := range g.Nodes {
		label := n.Position + "\n" + valueText(n.Outcome)
		if n.Grundy != "" {
			label += ", G = " + n.Grundy
		}
		tip := n.Turn.String() + " player to move: " + explain.Verdict(n.Turn, n.Outcome)
		fmt.Fprintf(bw, "\tn%d [label=%s, fillcolor=\"%s\", tooltip=%s", i, dotQuote(label), nodeFill(n.Outcome.Value), dotQuote(tip))
		if n.Root {
			bw.WriteString(", penwidth=3, color=\"#000000\"")
		}
		bw.WriteString("];\n")
	}
	for _, e := range g.Edges {
		fmt.Fprintf(bw, "\tn%d -> n%d [label=%s", e.From, e.To, dotQuote(e.Move))
		if e.Best {
			bw.WriteString(", penwidth=2, color=\"#000000\"")
		} else {
			bw.WriteString(", color=\"#9a9a9a\", fontcolor=\"#707070\"")
		}
		bw.WriteString("];\n")
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// graphLegend is the graph's HTML-like label: the title and what colours
// and arrows mean.
func graphLegend(g *Graph) string {
	var b strings.Builder
	if g.Title != "" {
		fmt.Fprintf(&b, "<B>%s</B><BR/>", htmlEscape(g.Title))
	}
	fmt.Fprintf(&b, "<FONT POINT-SIZE=\"11\">Colour: the value for the player to move. "+
		"<FONT COLOR=\"%s\">■</FONT> wins (N-position) "+
		"<FONT COLOR=\"%s\">■</FONT> loses (P-position) "+
		"<FONT COLOR=\"%s\">■</FONT> tie "+
		"<FONT COLOR=\"%s\">■</FONT> draw<BR/>"+
		"Bold arrows: best moves. Thick border: the start. Numbers: plies to the end under perfect play.</FONT>",
		hex(ColorWinTint), hex(ColorLoseTint), hex(ColorTieTint), hex(ColorDrawTint))
	return b.String()
}

// dotQuote quotes s as a DOT string; newlines become centred line breaks.
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r", "", "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
