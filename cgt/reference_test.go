package cgt_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/cgt/reference"
)

// toRef is g's canonical form as a reference tree, read through cgt's
// options alone.
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

// fromRef builds a reference tree in cgt, option by option, so that every
// step is cgt.New on canonical options.
func fromRef(r *reference.Game, memo map[*reference.Game]cgt.Game) cgt.Game {
	if g, ok := memo[r]; ok {
		return g
	}
	var l, rr []cgt.Game
	for _, x := range r.L {
		l = append(l, fromRef(x, memo))
	}
	for _, x := range r.R {
		rr = append(rr, fromRef(x, memo))
	}
	g := cgt.New(l, rr)
	memo[r] = g
	return g
}

// bornBy are the reference trees of every game born by day n, before any
// simplification: {L | R} for every L and R among the canonical forms born
// by day n-1, kept once each by value.
func refBornBy(c *reference.Checker, n int) []*reference.Game {
	day := []*reference.Game{reference.Zero()}
	for d := 1; d <= n; d++ {
		var next []*reference.Game
		subsets := func() [][]*reference.Game {
			var out [][]*reference.Game
			for mask := 0; mask < 1<<len(day); mask++ {
				var s []*reference.Game
				for i, g := range day {
					if mask&(1<<i) != 0 {
						s = append(s, g)
					}
				}
				out = append(out, s)
			}
			return out
		}()
		for _, l := range subsets {
			for _, r := range subsets {
				g := c.Canonical(reference.New(l, r))
				if !slices.ContainsFunc(next, func(h *reference.Game) bool { return c.Eq(g, h) }) {
					next = append(next, g)
				}
			}
		}
		day = next
	}
	return day
}

// TestDay2AgainstReference: the reference, by the definition alone, finds
// 22 games born by day 2, and cgt's canonical form of each is the
// reference's tree, equal and with the same options.
func TestDay2AgainstReference(t *testing.T) {
	c := reference.NewChecker()
	day2 := refBornBy(c, 2)
	if len(day2) != 22 {
		t.Fatalf("the reference finds %d games born by day 2; want 22", len(day2))
	}
	seen := map[cgt.Game]bool{}
	for _, r := range day2 {
		g := fromRef(r, map[*reference.Game]cgt.Game{})
		if seen[g] {
			t.Errorf("%s: two reference games are one cgt game %s", reference.String(r), g)
		}
		seen[g] = true
		if back := toRef(g, map[cgt.Game]*reference.Game{}); !c.Same(back, r) {
			t.Errorf("cgt's %s is %s; the reference's canonical form is %s", g, reference.String(back), reference.String(r))
		}
	}
}

// randomRef is a random game tree of the given depth, with options drawn
// from small games so that sums and comparisons stay quick.
func randomRef(rng *rand.Rand, depth int) *reference.Game {
	if depth == 0 || rng.IntN(4) == 0 {
		switch rng.IntN(5) {
		case 0:
			return reference.Zero()
		case 1:
			return reference.Integer(rng.IntN(5) - 2)
		case 2:
			return reference.Dyadic(rng.IntN(9)-4, rng.IntN(3))
		case 3:
			return reference.Nimber(rng.IntN(3))
		}
		return reference.Up()
	}
	g := &reference.Game{}
	for range rng.IntN(3) {
		g.L = append(g.L, randomRef(rng, depth-1))
	}
	for range rng.IntN(3) {
		g.R = append(g.R, randomRef(rng, depth-1))
	}
	return g
}

// TestRandomAgainstReference builds random game trees in cgt and holds the
// canonical form, the outcome, comparisons, sums and negatives to the
// reference's, which uses the definitions alone.
func TestRandomAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 1))
	n := 300
	if testing.Short() {
		n = 80
	}
	c := reference.NewChecker()
	var refs []*reference.Game
	var games []cgt.Game
	for range n {
		r := randomRef(rng, 3)
		g := fromRef(r, map[*reference.Game]cgt.Game{})
		canon := c.Canonical(r)
		if back := toRef(g, map[cgt.Game]*reference.Game{}); !c.Same(back, canon) {
			t.Fatalf("%s: cgt's canonical form %s is %s; the reference's is %s", reference.String(r), g, reference.String(back), reference.String(canon))
		}
		if got, want := g.Outcome().String(), c.Outcome(r); got != want {
			t.Errorf("%s = %s: outcome %s; the reference says %s", reference.String(r), g, got, want)
		}
		if lw, rw := reference.LeftWinsFirst(r), reference.RightWinsFirst(r); g.Outcome().LeftFirstWins() != lw || g.Outcome().RightFirstWins() != rw {
			t.Errorf("%s = %s: outcome %s; play says Left first wins %v, Right first wins %v", reference.String(r), g, g.Outcome(), lw, rw)
		}
		if b := reference.Birthday(canon); g.Birthday() != b {
			t.Errorf("%s: birthday %d; the reference's canonical form's is %d", g, g.Birthday(), b)
		}
		if neg := toRef(g.Neg(), map[cgt.Game]*reference.Game{}); !c.Eq(neg, reference.Neg(r)) {
			t.Errorf("-(%s) = %s is not the reference's negative", g, g.Neg())
		}
		refs = append(refs, r)
		games = append(games, g)
	}
	for i := 0; i+1 < len(refs); i += 2 {
		a, b := refs[i], refs[i+1]
		ga, gb := games[i], games[i+1]
		if got, want := ga.Leq(gb), c.Leq(a, b); got != want {
			t.Errorf("%s ≤ %s: cgt says %v, the reference %v", ga, gb, got, want)
		}
		sum := ga.Add(gb)
		refSum := reference.Sum(a, b)
		if back := toRef(sum, map[cgt.Game]*reference.Game{}); !c.Eq(back, refSum) {
			t.Errorf("%s + %s = %s, which is not the reference's sum", ga, gb, sum)
		}
	}
}
