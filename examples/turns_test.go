package examples_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/tiers"
)

// keepsTurnWants are the games whose moves may keep the turn, written turn
// by turn as a person would from docs/rules.md: dots and boxes (a completed
// box moves again) and Kalah (a last seed in one's own store moves again),
// with the start's outcome for the first player, its margin in seeds or
// boxes for the first player when both play for the most, and the
// twin that solves the same game in plain Python (testdata/*.py). Dots and
// boxes on one box is the second player's in 4 plies (every line but the
// last is drawn in turn, and the second player draws the fourth); Kalah
// with two pits of two seeds is the second player's, by 2 seeds.
var keepsTurnWants = []struct {
	spec   string
	twin   []string // the Python twin and its arguments
	want   sente.Outcome
	margin string // the twin's margin line: the start's margin for the first player, and its plies
	long   bool   // not under -short
}{
	{"dotsandboxes:w=1,h=1", []string{"dotsandboxes.py", "1", "1"}, sente.Outcome{Value: sente.Lose, Remoteness: 4}, "margin -1 in 4", false},
	{"dotsandboxes:w=1,h=2", []string{"dotsandboxes.py", "1", "2"}, sente.Outcome{Value: sente.Tie, Remoteness: 7}, "margin 0 in 7", false},
	{"dotsandboxes:w=2,h=1", []string{"dotsandboxes.py", "2", "1"}, sente.Outcome{Value: sente.Tie, Remoteness: 7}, "margin 0 in 7", false},
	{"dotsandboxes:w=2,h=2", []string{"dotsandboxes.py", "2", "2"}, sente.Outcome{Value: sente.Win, Remoteness: 12}, "margin 2 in 12", true},
	{"kalah:pits=2,seeds=2", []string{"kalah.py", "2", "2"}, sente.Outcome{Value: sente.Lose, Remoteness: 5}, "margin -2 in 5", false},
	{"kalah:pits=2,seeds=3", []string{"kalah.py", "2", "3"}, sente.Outcome{Value: sente.Lose, Remoteness: 6}, "margin -2 in 5", false},
	{"kalah:pits=3,seeds=2", []string{"kalah.py", "3", "2"}, sente.Outcome{Value: sente.Win, Remoteness: 8}, "margin 4 in 8", true},
	{"kalah:pits=3,seeds=3", []string{"kalah.py", "3", "3"}, sente.Outcome{Value: sente.Win, Remoteness: 18}, "margin 2 in 18", true},
}

// TestKeepsTurn solves dots and boxes and Kalah on the hashing engine and
// on the tier engine (its ranks discovered) and holds every position, value
// and remoteness, to their Python twins, which keep a move's value when the
// same player moves again: the engines once negated it at every move, and
// called one box of dots and boxes the first player's in 4 plies.
func TestKeepsTurn(t *testing.T) {
	python := pythonForTwins(t)
	for _, tc := range keepsTurnWants {
		t.Run(tc.spec, func(t *testing.T) {
			if tc.long && testing.Short() {
				t.Skipf("-short skips %s: a few seconds in Python", tc.spec)
			}
			g := loadRules(t, tc.spec)
			start, twin, margin, _ := runTwin(t, python, g, tc.twin)
			if start != tc.want {
				t.Errorf("%s: the Python twin says the start is %v; want %v", tc.spec, start, tc.want)
			}
			if margin != tc.margin {
				t.Errorf("%s: the Python twin says %q; want %q", tc.spec, margin, tc.margin)
			}
			hs, err := hashing.Solve(t.Context(), g, hashing.Options{MaxPositions: maxPositions})
			if err != nil {
				t.Fatal(err)
			}
			ts, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer ts.Close()
			for _, sol := range []struct {
				engine string
				sol    interface {
					Outcome(sente.Position) (sente.Outcome, bool)
				}
				positions int
			}{{"the hashing engine", hs, hs.Positions()}, {"the tier engine", ts, int(ts.Totals.Positions)}} {
				if o, _ := sol.sol.Outcome(g.Start()); o != tc.want {
					t.Errorf("%s: the start is %v on %s; want %v", tc.spec, o, sol.engine, tc.want)
				}
				if sol.positions != len(twin) {
					t.Errorf("%s: %d positions on %s, %d in Python", tc.spec, sol.positions, sol.engine, len(twin))
				}
				bad := 0
				for text, want := range twin {
					p, err := g.ParsePosition(text)
					if err != nil {
						t.Fatalf("%s: the twin's position %s: %v", tc.spec, text, err)
					}
					if got, ok := sol.sol.Outcome(p); !ok || got != want {
						t.Errorf("%s: %s is %v (found %v) on %s, %v in Python", tc.spec, text, got, ok, sol.engine, want)
						if bad++; bad == 10 {
							break
						}
					}
				}
			}
			compareTiers(t, tc.spec, g) // on more workers, with and without the moves recorded
		})
	}
}

