package misere

import (
	"encoding/binary"
	"errors"
	"slices"
	"sync"
)

// Game is a misère canonical form of a short impartial game: an index into
// the table shared by the process. Equal games (misère) are the same Game.
// The zero Game is 0, the game with no options.
type Game uint32

// Zero is the game with no options, won under misère play by the player to
// move, who cannot.
const Zero Game = 0

// Outcome is the misère outcome class of an impartial game: N when the
// player to move wins, P when the other player does.
type Outcome uint8

const (
	N Outcome = iota // the player to move (the next player) wins
	P                // the player who moved last (the previous player) wins
)

func (o Outcome) String() string {
	if o == P {
		return "P"
	}
	return "N"
}

// table holds every canonical form made: its options (sorted by birthday,
// then id), birthday, normal-play and misère Grundy values, and the index
// from option sets to forms. A table only grows.
type table struct {
	opts     [][]Game
	birthday []int32
	grundy   []int32 // normal play: the mex of the options' values
	mgrundy  []int32 // misère play: 1 for 0, else the mex of the options'
	byKey    map[string]Game
	sums     map[[2]Game]Game
	genera   map[Game][]int32
	nims     []Game
	key      []byte
	// left, when above 0, is how many more forms, options and sums may be
	// made before add or sum panics with errBudget (Parse's bound on its
	// work); newSums lists the sums made meanwhile, so that rollback can
	// take them out again.
	left    int
	newSums [][2]Game
}

// checkpoint is how large a table was at a moment, to roll it back to.
type checkpoint struct{ forms, nims int }

// checkpoint returns the table's size now, and starts the list of new
// sums.
func (t *table) checkpoint() checkpoint {
	t.newSums = t.newSums[:0]
	return checkpoint{forms: len(t.opts), nims: len(t.nims)}
}

// rollback forgets every form and sum made since m, so that work given up
// (Parse's past its budget) leaves nothing behind in a process's table:
// forms are only ever appended, and a form made since m is referred to only
// by forms and sums made since m too.
func (t *table) rollback(m checkpoint) {
	for g := m.forms; g < len(t.opts); g++ {
		delete(t.byKey, t.keyOf(t.opts[g]))
	}
	for _, k := range t.newSums {
		delete(t.sums, k)
	}
	t.newSums = t.newSums[:0]
	clear(t.opts[m.forms:])
	t.opts = t.opts[:m.forms]
	t.birthday = t.birthday[:m.forms]
	t.grundy = t.grundy[:m.forms]
	t.mgrundy = t.mgrundy[:m.forms]
	t.nims = t.nims[:m.nims]
}

// errBudget is add's panic when a budget of forms runs out.
var errBudget = errors.New("misere: the budget of new forms ran out")

func newTable() *table {
	t := &table{byKey: map[string]Game{}, sums: map[[2]Game]Game{}, genera: map[Game][]int32{}}
	t.opts = append(t.opts, nil)
	t.birthday = append(t.birthday, 0)
	t.grundy = append(t.grundy, 0)
	t.mgrundy = append(t.mgrundy, 1)
	t.byKey[""] = Zero
	t.nims = append(t.nims, Zero)
	return t
}

// shared is the process's table; mu guards it.
var (
	mu     sync.Mutex
	shared = newTable()
)

// keyOf is the index key of a sorted option list.
func (t *table) keyOf(opts []Game) string {
	t.key = t.key[:0]
	for _, o := range opts {
		t.key = binary.LittleEndian.AppendUint32(t.key, uint32(o))
	}
	return string(t.key)
}

// sortOptions sorts options by birthday, then id, and drops repeats.
func (t *table) sortOptions(opts []Game) []Game {
	slices.SortFunc(opts, func(a, b Game) int {
		if d := t.birthday[a] - t.birthday[b]; d != 0 {
			return int(d)
		}
		return int(a) - int(b)
	})
	return slices.Compact(opts)
}

