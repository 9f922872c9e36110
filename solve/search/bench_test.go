package search_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/search"
)

// benchPositions are connect-four 7×6 positions (the columns played) from
// random games, of the three kinds the comparison with Pons's solver met:
// decided at once, a few thousand nodes, a few hundred thousand.
var benchPositions = []struct{ name, moves string }{
	{"easy", "755776441266155522772433"},
	{"medium", "65554253226"},
	{"hard", "6134215422"},
}

// BenchmarkConnect4 searches each position from an empty table of 128 MB,
// on one worker and on two.
func BenchmarkConnect4(b *testing.B) {
	g, err := games.NewConnect4(7, 6, 4)
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		s, err := search.New(g, search.Options{TableBytes: 128 << 20, Workers: workers})
		if err != nil {
			b.Fatal(err)
		}
		for _, bp := range benchPositions {
			p, err := g.ParsePosition(bp.moves)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(bp.name+"/workers="+string(rune('0'+workers)), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				clock := cpuTime
				if workers == 1 {
					clock = threadTime
				}
				var nodes uint64
				var cpu time.Duration
				for b.Loop() {
					b.StopTimer()
					s.Clear()
					b.StartTimer()
					cpu0 := clock()
					res, err := s.Solve(context.Background(), p)
					cpu += clock() - cpu0
					if err != nil {
						b.Fatal(err)
					}
					nodes += res.Nodes
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// BenchmarkConnect4Small searches the small positions of the comparison
// with Pons's solver (testdata/connect4-small.txt: those his solver takes
// at most 2,000 nodes for, where the median of the 300 falls), each from
// an emptied table, all of them an op: with a table of 1 MiB, which stays
// in the cache, it measures the work of a node; with 16 MiB (the table an
// answer by search starts with) and 128 MiB (the comparison's), the work
// and the misses to memory of a table emptied before each search.
func BenchmarkConnect4Small(b *testing.B) {
	g, err := games.NewConnect4(7, 6, 4)
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile("testdata/connect4-small.txt")
	if err != nil {
		b.Fatal(err)
	}
	var positions []sente.Position
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := g.ParsePosition(line)
		if err != nil {
			b.Fatal(err)
		}
		positions = append(positions, p)
	}
	for _, c := range []struct{ mb, workers int }{{1, 1}, {16, 1}, {128, 1}, {16, 2}} {
		s, err := search.New(g, search.Options{TableBytes: int64(c.mb) << 20, Workers: c.workers})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("table=%dMiB/workers=%d", c.mb, c.workers), func(b *testing.B) {
			var nodes uint64
			var searching time.Duration
			for b.Loop() {
				for _, p := range positions {
					s.Clear()
					start := time.Now()
					res, err := s.Solve(context.Background(), p)
					searching += time.Since(start)
					if err != nil {
						b.Fatal(err)
					}
					nodes += res.Nodes
				}
			}
			b.ReportMetric(float64(searching.Nanoseconds())/float64(nodes), "ns/node")
			b.ReportMetric(float64(searching.Nanoseconds())/1e3/float64(b.N*len(positions)), "µs/search")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkSearchOverhead searches a position decided in one node, from
// a table that keeps it in the cache: what a search costs beyond its
// nodes, bare and as an answer asks it (a context it may cancel, a
// function for progress), since a median position of the comparison with
// Pons's solver is a search of some tens of microseconds.
func BenchmarkSearchOverhead(b *testing.B) {
	g, err := games.NewConnect4(7, 6, 4)
	if err != nil {
		b.Fatal(err)
	}
	p, err := g.ParsePosition("64362524635551467622146")
	if err != nil {
		b.Fatal(err)
	}
	for _, asked := range []string{"bare", "cancellable", "progress", "answer"} {
		opt := search.Options{TableBytes: 1 << 20, Workers: 1}
		if asked == "progress" || asked == "answer" {
			opt.Progress = func(search.Progress) {}
		}
		s, err := search.New(g, opt)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(asked, func(b *testing.B) {
			for b.Loop() {
				ctx, cancel := context.Background(), context.CancelFunc(func() {})
				if asked == "cancellable" || asked == "answer" {
					ctx, cancel = context.WithCancel(ctx)
				}
				res, err := s.Solve(ctx, p)
				cancel()
				if err != nil || res.Nodes != 1 {
					b.Fatalf("%v after %d nodes; want an answer in one", err, res.Nodes)
				}
			}
		})
	}
}

// BenchmarkHelperStart measures what it takes a helper to join a probe
// (Searcher.join): the time from the go statement to the helper's first
// step, while the first worker searches on, the machine idle a moment
// before, as between the probes of a search. A probe of fewer nodes than
// that time is worth is not shared out (joinNodes).
func BenchmarkHelperStart(b *testing.B) {
	if runtime.GOMAXPROCS(0) < 2 {
		b.Skip("one processor: no helper runs beside the first worker")
	}
	var took []time.Duration
	var started atomic.Int64
	for b.Loop() {
		b.StopTimer()
		time.Sleep(200 * time.Microsecond)
		b.StartTimer()
		started.Store(0)
		t0 := time.Now()
		go func() { started.Store(int64(time.Since(t0)) + 1) }()
		for started.Load() == 0 {
			// The first worker searches on: no yield.
		}
		took = append(took, time.Duration(started.Load()-1))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds())/1e3, "µs-median")
	b.ReportMetric(float64(took[len(took)*9/10].Nanoseconds())/1e3, "µs-p90")
}

// BenchmarkMargin finds the margin of the start of boards that end in a
// score, from a fresh searcher with a 64 MB table each time (BENCHMARKS.md,
// "Kalah, Othello and Domineering").
func BenchmarkMargin(b *testing.B) {
	for _, spec := range []string{"kalah:houses=4,seeds=3", "kalah:houses=5,seeds=2", "othello:w=6,h=4"} {
		g, err := games.New(spec)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(spec, func(b *testing.B) { benchMarginStart(b, g, search.MarginOptions{TableBytes: 64 << 20}) })
	}
}

// benchMarginStart finds the margin of g's start from a fresh searcher
// made with opt each time, and reports the nodes.
func benchMarginStart(b *testing.B, g sente.Game, opt search.MarginOptions) {
	var nodes uint64
	for b.Loop() {
		ms, err := search.NewMarginSearcher(g, opt)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ms.Margin(context.Background(), g.Start()); err != nil {
			b.Fatal(err)
		}
		nodes += ms.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkMarginOnly finds the margin alone (MarginOptions.MarginOnly) of
// Kalah boards over the endgame tables the game builds (built once,
// outside the timing), and of Othello 6×4, from a fresh searcher with a
// 256 MB table each time (BENCHMARKS.md, "Kalah by its margin alone").
// SENTE_BENCH_KALAH64=1 adds Kalah(6,4) with emptycapture=true, about a
// minute a run and a 2 GiB table.
func BenchmarkMarginOnly(b *testing.B) {
	type board struct {
		spec  string
		table int64
	}
	boards := []board{{"kalah:houses=6,seeds=2", 256 << 20}, {"kalah:houses=6,seeds=3", 256 << 20}, {"othello:w=6,h=4", 256 << 20}}
	if os.Getenv("SENTE_BENCH_KALAH64") != "" {
		boards = append(boards, board{"kalah:houses=6,seeds=4,emptycapture=true", 2 << 30})
	}
	for _, bd := range boards {
		g, err := games.New(bd.spec)
		if err != nil {
			b.Fatal(err)
		}
		var leaves sente.MarginTable
		if mt := sente.CapabilitiesOf(g).MarginTabler; mt != nil {
			if leaves, err = mt.MarginTables(b.Context(), bd.table/4, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(bd.spec, func(b *testing.B) {
			benchMarginStart(b, g, search.MarginOptions{TableBytes: bd.table, MarginOnly: true, Leaves: leaves})
		})
	}
}

// TestSolveAllocatesNothing pins what the comparison with Pons's solver
// measures on its easiest positions: a search, of a few nodes or of a
// hundred thousand, from a cleared table or a full one, allocates nothing.
// (Searches once put each question in words for progress nobody asked
// for, and allocated twice besides: a third of a small search's time.)
func TestSolveAllocatesNothing(t *testing.T) {
	g, err := games.NewConnect4(7, 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	s, err := search.New(g, search.Options{TableBytes: 1 << 20, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, bp := range benchPositions[:2] {
		p, err := g.ParsePosition(bp.moves)
		if err != nil {
			t.Fatal(err)
		}
		for _, clear := range []bool{true, false} {
			allocs := testing.AllocsPerRun(20, func() {
				if clear {
					s.Clear()
				}
				if _, err := s.Solve(context.Background(), p); err != nil {
					t.Fatal(err)
				}
			})
			if allocs != 0 {
				t.Errorf("%s (%s), table cleared %v: %.1f allocations a search, want none", bp.name, bp.moves, clear, allocs)
			}
		}
	}
}
