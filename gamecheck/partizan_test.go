package gamecheck_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
)

// ladder is a tiny partizan game: a position is n steps and whose turn it
// is; Left may take one step down, Right has no move, so the value of n
// steps is the integer n. Under the breach "options", LeftOptions hides
// Left's move that Moves offers: the values then say every position is 0,
// which the turn-based solve contradicts.
type ladder struct{ breach string }

type ladderPos struct {
	n          int
	leftToMove bool
}

func (g *ladder) Start() sente.Position { return ladderPos{3, true} }

func (g *ladder) Moves(p sente.Position) []sente.Move {
	q := p.(ladderPos)
	if !q.leftToMove || q.n == 0 {
		return nil
	}
	return []sente.Move{{Name: "down", To: ladderPos{q.n - 1, false}}}
}

func (g *ladder) Ended(sente.Position) (sente.Value, bool) { return sente.Unknown, false }

func (g *ladder) Turn(p sente.Position) sente.Player {
	if p.(ladderPos).leftToMove {
		return sente.First
	}
	return sente.Second
}

func (g *ladder) Alternates() bool { return true }

func (g *ladder) FormatPosition(p sente.Position) string {
	q := p.(ladderPos)
	side := "left"
	if !q.leftToMove {
		side = "right"
	}
	return strconv.Itoa(q.n) + " " + side
}

func (g *ladder) ParsePosition(s string) (sente.Position, error) {
	var n int
	var side string
	if _, err := fmt.Sscanf(s, "%d %s", &n, &side); err != nil || n < 0 || side != "left" && side != "right" {
		return nil, fmt.Errorf("ladder position %q: want N left or N right", s)
	}
	return ladderPos{n, side == "left"}, nil
}

func (g *ladder) Left() sente.Player { return sente.First }

func (g *ladder) LeftOptions(p sente.Position) []sente.Position {
	q := p.(ladderPos)
	if q.n == 0 || g.breach == "options" {
		return nil
	}
	return []sente.Position{ladderPos{q.n - 1, false}}
}

func (g *ladder) RightOptions(sente.Position) []sente.Position { return nil }

// TestPartizanCheck: the check passes a partizan game whose options are
// its moves, and catches one whose values contradict its play.
func TestPartizanCheck(t *testing.T) {
	rep, err := gamecheck.Check(context.Background(), &ladder{}, gamecheck.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.PartizanChecked != rep.Positions || !strings.Contains(strings.Join(rep.Checks, "\n"), "partizan: the outcome class") {
		t.Errorf("%d of %d positions checked; checks %q", rep.PartizanChecked, rep.Positions, rep.Checks)
	}
	_, err = gamecheck.Check(context.Background(), &ladder{breach: "options"}, gamecheck.Options{})
	if err == nil || !strings.Contains(err.Error(), "partizan") || !strings.Contains(err.Error(), "outcome class P") {
		t.Errorf("a game whose values contradict its play: %v", err)
	}
}

// splitLadder is a ladder that splits into parts: itself, once or, under
// the breach, twice, so that its parts add up to more than it is worth.
type splitLadder struct {
	ladder
	twice bool
}

func (g *splitLadder) Parts(p sente.Position) []sente.Position {
	if g.twice {
		return []sente.Position{p, p}
	}
	return []sente.Position{p}
}

func (g *splitLadder) Shape(p sente.Position) (string, bool) {
	return strconv.Itoa(p.(ladderPos).n), false
}

// TestPartizanParts: the check adds up the values of a position's parts
// and holds them to the value of the position taken whole.
func TestPartizanParts(t *testing.T) {
	for _, tc := range []struct {
		twice bool
		want  string // the error; "" for none
	}{
		{false, ""},
		{true, `partizan, at "3 left": its parts' values add up to 14, but its options, valued whole, give it the value 3: the parts are not independent, or not all of the position (Parts; components(p) in a rules file)`},
	} {
		rep, err := gamecheck.Check(context.Background(), &splitLadder{twice: tc.twice}, gamecheck.Options{})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("twice=%v: %v", tc.twice, err)
		case tc.want == "" && !strings.Contains(strings.Join(rep.Checks, "\n"), "the values of the parts add up to the value of the position taken whole, on 2 positions"):
			t.Errorf("twice=%v: checks %q", tc.twice, rep.Checks)
		case tc.want != "" && (err == nil || !strings.HasSuffix(err.Error(), tc.want)):
			t.Errorf("twice=%v:\n got %v\nwant ...%s", tc.twice, err, tc.want)
		}
	}
}

// TestPartizanRulesets runs the check on every position of the built-in
// partizan rulesets at the sizes below, with Left first and with Right
// first: the outcome class of each position's canonical form agrees with
// the hashing engine's solve, Left first and Right first. Domineering:
// every board up to 4×4 (and two with holes); Clobber: 1×6, 2×3, 3×2 and
// 2×4; Toads and Frogs: strips of 8 cells; Cutcake: 4×4, 3×5 and two
// cakes; Hackenbush: strings and trees up to 9 edges. -short leaves out
// the largest.
func TestPartizanRulesets(t *testing.T) {
	specs := []string{
		"domineering:board=#../.../..#", "domineering:board=..#./..../.#..",
		"clobber:w=6,h=1", "clobber:w=3,h=2", "clobber:w=2,h=3",
		"toads:strip=TTT..FFF", "toads:strip=TT.T.F.F", "toads:strip=T.T.F.F.",
		"cutcake:cakes=3x3", "cutcake:cakes=2x5/3x3",
		"hackenbush:forest=LRLRL,RRL", "hackenbush:forest=L(R,LL),R(L,R)", "hackenbush:forest=LR(L(R,R),RL)",
		"hackenbush:graph=0-1L,1-2R,2-0L,2-3R,3-3L", "hackenbush:graph=0-1R,1-2L,2-3R,3-1L,1-4L,4-0R,0-0L",
	}
	for w := 1; w <= 4; w++ {
		for h := 1; h <= 4; h++ {
			if w*h <= 12 || !testing.Short() {
				specs = append(specs, fmt.Sprintf("domineering:w=%d,h=%d", w, h))
			}
		}
	}
	if !testing.Short() {
		specs = append(specs, "clobber:w=4,h=2", "cutcake:cakes=4x4", "cutcake:cakes=3x5", "toads:strip=TTTT.FFF")
	}
	total := 0
	for _, spec := range specs {
		for _, first := range []string{"left", "right"} {
			full := spec + ",first=" + first
			g, opt := open(t, full)
			opt.Positions, opt.Partizan = 1<<20, -1
			rep, err := gamecheck.Check(context.Background(), g, opt)
			if err != nil {
				t.Fatalf("%s: %v", full, err)
			}
			if rep.Positions >= opt.Positions || rep.PartizanChecked != rep.Positions {
				t.Errorf("%s: %d positions checked of %d visited (notes %q)", full, rep.PartizanChecked, rep.Positions, rep.Notes)
			}
			total += rep.PartizanChecked
		}
	}
	t.Logf("%d positions", total)
}
