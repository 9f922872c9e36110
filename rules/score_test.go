package rules_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
)

// race is a scored race to 4: each player adds 1 or 2 to the count, and
// the player who makes it 4 or more scores the count past 3 (1 or 2);
// the player to move at the end has lost by as much.
const race = `
def start():
    return (0, "first")

def turn(p):
    return p[1]

def moves(p):
    n, mover = p
    nxt = "second" if mover == "first" else "first"
    return [(n + 1, nxt), (n + 2, nxt)]

def result(p):
    if p[0] >= 4:
        return "lose"
    return None

def score(p):
    return 3 - p[0]

def max_score():
    return 2
`

// TestScoreRace pins a scored rules file by hand. From 3 the player to
// move makes it 5 and wins by 2; from 2, making it 3 hands the opponent
// that win, so 4 it is, a win by 1; from 1, 2 and 3 hand the opponent a
// win by 1 or by 2, so 1 loses by 1 in 2 plies; from 0, 1 hands the
// opponent that loss: a win by 1 in 3 plies.
func TestScoreRace(t *testing.T) {
	g := mustOpen(t, write(t, "race.star", race), "")
	if sente.CapabilitiesOf(g).Scorer == nil || !sente.Scored(g) {
		t.Fatal("a file with score(p) and max_score() is not a Scorer")
	}
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
		{`(4, "second")`, sente.Margin{Score: -1}},
		{`(5, "first")`, sente.Margin{Score: -2}},
		{`(3, "first")`, sente.Margin{Score: 2, Remoteness: 1}},
		{`(2, "first")`, sente.Margin{Score: 1, Remoteness: 1}},
		{`(1, "second")`, sente.Margin{Score: -1, Remoteness: 2}},
		{`(0, "first")`, sente.Margin{Score: 1, Remoteness: 3}},
	} {
		p, err := g.ParsePosition(tc.position)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := hs.Margin(p); !ok || got != tc.want {
			t.Errorf("%s is %v (found %v) on the hashing engine; want %v", tc.position, got, ok, tc.want)
		}
		if got, ok := ref[p]; !ok || got != tc.want {
			t.Errorf("%s is %v (found %v) on the reference solver; want %v", tc.position, got, ok, tc.want)
		}
	}
}

// TestScoreMistakes: a score that breaks the file's own promises fails
// the solve with a one-line message naming score(p) or max_score().
func TestScoreMistakes(t *testing.T) {
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"sign", "return 3 - p[0]", "return p[0] - 3", `but the position has ended with "lose" for the player to move`},
		{"bound", "return 2\n", "return 1\n", "want a whole number from -1 to 1 (max_score())"},
		{"kind", "return 3 - p[0]", "return \"lots\"", "want a whole number from -2 to 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(race, tc.from, tc.to, 1)
			g := mustOpen(t, write(t, "race.star", src), "")
			_, err := hashing.Solve(t.Context(), g, hashing.Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("got %v; want one line with %q", err, tc.want)
			}
			wantFuncError(t, err)
		})
	}
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"alone", "def max_score():\n    return 2\n", "", "score(p) and max_score() go together"},
		{"negative", "return 2\n", "return -1\n", "max_score(): returned -1; want a whole number from 0 to 32767"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := write(t, "race.star", strings.Replace(race, tc.from, tc.to, 1))
			_, err := open(t, path, "", rules.Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v; want %q", err, tc.want)
			}
		})
	}
}

// TestScoreLoops: a scored game whose positions can repeat is solved for
// its values, and its margins are refused in one line on both solvers:
// endless play has no margin.
func TestScoreLoops(t *testing.T) {
	src := strings.Replace(race, "return [(n + 1, nxt), (n + 2, nxt)]", "return [(n + 1, nxt), (n + 2, nxt), (max(n - 1, 0), nxt)]", 1)
	g := mustOpen(t, write(t, "race.star", src), "")
	hs, err := hashing.Solve(t.Context(), g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := hs.Margin(g.Start()); ok || !errors.Is(hs.MarginErr(), hashing.ErrRepeats) {
		t.Errorf("the hashing engine gives the start a margin (%v), or says %v; want %v", ok, hs.MarginErr(), hashing.ErrRepeats)
	}
	if _, err := reference.Margins(g, nil, nil); err == nil || !strings.Contains(err.Error(), "never repeat") {
		t.Errorf("the reference solver says %v; want a refusal", err)
	}
}
