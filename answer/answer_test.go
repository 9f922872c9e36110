package answer_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/store"
)

var catalog = &games.Catalog{ReadFiles: true}

func open(t testing.TB, spec string) sente.Game {
	t.Helper()
	g, err := catalog.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// resize finds smaller sizes of spec's game from the catalogue, as the
// command line does.
func resize(t testing.TB, spec sente.Spec) *answer.Resize {
	t.Helper()
	fam, err := catalog.Family(spec.Name)
	if err != nil {
		t.Fatal(err)
	}
	return &answer.Resize{Spec: spec, Family: fam, Open: catalog.OpenSpec}
}

// explorations runs fn and returns how many times it explored a game.
func explorations(fn func()) int64 {
	before := explore.Explorations()
	fn()
	return explore.Explorations() - before
}

// An answer explores a game once, and its solution and Grundy values are
// those of the engines run on their own: an impartial game, a loopy
// impartial game, a misère game (no Grundy values), a sum (valued by its
// components, which explores no whole positions) and a partizan game.
func TestOneExploration(t *testing.T) {
	for _, tt := range []struct {
		spec      string
		misere    bool
		grundy    bool // Grundy values attached
		loopy     bool
		reference func(context.Context, sente.Game) (nimber.Valuer, error)
	}{
		{spec: "count:lose=21", grundy: true, reference: grundyOf},
		{spec: "subtraction:n=30,set=1/3/4", grundy: true, reference: grundyOf},
		{spec: "kayles:n=9", grundy: true, reference: grundyOf},
		{spec: "../cli/testdata/rules/loopyimp.star", grundy: true, loopy: true, reference: loopyOf},
		{spec: "nim:heaps=3/4/5", misere: true},
		{spec: "tictactoe"},
		{spec: "chopsticks"},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			g := open(t, tt.spec)
			if tt.misere {
				g = nimber.MisereGame(g)
			}
			var a *answer.Answer
			var err error
			n := explorations(func() {
				a, err = answer.Solve(context.Background(), g, answer.Options{Grundy: true})
			})
			if err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Errorf("explored %d times, want once", n)
			}
			if a.Engine != answer.Hashing || a.HasGrundy() != tt.grundy {
				t.Fatalf("engine %v, Grundy values %v; want hash, %v", a.Engine, a.HasGrundy(), tt.grundy)
			}
			want, err := hashing.Solve(context.Background(), g, hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if a.Solution.Positions() != want.Positions() || a.Solution.Counts() != want.Counts() {
				t.Errorf("%d positions %+v, want %d %+v", a.Solution.Positions(), a.Solution.Counts(), want.Positions(), want.Counts())
			}
			var ref nimber.Valuer
			if tt.grundy {
				if a.GrundyLoopy() != tt.loopy {
					t.Errorf("loopy %v, want %v", !tt.loopy, tt.loopy)
				}
				if ref, err = tt.reference(context.Background(), g); err != nil {
					t.Fatal(err)
				}
			} else if a.GrundyValues() != nil {
				t.Error("GrundyValues is not nil for a game without them")
			}
			want.Each(func(p sente.Position, o sente.Outcome) bool {
				got, ok := a.Solution.Outcome(p)
				if !ok || got != o {
					t.Errorf("%s: %v %v, want %v", g.FormatPosition(p), got, ok, o)
					return false
				}
				if ref == nil {
					return true
				}
				gv, gok := a.Grundy(p)
				rv, rok := ref.Of(p)
				if gok != rok || gv.String() != rv.String() {
					t.Errorf("%s: Grundy value %v %v, want %v %v", g.FormatPosition(p), gv, gok, rv, rok)
					return false
				}
				if gv.Outcome() != o.Value {
					t.Errorf("%s: Grundy value %v but %v", g.FormatPosition(p), gv, o.Value)
					return false
				}
				return true
			})
		})
	}
}

