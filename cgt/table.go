package cgt

import (
	"slices"
	"sync"
)

// Game is a short partizan game in canonical form: an index into one table
// of game nodes shared by the whole process, in which every canonical form
// is stored once (hash-consing). Two Games are equal as games exactly when
// they are the same index, so == is equality of values. The zero Game is
// the game 0 = {|}.
//
// Games are safe for concurrent use: every operation takes the table's
// lock. The table only grows, as CGSuite's does; a process that values
// many large positions holds every canonical form it met.
type Game uint32

// Zero is the game 0 = {|}, in which neither player can move.
const Zero Game = 0

// node is one canonical form. Its options are t.opts[off:off+nl] (Left's)
// and t.opts[off+nl:off+nl+nr] (Right's), sorted by index. A
// number-up-star (nus: a number, a multiple of up and a nimber, the forms
// CGSuite writes in short) is also described by those three parts, and its
// options are built only when first asked for (lazy): an integer n would
// otherwise bring every integer between it and 0 into the table.
type node struct {
	off, nl, nr uint32
	lazy        bool
	nus         bool
	ups         int32
	nim         uint32
	num         Dyadic // the number part of a nus
	ls, rs      Dyadic // Left's and Right's stops
	birthday    int32
	neg         Game // valid when hasNeg
	hasNeg      bool
}

type nusKey struct {
	num Dyadic
	ups int32
	nim uint32
}

type table struct {
	nodes []node
	opts  []Game
	// index is an open-addressed hash table of the nodes that are not
	// number-up-stars, by their options: node index + 1, 0 for empty.
	index    []uint32
	indexed  int
	nusIndex map[nusKey]Game

	leqMemo map[uint64]bool
	sumMemo map[uint64]Game

	text     map[Game]string
	pretty   map[Game]string
	thermo   map[Game]*Thermograph
	atomic   map[Game]Game
	reduced  map[Game]Game
	allSmall map[Game]bool

	// work counts the canonical forms built and the sums taken while
	// limited, and compared the comparisons made; past limit or
	// compareLimit, the work stops with errTooMuchWork (Parse turns it
	// into an error). Comparisons are bounded apart: a game with many
	// options costs few forms but a comparison of every pair of its
	// options, over and over (*400+{1|0}: 801 forms and sums, 65 million
	// comparisons, 2.7 s).
	work, limit            int64
	compared, compareLimit int64
}

var (
	mu  sync.Mutex
	tab = newTable()
)

func newTable() *table {
	t := &table{
		index:    make([]uint32, 1<<12),
		nusIndex: map[nusKey]Game{},
		leqMemo:  map[uint64]bool{},
		sumMemo:  map[uint64]Game{},
		text:     map[Game]string{},
		pretty:   map[Game]string{},
		thermo:   map[Game]*Thermograph{},
		atomic:   map[Game]Game{},
		reduced:  map[Game]Game{},
		allSmall: map[Game]bool{},
	}
	// 0 is index 0: materialised, no options.
	t.nodes = append(t.nodes, node{nus: true})
	t.nusIndex[nusKey{}] = Zero
	return t
}

// workLimit is what a limited computation may do (see table.work).
type workLimit struct{}

var errTooMuchWork = &workLimit{}

func (t *table) spend() {
	if t.limit > 0 {
		t.work++
		if t.work > t.limit {
			panic(errTooMuchWork)
		}
	}
}

// spendComparison counts one comparison against compareLimit.
func (t *table) spendComparison() {
	if t.compareLimit > 0 {
		t.compared++
		if t.compared > t.compareLimit {
			panic(errTooMuchWork)
		}
	}
}

// left and right are g's options, materialised if g is lazy. The slices
// stay valid while the table grows: options are never overwritten.
func (t *table) left(g Game) []Game {
	n := &t.nodes[g]
	if n.lazy {
		t.materialize(g)
		n = &t.nodes[g]
	}
	return t.opts[n.off : n.off+n.nl : n.off+n.nl]
}

func (t *table) right(g Game) []Game {
	n := &t.nodes[g]
	if n.lazy {
		t.materialize(g)
		n = &t.nodes[g]
	}
	return t.opts[n.off+n.nl : n.off+n.nl+n.nr : n.off+n.nl+n.nr]
}

func (t *table) isNumber(g Game) bool {
	n := &t.nodes[g]
	return n.nus && n.ups == 0 && n.nim == 0
}

// nus returns x + k·↑ + *m, building it (lazily) if it is new.
func (t *table) nus(x Dyadic, k int32, m uint32) Game {
	key := nusKey{x, k, m}
	if g, ok := t.nusIndex[key]; ok {
		return g
	}
	g := Game(len(t.nodes))
	if uint64(g) >= 1<<32-1 {
		panic("cgt: more than 2^32 canonical forms")
	}
	t.nodes = append(t.nodes, node{lazy: true, nus: true, num: x, ups: k, nim: m,
		ls: x, rs: x, birthday: nusBirthday(x, k, m)})
	t.nusIndex[key] = g
	return g
}

