package games

import (
	"math/bits"
	"sync"
)

// binom[n][k] is the binomial coefficient C(n, k) for n ≤ 64: every
// combinatorial rank in this package (connect four, tic-tac-toe) is a sum
// of these, and C(64, 32) < 2^61 fits a uint64, so ranks are exact.
var binom [65][66]uint64

// binomByK[k][n] is C(n, k): the same table by rows of k, for colexUnrank's
// scans along n.
var binomByK [65][65]uint64

func init() {
	for n := range 65 {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
	for n := range 65 {
		for k := range 65 {
			binomByK[k][n] = binom[n][k]
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
// r (r < C(n, k)). Its i-th element from the top is the largest p with
// C(p, i) ≤ what is left of the rank; C(p, i) grows with p, so p is found
// by counting the p that pass, without a branch on the data: a search that
// branched would mispredict half its tests on random ranks.
func colexUnrank(n, k int, r uint64) uint64 {
	var s uint64
	hi := n // the elements still to place are below hi
	for i := k; i > 0; i-- {
		row := binomByK[i][i-1 : hi] // C(p, i) for p from i-1, where it is 0
		p := i - 1 + len(row) - 1
		for _, c := range row[1:] {
			p -= int((r - c) >> 63) // c ≤ r exactly when r-c does not wrap
		}
		s |= 1 << uint(p)
		r -= row[p-(i-1)]
		hi = p
	}
	return s
}

func trailingZeros(s uint64) int { return bits.TrailingZeros64(s) }

// colexByte[j][c][b] is the part of a colexRank that byte j of the set
// adds, holding b, when c elements lie below it: the sum of C(8j+q, c+l)
// over its set bits q, the l-th of them from 1. colexRankBytes sums one
// entry a byte, for sets of at most 32 elements, instead of one binomial
// an element. Made on first use (540 KB).
var colexByte = sync.OnceValue(func() *[8][33][256]uint64 {
	t := new([8][33][256]uint64)
	for j := range 8 {
		for c := range 33 {
			for b := range 256 {
				var r uint64
				l := 0
				for q := range 8 {
					if b>>q&1 != 0 {
						l++
						if c+l <= 64 {
							r += binom[8*j+q][c+l]
						}
					}
				}
				t[j][c][b] = r
			}
		}
	}
	return t
})

// colexRankBytes is colexRank for a set of at most 32 elements, with table
// the result of colexByte.
func colexRankBytes(table *[8][33][256]uint64, s uint64) uint64 {
	var r uint64
	c := 0
	for j := 0; s != 0; j++ {
		b := s & 255
		r += table[j&7][c][b]
		c += bits.OnesCount64(b)
		s >>= 8
	}
	return r
}

// colexNibble[j][k][b] is how many sets of k elements have their elements
// above nibble j (bits 4j to 4j+3) fixed and that nibble below b: the sum
// of C(4j, k-popcount(b')) over b' < b. Colexicographic order is the
// numeric order of the sets' bitmasks, so colexUnrankNibbles picks a set a
// nibble at a time from the top, each the largest b whose entry is at most
// what is left of the rank. Made on first use (68 KB).
var colexNibble = sync.OnceValue(func() *[16][33][16]uint64 {
	t := new([16][33][16]uint64)
	for j := range 16 {
		for k := range 33 {
			var cum uint64
			for b := range 16 {
				t[j][k][b] = cum
				if rest := k - bits.OnesCount8(uint8(b)); rest >= 0 {
					cum += binom[4*j][rest]
				}
			}
		}
	}
	return t
})

// colexUnrankNibbles is colexUnrank for sets of at most 32 elements, with
// table the result of colexNibble: 15 comparisons a nibble, without a
// branch on the data.
func colexUnrankNibbles(table *[16][33][16]uint64, n, k int, r uint64) uint64 {
	var s uint64
	for j := (n - 1) >> 2; j >= 0 && k > 0; j-- {
		row := &table[j&15][k]
		// c ≤ r exactly when r-c does not wrap (both are below 2^63): the
		// count takes the sign bit, since a compiled branch would be
		// mispredicted once a nibble.
		v := 16
		for _, c := range row[1:] {
			v -= int((r - c) >> 63)
		}
		v--
		r -= row[v]
		s |= uint64(v) << (4 * uint(j))
		k -= bits.OnesCount8(uint8(v))
	}
	return s
}

// bytePext[m][x] packs the bits of x that lie in m into the low bits, and
// bytePdep[m][x] spreads the low bits of x over the set bits of m: the
// BMI2 instructions PEXT and PDEP a byte at a time, which Go does not
// offer. Made on first use (128 KB).
var byteDeposit = sync.OnceValue(func() *[2][256][256]uint8 {
	t := new([2][256][256]uint8)
	for m := range uint64(256) {
		for x := range uint64(256) {
			t[0][m][x], t[1][m][x] = uint8(extractBits(x, m)), uint8(depositBits(x, m))
		}
	}
	return t
})

// extractBits packs the bits of x that lie in mask into the low bits, in
// order (PEXT), a bit at a time: for building the tables that do it fast.
func extractBits(x, mask uint64) uint64 {
	var out uint64
	for i := 0; mask != 0; i++ {
		q := bits.TrailingZeros64(mask)
		out |= (x >> q & 1) << i
		mask &= mask - 1
	}
	return out
}

// depositBits spreads the low bits of x over the set bits of mask, in
// order (PDEP), a bit at a time: for building the tables that do it fast.
func depositBits(x, mask uint64) uint64 {
	var out uint64
	for i := 0; mask != 0; i++ {
		q := bits.TrailingZeros64(mask)
		out |= (x >> i & 1) << q
		mask &= mask - 1
	}
	return out
}

// cellPairRanks ranks two disjoint sets of cells (one player's stones and
// the other's) by the occupied cells, a colex rank among the sets of as
// many cells, and the first player's cells packed along the occupied ones
// in cell order, a colex rank among the sets of as many: every table a
// byte or a nibble at a time, for boards of at most 32 cells.
type cellPairRanks struct {
	colex   *[8][33][256]uint64 // colexByte
	uncolex *[16][33][16]uint64 // colexNibble
	deposit *[2][256][256]uint8 // byteDeposit
}

func newCellPairRanks() cellPairRanks {
	return cellPairRanks{colexByte(), colexNibble(), byteDeposit()}
}

// rank returns the colex ranks of occ and of first packed along occ, and
// how many cells occ holds. first must lie within occ.
func (r *cellPairRanks) rank(first, occ uint32) (occRank, firstRank uint64, filled int) {
	return colexRankBytes(r.colex, uint64(occ)), r.rankWithin(first, occ), bits.OnesCount32(occ)
}

// rankWithin is the colex rank of first packed along occ, among the sets
// of as many of occ's cells. first must lie within occ.
func (r *cellPairRanks) rankWithin(first, occ uint32) uint64 {
	var packed uint64
	filled := 0
	for j := 0; j < 32; j += 8 {
		m := uint8(occ >> j)
		packed |= uint64(r.deposit[0][m][uint8(first>>j)]) << filled
		filled += bits.OnesCount8(m)
	}
	return colexRankBytes(r.colex, packed)
}

// unrank inverts rank for filled cells of cells, firsts of them the first
// player's.
func (r *cellPairRanks) unrank(cells, filled, firsts int, occRank, firstRank uint64) (first, occ uint32) {
	occ = uint32(colexUnrankNibbles(r.uncolex, cells, filled, occRank))
	return r.unrankWithin(occ, filled, firsts, firstRank), occ
}

// unrankWithin inverts rankWithin: the firsts of occ's filled cells whose
// packed colex rank is firstRank.
func (r *cellPairRanks) unrankWithin(occ uint32, filled, firsts int, firstRank uint64) (first uint32) {
	packed := colexUnrankNibbles(r.uncolex, filled, firsts, firstRank)
	for j := 0; j < 32; j += 8 {
		m := uint8(occ >> j)
		first |= uint32(r.deposit[1][m][uint8(packed)]) << j
		packed >>= bits.OnesCount8(m)
	}
	return first
}