func grundyOf(ctx context.Context, g sente.Game) (nimber.Valuer, error) {
	v, err := nimber.Grundy(ctx, g, nil, nimber.Options{Whole: true})
	if err != nil {
		return nil, err
	}
	return v.Nimbers(), nil
}

func loopyOf(ctx context.Context, g sente.Game) (nimber.Valuer, error) {
	return nimber.Loopy(ctx, g, nil, nimber.Options{})
}

// Without Grundy asked for, an answer computes none; a restricted player
// keeps them apart, over a space of their own.
func TestGrundyOnlyWhenAsked(t *testing.T) {
	g := open(t, "count:lose=21")
	a, err := answer.Solve(context.Background(), g, answer.Options{})
	if err != nil || a.HasGrundy() {
		t.Fatalf("%v, Grundy values %v; want none", err, a != nil && a.HasGrundy())
	}
	refused := 0
	a, err = answer.Solve(context.Background(), g, answer.Options{Grundy: true, GrundyRoom: func(held, need int64) bool {
		if held <= 0 || need < int64(4*a.Solution.Positions()) {
			t.Errorf("room asked for %d beside %d", need, held)
		}
		refused++
		return false
	}})
	if err != nil || a.HasGrundy() || refused != 1 {
		t.Errorf("%v, Grundy values %v, room asked %d times; want none, once", err, a.HasGrundy(), refused)
	}
}

// The engine: the hashing engine for a small game, the tier engine when
// asked or for a large one, and a one-line refusal when the engine asked
// for cannot answer.
func TestEngineChoice(t *testing.T) {
	ctx := context.Background()
	g := open(t, "tictactoe")
	for _, tt := range []struct {
		opt     answer.Options
		want    answer.Engine
		refusal string
	}{
		{opt: answer.Options{}, want: answer.Hashing},
		{opt: answer.Options{Engine: answer.Hashing}, want: answer.Hashing},
		{opt: answer.Options{Engine: answer.Tiers}, want: answer.Tiers},
		{opt: answer.Options{Engine: answer.Tiers, Symmetry: true}, refusal: "keeping one position per class of symmetric positions needs the hashing engine"},
		{opt: answer.Options{Engine: answer.Tiers, From: mustParse(t, g, "x../.../...")}, refusal: "the tier engine solves from the start"},
		{opt: answer.Options{Engine: answer.Stored}, refusal: answer.ErrNotStored.Error()},
	} {
		a, err := answer.Solve(ctx, g, tt.opt)
		if tt.refusal != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.refusal) {
				t.Errorf("%+v: %v, want %q", tt.opt, err, tt.refusal)
			}
			if r, ok := errors.AsType[*answer.Refusal](err); tt.opt.Engine == answer.Tiers && (!ok || r.Option != answer.OptTiers) {
				t.Errorf("%+v: %#v, want a refusal of the tier engine asked for", tt.opt, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%+v: %v", tt.opt, err)
		}
		if a.Engine != tt.want {
			t.Errorf("%+v: engine %v, want %v", tt.opt, a.Engine, tt.want)
		}
		o, _ := a.Solution.Outcome(g.Start())
		if o != (sente.Outcome{Value: sente.Tie, Remoteness: 9}) {
			t.Errorf("%+v: %v, want a tie in 9", tt.opt, o)
		}
		a.Close()
	}
}

