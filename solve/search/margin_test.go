package search_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	refsolve "github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/search"
)

// TestMarginSearchOrdered holds the margin search to the reference solver
// on built-in games that order their moves (sente.Orderer: Kalah's extra
// turns and captures, Othello's corners and mobility), position by
// position: the order and the moves the table remembers change which
// lines are searched, never the margin or its plies. A small table, whose
// entries are overwritten all the time, must give the same answers as a
// large one.
func TestMarginSearchOrdered(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		short bool // checked under -short too
	}{
		{"kalah:houses=3,seeds=2", true},
		{"kalah:houses=2,seeds=3,emptycapture=true", true},
		{"kalah:houses=3,seeds=2,extra=false,end=mover,left=emptied", true},
		{"kalah:houses=3,seeds=3", false},
		{"othello", false},
	} {
		if testing.Short() && !tc.short {
			continue
		}
		t.Run(tc.spec, func(t *testing.T) {
			g, err := games.New(tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			if sente.CapabilitiesOf(g).Orderer == nil {
				t.Fatalf("%s orders no moves: the test would not reach the order", tc.spec)
			}
			ref, positions := marginSample(t, g, 1, 2000)
			for _, tableBytes := range []int64{1 << 12, 64 << 20} {
				ms, err := search.NewMarginSearcher(g, search.MarginOptions{TableBytes: tableBytes})
				if err != nil {
					t.Fatal(err)
				}
				bad := 0
				for _, p := range positions {
					want := ref[p]
					got, err := ms.Margin(t.Context(), p)
					if err != nil {
						t.Fatal(err)
					}
					if want.Score == 0 {
						want.Remoteness = 0 // a tie's plies are the value's, given by the caller
					}
					if got != want {
						t.Errorf("%s, table of %d bytes: %s is %v by search, %v on the reference solver", tc.spec, tableBytes, g.FormatPosition(p), got, want)
						if bad++; bad == 10 {
							break
						}
					}
				}
			}
		})
	}
}

