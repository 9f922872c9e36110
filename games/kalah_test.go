package games

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// kalahBoard is a board of the plain minimax below: the first player's
// houses and store, then the second player's, in a slice.
type kalahBoard struct {
	cells []int
	mover int // 0 first, 1 second
}

// kalahMinimax is an obviously-correct Kalah of its own, written from the
// rules as a person states them and sharing no code with the game: the
// exact margin for the player to move under perfect play, each side
// making its own as large as it can. Kalah never repeats a position, so
// plain recursion ends; memo only saves time.
func kalahMinimax(r KalahRules, b kalahBoard, memo map[string]int) int {
	n := r.Houses
	key := fmt.Sprint(b.cells, b.mover)
	if m, ok := memo[key]; ok {
		return m
	}
	side := func(p int) (sum int) {
		for i := 0; i < n; i++ {
			sum += b.cells[p*(n+1)+i]
		}
		return sum
	}
	mine, theirs := side(b.mover), side(1-b.mover)
	if mine == 0 || (!r.EndForMover && theirs == 0) {
		storeMine, storeTheirs := b.cells[b.mover*(n+1)+n], b.cells[(1-b.mover)*(n+1)+n]
		switch {
		case !r.LeftToEmptied:
			storeMine += mine
			storeTheirs += theirs
		case mine == 0:
			storeMine += theirs
		default:
			storeTheirs += mine
		}
		memo[key] = storeMine - storeTheirs
		return storeMine - storeTheirs
	}
	best := -1 << 30
	for i := 0; i < n; i++ {
		from := b.mover*(n+1) + i
		if b.cells[from] == 0 {
			continue
		}
		c := append([]int(nil), b.cells...)
		seeds := c[from]
		c[from] = 0
		at := from
		for seeds > 0 {
			at = (at + 1) % len(c)
			if at == (1-b.mover)*(n+1)+n {
				continue // the opponent's store
			}
			c[at]++
			seeds--
		}
		store := b.mover*(n+1) + n
		again := false
		if at == store {
			again = !r.NoExtraTurn
		} else if at/(n+1) == b.mover && c[at] == 1 {
			opposite := 2*n - at
			if c[opposite] > 0 || r.EmptyCapture {
				c[store] += c[opposite] + 1
				c[at], c[opposite] = 0, 0
			}
		}
		var m int
		if again {
			m = kalahMinimax(r, kalahBoard{c, b.mover}, memo)
		} else {
			m = -kalahMinimax(r, kalahBoard{c, 1 - b.mover}, memo)
		}
		best = max(best, m)
	}
	memo[key] = best
	return best
}

func kalahMinimaxBoard(g *Kalah, p KalahPosition) kalahBoard {
	cells := make([]int, 2*g.houses+2)
	for i := range cells {
		cells[i] = int(p.Board[i])
	}
	return kalahBoard{cells, int(p.Turn)}
}

var kalahVariants = []struct {
	spec  string
	rules KalahRules
}{
	{"", KalahRules{}},
	{",emptycapture=true", KalahRules{EmptyCapture: true}},
	{",extra=false", KalahRules{NoExtraTurn: true}},
	{",end=mover", KalahRules{EndForMover: true}},
	{",left=emptied", KalahRules{LeftToEmptied: true}},
	{",end=mover,left=emptied,emptycapture=true", KalahRules{EndForMover: true, LeftToEmptied: true, EmptyCapture: true}},
}

// TestKalahEngines holds the tier engine, the hashing engine and the
// reference solver to one another on every position of small boards, and
// the sign of every position's value to the margin the plain minimax
// finds, and the game's score at the end to the minimax's count; and the
// margins of the tier engine's tables to the hashing engine's, plies
// too, and to the minimax's.
func TestKalahEngines(t *testing.T) {
	ctx := context.Background()
	for _, size := range [][2]int{{1, 2}, {2, 2}, {3, 1}, {2, 3}, {3, 2}} {
		for _, v := range kalahVariants {
			spec := fmt.Sprintf("kalah:houses=%d,seeds=%d%s", size[0], size[1], v.spec)
			t.Run(spec, func(t *testing.T) {
				g := mustGame[*Kalah](t, spec)
				rules := v.rules
				rules.Houses, rules.Seeds = size[0], size[1]
				want, err := reference.Reference(g, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				ts, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{})
				if err != nil {
					t.Fatal(err)
				}
				defer ts.Close()
				fromTiers := tiers.FromTiers(g, ts, g.Start(), 0)
				sol, err := hashing.Solve(ctx, g, hashing.Options{})
				if err != nil {
					t.Fatal(err)
				}
				memo := map[string]int{}
				bad := 0
				for p, w := range want {
					pos := p.(KalahPosition)
					margin := kalahMinimax(rules, kalahMinimaxBoard(g, pos), memo)
					got, ok := sol.Outcome(p)
					tg, tok := fromTiers.Outcome(p)
					if !ok || got != w || !tok || tg != w || w.Value != (sente.Margin{Score: margin}).Value() {
						if bad++; bad <= 5 {
							t.Errorf("%s: hashing %v (%v), tiers %v (%v), reference %v, minimax margin %d", g.FormatPosition(p), got, ok, tg, tok, w, margin)
						}
					}
					hm, hok := sol.Margin(p)
					tm, tmok := fromTiers.Margin(p)
					if !hok || !tmok || tm != hm || tm.Score != margin {
						if bad++; bad <= 5 {
							t.Errorf("%s: margins: hashing %v (%v), tiers %v (%v), minimax %d", g.FormatPosition(p), hm, hok, tm, tmok, margin)
						}
					}
					if _, ended := g.Ended(p); ended && g.Score(p) != margin {
						t.Errorf("%s: score %d, minimax %d", g.FormatPosition(p), g.Score(p), margin)
					}
				}
			})
		}
	}
}