// A game that does not rank its positions by tiers (kayles: keys, no
// ranks; subtract-a-square as a program of one's own writes it: the Game
// contract alone) is solved by the tier engine when asked for, through its
// canonical bytes (sente.WithBytes), into tables that later answers read,
// every position as the hashing engine has it; Auto still takes the
// hashing engine for it when nothing is stored.
func TestTiersWithoutRanks(t *testing.T) {
	ctx := context.Background()
	for _, g := range []sente.Game{open(t, "kayles:n=7"), plainSquares{20}} {
		name := fmt.Sprintf("%T", g)
		if answer.Tiered(g) {
			t.Fatalf("%s ranks its positions by tiers", name)
		}
		auto, err := answer.Solve(ctx, g, answer.Options{})
		if err != nil {
			t.Fatalf("%s under Auto: %v", name, err)
		}
		if auto.Engine != answer.Hashing {
			t.Fatalf("%s under Auto: engine %v, want the hashing engine", name, auto.Engine)
		}
		tables := &store.Store{Dir: t.TempDir()}
		opt := answer.Options{Engine: answer.Tiers, Tables: tables, Name: name}
		a, err := answer.Solve(ctx, g, opt)
		if err != nil {
			t.Fatalf("%s by tiers: %v", name, err)
		}
		if a.Engine != answer.Tiers || a.Game != g {
			t.Fatalf("%s by tiers: %v, engine %v, game %T", name, err, a.Engine, a.Game)
		}
		a.Close()
		for _, engine := range []answer.Engine{answer.Auto, answer.Stored} {
			opt.Engine = engine
			a, err := answer.Solve(ctx, g, opt)
			if err != nil {
				t.Fatalf("%s again, engine %v: %v", name, engine, err)
			}
			if a.Engine != answer.Stored {
				t.Fatalf("%s again, engine %v: answered by %v", name, engine, a.Engine)
			}
			if a.Solution.Positions() != auto.Solution.Positions() {
				t.Errorf("%s: %d positions stored, hashing engine %d", name, a.Solution.Positions(), auto.Solution.Positions())
			}
			auto.Solution.Each(func(p sente.Position, want sente.Outcome) bool {
				if got, ok := a.Solution.Outcome(p); !ok || got != want {
					t.Fatalf("%s: %s: stored %v (%v), hashing engine %v", name, g.FormatPosition(p), got, ok, want)
				}
				return true
			})
			a.Close()
		}
		if ts := answer.Open(ctx, g, tables, name); ts == nil {
			t.Errorf("%s: Open finds no stored tables", name)
		} else {
			ts.Close()
		}
	}
}

// A game whose positions' text does not read back as itself cannot be
// stored by it: the tier engine asked for is refused in one line naming
// the position.
func TestTiersTextThatDoesNotReadBack(t *testing.T) {
	_, err := answer.Solve(context.Background(), turnlessSquares{plainSquares{3}}, answer.Options{Engine: answer.Tiers})
	r, ok := errors.AsType[*answer.Refusal](err)
	if !ok || r.Option != answer.OptTiers || !strings.Contains(err.Error(), `position "3" does not read back through ParsePosition`) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("%#v (%v), want a one-line refusal of the tier engine naming position 3", err, err)
	}
}

// turnlessSquares leaves the turn out of its text, which then does not
// read back.
type turnlessSquares struct{ plainSquares }

func (turnlessSquares) FormatPosition(p sente.Position) string { return fmt.Sprint(p.([2]int)[0]) }

// plainSquares is subtract-a-square with the Game contract alone.
type plainSquares struct{ n int }

func (g plainSquares) Start() sente.Position            { return [2]int{g.n, 0} }
func (plainSquares) Turn(p sente.Position) sente.Player { return sente.Player(p.([2]int)[1]) }
func (plainSquares) Ended(p sente.Position) (sente.Value, bool) {
	return sente.Lose, p.([2]int)[0] == 0
}
func (plainSquares) FormatPosition(p sente.Position) string {
	return fmt.Sprint(p.([2]int)[0], "/", p.([2]int)[1])
}
func (plainSquares) ParsePosition(s string) (sente.Position, error) {
	var q [2]int
	_, err := fmt.Sscanf(s, "%d/%d", &q[0], &q[1])
	return q, err
}
func (plainSquares) Moves(p sente.Position) (moves []sente.Move) {
	for k, q := 1, p.([2]int); k*k <= q[0]; k++ {
		moves = append(moves, sente.Move{Name: fmt.Sprint(k * k), To: [2]int{q[0] - k*k, 1 - q[1]}})
	}
	return moves
}

