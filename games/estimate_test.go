package games_test

import (
	"context"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/hashing"
)

// TestEstimatesBound: every built-in family bounds its positions, and the
// bound is never below the positions a solve reaches (nor absurdly above,
// on these small sizes).
func TestEstimatesBound(t *testing.T) {
	for _, spec := range []string{
		"cards", "cards:first=1/2/2,second=3/3,target=7", "chopsticks", "connect4:w=4,h=4", "connect4:w=5,h=3", "connect4:w=3,h=5,k=3",
		"consecutive", "consecutive:n=12,m=3", "count", "dawson", "dawsonchess", "grundy", "grundy:n=20", "kayles", "kayles:n=20",
		"nim", "nim:heaps=1/2/3,misere=true", "octal:4.07,n=12", "subtraction", "subtraction:1,3,4,n=30",
		"tictactoe", "tictactoe:m=3,n=4,k=3", "tictactoe:m=1,n=8,k=8", "quixo:n=3", "teeko:n=4,pieces=2", "tofu", "tofu:x=4,y=5,z=3,at=0.1.1/1.2.2",
		"dobutsu:pieces=giraffes", "dobutsu:pieces=chicks,try=safe,catch=free",
		"domineering:w=3,h=3", "domineering:w=4,h=3,first=right", "domineering:w=4,h=4", "domineering:board=..#./..../...#,first=right",
	} {
		switch spec {
		case "connect4:w=4,h=4", "connect4:w=5,h=3", "tictactoe:m=3,n=4,k=3", "dobutsu:pieces=chicks,try=safe,catch=free":
			if testing.Short() {
				continue // over 100,000 positions each, a CPU-second in all
			}
		}
		g, err := games.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		est, ok := g.(sente.Estimator)
		if !ok {
			t.Errorf("%s: no estimate of its positions", spec)
			continue
		}
		sol, err := hashing.Solve(context.Background(), g, hashing.Options{MaxPositions: 5_000_000})
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		bound, n := est.EstimatePositions(), float64(sol.Positions())
		if bound < n || bound > 1000*n+1000 {
			t.Errorf("%s: estimate %.0f for %.0f positions", spec, bound, n)
		}
	}
}

// TestDomineeringEstimateCountsPlacements holds Domineering's bound, counted
// over a profile along the shorter side, to the placements it stands for
// counted one by one: dominoes on the cells empty at the start, as many
// upright as flat or one more of the side that starts.
func TestDomineeringEstimateCountsPlacements(t *testing.T) {
	for _, tc := range []struct {
		spec      string
		w, h      int
		holes     uint64 // cell r*w+c
		leftFirst bool
	}{
		{"domineering:w=1,h=1", 1, 1, 0, true},
		{"domineering:w=2,h=2", 2, 2, 0, true},
		{"domineering:w=3,h=2", 3, 2, 0, true},
		{"domineering:w=2,h=3,first=right", 2, 3, 0, false},
		{"domineering:w=5,h=3", 5, 3, 0, true},
		{"domineering:w=3,h=5,first=right", 3, 5, 0, false},
		{"domineering:w=4,h=4", 4, 4, 0, true},
		{"domineering:w=7,h=2", 7, 2, 0, true},
		{"domineering:board=..#/.../...", 3, 3, 1 << 2, true},
		{"domineering:board=..../.#../...#,first=right", 4, 3, 1<<5 | 1<<11, false},
		{"domineering:board=#.../..../.#..", 4, 3, 1<<0 | 1<<9, true},
	} {
		g, err := games.New(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		var place func(cell int, filled uint64, lead int)
		place = func(cell int, filled uint64, lead int) { // lead: upright less flat
			if cell == tc.w*tc.h {
				if lead == 0 || tc.leftFirst && lead == 1 || !tc.leftFirst && lead == -1 {
					want++
				}
				return
			}
			place(cell+1, filled, lead)
			if filled&(1<<cell) != 0 {
				return
			}
			if cell%tc.w+1 < tc.w && filled&(1<<(cell+1)) == 0 {
				place(cell+1, filled|1<<cell|1<<(cell+1), lead-1)
			}
			if cell+tc.w < tc.w*tc.h && filled&(1<<(cell+tc.w)) == 0 {
				place(cell+1, filled|1<<cell|1<<(cell+tc.w), lead+1)
			}
		}
		place(0, tc.holes, 0)
		if got := g.(sente.Estimator).EstimatePositions(); got != float64(want) {
			t.Errorf("%s: estimate %.0f, want %d placements", tc.spec, got, want)
		}
	}
}