// marginSample is the reference solver's margins of every position of g,
// and the start followed by n of them in a random order, seeded by seed
// (the stream seed+1): a sample that reaches every kind of position.
func marginSample(t *testing.T, g sente.Game, seed uint64, n int) (map[sente.Position]sente.Margin, []sente.Position) {
	t.Helper()
	ref, err := refsolve.Margins(g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	positions := make([]sente.Position, 0, len(ref))
	for p := range ref {
		positions = append(positions, p)
	}
	rng := rand.New(rand.NewPCG(seed, seed+1))
	rng.Shuffle(len(positions), func(i, j int) { positions[i], positions[j] = positions[j], positions[i] })
	return ref, append([]sente.Position{g.Start()}, positions[:min(len(positions), n)]...)
}

// TestMarginOnly holds the search for margins alone to the reference
// solver's margins, position by position, on Kalah (whose rests, the
// positions with every stored seed in one store, carry the table: one
// entry for all the ways a board's stores are split, sente.Banker), on
// Kalah without extra turns or with its other ending, on Othello 4×4
// (nothing banked), and on a Kalah that hides its Banker, which must give
// the same margins.
func TestMarginOnly(t *testing.T) {
	for _, tc := range []struct {
		spec   string
		hidden bool // the game's Banker hidden
		short  bool // checked under -short too
	}{
		{"kalah:houses=3,seeds=2", false, true},
		{"kalah:houses=3,seeds=2", true, true},
		{"kalah:houses=2,seeds=3,emptycapture=true", false, true},
		{"kalah:houses=3,seeds=2,extra=false,end=mover,left=emptied", false, true},
		{"kalah:houses=3,seeds=3", false, false},
		{"othello", false, false},
	} {
		if testing.Short() && !tc.short {
			continue
		}
		t.Run(fmt.Sprintf("%s,hidden=%v", tc.spec, tc.hidden), func(t *testing.T) {
			g, err := games.New(tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			if tc.hidden {
				g = unbanked(g)
			} else if strings.HasPrefix(tc.spec, "kalah") && sente.CapabilitiesOf(g).Banker == nil {
				t.Fatalf("%s banks no score: the test would not reach Unbank", tc.spec)
			}
			ref, positions := marginSample(t, g, 3, 3000)
			// Without leaves, with a small table and a large one; and over
			// the game's endgame tables, when it builds them.
			type run struct {
				tableBytes int64
				leaves     sente.MarginTable
			}
			runs := []run{{1 << 12, nil}, {64 << 20, nil}}
			if mt := sente.CapabilitiesOf(g).MarginTabler; mt != nil {
				leaves, err := mt.MarginTables(t.Context(), 1<<20, nil)
				if err != nil {
					t.Fatal(err)
				}
				if leaves == nil {
					t.Fatal("no endgame tables in 1M")
				}
				runs = append(runs, run{1 << 12, leaves}, run{64 << 20, leaves})
			}
			// A game that banks deepens a search that stops short
			// beside the proof: alone for its first nodes, which answer
			// most of these positions, and beside the proof once that
			// runs long; and alone for the fewest, and beside the proof
			// almost at once, so that the proof reads its hints and
			// questions, and stops when it finds the margin first.
			firsts := []uint64{search.MarginFirstDeepening()}
			if sente.CapabilitiesOf(g).Banker != nil {
				firsts = append(firsts, 1)
			}
			for _, r := range runs {
				for _, n := range firsts {
					restore := search.SetMarginFirstDeepening(n)
					after := search.SetMarginDeepenAfter(n)
					marginOnlyRun(t, g, ref, positions, r.tableBytes, r.leaves)
					after()
					restore()
				}
			}
		})
	}
}

// marginOnlyRun checks the margins alone of positions against ref, from
// a searcher with a table of tableBytes over leaves.
func marginOnlyRun(t *testing.T, g sente.Game, ref map[sente.Position]sente.Margin, positions []sente.Position, tableBytes int64, leaves sente.MarginTable) {
	t.Helper()
	opt := search.MarginOptions{TableBytes: tableBytes, MarginOnly: true}
	if leaves != nil {
		opt.Leaves = leaves
	}
	ms, err := search.NewMarginSearcher(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, p := range positions {
		got, err := ms.Margin(t.Context(), p)
		if err != nil {
			t.Fatal(err)
		}
		want := sente.Margin{Score: ref[p].Score, Remoteness: sente.RemotenessUnknown}
		if got != want {
			t.Errorf("table of %d bytes, endgame tables %v, deepening alone for %d nodes: %s is %+v by search, %+v on the reference solver",
				tableBytes, leaves != nil, search.MarginFirstDeepening(), g.FormatPosition(p), got, want)
			if bad++; bad == 10 {
				return
			}
		}
	}
}

// hiding is a game with some of its capabilities hidden.
type hiding struct {
	sente.Game
	hide func(*sente.Capabilities)
}

func (h hiding) Capabilities() sente.Capabilities {
	c := sente.CapabilitiesOf(h.Game)
	h.hide(&c)
	return c
}

// unbanked is g with its Banker hidden.
func unbanked(g sente.Game) sente.Game {
	return hiding{g, func(c *sente.Capabilities) { c.Banker = nil }}
}

// TestKalahUnbank holds Kalah's rests to their definition on every
// position of a board: the same houses and player to move, every stored
// seed in the first player's store, what was banked the difference of the
// stores' margins, and a rest its own.
func TestKalahUnbank(t *testing.T) {
	g, err := games.New("kalah:houses=3,seeds=2")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := refsolve.Margins(g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	enc, banker := sente.CapabilitiesOf(g).Encoder, sente.CapabilitiesOf(g).Banker
	n := 0
	for p := range ref {
		pos := p.(games.KalahPosition)
		key := enc.Encode(pos)
		rest, banked, ahead := banker.Unbank(key)
		r := enc.Decode(rest).(games.KalahPosition)
		stores := func(q games.KalahPosition) int {
			d := int(q.Board[3]) - int(q.Board[7])
			if q.Turn == sente.Second {
				d = -d
			}
			return d
		}
		want := pos
		want.Board[3], want.Board[7] = pos.Board[3]+pos.Board[7], 0
		if r != want || banked != stores(pos) {
			t.Fatalf("%s: rest %s banked %d; want %s and %d", g.FormatPosition(pos), g.FormatPosition(r), banked, g.FormatPosition(want), stores(pos))
		}
		if seeds := 12 - int(want.Board[3]); ahead != seeds {
			t.Fatalf("%s: %d seeds ahead; want %d", g.FormatPosition(pos), ahead, seeds)
		}
		if again, b, a := banker.Unbank(rest); again != rest || b != stores(r) || a != ahead {
			t.Fatalf("%s: the rest %s is not its own rest", g.FormatPosition(pos), g.FormatPosition(r))
		}
		n++
	}
	if n < 1000 {
		t.Fatalf("only %d positions", n)
	}
}

// TestKalahMargins holds Kalah's endgame tables (games.KalahMargins) to
// the reference solver on every position whose houses they cover, for
// each rule variant, with tables of every size up to the whole board.
func TestKalahMargins(t *testing.T) {
	for _, spec := range []string{
		"kalah:houses=3,seeds=2",
		"kalah:houses=3,seeds=2,emptycapture=true",
		"kalah:houses=2,seeds=3,extra=false,end=mover,left=emptied",
	} {
		g, err := games.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := refsolve.Margins(g, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		enc := sente.CapabilitiesOf(g).Encoder
		for _, seeds := range []int{1, 5, 12} {
			tables, err := games.NewKalahMargins(t.Context(), g, seeds, nil)
			if err != nil {
				t.Fatal(err)
			}
			held := 0
			for p, want := range ref {
				got, ok := tables.Margin(enc.Encode(p))
				if !ok {
					continue
				}
				held++
				if got != want.Score {
					t.Fatalf("%s, tables of %d seeds: %s has margin %d in the tables, %d on the reference solver", spec, seeds, g.FormatPosition(p), got, want.Score)
				}
			}
			if held == 0 {
				t.Fatalf("%s, tables of %d seeds hold none of its positions", spec, seeds)
			}
			if seeds == 12 && held != len(ref) {
				t.Fatalf("%s: tables of every seed hold %d of %d positions", spec, held, len(ref))
			}
		}
	}
}

// TestMarginGrow: a table grown keeps what it held, so that the position
// asked again is answered from it, and every margin after the growth is
// still the reference solver's.
func TestMarginGrow(t *testing.T) {
	g, err := games.New("kalah:houses=3,seeds=3")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := refsolve.Margins(g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := search.NewMarginSearcher(g, search.MarginOptions{TableBytes: 1 << 20, MarginOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ms.Margin(t.Context(), g.Start()); err != nil {
		t.Fatal(err)
	}
	fill := ms.TableFill() * float64(ms.TableBytes())
	ms.Grow(16 << 20)
	if ms.TableBytes() != 16<<20 {
		t.Fatalf("the table grew to %d bytes; want %d", ms.TableBytes(), 16<<20)
	}
	if kept := ms.TableFill() * float64(ms.TableBytes()); kept < fill*0.9 {
		t.Fatalf("the grown table holds %.0f bytes of entries of the %.0f it had", kept, fill)
	}
	before := ms.Nodes
	if _, err := ms.Margin(t.Context(), g.Start()); err != nil {
		t.Fatal(err)
	}
	if n := ms.Nodes - before; n > 100 {
		t.Errorf("the start asked again took %d nodes in the grown table", n)
	}
	n := 0
	for p, want := range ref {
		got, err := ms.Margin(t.Context(), p)
		if err != nil {
			t.Fatal(err)
		}
		if got.Score != want.Score {
			t.Fatalf("%s: margin %d after the growth, %d on the reference solver", g.FormatPosition(p), got.Score, want.Score)
		}
		if n++; n == 2000 {
			break
		}
	}
}

// unsolved is g with its own search of small positions
// (sente.MarginSolver) hidden.
func unsolved(g sente.Game) sente.Game {
	return hiding{g, func(c *sente.Capabilities) { c.MarginSolver = nil }}
}

// TestMarginSolver: a search for margins alone that hands the small
// positions to the game (Othello's endgame search, sente.MarginSolver),
// in a table of 4 KB and of 64 MB, gives the margins of the search that
// does not, on positions of random 4×6 games with 13 to 18 empty cells
// (one or a few plies above the game's own search) and at the start.
func TestMarginSolver(t *testing.T) {
	g, err := games.New("othello:w=6,h=4")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 11))
	positions := []sente.Position{g.Start()}
	games := 30
	if testing.Short() {
		games = 6
	}
	for range games {
		p := g.Start()
		for {
			moves := g.Moves(p)
			if len(moves) == 0 {
				break
			}
			p = moves[rng.IntN(len(moves))].To
			if empty := strings.Count(g.FormatPosition(p), "."); empty >= 13 && empty <= 18 {
				positions = append(positions, p)
			}
		}
	}
	plain, err := search.NewMarginSearcher(unsolved(g), search.MarginOptions{TableBytes: 64 << 20, MarginOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[sente.Position]sente.Margin{}
	for _, p := range positions {
		if want[p], err = plain.Margin(t.Context(), p); err != nil {
			t.Fatal(err)
		}
	}
	if m := want[g.Start()]; m.Score != 16 {
		t.Fatalf("the start of 4×6: %v without the game's search; the first player wins by 16", m)
	}
	for _, tableBytes := range []int64{4 << 10, 64 << 20} {
		ms, err := search.NewMarginSearcher(g, search.MarginOptions{TableBytes: tableBytes, MarginOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range positions {
			got, err := ms.Margin(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			if got != want[p] {
				t.Fatalf("a table of %d bytes: %s is %v, %v without the game's search", tableBytes, g.FormatPosition(p), got, want[p])
			}
		}
		if ms.Nodes == 0 {
			t.Fatal("no nodes counted")
		}
	}
}
