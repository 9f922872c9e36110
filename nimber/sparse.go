package nimber

import (
	"math/bits"
)

// The sparse-space method ("Sparse space spells speed", Winning Ways, ch. 4
// extras; Flammenkamp, "Sparse- and Common-Positions of Sprague-Grundy
// Values of Octal-Games").
//
// Fix a bit mask m and write p(v) for the parity of the number of 1 bits of
// v AND m. Since p(x XOR y) = p(x) XOR p(y), the values with p = 0 are closed
// under XOR. Give every heap size a a label
//
//	f(a) = p(G(a)) XOR (w AND a)     (w, the twist, is 0 or 1)
//
// and call a rare when f(a) = R, for a chosen R in {0, 1}; the others are
// common. A split of rest = a + b is worth G(a) XOR G(b), whose parity is
//
//	p(G(a) XOR G(b)) = f(a) XOR f(b) XOR (w AND rest).
//
// So for a given rest, a split worth a value of parity 1 XOR (w AND rest)
// (the "mixed" parity) has f(a) != f(b): exactly one of its parts is rare.
// Splits worth a value of the other parity, w AND rest (the "same" parity),
// have parts with equal labels.
//
// To compute G(n): mark the options that leave no heap or one heap; for
// every take i that splits, with rest = n-i, mark G(r) XOR G(rest-r) for
// every rare r < rest (O(number of rare heaps)). Now every option worth a
// value of the mixed parity of its rest is marked. Then look for the mex v
// upward: a marked v is an option; an unmarked v whose parity is the mixed
// parity for every splitting take is certainly not an option, so G(n) = v;
// an unmarked v of a same parity may still come from a split with two parts
// of one label, so the splits are scanned (marking what they give) until v
// turns up, and if the scan runs out, v is not an option and G(n) = v.
//
// This is exact for every mask, twist and choice of R: every marked value is
// a real option, every option of a mixed parity is marked before the search,
// and every other candidate is decided by looking at the splits themselves.
// The choice only decides speed. A good choice makes few heaps rare and few
// heaps worth a value of a same parity, and for the usual choice these are
// the same heaps: with w = 0 and R = 0, a common heap's value has p = 1, the
// mixed parity of every rest. A common heap then costs the list of rare
// heaps plus a short scan that stops once each smaller value of the same
// parity has turned up; a full scan, as long as the plain method's, is
// needed only when G(n) itself has a same parity, which is rare. (The twist
// gives Flammenkamp's sparse spaces "in the domain", for games that split
// after taking t: with w = 1 and R = t AND 1, n is rare when p(G(n)) =
// (n-t) AND 1.)
//
// The mask, twist and R are chosen from the values themselves: at the
// checkpoint n = stretch, and again at every doubling of n, a histogram of
// the values of the last half is used to count, for every mask below the
// next power of two above those values (both with zero and with one bits
// above it), every twist and every R, the heaps of that half that would be
// rare plus those whose value needs a full scan; the best is kept if it
// makes the sparse method worth it, and the plain method is used otherwise.

// sparseStretch is the first checkpoint: the plain method computes the values
// below it, and they choose the method for what follows.
const sparseStretch = 4096

// sparseMaskBits caps the number of low bits a mask is chosen among, so that
// the choice costs about 4^sparseMaskBits steps; the bits above are all zero
// or all one.
const sparseMaskBits = 10

type sparseState struct {
	sparse     bool    // the sparse method is in use
	mask       uint32  // m
	twist      uint32  // w, 0 or 1
	rareLabel  uint32  // R
	rare       []int32 // the rare heaps, ascending
	rareVal    []int32 // their values
	checkpoint int     // the next n at which to choose the method; -1 never
	chosen     bool    // the method was chosen once
	fullScans  int     // heaps whose mex needed a full scan of the splits
	switches   int     // times the method or mask changed after the first choice
}

func (s *heapSolver) initSparse() {
	s.checkpoint = sparseStretch
}

func maskParity(v uint32) uint32 { return uint32(bits.OnesCount32(v) & 1) }