func (t *table) number(x Dyadic) Game { return t.nus(x, 0, 0) }

// nusBirthday is the birthday of the canonical form of x + k·↑ + *m, which
// nusOptions gives: a number m/2^e (e ≥ 1) is born on day ⌊|x|⌋+e+1, an
// integer n on day |n|, x*m m days after x, and x+k↑+*m one day after its
// option x+(k-1)↑+*(m⊕1) (x↑* two days after x).
func nusBirthday(x Dyadic, k int32, m uint32) int32 {
	var b int32
	if x.IsInteger() {
		b = int32(abs64(x.num))
	} else {
		b = int32(abs64(x.num)>>x.exp) + int32(x.exp) + 1
	}
	if k < 0 {
		k = -k
	}
	for k > 0 {
		if k == 1 && m == 1 {
			return b + 2
		}
		b++
		k--
		m ^= 1
	}
	return b + int32(m)
}

// nusOptions are the options of the canonical form of x + k·↑ + *m
// (Winning Ways, ch. 3 and 4; Siegel, Combinatorial Game Theory, II.4):
//
//	a number:  0 = {|}, n = {n-1|} and -n = {|-n+1} for integers n > 0,
//	           m/2^e = {(m-1)/2^e | (m+1)/2^e} for odd m
//	x*m:       {x, x*, …, x*(m-1) | x, x*, …, x*(m-1)}
//	x↑*:       {x, x* | x}
//	x+k↑+*m:   {x | x+(k-1)↑+*(m⊕1)} for k ≥ 1 otherwise, and the
//	           negatives of these for k ≤ -1.
func (t *table) nusOptions(x Dyadic, k int32, m uint32) (left, right []Game) {
	switch {
	case k == 0 && m == 0:
		switch {
		case x.Sign() == 0:
		case x.IsInteger() && x.Sign() > 0:
			left = []Game{t.number(x.Sub(Int(1)))}
		case x.IsInteger():
			right = []Game{t.number(x.Add(Int(1)))}
		default:
			ulp := NewDyadic(1, int(x.exp))
			left = []Game{t.number(x.Sub(ulp))}
			right = []Game{t.number(x.Add(ulp))}
		}
	case k == 0:
		for i := range m {
			left = append(left, t.nus(x, 0, i))
		}
		right = slices.Clone(left)
	case k == 1 && m == 1:
		left = []Game{t.number(x), t.nus(x, 0, 1)}
		right = []Game{t.number(x)}
	case k == -1 && m == 1:
		left = []Game{t.number(x)}
		right = []Game{t.number(x), t.nus(x, 0, 1)}
	case k > 0:
		left = []Game{t.number(x)}
		right = []Game{t.nus(x, k-1, m^1)}
	default:
		left = []Game{t.nus(x, k+1, m^1)}
		right = []Game{t.number(x)}
	}
	slices.Sort(left)
	slices.Sort(right)
	return left, right
}

func (t *table) materialize(g Game) {
	n := t.nodes[g]
	left, right := t.nusOptions(n.num, n.ups, n.nim)
	off := uint32(len(t.opts))
	t.opts = append(t.opts, left...)
	t.opts = append(t.opts, right...)
	p := &t.nodes[g]
	p.off, p.nl, p.nr, p.lazy = off, uint32(len(left)), uint32(len(right)), false
}

func hashOptions(left, right []Game) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		h ^= v
		h *= 1099511628211
	}
	mix(uint64(len(left)))
	for _, g := range left {
		mix(uint64(g))
	}
	mix(uint64(len(right)) | 1<<40)
	for _, g := range right {
		mix(uint64(g))
	}
	return h ^ h>>29
}

// lookup finds the node with these canonical, sorted options, or returns
// the slot where it belongs.
func (t *table) lookup(left, right []Game) (Game, bool, int) {
	mask := len(t.index) - 1
	for i := int(hashOptions(left, right)) & mask; ; i = (i + 1) & mask {
		v := t.index[i]
		if v == 0 {
			return 0, false, i
		}
		g := Game(v - 1)
		n := &t.nodes[g]
		if int(n.nl) == len(left) && int(n.nr) == len(right) &&
			slices.Equal(t.opts[n.off:n.off+n.nl], left) &&
			slices.Equal(t.opts[n.off+n.nl:n.off+n.nl+n.nr], right) {
			return g, true, i
		}
	}
}

