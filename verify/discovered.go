package verify

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// The table of a game whose ranks the tier engine discovered (a rules
// file: sente.Expander) holds, beside each tier's values, the tier's
// positions as sorted keys (store.Keys). A rank's position is the key at
// that rank, and a child's place is found here by its own bytes and the
// tier the game gives it, with a binary search of this package's own over
// the child tier's keys.

// keyTier is one tier's stored keys and values, mapped.
type keyTier struct {
	keys, values *store.Table
	width        int // bytes a key
	n            uint64
	cells        []store.Cell
	// turns is whose turn it is at each rank, a bit a rank (set: the
	// second player), stored after the keys and how each position ends.
	// The check of each rank holds its bit to the game's Turn, so that a
	// child's bit is the game's too once its tier is checked.
	turns []byte
	// margins are the tier's margin cells, Margins then MarginPlies,
	// when the tables hold margins; mtabs their tables.
	margins [2][]store.Cell
	mtabs   [2]*store.Table
}

// close unmaps the tier's tables.
func (k *keyTier) close() {
	k.keys.Close()
	k.values.Close()
	for _, tab := range k.mtabs {
		if tab != nil {
			tab.Close()
		}
	}
}

// second reports whether the second player is to move at rank r, by the
// stored bit.
func (k *keyTier) second(r uint64) bool { return k.turns[r/8]&(1<<(r%8)) != 0 }

// key is the bytes of rank r, with their zero padding.
func (k *keyTier) key(r uint64) []byte {
	lo := 8 + r*uint64(k.width)
	return k.keys.Data[lo : lo+uint64(k.width)]
}

