package games_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
)

// TestHackenbushGraphValues pins graphs with cycles, loops and parallel
// edges, each held to the reference (the value by the definition).
func TestHackenbushGraphValues(t *testing.T) {
	for _, tc := range []struct{ graph, want, why string }{
		{"0-1L", "1", "one blue edge"},
		{"0-0L", "1", "a blue loop on the ground is one cut for Left"},
		{"0-1L,0-1L", "2", "two blue edges side by side: each stands while the other does"},
		{"0-1L,1-1R", "1/2", "a red loop on a blue edge is the string LR"},
		{"0-1L,1-2R,2-0L", "1", "a triangle: Left's cut leaves the string LR (1/2), Right's two blue edges (2): {1/2|2}"},
		{"0-1L,1-2R,2-3L", "3/4", "a path from the ground is the string LRL"},
		{"0-1R,1-0R,1-2L,2-3L", "-1/2", "two red edges hold up LL: Left's cuts leave -2 or {-2|-1/2} = -1, Right's the string RLL (-1/4): {-1|-1/4}"},
		{"0-1L,1-2L,2-0R,1-3R", "0", "a triangle (1) with R on a corner: Left's cuts leave RLR (-3/4) or LR and R (-1/2), Right's L(L,R) (1) or the triangle: {-1/2|1}"},
		{"0-1L,1-2R,2-0L,0-3R,3-4L,4-0R", "0", "a triangle and its colours exchanged, side by side on the ground"},
	} {
		if got := checkedValue(t, "hackenbush:graph="+tc.graph).String(); got != tc.want {
			t.Errorf("%s: %s; want %s (%s)", tc.graph, got, tc.want, tc.why)
		}
	}
}

// TestHackenbushGraphTreesAgree: random forests written both ways, as a
// forest and as a graph, have the same value; the two games share no code
// for what falls or for splitting into parts.
func TestHackenbushGraphTreesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 150 {
		n := 1 + rng.IntN(9)
		parent := make([]int, n)
		colour := make([]byte, n)
		for i := range n {
			parent[i] = rng.IntN(i+1) - 1 // -1: on the ground
			colour[i] = "LR"[rng.IntN(2)]
		}
		var tree func(i int) string
		tree = func(i int) string {
			var kids []string
			for j := i + 1; j < n; j++ {
				if parent[j] == i {
					kids = append(kids, tree(j))
				}
			}
			if len(kids) == 0 {
				return string(colour[i])
			}
			return string(colour[i]) + "(" + strings.Join(kids, ",") + ")"
		}
		var forest, graph []string
		for i := range n {
			if parent[i] < 0 {
				forest = append(forest, tree(i))
			}
			graph = append(graph, fmt.Sprintf("%d-%d%c", parent[i]+1, i+1, colour[i]))
		}
		f, g := strings.Join(forest, ","), strings.Join(graph, ",")
		if a, b := valueOf(t, "hackenbush:forest="+f, ""), valueOf(t, "hackenbush:graph="+g, ""); a != b {
			t.Fatalf("forest %s: %s; as the graph %s: %s", f, a, g, b)
		}
	}
}

// TestHackenbushGraphAgainstSolve: every position reachable from these
// graphs, with either side first, has the outcome class the solve finds,
// and the smaller ones' values are the reference's.
func TestHackenbushGraphAgainstSolve(t *testing.T) {
	for _, graph := range []string{
		"0-1L,1-2R,2-0L",
		"0-1L,1-2R,2-3L,3-0R,1-3L,2-2R",
		"0-1R,1-2L,2-3R,3-1L,1-4L,4-0R,0-0L,4-5L,5-5R",
		"0-1L,0-1R,1-2L,1-2R,2-3L,3-0R,3-4R,4-4L",
	} {
		spec := "hackenbush:graph=" + graph
		t.Run(graph, func(t *testing.T) { checkAgainstSolve(t, spec, 400) })
	}
}

func TestHackenbushGraphMovesAreOptions(t *testing.T) {
	checkMovesAreOptions(t, "hackenbush:graph=0-1L,1-2R,2-0L,2-3R,3-3L", 500)
	checkMovesAreOptions(t, "hackenbush:graph=0-1R,1-2L,2-3R,3-1L,1-4L,4-0R,first=right", 500)
}