// isRare reports whether heap n, worth v, is rare under the current choice.
func (s *heapSolver) isRare(n int, v int32) bool {
	return maskParity(uint32(v)&s.mask)^(s.twist&uint32(n)) == s.rareLabel
}

// forceSparse makes the solver use the sparse method with the given choice
// from G(0) on, never choosing again (a test hook).
func (s *heapSolver) forceSparse(mask, twist, rareLabel uint32) {
	s.sparse = true
	s.mask, s.twist, s.rareLabel = mask, twist&1, rareLabel&1
	s.checkpoint = -1
	s.rebuildRare()
}

// forcePlain makes the solver use the plain method throughout (a test hook).
func (s *heapSolver) forcePlain() {
	s.sparse = false
	s.checkpoint = -1
}

// rebuildRare lists the rare heaps among those computed.
func (s *heapSolver) rebuildRare() {
	s.rare, s.rareVal = s.rare[:0], s.rareVal[:0]
	for a := 1; a < len(s.g); a++ {
		if s.isRare(a, s.g[a]) {
			s.addRare(a, s.g[a])
		}
	}
}

// addRare adds the rare heap a, worth v, to the list.
func (s *heapSolver) addRare(a int, v int32) {
	s.rare = append(s.rare, int32(a))
	s.rareVal = append(s.rareVal, v)
}

// stepSparse computes G(n) by the sparse-space method (see above).
func (s *heapSolver) stepSparse(n int) int32 {
	stamp := uint32(n) + 1
	s.markSingles(n, stamp)
	g, mark, rare, rareVal := s.g, s.mark, s.rare, s.rareVal[:len(s.rare)]
	var same [2]bool // same[q]: a value of parity q may come from a split with equal labels
	for _, i := range s.splits {
		rest := n - i
		if rest < s.minRest {
			break
		}
		same[s.twist&uint32(rest)] = true
		// The splits rare r + (rest-r): first with r the smaller part,
		// then (past r = rest-r, not a move for unequal heaps) the larger.
		j := 0
		for ; j < len(rare) && 2*int(rare[j]) < rest; j++ {
			mark[rareVal[j]^g[rest-int(rare[j])]] = stamp
		}
		if s.unequal && j < len(rare) && 2*int(rare[j]) == rest {
			j++
		}
		for ; j < len(rare) && int(rare[j]) < rest; j++ {
			mark[rareVal[j]^g[rest-int(rare[j])]] = stamp
		}
	}
	v := uint32(0)
	size := uint32(len(mark))
	di, a := 0, 1 // where the scan of the splits has got to
	for {
		for v < size && mark[v] == stamp {
			v++
		}
		if v >= size || !same[maskParity(v&s.mask)] {
			s.work += int64(len(s.rare)*len(s.splits) + a)
			return int32(v)
		}
		found := false
		for di < len(s.splits) {
			rest := n - s.splits[di]
			hi := s.splitTop(rest)
			for a <= hi {
				x := g[a] ^ g[rest-a]
				a++
				mark[x] = stamp
				if uint32(x) == v {
					found = true
					break
				}
			}
			if found {
				break
			}
			di, a = di+1, 1
		}
		if !found {
			s.fullScans++
			s.work += int64(len(s.rare)*len(s.splits) + a)
			return int32(v)
		}
	}
}

// sparseChoice is a mask, twist and rare label, with its cost on a stretch
// of heaps: how many would be rare plus how many would need a full scan.
type sparseChoice struct {
	mask, twist, rareLabel uint32
	cost                   int
}

// choose picks the method for the heaps from n on, from the values of
// G(n/2) to G(n-1), and sets the next checkpoint.
func (s *heapSolver) choose(n int) {
	first := !s.chosen
	s.chosen = true
	s.checkpoint = 2 * n
	lo := max(n/2, 1)
	span := n - lo
	best, cur := s.bestChoice(lo, n)
	// Per heap, the sparse method costs about three times the rare fraction
	// of the plain one (its list of rare heaps, and full scans for them),
	// plus its short scans: use it while rare heaps are at most one in six
	// (cost counts each rare heap twice: as rare, and for its full scan).
	worth := 3*best.cost <= span
	switch {
	case !worth:
		if s.sparse {
			s.switches++
		}
		s.sparse = false
		s.rare, s.rareVal = s.rare[:0], s.rareVal[:0]
	case !s.sparse || 4*best.cost < 3*cur.cost:
		if !first {
			s.switches++
		}
		s.sparse = true
		s.mask, s.twist, s.rareLabel = best.mask, best.twist, best.rareLabel
		s.rebuildRare()
	}
}