func (t *table) grow() {
	old := t.index
	t.index = make([]uint32, 2*len(old))
	mask := len(t.index) - 1
	for _, v := range old {
		if v == 0 {
			continue
		}
		n := &t.nodes[v-1]
		l, r := t.opts[n.off:n.off+n.nl], t.opts[n.off+n.nl:n.off+n.nl+n.nr]
		i := int(hashOptions(l, r)) & mask
		for t.index[i] != 0 {
			i = (i + 1) & mask
		}
		t.index[i] = v
	}
}

// intern returns the node with the given options, which must be the
// canonical options of a game that is not a number-up-star, sorted.
func (t *table) intern(left, right []Game) Game {
	g, ok, slot := t.lookup(left, right)
	if ok {
		return g
	}
	if len(left) == 0 || len(right) == 0 {
		panic("cgt: a canonical form with no options for one side that is not an integer")
	}
	g = Game(len(t.nodes))
	if uint64(g) >= 1<<32-1 {
		panic("cgt: more than 2^32 canonical forms")
	}
	n := node{off: uint32(len(t.opts)), nl: uint32(len(left)), nr: uint32(len(right))}
	t.opts = append(t.opts, left...)
	t.opts = append(t.opts, right...)
	for i, l := range left {
		ln := &t.nodes[l]
		n.birthday = max(n.birthday, ln.birthday+1)
		if i == 0 || n.ls.Less(ln.rs) {
			n.ls = ln.rs
		}
	}
	for i, r := range right {
		rn := &t.nodes[r]
		n.birthday = max(n.birthday, rn.birthday+1)
		if i == 0 || rn.ls.Less(n.rs) {
			n.rs = rn.ls
		}
	}
	t.nodes = append(t.nodes, n)
	t.index[slot] = uint32(g) + 1
	t.indexed++
	if 2*t.indexed > len(t.index) {
		t.grow()
	}
	return g
}

// classify recognises the canonical options of a number-up-star, by the
// forms nusOptions lists: CGSuite's test, which needs only the options'
// own parts since they are canonical too.
func (t *table) classify(left, right []Game) (nusKey, bool) {
	num := func(g Game) (Dyadic, bool) {
		n := &t.nodes[g]
		return n.num, n.nus && n.ups == 0 && n.nim == 0
	}
	switch {
	case len(left) == 0 && len(right) == 0:
		return nusKey{}, true
	case len(left) == 0:
		if x, ok := num(right[0]); ok && len(right) == 1 && x.IsInteger() && x.Sign() <= 0 {
			return nusKey{num: x.Sub(Int(1))}, true
		}
		return nusKey{}, false
	case len(right) == 0:
		if x, ok := num(left[0]); ok && len(left) == 1 && x.IsInteger() && x.Sign() >= 0 {
			return nusKey{num: x.Add(Int(1))}, true
		}
		return nusKey{}, false
	}
	if len(left) == 1 && len(right) == 1 {
		a, aok := num(left[0])
		b, bok := num(right[0])
		ln, rn := &t.nodes[left[0]], &t.nodes[right[0]]
		switch {
		case aok && bok && a.Less(b):
			return nusKey{num: a.Add(b).Half()}, true
		case aok && rn.nus && !bok && rn.num == a && rn.ups >= 0:
			return nusKey{num: a, ups: rn.ups + 1, nim: rn.nim ^ 1}, true
		case bok && ln.nus && !aok && ln.num == b && ln.ups <= 0:
			return nusKey{num: b, ups: ln.ups - 1, nim: ln.nim ^ 1}, true
		}
	}
	// x↑* = {x, x* | x} and x↓* = {x | x, x*}.
	starOf := func(pair []Game, x Game) bool {
		xn := &t.nodes[x]
		for _, g := range pair {
			n := &t.nodes[g]
			if g != x && !(n.nus && n.num == xn.num && n.ups == 0 && n.nim == 1) {
				return false
			}
		}
		return slices.Contains(pair, x)
	}
	if len(left) == 2 && len(right) == 1 && t.isNumber(right[0]) && starOf(left, right[0]) {
		return nusKey{num: t.nodes[right[0]].num, ups: 1, nim: 1}, true
	}
	if len(left) == 1 && len(right) == 2 && t.isNumber(left[0]) && starOf(right, left[0]) {
		return nusKey{num: t.nodes[left[0]].num, ups: -1, nim: 1}, true
	}
	// x*m = {x, x*, …, x*(m-1) | the same}.
	if slices.Equal(left, right) {
		var x Dyadic
		seen := make([]bool, len(left))
		for i, g := range left {
			n := &t.nodes[g]
			if !n.nus || n.ups != 0 || int(n.nim) >= len(left) || seen[n.nim] || i > 0 && n.num != x {
				return nusKey{}, false
			}
			x = n.num
			seen[n.nim] = true
		}
		return nusKey{num: x, nim: uint32(len(left))}, true
	}
	return nusKey{}, false
}

