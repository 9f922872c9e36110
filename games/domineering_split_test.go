package games_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/search"
)

// splitBoard is a random w by h Domineering board (rows from the top, . an
// empty cell and # a filled one) whose empty cells fall into 2 to 4
// regions in which a domino fits, each of at most most cells: the shape
// of a position in the middle of a game, where the board has split.
func splitBoard(t testing.TB, rng *rand.Rand, w, h, most int) string {
	t.Helper()
	for range 100000 {
		cells := make([]byte, w*h)
		for i := range cells {
			cells[i] = '.'
			if rng.IntN(100) < 30 {
				cells[i] = '#'
			}
		}
		var rows []string
		for r := range h {
			rows = append(rows, string(cells[r*w:(r+1)*w]))
		}
		board := strings.Join(rows, "/")
		g, err := games.New("domineering:board=" + board)
		if err != nil {
			t.Fatal(err)
		}
		parts := sente.CapabilitiesOf(g).PartizanSplitter.Parts(g.Start())
		if len(parts) < 2 || len(parts) > 4 {
			continue
		}
		small := true
		for _, p := range parts {
			empty := strings.Count(g.FormatPosition(p), ".")
			small = small && empty <= most
		}
		if small {
			return board
		}
	}
	t.Fatalf("no %d by %d board splits into 2 to 4 regions of at most %d cells", w, h, most)
	return ""
}

// TestDomineeringSplitDecided: on random Domineering boards that have
// split into 2 to 4 regions, who wins with Left first and with Right
// first, decided from the regions' values (cgt.Valuer.Wins: each region
// valued once by its shape, the sum's class by SumOutcome), is what the
// turn-based solves find: the hashing engine's solve of every position,
// the reference, and proof search of the one position.
func TestDomineeringSplitDecided(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 3))
	n := 40
	if testing.Short() {
		n = 12
	}
	ctx := context.Background()
	shapes := cgt.NewShapes()
	for i := range n {
		board := splitBoard(t, rng, 5, 5, 12)
		for _, first := range []string{"left", "right"} {
			spec := "domineering:board=" + board + ",first=" + first
			g, err := games.New(spec)
			if err != nil {
				t.Fatal(err)
			}
			v, err := cgt.NewValuer(g, cgt.ValuerOptions{Shapes: shapes})
			if err != nil {
				t.Fatal(err)
			}
			decided, err := v.Wins(ctx, g.Start())
			if err != nil {
				t.Fatal(err)
			}
			sol, err := hashing.Solve(ctx, g, hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			solved, _ := sol.Outcome(g.Start())
			s, err := search.New(g, search.Options{Workers: 1, TableBytes: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			searched, err := s.Solve(ctx, g.Start())
			if err != nil {
				t.Fatal(err)
			}
			if decided != (solved.Value == sente.Win) || decided != (searched.Outcome.Value == sente.Win) {
				val, _ := v.Value(ctx, g.Start())
				t.Errorf("%d: %s: the parts' values (sum %s, %s) say the first player wins: %v; the hashing engine says %v, search %v",
					i, spec, val, val.Outcome(), decided, solved, searched.Outcome)
			}
		}
	}
}

// splitBoards are the positions the benchmark decides: ten boards of 7 by
// 7 split into 2 to 4 regions of at most 16 cells, fixed by the seed.
func splitBoards(b testing.TB) []string {
	rng := rand.New(rand.NewPCG(47, 4))
	var boards []string
	for range 10 {
		boards = append(boards, splitBoard(b, rng, 7, 7, 16))
	}
	return boards
}

// BenchmarkDomineeringSplit decides who wins each of splitBoards with Left
// first and with Right first, three ways: proof search of the turn-based
// game (solve/search, one worker, a fresh table each position: nodes/op
// counts the positions it searched), the parts' values with the sum's
// class by SumOutcome (values; a fresh table of shapes each time round, so
// nothing is carried over from one run to the next: components/op counts
// the regions valued), and the same values with the sum built in canonical
// form before its class is read (values-sum).
func BenchmarkDomineeringSplit(b *testing.B) {
	ctx := context.Background()
	boards := splitBoards(b)
	open := func(board, first string) sente.Game {
		g, err := games.New("domineering:board=" + board + ",first=" + first)
		if err != nil {
			b.Fatal(err)
		}
		return g
	}
	b.Run("search", func(b *testing.B) {
		var nodes uint64
		for b.Loop() {
			for _, board := range boards {
				for _, first := range []string{"left", "right"} {
					g := open(board, first)
					s, err := search.New(g, search.Options{Workers: 1, TableBytes: 8 << 20})
					if err != nil {
						b.Fatal(err)
					}
					r, err := s.Solve(ctx, g.Start())
					if err != nil {
						b.Fatal(err)
					}
					nodes += r.Nodes
				}
			}
		}
		b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	})
	for _, way := range []string{"values", "values-sum"} {
		b.Run(way, func(b *testing.B) {
			var components int
			for b.Loop() {
				shapes := cgt.NewShapes()
				for _, board := range boards {
					for _, first := range []string{"left", "right"} {
						g := open(board, first)
						v, err := cgt.NewValuer(g, cgt.ValuerOptions{Shapes: shapes})
						if err != nil {
							b.Fatal(err)
						}
						if way == "values" {
							_, err = v.Wins(ctx, g.Start())
						} else {
							var val cgt.Game
							val, err = v.Value(ctx, g.Start())
							_ = val.Outcome()
						}
						if err != nil {
							b.Fatal(err)
						}
						components += v.Components()
					}
				}
			}
			b.ReportMetric(float64(components)/float64(b.N), "components/op")
		})
	}
}

// TestDomineeringSplitBounded: a decision with a bound on the regions to
// value gives up with cgt.ErrTooMany past it, rather than answer, and the
// regions it finished serve the next decision.
func TestDomineeringSplitBounded(t *testing.T) {
	ctx := context.Background()
	g, err := games.New("domineering:board=..#../..#../#####/...#./...#.")
	if err != nil {
		t.Fatal(err)
	}
	shapes := cgt.NewShapes()
	v, err := cgt.NewValuer(g, cgt.ValuerOptions{MaxComponents: 3, Shapes: shapes})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Wins(ctx, g.Start()); !errors.Is(err, cgt.ErrTooMany) {
		t.Fatalf("Wins with at most 3 components: %v; want %v", err, cgt.ErrTooMany)
	}
	kept := shapes.Len()
	if kept == 0 {
		t.Fatal("no shape kept from the decision that gave up")
	}
	free, err := cgt.NewValuer(g, cgt.ValuerOptions{Shapes: shapes})
	if err != nil {
		t.Fatal(err)
	}
	// The regions: two 2×2 squares (±1 each), a block 3 wide and 2 high
	// ({2|-1/2}) and a column of 2 (1): ±1 ± 1 + {2|-1/2} + 1 = {3|1/2},
	// which Left wins whoever starts; she starts here.
	wins, err := free.Wins(ctx, g.Start())
	if err != nil || !wins {
		t.Fatalf("Wins: %v, %v; want true", wins, err)
	}
	if o, _ := free.Outcome(ctx, g.Start()); o != cgt.L {
		t.Errorf("Outcome: %s; want L", o)
	}
	if got := kept + free.Components(); got != shapes.Len() {
		t.Errorf("%d shapes kept and %d valued after, but %d in the table: some valued twice", kept, free.Components(), shapes.Len())
	}
}
