package book

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/store"
)

// strategyReference is the book of strategy s of plies from g's start,
// found by walking the game's own moves (sente.Game, no keys) with the
// hashing engine's outcomes: canonical key to the fewest plies of the
// walk that meet it.
func strategyReference(t *testing.T, g sente.Game, sol interface {
	Outcome(sente.Position) (sente.Outcome, bool)
}, plies int, s Strategy) map[uint64]int {
	t.Helper()
	player, _ := s.Player()
	caps := sente.CapabilitiesOf(g)
	canon := func(p sente.Position) uint64 {
		k := caps.Encoder.Encode(p)
		if caps.Symmetric != nil {
			k = caps.Symmetric.Canonical(k)
		}
		return k
	}
	outcome := func(p sente.Position) sente.Outcome {
		if v, ended := g.Ended(p); ended {
			return sente.Outcome{Value: v}
		}
		o, ok := sol.Outcome(p)
		if !ok {
			t.Fatalf("the hashing engine has no outcome of %s", g.FormatPosition(p))
		}
		return o
	}
	book := map[uint64]int{}
	note := func(p sente.Position, ply int) {
		if _, ended := g.Ended(p); ended {
			return
		}
		if at, ok := book[canon(p)]; !ok || ply < at {
			book[canon(p)] = ply
		}
	}
	level := []sente.Position{g.Start()}
	note(g.Start(), 0)
	done := map[uint64]bool{}
	for ply := 0; ply < plies; ply++ {
		var next []sente.Position
		for _, p := range level {
			if _, ended := g.Ended(p); ended || done[canon(p)] {
				continue
			}
			done[canon(p)] = true
			moves := g.Moves(p)
			best := sente.Outcome{Value: sente.Unknown}
			for _, m := range moves {
				note(m.To, ply+1)
				if o := sente.MoveOutcome(outcome(m.To), g.Turn(m.To) == g.Turn(p)); best.Value == sente.Unknown || o.Better(best) {
					best = o
				}
			}
			for _, m := range moves {
				if g.Turn(p) != player || sente.MoveOutcome(outcome(m.To), g.Turn(m.To) == g.Turn(p)) == best {
					next = append(next, m.To)
				}
			}
		}
		level = next
	}
	return book
}

// TestStrategyAgreesWithHashing: a book of either player's strategy holds
// exactly the positions a walk over the game's moves with the hashing
// engine's outcomes holds, at the same plies, each with the hashing
// engine's outcome; it is smaller than the book of every position; and it
// verifies.
func TestStrategyAgreesWithHashing(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		plies int
	}{
		{"tictactoe", 1},
		{"tictactoe", 4},
		{"tictactoe", 9},
		{"connect4:w=4,h=4", 8},
		{"connect4:w=5,h=4", 7},
	} {
		g := openGame(t, tt.spec)
		sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []Strategy{BestFirst, BestSecond} {
			player, _ := s.Player()
			t.Run(fmt.Sprintf("%s/plies=%d/%v", tt.spec, tt.plies, player), func(t *testing.T) {
				gs := gameStore(t, tt.spec)
				rep, err := Build(context.Background(), g, gs, Options{Plies: tt.plies, Strategy: s, TableBytes: 1 << 20})
				if err != nil {
					t.Fatal(err)
				}
				b, err := Open(g, gs, rep.Tier)
				if err != nil {
					t.Fatal(err)
				}
				defer b.Close()
				if b.Strategy() != s || b.Plies() != tt.plies || rep.Tier < rootStride {
					t.Errorf("book of %v, %d plies, tier %d; want %v, %d, above %d", b.Strategy(), b.Plies(), rep.Tier, s, tt.plies, rootStride)
				}
				want := strategyReference(t, g, sol, tt.plies, s)
				if b.Len() != len(want) {
					t.Errorf("%d positions, the reference %d", b.Len(), len(want))
				}
				enc := sente.CapabilitiesOf(g).Encoder
				bad := 0
				for i := range b.Len() {
					key, o, ply := b.Entry(i)
					p := enc.Decode(key)
					h, _ := sol.Outcome(p)
					at, ok := want[key]
					if o != h || !ok || at != ply {
						if bad++; bad < 10 {
							t.Errorf("%s: book %v at ply %d; hashing %v, reference ply %d (held %v)", g.FormatPosition(p), o, ply, h, at, ok)
						}
					}
				}
				if every, err := Positions(g, nil, tt.plies, 1<<20); err == nil && tt.plies >= 4 {
					n := 0
					for _, l := range every {
						n += len(l)
					}
					if b.Len() >= n {
						t.Errorf("%d positions, no fewer than every position's %d", b.Len(), n)
					}
				}
				if _, err := Verify(context.Background(), g, gs, rep.Tier, VerifyOptions{Sample: 100, Seed: 1, TableBytes: 1 << 16}); err != nil {
					t.Errorf("verify: %v", err)
				}
				infos, err := Stored(g, gs, store.Book)
				if err != nil || len(infos) != 1 || infos[0].Strategy != s || infos[0].Plies != tt.plies || infos[0].Root != startKey(g) {
					t.Errorf("Stored: %+v, %v", infos, err)
				}
			})
		}
	}
}

