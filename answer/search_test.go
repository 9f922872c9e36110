package answer_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/search"
	"github.com/sente-go/sente/store"
)

// TestSearchChosen: Auto searches a position of a game no table fits when
// the caller may take an answer by search, and refuses as before when it
// may not; --engine search asks for it whatever the game's size, and is
// refused what it cannot answer. An answer by search claims no counts.
func TestSearchChosen(t *testing.T) {
	big := open(t, "connect4")
	pos, err := big.ParsePosition("251667732342461765")
	if err != nil {
		t.Fatal(err)
	}
	small := open(t, "connect4:w=4,h=4")
	tables := &store.Store{Dir: t.TempDir()}
	var told *answer.Refusal
	tests := []struct {
		name    string
		g       sente.Game
		opt     answer.Options
		want    answer.Engine // 0 (Auto): refused
		wantOpt answer.Option
	}{
		{"auto, may search", big, answer.Options{From: pos, SearchOptions: answer.SearchOptions{MaySearch: true, Instead: func(r *answer.Refusal) { told = r }}}, answer.Search, 0},
		{"auto, may not", big, answer.Options{From: pos}, 0, 0},
		{"tiers asked", big, answer.Options{From: pos, Engine: answer.Tiers, SearchOptions: answer.SearchOptions{MaySearch: true}}, 0, answer.OptTiers},
		{"search asked", small, answer.Options{Engine: answer.Search}, answer.Search, 0},
		{"fits a table", small, answer.Options{SearchOptions: answer.SearchOptions{MaySearch: true}}, answer.Hashing, 0},
		{"search restricted", open(t, "chopsticks"), answer.Options{Engine: answer.Search, Restrict: map[sente.Player]string{sente.First: "niece"}}, 0, answer.OptSearch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opt.MaxMemory, tt.opt.Tables, tt.opt.Label = 4<<30, tables, "the game"
			a, err := answer.Solve(context.Background(), tt.g, tt.opt)
			if tt.want == 0 {
				var r *answer.Refusal
				if !errors.As(err, &r) {
					t.Fatalf("answered by the %v (%v), want a refusal", engineOf(a), err)
				}
				if r.Option != tt.wantOpt {
					t.Errorf("refused for option %v, want %v: %v", r.Option, tt.wantOpt, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.Engine != tt.want && !(tt.want == answer.Hashing && a.Engine == answer.Tiers) {
				t.Fatalf("answered by the %v, want the %v", a.Engine, tt.want)
			}
			cost, ok := a.SearchCost()
			if ok != (a.Engine == answer.Search) {
				t.Fatalf("SearchCost says %v for the %v", ok, a.Engine)
			}
			if !ok {
				return
			}
			sol := a.Solution
			if sol.Positions() != 0 || sol.Counts() != (solve.Counts{}) || sol.Whole() {
				t.Errorf("an answer by search claims counts: %d positions, %+v", sol.Positions(), sol.Counts())
			}
			if cost.Nodes == 0 || cost.TableBytes == 0 || cost.Elapsed <= 0 || cost.Searches != 1 {
				t.Errorf("cost %+v: want nodes, bytes, time and one search", cost)
			}
			if cost.TableBytes > int64(tt.opt.MaxMemory)/2 {
				t.Errorf("a table of %d bytes under a limit of %d", cost.TableBytes, tt.opt.MaxMemory)
			}
		})
	}
	if told == nil || !strings.Contains(told.Error(), "70.7 trillion") {
		t.Errorf("Auto searched without saying why: %v", told)
	}
	// The position is won in 23 plies by Pons's solver (score 1 at 18
	// stones).
	a, err := answer.Solve(context.Background(), big, answer.Options{From: pos, Engine: answer.Search, MaxMemory: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := a.Solution.Outcome(pos); o != (sente.Outcome{Value: sente.Win, Remoteness: 23}) {
		t.Errorf("%s: %v, want a win in 23", big.FormatPosition(pos), o)
	}
}

func engineOf(a *answer.Answer) answer.Engine {
	if a == nil {
		return answer.Auto
	}
	return a.Engine
}

// TestSearchStopsWithItsBounds: a search cancelled says what it proved,
// as a *SearchStopped that wraps the context's error.
func TestSearchStopsWithItsBounds(t *testing.T) {
	g := open(t, "connect4")
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	_, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Search, MaxMemory: 1 << 30})
	var stopped *answer.SearchStopped
	if !errors.As(err, &stopped) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%v: want a search stopped by its deadline", err)
	}
	if stopped.Cost.Nodes == 0 || !strings.HasPrefix(stopped.Proved(), "the first player (to move) ") {
		t.Errorf("stopped: %q after %+v", stopped.Proved(), stopped.Cost)
	}
}

// TestMarginSearchStopsWithItsBounds: a search for the margin alone
// cancelled says the margins it proved, and they hold the published one
// (Kalah(6,4) by 10), however far it came. It is cancelled three seconds
// into the search itself, after the endgame tables (14 seeds with its
// small memory), which take a few seconds on a quiet machine and many
// more on a busy one.
func TestMarginSearchStopsWithItsBounds(t *testing.T) {
	g := open(t, "kalah:houses=6,seeds=4,emptycapture=true")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var searching sync.Once
	progress := func(p answer.SearchProgress) {
		if p.Phase == "margin" {
			searching.Do(func() { time.AfterFunc(3*time.Second, cancel) })
		}
	}
	_, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Search, MaxMemory: 128 << 20,
		SearchOptions: answer.SearchOptions{MarginOnly: true, SearchProgress: progress}})
	var stopped *answer.SearchStopped
	if !errors.As(err, &stopped) || !errors.Is(err, context.Canceled) {
		t.Fatalf("%v: want a search stopped by its cancellation", err)
	}
	if !stopped.Margined || stopped.MarginLow > 10 || stopped.MarginHigh < 10 {
		t.Errorf("stopped with margins %v in [%d, %d] (%q); the margin is 10", stopped.Margined, stopped.MarginLow, stopped.MarginHigh, stopped.Proved())
	}
	t.Logf("%s after %s", stopped.Proved(), stopped.Cost.Words())
}