// pythonForTwins is python3's path; the test skips without it, except on
// CI (CI=1), where the twins must run.
func pythonForTwins(t *testing.T) string {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		testmode.Missing(t, "python3, which runs the Python twins of the examples", "apt-get install python3")
	}
	return python
}

// runTwin runs a Python twin for every position it reaches: the start's
// outcome, every position's outcome by its text, the extra line the twin
// prints after the start's (the start's margin, "margin M in R"), and
// every position's margin by its text.
func runTwin(t *testing.T, python string, g sente.Game, args []string) (sente.Outcome, map[string]sente.Outcome, string, map[string]sente.Margin) {
	t.Helper()
	cmd := exec.Command(python, append([]string{filepath.Join("testdata", args[0])}, append(args[1:], "all")...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 %v: %v\n%s", args, err, stderr.String())
	}
	var (
		start sente.Outcome
		extra string
	)
	twin := map[string]sente.Outcome{}
	margins := map[string]sente.Margin{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Split(line, "\t")
		switch {
		case strings.HasPrefix(line, "start "):
			fields = strings.Fields(line)[1:]
			start = parseTwinOutcome(t, fields[0], fields[1])
		case len(fields) == 3:
			twin[fields[0]] = parseTwinOutcome(t, fields[1], fields[2])
		case len(fields) == 5:
			twin[fields[0]] = parseTwinOutcome(t, fields[1], fields[2])
			score, err1 := strconv.Atoi(fields[3])
			plies, err2 := strconv.Atoi(fields[4])
			if err1 != nil || err2 != nil {
				t.Fatalf("the twin's margin in %q: %v %v", line, err1, err2)
			}
			margins[fields[0]] = sente.Margin{Score: score, Remoteness: plies}
		default:
			extra = line
		}
	}
	if len(twin) == 0 {
		t.Fatalf("python3 %v printed no positions:\n%s", args, out)
	}
	return start, twin, extra, margins
}

func parseTwinOutcome(t *testing.T, value, remoteness string) sente.Outcome {
	t.Helper()
	v, err := sente.ParseValue(value)
	r, rerr := strconv.Atoi(remoteness)
	if err != nil || rerr != nil {
		t.Fatalf("the twin's outcome %q in %q: %v %v", value, remoteness, err, rerr)
	}
	return sente.Outcome{Value: v, Remoteness: r}
}

// TestKeepsTurnExplained: the story of one box of dots and boxes says the
// second player wins, from its verdict to the end of its main line, where
// the second player drew the last line and moves again; every first move
// loses in 4.
func TestKeepsTurnExplained(t *testing.T) {
	g := loadRules(t, "dotsandboxes:w=1,h=1")
	sol, err := hashing.Solve(t.Context(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := explain.Explain(sol, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Winner != "second" || s.Verdict != "second player wins in 4 plies" || !strings.HasPrefix(s.LineEnd, "second player has won") {
		t.Errorf("winner %q, verdict %q, line ends %q; want the second player's, in 4 plies", s.Winner, s.Verdict, s.LineEnd)
	}
	if len(s.Line) != 4 || s.Line[3].Player != "second" {
		t.Errorf("main line %+v; want 4 plies, the last the second player's", s.Line)
	}
	for _, m := range s.Moves {
		if m.Value != sente.Lose || m.Remoteness == nil || *m.Remoteness != 4 {
			t.Errorf("the first move %s is %v in %v; want lose in 4", m.Move, m.Value, m.Remoteness)
		}
	}

	// Read from the tier engine's tables, a move's value is its child's
	// stored cell, kept for the player who moves again: the last line
	// wins at once for the second player, who completes the box.
	ts, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	last, err := g.ParsePosition(`(7, 0, 0, "second")`)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := explain.Moves(tiers.FromTiers(g, ts, g.Start(), 0), last)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 1 || moves[0].Outcome != (sente.Outcome{Value: sente.Win, Remoteness: 1}) {
		t.Errorf("from the tables, the last line is %+v; want a win in 1", moves)
	}
}

// keepsTurnLoops is a rules file of a random game with loops whose moves
// may keep the turn, for TestKeepsTurnLoops: positions 0 to n-1, in three
// tiers by number; some have ended (won, lost or tied for the player to
// move), some have no moves, the rest move to one to three positions of
// their tier or above; who is to move at each is drawn too. PARENTS and
// TIER stand for parents(p) and tier(p), or for nothing.
const keepsTurnLoops = `"""A random game with loops, some of whose moves keep the turn."""

params = {
    "seed": param(1, min = 0, max = 1000000, doc = "which game"),
    "n": param(20, min = 1, max = 1000, doc = "positions"),
}

def draw(a, b):
    return (a * 1103515245 + b * 12345 + PARAMS.seed * 2654435761 + 7) % 2147483647

def setup():
    n = PARAMS.n
    tiers = [i * 3 // n for i in range(n)]
    kids, ends, turns, parents = [], [], [], [[] for i in range(n)]
    for i in range(n):
        turns.append(["first", "second"][draw(i, 1) % 2])
        kind = draw(i, 0) % 16
        ends.append([None, "win", "lose", "tie"][kind] if kind < 4 else None)
        found = []
        if kind > 3:
            lo = tiers.index(tiers[i])
            for j in range(1 + draw(i, 2) % 3):
                k = lo + draw(i, 3 + j) % (n - lo)
                if k not in found:
                    found.append(k)
                    parents[k].append(i)
        kids.append(found)
    return struct(tiers = tiers, kids = kids, ends = ends, turns = turns, parents = parents)

def start():
    return 0

def turn(p):
    return SETUP.turns[p]

def result(p):
    return SETUP.ends[p]

def moves(p):
    return SETUP.kids[p]

PARENTS
TIER
`

// TestKeepsTurnLoops solves rules files with loops, some of whose moves
// keep the turn, on the tier engine with discovered ranks (with tiers and
// un-moves: retrograde analysis; with tiers and no un-moves: value
// iteration; without tiers: one loopy tier) and on the hashing engine:
// two small loops, whose values are pinned, then random ones, every
// position held to the reference solver.
func TestKeepsTurnLoops(t *testing.T) {
	checkKeptLoops(t)
	dir := t.TempDir()
	files := map[string]string{
		"parents": "def parents(p):\n    return SETUP.parents[p]\n",
		"tier":    "def tier(p):\n    return SETUP.tiers[p]\n",
	}
	variants := []struct{ name, parents, tier string }{
		{"loops", files["parents"], files["tier"]},
		{"iterate", "", files["tier"]},
		{"onetier", "", ""},
	}
	catalog := &games.Catalog{ReadFiles: true}
	seeds := 40
	if testing.Short() {
		seeds = 8
	}
	for _, v := range variants {
		src := strings.NewReplacer("PARENTS\n", v.parents, "TIER\n", v.tier).Replace(keepsTurnLoops)
		path := filepath.Join(dir, v.name+".star")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		for seed := range seeds {
			n := 20 + 40*(seed%3)
			spec := fmt.Sprintf("%s:seed=%d,n=%d", path, seed, n)
			g, err := catalog.Open(spec)
			if err != nil {
				t.Fatal(err)
			}
			ref, err := reference.Reference(g, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			hs, err := hashing.Solve(t.Context(), g, hashing.Options{})
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			ts, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{Workers: 1 + seed%3})
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			for p, want := range ref {
				h, _ := hs.Outcome(p)
				d, ok := ts.Outcome(p)
				if h != want || d != want || !ok {
					t.Fatalf("%s: %s is %v on the hashing engine, %v (found %v) on the tier engine; the reference solver says %v",
						spec, g.FormatPosition(p), h, d, ok, want)
				}
			}
			ts.Close()
		}
	}
}

// keptLoops is a rules file of two small loops some of whose moves keep
// the turn (TestRegressions in package solve/hashing has them as graphs): from 0
// the first player moves twice in a row (0 -> 1) round 0 -> 1 -> 2 -> 0,
// 1 -> 3 keeps the turn again and loses, and 0 -> 4 -> 5 ties; 6 -> 7 ->
// 8 -> 6 is the same loop without the tie, which is drawn, going round
// for ever being better than the loss at 9.
const keptLoops = `"""Two loops whose moves may keep the turn."""

KIDS = [[1, 4], [2, 3], [0], [], [5], [], [7], [8, 9], [6], []]
ENDS = [None, None, None, "lose", None, "tie", None, None, None, "lose"]
TURNS = ["first", "first", "second", "first", "second", "first", "first", "first", "second", "first"]

params = {"start": param(0, min = 0, max = 9, doc = "the start")}

def start():
    return PARAMS.start

def turn(p):
    return TURNS[p]

def result(p):
    return ENDS[p]

def moves(p):
    return KIDS[p]

def tier(p):
    return 0

PARENTS
`

// checkKeptLoops solves keptLoops on both engines, with and without
// parents(p), and holds every position to its value and remoteness,
// worked out by hand.
func checkKeptLoops(t *testing.T) {
	t.Helper()
	want := map[int]sente.Outcome{
		0: {Value: sente.Tie, Remoteness: 2}, 1: {Value: sente.Tie, Remoteness: 4}, 2: {Value: sente.Tie, Remoteness: 3},
		3: {Value: sente.Lose}, 4: {Value: sente.Tie, Remoteness: 1}, 5: {Value: sente.Tie},
		6: {Value: sente.Draw}, 7: {Value: sente.Draw}, 8: {Value: sente.Draw}, 9: {Value: sente.Lose},
	}
	dir := t.TempDir()
	catalog := &games.Catalog{ReadFiles: true}
	parents := "def parents(p):\n    return [q for q in range(len(KIDS)) if p in KIDS[q] and ENDS[q] == None]\n"
	for name, text := range map[string]string{"parents": parents, "plain": ""} {
		path := filepath.Join(dir, name+".star")
		if err := os.WriteFile(path, []byte(strings.Replace(keptLoops, "PARENTS\n", text, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, from := range []int{0, 6} {
			spec := fmt.Sprintf("%s:start=%d", path, from)
			g, err := catalog.Open(spec)
			if err != nil {
				t.Fatal(err)
			}
			hs, err := hashing.Solve(t.Context(), g, hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ts, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			hs.Each(func(p sente.Position, o sente.Outcome) bool {
				n++
				i, _ := strconv.Atoi(g.FormatPosition(p))
				if o != want[i] {
					t.Errorf("%s: %d is %v on the hashing engine; want %v", spec, i, o, want[i])
				}
				if got, _ := ts.Outcome(p); got != want[i] {
					t.Errorf("%s: %d is %v on the tier engine; want %v", spec, i, got, want[i])
				}
				return true
			})
			if n == 0 {
				t.Errorf("%s: no positions", spec)
			}
			ts.Close()
		}
	}
}