// TestStrategyBesideEvery: the books of every position and of each
// strategy, of the same plies, are kept side by side, each found by a
// build that asks for it again.
func TestStrategyBesideEvery(t *testing.T) {
	g := openGame(t, "tictactoe")
	gs := gameStore(t, "tictactoe")
	tiers := map[int]Strategy{}
	for round := range 2 {
		for _, s := range []Strategy{Everything, BestFirst, BestSecond} {
			rep, err := Build(context.Background(), g, gs, Options{Plies: 3, Strategy: s, TableBytes: 1 << 16})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Stored != (round == 1) {
				t.Errorf("round %d, %v: stored already %v", round, s, rep.Stored)
			}
			if prev, ok := tiers[rep.Tier]; ok && prev != s {
				t.Errorf("%v and %v in the same tier %d", prev, s, rep.Tier)
			}
			tiers[rep.Tier] = s
		}
	}
	if len(tiers) != 3 {
		t.Errorf("tiers %v, want three", tiers)
	}
}

// TestStrategyResumes: a build of a strategy stopped part way saves what
// it valued; the next build takes it and writes the same book as a build
// never stopped.
func TestStrategyResumes(t *testing.T) {
	g := openGame(t, "connect4:w=4,h=4")
	whole := gameStore(t, "connect4:w=4,h=4")
	want, err := Build(context.Background(), g, whole, Options{Plies: 6, Strategy: BestSecond, TableBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	gs := gameStore(t, "connect4:w=4,h=4")
	ctx, cancel := context.WithCancel(context.Background())
	stops := 0
	_, err = Build(ctx, g, gs, Options{Plies: 6, Strategy: BestSecond, TableBytes: 1 << 20, Progress: func(p Progress) {
		if p.Done == want.Total/2 && stops == 0 {
			stops++
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the stopped build: %v", err)
	}
	rep, err := Build(context.Background(), g, gs, Options{Plies: 6, Strategy: BestSecond, TableBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Resumed == 0 || rep.Resumed >= rep.Total {
		t.Errorf("resumed %d of %d", rep.Resumed, rep.Total)
	}
	a, err := Open(g, whole, want.Tier)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(g, gs, rep.Tier)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if a.Len() != b.Len() {
		t.Fatalf("%d positions after resuming, %d unstopped", b.Len(), a.Len())
	}
	for i := range a.Len() {
		ka, oa, pa := a.Entry(i)
		kb, ob, pb := b.Entry(i)
		if ka != kb || oa != ob || pa != pb {
			t.Fatalf("entry %d: %x %v %d resumed, %x %v %d unstopped", i, kb, ob, pb, ka, oa, pa)
		}
	}
}

// TestVerifyFindsWrongStrategy: a book of a strategy with an outcome
// changed, a position missing or one too many fails its check before any
// entry is searched again.
func TestVerifyFindsWrongStrategy(t *testing.T) {
	g := openGame(t, "tictactoe")
	for _, tt := range []struct {
		name  string
		spoil func(keys []uint64, cells []store.Cell, plies []uint8) ([]uint64, []store.Cell, []uint8)
	}{
		{"outcome", func(k []uint64, c []store.Cell, p []uint8) ([]uint64, []store.Cell, []uint8) {
			for i := range c {
				if p[i] == 1 { // a position whose moves the book holds
					c[i] = store.Pack(c[i].Value(), c[i].Remoteness()+2)
					break
				}
			}
			return k, c, p
		}},
		{"missing", func(k []uint64, c []store.Cell, p []uint8) ([]uint64, []store.Cell, []uint8) {
			return k[1:], c[1:], p[1:]
		}},
		{"extra", func(k []uint64, c []store.Cell, p []uint8) ([]uint64, []store.Cell, []uint8) {
			return append(k, ^uint64(0)>>1), append(c, c[0]), append(p, 3)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gs := gameStore(t, "tictactoe")
			rep, err := Build(context.Background(), g, gs, Options{Plies: 4, Strategy: BestSecond, TableBytes: 1 << 16})
			if err != nil {
				t.Fatal(err)
			}
			b, err := Open(g, gs, rep.Tier)
			if err != nil {
				t.Fatal(err)
			}
			var keys []uint64
			var cells []store.Cell
			var plies []uint8
			for i := range b.Len() {
				k, o, p := b.Entry(i)
				keys, cells, plies = append(keys, k), append(cells, store.Pack(o.Value, o.Remoteness)), append(plies, uint8(p))
			}
			root := b.Root()
			b.Close()
			keys, cells, plies = tt.spoil(keys, cells, plies)
			if err := gs.WriteParts(rep.Tier, store.Book, payload(4, root, BestSecond, keys, cells, plies), countsOf(cells)); err != nil {
				t.Fatal(err)
			}
			vr, err := Verify(context.Background(), g, gs, rep.Tier, VerifyOptions{Sample: 1, TableBytes: 1 << 16})
			var wrong *WrongError
			if !errors.As(err, &wrong) || vr.Searched != 0 {
				t.Errorf("Verify: %v after %d searched, want a wrong book found before any", err, vr.Searched)
			}
		})
	}
}

// TestReusesOtherBooks: a build takes the outcomes the game's other books
// and stopped builds of strategies hold rather than searching them, and
// writes the same book as a build from nothing.
func TestReusesOtherBooks(t *testing.T) {
	const spec = "connect4:w=4,h=4"
	g := openGame(t, spec)
	entries := func(gs *store.GameStore, tier int) []string {
		b, err := Open(g, gs, tier)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		var out []string
		for i := range b.Len() {
			k, o, p := b.Entry(i)
			out = append(out, fmt.Sprintf("%x %v %d", k, o, p))
		}
		return out
	}
	fresh := func(o Options) []string {
		gs := gameStore(t, spec)
		rep, err := Build(context.Background(), g, gs, o)
		if err != nil {
			t.Fatal(err)
		}
		return entries(gs, rep.Tier)
	}
	for _, tt := range []struct {
		name          string
		before, after Options
	}{
		{"lines, deeper", Options{Plies: 4, Strategy: BestFirst}, Options{Plies: 6, Strategy: BestFirst}},
		{"lines, shallower", Options{Plies: 6, Strategy: BestSecond}, Options{Plies: 4, Strategy: BestSecond}},
		{"every position from lines", Options{Plies: 5, Strategy: BestSecond}, Options{Plies: 3}},
		{"lines from every position", Options{Plies: 4}, Options{Plies: 4, Strategy: BestFirst}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.before.TableBytes, tt.after.TableBytes = 1<<20, 1<<20
			gs := gameStore(t, spec)
			if _, err := Build(context.Background(), g, gs, tt.before); err != nil {
				t.Fatal(err)
			}
			rep, err := Build(context.Background(), g, gs, tt.after)
			if err != nil {
				t.Fatal(err)
			}
			searched := 0
			for _, c := range rep.PerPly {
				searched += c.Positions
			}
			if rep.Reused == 0 || rep.Reused+searched != rep.Total {
				t.Errorf("reused %d, searched %d, of %d", rep.Reused, searched, rep.Total)
			}
			if got, want := entries(gs, rep.Tier), fresh(tt.after); !slices.Equal(got, want) {
				t.Errorf("%d entries, a build from nothing %d, or they differ", len(got), len(want))
			}
		})
	}
}

// TestReusesStoppedLines: the saved work of a build of lines stopped part
// way serves a build of the same lines to another depth.
func TestReusesStoppedLines(t *testing.T) {
	const spec = "connect4:w=4,h=4"
	g := openGame(t, spec)
	gs := gameStore(t, spec)
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Build(ctx, g, gs, Options{Plies: 8, Strategy: BestFirst, TableBytes: 1 << 20, Progress: func(p Progress) {
		if p.Done == 40 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the stopped build: %v", err)
	}
	rep, err := Build(context.Background(), g, gs, Options{Plies: 4, Strategy: BestFirst, TableBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Reused == 0 || rep.Resumed != 0 {
		t.Errorf("reused %d, resumed %d: want the stopped build's work reused", rep.Reused, rep.Resumed)
	}
}
