package rules_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"weak"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
)

// open loads a rules file and makes its game from a spec's arguments, as
// in "n=7,misere=true".
func open(t testing.TB, path, args string, opt rules.Options) (sente.Game, error) {
	t.Helper()
	fam, err := rules.Load(path, opt)
	if err != nil {
		return nil, err
	}
	spec := fam.Name
	if args != "" {
		spec += ":" + args
	}
	s, err := sente.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	vals, err := sente.Bind(fam.Name, fam.Params, s.Args)
	if err != nil {
		return nil, err
	}
	return fam.New(vals)
}

// mustOpen is open for files that must load.
func mustOpen(t testing.TB, path, args string) sente.Game {
	t.Helper()
	g, err := open(t, path, args, rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// write puts a rules file in a temporary directory and returns its path.
func write(t testing.TB, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// wantFileError checks that err is the one-line message want, ending a
// message placed in the file at path; what says which step gave it.
func wantFileError(t *testing.T, what string, err error, path, want string) {
	t.Helper()
	if err == nil || !strings.HasSuffix(err.Error(), want) || !strings.HasPrefix(err.Error(), path) {
		t.Errorf("%s\n got %v\nwant %s", what, err, want)
	}
}

// wantFuncError checks that a failure while playing is a *rules.Error
// naming the function of the file that failed.
func wantFuncError(t *testing.T, err error) {
	t.Helper()
	var re *rules.Error
	if !errors.As(err, &re) || re.Func == "" {
		t.Errorf("%v is not a *rules.Error naming the function", err)
	}
}

func TestSolveMatchesReference(t *testing.T) {
	for _, tc := range []struct {
		file, args string
		restrict   map[sente.Player]string
		positions  int
		start      string // the start's outcome
	}{
		{file: "ttt", positions: 5478, start: "tie in 9"},
		{file: "subtract", positions: 20, start: "win in 5"},
		{file: "subtract", args: "n=12", positions: 24, start: "lose in 6"},
		{file: "subtract", args: "1,3,4,n=20", positions: 38},
		{file: "subtract", args: "n=12,misere=true", positions: 24},
		{file: "nim", positions: 232, start: "win in 11"},
		{file: "nim", args: "heaps=1/2/3", positions: 40, start: "lose in 6"},
		{file: "greedy", positions: 40, start: "lose in 10"},
		{file: "greedy", restrict: map[sente.Player]string{sente.Second: "greedy"}},
		{file: "greedy", restrict: map[sente.Player]string{sente.First: "timid", sente.Second: "greedy"}},
		{file: "loopy", positions: 8},
	} {
		t.Run(tc.file+":"+tc.args, func(t *testing.T) {
			g := mustOpen(t, "testdata/"+tc.file+".star", tc.args)
			sol, err := hashing.Solve(context.Background(), g, hashing.Options{Restrict: tc.restrict})
			if err != nil {
				t.Fatal(err)
			}
			want, err := reference.Reference(g, nil, tc.restrict)
			if err != nil {
				t.Fatal(err)
			}
			if tc.positions != 0 && sol.Positions() != tc.positions {
				t.Errorf("%d positions, want %d", sol.Positions(), tc.positions)
			}
			if sol.Positions() != len(want) {
				t.Errorf("solve found %d positions, the reference %d", sol.Positions(), len(want))
			}
			for p, o := range want {
				if got, ok := sol.Outcome(p); !ok || got != o {
					t.Errorf("%s: solve says %v (found %v), reference %v", g.FormatPosition(p), got, ok, o)
				}
			}
			if got, _ := sol.Outcome(g.Start()); tc.start != "" && got.String() != tc.start {
				t.Errorf("start: %v, want %s", got, tc.start)
			}
			if err := g.(sente.Erring).Err(); err != nil {
				t.Errorf("Err: %v", err)
			}
		})
	}
}

// The rules files agree with the built-in games they copy.
func TestMatchesBuiltin(t *testing.T) {
	for _, tc := range []struct{ file, args, builtin string }{
		{"ttt", "", "tictactoe"},
		{"nim", "", "nim:heaps=3/4/5"},
		{"nim", "heaps=2/5/7/1", "nim:heaps=2/5/7/1"},
	} {
		g := mustOpen(t, "testdata/"+tc.file+".star", tc.args)
		b, err := games.New(tc.builtin)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
		if err != nil {
			t.Fatal(err)
		}
		bsol, err := hashing.Solve(context.Background(), b, hashing.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := sol.Outcome(g.Start())
		want, _ := bsol.Outcome(b.Start())
		if got != want || sol.Positions() != bsol.Positions() {
			t.Errorf("%s:%s: %v with %d positions; %s: %v with %d", tc.file, tc.args, got, sol.Positions(), tc.builtin, want, bsol.Positions())
		}
	}
}

func TestParams(t *testing.T) {
	fam, err := rules.Load("testdata/subtract.star", rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if fam.Name != "subtract" || !strings.HasPrefix(fam.Summary, "Subtraction game: take 1, 2 or 3") {
		t.Errorf("name %q, summary %q", fam.Name, fam.Summary)
	}
	var got []string
	for _, p := range fam.Params {
		got = append(got, p.Name+" "+p.Default+" "+p.Accepts())
	}
	want := []string{
		"n 10 a whole number from 0 to 1000",
		"take 1/2/3 a list of 1 to 64 numbers from 1 to 100, as 1/2/3 or 1..5",
		"misere false true or false",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("params:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !fam.Params[1].Positional {
		t.Errorf("take is not positional")
	}

	for _, tc := range []struct{ args, start, err string }{
		{"", `(10, "first")`, ""},
		{"n=7", `(7, "first")`, ""},
		{"2/5,n=0,misere=true", `(0, "first")`, ""},
		{"n=1001", "", "subtract: n=1001: out of range; want a whole number from 0 to 1000"},
		{"n=x", "", "n=x: not a whole number; want a whole number from 0 to 1000"},
		{"take=0", "", "take=0: 0 is out of range; want a list of 1 to 64 numbers from 1 to 100"},
		{"misere=maybe", "", "misere=maybe: not true or false; want true or false"},
		{"m=3", "", `subtract has no parameter "m" (parameters: n, take, misere)`},
	} {
		g, err := open(t, "testdata/subtract.star", tc.args, rules.Options{})
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.args, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.args, err)
		case g.FormatPosition(g.Start()) != tc.start:
			t.Errorf("%s: start %s, want %s", tc.args, g.FormatPosition(g.Start()), tc.start)
		}
	}

	// Every kind of parameter reaches PARAMS.
	path := write(t, "kinds.star", `
params = {
    "n": param(3, min = -5, max = 5, doc = "a number"),
    "on": param(True),
    "colour": param("red", choices = ["red", "Green"], doc = "a colour"),
    "name": param("bob", doc = "a name"),
    "list": param((1, 2), min = 0, max = 9),
}
def start():
    return (PARAMS.n, PARAMS.on, PARAMS.colour, PARAMS.name, PARAMS.list)
def moves(p):
    return []
def turn(p):
    return "first"
`)
	g, err := open(t, path, "n=-4,on=false,colour=green,name=ann,list=1..3", rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.FormatPosition(g.Start()), `(-4, False, "Green", "ann", (1, 2, 3))`; got != want {
		t.Errorf("start %s, want %s", got, want)
	}
}

func TestParamDeclarationErrors(t *testing.T) {
	const game = "\ndef start():\n    return 0\ndef moves(p):\n    return []\ndef turn(p):\n    return \"first\"\n"
	for _, tc := range []struct{ params, want string }{
		{`params = {"n": param(3)}`, `bad.star:1:21: parameter "n": a parameter of int needs whole numbers min and max`},
		{`params = {"n": param(3, min = 5, max = 9)}`, `bad.star:1:21: parameter "n": the default 3 is outside min..max = 5..9`},
		{`params = {"n": param(3, min = 9, max = 1)}`, `parameter "n": min = 9 is more than max = 1`},
		{`params = {"a b": param(3, min = 0, max = 9)}`, `parameter "a b": a parameter's name must be letters, digits and _`},
		{`params = {"c": param("x", choices = ["a", "b"])}`, `parameter "c": the default "x" is not one of the choices a, b`},
		{`params = {"c": param("x", choices = ["x", "X"])}`, `choice "X" is given twice`},
		{`params = {"t": param("x")}`, `parameter "t": a text parameter needs doc`},
		{`params = {"b": param(True, min = 1)}`, `parameter "b": min makes no sense for a bool parameter`},
		{`params = {"f": param(1.5)}`, `parameter "f": the default 1.5 is a float; want an int, a bool, a string or a list of ints`},
		{`params = {"l": param([], min = 0, max = 3)}`, `parameter "l": a list default needs 1 to 64 numbers`},
		{`params = {"l": param([1, 9], min = 0, max = 3)}`, `in the default list: the default 9 is outside min..max = 0..3`},
		{`params = {"l": param([1], min = 0, max = 1 << 40)}`, `min and max must lie within ±1073741824`},
		{`params = {"a": param(1, min = 0, max = 1, positional = True), "b": param(1, min = 0, max = 1, positional = True)}`, `parameters "a" and "b" are both positional`},
		{`params = [param(1)]`, `bad.star: params is a list; want a dict from names to param(...)`},
		{`params = {"n": 3}`, `bad.star: params["n"] is a int; want param(default, ...)`},
		{`params = {"n": param(3, mini = 1)}`, `bad.star:1:21: param: unexpected keyword argument "mini"`},
	} {
		path := write(t, "bad.star", tc.params+game)
		_, err := rules.Load(path, rules.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.params, err, tc.want)
		}
	}
}

const okGame = `
def start():
    return 0
def moves(p):
    return [p + 1] if p < 3 else []
def turn(p):
    return "first" if p % 2 == 0 else "second"
`

// Load's errors are one line, placed at the file, line and column when
// there is one.
func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"def start(:\n    return 0\n", `^\S*bad.star:1:12: got ':', want '\)'$`},
		{"x = \"unterminated\n", `^\S*bad.star:1:5: unexpected newline in string$`},
		{okGame + "y = undefined_name\nz = other\n", `^\S*bad.star:8:5: undefined: undefined_name \(and 1 more errors\)$`},
		{`load("other.star", "x")` + okGame, `^\S*bad.star:1:1: load is not available: a rules file stands alone`},
		{okGame + "def show(p):\n    return open(\"/etc/passwd\").read()\n", `^\S*bad.star:9:12: undefined: open$`},
		{"N = PARAMS.n\n" + okGame, `^\S*bad.star:1:11: PARAMS is not available at top level: the file's top level runs before parameters are bound, so read PARAMS.n inside a function`},
		{okGame + "X = start() + PARAMS.n\n", `bad.star:8:21: PARAMS is not available at top level`},
		{okGame + "def f():\n    return PARAMS.n\nY = f()\n", `bad.star:9:18: PARAMS is not available at top level`},
		{"while True:\n    pass\n" + okGame, `^\S*bad.star:1:1: the top level passed the limit of 1000000 steps \(an endless loop\?\)$`},
		{"x = 1 // 0\n" + okGame, `^\S*bad.star:1:7: floored division by zero$`},
		{"def start():\n    return 0\ndef turn(p):\n    return 1\n", `^\S*bad.star: no moves\(p\) function: a rules file defines start\(\), moves\(p\) and turn\(p\)$`},
		{"moves = 3\n" + strings.Replace(okGame, "def moves", "def old_moves", 1), `bad.star: moves is a int; want a function moves\(p\)`},
		{strings.Replace(okGame, "def moves(p)", "def moves(p, q)", 1), `bad.star:4:1: moves must take one argument; it takes 2`},
		{okGame + "def show(p):\n    return str(p)\n", `show\(p\) and parse\(s\) go together`},
		{okGame + "stalemate = \"draw\"\n", `stalemate is "draw"; want "lose", "win", "tie" or "error"`},
		{okGame + "impartial = 1\n", `impartial is a int; want True or False`},
		{okGame + "def components(p):\n    return [p]\n", `components\(p\) is for games that are sums of independent parts, whose values add: set impartial = True, or define left_moves\(p\) and right_moves\(p\)$`},
		{okGame + "policies = [1]\n", `policies is a list; want a dict from names to functions`},
		{okGame + "policies = {\"a\": lambda p: p}\n", `policies\["a"\] must take 2 arguments; it takes 1`},
		{okGame + "policies = {\"a\": lambda p, c: c}\npolicy_docs = {\"b\": \"doc\"}\n", `policy_docs names "b", which is not in policies`},
		{okGame + "features = {\"f\": 3}\n", `features\["f"\] is a int; want a function features\["f"\]\(p\)`},
	} {
		path := write(t, "bad.star", tc.src)
		_, err := rules.Load(path, rules.Options{})
		if err == nil || !regexp.MustCompile(tc.want).MatchString(err.Error()) {
			t.Errorf("%q:\n got %v\nwant %s", tc.src, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error on several lines: %q", tc.src, err)
		}
	}
	if _, err := rules.Load("testdata/missing.star", rules.Options{}); err == nil || !strings.Contains(err.Error(), "missing.star") {
		t.Errorf("missing file: %v", err)
	}
}

// Mistakes found while a game is played are reported by Err, naming the
// file and line, the function and the position.
func TestMistakes(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		newErr    bool // the mistake shows when the game is made
		check     bool // the mistake shows only in Check (solving does not ask)
		want      string
	}{
		{"runtime error", `
def start():
    return 0
def moves(p):
    if p == 2:
        return [1 // 0]
    return [p + 1]
def turn(p):
    return "first"
`, false, false, `bad.star:6:19: moves(2): floored division by zero`},
		{"error in a helper", `
def start():
    return (0, "a")
def step(p):
    return {}["missing"] if p[0] == 3 else (p[0] + 1, "a")
def moves(p):
    return [step(p)]
def turn(p):
    return "first"
`, false, false, `bad.star:5:14: moves((3, "a")): key "missing" not in dict (in step)`},
		{"fail", `
def start():
    return 0
def moves(p):
    if p == 1:
        fail("no moves from", p)
    return [p + 1]
def turn(p):
    return "first"
`, false, false, `bad.star:6:13: moves(1): fail: no moves from 1`},
		{"list position", `
def start():
    return 0
def moves(p):
    return [[p, 1]]
def turn(p):
    return "first"
`, false, false, `bad.star:4:1: moves(0): returned the move [0, 1]: a list is not a position: positions are built from ints, strings, bools, None and tuples (a list is not hashable: use a tuple)`},
		{"float in a position", `
def start():
    return 0
def moves(p):
    return [(p, 0.5)]
def turn(p):
    return "first"
`, false, false, `moves(0): returned the move (0, 0.5): a float is not a position: positions are built from ints, strings, bools, None and tuples (floats are not allowed: use ints)`},
		{"dict of moves", `
def start():
    return 0
def moves(p):
    return {1: 2}
def turn(p):
    return "first"
`, false, false, `bad.star:4:1: moves(0): returned a dict; want a list of positions or of (name, position) pairs`},
		{"bad result", `
def start():
    return 0
def moves(p):
    return [p + 1]
def result(p):
    return "won" if p == 2 else None
def turn(p):
    return "first"
`, false, false, `bad.star:6:1: result(2): returned "won"; want None while the game goes on, else "win", "lose" or "tie" for the player to move`},
		{"bad turn at the start", `
def start():
    return 0
def moves(p):
    return []
def turn(p):
    return "x"
`, true, false, `bad.star:6:1: turn(0): returned "x"; want "first" or "second" (or 1 or 2)`},
		{"bad turn later", `
def start():
    return 0
def moves(p):
    return [p + 1] if p < 3 else []
def turn(p):
    return 3 if p == 2 else 1
`, false, true, `bad.star:6:1: turn(2): returned 3; want "first" or "second" (or 1 or 2)`},
		{"show not a string", `
def start():
    return 0
def moves(p):
    return []
def turn(p):
    return "first"
def show(p):
    return p
def parse(s):
    return int(s)
`, true, false, `bad.star:8:1: show(0): returned a int, 0; want a string`},
		{"show and parse disagree", `
def start():
    return 0
def moves(p):
    return [p + 1] if p < 12 else []
def turn(p):
    return "first"
def show(p):
    return str(p)
def parse(s):
    return int(s[0])
`, false, true, `bad.star:10:1: parse("10"): returned 1, but show(10) wrote "10": parse must read back what show writes`},
		{"stalemate error", `
stalemate = "error"
def start():
    return 0
def moves(p):
    return [p + 1] if p < 3 else []
def result(p):
    return "win" if p == 5 else None
def turn(p):
    return "first"
`, false, false, `bad.star:5:1: moves(3): returned no moves, result(p) says the game goes on, and stalemate = "error" says every position has a move or a result`},
		{"pairs misread", `
def start():
    return ("ab", 0)
def moves(p):
    return [(p[0], p[1] + 1)] if p[1] < 3 else []
def turn(p):
    return "first"
`, false, false, `bad.star:4:1: moves(("ab", 0)): returned ("ab", 1), read as the move "ab" to 1; but this game's positions are (string, ...) pairs like its start, so return (name, position) pairs`},
		{"empty name", `
def start():
    return 0
def moves(p):
    return [("", 1)] if p == 0 else []
def turn(p):
    return "first"
`, false, false, `moves(0): returned the move ("", 1) with an empty name`},
		{"start fails", `
def start():
    return [][0]
def moves(p):
    return []
def turn(p):
    return "first"
`, true, false, `bad.star:3:14: start(): index 0 out of range: empty list`},
		{"start not a position", `
def start():
    return set([1])
def moves(p):
    return []
def turn(p):
    return "first"
`, true, false, `bad.star:2:1: start(): returned set([1]): a set is not a position: positions are built from ints, strings, bools, None and tuples (not hashable: use a tuple, sorted if order does not matter)`},
		{"policy returns a stranger", `
def start():
    return 0
def moves(p):
    return [p + 1, p + 2] if p < 4 else []
def turn(p):
    return "first"
policies = {"odd": lambda p, children: [7]}
`, false, true, `bad.star:8:20: policies["odd"](0, [1, 2]): returned 7, which is not one of the children`},
		{"policy allows nothing", `
def start():
    return 0
def moves(p):
    return [p + 1, p + 2] if p < 4 else []
def turn(p):
    return "first"
def none(p, children):
    return []
policies = {"none": none}
`, false, true, `bad.star:8:1: policies["none"](0, [1, 2]): allowed none of the children; a policy must allow at least one move`},
		{"bad tier", `
def start():
    return 0
def moves(p):
    return [p + 1] if p < 4 else []
def turn(p):
    return "first"
def tier(p):
    return -p
`, false, false, `bad.star:8:1: tier(1): returned -1; want a whole number from 0 to 1048575`},
		{"error in a tiered game", `
def start():
    return (0, 0)
def moves(p):
    if p == (2, 1):
        fail("stop")
    return [(p[0] + 1, 0), (p[0] + 1, 1)] if p[0] < 5 else []
def turn(p):
    return "first"
def tier(p):
    return p[0]
`, false, false, `bad.star:6:13: moves((2, 1)): fail: stop`},
		{"tier goes down", `
def start():
    return 0
def moves(p):
    return [(p + 1) % 3]
def turn(p):
    return "first"
def tier(p):
    return p
`, false, true, `bad.star:8:1: tier(2): is 2, but the move to 0 leads to tier 0: no move may lead to a lower tier`},
		{"bad components", `
impartial = True
def start():
    return 0
def moves(p):
    return [p + 1] if p < 2 else []
def turn(p):
    return "first"
def components(p):
    return p
`, false, true, `bad.star:9:1: components(0): returned a int; want a list of positions`},
		{"bad feature", `
def start():
    return 0
def moves(p):
    return [p + 1] if p < 2 else []
def turn(p):
    return "first"
features = {"f": lambda p: "x"}
`, false, true, `bad.star:8:18: features["f"](0): returned "x"; want an int`},
		{"duplicate names", `
def start():
    return 0
def moves(p):
    return [("a", 1), ("a", 2)] if p == 0 else []
def turn(p):
    return "first"
`, false, true, `bad.star:4:1: moves(0): returned two moves named "a", to 1 and 2; names must tell moves apart`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := write(t, "bad.star", tc.src)
			g, err := open(t, path, "", rules.Options{})
			if tc.newErr {
				wantFileError(t, "New:", err, path, tc.want)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.check {
				_, err = g.(interface {
					Check(context.Context, int) (int, error)
				}).Check(context.Background(), 0)
			} else {
				_, err = hashing.Solve(context.Background(), g, hashing.Options{})
			}
			wantFileError(t, "", err, path, tc.want)
			wantFuncError(t, err)
			if g.(sente.Erring).Err() == nil {
				t.Errorf("Err is nil")
			}
			// After the failure the game answers harmlessly.
			if moves := g.Moves(g.Start()); len(moves) != 0 {
				t.Errorf("moves after the failure: %v", moves)
			}
		})
	}
}

// Endless loops end: at the step limit, or when the context is cancelled.
func TestEndlessLoop(t *testing.T) {
	src := `
def start():
    return 0
def moves(p):
    if p == 3:
        while True:
            pass
    return [p + 1]
def turn(p):
    return "first"
`
	path := write(t, "loop.star", src)
	for _, tc := range []struct {
		name   string
		opt    func(ctx context.Context) rules.Options
		cancel time.Duration
		want   string
	}{
		{"steps", func(context.Context) rules.Options { return rules.Options{} }, 0,
			`loop.star:6:9: moves(3): passed the limit of 1000000 steps for one call (an endless loop?)`},
		{"steps 1000", func(context.Context) rules.Options { return rules.Options{Steps: 1000} }, 0,
			`loop.star:6:9: moves(3): passed the limit of 1000 steps for one call (an endless loop?)`},
		{"cancelled", func(ctx context.Context) rules.Options { return rules.Options{Steps: 1 << 62, Context: ctx} }, 200 * time.Millisecond,
			`loop.star:6:9: moves(3): cancelled: context canceled`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			g, err := open(t, path, "", tc.opt(ctx))
			if err != nil {
				t.Fatal(err)
			}
			if tc.cancel > 0 {
				time.AfterFunc(tc.cancel, cancel)
			}
			begin := time.Now()
			// The engines stop with ctx's error; the game's own error names the line.
			_, err = hashing.Solve(context.Background(), g, hashing.Options{})
			if took := time.Since(begin); took > 10*time.Second {
				t.Errorf("took %v", took)
			}
			if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
				t.Errorf("\n got %v\nwant %s", err, tc.want)
			}
			// A call stopped by the context says so to errors.Is, so
			// that a command says it was interrupted, not that the
			// file failed; one past the steps does not.
			if got, want := errors.Is(err, context.Canceled), tc.cancel > 0; got != want {
				t.Errorf("errors.Is(%v, context.Canceled) = %v; want %v", err, got, want)
			}
		})
	}
}

