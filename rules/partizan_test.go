package rules_test

import (
	"context"
	"strings"
	"testing"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve/hashing"
)

// tokens is a partizan file: Left takes one of her tokens, Right one of
// his, so that a position (l, r, side) is worth the integer l - r. The
// tests splice variants into it.
const tokens = `
def start():
    return (3, 1, "left")

def turn(p):
    return p[2]

def left_moves(p):
    l, r, s = p
    return [("take-l", (l - 1, r, "right"))] if l > 0 else []

def right_moves(p):
    l, r, s = p
    return [("take-r", (l, r - 1, "left"))] if r > 0 else []
`

// tokensParts splits a position into Left's tokens and Right's.
const tokensParts = `
def components(p):
    l, r, s = p
    return [x for x in [(l, 0, s), (0, r, s)] if x[0] + x[1] > 0]
`

// tokensMoves is moves(p) as the options of the side to move give it.
const tokensMoves = `
def moves(p):
    return left_moves(p) if p[2] == "left" else right_moves(p)
`

// TestPartizanFile: a file with left_moves and right_moves is a
// sente.Partizan (and a PartizanSplitter with components) whose values
// are those of the options it gives, and is played turn by turn by the
// options of the side to move, with the moves' names.
func TestPartizanFile(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		splits    bool
	}{
		{"options", tokens, false},
		{"components", tokens + tokensParts, true},
		{"moves too", tokens + tokensParts + tokensMoves, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := mustOpen(t, write(t, "tokens.star", tc.src), "")
			caps := sente.CapabilitiesOf(g)
			if caps.Partizan == nil || (caps.PartizanSplitter != nil) != tc.splits || caps.Splitter != nil || caps.IsImpartial() {
				t.Fatalf("capabilities: partizan %v, splitter %v, impartial splitter %v, impartial %v", caps.Partizan != nil, caps.PartizanSplitter != nil, caps.Splitter != nil, caps.IsImpartial())
			}
			if caps.Partizan.Left() != sente.First {
				t.Errorf("Left is %v; want the first player, to move at the start", caps.Partizan.Left())
			}
			for _, want := range []struct {
				l, r  int
				side  string
				value int64
			}{{3, 1, "left", 2}, {3, 1, "right", 2}, {0, 2, "left", -2}, {0, 0, "right", 0}, {1, 4, "left", -3}} {
				p := starlark.Tuple{starlark.MakeInt(want.l), starlark.MakeInt(want.r), starlark.String(want.side)}
				v, err := cgt.ValueOf(context.Background(), g, p)
				if err != nil {
					t.Fatal(err)
				}
				if v != cgt.Integer(want.value) {
					t.Errorf("value of %s is %s; want %d", p, v, want.value)
				}
			}
			// Turn by turn: Left to move at the start takes one of hers.
			moves := g.Moves(g.Start())
			if len(moves) != 1 || moves[0].Name != "take-l" || g.FormatPosition(moves[0].To) != `(2, 1, "right")` {
				t.Errorf("moves at the start: %v", moves)
			}
			if g.Turn(moves[0].To) != sente.Second {
				t.Errorf("after Left's move, %v is to move; want the second player, Right", g.Turn(moves[0].To))
			}
			sol, err := hashing.Solve(t.Context(), g, hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if o, _ := sol.Outcome(g.Start()); o.Value != sente.Win {
				t.Errorf("the start, worth 2 with Left to move, is %v for Left", o)
			}
			if n, err := checkOf(t, g)(t.Context(), 0); err != nil {
				t.Errorf("check after %d positions: %v", n, err)
			}
		})
	}
}

