package explore

// Counting what the playouts met: the birthday estimate of each tier from
// the pairs of touches by different playouts and the pairs that met, its
// correction for uneven chances, the interval, and the table of touches.

import (
	"math"
)

// tierCounts are what a stratum's estimate is made from: e2, the pairs of
// touches by different playouts (the second elementary symmetric sum of
// the numbers of positions each playout touched), and c2, the pairs of
// them that met.
type tierCounts struct {
	e2, c2 float64
}

func choose2(m float64) float64 { return m * (m - 1) / 2 }

// count returns the counts of each sampled stratum, all playouts first and
// then leaving out each group in turn.
func (s *sampler) count() map[int]*[sampleGroups + 1]tierCounts {
	counts := map[int]*[sampleGroups + 1]tierCounts{}
	var groups [sampleGroups]float64
	for n, t := range s.sums {
		c := new([sampleGroups + 1]tierCounts)
		// t.s[k] is the sum over playouts of x^k, x the positions touched.
		c[0].e2 = (t.s[1]*t.s[1] - t.s[2]) / 2
		for g := range sampleGroups {
			s1, s2 := t.s[1]-t.group[g][1], t.s[2]-t.group[g][2]
			c[g+1].e2 = (s1*s1 - s2) / 2
		}
		for _, ids := range s.met[n] {
			m := float64(len(ids))
			c[0].c2 += choose2(m)
			clear(groups[:])
			for _, id := range ids {
				groups[int(id)%sampleGroups]++
			}
			for g := range sampleGroups {
				c[g+1].c2 += choose2(m - groups[g])
			}
		}
		counts[n] = c
	}
	return counts
}

// raw is the uniform-chance estimate of a stratum's size, never below what
// was seen.
func (c tierCounts) raw(seen float64) float64 {
	return max(c.e2/(c.c2+1), seen)
}

// minCalibration is the fewest positions a stratum explored exactly needs
// for its spread of chances to calibrate the sampled strata.
const minCalibration = 256

// heterogeneity is the factor 1+CV² by which uneven chances of being
// touched shrink e2/C2 below a stratum's size, computed exactly for each
// stratum the breadth-first phase finished (the chance of touching a
// position is the sum of the chances of visiting its parents, those of
// visiting them the chance of their parents divided among their moves):
// N·Σρ²/(Σρ)². It returns the factor of the highest such stratum with at
// least minCalibration positions and the largest of them all, or 1 and 1
// when there is none. Chances are propagated in the order positions were
// found, exact when moves never stay in a stratum and a fair reading when
// they do.
func (s *sampler) heterogeneity() (last, most float64) {
	visit := make([]float64, len(s.order))
	touch := make([]float64, len(s.order))
	visit[s.known[s.root]] = 1
	for _, n := range sortedKeys(s.layers) {
		if !s.complete[n] {
			break
		}
		for _, key := range s.layers[n] {
			i := s.known[key]
			kids := s.kids[i]
			for _, c := range kids {
				touch[c] += visit[i]
				visit[c] += visit[i] / float64(len(kids))
			}
		}
	}
	last, most = 1, 1
	for _, n := range sortedKeys(s.layers) {
		if !s.complete[n] || len(s.layers[n]) < minCalibration {
			continue
		}
		var sum, sq float64
		for _, key := range s.layers[n] {
			r := min(touch[s.known[key]], 1)
			sum += r
			sq += r * r
		}
		if sum > 0 {
			last = float64(len(s.layers[n])) * sq / (sum * sum)
			most = max(most, last)
		}
	}
	return last, most
}

// highFactor is how much more uneven than in the strata explored exactly
// the chances of a sampled stratum are allowed to be, for High.
const highFactor = 2

