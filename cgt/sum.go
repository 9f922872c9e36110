package cgt

// add is the canonical form of g + h, memoised. Number-up-stars add by
// their parts; otherwise the sum's options are g^L + h and g + h^L for
// Left, and likewise for Right (the definition of the disjunctive sum),
// and a number x added to a game that is not one moves only the game
// (number translation: x is never the better component to play in).
func (t *table) add(g, h Game) Game {
	if g == Zero {
		return h
	}
	if h == Zero {
		return g
	}
	ng, nh := &t.nodes[g], &t.nodes[h]
	if ng.nus && nh.nus {
		return t.nus(ng.num.Add(nh.num), ng.ups+nh.ups, ng.nim^nh.nim)
	}
	if g > h {
		g, h = h, g
	}
	key := uint64(g)<<32 | uint64(h)
	if s, ok := t.sumMemo[key]; ok {
		return s
	}
	t.spend()
	var left, right []Game
	gNumber, hNumber := t.isNumber(g), t.isNumber(h)
	if !hNumber {
		for _, hl := range t.left(h) {
			left = append(left, t.add(g, hl))
		}
		for _, hr := range t.right(h) {
			right = append(right, t.add(g, hr))
		}
	}
	if !gNumber {
		for _, gl := range t.left(g) {
			left = append(left, t.add(gl, h))
		}
		for _, gr := range t.right(g) {
			right = append(right, t.add(gr, h))
		}
	}
	s := t.canonical(left, right)
	t.sumMemo[key] = s
	return s
}

// neg is -g: Left's and Right's options exchanged and negated, memoised on
// the node. The negative of a canonical form is canonical.
func (t *table) neg(g Game) Game {
	n := &t.nodes[g]
	if n.hasNeg {
		return n.neg
	}
	var r Game
	if n.nus {
		r = t.nus(n.num.Neg(), -n.ups, n.nim)
	} else {
		left, right := t.right(g), t.left(g)
		nl := make([]Game, len(left))
		for i, x := range left {
			nl[i] = t.neg(x)
		}
		nr := make([]Game, len(right))
		for i, x := range right {
			nr[i] = t.neg(x)
		}
		r = t.intern(sortUnique(nl), sortUnique(nr))
	}
	n = &t.nodes[g]
	n.neg, n.hasNeg = r, true
	m := &t.nodes[r]
	m.neg, m.hasNeg = g, true
	return r
}
