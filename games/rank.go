package games

import "math/bits"

// binom[n][k] is the binomial coefficient C(n, k) for n ≤ 64: every
// combinatorial rank in this package (connect four, tic-tac-toe) is a sum
// of these, and C(64, 32) < 2^61 fits a uint64, so ranks are exact.
var binom [65][66]uint64

func init() {
	for n := range 65 {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
}

// colexRank is the rank of the set bits of s in colexicographic order among
// the sets of as many elements: the sum of C(p_i, i) over its elements
// p_1 < p_2 < ... (i from 1). It runs once a set bit, with no table but
// binom.
func colexRank(s uint64) uint64 {
	var r uint64
	for i := 1; s != 0; i++ {
		p := trailingZeros(s)
		r += binom[p][i]
		s &= s - 1
	}
	return r
}

// colexUnrank is the set of k elements among the first n whose colexRank is
// r (r < C(n, k)): from the top, an element p is in the set exactly when
// C(p, i) ≤ what is left of the rank, i the elements still to place.
func colexUnrank(n, k int, r uint64) uint64 {
	var s uint64
	for p := n - 1; k > 0; p-- {
		if c := binom[p][k]; c <= r {
			s |= 1 << uint(p)
			r -= c
			k--
		}
	}
	return s
}

func trailingZeros(s uint64) int { return bits.TrailingZeros64(s) }