// estimate puts the positions found breadth first and the sampled strata
// together.
func (s *sampler) estimate() Estimate {
	e := Estimate{Expanded: s.expanded, Playouts: s.playouts}
	e.Rate, e.Elapsed = s.rate()
	counts := s.count()
	// A game without tiers is sampled by depth when no position was met
	// at two depths, and as one stratum otherwise.
	if s.graph.Tier == nil {
		for n := range counts {
			if (n == allDepths) != s.mixed {
				delete(counts, n)
			}
		}
	}

	// The spread of chances, from the strata explored exactly. It does
	// not carry over to a game without tiers sampled as one stratum.
	h, most := s.heterogeneity()
	if s.graph.Tier == nil && s.mixed {
		h, most = 1, math.Inf(1)
	}
	e.Heterogeneity = h

	// Each sampled stratum counts the positions the breadth-first phase
	// did not find; the total's jackknife spread widens the interval.
	tiers := map[int]*TierEstimate{}
	for _, te := range s.knownTiers() {
		tiers[te.Tier] = &te
	}
	var known, raw, low, high float64
	known = float64(len(s.known))
	var leftOut [sampleGroups]float64
	for _, n := range sortedKeys(counts) {
		c := counts[n]
		seen := float64(s.sums[n].seen)
		r := c[0].raw(seen)
		raw += r
		for g := range sampleGroups {
			leftOut[g] += c[g+1].raw(seen)
		}
		est := max(c[0].e2/(c[0].c2+1)*h, seen)
		lo, hi := seen, math.Inf(1)
		// Poisson bounds on the meetings give the stratum's own interval.
		if c[0].c2 > 0 {
			clo, chi := poissonBounds(c[0].c2)
			lo = max(seen, c[0].e2/chi)
			hi = max(est, c[0].e2/clo*highFactor*max(most, h))
		}
		e.Positions += est
		low += lo
		high += hi
		tier := n
		if s.graph.Tier == nil {
			tier = 0
		}
		te := tiers[tier]
		if te == nil {
			te = &TierEstimate{Tier: tier}
			tiers[tier] = te
		}
		te.Positions += est
		te.Low += lo
		te.High += hi
		te.Seen += int(seen)
		te.Collisions += int(c[0].c2)
	}
	spread := jackknife(raw, leftOut[:])
	for _, n := range sortedKeys(tiers) {
		e.Tiers = append(e.Tiers, *tiers[n])
	}
	// The total's interval: the uncorrected count less two jackknife
	// spreads, and the most corrected count plus two, never narrower than
	// what the strata's own bounds add up to.
	e.Low = known + max(raw*math.Exp(-2*spread), low)
	e.High = known + max(raw*highFactor*max(most, h)*math.Exp(2*spread), high)
	e.Positions += known
	return e
}

// jackknife is the standard error of the logarithm of an estimate from its
// values leaving out each group in turn.
func jackknife(all float64, leftOut []float64) float64 {
	if all <= 0 {
		return 0
	}
	var mean float64
	for _, v := range leftOut {
		mean += math.Log(max(v, 1))
	}
	mean /= float64(len(leftOut))
	var ss float64
	for _, v := range leftOut {
		d := math.Log(max(v, 1)) - mean
		ss += d * d
	}
	g := float64(len(leftOut))
	return math.Sqrt((g - 1) / g * ss)
}

// poissonBounds are approximate 95% bounds on the mean of a Poisson count
// that came out n (n > 0), by the Wilson–Hilferty approximation.
func poissonBounds(n float64) (lo, hi float64) {
	const z = 1.96
	lo = n * math.Pow(1-1/(9*n)-z/(3*math.Sqrt(n)), 3)
	n1 := n + 1
	hi = n1 * math.Pow(1-1/(9*n1)+z/(3*math.Sqrt(n1)), 3)
	return max(lo, 1e-9), hi
}

// touchTable counts, by key, the playouts that touched a position and the
// last of them, in open addressing: 16 bytes a position, at most half full.
type touchTable struct {
	keys  []uint64
	count []int32
	last  []int32
	n     int
	shift uint
}

const emptyKey = ^uint64(0)

func (t *touchTable) init(size int) {
	t.keys = make([]uint64, size)
	for i := range t.keys {
		t.keys[i] = emptyKey
	}
	t.count = make([]int32, size)
	t.last = make([]int32, size)
	t.n = 0
	t.shift = 64
	for s := size; s > 1; s >>= 1 {
		t.shift--
	}
}

// touch records playout id at key and returns the playouts counted before
// (id included) and the last playout before id (id itself if it had
// touched key already, -1 for a new key).
func (t *touchTable) touch(key uint64, id int32) (count int32, last int32) {
	mask := uint64(len(t.keys) - 1)
	h := key ^ key>>31
	h *= 0x9e3779b97f4a7c15
	for i := h >> t.shift; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case key:
			last = t.last[i]
			if last != id {
				t.count[i]++
				t.last[i] = id
			}
			return t.count[i], last
		case emptyKey:
			t.keys[i], t.count[i], t.last[i] = key, 1, id
			t.n++
			if 2*t.n > len(t.keys) {
				t.grow()
			}
			return 1, -1
		}
	}
}

func (t *touchTable) grow() {
	keys, count, last := t.keys, t.count, t.last
	t.init(2 * len(keys))
	mask := uint64(len(t.keys) - 1)
	for j, key := range keys {
		if key == emptyKey {
			continue
		}
		h := key ^ key>>31
		h *= 0x9e3779b97f4a7c15
		i := h >> t.shift
		for t.keys[i] != emptyKey {
			i = (i + 1) & mask
		}
		t.keys[i], t.count[i], t.last[i] = key, count[j], last[j]
		t.n++
	}
}
