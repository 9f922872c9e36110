package tables

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// Discovered is a game whose ranks the tier engine's forward pass
// discovered, read through the plan of tiers and the keys its solve
// stored, as a game with ranks: a key is a place, a tier and a rank in
// it, and ranks are looked up in the tiers' key lists, which are mapped
// from the source when first needed. Positions are the game's own: Decode
// gives them, Encode takes them. The tier engine solves the game through
// it (adding the moves its forward pass recorded); Open reads its tables
// through it.
type Discovered struct {
	sente.Game
	caps  sente.Capabilities // the game's
	x     sente.Expander
	src   Source
	plan  *DiscoveredPlan
	tiers []discoveredTier // by tier number

	mu      sync.Mutex // held to open or drop a tier's keys
	scratch sync.Pool  // *Scratch, for calls from outside
	// whole is set while a tier's keys are read whole, checked and
	// indexed (while the engine solves); otherwise an answer reads a few.
	whole atomic.Bool
}

type discoveredTier struct {
	planned  bool
	size     uint64
	loops    bool
	children []int
	keys     atomic.Pointer[KeyIndex]
	tbl      *store.Table // the mapped keys, while keys is set
}

// A place key is a tier and a rank: the tier in the top bits.
const placeRankBits = 44

// PlaceKey is the place of rank r of tier t.
func PlaceKey(t int, r uint64) uint64 { return uint64(t)<<placeRankBits | r }

// PlaceOf is the tier and rank of a place.
func PlaceOf(key uint64) (int, uint64) {
	return int(key >> placeRankBits), key & (1<<placeRankBits - 1)
}

func (d *Discovered) planned(t int) bool    { return t >= 0 && t < len(d.tiers) && d.tiers[t].planned }
func (d *Discovered) Tier(key uint64) int   { t, _ := PlaceOf(key); return t }
func (d *Discovered) TierSize(t int) uint64 { return d.tiers[t].size }
func (d *Discovered) ChildTiers(t int) []int {
	return d.tiers[t].children
}
func (d *Discovered) TierLoops(t int) bool { return d.tiers[t].loops }

var (
	_ sente.Capable         = (*Discovered)(nil)
	_ sente.Encoder         = (*Discovered)(nil)
	_ sente.TierRanker      = (*Discovered)(nil)
	_ sente.TierChildRanker = (*Discovered)(nil)
	_ sente.Tiered          = (*Discovered)(nil)
	_ sente.TurnKeyer       = (*Discovered)(nil)
	_ Places                = (*Discovered)(nil)
)

// OpenDiscovered reads the plan of tiers src holds for g, whose
// capabilities are caps. A plan of version 1 fails with
// ErrPlanBeforeTurns.
func OpenDiscovered(g sente.Game, caps sente.Capabilities, src Source) (*Discovered, error) {
	tbl, err := src.Open(0, store.Tiers)
	if err != nil {
		return nil, fmt.Errorf("solve by tiers: reading the plan of tiers: %w", err)
	}
	plan, err := DecodeDiscoveredPlan(tbl.Data)
	tbl.Close()
	if err != nil {
		return nil, err
	}
	d := &Discovered{Game: g, caps: caps, x: caps.Expander, src: src, plan: plan}
	for _, pt := range plan.Tiers {
		for pt.Tier >= len(d.tiers) {
			d.tiers = append(d.tiers, discoveredTier{})
		}
		if pt.Size >= 1<<placeRankBits {
			return nil, fmt.Errorf("solve by tiers: tier %d holds %d positions, more than %d", pt.Tier, pt.Size, uint64(1)<<placeRankBits)
		}
		dt := &d.tiers[pt.Tier]
		dt.planned, dt.size, dt.loops, dt.children = true, pt.Size, pt.Loops, pt.Children
	}
	for _, pt := range plan.Tiers {
		for _, c := range pt.Children {
			if !d.planned(c) || c <= pt.Tier {
				return nil, fmt.Errorf("solve by tiers: the stored plan of tiers is damaged (tier %d leads to tier %d)", pt.Tier, c)
			}
		}
	}
	if !d.planned(plan.RootTier) || plan.RootRank >= d.tiers[plan.RootTier].size {
		return nil, fmt.Errorf("solve by tiers: the stored plan of tiers is damaged (the root)")
	}
	d.scratch.New = func() any { return new(Scratch) }
	return d, nil
}

