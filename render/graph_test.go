package render_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/render"
)

// countGraph is seed 004's graph: the count game with Grundy values.
func countGraph(t *testing.T, spec string) *render.Graph {
	t.Helper()
	sol := solved(t, spec)
	vals, err := nimber.Grundy(context.Background(), sol.Game(), nil, nimber.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := render.GraphOf(sol, render.GraphOptions{
		Title:       "The count game (seed 004): " + spec,
		LeftToRight: true,
		Grundy:      vals.Nimbers(),
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGraph(t *testing.T) {
	g := countGraph(t, "count:lose=6")
	roots := 0
	for _, n := range g.Nodes {
		if n.Root {
			roots++
			if n.Position == "" {
				t.Error("the root has no text")
			}
		}
		// Impartial: the player to move loses exactly at G = 0.
		if (n.Grundy == "0") != (n.Outcome.Value == sente.Lose) {
			t.Errorf("%s: G = %s but %v", n.Position, n.Grundy, n.Outcome)
		}
	}
	if roots != 1 {
		t.Errorf("%d roots, want 1", roots)
	}
	best := 0
	for _, e := range g.Edges {
		if e.Best {
			best++
		}
		if e.Move == "" {
			t.Error("an edge has no move name")
		}
	}
	if best == 0 || best == len(g.Edges) {
		t.Errorf("%d of %d edges best", best, len(g.Edges))
	}
	var buf bytes.Buffer
	if err := render.WriteDOT(&buf, g); err != nil {
		t.Fatal(err)
	}
	golden(t, "count6.dot", buf.Bytes())
	for _, want := range []string{"digraph sente {", "rankdir=LR", "G = 0", "fillcolor=\"#f4a59f\"", "penwidth=3", "P-position"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("the DOT lacks %q", want)
		}
	}
}

func TestGraphLimit(t *testing.T) {
	sol := solved(t, "tictactoe")
	_, err := render.GraphOf(sol, render.GraphOptions{MaxPositions: 100})
	var big *render.TooBigError
	if !errors.As(err, &big) || big.Positions != 5478 || big.Limit != 100 {
		t.Fatalf("err = %v, want a TooBigError for 5478 positions", err)
	}
	if want := "the graph has 5478 positions; pictures are limited to 100; choose smaller parameters"; err.Error() != want {
		t.Errorf("err = %q, want %q", err, want)
	}
	if _, err := render.GraphOf(sol, render.GraphOptions{}); err == nil || !strings.Contains(err.Error(), "limited to 300") {
		t.Errorf("default limit: %v", err)
	}
}

// needDot skips a test when Graphviz is missing, except on CI, which
// installs it: there the test must run.
func needDot(t *testing.T, err error) {
	t.Helper()
	if errors.Is(err, render.ErrNoDot) {
		testmode.Missing(t, "Graphviz's dot", "on Debian: apt-get install graphviz")
	}
}

func TestRenderGraph(t *testing.T) {
	var dot bytes.Buffer
	if err := render.WriteDOT(&dot, countGraph(t, "count")); err != nil {
		t.Fatal(err)
	}
	svg, err := render.RenderGraph(context.Background(), dot.Bytes(), "svg")
	needDot(t, err)
	if err != nil {
		t.Fatal(err)
	}
	checkXML(t, svg)
	save(t, "count-graph.svg", svg)
	pic, err := render.RenderGraph(context.Background(), dot.Bytes(), "png")
	if err != nil {
		t.Fatal(err)
	}
	save(t, "count-graph.png", pic)
	img, err := png.Decode(bytes.NewReader(pic))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 50 {
		t.Errorf("the graph's PNG is only %v", b)
	}
	if _, err := render.RenderGraph(context.Background(), []byte("digraph {"), "svg"); err == nil || !strings.Contains(err.Error(), "dot failed") {
		t.Errorf("bad DOT: %v", err)
	}
	if _, err := render.RenderGraph(context.Background(), dot.Bytes(), "gif"); err == nil {
		t.Error("format gif was accepted")
	}
}

func TestRenderGraphWithoutDot(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := render.RenderGraph(context.Background(), []byte("digraph {}"), "svg")
	if !errors.Is(err, render.ErrNoDot) || !strings.Contains(err.Error(), "apt-get install graphviz") {
		t.Errorf("err = %v, want ErrNoDot", err)
	}
}

// Partisan games: wins, losses and ties, with no Grundy values.
func TestRenderGraphPartisan(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this Graphviz on three partisan graphs (about 1 s; TestRenderGraph still runs it)")
	}
	for _, spec := range []string{"tictactoe:m=2,n=2,k=2", "tictactoe:m=1,n=4,k=3", "cards:first=1/2/3,second=1/2/3,target=6"} {
		t.Run(spec, func(t *testing.T) {
			g, err := render.GraphOf(solved(t, spec), render.GraphOptions{Title: spec})
			if err != nil {
				t.Fatal(err)
			}
			var dot bytes.Buffer
			if err := render.WriteDOT(&dot, g); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(dot.String(), "G = ") {
				t.Error("Grundy values in a graph without them")
			}
			pic, err := render.RenderGraph(context.Background(), dot.Bytes(), "png")
			needDot(t, err)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(bytes.NewReader(pic)); err != nil {
				t.Fatal(err)
			}
			save(t, "graph-"+strings.NewReplacer(":", "-", ",", "-", "/", "").Replace(spec)+".png", pic)
		})
	}
}
