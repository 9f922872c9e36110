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
