package verify

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/store"
)

// shift is a take-away game with tiers by tokens left: take one or two
// tokens; after taking two, a counter c (1 to k-1) lets the player to move
// shift it instead, round a cycle inside the tier, which makes loops and
// draws: only at c = 1 may a player take again. With no tokens left the game has ended: lost for the player to move
// but tied when c is 1 and the second player is to move. A
// position with one token and c = 2 has no moves. Key: (t·k + c)·2 + player;
// tier t, rank c·2 + player.
//
// With again, taking two keeps the turn: the same player moves again.
type shift struct {
	n, k  int
	loops bool
	again bool
}

type pos struct{ T, C, P int }

func (g shift) Start() sente.Position { return pos{g.n, 0, 0} }

func (g shift) Moves(p sente.Position) []sente.Move {
	q := p.(pos)
	var moves []sente.Move
	if q.T == 1 && q.C == 2 {
		return nil
	}
	if q.C <= 1 || !g.loops {
		moves = append(moves, sente.Move{Name: "1", To: pos{q.T - 1, 0, 1 - q.P}})
		if q.T >= 2 {
			next := 1 - q.P
			if g.again {
				next = q.P
			}
			moves = append(moves, sente.Move{Name: "2", To: pos{q.T - 2, 1, next}})
		}
	}
	if g.loops && q.C >= 1 {
		next := q.C + 1
		if next == g.k {
			next = 1
		}
		moves = append(moves, sente.Move{Name: "s", To: pos{q.T, next, 1 - q.P}})
	}
	return moves
}

func (g shift) Ended(p sente.Position) (sente.Value, bool) {
	q := p.(pos)
	if q.T > 0 {
		return sente.Unknown, false
	}
	if q.C == 1 && q.P == 1 {
		return sente.Tie, true
	}
	return sente.Lose, true
}

func (g shift) Turn(p sente.Position) sente.Player { return sente.Player(p.(pos).P) }
func (g shift) FormatPosition(p sente.Position) string {
	q := p.(pos)
	return fmt.Sprintf("%d/%d/%d", q.T, q.C, q.P)
}
func (g shift) ParsePosition(s string) (sente.Position, error) {
	var q pos
	_, err := fmt.Sscanf(s, "%d/%d/%d", &q.T, &q.C, &q.P)
	return q, err
}

func (g shift) Encode(p sente.Position) uint64 {
	q := p.(pos)
	return uint64((q.T*g.k+q.C)*2 + q.P)
}
func (g shift) Decode(key uint64) sente.Position {
	k := int(key)
	return pos{T: k / 2 / g.k, C: k / 2 % g.k, P: k % 2}
}
func (g shift) AppendChildren(dst []uint64, key uint64) []uint64 {
	for _, m := range g.Moves(g.Decode(key)) {
		dst = append(dst, g.Encode(m.To))
	}
	return dst
}
func (g shift) EndedKey(key uint64) (sente.Value, bool) { return g.Ended(g.Decode(key)) }

func (g shift) TierRank(key uint64) (int, uint64) {
	return int(key) / (2 * g.k), key % uint64(2*g.k)
}
func (g shift) Unrank(tier int, rank uint64) (uint64, bool) {
	if tier < 0 || tier > g.n || rank >= uint64(2*g.k) {
		return 0, false
	}
	return uint64(tier*2*g.k) + rank, true
}
func (g shift) TierSize(int) uint64 { return uint64(2 * g.k) }
func (g shift) ChildTiers(tier int) []int {
	var c []int
	for t := tier - 2; t < tier; t++ {
		if t >= 0 {
			c = append(c, t)
		}
	}
	return c
}
func (g shift) TierLoops(int) bool { return g.loops }

// stored solves g with the hashing engine and stores its table.
func stored(t testing.TB, g shift) (*store.GameStore, solve.Solution) {
	return storedAs(t, g, g)
}

