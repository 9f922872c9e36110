package nimber

// Add returns the value of the sum of two positions worth a and b, in which
// a move is made in exactly one of them (Smith; Fraenkel and Yesha): the XOR
// of two finite values; infinity with each element of its set XORed with a
// finite value (∞(K) + y = ∞(K ⊕ y)); and infinity with the empty set, a
// draw, for two infinities, since no option of the sum can then be finite.
func (a Nimber) Add(b Nimber) Nimber {
	switch {
	case !a.Infinite && !b.Infinite:
		return Nimber{Value: a.Value ^ b.Value}
	case a.Infinite && b.Infinite:
		return Nimber{Infinite: true, K: []int{}}
	case b.Infinite:
		a, b = b, a
	}
	k := make([]int, len(a.K))
	for i, x := range a.K {
		k[i] = x ^ b.Value
	}
	return Infinity(k...)
}

// Sum returns the value of the sum of positions worth the values given: 0
// for none.
func Sum(values ...Nimber) Nimber {
	s := Nimber{}
	for _, v := range values {
		s = s.Add(v)
	}
	return s
}
