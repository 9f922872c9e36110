package cgt

import (
	"errors"
	"math/bits"
)

// ErrNotAllSmall is AtomicWeight's error for a game that is not all-small.
var ErrNotAllSmall = errors.New("cgt: atomic weight is defined for all-small games only (every position has moves for both players or for neither)")

// IsAllSmall reports whether g is all-small (dicotic): in every position
// of it either both players can move or neither can. All-small games are
// infinitesimal.
func (g Game) IsAllSmall() bool {
	mu.Lock()
	defer mu.Unlock()
	return tab.isAllSmall(g)
}

func (t *table) isAllSmall(g Game) bool {
	if v, ok := t.allSmall[g]; ok {
		return v
	}
	l, r := t.left(g), t.right(g)
	v := (len(l) == 0) == (len(r) == 0)
	for _, o := range append(append([]Game(nil), l...), r...) {
		if !v {
			break
		}
		v = t.isAllSmall(o)
	}
	t.allSmall[g] = v
	return v
}

// AtomicWeight is the atomic weight of an all-small game g: the number of
// ↑s it is worth, in the sense that g and aw(g)·↑ win the same sums with a
// remote star (Winning Ways, ch. 8; Siegel, Combinatorial Game Theory,
// II.7). It may itself be any game. By the atomic weight calculus,
//
//	aw(g) = {aw(g^L) − 2 | aw(g^R) + 2}
//
// unless that is an integer; then it is the largest integer n with
// aw(g^L) − 2 ◁ n ◁ aw(g^R) + 2 for every option when g > ☆ (a remote
// star *N, N beyond every nimber in g), the smallest when g < ☆, and 0
// when g is confused with ☆.
func (g Game) AtomicWeight() (Game, error) {
	mu.Lock()
	defer mu.Unlock()
	if !tab.isAllSmall(g) {
		return 0, ErrNotAllSmall
	}
	return tab.atomicWeight(g), nil
}

func (t *table) atomicWeight(g Game) Game {
	if w, ok := t.atomic[g]; ok {
		return w
	}
	n := t.nodes[g]
	var w Game
	if n.nus {
		w = t.number(Int(int64(n.ups)))
	} else {
		two := t.number(Int(2))
		minusTwo := t.number(Int(-2))
		var lw, rw []Game
		for _, gl := range t.left(g) {
			lw = append(lw, t.add(t.atomicWeight(gl), minusTwo))
		}
		for _, gr := range t.right(g) {
			rw = append(rw, t.add(t.atomicWeight(gr), two))
		}
		w = t.canonical(lw, rw)
		if x := t.nodes[w]; t.isNumber(w) && x.num.IsInteger() {
			w = t.eccentric(g, w, lw, rw)
		}
	}
	t.atomic[g] = w
	return w
}

// eccentric settles an atomic weight whose formula gives the integer n0:
// the integers n with every lw ◁ n ◁ every rw form an interval holding
// n0, and g's comparison with a remote star picks its end (or 0).
func (t *table) eccentric(g, n0 Game, lw, rw []Game) Game {
	fits := func(n int64) bool {
		x := t.number(Int(n))
		for _, l := range lw {
			if t.leq(x, l) { // not l ◁ x
				return false
			}
		}
		for _, r := range rw {
			if t.leq(r, x) { // not x ◁ r
				return false
			}
		}
		return true
	}
	far := t.nus(Dyadic{}, 0, remoteStar(t.nodes[g].birthday))
	n := t.nodes[n0].num.Floor()
	switch t.compare(g, far) {
	case Greater:
		for fits(n + 1) {
			n++
		}
	case Less:
		for fits(n - 1) {
			n--
		}
	default:
		n = 0
	}
	return t.number(Int(n))
}

// remoteStar is the size of a nimber beyond every nimber a game born by
// the given day reaches, in its positions and their sums with nimbers
// below it: a power of two above the birthday.
func remoteStar(birthday int32) uint32 {
	return 1 << (bits.Len32(uint32(birthday)) + 1)
}

// Reduced is g's reduced canonical form (Calistrate, Paulhus and Wolfe;
// Siegel, Combinatorial Game Theory, II.6): the simplest game that differs
// from g by an infinitesimal. It is a number when g is a number plus an
// infinitesimal (its stops are equal); otherwise its options are the
// reduced forms of g's with those beaten modulo infinitesimals removed and
// those reversible modulo infinitesimals bypassed, where h ≥ k modulo
// infinitesimals exactly when Right's stop of h − k is at least 0.
func (g Game) Reduced() Game {
	mu.Lock()
	defer mu.Unlock()
	return tab.reducedForm(g)
}

// geqInf reports h ≥ k modulo infinitesimals.
func (t *table) geqInf(h, k Game) bool {
	return t.nodes[t.add(h, t.neg(k))].rs.Sign() >= 0
}

func (t *table) reducedForm(g Game) Game {
	if r, ok := t.reduced[g]; ok {
		return r
	}
	n := t.nodes[g]
	var r Game
	if n.ls == n.rs {
		r = t.number(n.ls)
	} else {
		var left, right []Game
		for _, gl := range t.left(g) {
			left = append(left, t.reducedForm(gl))
		}
		for _, gr := range t.right(g) {
			right = append(right, t.reducedForm(gr))
		}
		left, right = sortUnique(left), sortUnique(right)
		for {
			left = t.undominatedInf(left, true)
			right = t.undominatedInf(right, false)
			var changed bool
			if left, changed = t.bypassInf(g, left, true); changed {
				continue
			}
			if right, changed = t.bypassInf(g, right, false); changed {
				continue
			}
			break
		}
		r = t.canonical(left, right)
	}
	t.reduced[g] = r
	return r
}

// undominatedInf keeps one of each set of options equal modulo
// infinitesimals, and drops those beaten modulo infinitesimals.
func (t *table) undominatedInf(opts []Game, forLeft bool) []Game {
	alive := make([]bool, len(opts))
	for i := range alive {
		alive[i] = true
	}
	for i := range opts {
		for j := range opts {
			if i == j || !alive[i] || !alive[j] {
				continue
			}
			a, b := opts[i], opts[j]
			if !forLeft {
				a, b = b, a
			}
			// i goes when j beats it modulo Inf; of two equal, the later.
			if t.geqInf(b, a) && (!t.geqInf(a, b) || i > j) {
				alive[i] = false
			}
		}
	}
	out := opts[:0]
	for i, o := range opts {
		if alive[i] {
			out = append(out, o)
		}
	}
	return out
}

// bypassInf replaces the first option reversible modulo infinitesimals
// through g: for Left an option A with some A^R ≤ g modulo Inf, replaced
// by A^R's reduced Left options; for Right the mirror image.
func (t *table) bypassInf(g Game, opts []Game, forLeft bool) ([]Game, bool) {
	for i, a := range opts {
		var through []Game
		if forLeft {
			through = t.right(a)
		} else {
			through = t.left(a)
		}
		for _, ar := range through {
			if forLeft && !t.geqInf(g, ar) || !forLeft && !t.geqInf(ar, g) {
				continue
			}
			next := append(append([]Game(nil), opts[:i]...), opts[i+1:]...)
			var beyond []Game
			if forLeft {
				beyond = t.left(ar)
			} else {
				beyond = t.right(ar)
			}
			for _, b := range beyond {
				next = append(next, t.reducedForm(b))
			}
			return sortUnique(next), true
		}
	}
	return opts, false
}