// storedAs solves solved, a game with g's positions and keys, and stores
// its table as g's.
func storedAs(t testing.TB, g shift, solved sente.Game) (*store.GameStore, solve.Solution) {
	t.Helper()
	sol, err := hashing.Solve(context.Background(), solved, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	gs, err := store.Store{Dir: t.TempDir()}.Game(fmt.Sprintf("shift %d %d %v", g.n, g.k, g.loops))
	if err != nil {
		t.Fatal(err)
	}
	for tier := 0; tier <= g.n; tier++ {
		cells := make([]store.Cell, g.TierSize(tier))
		for r := range cells {
			key, _ := g.Unrank(tier, uint64(r))
			if o, ok := sol.Outcome(g.Decode(key)); ok {
				cells[r] = store.Pack(o.Value, o.Remoteness)
			}
		}
		if err := gs.Write(tier, store.Values, store.CellBytes(cells), store.Counts{}); err != nil {
			t.Fatal(err)
		}
	}
	return gs, sol
}

// compactAll rewrites every tier of g compact.
func compactAll(t *testing.T, gs *store.GameStore, g shift) {
	t.Helper()
	for tier := 0; tier <= g.n; tier++ {
		if err := gs.Compact(tier); err != nil {
			t.Fatal(err)
		}
	}
}

// rewrite stores tier again with one cell changed.
func rewrite(t *testing.T, gs *store.GameStore, tier int, rank uint64, c store.Cell) store.Cell {
	t.Helper()
	tab, err := gs.Open(tier, store.Values)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := tab.LoadCells()
	if err != nil {
		t.Fatal(err)
	}
	cells := append([]store.Cell(nil), loaded...)
	tab.Close()
	old := cells[rank]
	cells[rank] = c
	if err := gs.Write(tier, store.Values, store.CellBytes(cells), store.Counts{}); err != nil {
		t.Fatal(err)
	}
	return old
}

var games = []shift{{n: 9, k: 2}, {n: 9, k: 3, loops: true}, {n: 12, k: 4, loops: true}}

func TestCorrectTablePasses(t *testing.T) {
	for _, g := range games {
		for _, variant := range []struct {
			keys  bool
			bound uint64 // MaxMemory, the tiers compact when set
		}{{false, 0}, {true, 0}, {false, 1}, {true, 40}} {
			keys := variant.keys
			t.Run(fmt.Sprintf("%d %d %v keys %v bound %d", g.n, g.k, g.loops, keys, variant.bound), func(t *testing.T) {
				gs, sol := stored(t, g)
				if variant.bound > 0 {
					compactAll(t, gs, g)
				}
				var last, total uint64
				rep, err := Table(context.Background(), g, gs, Options{Keys: keys, BlockRanks: 3, Workers: 3, MaxMemory: variant.bound,
					Progress: func(done, all uint64) {
						if done < last {
							t.Errorf("progress went back from %d to %d", last, done)
						}
						last, total = done, all
					}})
				if err != nil {
					t.Fatal(err)
				}
				want, _ := sol.Outcome(g.Start())
				if rep.Start != want || rep.Positions != uint64(sol.Positions()) || len(rep.Tiers) != g.n+1 {
					t.Errorf("report %+v, want start %v and %d positions", rep, want, sol.Positions())
				}
				if last != total || total != uint64((g.n+1)*2*g.k) {
					t.Errorf("progress ended at %d of %d", last, total)
				}
			})
		}
	}
}

// The test games have every kind of cell, so the tests below touch each.
func TestGamesHaveEveryValue(t *testing.T) {
	seen := map[sente.Value]bool{}
	for _, g := range games {
		_, sol := stored(t, g)
		sol.Each(func(p sente.Position, o sente.Outcome) bool { seen[o.Value] = true; return true })
	}
	for _, v := range []sente.Value{sente.Win, sente.Lose, sente.Tie, sente.Draw} {
		if !seen[v] {
			t.Errorf("no %v in the test game", v)
		}
	}
}

func TestCorruptBlock(t *testing.T) {
	g := games[1]
	gs, _ := stored(t, g)
	path := filepath.Join(gs.Dir, "tier-000004.values")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[4096+3] ^= 1 // a byte of the payload
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Table(context.Background(), g, gs, Options{})
	var be *store.BlockError
	if !errors.As(err, &be) || be.Tier != 4 || be.Block != 0 {
		t.Fatalf("Table = %v, want block 0 of tier 4", err)
	}
}

// Each wrong cell, rewritten with a good checksum, is named: as the
// position itself, or as a parent whose cell no longer follows.
func TestWrongValueCaught(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    shift
		p    pos
		cell func(old store.Cell) store.Cell
		want string
	}{
		{"longer win", games[0], pos{5, 0, 1}, func(old store.Cell) store.Cell { return store.Pack(old.Value(), old.Remoteness()+2) }, "children imply"},
		{"flipped value", games[0], pos{6, 1, 0}, func(old store.Cell) store.Cell {
			if old.Value() == sente.Win {
				return store.Pack(sente.Lose, old.Remoteness())
			}
			return store.Pack(sente.Win, old.Remoteness())
		}, "children imply"},
		{"ended", games[1], pos{0, 1, 1}, func(store.Cell) store.Cell { return store.Pack(sente.Lose, 0) }, ""},
		{"no moves", games[1], pos{1, 2, 1}, func(store.Cell) store.Cell { return store.Pack(sente.Win, 1) }, "no moves"},
		{"draw made a loss", games[1], pos{}, nil, ""},
		{"child unreachable", games[1], pos{3, 0, 0}, func(store.Cell) store.Cell { return store.Unreachable }, "stored as unreachable"},
		{"start unreachable", games[1], pos{9, 0, 0}, func(store.Cell) store.Cell { return store.Unreachable }, "start position"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.g
			gs, sol := stored(t, g)
			p, cell := tc.p, tc.cell
			if cell == nil { // the first stored draw, made a loss in 2
				p = pos{T: -1}
				sol.Each(func(q sente.Position, o sente.Outcome) bool {
					if o.Value == sente.Draw {
						p = q.(pos)
						return false
					}
					return true
				})
				cell = func(store.Cell) store.Cell { return store.Pack(sente.Lose, 2) }
			}
			if _, ok := sol.Outcome(p); !ok {
				t.Fatalf("%v is not reachable", p)
			}
			tier, rank := g.TierRank(g.Encode(p))
			old := rewrite(t, gs, tier, rank, store.Unreachable)
			rewrite(t, gs, tier, rank, cell(old))
			_, err := Table(context.Background(), g, gs, Options{})
			var bad *Inconsistency
			if !errors.As(err, &bad) {
				t.Fatalf("Table = %v, want an inconsistency", err)
			}
			// The same, every tier compact and read a frame at a time.
			compactAll(t, gs, g)
			_, cerr := Table(context.Background(), g, gs, Options{MaxMemory: 1})
			if cerr == nil || cerr.Error() != err.Error() {
				t.Fatalf("compact tiers read a frame at a time: %v, raw tiers: %v", cerr, err)
			}
			t.Log(err)
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error does not say %q", tc.want)
			}
			text := g.FormatPosition(p)
			if bad.Position != text && !strings.Contains(bad.Why, fmt.Sprintf("%q", text)) {
				// The parent named must have a move to the changed position.
				q, _ := g.ParsePosition(bad.Position)
				parent := false
				for _, m := range g.Moves(q) {
					parent = parent || m.To == p
				}
				if !parent {
					t.Errorf("named %s, neither %s nor a parent of it", bad.Position, text)
				}
			}
		})
	}
}