// bestChoice returns the cheapest choice on the heaps lo to hi-1, and the
// cost there of the current choice (meaningful only when sparse).
func (s *heapSolver) bestChoice(lo, hi int) (best, cur sparseChoice) {
	maxv := int32(0)
	for _, v := range s.g[lo:hi] {
		maxv = max(maxv, v)
	}
	k := min(bits.Len32(uint32(maxv)), sparseMaskBits)
	low := uint32(1)<<k - 1
	// hist[(v&low)<<2 | p(v>>k)<<1 | a&1] counts heaps a worth v.
	hist := make([]int, 4<<k)
	high := false
	for a := lo; a < hi; a++ {
		v := uint32(s.g[a])
		hp := maskParity(v >> k)
		high = high || v > low
		hist[(v&low)<<2|hp<<1|uint32(a&1)]++
	}
	// Which parities of rest occur among the takes that split.
	var restPar [2]bool
	for _, i := range s.splits {
		restPar[i&1] = true // rest = a - i has parity a XOR i
	}
	evaluate := func(mask uint32, ext uint32) [2][2]sparseChoice {
		var tab [2][2]int // tab[q][a&1]: heaps whose value has parity q
		for vl := uint32(0); vl <= low; vl++ {
			pl := maskParity(vl & mask)
			base := vl << 2
			for j := uint32(0); j < 4; j++ {
				if c := hist[base|j]; c != 0 {
					q := pl ^ (ext & (j >> 1))
					tab[q][j&1] += c
				}
			}
		}
		full := mask
		if ext != 0 {
			full |= ^low
		}
		var out [2][2]sparseChoice
		for w := uint32(0); w < 2; w++ {
			for rl := uint32(0); rl < 2; rl++ {
				c := sparseChoice{mask: full, twist: w, rareLabel: rl}
				for q := uint32(0); q < 2; q++ {
					for b := uint32(0); b < 2; b++ {
						cnt := tab[q][b]
						if q^(w&b) == rl {
							c.cost += cnt
						}
						// A full scan is needed when q is the same parity
						// w AND rest for some take: rest parity b XOR (i&1).
						if (restPar[0] && q == w&b) || (restPar[1] && q == w&(b^1)) {
							c.cost += cnt
						}
					}
				}
				out[w][rl] = c
			}
		}
		return out
	}
	best.cost = -1
	for m := uint32(0); m <= low; m++ {
		extLo, extHi := uint32(0), uint32(1)
		if !high {
			// No value has bits above the mask yet, so both extensions
			// cost the same here: extend the mask's top bit, a guess.
			extLo = (m >> max(k-1, 0)) & 1
			extHi = extLo
		}
		for ext := extLo; ext <= extHi; ext++ {
			out := evaluate(m, ext)
			for w := range 2 {
				for rl := range 2 {
					if c := out[w][rl]; best.cost < 0 || c.cost < best.cost {
						best = c
					}
				}
			}
		}
	}
	if s.sparse {
		cur = s.costOf(lo, hi)
	}
	return best, cur
}

// costOf counts, on the heaps lo to hi-1, the rare heaps and the heaps
// needing a full scan under the current choice.
func (s *heapSolver) costOf(lo, hi int) sparseChoice {
	c := sparseChoice{mask: s.mask, twist: s.twist, rareLabel: s.rareLabel}
	for a := lo; a < hi; a++ {
		v := s.g[a]
		if s.isRare(a, v) {
			c.cost++
		}
		q := maskParity(uint32(v) & s.mask)
		for _, i := range s.splits {
			if q == s.twist&uint32(a-i) {
				c.cost++
				break
			}
		}
	}
	return c
}
