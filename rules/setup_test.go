package rules_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve/hashing"
)

// subtract is a subtraction game whose moves come from a table setup()
// makes from the parameters: take 1 to max, but never 2.
const subtract = `
params = {
    "n": param(10, min = 0, max = 100, doc = "counters"),
    "max": param(3, min = 1, max = 9, doc = "the most a move takes"),
}

def setup():
    return struct(takes = [t for t in range(1, PARAMS.max + 1) if t != 2], n = PARAMS.n)

def start():
    return (SETUP.n, "first")

def moves(p):
    left, who = p
    other = "second" if who == "first" else "first"
    return [(left - t, other) for t in SETUP.takes if t <= left]

def turn(p):
    return p[1]
`

// setup runs once a game is made, with PARAMS bound, and its struct is
// SETUP in the other functions.
func TestSetup(t *testing.T) {
	path := write(t, "subtract.star", subtract)
	for _, tc := range []struct {
		args string
		want sente.Value
	}{
		{"n=4,max=3", sente.Lose}, // taking 1 or 3 leaves an odd number
		{"n=5,max=3", sente.Win},
		{"n=2,max=1", sente.Lose},
	} {
		g, err := open(t, path, tc.args, rules.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.args, err)
		}
		sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.args, err)
		}
		if o, _ := sol.Outcome(g.Start()); o.Value != tc.want {
			t.Errorf("%s: the start is %v; want %v", tc.args, o, tc.want)
		}
	}
}

// Mistakes with setup and SETUP are reported like the others.
func TestSetupMistakes(t *testing.T) {
	const game = `
def start():
    return 0
def moves(p):
    return [p + 1] if p < SETUP.n else []
def turn(p):
    return "first"
`
	for _, tc := range []struct {
		name, src string
		load      bool // the mistake shows when the file is loaded
		play      bool // ... when the game is played (else when it is made)
		want      string
	}{
		{"not a struct", game + "def setup():\n    return {\"n\": 3}\n", false, false,
			`bad.star:8:1: setup(): returned a dict; want struct(name = value, ...), whose fields the other functions read as SETUP.name`},
		{"failing", game + "def setup():\n    return struct(n = 1 // 0)\n", false, false,
			`bad.star:9:25: setup(): floored division by zero`},
		{"arguments", game + "def setup(p):\n    return struct(n = 3)\n", true, false,
			`bad.star:8:1: setup must take no arguments; it takes 1`},
		{"top level", game + "def setup():\n    return struct(n = 3)\nN = SETUP.n\n", true, false,
			`bad.star:10:10: SETUP is not available at top level: it holds what setup() returns once the game is made, so read SETUP.n inside a function (start, moves, ...)`},
		{"read by setup", game + "def setup():\n    return struct(n = SETUP.n)\n", false, false,
			`bad.star:9:28: setup(): SETUP.n: setup() cannot read SETUP, which holds what it returns`},
		{"no setup", game, false, true,
			`bad.star:5:32: moves(0): SETUP.n: SETUP holds what setup() returns, and this file defines no setup()`},
		{"no field", game + "def setup():\n    return struct(m = 3)\n", false, true,
			`bad.star:5:32: moves(0): SETUP has no field "n" (fields: m)`},
		{"frozen", strings.Replace(game, "SETUP.n", "len(SETUP.seen.append(p) or SETUP.seen)", 1) + "def setup():\n    return struct(seen = [])\n", false, true,
			`bad.star:5:48: moves(0): append: cannot append to frozen list`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := write(t, "bad.star", tc.src)
			fam, err := rules.Load(path, rules.Options{})
			if tc.load {
				if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
					t.Errorf("Load:\n got %v\nwant %s", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g, err := fam.New(sente.ParamValues{})
			if !tc.play {
				wantFileError(t, "New:", err, path, tc.want)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			_, err = hashing.Solve(context.Background(), g, hashing.Options{})
			wantFileError(t, "", err, path, tc.want)
			wantFuncError(t, err)
		})
	}
}
