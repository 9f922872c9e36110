// Package reference is a plain definition of short partizan games, for
// checking package cgt on small games: a game is a tree of Left's and
// Right's options, compared by the recursive definition (Conway, On
// Numbers and Games, ch. 1) and simplified by the textbook rules one game
// at a time. It shares no code with cgt: no table of canonical forms, no
// shortcuts through numbers or stops, no special forms. It is slow, and
// meant to be: every step is the definition.
package reference

import (
	"sort"
	"strings"
)

// Game is {L | R}. Games are compared by value (Leq), never by pointer,
// except that a pointer is its own memo key.
type Game struct {
	L, R []*Game
}

// New is {l | r}.
func New(l, r []*Game) *Game { return &Game{L: l, R: r} }

// Zero is {|}.
func Zero() *Game { return &Game{} }

// Integer is n: {n-1 |} for n > 0, {| n+1} for n < 0.
func Integer(n int) *Game {
	g := Zero()
	for i := 0; i < n; i++ {
		g = &Game{L: []*Game{g}}
	}
	for i := 0; i > n; i-- {
		g = &Game{R: []*Game{g}}
	}
	return g
}

// Dyadic is num/2^exp by the definition: m/2^k = {(m-1)/2^k | (m+1)/2^k}
// for odd m.
func Dyadic(num, exp int) *Game {
	for exp > 0 && num%2 == 0 {
		num /= 2
		exp--
	}
	if exp == 0 {
		return Integer(num)
	}
	return &Game{L: []*Game{Dyadic(num-1, exp)}, R: []*Game{Dyadic(num+1, exp)}}
}

// Nimber is *n = {*0, …, *(n-1) | *0, …, *(n-1)}.
func Nimber(n int) *Game {
	opts := make([]*Game, n)
	for i := range opts {
		opts[i] = Nimber(i)
	}
	return &Game{L: opts, R: opts}
}

// Up is ↑ = {0 | *}.
func Up() *Game { return &Game{L: []*Game{Zero()}, R: []*Game{Nimber(1)}} }

// Neg is -g: {-R | -L}.
func Neg(g *Game) *Game {
	n := &Game{}
	for _, r := range g.R {
		n.L = append(n.L, Neg(r))
	}
	for _, l := range g.L {
		n.R = append(n.R, Neg(l))
	}
	return n
}

// Sum is g + h by the definition: {g^L + h, g + h^L | g^R + h, g + h^R}.
func Sum(g, h *Game) *Game {
	memo := map[[2]*Game]*Game{}
	var sum func(g, h *Game) *Game
	sum = func(g, h *Game) *Game {
		k := [2]*Game{g, h}
		if s, ok := memo[k]; ok {
			return s
		}
		s := &Game{}
		for _, gl := range g.L {
			s.L = append(s.L, sum(gl, h))
		}
		for _, hl := range h.L {
			s.L = append(s.L, sum(g, hl))
		}
		for _, gr := range g.R {
			s.R = append(s.R, sum(gr, h))
		}
		for _, hr := range h.R {
			s.R = append(s.R, sum(g, hr))
		}
		memo[k] = s
		return s
	}
	return sum(g, h)
}

// Checker compares games by the definition, remembering each pair it has
// compared. It is not safe for concurrent use.
type Checker struct {
	leq   map[[2]*Game]bool
	canon map[*Game]*Game
}

// NewChecker returns an empty Checker.
func NewChecker() *Checker {
	return &Checker{leq: map[[2]*Game]bool{}, canon: map[*Game]*Game{}}
}

// Leq is g ≤ h: no g^L ≥ h and no h^R ≤ g.
func (c *Checker) Leq(g, h *Game) bool {
	k := [2]*Game{g, h}
	if v, ok := c.leq[k]; ok {
		return v
	}
	v := true
	for _, gl := range g.L {
		if c.Leq(h, gl) {
			v = false
			break
		}
	}
	if v {
		for _, hr := range h.R {
			if c.Leq(hr, g) {
				v = false
				break
			}
		}
	}
	c.leq[k] = v
	return v
}

// Eq is g = h: g ≤ h and h ≤ g.
func (c *Checker) Eq(g, h *Game) bool { return c.Leq(g, h) && c.Leq(h, g) }

// Outcome is "L" (g > 0), "R" (g < 0), "P" (g = 0) or "N" (confused).
func (c *Checker) Outcome(g *Game) string {
	z := Zero()
	ge, le := c.Leq(z, g), c.Leq(g, z)
	switch {
	case ge && le:
		return "P"
	case ge:
		return "L"
	case le:
		return "R"
	}
	return "N"
}

