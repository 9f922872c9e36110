//go:build !wasip1

package main

import (
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/wasm"
)

// catalog opens the library game, the built-in games and the module this
// directory's source builds (connect4go.wasm, checked in; its checksum and
// its rebuild from this source are examples/modules_test.go's). The
// module runs as the command line runs it: a call past its time ends the
// test binary, and its compiled code is kept nowhere.
func catalog(t *testing.T) *games.Catalog {
	t.Helper()
	c := &games.Catalog{ReadFiles: true, Modules: wasm.Options{CacheDir: "-", Overtime: func(err error) {
		fmt.Fprintf(os.Stderr, "a module's call ran past its time: %v\n", err)
		os.Exit(2)
	}}}
	if err := c.Add(family); err != nil {
		t.Fatal(err)
	}
	return c
}

func open(t *testing.T, c *games.Catalog, spec string) sente.Game {
	t.Helper()
	g, err := c.Open(spec)
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	return g
}

// TestLibraryFamily: the library game takes the module's parameters.
func TestLibraryFamily(t *testing.T) {
	module, err := catalog(t).Family("connect4go.wasm")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(family.Params, module.Params) {
		t.Errorf("connect4lib's parameters\n%+v\nthe module's\n%+v", family.Params, module.Params)
	}
}

// boards are the sizes the library game is held to its twins on: nine
// columns, the most, and 5×4 (3.9 million positions), which only the long
// tests run.
var boards = []struct {
	size  string
	short bool // in every run, not the long tests alone
}{
	{"w=4,h=4", true},
	{"w=9,h=1,k=2", true},
	{"w=5,h=4", false},
}

// TestLibraryAgrees holds the library game position by position to the
// built-in connect four (its misère form, nimber.MisereGame, for
// misere=true) and to the module of the same source: every position the
// library game's hashing solve reaches has the same value and remoteness
// on the tier engine in all three, on which the library game and the
// module expand their ranks in batches (ExpandRanks, sente_expand_ranks)
// and the built-in game by its own scan and child ranker; and the
// position counts agree.
func TestLibraryAgrees(t *testing.T) {
	c := catalog(t)
	for _, b := range boards {
		for _, misere := range []bool{false, true} {
			name := b.size
			if misere {
				name += ",misere=true"
			}
			t.Run(name, func(t *testing.T) {
				if !b.short && (testing.Short() || os.Getenv("SENTE_LONG") == "") {
					t.Skip("connect four 5×4 runs in the long tests (SENTE_LONG=1), a minute and a half of CPU")
				}
				lib := open(t, c, "connect4lib:"+name)
				builtin := open(t, c, "connect4:"+b.size)
				if misere {
					builtin = nimber.MisereGame(builtin)
				}
				module := open(t, c, "connect4go.wasm:"+name)

				hs, err := hashing.Solve(t.Context(), lib, hashing.Options{})
				if err != nil {
					t.Fatal(err)
				}
				twins := []struct {
					what string
					game sente.Game
				}{{"the library game", lib}, {"the built-in game", builtin}, {"the module", module}}
				solved := make([]*tiers.TierSolution, len(twins))
				for i, tw := range twins {
					ts, err := tiers.SolveTiers(t.Context(), tw.game, tiers.TierOptions{Workers: 2})
					if err != nil {
						t.Fatalf("%s: %v", tw.what, err)
					}
					defer ts.Close()
					solved[i] = ts
					if got, want := ts.Totals.Positions, uint64(hs.Positions()); got != want {
						t.Errorf("%s: %d positions on the tier engine; the library game has %d on the hashing engine", tw.what, got, want)
					}
				}
				bad := 0
				hs.Each(func(p sente.Position, want sente.Outcome) bool {
					key := lib.(sente.Encoder).Encode(p)
					for i, tw := range twins {
						enc := sente.CapabilitiesOf(tw.game).Encoder
						q := enc.Decode(key)
						if got, ok := solved[i].Outcome(q); !ok || got != want {
							t.Errorf("%s is %v (%v) in %s on the tier engine, %v in the library game on the hashing engine",
								lib.FormatPosition(p), got, ok, tw.what, want)
							bad++
						}
						if got := tw.game.FormatPosition(q); got != lib.FormatPosition(p) {
							t.Errorf("the key %#x is %q in %s, %q in the library game", key, got, tw.what, lib.FormatPosition(p))
							bad++
						}
					}
					return bad < 10
				})
				if err := sente.CapabilitiesOf(module).Err(); err != nil {
					t.Errorf("the module failed: %v", err)
				}
			})
		}
	}
}

