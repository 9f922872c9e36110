package search_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/search"
)

// TestConnect4Start solves connect four 7×6 from its start, by search
// alone with no book: the first player wins with her 21st stone, ply 41,
// and the centre column is the move that does it. It takes long (see
// BENCHMARKS.md, "Search"), so it runs only when SENTE_SEARCH_C4 is set;
// SENTE_SEARCH_TABLE_MB sizes the table (4096 by default) and
// SENTE_SEARCH_WORKERS the workers (all cores by default). Progress goes
// to stderr every 30 seconds.
func TestConnect4Start(t *testing.T) {
	if os.Getenv("SENTE_SEARCH_C4") == "" {
		t.Skip("set SENTE_SEARCH_C4=1 to solve connect four 7×6 from the start (long)")
	}
	g, err := games.NewConnect4(7, 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	progress := func(p search.Progress) {
		fmt.Fprintf(os.Stderr, "%s %s: %v..%v, testing %s, %d nodes (%.0f/s), table %.1f%% full\n",
			p.Elapsed.Round(time.Second), p.Phase, p.Low, p.High, p.Testing, p.Nodes, p.NodesPerSecond, 100*p.TableFill)
	}
	s, err := search.New(g, search.Options{
		TableBytes:    int64(envInt(t, "SENTE_SEARCH_TABLE_MB", 4096)) << 20,
		Workers:       envInt(t, "SENTE_SEARCH_WORKERS", 0),
		Progress:      progress,
		ProgressEvery: 30 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	cpu0 := cpuTime()
	res, err := s.Solve(context.Background(), g.Start())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("start: %v, %d nodes, %d probes, %v wall, %v CPU, table %d MB %.1f%% full",
		res.Outcome, res.Nodes, res.Probes, res.Elapsed.Round(time.Second), (cpuTime() - cpu0).Round(time.Second), res.TableBytes>>20, 100*res.TableFill)
	if want := (sente.Outcome{Value: sente.Win, Remoteness: 41}); res.Outcome != want {
		t.Errorf("start: %v, want %v", res.Outcome, want)
	}
	// The centre: after it the second player loses in 40, the table warm.
	centre, _ := g.ParsePosition("4")
	res, err = s.Solve(context.Background(), centre)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("after the centre: %v, %d nodes, %v", res.Outcome, res.Nodes, res.Elapsed.Round(time.Second))
	if want := (sente.Outcome{Value: sente.Lose, Remoteness: 40}); res.Outcome != want {
		t.Errorf("after the centre: %v, want %v", res.Outcome, want)
	}
}

// TestPublishedStarts solves the starts of the classic boards whose
// published answers take minutes here (BENCHMARKS.md, "Kalah, Othello and
// Domineering"), only when SENTE_SEARCH_CLASSICS is set: Domineering 8×8
// is a first-player win (Breuker, Uiterwijk and van den Herik 2000);
// Kalah(6,4), a last seed in an empty house capturing even when the house
// opposite is empty, a first-player win by 10 (Irving, Donkers and
// Uiterwijk 2000); and Othello 6×6 a second-player win by 4, 20–16
// (Feinstein 1993).
func TestPublishedStarts(t *testing.T) {
	if os.Getenv("SENTE_SEARCH_CLASSICS") == "" {
		t.Skip("set SENTE_SEARCH_CLASSICS=1 to solve Domineering 8×8, Kalah(6,4) and Othello 6×6 from the start (minutes each, 6 GB)")
	}
	t.Run("domineering:w=8,h=8", func(t *testing.T) {
		g, err := games.New("domineering:w=8,h=8")
		if err != nil {
			t.Fatal(err)
		}
		s, err := search.New(g, search.Options{ValueOnly: true, TableBytes: 4 << 30, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Solve(t.Context(), g.Start())
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v, %d nodes, %v", res.Outcome, res.Nodes, res.Elapsed.Round(time.Second))
		if res.Outcome.Value != sente.Win {
			t.Errorf("Domineering 8×8 is %v for the first player; want a win", res.Outcome.Value)
		}
	})
	t.Run("kalah:houses=6,seeds=4,emptycapture=true", func(t *testing.T) {
		g, err := games.New("kalah:houses=6,seeds=4,emptycapture=true")
		if err != nil {
			t.Fatal(err)
		}
		leaves, err := sente.CapabilitiesOf(g).MarginTabler.MarginTables(t.Context(), 1<<30, nil)
		if err != nil {
			t.Fatal(err)
		}
		m := startMargin(t, g, search.MarginOptions{TableBytes: 2 << 30, MarginOnly: true, Leaves: leaves})
		if m.Score != 10 {
			t.Errorf("Kalah(6,4) is %v for the first player; want a win by 10", m)
		}
	})
	t.Run("othello:n=6", func(t *testing.T) {
		g, err := games.New("othello:n=6")
		if err != nil {
			t.Fatal(err)
		}
		m := startMargin(t, g, search.MarginOptions{TableBytes: 1 << 30, MarginOnly: true})
		if m.Score != -4 {
			t.Errorf("Othello 6×6 is %v for the first player; want a loss by 4 (16–20, Feinstein)", m)
		}
	})
}

// startMargin searches the margin of g's start under opt, and logs it
// with its nodes and time.
func startMargin(t *testing.T, g sente.Game, opt search.MarginOptions) sente.Margin {
	t.Helper()
	ms, err := search.NewMarginSearcher(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	m, err := ms.Margin(t.Context(), g.Start())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v, %d nodes, %v", m, ms.Nodes, time.Since(start).Round(time.Second))
	return m
}
