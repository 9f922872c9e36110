package examples_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/search"
)

var updateMargins = flag.Bool("update-margins", false, "rewrite testdata/margins.golden")

// marginCases are the games that end in a score whose margins are held,
// position by position, to the reference solver and to the Python twins:
// Kalah with 2 to 3 pits of 1 to 3 seeds and dots and boxes up to 2 by 2
// boxes. Their starts are in testdata/margins.golden.
var marginCases = []struct {
	spec string
	twin []string
	long bool // not under -short: seconds in Python
}{
	{"kalah:pits=2,seeds=1", []string{"kalah.py", "2", "1"}, false},
	{"kalah:pits=2,seeds=2", []string{"kalah.py", "2", "2"}, false},
	{"kalah:pits=2,seeds=3", []string{"kalah.py", "2", "3"}, false},
	{"kalah:pits=3,seeds=1", []string{"kalah.py", "3", "1"}, false},
	{"kalah:pits=3,seeds=2", []string{"kalah.py", "3", "2"}, true},
	{"kalah:pits=3,seeds=3", []string{"kalah.py", "3", "3"}, true},
	{"dotsandboxes:w=1,h=1", []string{"dotsandboxes.py", "1", "1"}, false},
	{"dotsandboxes:w=1,h=2", []string{"dotsandboxes.py", "1", "2"}, false},
	{"dotsandboxes:w=2,h=1", []string{"dotsandboxes.py", "2", "1"}, false},
	{"dotsandboxes:w=2,h=2", []string{"dotsandboxes.py", "2", "2"}, true},
}

// TestMargins solves each game for margins on the hashing engine and on
// the reference solver and holds every position's margin and its plies to
// each other and to the Python twin, and the start's to the golden file.
func TestMargins(t *testing.T) {
	python := pythonForTwins(t)
	golden := filepath.Join("testdata", "margins.golden")
	want := map[string]string{}
	if data, err := os.ReadFile(golden); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if spec, rest, ok := strings.Cut(line, " "); ok {
				want[spec] = rest
			}
		}
	} else if !*updateMargins {
		t.Fatal(err)
	}
	var got []string
	for _, tc := range marginCases {
		if tc.long && testing.Short() {
			if *updateMargins {
				t.Fatal("-update-margins needs every case: run without -short")
			}
			continue
		}
		g := loadRules(t, tc.spec)
		hs, err := hashing.Solve(t.Context(), g, hashing.Options{MaxPositions: maxPositions})
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		ref, err := reference.Margins(g, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		_, _, _, twin := runTwin(t, python, g, tc.twin)
		if len(twin) != len(ref) || hs.Positions() != len(ref) {
			t.Errorf("%s: %d positions in Python, %d on the reference solver, %d on the hashing engine", tc.spec, len(twin), len(ref), hs.Positions())
		}
		bad := 0
		for p, r := range ref {
			h, ok := hs.Margin(p)
			py, inTwin := twin[g.FormatPosition(p)]
			if !ok || h != r || !inTwin || py != r {
				t.Errorf("%s: %s is %v on the reference solver, %v (found %v) on the hashing engine, %v (found %v) in Python", tc.spec, g.FormatPosition(p), r, h, ok, py, inTwin)
				if bad++; bad == 10 {
					break
				}
			}
		}
		m, _ := hs.Margin(g.Start())
		line := fmt.Sprintf("%s: %v (margin %d in %d plies), %d positions", tc.spec, m.Value(), m.Score, m.Remoteness, hs.Positions())
		got = append(got, tc.spec+" "+line[len(tc.spec)+2:])
		if w, ok := want[tc.spec]; !*updateMargins && (!ok || w != line[len(tc.spec)+2:]) {
			t.Errorf("%s: the start is %q; the golden file says %q", tc.spec, line[len(tc.spec)+2:], w)
		}
	}
	if *updateMargins {
		if err := os.WriteFile(golden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMarginKeepsTurn pins one box of dots and boxes by hand: whatever the
// first player draws, the second draws the fourth line, completes the box
// and has the one box, so the first player loses by 1 in 4 plies. At three
// lines drawn with the second player to move, the last line keeps the
// turn: the mover completes the box and is to move at the end, 1 up,
// which the move keeps (not negates).
func TestMarginKeepsTurn(t *testing.T) {
	g := loadRules(t, "dotsandboxes:w=1,h=1")
	hs, err := hashing.Solve(t.Context(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := reference.Margins(g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		position string
		want     sente.Margin
	}{
		{`(0, 0, 0, "first")`, sente.Margin{Score: -1, Remoteness: 4}},
		{`(7, 0, 0, "second")`, sente.Margin{Score: 1, Remoteness: 1}},
		{`(15, 0, 1, "second")`, sente.Margin{Score: 1, Remoteness: 0}},
	} {
		p, err := g.ParsePosition(tc.position)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := hs.Margin(p); !ok || got != tc.want {
			t.Errorf("%s is %v (found %v) on the hashing engine; want %v", tc.position, got, ok, tc.want)
		}
		if got := ref[p]; got != tc.want {
			t.Errorf("%s is %v on the reference solver; want %v", tc.position, got, tc.want)
		}
	}
}

// TestMarginSearch holds the margin search (MTD(f) over the margin score)
// to the reference solver at every position of the smaller games, and at
// the start of the larger: the margin, and its plies but at a margin of 0,
// whose plies are the tie's own remoteness.
func TestMarginSearch(t *testing.T) {
	for _, tc := range marginCases {
		if tc.long && testing.Short() {
			continue
		}
		t.Run(tc.spec, func(t *testing.T) {
			g := loadRules(t, tc.spec)
			ref, err := reference.Margins(g, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			ms, err := search.NewMarginSearcher(g, search.MarginOptions{TableBytes: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			bad, asked := 0, 0
			for p, want := range ref {
				if len(ref) > 1000 && p != g.Start() && asked >= 300 {
					continue
				}
				asked++
				got, err := ms.Margin(t.Context(), p)
				if err != nil {
					t.Fatal(err)
				}
				if want.Score == 0 {
					want.Remoteness = 0
				}
				if got != want {
					t.Errorf("%s: %s is %v by search, %v on the reference solver", tc.spec, g.FormatPosition(p), got, want)
					if bad++; bad == 10 {
						break
					}
				}
			}
			if got, err := ms.Margin(t.Context(), g.Start()); err != nil || got.Score != ref[g.Start()].Score {
				t.Errorf("%s: the start is %v (%v) by search, %v on the reference solver", tc.spec, got, err, ref[g.Start()])
			}
		})
	}
}