// find is the rank of the position of bytes b, and false when the tier
// does not hold it. Keys compare as byte strings, each word's bytes from
// the highest: the bytes of a word stored little-endian read backwards.
func (k *keyTier) find(b []byte, pad []byte) (uint64, bool) {
	if len(b) > k.width {
		return 0, false
	}
	pad = pad[:k.width]
	clear(pad)
	for i, c := range b {
		pad[i/8*8+7-i%8] = c
	}
	lo, hi := uint64(0), k.n
	for lo < hi {
		mid := lo + (hi-lo)/2
		key := k.key(mid)
		c := 0
		for w := 0; w < k.width && c == 0; w += 8 {
			c = compareWord(key[w:w+8], pad[w:w+8])
		}
		switch {
		case c == 0:
			return mid, true
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false
}

func compareWord(a, b []byte) int {
	x, y := binary.LittleEndian.Uint64(a), binary.LittleEndian.Uint64(b)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// bytesOf is the position bytes of rank r, in the order the game wrote
// them (words stored little-endian, each holding eight bytes from its
// highest).
func (k *keyTier) bytesOf(dst []byte, r uint64) []byte {
	key := k.key(r)
	for w := 0; w < k.width; w += 8 {
		for i := 7; i >= 0; i-- {
			dst = append(dst, key[w+i])
		}
	}
	return dst
}

// discoveredTable checks the stored table of a game whose ranks were
// discovered, tier by tier in increasing number (a move never goes to a
// lower tier): every position against the stored cells of its children.
func discoveredTable(ctx context.Context, g sente.Game, x sente.Expander, gs *store.GameStore, opt Options) (Report, error) {
	began := time.Now()
	var rep Report
	tiers, err := gs.Tiers(store.Keys)
	if err != nil {
		return rep, err
	}
	values, err := gs.Tiers(store.Values)
	if err != nil {
		return rep, err
	}
	if len(tiers) == 0 {
		return rep, fmt.Errorf("verify: no stored table of %q in %s", gs.Spec, gs.Dir)
	}
	// The forward pass stores every tier's keys before any values: a tier
	// with keys and no values is one the solve has still to do, and one
	// with values and no keys has lost the keys its ranks index, which a
	// solve finds again.
	var missing []int
	for _, t := range tiers {
		if !slices.Contains(values, t) {
			missing = append(missing, t)
		}
	}
	for _, t := range values {
		if !slices.Contains(tiers, t) {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return rep, &Incomplete{Missing: missing}
	}
	// The plan of the tiers, stored once the forward pass has found
	// every tier's keys, and each tier's keys and values: damage to any of
	// them is damage, found before any position is checked, not a wrong
	// value of the position whose move first reads them.
	if err := checkFile(gs, store.Tiers, true, "the plan of its tiers ("+store.FileName(0, store.Tiers)+")"); err != nil {
		return rep, err
	}
	for _, t := range tiers {
		for _, kind := range []store.Kind{store.Keys, store.Values} {
			tab, err := gs.Open(t, kind)
			if err != nil {
				return rep, err
			}
			err = tab.Verify()
			tab.Close()
			if err != nil {
				return rep, err
			}
		}
		if err := ctx.Err(); err != nil {
			return rep, err
		}
	}
	v := &keyVerifier{game: g, x: x, gs: gs, opt: opt, open: map[int]*keyTier{}, tally: tally{report: opt.Progress},
		alternates: sente.CapabilitiesOf(g).Alternates()}
	defer v.closeAll()
	if v.margins, err = storedMargins(g, gs, tiers); err != nil {
		return rep, err
	}
	if v.margins {
		v.scorer = sente.CapabilitiesOf(g).Scorer
		rep.Margins = true
	}
	for _, t := range tiers {
		tab, err := gs.Open(t, store.Values)
		if err != nil {
			return rep, err
		}
		v.total += tab.Header.Ranks
		tab.Close()
	}
	caps := sente.CapabilitiesOf(g)
	startBytes, err := x.AppendBytes(nil, g.Start())
	if err != nil {
		return rep, err
	}
	startTier := 0
	if caps.Tiered != nil && caps.Encoder != nil {
		startTier = caps.Tiered.Tier(caps.Encoder.Encode(g.Start()))
	}
	st, err := v.tier(startTier)
	if err != nil {
		return rep, err
	}
	sr, ok := st.find(startBytes, make([]byte, st.width))
	if !ok {
		return rep, &Inconsistency{Tier: startTier, Position: g.FormatPosition(g.Start()), Why: "the start position is not among the stored keys of its tier"}
	}
	if c := st.cells[sr]; c == store.Unreachable {
		return rep, &Inconsistency{Tier: startTier, Rank: sr, Position: g.FormatPosition(g.Start()), Stored: c, Why: "the start position is stored as unreachable"}
	} else {
		rep.Start = c.Outcome()
	}
	rep.Tiers = slices.Clone(tiers)
	for _, t := range tiers {
		v.closeBelow(t)
		kt, err := v.tier(t)
		if err != nil {
			return rep, err
		}
		n, err := v.check(ctx, t, kt)
		rep.Positions += n
		rep.Ranks += kt.n
		if err != nil {
			rep.Elapsed = time.Since(began)
			return rep, err
		}
	}
	rep.Elapsed = time.Since(began)
	return rep, nil
}

type keyVerifier struct {
	game sente.Game
	x    sente.Expander
	gs   *store.GameStore
	opt  Options
	// alternates: the game promises that every move passes the turn, and
	// the stored turns are not read.
	alternates bool
	tally
	// margins: the tables hold margins, checked with the values
	// (margins.go).
	margins bool
	scorer  sente.Scorer

	mu   sync.Mutex // guards open
	open map[int]*keyTier
}

// tier maps tier t's keys and values, checking every block once.
func (v *keyVerifier) tier(t int) (*keyTier, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if kt := v.open[t]; kt != nil {
		return kt, nil
	}
	keys, err := v.gs.Open(t, store.Keys)
	if err != nil {
		return nil, err
	}
	vals, err := v.gs.Open(t, store.Values)
	if err != nil {
		keys.Close()
		return nil, err
	}
	kt := &keyTier{keys: keys, values: vals, n: keys.Header.Counts.Positions}
	fail := func(err error) (*keyTier, error) {
		kt.close()
		return nil, err
	}
	for i, kind := range store.MarginKinds {
		if !v.margins {
			break
		}
		tab, err := v.gs.Open(t, kind)
		if err != nil {
			return fail(err)
		}
		kt.mtabs[i] = tab
		if err := tab.Verify(); err != nil {
			return fail(err)
		}
		if kt.margins[i], err = tab.LoadCells(); err != nil {
			return fail(err)
		}
		if uint64(len(kt.margins[i])) != kt.n {
			return fail(fmt.Errorf("verify: tier %d holds %d keys and %d cells of %s", t, kt.n, len(kt.margins[i]), kind))
		}
	}
	if kt.cells, err = vals.LoadCells(); err != nil {
		return fail(err)
	}
	if err := keys.Verify(); err != nil {
		return fail(err)
	}
	if err := vals.Verify(); err != nil {
		return fail(err)
	}
	if len(keys.Data) < 8 {
		return fail(fmt.Errorf("verify: the keys of tier %d are %d bytes", t, len(keys.Data)))
	}
	words := binary.LittleEndian.Uint64(keys.Data)
	kt.width = int(8 * words)
	if words == 0 || words > 1<<20 || uint64(len(kt.cells)) != kt.n {
		return fail(fmt.Errorf("verify: tier %d holds %d keys of %d words in %d bytes, and %d cells", t, kt.n, words, len(keys.Data), len(kt.cells)))
	}
	// The keys, then how each ends (two bits a rank), then whose turn it
	// is (a bit a rank). Tables without the turns were solved by a sente
	// that took every move to pass the turn.
	ends := 8 + kt.n*uint64(kt.width) + (kt.n+3)/4
	switch size := uint64(len(keys.Data)); {
	case size == ends:
		return fail(fmt.Errorf("verify: the keys of tier %d say nothing of whose turn it is: tables of an older sente, which solved a move after which the same player moves again as if it passed the turn; solve the game again", t))
	case size != ends+(kt.n+7)/8:
		return fail(fmt.Errorf("verify: tier %d holds %d keys of %d words in %d bytes, and %d cells", t, kt.n, words, len(keys.Data), len(kt.cells)))
	}
	kt.turns = keys.Data[ends:]
	for r := uint64(1); r < kt.n; r++ {
		a, b := kt.key(r-1), kt.key(r)
		c := 0
		for w := 0; w < kt.width && c == 0; w += 8 {
			c = compareWord(a[w:w+8], b[w:w+8])
		}
		if c >= 0 {
			return fail(fmt.Errorf("verify: the keys of tier %d are out of order at rank %d", t, r))
		}
	}
	v.open[t] = kt
	return kt, nil
}

// closeBelow unmaps the tiers below t, which no later tier leads to.
func (v *keyVerifier) closeBelow(t int) {
	v.mu.Lock()
	defer v.mu.Unlock()
	for u, kt := range v.open {
		if u < t {
			kt.close()
			delete(v.open, u)
		}
	}
}

// closeAll unmaps every tier.
func (v *keyVerifier) closeAll() { v.closeBelow(math.MaxInt) }

// check checks every reachable rank of tier t, on all workers, and returns
// the positions checked and the first inconsistency by rank.
func (v *keyVerifier) check(ctx context.Context, t int, kt *keyTier) (uint64, error) {
	return checkBlocks(ctx, v.opt, kt.n, 1<<12, func() func(lo, hi uint64) (uint64, *Inconsistency) {
		var (
			x        sente.Expansion
			buf, pad []byte
		)
		return func(lo, hi uint64) (uint64, *Inconsistency) {
			var n uint64
			for r := lo; r < hi; r++ {
				if kt.cells[r] == store.Unreachable {
					continue
				}
				n++
				buf = kt.bytesOf(buf[:0], r)
				var bad *Inconsistency
				if bad, pad = v.checkRank(kt, t, r, kt.cells[r], buf, &x, pad); bad != nil {
					return n, bad
				}
			}
			return n, nil
		}
	}, v.add)
}

// checkRank checks one reachable rank of the tier own, whose position's
// bytes are b.
func (v *keyVerifier) checkRank(own *keyTier, t int, r uint64, stored store.Cell, b []byte, x *sente.Expansion, pad []byte) (*Inconsistency, []byte) {
	bad := func(implied sente.Outcome, format string, args ...any) *Inconsistency {
		e := &Inconsistency{Tier: t, Rank: r, Stored: stored, Implied: implied, Why: fmt.Sprintf(format, args...)}
		if p, err := v.x.FromBytes(b); err == nil {
			e.Position = v.game.FormatPosition(p)
		}
		return e
	}
	x.NoTurn = v.alternates
	if err := v.x.Expand(b, x); err != nil {
		return bad(sente.Outcome{}, "the game fails on it: %v", err), pad
	}
	second := !v.alternates && own.second(r)
	if !v.alternates && second != (x.Turn == sente.Second) {
		return bad(sente.Outcome{}, "the %v player is to move, but the stored keys say the other", x.Turn), pad
	}
	if x.Ended {
		if x.Value != sente.Win && x.Value != sente.Lose && x.Value != sente.Tie {
			return bad(sente.Outcome{}, "the game says it ended with %v; a game ends with win, lose or tie", x.Value), pad
		}
		implied := sente.Outcome{Value: x.Value}
		if stored.Outcome() != implied {
			return bad(implied, "the game has ended with %v", implied), pad
		}
		if v.margins {
			p, err := v.x.FromBytes(b)
			if err != nil {
				return bad(implied, "its bytes read back as no position: %v", err), pad
			}
			if why := checkEndedMargin(v.scorer, p, own.margins[0][r], own.margins[1][r]); why != "" {
				return bad(implied, "%s", why), pad
			}
		}
		return nil, pad
	}
	var f fold
	var mf marginFold
	for i := range x.Len() {
		child, ct := x.Child(i), x.Tiers[i]
		name := func() string {
			if p, err := v.x.FromBytes(child); err == nil {
				return v.game.FormatPosition(p)
			}
			return fmt.Sprintf("%x", child)
		}
		if ct < t {
			return bad(sente.Outcome{}, "its move to %q goes down to tier %d", name(), ct), pad
		}
		kt, err := v.tier(ct)
		if err != nil {
			return bad(sente.Outcome{}, "its move to %q: tier %d: %v", name(), ct, err), pad
		}
		if len(pad) < kt.width {
			pad = make([]byte, kt.width)
		}
		cr, ok := kt.find(child, pad)
		if !ok {
			return bad(sente.Outcome{}, "its move to %q (tier %d) is not among the tier's stored keys", name(), ct), pad
		}
		keeps := !v.alternates && kt.second(cr) == second
		why := f.add(kt.cells[cr], keeps)
		if why == "" && v.margins {
			why = mf.add(kt.margins[0][cr], kt.margins[1][cr], keeps)
		}
		if why != "" {
			return bad(sente.Outcome{}, "its move to %q (tier %d rank %d): %s", name(), ct, cr, why), pad
		}
	}
	implied := f.implied()
	if stored.Outcome() != implied {
		if f.moves == 0 {
			return bad(implied, "the position has no moves, so it is lost in 0"), pad
		}
		return bad(implied, "its children imply %v", implied), pad
	}
	if v.margins {
		if why := checkFoldedMargin(mf, own.margins[0][r], own.margins[1][r]); why != "" {
			return bad(implied, "%s", why), pad
		}
	}
	return nil, pad
}