// Cancel stops a game whose calls run long, from another goroutine.
func TestCancel(t *testing.T) {
	path := write(t, "slow.star", `
def start():
    return 0
def moves(p):
    n = 0
    for i in range(1000000000):
        n += i
    return [p + 1]
def turn(p):
    return "first"
`)
	g, err := open(t, path, "", rules.Options{Steps: 1 << 62})
	if err != nil {
		t.Fatal(err)
	}
	rg, _ := rules.Of(g)
	enough := errors.New("enough")
	time.AfterFunc(100*time.Millisecond, func() { rg.Cancel(enough) })
	begin := time.Now()
	_, err = hashing.Solve(context.Background(), g, hashing.Options{})
	if err == nil || !regexp.MustCompile(`slow.star:[67]:\d+: moves\(0\): cancelled: enough$`).MatchString(err.Error()) || time.Since(begin) > 10*time.Second {
		t.Errorf("%v after %v", err, time.Since(begin))
	}
	if !errors.Is(err, enough) {
		t.Errorf("errors.Is(%v, the cause given Cancel) = false", err)
	}
	// Later calls fail at once.
	if moves := g.Moves(g.Start()); moves != nil {
		t.Errorf("moves after Cancel: %v", moves)
	}
}

func TestPrint(t *testing.T) {
	path := write(t, "print.star", `
print("top level")
def start():
    print("start")
    return 0
def moves(p):
    return []
def turn(p):
    return "first"
`)
	var mu sync.Mutex
	var said []string
	_, err := open(t, path, "", rules.Options{Print: func(msg string) {
		mu.Lock()
		said = append(said, msg)
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(said, "|"); got != "top level|top level|start" {
		t.Errorf("printed %q", got)
	}
}

func TestCapabilities(t *testing.T) {
	for _, tc := range []struct {
		file                               string
		impartial, split, tiered, restrict bool
	}{
		{"ttt", false, false, false, false},
		{"subtract", true, false, false, false},
		{"nim", true, true, true, false},
		{"greedy", false, false, false, true},
	} {
		g := mustOpen(t, "testdata/"+tc.file+".star", "")
		c := sente.CapabilitiesOf(g)
		imp, split, tiered, restrict := c.Impartial != nil, c.Splitter != nil, c.Tiered != nil, c.Restricter != nil
		enc, desc, erring := c.Encoder != nil, c.Describer != nil, c.Erring != nil
		if imp != tc.impartial || split != tc.split || tiered != tc.tiered || restrict != tc.restrict || !enc || !desc || !erring {
			t.Errorf("%s: impartial %v, splitter %v, tiered %v, restricter %v, encoder %v, describer %v, erring %v",
				tc.file, imp, split, tiered, restrict, enc, desc, erring)
		}
		if _, ok := rules.Of(g); !ok {
			t.Errorf("%s: Of fails", tc.file)
		}
	}
	g := mustOpen(t, "testdata/greedy.star", "")
	pols := sente.CapabilitiesOf(g).Restricter.Policies()
	if len(pols) != 2 || pols[0].Name != "greedy" || pols[0].Doc != "says as many numbers as it may" || pols[1].Name != "timid" || pols[1].Doc != "" {
		t.Errorf("policies %+v", pols)
	}
	nim := mustOpen(t, "testdata/nim.star", "")
	p, err := nim.ParsePosition("3/0/5 second")
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, c := range sente.CapabilitiesOf(nim).Splitter.Components(p) {
		parts = append(parts, nim.FormatPosition(c))
	}
	if got := strings.Join(parts, ", "); got != "3 first, 5 first" {
		t.Errorf("components %s", got)
	}
	enc := sente.CapabilitiesOf(nim).Encoder
	if tier := sente.CapabilitiesOf(nim).Tiered.Tier(enc.Encode(p)); tier != 4 {
		t.Errorf("tier %d, want 4", tier)
	}
	rg, _ := rules.Of(nim)
	if left, err := rg.Feature("left", p); left != 8 || err != nil || strings.Join(rg.FeatureNames(), ",") != "left" {
		t.Errorf("feature left = %d, %v; names %v", left, err, rg.FeatureNames())
	}
	if _, err := rg.Feature("right", p); err == nil {
		t.Errorf("no error for a missing feature")
	}
}

func TestDescribe(t *testing.T) {
	g := mustOpen(t, "testdata/subtract.star", "")
	d := g.(sente.Describer).Describe()
	if d.Summary != "Subtraction game: take 1, 2 or 3 counters; whoever takes the last wins." {
		t.Errorf("summary %q", d.Summary)
	}
	if !strings.HasPrefix(d.Rules, "Players alternately take counters from one pile (n of them at the start); a move") || strings.Contains(d.Rules, "\n") {
		t.Errorf("rules %q", d.Rules)
	}
	if !strings.Contains(d.Position, "Starlark literals") || !strings.Contains(d.Position, `(10, "first")`) {
		t.Errorf("position %q", d.Position)
	}
	if strings.Join(d.Examples, " ") != "testdata/subtract.star testdata/subtract.star:n=10,take=1/2/3,misere=false" {
		t.Errorf("examples %q", d.Examples)
	}
	nim := mustOpen(t, "testdata/nim.star", "").(sente.Describer).Describe()
	if !strings.Contains(nim.Position, "show(p)") || !strings.Contains(nim.Position, `"3/4/5 first"`) {
		t.Errorf("nim position %q", nim.Position)
	}
	ttt := mustOpen(t, "testdata/ttt.star", "").(sente.Describer).Describe()
	if paras := strings.Split(ttt.Rules, "\n\n"); len(paras) != 2 {
		t.Errorf("ttt rules in %d paragraphs: %q", len(paras), ttt.Rules)
	}
}

func TestPositions(t *testing.T) {
	path := write(t, "lit.star", okGame)
	g, err := open(t, path, "", rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		`0`, `-7`, `123456789012345678901234567890`, `-123456789012345678901234567890`,
		`"a \"quoted\" string"`, `"ünïcode"`, `True`, `None`, `()`, `(1,)`,
		`(1, ("x", (None, False)), -2)`,
	} {
		p, err := g.ParsePosition(text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		back := g.FormatPosition(p)
		q, err := g.ParsePosition(back)
		if err != nil || q != p {
			t.Errorf("%s: shown as %s, read back as %v (%v)", text, back, q, err)
		}
	}
	for _, text := range []string{`[1]`, `1 + 2`, `x`, `1.5`, `{1: 2}`, `(1`, `f(1)`, `b"bytes"`} {
		if _, err := g.ParsePosition(text); err == nil || !strings.Contains(err.Error(), "want a Starlark literal") {
			t.Errorf("%s: error %v", text, err)
		}
	}
	// Equal values are the same position; values of different types are not.
	a, _ := g.ParsePosition(`(1, "1")`)
	b, _ := g.ParsePosition(`( 1,"1" )`)
	c, _ := g.ParsePosition(`("1", 1)`)
	if a != b || a == c {
		t.Errorf("interning: %v %v %v", a, b, c)
	}
	enc := g.(sente.Encoder)
	if enc.Decode(enc.Encode(a)) != a {
		t.Errorf("Decode(Encode(a)) != a")
	}

	nim := mustOpen(t, "testdata/nim.star", "")
	if _, err := nim.ParsePosition("3/4 nobody"); err == nil || err.Error() != `nim position "3/4 nobody": want the heaps separated by / and who moves, as 3/4/5 first (the start is "3/4/5 first")` {
		t.Errorf("nim: %v", err)
	}
	if err := nim.(sente.Erring).Err(); err != nil {
		t.Errorf("a bad position given to parse is not the file's mistake: %v", err)
	}
}

func TestMoves(t *testing.T) {
	g := mustOpen(t, "testdata/ttt.star", "")
	moves := g.Moves(g.Start())
	if len(moves) != 9 || moves[0].Name != "a3" || g.FormatPosition(moves[0].To) != `"x........"` {
		t.Errorf("moves %v", moves)
	}
	if g.Turn(moves[0].To) != sente.Second {
		t.Errorf("turn after a move")
	}
	loopy := mustOpen(t, "testdata/loopy.star", "")
	var names []string
	for _, m := range loopy.Moves(loopy.Start()) {
		names = append(names, m.Name+"="+loopy.FormatPosition(m.To))
	}
	if got := strings.Join(names, " "); got != "1=1 2=2 3=4" {
		t.Errorf("unnamed moves: %s", got)
	}
}

// Check asks every function about every position of the test files.
func TestCheck(t *testing.T) {
	for _, file := range []string{"ttt", "subtract", "nim", "greedy", "loopy"} {
		g := mustOpen(t, "testdata/"+file+".star", "")
		rg, _ := rules.Of(g)
		n, err := rg.Check(context.Background(), 0)
		if err != nil || n == 0 {
			t.Errorf("%s: %d positions, %v", file, n, err)
		}
	}
}

// The engines call AppendChildren, EndedKey and Tier from several
// goroutines at once; run under -race.
func TestConcurrentCalls(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	g := mustOpen(t, "testdata/nim.star", "heaps=4/5/6")
	enc := g.(sente.Encoder)
	tiers := sente.CapabilitiesOf(g).Tiered
	// The positions, one goroutine's way.
	ref := mustOpen(t, "testdata/nim.star", "heaps=4/5/6")
	want := map[string]string{}
	queue := []sente.Position{ref.Start()}
	seen := map[sente.Position]bool{ref.Start(): true}
	for i := 0; i < len(queue); i++ {
		p := queue[i]
		var kids []string
		for _, m := range ref.Moves(p) {
			kids = append(kids, ref.FormatPosition(m.To))
			if !seen[m.To] {
				seen[m.To] = true
				queue = append(queue, m.To)
			}
		}
		want[ref.FormatPosition(p)] = strings.Join(kids, ",")
	}

	var wg sync.WaitGroup
	var mu sync.Mutex
	got := map[string]string{}
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each goroutine walks the game from the start in its own order.
			keys := []uint64{enc.Encode(g.Start())}
			seen := map[uint64]bool{keys[0]: true}
			for i := 0; i < len(keys); i++ {
				k := keys[(i*(w+1))%len(keys)]
				if seen[k^1<<63] {
					k = keys[i]
				}
				seen[k^1<<63] = true
				enc.EndedKey(k)
				tiers.Tier(k)
				kids := enc.AppendChildren(nil, k)
				var names []string
				for _, c := range kids {
					names = append(names, g.FormatPosition(enc.Decode(c)))
					if !seen[c] {
						seen[c] = true
						keys = append(keys, c)
					}
				}
				mu.Lock()
				got[g.FormatPosition(enc.Decode(k))] = strings.Join(names, ",")
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(got) != len(want) {
		t.Errorf("%d positions, want %d", len(got), len(want))
	}
	for p, kids := range want {
		if got[p] != kids {
			t.Errorf("%s: children %s, want %s", p, got[p], kids)
		}
	}
	if err := g.(sente.Erring).Err(); err != nil {
		t.Error(err)
	}
	// And a whole solve with more goroutines than cores.
	sol, err := hashing.Solve(context.Background(), mustOpen(t, "testdata/ttt.star", ""), hashing.Options{})
	if err != nil || sol.Positions() != 5478 {
		t.Errorf("ttt: %v", err)
	}
}

func TestIsRulesFile(t *testing.T) {
	for name, want := range map[string]bool{"examples/count.star": true, "count.star": true, "count": false, "star": false, "x.star.txt": false} {
		if rules.IsRulesFile(name) != want {
			t.Errorf("IsRulesFile(%q) != %v", name, want)
		}
	}
}

// A long-lived context does not keep the games made under it alive.
func TestContextDoesNotHoldGames(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g, err := open(t, "testdata/ttt.star", "", rules.Options{Context: ctx})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hashing.Solve(context.Background(), g, hashing.Options{}); err != nil {
		t.Fatal(err)
	}
	rg, _ := rules.Of(g)
	wp := weak.Make(rg)
	g, rg = nil, nil
	for range 20 {
		runtime.GC()
		if wp.Value() == nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("the game is still alive")
}

// TestLoadTooBig: a file larger than a rules file may be is refused by
// its size, before it is read, however large; one just within is read.
func TestLoadTooBig(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int64{rules.MaxFileBytes + 1, 1 << 40} {
		path := filepath.Join(dir, "big.star")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		// Sparse: a terabyte costs no disk, and reading it would take
		// hours.
		if err := f.Truncate(size); err != nil {
			t.Skipf("a sparse file of %d bytes: %v", size, err)
		}
		f.Close()
		began := time.Now()
		_, err = rules.Load(path, rules.Options{})
		if err == nil || !strings.Contains(err.Error(), "more than the 16M a rules file may have") {
			t.Errorf("a file of %d bytes: %v", size, err)
		}
		if took := time.Since(began); took > 5*time.Second {
			t.Errorf("a file of %d bytes refused after %v", size, took)
		}
	}
	src := "def start():\n    return 0\n\ndef moves(p):\n    return []\n\ndef turn(p):\n    return \"first\"\n"
	padded := src + "#" + strings.Repeat(" ", rules.MaxFileBytes-len(src)-2) + "\n"
	if _, err := rules.Load(write(t, "within.star", padded), rules.Options{}); err != nil {
		t.Errorf("a file of exactly %d bytes: %v", len(padded), err)
	}
}