// openPlaces is Open for a game whose ranks the tier engine discovers:
// its tables are read through the plan and keys its solve stored, from
// the root they were discovered from.
func openPlaces(g sente.Game, src Source, from sente.Position, every bool) (*Tables, error) {
	root := from
	if root == nil {
		root = g.Start()
	}
	if every {
		return nil, errors.New("solve by tiers: every position: the game's ranks are discovered from the root, so only the positions it reaches have ranks")
	}
	if !src.Has(0, store.Tiers) {
		return nil, ErrNotStored
	}
	d, err := OpenDiscovered(g, sente.CapabilitiesOf(g), src)
	switch {
	case errors.Is(err, ErrPlanBeforeTurns):
		return nil, ErrNotStored
	case err != nil:
		return nil, err
	}
	if err := d.CheckRoot(root); err != nil {
		return nil, err
	}
	rootKey := d.Encode(root)
	// The root's tier's keys are read whole and checked once, as a solve
	// reads them, so that damage there fails the opening; then an answer
	// reads a few keys at a time.
	d.Close()
	d.ReadWhole(true)
	defer func() {
		d.Close()
		d.ReadWhole(false)
	}()
	plan, err := PlanFrom(d, rootKey)
	if err != nil {
		return nil, err
	}
	s := NewPlaces(d, src, rootKey)
	results, solved := StoredResults(src, plan.Order, false, false)
	if !solved {
		return nil, ErrNotStored
	}
	if err := s.Finish(root, results, nil); err != nil {
		return nil, err
	}
	return s, nil
}