func (t *table) hasOption(g, o Game) bool {
	for _, x := range t.opts[g] {
		if x == o {
			return true
		}
	}
	return false
}

// canon returns the canonical form of the game whose options are the
// canonical forms opts (which it may reorder).
func (t *table) canon(opts []Game) Game {
	opts = t.sortOptions(opts)
	if g, ok := t.byKey[t.keyOf(opts)]; ok {
		return g
	}
	if g, ok := t.reduce(opts); ok {
		return g
	}
	return t.add(opts)
}

// reduce finds the simpler form a game with the canonical options opts
// (sorted, not a form already made) equals, if it has one.
//
// The Grundy–Smith rule: if every option outside a canonical game R whose
// options are among opts has R as an option, the game equals R (each such
// option is reversible: it has an option, R, equal to the game), with
// Conway's proviso when R is 0: some option must then be a P-position,
// since 0 is won by the player to move and the game must be too. By
// Conway's theorem (ONAG ch. 12; Siegel, CGT ch. V §1) the forms so
// reduced, hereditarily, are unique, so a game with canonical options that
// reduces to no R is itself canonical.
//
// Where R can be: an option with R as an option is born after R, which is
// born one day after its last option; so R's options are exactly those of
// opts born before some day, with no option of opts born that day. Sorted
// by birthday, R is a prefix of opts followed by a gap of two days or more,
// and R need only be looked for there (R nonzero), or be 0 (every option
// has 0 as an option). R must also have been made already: it is an option
// of an option.
func (t *table) reduce(opts []Game) (Game, bool) {
	if len(opts) > 0 && opts[0] != Zero {
		all, someP := true, false
		for _, o := range opts {
			if !t.hasOption(o, Zero) {
				all = false
				break
			}
			someP = someP || t.mgrundy[o] == 0
		}
		if all && someP {
			return Zero, true
		}
	}
	for j := 1; j < len(opts); j++ {
		if t.birthday[opts[j]] <= t.birthday[opts[j-1]]+1 {
			continue
		}
		r, ok := t.byKey[t.keyOf(opts[:j])]
		if !ok {
			continue
		}
		reversible := true
		for _, o := range opts[j:] {
			if !t.hasOption(o, r) {
				reversible = false
				break
			}
		}
		if reversible {
			return r, true
		}
	}
	return 0, false
}

// add records a canonical form.
func (t *table) add(opts []Game) Game {
	t.spend(1 + len(opts))
	g := Game(len(t.opts))
	owned := slices.Clone(opts)
	var born int32
	var seen, mseen uint64
	var big []bool // values of 64 and more, rare
	for _, o := range owned {
		born = max(born, t.birthday[o]+1)
		seen, big = mark(seen, big, t.grundy[o])
	}
	gv := mexOf(seen, big)
	big = nil
	for _, o := range owned {
		mseen, big = mark(mseen, big, t.mgrundy[o])
	}
	mv := mexOf(mseen, big)
	if len(owned) == 0 {
		mv = 1
	}
	t.opts = append(t.opts, owned)
	t.birthday = append(t.birthday, born)
	t.grundy = append(t.grundy, gv)
	t.mgrundy = append(t.mgrundy, mv)
	t.byKey[t.keyOf(owned)] = g
	return g
}

// spend takes n from the budget, when there is one, and panics with
// errBudget when it runs out.
func (t *table) spend(n int) {
	if t.left > 0 {
		t.left -= n
		if t.left <= 0 {
			panic(errBudget)
		}
	}
}

// mark adds v to a set of small values kept as bits, and larger ones in a
// slice of flags.
func mark(bits uint64, big []bool, v int32) (uint64, []bool) {
	if v < 64 {
		return bits | 1<<v, big
	}
	for int(v-64) >= len(big) {
		big = append(big, false)
	}
	big[v-64] = true
	return bits, big
}