// TestKalahRulesFile holds the built-in game to examples/kalah.star, an
// independent Starlark reading of the default rules (with a Python twin
// of its own): the same moves from every position play reaches, and the
// same value and remoteness in each.
func TestKalahRulesFile(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {2, 2}, {3, 2}, {2, 3}} {
		builtin := mustGame[*Kalah](t, fmt.Sprintf("kalah:houses=%d,seeds=%d", size[0], size[1]))
		file, err := New(fmt.Sprintf("../examples/kalah.star:pits=%d,seeds=%d", size[0], size[1]))
		if err != nil {
			t.Fatal(err)
		}
		want, err := reference.Reference(file, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := reference.Reference(builtin, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		type pair struct{ b, f sente.Position }
		seen := map[sente.Position]bool{}
		queue := []pair{{builtin.Start(), file.Start()}}
		for len(queue) > 0 {
			at := queue[0]
			queue = queue[1:]
			if seen[at.b] {
				continue
			}
			seen[at.b] = true
			if got[at.b] != want[at.f] {
				t.Errorf("%d,%d: %s: %v; the rules file's %s: %v", size[0], size[1], builtin.FormatPosition(at.b), got[at.b], file.FormatPosition(at.f), want[at.f])
			}
			if _, ended := builtin.Ended(at.b); ended {
				continue
			}
			bm, fm := builtin.Moves(at.b), file.Moves(at.f)
			if len(bm) != len(fm) {
				t.Fatalf("%s: moves %v; the rules file's %v", builtin.FormatPosition(at.b), bm, fm)
			}
			for i := range bm {
				if bm[i].Name != fm[i].Name {
					t.Fatalf("%s: move %s; the rules file's %s", builtin.FormatPosition(at.b), bm[i].Name, fm[i].Name)
				}
				queue = append(queue, pair{bm[i].To, fm[i].To})
			}
		}
		if len(seen) != len(got) {
			t.Errorf("%d,%d: walked %d positions of %d", size[0], size[1], len(seen), len(got))
		}
	}
}

// TestKalahStart pins the start of the boards a test solves in a moment,
// with the margin the plain minimax finds. Kalah(2,2) is a second-player
// win, as examples/kalah.star's Python twin also finds.
func TestKalahStart(t *testing.T) {
	for _, tt := range []struct {
		houses, seeds int
		want          sente.Outcome
		margin        int
	}{
		{1, 1, sente.Outcome{Value: sente.Tie, Remoteness: 1}, 0},
		{2, 1, sente.Outcome{Value: sente.Win, Remoteness: 2}, 2},
		{2, 2, sente.Outcome{Value: sente.Lose, Remoteness: 5}, -2},
		{3, 2, sente.Outcome{Value: sente.Win, Remoteness: 8}, 4},
		{3, 3, sente.Outcome{Value: sente.Win, Remoteness: 18}, 2},
	} {
		g := mustGame[*Kalah](t, fmt.Sprintf("kalah:houses=%d,seeds=%d", tt.houses, tt.seeds))
		ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if ts.Start != tt.want {
			t.Errorf("Kalah(%d,%d): %v, want %v", tt.houses, tt.seeds, ts.Start, tt.want)
		}
		ts.Close()
		m := kalahMinimax(KalahRules{Houses: tt.houses, Seeds: tt.seeds}, kalahMinimaxBoard(g, g.Start().(KalahPosition)), map[string]int{})
		if m != tt.margin {
			t.Errorf("Kalah(%d,%d): minimax margin %d, want %d", tt.houses, tt.seeds, m, tt.margin)
		}
	}
}

func TestKalahGamecheck(t *testing.T) {
	for _, spec := range []string{"kalah:houses=2,seeds=2", "kalah:houses=3,seeds=3,extra=false", "kalah:houses=4,seeds=2,end=mover,left=emptied", "kalah"} {
		s, err := sente.ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		b, err := (&Catalog{}).Bind(s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gamecheck.Check(context.Background(), mustGame[*Kalah](t, spec), gamecheck.Options{Positions: 3000, Family: &b.Family, Values: b.Values}); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
}

func TestKalahPositions(t *testing.T) {
	g := mustGame[*Kalah](t, "kalah:houses=3,seeds=2")
	for _, tt := range []struct{ text, err string }{
		{"2,2,2:0 2,2,2:0 first", ""},
		{"0,0,3:5 1,0,0:3 second", ""},
		{"2,2,2:0 2,2,2:0", "not two sides and who moves"},
		{"2,2,2:0 2,2,2:0 third", `"third" moves`},
		{"2,2,2 2,2,2:0 first", "the first side has no store after a colon"},
		{"2,2:0 2,2,2:2 first", "the first side has 2 houses"},
		{"2,x,2:0 2,2,2:0 first", `"x" is not a count of seeds from 0 to 12`},
		{"2,2,2:1 2,2,2:0 first", "13 seeds where the game has 12"},
	} {
		p, err := g.ParsePosition(tt.text)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%q: %v", tt.text, err)
		case tt.err == "" && g.FormatPosition(p) != tt.text:
			t.Errorf("%q: reads back as %q", tt.text, g.FormatPosition(p))
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%q: error %v, want one saying %q", tt.text, err, tt.err)
		}
	}
}

// TestKalahMoves pins a sowing round the board past the opponent's store,
// an extra turn, and a capture, as a person reads them off the board.
func TestKalahMoves(t *testing.T) {
	g := mustGame[*Kalah](t, "kalah:houses=3,seeds=2")
	for _, tt := range []struct{ from, move, to string }{
		{"2,2,2:0 2,2,2:0 first", "2", "2,0,3:1 2,2,2:0 first"},   // last seed in the store: again
		{"2,2,2:0 2,2,2:0 first", "3", "2,2,0:1 3,2,2:0 second"},  // over the store to the opponent
		{"1,1,6:0 1,1,2:0 first", "3", "2,2,0:1 2,2,3:0 second"},  // round past the second's store
		{"1,0,2:0 2,2,1:4 first", "1", "0,0,2:3 2,0,1:4 second"},  // capture of the house opposite
		{"1,0,2:0 2,0,2:5 first", "1", "0,1,2:0 2,0,2:5 second"},  // opposite empty: no capture
		{"0,2,1:3 1,0,1:4 second", "1", "0,0,1:3 0,0,1:7 first"},  // the second player's capture
		{"0,2,1:3 0,1,1:4 second", "3", "0,2,1:3 0,1,0:5 second"}, // and an extra turn of theirs
		{"1,0,0:5 0,0,2:4 first", "1", "0,1,0:5 0,0,2:4 second"},  // plays on with one side nearly empty
	} {
		from := mustParse[KalahPosition](t, g, tt.from)
		found := false
		for _, m := range g.Moves(from) {
			if m.Name == tt.move {
				found = true
				if got := g.FormatPosition(m.To); got != tt.to {
					t.Errorf("%s, %s: %s, want %s", tt.from, tt.move, got, tt.to)
				}
			}
		}
		if !found {
			t.Errorf("%s: no move %s", tt.from, tt.move)
		}
	}
}

// TestKalahTierMarginsResumed: a solve by tiers resumed from tiers stored
// with their margins stores the same margins as a solve from nothing; one
// resumed from a tier stored without them keeps its values and gives up
// every margin, leaving no tier's behind, rather than hold some.
func TestKalahTierMarginsResumed(t *testing.T) {
	g := mustGame[*Kalah](t, "kalah:houses=3,seeds=2")
	fresh := tiers.NewMemorySink()
	ts, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{Sink: fresh})
	if err != nil {
		t.Fatal(err)
	}
	want := tiers.FromTiers(g, ts, g.Start(), 0)
	positions, err := reference.Reference(g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ranker := sente.CapabilitiesOf(g).TierRanker
	start, _ := ranker.TierRank(g.Encode(g.Start()))
	child := ranker.ChildTiers(start)[0]
	kinds := []store.Kind{store.Values, store.Reachable, store.Margins, store.MarginPlies}
	for _, c := range []struct {
		name    string
		lost    map[int][]store.Kind
		margins bool
	}{
		{"the start's tier", map[int][]store.Kind{start: kinds}, true},
		{"a tier's margins", map[int][]store.Kind{start: kinds, child: {store.Margins}}, false},
	} {
		sink := tiers.NewMemorySink()
		for _, r := range ts.Tiers {
			tier := r.Tier
			for _, k := range kinds {
				if tbl, err := fresh.Open(tier, k); err == nil {
					sink.Write(tier, k, tbl.Data, tbl.Header.Counts)
				}
			}
		}
		for tier, ks := range c.lost {
			for _, k := range ks {
				sink.Delete(tier, k)
			}
		}
		resumed, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{Sink: sink})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := tiers.FromTiers(g, resumed, g.Start(), 0)
		if err := got.MarginErr(); (err == nil) != c.margins {
			t.Errorf("%s: margins %v, want them %v", c.name, err, c.margins)
		}
		for _, r := range ts.Tiers {
			tier := r.Tier
			for _, k := range []store.Kind{store.Margins, store.MarginPlies} {
				if sink.Has(tier, k) != c.margins {
					t.Errorf("%s: tier %d: %v stored %v", c.name, tier, k, !c.margins)
				}
			}
		}
		bad := 0
		for p := range positions {
			w, _ := want.Outcome(p)
			o, ok := got.Outcome(p)
			wm, _ := want.Margin(p)
			m, mok := got.Margin(p)
			if !ok || o != w || mok != c.margins || c.margins && m != wm {
				if bad++; bad <= 5 {
					t.Errorf("%s: %s: %v %v, margin %v %v; want %v, margin %v", c.name, g.FormatPosition(p), o, ok, m, mok, w, wm)
				}
			}
		}
		resumed.Close()
	}
	ts.Close()
}

// TestKalahNextComposition: stepping from one composition to the next, as
// the endgame tables' build does, meets every rank in turn.
func TestKalahNextComposition(t *testing.T) {
	for _, r := range []KalahRules{{Houses: 1, Seeds: 2}, {Houses: 2, Seeds: 3}, {Houses: 3, Seeds: 2}} {
		g, err := NewKalah(r)
		if err != nil {
			t.Fatal(err)
		}
		k := g.(*Kalah)
		for seeds := 0; seeds <= k.total; seeds++ {
			var b, want [2*kalahMaxHouses + 2]uint8
			n := k.compositions(seeds, k.places())
			k.composition(&b, seeds, 0)
			for rank := uint64(1); rank < n; rank++ {
				k.nextComposition(&b)
				k.composition(&want, seeds, rank)
				if b != want {
					t.Fatalf("%+v, %d seeds: the composition after rank %d is %v; want %v", r, seeds, rank-1, b, want)
				}
			}
		}
	}
}

// TestKalahMarginsBuild: the endgame tables' build tells its progress up
// to every position, and stops, with the context's error, once cancelled.
func TestKalahMarginsBuild(t *testing.T) {
	g, err := NewKalah(KalahRules{Houses: 6, Seeds: 4})
	if err != nil {
		t.Fatal(err)
	}
	var last, total int64
	if _, err := NewKalahMargins(t.Context(), g, 6, func(done, all int64) {
		if done < last {
			t.Errorf("progress went back from %d to %d", last, done)
		}
		last, total = done, all
	}); err != nil {
		t.Fatal(err)
	}
	if want := KalahMarginBytes(g, 6); last != want || total != want {
		t.Errorf("progress ended at %d of %d; want %d of %d", last, total, want, want)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := NewKalahMargins(ctx, g, 6, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled build returned %v; want %v", err, context.Canceled)
	}
}

// TestKalahMarginsWorkers: tables built by several workers, each solving
// the boards its runs reach wherever they fall, are the tables one worker
// builds.
func TestKalahMarginsWorkers(t *testing.T) {
	g, err := NewKalah(KalahRules{Houses: 6, Seeds: 4, EmptyCapture: true})
	if err != nil {
		t.Fatal(err)
	}
	build := func(workers int) *KalahMargins {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(workers))
		m, err := NewKalahMargins(t.Context(), g, 9, nil)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	one, four := build(1), build(4)
	for i := range one.first[one.seeds+1] {
		if _, ok := one.found(i); !ok {
			t.Fatalf("board %d of %d is not solved", i, one.first[one.seeds+1])
		}
	}
	for i := range one.words {
		if a, b := one.words[i].Load(), four.words[i].Load(); a != b {
			t.Fatalf("word %d of the tables is %#x built by one worker, %#x by four", i, a, b)
		}
	}
}