// DamagedKeys checks every block of every planned tier's keys, and says
// why each that fails does, naming its file.
func (d *Discovered) DamagedKeys() []error {
	var damaged []error
	for t := range d.tiers {
		if !d.tiers[t].planned {
			continue
		}
		tbl, err := d.src.Open(t, store.Keys)
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

// CheckRoot checks that the stored plan is the one of root.
func (d *Discovered) CheckRoot(root sente.Position) error {
	t, r := PlaceOf(d.Encode(root))
	if t != d.plan.RootTier || r != d.plan.RootRank {
		return fmt.Errorf("solve by tiers: the stored tiers were discovered from another position than %s", d.FormatPosition(root))
	}
	return nil
}

// ReadWhole says how a tier's keys are read when first needed: whole,
// every block checked and the keys indexed, as a solve that reads them
// all reads them; or a few at a time, each block checked when read, as an
// answer does. It applies to keys read after it: Close first.
func (d *Discovered) ReadWhole(whole bool) { d.whole.Store(whole) }

// Capabilities are the game's, with places for keys and the discovered
// ranks; the game's own rank formulas, scanners and un-moves, if any, are
// of its own keys and do not apply.
func (d *Discovered) Capabilities() sente.Capabilities {
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
type placeParents struct{ d *Discovered }

func (p placeParents) AppendParents(dst []uint64, key uint64) []uint64 {
	d := p.d
	sc := d.scratch.Get().(*Scratch)
	defer d.scratch.Put(sc)
	t, _ := PlaceOf(key)
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
		if r, ok, err := d.Rank(sc, t, sc.x.Child(i)); err == nil && ok {
			dst = append(dst, PlaceKey(t, r))
		}
	}
	return dst
}

// index is tier t's key list, mapped from the source when first asked
// for.
func (d *Discovered) index(t int) (*KeyIndex, error) {
	dt := &d.tiers[t]
	if x := dt.keys.Load(); x != nil {
		return x, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if x := dt.keys.Load(); x != nil {
		return x, nil
	}
	tbl, err := d.src.Open(t, store.Keys)
	if err != nil {
		return nil, fmt.Errorf("solve by tiers: reading the keys of tier %d: %w", t, err)
	}
	whole := d.whole.Load()
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
	keys := KeyList{Words: words, Data: WordsOf(b[8:], int(dt.size)*words)}
	var x *KeyIndex
	if whole {
		x = NewKeyIndex(keys)
	} else {
		// An answer reads a few keys of each tier on its way: their
		// blocks are checked as they are read, and no index is built,
		// which would read the whole tier.
		x = &KeyIndex{keys: keys, check: func(lo, hi uint64) error {
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

// Drop unmaps tier t's keys. No lookup may run meanwhile: the engine
// drops a tier between tiers, when its workers are idle.
func (d *Discovered) Drop(t int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	dt := &d.tiers[t]
	if dt.tbl != nil {
		dt.keys.Store(nil)
		dt.tbl.Close()
		dt.tbl = nil
	}
}

// Close unmaps every tier's keys.
func (d *Discovered) Close() {
	for t := range d.tiers {
		d.Drop(t)
	}
}

// Scratch is one goroutine's room for expanding a position and looking
// up its children.
type Scratch struct {
	x    sente.Expansion
	buf  []byte
	key  []uint64
	kids []sente.TierPosition
}

// bytesOf appends the bytes of the position at place key.
func (d *Discovered) bytesOf(dst []byte, key uint64) ([]byte, error) {
	x, r, err := d.place(key)
	if err != nil {
		return dst, err
	}
	k, err := x.keyAt(r)
	if err != nil {
		return dst, err
	}
	return AppendKeyBytes(dst, k), nil
}

// place is the keys of the tier of place key and its rank there, which
// must name a position.
func (d *Discovered) place(key uint64) (*KeyIndex, uint64, error) {
	t, r := PlaceOf(key)
	if !d.planned(t) || r >= d.tiers[t].size {
		return nil, 0, fmt.Errorf("solve by tiers: no position has rank %d in tier %d", r, t)
	}
	x, err := d.index(t)
	return x, r, err
}

// Rank is the rank of the position of bytes b in tier t, and false when
// the tier does not hold it.
func (d *Discovered) Rank(sc *Scratch, t int, b []byte) (uint64, bool, error) {
	if !d.planned(t) {
		return 0, false, nil
	}
	x, err := d.index(t)
	if err != nil {
		return 0, false, err
	}
	if len(b) > 8*x.keys.Words {
		return 0, false, nil
	}
	if cap(sc.key) < x.keys.Words {
		sc.key = make([]uint64, x.keys.Words)
	}
	sc.key = sc.key[:x.keys.Words]
	PutKey(sc.key, b)
	return x.lookup(sc.key)
}

// EndOf is how the position at place key ended, as the forward pass found
// it, and false when it has moves.
func (d *Discovered) EndOf(key uint64) (sente.Value, bool, error) {
	x, r, err := d.place(key)
	if err != nil {
		return sente.Unknown, false, err
	}
	v, err := x.endAt(r)
	if err != nil {
		return sente.Unknown, false, err
	}
	return v, v != sente.Unknown, nil
}

// Expand expands the position at place key: whether it has ended and
// with what, and otherwise its children's places. The forward pass knows
// which positions have ended, and a child is in its parent's tier or in
// one of the child tiers, the one whose keys hold it: the game is asked
// only for the moves, not again for results and tiers.
func (d *Discovered) Expand(sc *Scratch, key uint64) (sente.Value, bool, []sente.TierPosition, error) {
	if v, ended, err := d.EndOf(key); err != nil || ended {
		return v, ended, nil, err
	}
	kids, err := d.Children(sc, key)
	return sente.Unknown, false, kids, err
}

// Children are the places of the children of the position at place key, one
// that has not ended, as the game's moves give them.
func (d *Discovered) Children(sc *Scratch, key uint64) ([]sente.TierPosition, error) {
	x, r, err := d.place(key)
	if err != nil {
		return nil, err
	}
	t := d.Tier(key)
	dt := &d.tiers[t]
	k, err := x.keyAt(r)
	if err != nil {
		return nil, err
	}
	sc.buf = AppendKeyBytes(sc.buf[:0], k)
	// Whose turn it is was stored with the keys.
	sc.x.Playing, sc.x.NoTiers, sc.x.NoTurn = true, true, true
	if err := d.x.Expand(sc.buf, &sc.x); err != nil {
		return nil, err
	}
	sc.kids = sc.kids[:0]
	for i := range sc.x.Len() {
		child := sc.x.Child(i)
		found := false
		if dt.loops {
			cr, ok, err := d.Rank(sc, t, child)
			if err != nil {
				return nil, err
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
			cr, ok, err := d.Rank(sc, ct, child)
			if err != nil {
				return nil, err
			}
			if ok {
				sc.kids = append(sc.kids, sente.TierPosition{Tier: ct, Rank: cr})
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("solve by tiers: %s (tier %d) has a move to %s, which the forward pass did not find in tier %d or the tiers it leads to %v: the game's moves are not the same from one call to the next",
				d.Format(sc.buf), t, d.Format(child), t, dt.children)
		}
	}
	return sc.kids, nil
}

// Format formats the position of bytes b, or names the bytes when they
// name none.
func (d *Discovered) Format(b []byte) string {
	p, err := d.x.FromBytes(b)
	if err != nil {
		return fmt.Sprintf("the position of bytes %x", b)
	}
	return d.FormatPosition(p)
}

// Encode gives the place of p; a position no tier holds gets the rank
// past its tier's end, which the engine and solutions refuse.
func (d *Discovered) Encode(p sente.Position) uint64 {
	key, _, _ := d.Place(p)
	return key
}

// Place is Encode that tells a position no tier holds (found false) from
// keys that cannot be read (err: a damaged file, named), which Encode
// cannot (Places).
func (d *Discovered) Place(p sente.Position) (key uint64, found bool, err error) {
	sc := d.scratch.Get().(*Scratch)
	defer d.scratch.Put(sc)
	b, err := d.x.AppendBytes(sc.buf[:0], p)
	sc.buf = b
	t := 0
	if d.caps.Tiered != nil && d.caps.Encoder != nil {
		t = d.caps.Tiered.Tier(d.caps.Encoder.Encode(p))
	}
	if err != nil || !d.planned(t) {
		return PlaceKey(0, 1<<placeRankBits-1), false, nil
	}
	r, ok, err := d.Rank(sc, t, b)
	if err != nil || !ok {
		return PlaceKey(t, d.tiers[t].size), false, err
	}
	return PlaceKey(t, r), true, nil
}

// Decode gives the position at a place. Places come from Encode or the
// engine, and the keys from checksummed files: a place that names no
// position decodes to nil.
func (d *Discovered) Decode(key uint64) sente.Position {
	sc := d.scratch.Get().(*Scratch)
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

func (d *Discovered) AppendChildren(dst []uint64, key uint64) []uint64 {
	sc := d.scratch.Get().(*Scratch)
	defer d.scratch.Put(sc)
	_, ended, kids, err := d.Expand(sc, key)
	if err != nil || ended {
		return dst
	}
	for _, k := range kids {
		dst = append(dst, PlaceKey(k.Tier, k.Rank))
	}
	return dst
}

// TurnKey is whose turn it is at a place, as the forward pass found it and
// stored it with the keys: the game is not asked again. A place that names
// no position is the first player's.
func (d *Discovered) TurnKey(key uint64) sente.Player {
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

func (d *Discovered) EndedKey(key uint64) (sente.Value, bool) {
	v, ended, _ := d.EndOf(key)
	return v, ended
}

func (d *Discovered) TierRank(key uint64) (int, uint64) { return PlaceOf(key) }

func (d *Discovered) Unrank(t int, r uint64) (uint64, bool) {
	if !d.planned(t) || r >= d.tiers[t].size {
		return 0, false
	}
	return PlaceKey(t, r), true
}

// NewChildRanker ranks children by expanding the position.
func (d *Discovered) NewChildRanker() sente.ChildRankFunc {
	sc := new(Scratch)
	return func(dst []sente.TierPosition, key uint64) []sente.TierPosition {
		_, _, kids, _ := d.Expand(sc, key)
		return append(dst, kids...)
	}
}