// TestLibraryReference holds the library game to the plain definition of
// value and remoteness (solve/reference) on small boards, through both
// engines.
func TestLibraryReference(t *testing.T) {
	c := catalog(t)
	for _, spec := range []string{
		"connect4lib:w=3,h=3,k=3",
		"connect4lib:w=3,h=3,k=3,misere=true",
		"connect4lib:w=4,h=3,k=3",
		"connect4lib:w=4,h=3,k=3,misere=true",
		"connect4lib:w=2,h=3,k=2",
	} {
		t.Run(spec, func(t *testing.T) {
			g := open(t, c, spec)
			want, err := reference.Reference(g, g.Start(), nil)
			if err != nil {
				t.Fatal(err)
			}
			hs, err := hashing.Solve(t.Context(), g, hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ts, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			defer ts.Close()
			if got := ts.Totals.Positions; got != uint64(len(want)) {
				t.Errorf("%d positions on the tier engine, %d by the reference", got, len(want))
			}
			bad := 0
			for p, o := range want {
				if got, ok := hs.Outcome(p); !ok || got != o {
					t.Errorf("%s is %v (%v) on the hashing engine, %v by the reference", g.FormatPosition(p), got, ok, o)
					bad++
				}
				if got, ok := ts.Outcome(p); !ok || got != o {
					t.Errorf("%s is %v (%v) on the tier engine, %v by the reference", g.FormatPosition(p), got, ok, o)
					bad++
				}
				if bad >= 10 {
					break
				}
			}
		})
	}
}

// TestLibraryCheck runs the game self-check on the library game and the
// module, which holds ExpandRanks (sente_expand_ranks), TierRank and Unrank
// to their keys and moves, on boards up to the widest, nine columns.
func TestLibraryCheck(t *testing.T) {
	c := catalog(t)
	for _, spec := range []string{
		"connect4lib:w=4,h=3,k=3",
		"connect4lib:w=5,h=4,misere=true",
		"connect4lib",
		"connect4lib:w=9,h=6",
		"connect4lib:w=1,h=9,k=2",
		"connect4go.wasm:w=9,h=2,k=3",
		"connect4go.wasm:w=9,h=3,misere=true",
	} {
		t.Run(spec, func(t *testing.T) {
			s, err := sente.ParseSpec(spec)
			if err != nil {
				t.Fatal(err)
			}
			bound, err := c.Bind(s)
			if err != nil {
				t.Fatal(err)
			}
			g, err := bound.New()
			if err != nil {
				t.Fatal(err)
			}
			rep, err := gamecheck.Check(t.Context(), g, gamecheck.Options{Family: &bound.Family, Values: bound.Values})
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			if rep.Positions == 0 {
				t.Errorf("%s: no position checked", spec)
			}
		})
	}
}

// TestLibraryRefuses: a size the board cannot hold is a one-line error
// naming the game, as the module's.
func TestLibraryRefuses(t *testing.T) {
	c := catalog(t)
	for spec, want := range map[string]string{
		"connect4lib:w=9,h=7":     "connect4lib: a board needs w×(h+1) bits and at most 64 fit a key",
		"connect4lib:w=3,h=3,k=4": "connect4lib: k must be 2 or more and fit the board",
	} {
		if _, err := c.Open(spec); err == nil || err.Error() != want {
			t.Errorf("%s: %v; want %q", spec, err, want)
		}
	}
	g := open(t, c, "connect4lib:w=4,h=4")
	for _, text := range []string{"5", "11111", "..../..../...x/....", "xx../..../..../....", "x.../x.../x.../x..."} {
		if _, err := g.ParsePosition(text); err == nil {
			t.Errorf("%q: read as a position", text)
		}
	}
}