func mexOf(bits uint64, big []bool) int32 {
	for v := int32(0); v < 64; v++ {
		if bits&(1<<v) == 0 {
			return v
		}
	}
	for i, b := range big {
		if !b {
			return int32(64 + i)
		}
	}
	return int32(64 + len(big))
}

// nim returns the nim-heap *n, whose options are the smaller heaps; it is
// canonical in misère play too.
func (t *table) nim(n int) Game {
	for len(t.nims) <= n {
		t.nims = append(t.nims, t.canon(slices.Clone(t.nims)))
	}
	return t.nims[n]
}

// sum returns the canonical form of a+b: its options are a'+b and a+b'.
func (t *table) sum(a, b Game) Game {
	if a == Zero {
		return b
	}
	if b == Zero {
		return a
	}
	if a > b {
		a, b = b, a
	}
	if s, ok := t.sums[[2]Game{a, b}]; ok {
		return s
	}
	opts := make([]Game, 0, len(t.opts[a])+len(t.opts[b]))
	for _, x := range t.opts[a] {
		opts = append(opts, t.sum(x, b))
	}
	for _, y := range t.opts[b] {
		opts = append(opts, t.sum(a, y))
	}
	s := t.canon(opts)
	if t.left > 0 {
		t.spend(1)
		t.newSums = append(t.newSums, [2]Game{a, b})
	}
	t.sums[[2]Game{a, b}] = s
	return s
}

// isNim reports whether g is a nim-heap, and which.
func (t *table) isNim(g Game) (int, bool) {
	n := len(t.opts[g])
	if int(t.birthday[g]) != n {
		return 0, false
	}
	for i, o := range t.opts[g] {
		if o != t.nim(i) {
			return 0, false
		}
	}
	return n, true
}

// Nim returns the nim-heap *n (n ≥ 0).
func Nim(n int) Game {
	mu.Lock()
	defer mu.Unlock()
	return shared.nim(n)
}

// FromOptions returns the canonical form of the game whose options are
// opts.
func FromOptions(opts ...Game) Game {
	mu.Lock()
	defer mu.Unlock()
	return shared.canon(slices.Clone(opts))
}

// Sum returns the canonical form of the disjunctive sum of games.
func Sum(games ...Game) Game {
	mu.Lock()
	defer mu.Unlock()
	s := Zero
	for _, g := range games {
		s = shared.sum(s, g)
	}
	return s
}

// Add returns g+h.
func (g Game) Add(h Game) Game { return Sum(g, h) }

// Options returns the options of the canonical form, sorted by birthday.
func (g Game) Options() []Game {
	mu.Lock()
	defer mu.Unlock()
	return slices.Clone(shared.opts[g])
}

// Birthday is the canonical form's birthday: 0 for 0, else one more than
// its options' latest.
func (g Game) Birthday() int {
	mu.Lock()
	defer mu.Unlock()
	return int(shared.birthday[g])
}

// Outcome is the misère outcome: P when the misère Grundy value is 0.
func (g Game) Outcome() Outcome {
	if g.MisereGrundy() == 0 {
		return P
	}
	return N
}

// Grundy is the normal-play Grundy value (γ0 of the genus): misère-equal
// games have the same one.
func (g Game) Grundy() int {
	mu.Lock()
	defer mu.Unlock()
	return int(shared.grundy[g])
}

// MisereGrundy is the misère Grundy value G⁻ (γ1 of the genus): 1 for 0,
// else the mex of the options' values. G+*n is a misère P-position exactly
// when n is G's misère Grundy value, so equal games share it; the player
// to move loses G alone exactly when it is 0.
func (g Game) MisereGrundy() int {
	mu.Lock()
	defer mu.Unlock()
	return int(shared.mgrundy[g])
}

// IsNim reports whether g is a nim-heap *n, and n.
func (g Game) IsNim() (int, bool) {
	mu.Lock()
	defer mu.Unlock()
	return shared.isNim(g)
}
