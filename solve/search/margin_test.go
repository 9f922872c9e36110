package search_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	refsolve "github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/search"
)

// TestMarginSearchOrdered holds the margin search to the reference solver
// on built-in games that order their moves (sente.Orderer: Kalah's extra
// turns and captures, Othello's corners and mobility), position by
// position: the order and the moves the table remembers change which
// lines are searched, never the margin or its plies. A small table, whose
// entries are overwritten all the time, must give the same answers as a
// large one.
func TestMarginSearchOrdered(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		short bool // checked under -short too
	}{
		{"kalah:houses=3,seeds=2", true},
		{"kalah:houses=2,seeds=3,emptycapture=true", true},
		{"kalah:houses=3,seeds=2,extra=false,end=mover,left=emptied", true},
		{"kalah:houses=3,seeds=3", false},
		{"othello", false},
	} {
		if testing.Short() && !tc.short {
			continue
		}
		t.Run(tc.spec, func(t *testing.T) {
			g, err := games.New(tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			if sente.CapabilitiesOf(g).Orderer == nil {
				t.Fatalf("%s orders no moves: the test would not reach the order", tc.spec)
			}
			ref, err := refsolve.Margins(g, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			positions := make([]sente.Position, 0, len(ref))
			for p := range ref {
				positions = append(positions, p)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			rng.Shuffle(len(positions), func(i, j int) { positions[i], positions[j] = positions[j], positions[i] })
			positions = append([]sente.Position{g.Start()}, positions[:min(len(positions), 2000)]...)
			for _, tableBytes := range []int64{1 << 12, 64 << 20} {
				ms, err := search.NewMarginSearcher(g, tableBytes)
				if err != nil {
					t.Fatal(err)
				}
				bad := 0
				for _, p := range positions {
					want := ref[p]
					got, err := ms.Margin(t.Context(), p)
					if err != nil {
						t.Fatal(err)
					}
					if want.Score == 0 {
						want.Remoteness = 0 // a tie's plies are the value's, given by the caller
					}
					if got != want {
						t.Errorf("%s, table of %d bytes: %s is %v by search, %v on the reference solver", tc.spec, tableBytes, g.FormatPosition(p), got, want)
						if bad++; bad == 10 {
							break
						}
					}
				}
			}
		})
	}
}