func mustParse(t *testing.T, g sente.Game, text string) sente.Position {
	t.Helper()
	p, err := g.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Tables the tier engine stored answer every position they reach, without
// exploring, unless the hashing engine is asked for.
func TestStoredTables(t *testing.T) {
	ctx := context.Background()
	g := open(t, "tictactoe")
	tables := &store.Store{Dir: t.TempDir()}
	opt := answer.Options{Engine: answer.Tiers, Tables: tables, Name: "tictactoe:m=3,n=3,k=3"}
	a, err := answer.Solve(ctx, g, opt)
	if err != nil || a.Engine != answer.Tiers {
		t.Fatalf("%v, engine %v", err, a.Engine)
	}
	a.Close()
	opt.Engine = answer.Auto
	for _, pos := range []string{"", "xo./.x./..."} {
		if pos != "" {
			opt.From = mustParse(t, g, pos)
		}
		n := explorations(func() { a, err = answer.Solve(ctx, g, opt) })
		if err != nil || a.Engine != answer.Stored || n != 0 {
			t.Fatalf("%q: %v, engine %v, %d explorations; want stored, none", pos, err, a.Engine, n)
		}
		a.Close()
	}
	opt.Engine = answer.Hashing
	if a, err = answer.Solve(ctx, g, opt); err != nil || a.Engine != answer.Hashing {
		t.Fatalf("--engine hash: %v, engine %v; want the hashing engine", err, a.Engine)
	}
	if ts := answer.Open(ctx, g, tables, "tictactoe:m=3,n=3,k=3"); ts == nil {
		t.Error("Open found no tables")
	} else {
		ts.Close()
	}
}

// TestBorrowsEveryPosition: a solve from the start into a store that holds
// tables of every position of some of the game's tiers takes those tiers
// whole from them rather than solving them, with the answer of a solve on
// its own wherever that solve reached.
func TestBorrowsEveryPosition(t *testing.T) {
	ctx := context.Background()
	g := open(t, "tictactoe")
	name := "tictactoe:m=3,n=3,k=3"
	alone, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Tiers})
	if err != nil {
		t.Fatal(err)
	}
	defer alone.Close()
	tables := &store.Store{Dir: t.TempDir()}
	every, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Tiers, Tables: tables, Name: name, EveryPosition: true, From: mustParse(t, g, "xo./.x./...")})
	if err != nil {
		t.Fatal(err)
	}
	every.Close()
	borrowed := map[int]bool{}
	a, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Tiers, Tables: tables, Name: name, Progress: func(p solve.Progress) {
		if p.Phase == solve.PhaseBorrowing {
			borrowed[p.Tier] = true
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if len(borrowed) == 0 {
		t.Error("no tier taken from the tables of every position")
	}
	want, _ := alone.Solution.Outcome(g.Start())
	if got, _ := a.Solution.Outcome(g.Start()); got != want {
		t.Errorf("the start: %v, want %v", got, want)
	}
	// The tiers taken are taken whole: every position of theirs is
	// valued, those the start does not reach too (boards where both
	// players have three in a row, which play never gets to).
	if a.Solution.Positions() <= alone.Solution.Positions() {
		t.Errorf("%d positions, want more than the %d the start reaches", a.Solution.Positions(), alone.Solution.Positions())
	}
	for _, m := range g.Moves(g.Start()) {
		for _, n := range g.Moves(m.To) {
			w, _ := alone.Solution.Outcome(n.To)
			if got, ok := a.Solution.Outcome(n.To); !ok || got != w {
				t.Errorf("%s: %v, want %v", g.FormatPosition(n.To), got, w)
			}
		}
	}
}

// Tables stored in part, as a long solve stopped or still running leaves
// them, answer a position whose tiers are all stored at once, with the
// values the whole tables give, and leave the store as it is; a position
// whose tiers are not all stored finishes the solve, as before.
func TestStoredBelow(t *testing.T) {
	ctx := context.Background()
	g := open(t, "tictactoe")
	name := "tictactoe:m=3,n=3,k=3"
	tables := &store.Store{Dir: t.TempDir()}
	opt := answer.Options{Engine: answer.Tiers, Tables: tables, Name: name}
	a, err := answer.Solve(ctx, g, opt)
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	gs, err := tables.Game(name)
	if err != nil {
		t.Fatal(err)
	}
	startTier, _ := sente.CapabilitiesOf(g).TierRanker.TierRank(sente.CapabilitiesOf(g).Encoder.Encode(g.Start()))
	startValues := filepath.Join(gs.Dir, store.FileName(startTier, store.Values))
	whole := map[string]sente.Outcome{}
	positions := []string{"xo./.x./...", "xo./.x./..o", "xox/.o./..."}
	for _, pos := range positions {
		opt.From = mustParse(t, g, pos)
		if a, err = answer.Solve(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		whole[pos], _ = a.Solution.Outcome(opt.From)
		a.Close()
	}
	if err := os.Remove(startValues); err != nil {
		t.Fatal(err)
	}
	opt.Engine = answer.Auto
	for _, pos := range positions {
		opt.From = mustParse(t, g, pos)
		n := explorations(func() { a, err = answer.Solve(ctx, g, opt) })
		if err != nil || a.Engine != answer.Stored || n != 0 {
			t.Fatalf("%q, the start's tier not stored: %v, engine %v, %d explorations; want stored, none", pos, err, a.Engine, n)
		}
		if got, _ := a.Solution.Outcome(opt.From); got != whole[pos] {
			t.Errorf("%q from the tiers stored: %v; the whole tables give %v", pos, got, whole[pos])
		}
		for _, m := range g.Moves(opt.From) {
			if _, ok := a.Solution.Outcome(m.To); !ok {
				t.Errorf("%q: move %s not answered from the tiers stored", pos, m.Name)
			}
		}
		a.Close()
	}
	if _, err := os.Stat(startValues); !os.IsNotExist(err) {
		t.Fatalf("answering from the tiers stored wrote the start's tier (%v)", err)
	}
	opt.From = nil
	if a, err = answer.Solve(ctx, g, opt); err != nil || a.Engine != answer.Tiers {
		t.Fatalf("the start, its tier not stored: %v, engine %v; want the tier engine finishing the tables", err, a.Engine)
	}
	a.Close()
	if _, err := os.Stat(startValues); err != nil {
		t.Errorf("the solve from the start did not store its tier: %v", err)
	}
}

// A game whose estimate passes MaxMemory is refused before any work, with
// the largest sizes that fit; Force goes ahead.
func TestRefusal(t *testing.T) {
	spec, err := sente.ParseSpec("kayles:n=1000")
	if err != nil {
		t.Fatal(err)
	}
	g := open(t, spec.String())
	opt := answer.Options{MaxMemory: 64 << 20, Label: "kayles:n=1000", Resize: resize(t, spec)}
	var a *answer.Answer
	n := explorations(func() { a, err = answer.Solve(context.Background(), g, opt) })
	var refusal *answer.Refusal
	if !errors.As(err, &refusal) || !refusal.Forcible || n != 0 {
		t.Fatalf("%v (%d explorations), want a refusal before any work", err, n)
	}
	if refusal.Over != answer.OverMemory || refusal.Engine != answer.Hashing || refusal.Need < 64<<20 {
		t.Errorf("%+v: want the hashing engine over the memory allowed", refusal)
	}
	for _, want := range []string{"kayles:n=1000: up to ", "the hashing engine would need", "more than the memory allowed (64M)", "on the hashing engine, the largest that fit: kayles:n="} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("%q: want one line", err)
	}
	opt.Force, opt.MaxPositions = true, 1000
	if a, err = answer.Solve(context.Background(), g, opt); !errors.Is(err, explore.ErrTooMany) {
		t.Errorf("forced: %v, want the exploration to start and pass MaxPositions", err)
	}
	_ = a
}

// TestRefusalSizes: the sizes a refusal suggests spell out every whole
// number but a default of 0 that stands for another parameter's value
// (Othello's w and h, which are n's).
func TestRefusalSizes(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"othello:n=6", "the largest that fit: othello:n=4 ("},
		{"othello:w=6,h=4", "the largest that fit: othello:n=4,w=4,h=4 ("},
	} {
		spec, err := sente.ParseSpec(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		g := open(t, spec.String())
		opt := answer.Options{Engine: answer.Hashing, MaxMemory: 1 << 30, Label: tc.spec, Resize: resize(t, spec)}
		_, err = answer.Solve(context.Background(), g, opt)
		var refusal *answer.Refusal
		if !errors.As(err, &refusal) {
			t.Fatalf("%s: %v, want a refusal", tc.spec, err)
		}
		if !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "=0") {
			t.Errorf("%s: %q, want %q and no parameter of 0", tc.spec, err, tc.want)
		}
	}
}