// canonical returns the canonical form of {left | right}, whose options
// are canonical: duplicates and dominated options removed, reversible
// options bypassed, until none is left (Siegel, Combinatorial Game Theory,
// II.2; Winning Ways, ch. 3). The slices are not kept.
func (t *table) canonical(left, right []Game) Game {
	t.spend()
	left = sortUnique(slices.Clone(left))
	right = sortUnique(slices.Clone(right))
	if g, ok := t.allNumbers(left, right); ok {
		return g
	}
	for {
		left = t.undominated(left, true)
		right = t.undominated(right, false)
		var changed bool
		if left, changed = t.bypassLeft(left, right); changed {
			continue
		}
		if right, changed = t.bypassRight(left, right); changed {
			continue
		}
		break
	}
	if key, ok := t.classify(left, right); ok {
		g := t.nus(key.num, key.ups, key.nim)
		return g
	}
	return t.intern(left, right)
}

func sortUnique(gs []Game) []Game {
	slices.Sort(gs)
	return slices.Compact(gs)
}

// allNumbers values a game whose options are all numbers: the simplest
// number between Left's best and Right's best when Left's is below, and
// otherwise {a | b} with those two alone (a* when they are equal).
func (t *table) allNumbers(left, right []Game) (Game, bool) {
	var lo, hi *Dyadic
	for _, g := range left {
		if !t.isNumber(g) {
			return 0, false
		}
		if x := t.nodes[g].num; lo == nil || lo.Less(x) {
			lo = &x
		}
	}
	for _, g := range right {
		if !t.isNumber(g) {
			return 0, false
		}
		if x := t.nodes[g].num; hi == nil || x.Less(*hi) {
			hi = &x
		}
	}
	switch {
	case lo == nil || hi == nil || lo.Less(*hi):
		return t.number(simplestBetween(lo, hi)), true
	case *lo == *hi:
		return t.nus(*lo, 0, 1), true
	}
	return t.intern([]Game{t.number(*lo)}, []Game{t.number(*hi)}), true
}

// undominated drops the options another option beats: for Left those below
// another, for Right those above.
func (t *table) undominated(opts []Game, forLeft bool) []Game {
	if len(opts) < 2 {
		return opts
	}
	alive := make([]bool, len(opts))
	for i := range alive {
		alive[i] = true
	}
	for i := range opts {
		if !alive[i] {
			continue
		}
		for j := range opts {
			if i == j || !alive[j] {
				continue
			}
			var beaten bool
			if forLeft {
				beaten = t.leq(opts[i], opts[j])
			} else {
				beaten = t.leq(opts[j], opts[i])
			}
			if beaten {
				alive[i] = false
				break
			}
		}
	}
	out := opts[:0]
	for i, g := range opts {
		if alive[i] {
			out = append(out, g)
		}
	}
	return out
}

// bypassLeft replaces the first reversible Left option A (one with a Right
// option A^R ≤ G) by A^R's Left options.
func (t *table) bypassLeft(left, right []Game) ([]Game, bool) {
	for i, a := range left {
		for _, ar := range t.right(a) {
			if t.leqGame(ar, left, right) {
				next := append(slices.Clone(left[:i]), left[i+1:]...)
				next = append(next, t.left(ar)...)
				return sortUnique(next), true
			}
		}
	}
	return left, false
}

// bypassRight replaces the first reversible Right option B (one with a
// Left option B^L ≥ G) by B^L's Right options.
func (t *table) bypassRight(left, right []Game) ([]Game, bool) {
	for i, b := range right {
		for _, bl := range t.left(b) {
			if t.gameLeq(left, right, bl) {
				next := append(slices.Clone(right[:i]), right[i+1:]...)
				next = append(next, t.right(bl)...)
				return sortUnique(next), true
			}
		}
	}
	return right, false
}

// leqGame reports x ≤ {left | right} for a canonical x and a game given by
// canonical options, by the definition: no Right option of the game is
// ≤ x, and the game is ≤ no Left option of x.
func (t *table) leqGame(x Game, left, right []Game) bool {
	for _, r := range right {
		if t.leq(r, x) {
			return false
		}
	}
	for _, xl := range t.left(x) {
		if t.gameLeq(left, right, xl) {
			return false
		}
	}
	return true
}

// gameLeq reports {left | right} ≤ y, by the definition.
func (t *table) gameLeq(left, right []Game, y Game) bool {
	for _, l := range left {
		if t.leq(y, l) {
			return false
		}
	}
	for _, yr := range t.right(y) {
		if t.leqGame(yr, left, right) {
			return false
		}
	}
	return true
}