// TestMarginSearchStopsInItsTables: a search for the margin alone stopped
// while the game's endgame tables are built (Kalah(6,4)'s 16 seeds take
// seconds) says so, and wraps the context's error.
func TestMarginSearchStopsInItsTables(t *testing.T) {
	stopped := stopKalahMargin(t, 300*time.Millisecond, 1<<30)
	if want := "nothing yet, the endgame tables still being built"; !stopped.InTables || stopped.Proved() != want {
		t.Errorf("stopped in its tables %v, proved %q; want %q", stopped.InTables, stopped.Proved(), want)
	}
}

// stopKalahMargin searches Kalah(6,4)'s margin alone with maxMemory until
// its deadline, which must stop it.
func stopKalahMargin(t *testing.T, deadline time.Duration, maxMemory uint64) *answer.SearchStopped {
	t.Helper()
	g := open(t, "kalah:houses=6,seeds=4,emptycapture=true")
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	_, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Search, SearchOptions: answer.SearchOptions{MarginOnly: true}, MaxMemory: maxMemory})
	var stopped *answer.SearchStopped
	if !errors.As(err, &stopped) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%v: want a search stopped by its deadline", err)
	}
	return stopped
}

func TestMarginBoundsWords(t *testing.T) {
	for _, tc := range []struct {
		low, high int
		want      string
	}{
		{-60, 60, ""},
		{12, 60, "wins by 12 or more"},
		{0, 60, "does not lose"},
		{-3, 60, "loses by 3 at most"},
		{-60, -4, "loses by 4 or more"},
		{-60, 0, "does not win"},
		{0, 14, "does not lose, and wins by 14 at most"},
		{-5, -2, "loses by 5 at most, and loses by 2 or more"},
	} {
		if got := answer.MarginBoundsWords(tc.low, tc.high, 60); got != tc.want {
			t.Errorf("MarginBoundsWords(%d, %d, 60) = %q; want %q", tc.low, tc.high, got, tc.want)
		}
	}
}

