package search_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/search"
)

// TestCancelKeepsWhatIsProved: a search cancelled once it has proved a
// bound stops with the context's error, returns the bounds it proved
// (true ones), and leaves its table to the next search of the position,
// which finishes with fewer nodes than a search from an empty table.
// (The full search takes some 126,000 nodes.)
// Progress is reported while it runs.
func TestCancelKeepsWhatIsProved(t *testing.T) {
	g, err := games.NewConnect4(7, 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition("65554253226")
	if err != nil {
		t.Fatal(err)
	}
	want := sente.Outcome{Value: sente.Win, Remoteness: 25} // Pons: 4
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var reports atomic.Int64
	s, err := search.New(g, search.Options{
		TableBytes:    16 << 20,
		Workers:       1, // the same nodes every time, to compare
		ProgressEvery: time.Millisecond,
		Progress: func(pr search.Progress) {
			reports.Add(1)
			// Past what the root not having ended says, and past the
			// first few thousand nodes, in which the cheap shallow probes
			// prove bounds that a search from an empty table proves as
			// cheaply.
			if pr.Nodes >= 20000 && (pr.Low.Better(sente.Outcome{Value: sente.Lose, Remoteness: 1}) || (sente.Outcome{Value: sente.Win, Remoteness: 1}).Better(pr.High)) {
				cancel()
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Solve(ctx, p)
	if res.Outcome == want && err == nil {
		t.Skip("the search finished before it was cancelled")
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v, %v; want context.Canceled", res.Outcome, err)
	}
	if res.Outcome.Value != sente.Unknown {
		t.Errorf("cancelled with the outcome %v", res.Outcome)
	}
	if res.Low.Value == sente.Unknown && res.High.Value == sente.Unknown {
		t.Errorf("cancelled after a bound was proved, with no bound")
	}
	if (res.Low.Value != sente.Unknown && want.Better(res.Low) == false && want != res.Low) ||
		(res.High.Value != sente.Unknown && res.High.Better(want) == false && want != res.High) {
		t.Errorf("bounds %v..%v do not hold %v", res.Low, res.High, want)
	}
	if reports.Load() == 0 {
		t.Errorf("no progress reported")
	}
	warm, err := s.Solve(context.Background(), p)
	if err != nil || warm.Outcome != want {
		t.Fatalf("after the cancelled search: %v, %v; want %v", warm.Outcome, err, want)
	}
	s.Clear()
	cold, err := s.Solve(context.Background(), p)
	if err != nil || cold.Outcome != want {
		t.Fatalf("from an empty table: %v, %v; want %v", cold.Outcome, err, want)
	}
	if warm.Nodes >= cold.Nodes {
		t.Errorf("the search after the cancelled one took %d nodes, one from an empty table %d: the table kept nothing", warm.Nodes, cold.Nodes)
	}
	t.Logf("cancelled after %d nodes at %v..%v; then %d nodes, from an empty table %d", res.Nodes, res.Low, res.High, warm.Nodes, cold.Nodes)
}

// slowGame is a game whose every expansion takes about a millisecond, as
// a rules file's may, and which counts them.
type slowGame struct {
	*games.TicTacToe
	expansions atomic.Int64
	// at is called with the count after each expansion.
	at func(n int64)
}

func (g *slowGame) AppendChildren(dst []uint64, key uint64) []uint64 {
	time.Sleep(time.Millisecond)
	g.at(g.expansions.Add(1))
	return g.TicTacToe.AppendChildren(dst, key)
}

// TestCancelHeardInSlowGame: a search of a game whose nodes are slow
// hears a cancellation within a few of them, not at a count of nodes set
// for the fast games (1,024 nodes would be a second here).
func TestCancelHeardInSlowGame(t *testing.T) {
	ttt, err := games.NewTicTacToe(4, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	const cancelAt = 300
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g := &slowGame{TicTacToe: ttt}
	g.at = func(n int64) {
		if n == cancelAt {
			cancel()
		}
	}
	s, err := search.New(g, search.Options{TableBytes: 1 << 20, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Solve(ctx, g.Start())
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled at the %dth expansion: %v; want context.Canceled", cancelAt, err)
	}
	// A look every 20 ms at most: about 20 expansions of 1 ms, fewer when
	// the machine is loaded and the sleeps run long.
	if after := g.expansions.Load() - cancelAt; after > 40 {
		t.Errorf("%d expansions after the cancellation; want at most 40", after)
	} else {
		t.Logf("%d expansions after the cancellation", after)
	}
}

// failure makes a game fail, as a rules file's call may (its context
// cancelled, say), from its failAt'th expansion on: the game then answers
// harmlessly, with no moves, and says why in Err.
type failure struct {
	failAt     int64
	expansions atomic.Int64
	failed     atomic.Bool
}

var errGameFailed = errors.New("the game's call failed")

// fail counts an expansion, and says whether the game has failed.
func (f *failure) fail() bool {
	if f.expansions.Add(1) >= f.failAt {
		f.failed.Store(true)
	}
	return f.failed.Load()
}

func (f *failure) Err() error {
	if f.failed.Load() {
		return errGameFailed
	}
	return nil
}

// failingGame is tic-tac-toe that fails.
type failingGame struct {
	*games.TicTacToe
	failure
}

func (g *failingGame) AppendChildren(dst []uint64, key uint64) []uint64 {
	if g.fail() {
		return dst
	}
	return g.TicTacToe.AppendChildren(dst, key)
}

// TestGameFailureProvesNothing: a search of a game that fails part way
// returns the game's error, and no bound of what it searched after the
// failure, where the game's empty answers would read as lost positions.
func TestGameFailureProvesNothing(t *testing.T) {
	ttt, err := games.NewTicTacToe(3, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := sente.Outcome{Value: sente.Tie, Remoteness: 9}
	holds := func(low, high sente.Outcome) bool {
		return (low.Value == sente.Unknown || want == low || want.Better(low)) &&
			(high.Value == sente.Unknown || want == high || high.Better(want))
	}
	whole := &failingGame{TicTacToe: ttt, failure: failure{failAt: 1 << 62}}
	s, err := search.New(whole, search.Options{TableBytes: 1 << 16, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Solve(context.Background(), whole.Start())
	if err != nil || res.Outcome != want {
		t.Fatalf("without a failure: %v, %v; want %v", res.Outcome, err, want)
	}
	n := whole.expansions.Load()
	bounded := 0
	for failAt := int64(1); failAt <= n; failAt += max(1, n/300) {
		g := &failingGame{TicTacToe: ttt, failure: failure{failAt: failAt}}
		s, err := search.New(g, search.Options{TableBytes: 1 << 16, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Solve(context.Background(), g.Start())
		if !errors.Is(err, errGameFailed) {
			t.Fatalf("failing at expansion %d of %d: %v, %v; want the game's error", failAt, n, res.Outcome, err)
		}
		if res.Outcome.Value != sente.Unknown || !holds(res.Low, res.High) {
			t.Fatalf("failing at expansion %d of %d: %v, bounds %v..%v; the truth is %v", failAt, n, res.Outcome, res.Low, res.High, want)
		}
		if res.Low.Value != sente.Unknown || res.High.Value != sente.Unknown {
			bounded++
		}
	}
	t.Logf("%d expansions in all; failures after bounds were proved kept them %d times", n, bounded)
}

// failingKalah is Kalah that fails, for the margin search, which reads
// its ordered moves.
type failingKalah struct {
	*games.Kalah
	failure
}

func (g *failingKalah) AppendChildren(dst []uint64, key uint64) []uint64 {
	if g.fail() {
		return dst
	}
	return g.Kalah.AppendChildren(dst, key)
}

func (g *failingKalah) OrderChildren(dst []sente.Child, key uint64) ([]sente.Child, sente.Tactics) {
	if g.fail() {
		return dst, sente.Tactics{}
	}
	return g.Kalah.OrderChildren(dst, key)
}

// TestMarginGameFailure: the margin search of a game that fails part way
// returns the game's error, not a margin.
func TestMarginGameFailure(t *testing.T) {
	kg, err := games.NewKalah(games.KalahRules{Houses: 3, Seeds: 2})
	if err != nil {
		t.Fatal(err)
	}
	k := kg.(*games.Kalah)
	whole := &failingKalah{Kalah: k, failure: failure{failAt: 1 << 62}}
	ms, err := search.NewMarginSearcher(whole, search.MarginOptions{TableBytes: 1 << 16})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ms.Margin(t.Context(), whole.Start()); err != nil {
		t.Fatal(err)
	}
	n := whole.expansions.Load()
	for failAt := int64(1); failAt <= n; failAt += max(1, n/100) {
		g := &failingKalah{Kalah: k, failure: failure{failAt: failAt}}
		ms, err := search.NewMarginSearcher(g, search.MarginOptions{TableBytes: 1 << 16})
		if err != nil {
			t.Fatal(err)
		}
		if m, err := ms.Margin(t.Context(), g.Start()); !errors.Is(err, errGameFailed) {
			t.Fatalf("failing at expansion %d of %d: %+v, %v; want the game's error", failAt, n, m, err)
		}
	}
}
