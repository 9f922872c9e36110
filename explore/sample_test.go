package explore_test

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/testmode"
)

// The estimate is tested on games whose counts are known: counted by the
// explorer and pinned in the games' own tests or in BENCHMARKS.md.

// openGame opens a built-in game or an example rules file (a spec starting
// "examples/", read from the repository's examples directory).
func openGame(t *testing.T, spec string) sente.Game {
	t.Helper()
	s, err := sente.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(s.Name) == "examples" {
		s.Name = filepath.Join("..", s.Name)
	}
	g, err := (&games.Catalog{ReadFiles: true}).OpenSpec(s)
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	return g
}

func TestEstimateExact(t *testing.T) {
	tests := []struct {
		spec       string
		positions  float64
		expansions int
	}{
		{"tictactoe", 5478, 0},
		{"chopsticks", 2204, 0}, // loopy, without tiers
		{"quixo:n=3", 32027, 0}, // loopy tiers
		{"count", 40, 0},        // without tiers
		{"examples/cards.star", 458, 0},
		{"connect4:w=4,h=4", 161029, 400_000},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			g := openGame(t, tt.spec)
			e, err := explore.EstimatePositions(context.Background(), g, explore.SampleOptions{Expansions: tt.expansions})
			if err != nil {
				t.Fatal(err)
			}
			if !e.Exact || e.Positions != tt.positions || e.Low != tt.positions || e.High != tt.positions {
				t.Fatalf("%v; want exactly %.0f", e, tt.positions)
			}
			sum := 0.0
			for _, te := range e.Tiers {
				if !te.Exact {
					t.Errorf("tier %d not exact", te.Tier)
				}
				sum += te.Positions
			}
			if sum != tt.positions {
				t.Errorf("tiers sum to %.0f, want %.0f", sum, tt.positions)
			}
			if e.Rate <= 0 || e.Expanded <= 0 {
				t.Errorf("rate %v, %d expanded", e.Rate, e.Expanded)
			}
		})
	}
}

// TestEstimateWithinThree holds the sampled estimate to a factor of three
// of the truth for every seed, and its interval to containing the truth
// for most seeds.
func TestEstimateWithinThree(t *testing.T) {
	tests := []struct {
		spec      string
		positions float64
		seeds     int
		slow      bool
		long      bool
	}{
		{"connect4:w=5,h=4", 3_945_711, 4, false, false},
		{"connect4:w=6,h=4", 94_910_577, 4, true, false}, // far more than the budget
		{"tictactoe:m=4,n=4,k=4", 9_722_011, 4, true, false},
		{"quixo:n=4", 80_368_601, 2, true, false}, // loopy tiers
		// A rules file's key test; answer's TestDiscoveredPlan holds
		// rules files' estimates, 5×4 and 6×4 among them, to the same
		// factor of three.
		{"examples/connect4.star:w=5,h=4", 3_945_711, 1, true, true},
		{"examples/connect4.star:w=6,h=4", 94_910_577, 1, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			if tt.long {
				testmode.SkipUnlessLong(t, "a rules file sampled, ten CPU-seconds a seed")
			}
			if tt.slow {
				testmode.SkipShort(t, "a few CPU-seconds a seed")
			}
			seeds := tt.seeds
			if testing.Short() {
				seeds = 2
			}
			g := openGame(t, tt.spec)
			inside := 0
			for seed := range seeds {
				start := time.Now()
				e, err := explore.EstimatePositions(context.Background(), g, explore.SampleOptions{Seed: uint64(seed)})
				if err != nil {
					t.Fatal(err)
				}
				ratio := e.Positions / tt.positions
				t.Logf("seed %d: %v, %.2f× the truth, %v", seed, e, ratio, time.Since(start).Round(time.Millisecond))
				if e.Exact {
					t.Errorf("seed %d: exact with %d positions expanded", seed, e.Expanded)
				}
				if ratio < 1.0/3 || ratio > 3 {
					t.Errorf("seed %d: estimate %.4g is %.2f× the truth %.0f", seed, e.Positions, ratio, tt.positions)
				}
				if e.Low <= tt.positions && tt.positions <= e.High {
					inside++
				}
				if !(e.Low <= e.Positions && e.Positions <= e.High) {
					t.Errorf("seed %d: estimate %.4g outside its interval %.4g to %.4g", seed, e.Positions, e.Low, e.High)
				}
				sum := 0.0
				for _, te := range e.Tiers {
					sum += te.Positions
				}
				if math.Abs(sum-e.Positions) > 1e-6*e.Positions {
					t.Errorf("seed %d: tiers sum to %.6g, total %.6g", seed, sum, e.Positions)
				}
			}
			if 2*inside <= seeds && seeds > 1 {
				t.Errorf("the interval held the truth for %d seeds of %d", inside, seeds)
			}
		})
	}
}

func TestEstimateRepeatsForASeed(t *testing.T) {
	g := openGame(t, "connect4:w=5,h=4")
	opt := explore.SampleOptions{Expansions: 50_000, Seed: 7}
	a, err := explore.EstimatePositions(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := explore.EstimatePositions(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	if a.Positions != b.Positions || a.Low != b.Low || a.High != b.High || a.Expanded != b.Expanded || a.Expanded != opt.Expansions {
		t.Errorf("two estimates with one seed differ: %v (%d expanded) and %v (%d)", a, a.Expanded, b, b.Expanded)
	}
}

func TestEstimateStops(t *testing.T) {
	g := openGame(t, "connect4:w=6,h=4")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := explore.EstimatePositions(ctx, g, explore.SampleOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled estimate: %v, want context.Canceled", err)
	}
	e, err := explore.EstimatePositions(context.Background(), g, explore.SampleOptions{Expansions: 1 << 40, Time: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// How far 50 ms of CPU reaches depends on the machine, and when it
	// ends on its load; that the estimate stops, inexact and still of the
	// game's order, does not.
	if e.Elapsed > 10*time.Second || e.Exact || e.Positions < 1e4 {
		t.Errorf("estimate bounded by time: %v in %v", e, e.Elapsed)
	}
}

// TestEstimateTimeIsWork: the time an estimate may take is its own work,
// the CPU time of its thread, so that a machine busy with other work gives
// the same sample rather than a smaller one (and the engine chosen by it
// does not change with the load): with four times as many goroutines
// spinning as there are processors, the estimate bounded by time expands
// about as many positions as on its own.
func TestEstimateTimeIsWork(t *testing.T) {
	testmode.SkipShort(t, "two estimates of a fifth of a CPU-second, one beside spinning goroutines")
	g := openGame(t, "connect4:w=6,h=4")
	opt := explore.SampleOptions{Expansions: 1 << 40, Time: 200 * time.Millisecond}
	quiet, err := explore.EstimatePositions(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var spinning sync.WaitGroup
	for range 4 * runtime.GOMAXPROCS(0) {
		spinning.Go(func() {
			for n := 0; ; n++ {
				if n%1024 == 0 {
					select {
					case <-stop:
						return
					default:
					}
				}
			}
		})
	}
	busy, err := explore.EstimatePositions(context.Background(), g, opt)
	close(stop)
	spinning.Wait()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("alone: %d expanded in %v; beside the spinning: %d in %v", quiet.Expanded, quiet.Elapsed, busy.Expanded, busy.Elapsed)
	if float64(busy.Expanded) < 0.5*float64(quiet.Expanded) {
		t.Errorf("beside other work the estimate expanded %d positions, on its own %d: its time is the machine's, not its own work's", busy.Expanded, quiet.Expanded)
	}
}
