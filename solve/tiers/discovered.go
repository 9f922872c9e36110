package tiers

import (
	"encoding/binary"
	"fmt"
	"sync"
	"sync/atomic"

	"sente"
	"sente/store"
	"sente/store/tables"
)

// discovered is a game whose ranks the forward pass discovered (see
// discover.go), as the tier engine sees a game with ranks: a key is a
// place, a tier and a rank in it, and ranks are looked up in the tiers'
// key lists, which are mapped from the sink when first needed. Positions
// are the game's own: Decode gives them, Encode takes them.
type discovered struct {
	sente.Game
	caps  sente.Capabilities // the game's
	x     sente.Expander
	sink  TierSink
	plan  *tierPlan
	tiers []discoveredTier // by tier number

	mu      sync.Mutex // held to open or drop a tier's keys
	scratch sync.Pool  // *expandScratch, for calls outside the engine
	// solving is set while the engine solves: a tier's keys are then read
	// whole, checked and indexed; otherwise an answer reads a few.
	solving atomic.Bool
	// movesBytes is the size of the moves the forward pass recorded.
	movesBytes int64
}

type discoveredTier struct {
	planned  bool
	size     uint64
	loops    bool
	children []int
	keys     atomic.Pointer[keyIndex]
	tbl      *store.Table   // the mapped keys, while keys is set
	moves    *recordedMoves // the forward pass's record of its moves, if any
}

// A place key is a tier and a rank: the tier in the top bits.
const placeRankBits = 44

func placeKey(t int, r uint64) uint64 { return uint64(t)<<placeRankBits | r }
func placeOf(key uint64) (int, uint64) {
	return int(key >> placeRankBits), key & (1<<placeRankBits - 1)
}
func (d *discovered) planned(t int) bool    { return t >= 0 && t < len(d.tiers) && d.tiers[t].planned }
func (d *discovered) Tier(key uint64) int   { t, _ := placeOf(key); return t }
func (d *discovered) TierSize(t int) uint64 { return d.tiers[t].size }
func (d *discovered) ChildTiers(t int) []int {
	return d.tiers[t].children
}
func (d *discovered) TierLoops(t int) bool { return d.tiers[t].loops }

var (
	_ sente.Capable         = (*discovered)(nil)
	_ sente.Encoder         = (*discovered)(nil)
	_ sente.TierRanker      = (*discovered)(nil)
	_ sente.TierChildRanker = (*discovered)(nil)
	_ sente.Tiered          = (*discovered)(nil)
	_ sente.TurnKeyer       = (*discovered)(nil)
	_ tables.Places         = (*discovered)(nil)
)

// openDiscovered reads the plan of tiers the sink holds.
func openDiscovered(g sente.Game, caps sente.Capabilities, sink TierSink) (*discovered, error) {
	tbl, err := sink.Open(0, store.Tiers)
	if err != nil {
		return nil, fmt.Errorf("solve by tiers: reading the plan of tiers: %w", err)
	}
	plan, err := decodeTierPlan(tbl.Data)
	tbl.Close()
	if err != nil {
		return nil, err
	}
	d := &discovered{Game: g, caps: caps, x: caps.Expander, sink: sink, plan: plan}
	for _, pt := range plan.tiers {
		for pt.tier >= len(d.tiers) {
			d.tiers = append(d.tiers, discoveredTier{})
		}
		if pt.size >= 1<<placeRankBits {
			return nil, fmt.Errorf("solve by tiers: tier %d holds %d positions, more than %d", pt.tier, pt.size, uint64(1)<<placeRankBits)
		}
		dt := &d.tiers[pt.tier]
		dt.planned, dt.size, dt.loops, dt.children = true, pt.size, pt.loops, pt.children
	}
	for _, pt := range plan.tiers {
		for _, c := range pt.children {
			if !d.planned(c) || c <= pt.tier {
				return nil, fmt.Errorf("solve by tiers: the stored plan of tiers is damaged (tier %d leads to tier %d)", pt.tier, c)
			}
		}
	}
	if !d.planned(plan.rootTier) || plan.rootRank >= d.tiers[plan.rootTier].size {
		return nil, fmt.Errorf("solve by tiers: the stored plan of tiers is damaged (the root)")
	}
	d.scratch.New = func() any { return new(expandScratch) }
	return d, nil
}

// damagedKeys checks every block of every planned tier's keys, and says
// why each that fails does, naming its file.
func (d *discovered) damagedKeys() []error {
	var damaged []error
	for t := range d.tiers {
		if !d.tiers[t].planned {
			continue
		}
		tbl, err := d.sink.Open(t, store.Keys)
		if err == nil {
			err = tbl.Verify()
			tbl.Close()
		}
		if err != nil {
			damaged = append(damaged, err)
		}
	}
	return damaged
}

