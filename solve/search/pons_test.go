package search_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/search"
)

// The comparison with Pascal Pons's connect-four solver (BENCHMARKS.md,
// "Search"): positions of random games in his input form (the columns
// played, 1 to 7), his scores read back, and sente's answer and time on
// each. His solver is built and run apart, as a separate program; these
// tests only write positions and read what it printed.

// TestWritePonsPositions writes n positions of connect four 7×6 from
// random games, at plies 8 to 30, none of them ended, to the file
// SENTE_SEARCH_POSITIONS names (SENTE_SEARCH_POSITIONS_N of them, 300 by
// default; SENTE_SEARCH_SEED seeds the games).
func TestWritePonsPositions(t *testing.T) {
	path := os.Getenv("SENTE_SEARCH_POSITIONS")
	if path == "" {
		t.Skip("set SENTE_SEARCH_POSITIONS to a file to write positions to")
	}
	n := envInt(t, "SENTE_SEARCH_POSITIONS_N", 300)
	seed := envInt(t, "SENTE_SEARCH_SEED", 46)
	lines := randomGames(t, n, uint64(seed), 8, 30)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func envInt(t testing.TB, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s=%q: want a number", name, s)
	}
	return n
}

// randomGames plays n random games of connect four 7×6, each to a ply
// drawn uniformly from lo to hi, and returns the columns played, keeping
// only games that have not ended there, each position once.
func randomGames(t testing.TB, n int, seed uint64, lo, hi int) []string {
	g, err := games.NewConnect4(7, 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 46))
	seen := map[string]bool{}
	var lines []string
	for len(lines) < n {
		plies := lo + rng.IntN(hi-lo+1)
		p := g.Start()
		var moves []byte
		for len(moves) < plies {
			mv := g.Moves(p)
			m := mv[rng.IntN(len(mv))]
			p = m.To
			moves = append(moves, m.Name[0])
			if _, over := g.Ended(p); over {
				break
			}
		}
		if _, over := g.Ended(p); over || seen[string(moves)] {
			continue
		}
		seen[string(moves)] = true
		lines = append(lines, string(moves))
	}
	return lines
}

// ponsOutcome is Pons's score of a position of n stones on the 7×6 board
// in sente's terms. His score is positive when the player to move wins,
// 22 less the number of the winner's stone that wins (1 for her 21st, the
// last she has), negative when she loses, the same for the opponent's
// winning stone, and 0 for a tie. The game ends with the winner's k-th
// stone, the (2k-1)-th of the game when the first player wins and the
// 2k-th when the second does, so the remoteness is that less n. A tie
// fills the board: 42-n.
func ponsOutcome(score, n int) sente.Outcome {
	if score == 0 {
		return sente.Outcome{Value: sente.Tie, Remoteness: 42 - n}
	}
	v, abs := sente.Win, score
	if score < 0 {
		v, abs = sente.Lose, -score
	}
	k := 22 - abs
	firstWins := (n%2 == 0) == (v == sente.Win) // the first player moves when n is even
	end := 2 * k
	if firstWins {
		end--
	}
	return sente.Outcome{Value: v, Remoteness: end - n}
}

// TestAgainstPons reads Pons's answers (lines of position, score, nodes
// and microseconds, as the driver of BENCHMARKS.md prints them) from the
// file SENTE_SEARCH_PONS names, searches each position with an empty table
// of SENTE_SEARCH_TABLE_MB megabytes (128 by default) and
// SENTE_SEARCH_WORKERS workers (1 by default), checks that the outcomes
// agree, and prints a line a position and the medians. SENTE_SEARCH_OUT,
// when set, names a file for the lines.
//
// With SENTE_SEARCH_PONS_RUN naming his driver, the file's first field is
// all that is read (a file of positions will do): the driver runs beside
// the test and answers each position just before sente searches it, so
// that both meet the same state of a shared machine, whose load changes
// more from one minute to the next than the two programs differ.
func TestAgainstPons(t *testing.T) {
	path := os.Getenv("SENTE_SEARCH_PONS")
	if path == "" {
		t.Skip("set SENTE_SEARCH_PONS to the file of Pons's answers")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ask := func(fields []string) ([]string, error) { return fields, nil }
	if run := os.Getenv("SENTE_SEARCH_PONS_RUN"); run != "" {
		ask = ponsInTurn(t, run)
	}
	g, _ := games.NewConnect4(7, 6, 4)
	s, err := search.New(g, search.Options{
		TableBytes: int64(envInt(t, "SENTE_SEARCH_TABLE_MB", 128)) << 20,
		Workers:    envInt(t, "SENTE_SEARCH_WORKERS", 1),
	})
	if err != nil {
		t.Fatal(err)
	}
	// One worker searches on this goroutine: its thread's CPU time is the
	// search's alone, as Pons's driver measures his. More workers are
	// measured by the process's CPU time and by the wall clock.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock := cpuTime
	if envInt(t, "SENTE_SEARCH_WORKERS", 1) == 1 {
		clock = threadTime
	}
	var out strings.Builder
	var ours, theirs, oursWall, ratios []float64
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if f, err = ask(f); err != nil {
			t.Fatal(err)
		}
		if len(f) < 4 {
			continue
		}
		score, _ := strconv.Atoi(f[1])
		us, _ := strconv.ParseFloat(f[3], 64)
		p, err := g.ParsePosition(f[0])
		if err != nil {
			t.Fatal(err)
		}
		want := ponsOutcome(score, len(f[0]))
		s.Clear()
		cpu0, wall0 := clock(), time.Now()
		res, err := s.Solve(context.Background(), p)
		cpu, wall := clock()-cpu0, time.Since(wall0)
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != want {
			t.Errorf("%s: search %v, Pons %d (%v)", f[0], res.Outcome, score, want)
		}
		ours = append(ours, cpu.Seconds()*1e6)
		oursWall = append(oursWall, float64(wall.Microseconds()))
		theirs = append(theirs, us)
		ratios = append(ratios, cpu.Seconds()*1e6/max(us, 0.1))
		fmt.Fprintf(&out, "%s %d %v %d %d %.0f %d\n", f[0], score, res.Outcome, res.Nodes, cpu.Microseconds(), us, wall.Microseconds())
	}
	if o := os.Getenv("SENTE_SEARCH_OUT"); o != "" {
		os.WriteFile(o, []byte(out.String()), 0o644)
	}
	t.Logf("%d positions; median µs: sente %.0f CPU, %.0f wall; Pons %.0f; ratio of medians %.2f; median of the ratios %.2f",
		len(ours), median(ours), median(oursWall), median(theirs), median(ours)/median(theirs), median(ratios))
}

// ponsInTurn starts Pons's driver, the program at path, and returns a
// function that asks it one position (the first of fields) and returns
// the line it answered, split.
func ponsInTurn(t *testing.T, path string) func(fields []string) ([]string, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	answers := bufio.NewScanner(outPipe)
	return func(fields []string) ([]string, error) {
		if _, err := fmt.Fprintln(in, fields[0]); err != nil {
			return nil, err
		}
		if !answers.Scan() {
			return nil, fmt.Errorf("%s answered nothing for %s: %v", path, fields[0], answers.Err())
		}
		f := strings.Fields(answers.Text())
		if len(f) < 4 || f[0] != fields[0] {
			return nil, fmt.Errorf("%s answered %q for %s; want the position, score, nodes and microseconds", path, answers.Text(), fields[0])
		}
		return f, nil
	}
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
