package games_test

import (
	"context"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve/search"
)

// hiding is a game with some of its capabilities taken away, for
// measuring what they are worth.
type hiding struct {
	sente.Game
	hide func(*sente.Capabilities)
}

func (h hiding) Capabilities() sente.Capabilities {
	c := sente.CapabilitiesOf(h.Game)
	h.hide(&c)
	return c
}

// othelloBenchStart is the game of spec, with hide taking capabilities
// away when not nil, and the position after the moves from (the start
// when empty).
func othelloBenchStart(b *testing.B, spec, from string, hide func(*sente.Capabilities)) (sente.Game, sente.Position) {
	var g sente.Game = othelloGame(b, spec)
	if hide != nil {
		g = hiding{g, hide}
	}
	if from == "" {
		return g, g.Start()
	}
	root, err := g.ParsePosition(from)
	if err != nil {
		b.Fatal(err)
	}
	return g, root
}

// BenchmarkOthelloSearch searches positions of Othello by search, with the
// game's move-ordering hint and without it (search then orders by its
// history of cutoffs), and reports the nodes.
func BenchmarkOthelloSearch(b *testing.B) {
	for _, c := range []struct{ name, spec, from string }{
		{"4x4", "othello:n=4", ""},
		{"4x6", "othello:w=6,h=4", ""},
		// Feinstein's line after 14 moves, 18 cells empty.
		{"6x6-18", "othello:n=6", "c2 b4 c5 d2 e4 e3 d1 c1 b1 d5 d6 f4 b3 b2"},
	} {
		for _, hint := range []bool{true, false} {
			name := c.name + "/hint"
			if !hint {
				name = c.name + "/history"
			}
			b.Run(name, func(b *testing.B) {
				var hide func(*sente.Capabilities)
				if !hint {
					hide = func(c *sente.Capabilities) { c.Orderer = nil }
				}
				g, root := othelloBenchStart(b, c.spec, c.from, hide)
				var nodes uint64
				for b.Loop() {
					s, err := search.New(g, search.Options{Workers: 1, TableBytes: 16 << 20})
					if err != nil {
						b.Fatal(err)
					}
					res, err := s.Solve(context.Background(), root)
					if err != nil {
						b.Fatal(err)
					}
					nodes = res.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes")
			})
		}
	}
}

// BenchmarkOthelloMargin searches Othello's margin alone (the published
// answers), with the game's endgame search below 13 empty cells and
// without it (sente.MarginSolver taken away: search then goes down to the
// end itself, through keys and its table), from a fresh table each time, and reports the nodes
// (the endgame search's among them). A table of 256 MB takes some 40 ms
// to clear, so the small board has one of 16 MB.
func BenchmarkOthelloMargin(b *testing.B) {
	for _, c := range []struct {
		name, spec, from string
		table            int64
	}{
		{"4x6", "othello:w=6,h=4", "", 16 << 20},
		// Feinstein's line after 10 moves, 22 cells empty.
		{"6x6-22", "othello:n=6", "c2 b4 c5 d2 e4 e3 d1 c1 b1 d5", 256 << 20},
	} {
		for _, own := range []bool{true, false} {
			name := c.name + "/endgame"
			if !own {
				name = c.name + "/search"
			}
			b.Run(name, func(b *testing.B) {
				var hide func(*sente.Capabilities)
				if !own {
					hide = func(c *sente.Capabilities) { c.MarginSolver = nil }
				}
				g, root := othelloBenchStart(b, c.spec, c.from, hide)
				var nodes uint64
				for b.Loop() {
					ms, err := search.NewMarginSearcher(g, search.MarginOptions{TableBytes: c.table, MarginOnly: true})
					if err != nil {
						b.Fatal(err)
					}
					if _, err := ms.Margin(context.Background(), root); err != nil {
						b.Fatal(err)
					}
					nodes = ms.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes")
			})
		}
	}
}