// checkRoot checks that the stored plan is the one of root.
func (d *discovered) checkRoot(root sente.Position) error {
	t, r := placeOf(d.Encode(root))
	if t != d.plan.rootTier || r != d.plan.rootRank {
		return fmt.Errorf("solve by tiers: the stored tiers were discovered from another position than %s", d.FormatPosition(root))
	}
	return nil
}

// Capabilities are the game's, with places for keys and the discovered
// ranks; the game's own rank formulas, scanners and un-moves, if any, are
// of its own keys and do not apply.
func (d *discovered) Capabilities() sente.Capabilities {
	c := d.caps
	c.Encoder, c.TierRanker, c.TierChildRanker, c.Tiered = d, d, d, d
	c.Ranker, c.TierScanner, c.SymmetricRanker, c.Unmover, c.Symmetric = nil, nil, nil, nil, nil
	c.TurnKeyer = nil
	if !c.Alternates() {
		c.TurnKeyer = d
	}
	if c.ExpandUnmover != nil {
		c.Unmover = placeParents{d}
	}
	return c
}

// placeParents are the un-moves of a game whose ranks were discovered, on
// places: the parents the game lists that its tier holds. A parent in
// another tier, or one the forward pass never reached, has no place, and
// the engine would ignore it.
type placeParents struct{ d *discovered }

func (p placeParents) AppendParents(dst []uint64, key uint64) []uint64 {
	d := p.d
	sc := d.scratch.Get().(*expandScratch)
	defer d.scratch.Put(sc)
	t, _ := placeOf(key)
	var err error
	if sc.buf, err = d.bytesOf(sc.buf[:0], key); err != nil {
		return dst
	}
	// A failure of the game's own code is the game's to report (the
	// engine asks sente.Erring after each pass).
	if d.caps.ExpandUnmover.Parents(sc.buf, &sc.x) != nil {
		return dst
	}
	for i := range sc.x.Len() {
		if r, ok, err := d.rank(sc, t, sc.x.Child(i)); err == nil && ok {
			dst = append(dst, placeKey(t, r))
		}
	}
	return dst
}

