package games_test

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/tiers"
)

// BenchmarkSolve measures a strong solve from start to answer: exploring
// every reachable position and solving it. It reports positions per second
// and memory per position: held (keys, index and outcomes of the solution)
// and peak-RSS (the process's high-water mark over its whole life, so run
// one size per process for a true figure; see BENCHMARKS.md).
func BenchmarkSolve(b *testing.B) {
	benchSolves(b, []string{"tictactoe", "connect4:w=4,h=4", "connect4:w=5,h=4", "connect4:w=6,h=4"}, solveHashing)
}

// BenchmarkSolveTiers measures a strong solve by the tier engine, its
// tables in memory: positions (ranks reached; one a class for a game that
// ranks by symmetry) per second, and the process's peak resident set a
// position (run one game per process for a true figure). Quixo 4×4 is the
// game GamesmanOne's figures are given for (BENCHMARKS.md).
func BenchmarkSolveTiers(b *testing.B) {
	benchSolves(b, []string{"connect4:w=5,h=4", "quixo:n=3", "quixo:n=4"}, solveTiers)
}

// BenchmarkMorrisTiers measures the morris family on the tier engine:
// six men's morris on the 16-point board, seven men's on the 17-point
// one with its cross (the classes of each reached per second).
func BenchmarkMorrisTiers(b *testing.B) {
	benchSolves(b, []string{"morris:board=six", "morris:board=seven"}, solveTiers)
}

// benchSolves solves each game of specs from its start with solveOnce, a
// sub-benchmark each, and reports positions per second, the bytes the
// solution holds a position when solveOnce says (held above 0), and the
// process's peak resident set a position.
func benchSolves(b *testing.B, specs []string, solveOnce func(g sente.Game) (positions, held int, err error)) {
	for _, spec := range specs {
		b.Run(spec, func(b *testing.B) {
			g, err := games.New(spec)
			if err != nil {
				b.Fatal(err)
			}
			var positions, held int
			for b.Loop() {
				if positions, held, err = solveOnce(g); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
			if held > 0 {
				b.ReportMetric(float64(held)/float64(positions), "held-B/position")
			}
			if peak := peakRSS(); peak > 0 {
				b.ReportMetric(float64(peak)/float64(positions), "peak-RSS-B/position")
			}
		})
	}
}

// solveHashing solves g with the hashing engine.
func solveHashing(g sente.Game) (positions, held int, err error) {
	sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
	if err != nil {
		return 0, 0, err
	}
	return sol.Positions(), sol.Bytes(), nil
}

// solveTiers solves g with the tier engine, its tables in memory.
func solveTiers(g sente.Game) (positions, held int, err error) {
	sol, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{})
	if err != nil {
		return 0, 0, err
	}
	defer sol.Close()
	return int(sol.Totals.Positions), 0, nil
}

// peakRSS reads the process's peak resident set size from Linux's
// /proc/self/status (VmHWM), or returns 0 elsewhere.
func peakRSS() int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb * 1024
		}
	}
	return 0
}

// BenchmarkReference is the baseline: the slow reference solver on the same
// games, level by level through Moves and a map of positions.
func BenchmarkReference(b *testing.B) {
	for _, spec := range []string{"tictactoe", "connect4:w=4,h=4"} {
		b.Run(spec, func(b *testing.B) {
			g, err := games.New(spec)
			if err != nil {
				b.Fatal(err)
			}
			var positions int
			for b.Loop() {
				out, err := reference.Reference(g, nil, nil)
				if err != nil {
					b.Fatal(err)
				}
				positions = len(out)
			}
			b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
