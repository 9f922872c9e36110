package games_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"sente"
	"sente/cgt"
	"sente/games"
	"sente/solve/hashing"
	"sente/solve/search"
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