// TestPartizanMistakes: what a partizan file may not do, each a one-line
// message naming the file, the line and the call. A mistake in the
// options shows when a position is valued; moves(p) that does not lead to
// the options of the side to move shows in Check.
func TestPartizanMistakes(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      string
	}{
		{"left_moves alone", strings.Replace(tokens, "def right_moves", "def other_moves", 1),
			`bad.star: left_moves(p) and right_moves(p) go together: a partizan game gives Left's options and Right's (define both, or neither)`},
		{"impartial", tokens + "impartial = True\n",
			`bad.star: impartial = True and left_moves(p): an impartial game gives both players the same moves(p); a partizan one gives Left's and Right's (choose one)`},
		{"result", tokens + "def result(p):\n    return None\n",
			`bad.star: result(p) and left_moves(p): a partizan game ends when the side to move has no option, and that side loses (normal play), so it has no result(p)`},
		{"stalemate", tokens + "stalemate = \"tie\"\n",
			`bad.star: stalemate is "tie", but a partizan game (left_moves(p) and right_moves(p)) is played under normal play: the side with no option loses (leave stalemate out)`},
		{"turn first", strings.Replace(tokens, "return p[2]", `return "first"`, 1),
			`bad.star:5:1: turn((3, 1, "left")): returned "first"; want "left" or "right": a file with left_moves(p) and right_moves(p) names the side to move`},
		{"turn later", strings.Replace(tokens, "return p[2]", `return p[2] if p[0] == 3 else 2`, 1),
			`bad.star:5:1: turn((2, 1, "right")): returned 2; want "left" or "right": a file with left_moves(p) and right_moves(p) names the side to move`},
		{"option with the same side to move", strings.Replace(tokens, `(l - 1, r, "right")`, `(l - 1, r, s)`, 1),
			`bad.star:8:1: left_moves((3, 1, "left")): returned ("take-l", (2, 1, "left")), where turn says "left" is to move; a move of Left's leads to a position with the other side to move ("right")`},
		{"error in right_moves", strings.Replace(tokens, `(l, r - 1, "left")`, `(l, r // 0, "left")`, 1),
			`bad.star:14:30: right_moves((0, 1, "right")): floored division by zero`},
		{"options not a list", strings.Replace(tokens, `if l > 0 else []`, `if l > 3 else {}`, 1),
			`bad.star:8:1: left_moves((3, 1, "left")): returned a dict; want a list of positions or of (name, position) pairs`},
		{"component with the other side to move", tokens + strings.Replace(tokensParts, "(0, r, s)", `(0, r, "right")`, 1),
			`bad.star:16:1: components((3, 1, "left")): returned the component (0, 1, "right"), where turn says "right" is to move; each component has p's side to move ("left")`},
		{"component not a position", tokens + strings.Replace(tokensParts, "(0, r, s)", `[0, r, s]`, 1),
			`bad.star:16:1: components((3, 1, "left")): returned the component [0, 1, "left"]: a list is not a position: positions are built from ints, strings, bools, None and tuples (a list is not hashable: use a tuple)`},
		{"moves with a move too many", tokens + strings.Replace(tokensMoves, "return left_moves(p)", `return left_moves(p) + [("skip", (p[0], p[1], "right"))]`, 1),
			`bad.star:16:1: moves((3, 1, "left")): has the move skip to (3, 1, "right"), which left_moves((3, 1, "left")) does not list; moves(p) must lead to the options of the side to move`},
		{"moves with a move too few", tokens + strings.Replace(tokensMoves, `else right_moves(p)`, `else []`, 1),
			`bad.star:16:1: moves((2, 1, "right")): has no move to (2, 0, "left"), which right_moves((2, 1, "right")) lists; moves(p) must lead to the options of the side to move`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := write(t, "bad.star", tc.src)
			g, err := open(t, path, "", rules.Options{})
			if err == nil {
				_, err = cgt.ValueOf(t.Context(), g, g.Start())
			}
			if err == nil {
				_, err = checkOf(t, g)(t.Context(), 0)
			}
			wantFileError(t, tc.name, err, path, tc.want)
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("error on several lines: %q", err)
			}
		})
	}
}

// checkOf runs the rules game's Check.
func checkOf(t *testing.T, g sente.Game) func(context.Context, int) (int, error) {
	t.Helper()
	rg, ok := rules.Of(g)
	if !ok {
		t.Fatal("rules.Of does not find the rules game")
	}
	return rg.Check
}
