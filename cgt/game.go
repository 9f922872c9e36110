package cgt

import (
	"fmt"
	"slices"
)

// New is the canonical form of {left | right}: the game in which Left may
// move to any of left and Right to any of right.
func New(left, right []Game) Game {
	mu.Lock()
	defer mu.Unlock()
	return tab.canonical(left, right)
}

// Number is the dyadic rational x as a game.
func Number(x Dyadic) Game {
	mu.Lock()
	defer mu.Unlock()
	return tab.number(x)
}

// Integer is the integer n as a game: n free moves for Left (for Right when
// n is negative).
func Integer(n int64) Game { return Number(Int(n)) }

// Nimber is *n: the nim-heap of size n.
func Nimber(n uint32) Game { return NumberUpStar(Dyadic{}, 0, n) }

// NumberUpStar is x + ups·↑ + *nim: a number, a multiple of up (down when
// ups < 0) and a nimber, the games CGSuite writes in short ("1/2^*",
// "v3*2").
func NumberUpStar(x Dyadic, ups int32, nim uint32) Game {
	mu.Lock()
	defer mu.Unlock()
	return tab.nus(x, ups, nim)
}

// Some games the books name.
var (
	Star = Nimber(1)                    // * = {0|0}
	Up   = NumberUpStar(Dyadic{}, 1, 0) // ↑ = {0|*}
	Down = NumberUpStar(Dyadic{}, -1, 0)
	One  = Integer(1)
)

// Switch is ±g = {g | -g}.
func Switch(g Game) Game {
	mu.Lock()
	defer mu.Unlock()
	return tab.canonical([]Game{g}, []Game{tab.neg(g)})
}

// Left and Right are g's options in canonical form, in the table's order.
func (g Game) Left() []Game {
	mu.Lock()
	defer mu.Unlock()
	return slices.Clone(tab.left(g))
}

func (g Game) Right() []Game {
	mu.Lock()
	defer mu.Unlock()
	return slices.Clone(tab.right(g))
}

// Add is the sum g + h.
func (g Game) Add(h Game) Game {
	mu.Lock()
	defer mu.Unlock()
	return tab.add(g, h)
}

// Sum is the sum of gs (0 for none).
func Sum(gs ...Game) Game {
	mu.Lock()
	defer mu.Unlock()
	s := Zero
	for _, g := range gs {
		s = tab.add(s, g)
	}
	return s
}

// Neg is -g, in which Left and Right have exchanged their roles.
func (g Game) Neg() Game {
	mu.Lock()
	defer mu.Unlock()
	return tab.neg(g)
}

// Sub is g - h.
func (g Game) Sub(h Game) Game {
	mu.Lock()
	defer mu.Unlock()
	return tab.add(g, tab.neg(h))
}

// Leq reports g ≤ h: Left wins h − g whenever Right starts, so that h is
// at least as good for Left as g in every sum.
func (g Game) Leq(h Game) bool {
	mu.Lock()
	defer mu.Unlock()
	return tab.leq(g, h)
}

// Compare says how g compares with h.
func (g Game) Compare(h Game) Relation {
	mu.Lock()
	defer mu.Unlock()
	return tab.compare(g, h)
}

func (t *table) compare(g, h Game) Relation {
	le, ge := t.leq(g, h), t.leq(h, g)
	switch {
	case le && ge:
		return Equal
	case le:
		return Less
	case ge:
		return Greater
	}
	return Confused
}

// Outcome is g's outcome class: L when g > 0, R when g < 0, P when g = 0
// and N when g is confused with 0.
func (g Game) Outcome() Outcome {
	mu.Lock()
	defer mu.Unlock()
	return tab.outcome(g)
}

func (t *table) outcome(g Game) Outcome {
	return classOf(t.leq(Zero, g), t.leq(g, Zero))
}

// IsNumber reports whether g is a number, and Number which.
func (g Game) IsNumber() bool {
	mu.Lock()
	defer mu.Unlock()
	return tab.isNumber(g)
}

// Number returns the number g is, if it is one.
func (g Game) Number() (Dyadic, bool) {
	mu.Lock()
	defer mu.Unlock()
	n := &tab.nodes[g]
	return n.num, n.nus && n.ups == 0 && n.nim == 0
}

// NumberUpStar returns g as x + ups·↑ + *nim when it is one.
func (g Game) NumberUpStar() (x Dyadic, ups int32, nim uint32, ok bool) {
	mu.Lock()
	defer mu.Unlock()
	n := &tab.nodes[g]
	return n.num, n.ups, n.nim, n.nus
}

// Birthday is the day g is born: 0 for 0, one more than the latest of its
// options' birthdays otherwise, for its canonical form (the smallest
// birthday of any form of the game).
func (g Game) Birthday() int {
	mu.Lock()
	defer mu.Unlock()
	return int(tab.nodes[g].birthday)
}

// LeftStop and RightStop are the numbers play reaches when Left (Right)
// starts and both play to stop at a number as soon as it suits them
// (Siegel, Combinatorial Game Theory, II.4).
func (g Game) LeftStop() Dyadic {
	mu.Lock()
	defer mu.Unlock()
	return tab.nodes[g].ls
}

func (g Game) RightStop() Dyadic {
	mu.Lock()
	defer mu.Unlock()
	return tab.nodes[g].rs
}

// IsInfinitesimal reports whether both of g's stops are 0: g lies strictly
// between every negative number and every positive one (0 included).
func (g Game) IsInfinitesimal() bool {
	mu.Lock()
	defer mu.Unlock()
	n := &tab.nodes[g]
	return n.ls.Sign() == 0 && n.rs.Sign() == 0
}

// Index is g's place in the table: stable for the life of the process
// only, for use as a map key or array index.
func (g Game) Index() uint32 { return uint32(g) }

// Size is the number of canonical forms in the table, for reports.
func Size() int {
	mu.Lock()
	defer mu.Unlock()
	return len(tab.nodes)
}

// Valid reports whether g is a game of the table (a Game made by this
// package rather than converted from an arbitrary integer).
func (g Game) Valid() bool {
	mu.Lock()
	defer mu.Unlock()
	return int(g) < len(tab.nodes)
}

func (g Game) GoString() string { return fmt.Sprintf("cgt.Game(%s)", g.String()) }