// index is tier t's key list, mapped from the sink when first asked for.
func (d *discovered) index(t int) (*keyIndex, error) {
	dt := &d.tiers[t]
	if x := dt.keys.Load(); x != nil {
		return x, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if x := dt.keys.Load(); x != nil {
		return x, nil
	}
	tbl, err := d.sink.Open(t, store.Keys)
	if err != nil {
		return nil, fmt.Errorf("solve by tiers: reading the keys of tier %d: %w", t, err)
	}
	whole := d.solving.Load()
	if whole {
		if err := tbl.Verify(); err != nil {
			tbl.Close()
			return nil, fmt.Errorf("solve by tiers: the keys of tier %d: %w", t, err)
		}
	}
	b := tbl.Data
	if len(b) < 8 {
		tbl.Close()
		return nil, fmt.Errorf("solve by tiers: the keys of tier %d are damaged", t)
	}
	words := int(binary.LittleEndian.Uint64(b))
	keyBytes := dt.size * uint64(words) * 8
	endBytes, turnBytes := (dt.size+3)/4, (dt.size+7)/8
	if words < 1 || uint64(len(b)-8) != keyBytes+endBytes+turnBytes {
		tbl.Close()
		return nil, fmt.Errorf("solve by tiers: the keys of tier %d: %d bytes for %d keys of %d words", t, len(b)-8, dt.size, words)
	}
	keys := keyList{words: words, data: wordsOf(b[8:], int(dt.size)*words)}
	var x *keyIndex
	if whole {
		x = newKeyIndex(keys)
	} else {
		// An answer reads a few keys of each tier on its way: their
		// blocks are checked as they are read, and no index is built,
		// which would read the whole tier.
		x = &keyIndex{keys: keys, check: func(lo, hi uint64) error {
			if err := tbl.VerifyRange(8+lo, 8+hi); err != nil {
				return fmt.Errorf("solve by tiers: the keys of tier %d: %w", t, err)
			}
			return nil
		}}
	}
	x.ends = b[8+keyBytes : 8+keyBytes+endBytes]
	x.endsAt = keyBytes
	x.turns = b[8+keyBytes+endBytes:]
	dt.tbl = tbl
	dt.keys.Store(x)
	return x, nil
}

// drop unmaps tier t's keys. No lookup may run meanwhile: the engine
// drops a tier between tiers, when its workers are idle.
func (d *discovered) drop(t int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	dt := &d.tiers[t]
	if dt.tbl != nil {
		dt.keys.Store(nil)
		dt.tbl.Close()
		dt.tbl = nil
	}
}

// forgetMoves closes tier t's recorded moves, once the tier is solved.
// No expansion may run meanwhile.
func (d *discovered) forgetMoves(t int) {
	if dt := &d.tiers[t]; dt.moves != nil {
		dt.moves.Close()
		dt.moves = nil
	}
}

// closeMoves closes every tier's recorded moves.
func (d *discovered) closeMoves() {
	for t := range d.tiers {
		d.forgetMoves(t)
	}
}

// Close unmaps every tier's keys.
func (d *discovered) Close() {
	for t := range d.tiers {
		d.drop(t)
	}
}

// expandScratch is one goroutine's room for expanding a position.
type expandScratch struct {
	x     sente.Expansion
	buf   []byte
	key   []uint64
	kids  []sente.TierPosition
	moves movesCursor
}

// bytesOf appends the bytes of the position at place key.
func (d *discovered) bytesOf(dst []byte, key uint64) ([]byte, error) {
	x, r, err := d.place(key)
	if err != nil {
		return dst, err
	}
	k, err := x.keyAt(r)
	if err != nil {
		return dst, err
	}
	return appendKeyBytes(dst, k), nil
}

// place is the keys of the tier of place key and its rank there, which
// must name a position.
func (d *discovered) place(key uint64) (*keyIndex, uint64, error) {
	t, r := placeOf(key)
	if !d.planned(t) || r >= d.tiers[t].size {
		return nil, 0, fmt.Errorf("solve by tiers: no position has rank %d in tier %d", r, t)
	}
	x, err := d.index(t)
	return x, r, err
}

// rank is the place of the position of bytes b in tier t, and false when
// the tier does not hold it.
func (d *discovered) rank(sc *expandScratch, t int, b []byte) (uint64, bool, error) {
	if !d.planned(t) {
		return 0, false, nil
	}
	x, err := d.index(t)
	if err != nil {
		return 0, false, err
	}
	if len(b) > 8*x.keys.words {
		return 0, false, nil
	}
	if cap(sc.key) < x.keys.words {
		sc.key = make([]uint64, x.keys.words)
	}
	sc.key = sc.key[:x.keys.words]
	putKey(sc.key, b)
	return x.lookup(sc.key)
}

// expand expands the position at place key: whether it has ended and
// with what, and otherwise its children's places. The forward pass knows
// which positions have ended, and a child is in its parent's tier or in
// one of the child tiers, the one whose keys hold it: the game is asked
// only for the moves, not again for results and tiers.
func (d *discovered) expand(sc *expandScratch, key uint64) (sente.Value, bool, []sente.TierPosition, error) {
	t, _ := placeOf(key)
	x, r, err := d.place(key)
	if err != nil {
		return sente.Unknown, false, nil, err
	}
	v, err := x.endAt(r)
	if err != nil {
		return sente.Unknown, false, nil, err
	}
	if v != sente.Unknown {
		return v, true, nil, nil
	}
	dt := &d.tiers[t]
	if dt.moves != nil {
		return d.recorded(sc, t, r)
	}
	k, err := x.keyAt(r)
	if err != nil {
		return sente.Unknown, false, nil, err
	}
	sc.buf = appendKeyBytes(sc.buf[:0], k)
	// Whose turn it is was stored with the keys.
	sc.x.Playing, sc.x.NoTiers, sc.x.NoTurn = true, true, true
	if err := d.x.Expand(sc.buf, &sc.x); err != nil {
		return sente.Unknown, false, nil, err
	}
	sc.kids = sc.kids[:0]
	for i := range sc.x.Len() {
		child := sc.x.Child(i)
		found := false
		if dt.loops {
			cr, ok, err := d.rank(sc, t, child)
			if err != nil {
				return sente.Unknown, false, nil, err
			}
			if ok {
				sc.kids = append(sc.kids, sente.TierPosition{Tier: t, Rank: cr})
				found = true
			}
		}
		for _, ct := range dt.children {
			if found {
				break
			}
			cr, ok, err := d.rank(sc, ct, child)
			if err != nil {
				return sente.Unknown, false, nil, err
			}
			if ok {
				sc.kids = append(sc.kids, sente.TierPosition{Tier: ct, Rank: cr})
				found = true
			}
		}
		if !found {
			return sente.Unknown, false, nil, fmt.Errorf("solve by tiers: %s (tier %d) has a move to %s, which the forward pass did not find in tier %d or the tiers it leads to %v: the game's moves are not the same from one call to the next",
				d.format(sc.buf), t, d.format(child), t, dt.children)
		}
	}
	return sente.Unknown, false, sc.kids, nil
}

// recorded is expand of rank r of tier t from the moves the forward pass
// recorded: the children's tiers are known, and only their ranks are
// looked up.
func (d *discovered) recorded(sc *expandScratch, t int, r uint64) (sente.Value, bool, []sente.TierPosition, error) {
	kids, err := sc.moves.children(d.tiers[t].moves, r)
	if err != nil {
		return sente.Unknown, false, nil, fmt.Errorf("solve by tiers: tier %d: %w", t, err)
	}
	sc.kids = sc.kids[:0]
	for _, k := range kids {
		ct := t + k.up
		cr, ok, err := d.rank(sc, ct, k.bytes)
		if err != nil {
			return sente.Unknown, false, nil, err
		}
		if !ok {
			return sente.Unknown, false, nil, fmt.Errorf("solve by tiers: tier %d rank %d has a recorded move to %s, which tier %d does not hold",
				t, r, d.format(k.bytes), ct)
		}
		sc.kids = append(sc.kids, sente.TierPosition{Tier: ct, Rank: cr})
	}
	return sente.Unknown, false, sc.kids, nil
}

func (d *discovered) format(b []byte) string {
	p, err := d.x.FromBytes(b)
	if err != nil {
		return fmt.Sprintf("the position of bytes %x", b)
	}
	return d.FormatPosition(p)
}

// Encode gives the place of p; a position no tier holds gets the rank
// past its tier's end, which the engine and solutions refuse.
func (d *discovered) Encode(p sente.Position) uint64 {
	key, _, _ := d.Place(p)
	return key
}

// Place is Encode that tells a position no tier holds (found false) from
// keys that cannot be read (err: a damaged file, named), which Encode
// cannot (tables.Places).
func (d *discovered) Place(p sente.Position) (key uint64, found bool, err error) {
	sc := d.scratch.Get().(*expandScratch)
	defer d.scratch.Put(sc)
	b, err := d.x.AppendBytes(sc.buf[:0], p)
	sc.buf = b
	t := 0
	if d.caps.Tiered != nil && d.caps.Encoder != nil {
		t = d.caps.Tiered.Tier(d.caps.Encoder.Encode(p))
	}
	if err != nil || !d.planned(t) {
		return placeKey(0, 1<<placeRankBits-1), false, nil
	}
	r, ok, err := d.rank(sc, t, b)
	if err != nil || !ok {
		return placeKey(t, d.tiers[t].size), false, err
	}
	return placeKey(t, r), true, nil
}

// Decode gives the position at a place. Places come from Encode or the
// engine, and the keys from checksummed files: a place that names no
// position decodes to nil.
func (d *discovered) Decode(key uint64) sente.Position {
	sc := d.scratch.Get().(*expandScratch)
	defer d.scratch.Put(sc)
	b, err := d.bytesOf(sc.buf[:0], key)
	sc.buf = b
	if err != nil {
		return nil
	}
	p, err := d.x.FromBytes(b)
	if err != nil {
		return nil
	}
	return p
}

func (d *discovered) AppendChildren(dst []uint64, key uint64) []uint64 {
	sc := d.scratch.Get().(*expandScratch)
	defer d.scratch.Put(sc)
	_, ended, kids, err := d.expand(sc, key)
	if err != nil || ended {
		return dst
	}
	for _, k := range kids {
		dst = append(dst, placeKey(k.Tier, k.Rank))
	}
	return dst
}

// TurnKey is whose turn it is at a place, as the forward pass found it and
// stored it with the keys: the game is not asked again. A place that names
// no position is the first player's.
func (d *discovered) TurnKey(key uint64) sente.Player {
	x, r, err := d.place(key)
	if err != nil {
		return sente.First
	}
	second, err := x.secondAt(r)
	if err != nil || !second {
		return sente.First
	}
	return sente.Second
}

func (d *discovered) EndedKey(key uint64) (sente.Value, bool) {
	sc := d.scratch.Get().(*expandScratch)
	defer d.scratch.Put(sc)
	v, ended, _, _ := d.expand(sc, key)
	return v, ended
}

func (d *discovered) TierRank(key uint64) (int, uint64) { return placeOf(key) }

func (d *discovered) Unrank(t int, r uint64) (uint64, bool) {
	if !d.planned(t) || r >= d.tiers[t].size {
		return 0, false
	}
	return placeKey(t, r), true
}

// NewChildRanker ranks children by expanding the position; the engine
// calls expand itself, which also says whether the position has ended.
func (d *discovered) NewChildRanker() sente.ChildRankFunc {
	sc := new(expandScratch)
	return func(dst []sente.TierPosition, key uint64) []sente.TierPosition {
		_, _, kids, _ := d.expand(sc, key)
		return append(dst, kids...)
	}
}