func TestCancel(t *testing.T) {
	g := games[2]
	gs, _ := stored(t, g)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Table(ctx, g, gs, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Table = %v, want cancelled", err)
	}
}

// TestMissingTier: a table without some of the tiers a solve stores is
// incomplete, with the tiers named, not wrong.
func TestMissingTier(t *testing.T) {
	g := games[0]
	gs, _ := stored(t, g)
	for _, tier := range []string{"000003", "000001"} {
		if err := os.Remove(filepath.Join(gs.Dir, "tier-"+tier+".values")); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Table(context.Background(), g, gs, Options{})
	var incomplete *Incomplete
	if !errors.As(err, &incomplete) || !slices.Equal(incomplete.Missing, []int{1, 3}) || !strings.Contains(err.Error(), "tiers 1, 3 are not stored") {
		t.Errorf("Table = %v, want tiers 1 and 3 missing", err)
	}
}

// BenchmarkTable measures positions checked a second, through the game's
// Moves (the default) and through its keys.
func BenchmarkTable(b *testing.B) {
	g := shift{n: 4000, k: 64, loops: true}
	gs, sol := stored(b, g)
	for _, keys := range []bool{false, true} {
		b.Run(fmt.Sprintf("keys=%v", keys), func(b *testing.B) {
			for b.Loop() {
				if _, err := Table(context.Background(), g, gs, Options{Keys: keys}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(sol.Positions())*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

func TestCorruptReachable(t *testing.T) {
	g := games[0]
	gs, _ := stored(t, g)
	if err := gs.Write(2, store.Reachable, []byte{1, 2, 3}, store.Counts{}); err != nil {
		t.Fatal(err)
	}
	if _, err := Table(context.Background(), g, gs, Options{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(gs.Dir, "tier-000002.reachable")
	b, _ := os.ReadFile(path)
	b[4096] ^= 4
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Table(context.Background(), g, gs, Options{})
	var be *store.BlockError
	if !errors.As(err, &be) || be.Kind != store.Reachable {
		t.Errorf("Table = %v, want the reachable file's block", err)
	}
}

// A check goes on from the tiers an earlier check of the same tables found
// consistent (their blocks checked, their positions not), and checks again,
// position by position, every tier whose tables changed since, or all of
// them when asked, or when the earlier check took the fast path and this
// one does not.
func TestEarlierChecks(t *testing.T) {
	g := games[2]
	gs, sol := stored(t, g)
	tiers := g.n + 1
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Table(ctx, g, gs, Options{BlockRanks: 1, Workers: 1, Progress: func(done, total uint64) {
		if done >= total/2 {
			cancel()
		}
	}})
	cancel()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped halfway: %v", err)
	}
	check := func(what string, opt Options, earlierMin, earlierMax int) {
		t.Helper()
		rep, err := Table(context.Background(), g, gs, opt)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if rep.Positions != uint64(sol.Positions()) || rep.Earlier < earlierMin || rep.Earlier > earlierMax {
			t.Errorf("%s: %d positions, %d tiers checked earlier; want %d positions, %d to %d", what, rep.Positions, rep.Earlier, sol.Positions(), earlierMin, earlierMax)
		}
	}
	check("after a check stopped halfway", Options{}, 1, tiers-1)
	check("after a whole check", Options{}, tiers, tiers)
	check("on the fast path after the plain", Options{Keys: true}, tiers, tiers)
	check("asked to check again, on the fast path", Options{Again: true, Keys: true}, 0, 0)
	check("on the plain path after the fast", Options{}, 0, 0)
	check("after a whole check again", Options{}, tiers, tiers)
	// A wrong cell written with good checksums: its tier and the tiers
	// above it are checked again, and it is caught.
	var p pos
	var o sente.Outcome
	sol.Each(func(q sente.Position, qo sente.Outcome) bool {
		p, o = q.(pos), qo
		return !(p.T >= 4 && (o.Value == sente.Win || o.Value == sente.Lose))
	})
	tier, rank := g.TierRank(g.Encode(p))
	rewrite(t, gs, tier, rank, store.Pack(o.Value, o.Remoteness+2))
	_, err = Table(context.Background(), g, gs, Options{})
	var bad *Inconsistency
	if !errors.As(err, &bad) {
		t.Fatalf("a wrong cell in a tier checked earlier: %v, want an inconsistency", err)
	}
}

// alternatingShift is a shift game claiming that every move passes the
// turn, whatever Turn says: solved, it gives the table of an engine that
// negates at every move.
type alternatingShift struct{ shift }

func (alternatingShift) Alternates() bool { return true }

// turnKeyShift says whose turn it is on keys.
type turnKeyShift struct{ shift }

func (g turnKeyShift) TurnKey(key uint64) sente.Player { return sente.Player(key % 2) }

// TestKeptTurns: where taking two keeps the turn, a table that keeps a
// move's value for the player who moves again is consistent, on the game's
// moves, on its keys with Turn and on its keys with TurnKey; one solved by
// negating at every move is not, and the inconsistency names a position
// whose move keeps the turn.
func TestKeptTurns(t *testing.T) {
	for _, g := range []shift{{n: 9, k: 2, again: true}, {n: 9, k: 3, loops: true, again: true}} {
		name := fmt.Sprintf("%d %d %v", g.n, g.k, g.loops)
		gs, sol := stored(t, g)
		for _, v := range []struct {
			game sente.Game
			keys bool
		}{{g, false}, {g, true}, {turnKeyShift{g}, true}} {
			rep, err := Table(context.Background(), v.game, gs, Options{Keys: v.keys, Again: true})
			if err != nil {
				t.Fatalf("%s %T keys %v: %v", name, v.game, v.keys, err)
			}
			if want, _ := sol.Outcome(g.Start()); rep.Start != want {
				t.Errorf("%s: start %v, want %v", name, rep.Start, want)
			}
		}
		negated, _ := storedAs(t, g, alternatingShift{g})
		for _, keys := range []bool{false, true} {
			_, err := Table(context.Background(), g, negated, Options{Keys: keys})
			var bad *Inconsistency
			if !errors.As(err, &bad) {
				t.Fatalf("%s keys %v: a table solved by negating at every move: %v; want an inconsistency", name, keys, err)
			}
		}
	}
}