func TestParseEngine(t *testing.T) {
	for text, want := range map[string]answer.Engine{"auto": answer.Auto, "tiers": answer.Tiers, "hash": answer.Hashing, "TIERS": answer.Tiers} {
		if got, err := answer.ParseEngine(text); err != nil || got != want {
			t.Errorf("%q: %v %v, want %v", text, got, err, want)
		}
	}
	if _, err := answer.ParseEngine("stored"); err == nil {
		t.Error("stored is not an engine a person asks for")
	}
}

// TestDiscoveredPlan: a rules file, whose ranks the tier engine would
// discover, is sampled before a solve: a small one is left to the hashing
// engine under Auto, and one whose plan passes the memory allowed is
// refused before any work, with its estimate, leaving nothing in the store.
func TestDiscoveredPlan(t *testing.T) {
	ctx := context.Background()
	small := open(t, "../examples/connect4.star:w=3,h=3,k=3")
	a, err := answer.Solve(ctx, small, answer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Engine != answer.Hashing {
		t.Errorf("connect4.star 3x3: engine %v under Auto, want the hashing engine", a.Engine)
	}
	a.Close()
	if testing.Short() {
		t.Skip("-short skips sampling larger files (about 10 s)")
	}

	// The sample is within a factor of three of files whose counts are
	// known, small ones stopping early once sure of that.
	for _, known := range []struct {
		spec  string
		truth float64
	}{
		{"connect4.star:w=4,h=4", 161_029},
		{"domineering.star", 455_317},
		{"connect4.star:w=5,h=4", 3_945_711},
		{"connect4.star:w=6,h=4", 94_910_577},
	} {
		plan, err := answer.PlanDiscovered(ctx, open(t, "../examples/"+known.spec), 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		if e := plan.Estimate.Positions; e < known.truth/3 || e > 3*known.truth {
			t.Errorf("%s: estimated %.0f positions, %.0f in truth", known.spec, e, known.truth)
		}
	}
	big := open(t, "../examples/connect4.star:w=6,h=4")
	tables := &store.Store{Dir: t.TempDir()}
	var told []answer.DiscoveredPlan
	_, err = answer.Solve(ctx, big, answer.Options{Engine: answer.Tiers, MaxMemory: 64 << 20, Tables: tables, Name: "connect4.star 6x4",
		Planned: func(p answer.DiscoveredPlan) { told = append(told, p) }})
	var refused *answer.Refusal
	if !errors.As(err, &refused) || !refused.Forcible || !strings.Contains(err.Error(), "million positions") {
		t.Fatalf("connect4.star 6x4 under 64M: %v; want a refusal with the estimate", err)
	}
	if len(told) != 0 {
		t.Errorf("the plan of a refused solve was told %d times; the refusal says it", len(told))
	}
	if games, _ := tables.List(); len(games) != 0 {
		t.Errorf("the refused solve left %d games in the store", len(games))
	}
}