// TestHackenbushGraphText: positions read back as written, and what is
// not a graph or not a position of it is refused with what is wanted.
func TestHackenbushGraphText(t *testing.T) {
	g, err := games.New("hackenbush:graph=0-1L,1-2R,2-0L,2-3R")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"0-1L,1-2R,2-0L,2-3R left", "0-1l,1-2R,2-0L,2-3R right", "0-1L,1-2r,2-0L,2-3R left", "0-1l,1-2r,2-0l,2-3r left"} {
		p, err := g.ParsePosition(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := g.FormatPosition(p); got != text {
			t.Errorf("%s reads back as %s", text, got)
		}
	}
	for _, text := range []string{
		"0-1l,1-2R,2-0l,2-3R left", // 1-2 and 2-3 stand on nothing
		"0-1L,1-2R,2-0L left",      // an edge short
		"0-1L left",                // three short
		"0-1L,1-2L,2-0L,2-3R left", // a colour changed
		"0-1L,1-3R,2-0L,2-3R left", // a node changed
		"0-1L,1-2R,2-0L,2-3R sideways",
	} {
		if _, err := g.ParsePosition(text); err == nil || !strings.Contains(err.Error(), "; want ") {
			t.Errorf("%s: %v; want an error that says what is wanted", text, err)
		}
	}
	for _, spec := range []string{
		"hackenbush:graph=0-1L,2-3R",  // 2-3 does not reach the ground
		"hackenbush:graph=0-1",        // no colour
		"hackenbush:graph=0-1X",       // no such colour
		"hackenbush:graph=0-01L",      // a node written oddly
		"hackenbush:graph=0-1000L",    // past 999
		"hackenbush:graph=0-1L,,1-2R", // an empty edge
		"hackenbush:graph=0-1L,forest=LR",
		"hackenbush:graph=" + strings.Repeat("0-0L,", 62) + "0-0L",
	} {
		if _, err := games.New(spec); err == nil || !strings.Contains(err.Error(), "want") {
			t.Errorf("%s: %v; want an error that says what is wanted", spec, err)
		}
	}
}

// TestHackenbushBoards: the drawing of a graph or a forest has two lines
// an edge standing, each edge's point its own and holding its owner's
// mark, a move for each cut on its edge's point, and nothing of what has
// been cut or has fallen.
func TestHackenbushBoards(t *testing.T) {
	for _, spec := range []string{
		"hackenbush",
		"hackenbush:forest=L(R,LL),RRL,LR(L(R,R),RL),first=right",
		"hackenbush:graph=0-1L,1-2R,2-0L,0-3R,3-3L",
		"hackenbush:graph=0-1R,1-2L,2-3R,3-1L,1-4L,4-0R,0-0L,4-5L,5-5R,0-6L,6-7L,7-8R,8-6L,6-0R,first=right",
		"hackenbush:graph=0-1L,0-1R,0-1L,1-1R,1-1L,1-2L,1-2R,2-0L",
	} {
		g, err := games.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		boarder := sente.CapabilitiesOf(g).Boarder
		rng := rand.New(rand.NewPCG(3, 4))
		for range 20 {
			for p := g.Start(); ; {
				moves := g.Moves(p)
				b := boarder.Board(p)
				on := func(c sente.BoardCell) bool {
					return c.Row >= 0 && c.Row < len(b.Cells) && c.Col >= 0 && c.Col < len(b.Cells[c.Row])
				}
				stones := 0
				for _, row := range b.Cells {
					for _, c := range row {
						if c != "" {
							stones++
						}
					}
				}
				if got, want := len(b.Lines), 2*stones; got != want {
					t.Fatalf("%s: %d lines for %d edges standing", g.FormatPosition(p), got, stones)
				}
				for _, l := range b.Lines {
					if !on(l.From) || !on(l.To) || b.Cells[l.To.Row][l.To.Col] == "" {
						t.Fatalf("%s: the line %+v does not end on its edge's point", g.FormatPosition(p), l)
					}
				}
				if len(b.Moves) != len(moves) {
					t.Fatalf("%s: %d board moves, %d moves", g.FormatPosition(p), len(b.Moves), len(moves))
				}
				mark := "x"
				if g.Turn(p) != sente.First {
					mark = "o"
				}
				for i, m := range moves {
					bm := b.Moves[i]
					if bm.Name != m.Name || !on(bm.To) || b.Cells[bm.To.Row][bm.To.Col] != mark {
						t.Fatalf("%s: move %s on %+v, which holds %q; want the mover's %q", g.FormatPosition(p), bm.Name, bm.To, b.Cells[bm.To.Row][bm.To.Col], mark)
					}
					if after := boarder.Board(m.To); after.Cells[bm.To.Row][bm.To.Col] != "" {
						t.Fatalf("%s: %s leaves its edge drawn", g.FormatPosition(p), m.Name)
					}
				}
				if len(moves) == 0 {
					break
				}
				p = moves[rng.IntN(len(moves))].To
			}
		}
	}
}