// LeftWinsFirst reports whether Left, moving first, wins g: some g^L
// that Left wins moving second, by the rules of play rather than by ≤.
func LeftWinsFirst(g *Game) bool {
	for _, gl := range g.L {
		if !RightWinsFirst(gl) {
			return true
		}
	}
	return false
}

// RightWinsFirst reports whether Right, moving first, wins g.
func RightWinsFirst(g *Game) bool {
	for _, gr := range g.R {
		if !LeftWinsFirst(gr) {
			return true
		}
	}
	return false
}

// Canonical is g's canonical form: its options made canonical, then
// dominated options removed and reversible ones bypassed, until none is
// left.
func (c *Checker) Canonical(g *Game) *Game {
	if k, ok := c.canon[g]; ok {
		return k
	}
	var l, r []*Game
	for _, gl := range g.L {
		l = append(l, c.Canonical(gl))
	}
	for _, gr := range g.R {
		r = append(r, c.Canonical(gr))
	}
	for {
		l = c.keepBest(l, true)
		r = c.keepBest(r, false)
		cur := &Game{L: l, R: r}
		changed := false
		for i, a := range l {
			for _, ar := range a.R {
				if c.Leq(ar, cur) {
					l = append(append(append([]*Game(nil), l[:i]...), l[i+1:]...), ar.L...)
					changed = true
					break
				}
			}
			if changed {
				break
			}
		}
		if changed {
			continue
		}
		for i, b := range r {
			for _, bl := range b.L {
				if c.Leq(cur, bl) {
					r = append(append(append([]*Game(nil), r[:i]...), r[i+1:]...), bl.R...)
					changed = true
					break
				}
			}
			if changed {
				break
			}
		}
		if !changed {
			break
		}
	}
	k := &Game{L: l, R: r}
	c.canon[g] = k
	c.canon[k] = k
	return k
}

// keepBest drops options beaten by another (for Left: below another; for
// Right: above), and all but the first of options equal to each other.
func (c *Checker) keepBest(opts []*Game, forLeft bool) []*Game {
	var out []*Game
	for i, a := range opts {
		beaten := false
		for j, b := range opts {
			if i == j {
				continue
			}
			var aBelow, bBelow bool
			if forLeft {
				aBelow, bBelow = c.Leq(a, b), c.Leq(b, a)
			} else {
				aBelow, bBelow = c.Leq(b, a), c.Leq(a, b)
			}
			if aBelow && (!bBelow || j < i) {
				beaten = true
				break
			}
		}
		if !beaten {
			out = append(out, a)
		}
	}
	return out
}

// Same reports whether two canonical forms are the same tree: equal sets
// of options, recursively (equal canonical forms are identical, so this is
// equality for them).
func (c *Checker) Same(g, h *Game) bool {
	return len(g.L) == len(h.L) && len(g.R) == len(h.R) && c.sameSet(g.L, h.L) && c.sameSet(g.R, h.R)
}

func (c *Checker) sameSet(a, b []*Game) bool {
	used := make([]bool, len(b))
	for _, x := range a {
		found := false
		for j, y := range b {
			if !used[j] && c.Same(x, y) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// String writes g with every brace, {L1,L2|R1}, options in the order of
// their text: a form for messages, not CGSuite's.
func String(g *Game) string {
	ls := make([]string, len(g.L))
	for i, l := range g.L {
		ls[i] = String(l)
	}
	rs := make([]string, len(g.R))
	for i, r := range g.R {
		rs[i] = String(r)
	}
	sort.Strings(ls)
	sort.Strings(rs)
	return "{" + strings.Join(ls, ",") + "|" + strings.Join(rs, ",") + "}"
}

// Birthday is the height of g's tree.
func Birthday(g *Game) int {
	b := 0
	for _, o := range append(append([]*Game(nil), g.L...), g.R...) {
		b = max(b, Birthday(o)+1)
	}
	return b
}

// Build makes the game tree of a position of any game given by its
// options, sharing the tree of positions with the same key.
func Build[P any](root P, left, right func(P) []P, key func(P) string) *Game {
	memo := map[string]*Game{}
	var build func(p P) *Game
	build = func(p P) *Game {
		k := key(p)
		if g, ok := memo[k]; ok {
			return g
		}
		g := &Game{}
		for _, q := range left(p) {
			g.L = append(g.L, build(q))
		}
		for _, q := range right(p) {
			g.R = append(g.R, build(q))
		}
		memo[k] = g
		return g
	}
	return build(root)
}
