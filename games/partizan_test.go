package games_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/cgt/reference"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/hashing"
)

// partizanGame opens spec, which must be a partizan game.
func partizanGame(t testing.TB, spec string) (sente.Game, sente.Partizan) {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	pz := sente.CapabilitiesOf(g).Partizan
	if pz == nil {
		t.Fatalf("%s is not partizan", spec)
	}
	return g, pz
}

// valueOf is the value of the position text of spec's game (its start when
// text is empty).
func valueOf(t testing.TB, spec, text string) cgt.Game {
	t.Helper()
	g, _ := partizanGame(t, spec)
	p := g.Start()
	if text != "" {
		var err error
		if p, err = g.ParsePosition(text); err != nil {
			t.Fatal(err)
		}
	}
	v, err := cgt.ValueOf(context.Background(), g, p)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// boardText is a position's text without the side to move: the value
// does not depend on it.
func boardText(g sente.Game, p sente.Position) string {
	s := g.FormatPosition(p)
	s = strings.TrimSuffix(s, " left")
	return strings.TrimSuffix(s, " right")
}

// checkAgainstSolve values every position the turn-based game reaches from
// its start, with Left first and with Right first, and holds the outcome
// class of each value to the hashing engine's strong solve: the player to
// move wins exactly when the class is N or theirs. It also holds the
// values of the positions of the first game to the plain reference: the
// game tree built from Left's and Right's options, simplified by the
// definition alone. It returns how many positions it checked.
func checkAgainstSolve(t *testing.T, spec string, refLimit int) int {
	t.Helper()
	checked := 0
	for _, first := range []string{"left", "right"} {
		full := spec + sep(spec) + "first=" + first
		g, pz := partizanGame(t, full)
		sol, err := hashing.Solve(context.Background(), g, hashing.Options{})
		if err != nil {
			t.Fatal(err)
		}
		v, err := cgt.NewValuer(g, cgt.ValuerOptions{})
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		var ref *reference.Checker
		if first == "left" && sol.Positions() <= refLimit {
			ref = reference.NewChecker()
		}
		sol.Each(func(p sente.Position, o sente.Outcome) bool {
			val, err := v.Value(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			class := val.Outcome()
			leftToMove := g.Turn(p) == pz.Left()
			wins := class.RightFirstWins()
			if leftToMove {
				wins = class.LeftFirstWins()
			}
			if (o.Value == sente.Win) != wins || o.Value != sente.Win && o.Value != sente.Lose {
				t.Errorf("%s: %s is %s (%s), but the solve says %v for %s to move", full, g.FormatPosition(p), val, class, o, map[bool]string{true: "Left", false: "Right"}[leftToMove])
				bad++
			}
			if ref != nil {
				tree := reference.Build(p, pz.LeftOptions, pz.RightOptions, func(q sente.Position) string { return boardText(g, q) })
				if want := ref.Canonical(tree); !ref.Same(toRef(val, map[cgt.Game]*reference.Game{}), want) {
					t.Errorf("%s: %s is %s; the reference's canonical form is %s", full, g.FormatPosition(p), val, reference.String(want))
					bad++
				}
			}
			checked++
			return bad < 5
		})
	}
	return checked
}

func sep(spec string) string {
	if strings.Contains(spec, ":") {
		return ","
	}
	return ":"
}

// toRef is a canonical form as a reference tree, through cgt's options.
func toRef(g cgt.Game, memo map[cgt.Game]*reference.Game) *reference.Game {
	if r, ok := memo[g]; ok {
		return r
	}
	r := &reference.Game{}
	for _, l := range g.Left() {
		r.L = append(r.L, toRef(l, memo))
	}
	for _, o := range g.Right() {
		r.R = append(r.R, toRef(o, memo))
	}
	memo[g] = r
	return r
}

// checkMovesAreOptions: the turn-based moves of every position the walk
// meets are the side to move's options.
func checkMovesAreOptions(t *testing.T, spec string, limit int) {
	t.Helper()
	g, pz := partizanGame(t, spec)
	seen := map[string]bool{}
	queue := []sente.Position{g.Start()}
	for len(queue) > 0 && len(seen) < limit {
		p := queue[0]
		queue = queue[1:]
		text := g.FormatPosition(p)
		if seen[text] {
			continue
		}
		seen[text] = true
		opts := pz.RightOptions(p)
		if g.Turn(p) == pz.Left() {
			opts = pz.LeftOptions(p)
		}
		moves := g.Moves(p)
		if len(moves) != len(opts) {
			t.Fatalf("%s: %s has %d moves and %d options for the side to move", spec, text, len(moves), len(opts))
		}
		want := map[string]bool{}
		for _, o := range opts {
			want[g.FormatPosition(o)] = true
		}
		for _, m := range moves {
			if !want[g.FormatPosition(m.To)] {
				t.Fatalf("%s: %s: the move %s leads to %s, not an option", spec, text, m.Name, g.FormatPosition(m.To))
			}
			queue = append(queue, m.To)
		}
		// The other side's options lead to positions it is the first
		// side's turn in again.
		other := pz.LeftOptions(p)
		if g.Turn(p) == pz.Left() {
			other = pz.RightOptions(p)
		}
		for _, o := range other {
			if g.Turn(o) != g.Turn(p) {
				t.Fatalf("%s: %s: an option of the side not to move leads to %s, with the other side to move", spec, text, g.FormatPosition(o))
			}
		}
	}
}

// checkEveryPosition solves each position of texts (a board, without the
// side to move) from itself, Left to move and Right to move, and holds the
// outcome class of its value to the solve. It returns the positions
// checked.
func checkEveryPosition(t *testing.T, spec string, texts []string) int {
	t.Helper()
	g, pz := partizanGame(t, spec)
	v, err := cgt.NewValuer(g, cgt.ValuerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, text := range texts {
		for _, side := range []string{"left", "right"} {
			p, err := g.ParsePosition(text + " " + side)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := hashing.Solve(context.Background(), g, hashing.Options{From: p})
			if err != nil {
				t.Fatal(err)
			}
			o, _ := sol.Outcome(p)
			val, err := v.Value(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			wins := val.Outcome().RightFirstWins()
			if g.Turn(p) == pz.Left() {
				wins = val.Outcome().LeftFirstWins()
			}
			if (o.Value == sente.Win) != wins {
				t.Errorf("%s: %s is %s (%s), but the solve says %v", spec, g.FormatPosition(p), val, val.Outcome(), o)
				if bad++; bad > 5 {
					t.FailNow()
				}
			}
		}
	}
	return 2 * len(texts)
}

// patterns are every string of n cells drawn from the letters of cells,
// cut into rows of w with "/" between them.
func patterns(cells string, n, w int) []string {
	out := []string{""}
	for i := range n {
		var next []string
		for _, s := range out {
			for _, c := range cells {
				sep := ""
				if i > 0 && i%w == 0 {
					sep = "/"
				}
				next = append(next, s+sep+string(c))
			}
		}
		out = next
	}
	return out
}

// checkedValue is the value of spec's start, held to the plain reference:
// the canonical form of the tree of Left's and Right's options, simplified
// by the definition alone.
func checkedValue(t testing.TB, spec string) cgt.Game {
	t.Helper()
	g, pz := partizanGame(t, spec)
	val := valueOf(t, spec, "")
	ref := reference.NewChecker()
	tree := reference.Build(g.Start(), pz.LeftOptions, pz.RightOptions, func(q sente.Position) string { return boardText(g, q) })
	if want := ref.Canonical(tree); !ref.Same(toRef(val, map[cgt.Game]*reference.Game{}), want) {
		t.Errorf("%s: %s; the reference's canonical form is %s", spec, val, reference.String(want))
	}
	return val
}

// TestPartizanBoardsNamePlayers: a partizan game's board names its players
// Left and Right, the one who starts first, so that a page says "you play
// Left" rather than naming them by marks (X and O) the board does not show.
func TestPartizanBoardsNamePlayers(t *testing.T) {
	for _, tt := range []struct {
		spec  string
		first string
	}{
		{"domineering:w=3,h=2", "Left"},
		{"domineering:w=3,h=2,first=right", "Right"},
		{"clobber", "Left"},
		{"toads:first=right", "Right"},
		{"cutcake", "Left"},
		{"hackenbush", "Left"},
	} {
		g, err := games.New(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		b, ok := g.(sente.Boarder)
		if !ok {
			t.Fatalf("%s has no board", tt.spec)
		}
		players := b.Board(g.Start()).Players
		other := map[string]string{"Left": "Right", "Right": "Left"}[tt.first]
		if len(players) != 2 || players[0] != tt.first || players[1] != other {
			t.Errorf("%s: the board's players are %q; want [%s %s]", tt.spec, players, tt.first, other)
		}
	}
}