// TestSearchAgreesWithTheTables: through the answer layer, search gives
// the tier engine's value and remoteness on positions of connect four
// 5×4 (every child of the start and of its children, and random
// positions of random games), one answer by search asked them all, its
// table shared.
func TestSearchAgreesWithTheTables(t *testing.T) {
	testmode.SkipShort(t, "connect four 5×4 by the tier engine, two CPU-seconds")
	g := open(t, "connect4:w=5,h=4")
	tables, err := answer.Solve(context.Background(), g, answer.Options{Engine: answer.Tiers})
	if err != nil {
		t.Fatal(err)
	}
	searched, err := answer.Solve(context.Background(), g, answer.Options{Engine: answer.Search, MaxMemory: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	var positions []sente.Position
	for _, m := range g.Moves(g.Start()) {
		positions = append(positions, m.To)
		for _, n := range g.Moves(m.To) {
			positions = append(positions, n.To)
		}
	}
	rng := rand.New(rand.NewPCG(46, 4))
	for range 300 {
		p := g.Start()
		for plies := rng.IntN(16); plies > 0; plies-- {
			moves := solve.LegalMoves(g, p)
			if len(moves) == 0 {
				break
			}
			p = moves[rng.IntN(len(moves))].To
		}
		positions = append(positions, p)
	}
	for _, p := range positions {
		want, ok := tables.Solution.Outcome(p)
		if !ok {
			t.Fatalf("%s: not in the tables", g.FormatPosition(p))
		}
		if got, ok := searched.Solution.Outcome(p); !ok || got != want {
			t.Errorf("%s: search says %v (%v), the tables %v", g.FormatPosition(p), got, ok, want)
		}
	}
	cost, _ := searched.SearchCost()
	t.Logf("%d positions: %s", len(positions), cost.Words())
}

// TestRefusalNamesTheTierEngine: a refusal of the hashing engine for a
// game the tier engine fits from its start says so, rather than tell the
// game that it does not fit and suggest smaller sizes.
func TestRefusalNamesTheTierEngine(t *testing.T) {
	g := open(t, "connect4:w=7,h=4")
	pos, err := g.ParsePosition("44")
	if err != nil {
		t.Fatal(err)
	}
	tables := &store.Store{Dir: t.TempDir()}
	spec := mustSpec(t, "connect4:w=7,h=4")
	fam, _ := catalog.Family(spec.Name)
	resize := &answer.Resize{Spec: spec, Family: fam, Open: catalog.OpenSpec}
	for _, opt := range []answer.Options{
		{From: pos},              // Auto, from a position: the tier engine solves from the start only
		{Engine: answer.Hashing}, // the hashing engine asked for
		{From: pos, Engine: answer.Hashing},
	} {
		opt.MaxMemory, opt.Tables, opt.Name, opt.Label, opt.Resize = 16<<30, tables, "connect4:w=7,h=4,k=4", "connect4:w=7,h=4", resize
		_, err := answer.PlanOf(g, opt)
		if err == nil {
			t.Fatalf("%+v: not refused", opt.Engine)
		}
		text := err.Error()
		if !strings.Contains(text, "the tier engine fits the game from its start") || strings.Contains(text, "largest that fit") {
			t.Errorf("engine %v, from %v: %s", opt.Engine, opt.From != nil, text)
		}
	}
}

// TestSearchTableKeptBetweenAnswers: answers by search of a game's
// successive positions, each made with the table the last one released
// (SearchOptions.SearchTable), as a server answers a request a move,
// agree with answers made afresh, and search far fewer nodes. A released
// answer searches no more; a table too large for the memory allowed is
// not taken.
func TestSearchTableKeptBetweenAnswers(t *testing.T) {
	g := open(t, "connect4")
	const line = "444433656255224233" // best play, from 14 plies in
	var kept *search.Table
	var warm, cold uint64
	for n := 14; n <= len(line); n++ {
		p, err := g.ParsePosition(line[:n])
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := answer.Solve(context.Background(), g, answer.Options{From: p, Engine: answer.Search, MaxMemory: 256 << 20})
		if err != nil {
			t.Fatal(err)
		}
		a, err := answer.Solve(context.Background(), g, answer.Options{From: p, Engine: answer.Search, MaxMemory: 256 << 20, SearchOptions: answer.SearchOptions{SearchTable: kept}})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := fresh.Solution.Outcome(p)
		got, _ := a.Solution.Outcome(p)
		if got != want {
			t.Errorf("after %s: %v with the table kept, %v afresh", line[:n], got, want)
		}
		c, _ := a.SearchCost()
		f, _ := fresh.SearchCost()
		warm, cold = warm+c.Nodes, cold+f.Nodes
		fresh.Close()
		s := a.Solution.(*answer.SearchSolution)
		if kept, err = s.ReleaseTable(); err != nil || kept == nil {
			t.Fatalf("after %s: released with table %v, %v", line[:n], kept, err)
		}
		if _, ok := s.Outcome(g.Moves(p)[0].To); ok {
			t.Errorf("a released answer answered a position it had not searched")
		}
	}
	if warm*2 > cold {
		t.Errorf("%d nodes along the line with the table kept, %d afresh: want at most half", warm, cold)
	}
	a, err := answer.Solve(context.Background(), g, answer.Options{From: mustParse(t, g, line), Engine: answer.Search, MaxMemory: uint64(kept.Bytes()), SearchOptions: answer.SearchOptions{SearchTable: kept}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if c, _ := a.SearchCost(); c.TableBytes > kept.Bytes()/2 {
		t.Errorf("a table of %d bytes taken where %d bytes of memory allow %d", kept.Bytes(), kept.Bytes(), kept.Bytes()/2)
	}
}
