package cgt_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/cgt/reference"
)

// TestSumOutcome holds the class SumOutcome decides for sums of two to
// four random games (numbers, ups and nimbers among them, and sums of
// those alone) to the class of the canonical sum and to who wins the sum
// played out move by move from the definition of the disjunctive sum, a
// move in exactly one part, Left first and Right first.
func TestSumOutcome(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 2))
	n := 400
	if testing.Short() {
		n = 100
	}
	for i := range n {
		k := 2 + rng.IntN(3)
		var games []cgt.Game
		for range k {
			if i%3 == 0 || rng.IntN(2) == 0 {
				// every third sum is of number-up-stars alone
				games = append(games, cgt.NumberUpStar(cgt.NewDyadic(int64(rng.IntN(9)-4), rng.IntN(3)), int32(rng.IntN(5)-2), uint32(rng.IntN(3))))
			} else {
				games = append(games, fromRef(randomRef(rng, 2), map[*reference.Game]cgt.Game{}))
			}
		}
		got := cgt.SumOutcome(games...)
		if want := cgt.Sum(games...).Outcome(); got != want {
			t.Errorf("%v: SumOutcome says %s; the canonical sum %s is %s", games, got, cgt.Sum(games...), want)
			continue
		}
		p := sumPlay{}
		if lw, rw := p.wins(games, true), p.wins(games, false); got.LeftFirstWins() != lw || got.RightFirstWins() != rw {
			t.Errorf("%v: SumOutcome says %s; play of the sum says Left first wins %v, Right first %v", games, got, lw, rw)
		}
	}
}

// sumPlay plays a disjunctive sum by its definition: the player to move
// picks a part and one of her options in it; who cannot move loses.
type sumPlay map[string]bool

func (p sumPlay) wins(parts []cgt.Game, left bool) bool {
	key := fmt.Sprint(left, parts)
	if w, ok := p[key]; ok {
		return w
	}
	w := false
	for i, g := range parts {
		opts := g.Right()
		if left {
			opts = g.Left()
		}
		for _, o := range opts {
			next := slices.Clone(parts)
			next[i] = o
			if !p.wins(next, !left) {
				w = true
				break
			}
		}
		if w {
			break
		}
	}
	p[key] = w
	return w
}

func TestSumOutcomeWorked(t *testing.T) {
	for _, tc := range []struct {
		parts []string
		want  cgt.Outcome
	}{
		{[]string{"1/2", "^"}, cgt.L},         // the example: Left wins whoever starts
		{[]string{"^", "*"}, cgt.N},           // ↑* is confused with 0
		{[]string{"^", "^", "*"}, cgt.L},      // ⇑* > 0
		{[]string{"*", "*"}, cgt.P},           // * + * = 0
		{[]string{"+-1", "+-1"}, cgt.P},       // ±1 ± 1 = 0
		{[]string{"+-1", "1/2"}, cgt.N},       // ±1 + 1/2: whoever starts wins
		{[]string{"{2|-1/2}", "-3/4"}, cgt.N}, // the 2×3 board and its mean: hot, confused with 0
		{[]string{"{2|-1/2}", "-3"}, cgt.R},   // {-1|-7/2}: Right's three spare moves outweigh it
		{[]string{"{1|-1}", "{2|-2}", "*"}, cgt.N},
		{[]string{}, cgt.P},
	} {
		var gs []cgt.Game
		for _, s := range tc.parts {
			gs = append(gs, parse(t, s))
		}
		if got := cgt.SumOutcome(gs...); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.parts, got, tc.want)
		}
	}
}
