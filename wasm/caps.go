package wasm

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/sente-go/sente"
)

// Capabilities states what the module exports: every module's game is an
// Encoder, an Expander (its bytes are its keys'), a Describer and Erring;
// it is a TurnKeyer unless it alternates; Impartial, Misere and
// Alternating as its description says; Symmetric with sente_canonical;
// an Unmover with sente_parents; Tiered with sente_tier, and a TierRanker
// with sente_rank, sente_unrank, sente_tier_size and sente_child_tiers
// too, and a TierExpander with sente_expand_ranks besides; a Scorer with
// sente_score.
func (g *Game) Capabilities() sente.Capabilities {
	m := g.m
	c := sente.Capabilities{Encoder: g, Describer: g, Erring: g, Expander: expandCap{g}}
	c.ExpandBatcher = batchExpander{g} // expand.go
	if m.desc.Alternates {
		c.Alternating = flag(true)
	} else {
		c.TurnKeyer = g
	}
	if m.desc.Impartial {
		c.Impartial = flag(true)
	}
	if m.desc.Misere {
		c.Misere = flag(true)
	}
	if m.has(fnCanonical) {
		c.Symmetric = symmetryCap{g}
	}
	if m.has(fnParents) {
		c.Unmover = parentsCap{g}
		c.ExpandUnmover = expandCap{g}
	}
	if m.has(fnTier) {
		c.Tiered = tierCap{g}
		if m.ranks() {
			c.TierRanker = tierCap{g}
			c.TierChildRanker = tierCap{g}
			if m.has(fnExpandRanks) && m.desc.StartTier < expandTiers {
				c.TierExpander = tierCap{g}
			}
		}
	}
	if m.has(fnScore) {
		c.Scorer, c.KeyScorer = scoreCap{g}, scoreCap{g}
	}
	return c
}

// flag is a capability that says yes: Impartial, Misere, Alternating.
type flag bool

func (f flag) Impartial() bool  { return bool(f) }
func (f flag) Misere() bool     { return bool(f) }
func (f flag) Alternates() bool { return bool(f) }

type (
	symmetryCap struct{ g *Game }
	parentsCap  struct{ g *Game }
	tierCap     struct{ g *Game }
	scoreCap    struct{ g *Game }
	expandCap   struct{ g *Game }
)

var (
	_ sente.Symmetric        = symmetryCap{}
	_ sente.CanonicalBatcher = symmetryCap{}
	_ sente.KeyBytes         = expandCap{}
	_ sente.Unmover          = parentsCap{}
	_ sente.Tiered           = tierCap{}
	_ sente.TierRanker       = tierCap{}
	_ sente.TierChildRanker  = tierCap{}
	_ sente.Scorer           = scoreCap{}
	_ sente.KeyScorer        = scoreCap{}
	_ sente.Expander         = expandCap{}
	_ sente.ExpandUnmover    = expandCap{}
)

// Canonical asks sente_canonical of one key: the batch of one.
func (c symmetryCap) Canonical(key uint64) uint64 {
	keys := [1]uint64{key}
	if c.CanonicalKeys(keys[:]) != nil {
		return key
	}
	return keys[0]
}

// CanonicalKeys asks sente_canonical of many keys in one call
// (sente.CanonicalBatcher).
func (c symmetryCap) CanonicalKeys(keys []uint64) error {
	g := c.g
	if len(keys) == 0 {
		return g.Err()
	}
	in := g.get()
	if in == nil {
		return g.Err()
	}
	n := uint32(len(keys))
	if err := in.room(16 * n); err != nil {
		g.failIn(in, err)
		return g.Err()
	}
	area, err := in.scratch(0, 16*n)
	if err != nil {
		g.failIn(in, err)
		return g.Err()
	}
	for i, k := range keys {
		binary.LittleEndian.PutUint64(area[8*i:], k)
	}
	in.stack[0], in.stack[1], in.stack[2] = uint64(in.buf), uint64(n), uint64(in.buf+8*n)
	if err := in.call(fnCanonical); err != nil {
		g.failIn(in, err)
		return g.Err()
	}
	if r := int32(in.stack[0]); r != 0 {
		g.blame(in, "sente_canonical: one of %d keys is not a position of the game (it gave %d), yet they came from the module", n, r)
		return g.Err()
	}
	// Read again: the call may have grown the module's memory.
	if area, err = in.scratch(0, 16*n); err != nil {
		g.failIn(in, err)
		return g.Err()
	}
	for i := range keys {
		r := binary.LittleEndian.Uint64(area[8*(n+uint32(i)):])
		if r == noKey {
			g.blame(in, "sente_canonical of %d gave the reserved key %d", keys[i], r)
			return g.Err()
		}
		keys[i] = r
	}
	g.put(in)
	return nil
}

// AppendParents asks sente_parents.
func (c parentsCap) AppendParents(dst []uint64, key uint64) []uint64 {
	g := c.g
	in := g.get()
	if in == nil {
		return dst
	}
	for {
		capacity := in.bufSize / 8
		in.stack[0], in.stack[1] = key, uint64(capacity)
		if err := in.call(fnParents); err != nil {
			g.failIn(in, err)
			return dst
		}
		n := int32(in.stack[0])
		if n == -1 {
			if capacity >= 1<<24 {
				g.blame(in, "sente_parents of %d: more than %d parents", key, capacity)
				return dst
			}
			if err := in.room(2 * in.bufSize); err != nil {
				g.failIn(in, err)
				return dst
			}
			continue
		}
		if n < 0 || uint32(n) > capacity {
			g.blame(in, "sente_parents of %d gave %d parents, for room for %d", key, n, capacity)
			return dst
		}
		b, err := in.scratch(0, 8*uint32(n))
		if err != nil {
			g.failIn(in, err)
			return dst
		}
		for i := 0; i < int(n); i++ {
			p := binary.LittleEndian.Uint64(b[8*i:])
			if p == noKey {
				g.blame(in, "sente_parents of %d gave the key 2^64-1, which is reserved", key)
				return dst
			}
			dst = append(dst, p)
		}
		g.put(in)
		return dst
	}
}

// The module numbers tiers down: a move leads to its tier or a lower one,
// and the start is in start_tier. sente numbers them up from the start,
// so the host's tier of a position is start_tier less the module's.

// moduleTier asks sente_tier, checking it is from 0 to start_tier.
func (c tierCap) moduleTier(key uint64) (int, bool) {
	g := c.g
	in := g.get()
	if in == nil {
		return 0, false
	}
	in.stack[0] = key
	if err := in.call(fnTier); err != nil {
		g.failIn(in, err)
		return 0, false
	}
	t := int32(in.stack[0])
	if t < 0 || int(t) > g.m.desc.StartTier {
		g.blame(in, "sente_tier of %d gave %d, not from 0 to the start_tier %d of its description", key, t, g.m.desc.StartTier)
		return 0, false
	}
	g.put(in)
	return int(t), true
}

// Tier is the host's tier: start_tier less sente_tier. After a failure it
// answers the highest tier, so that no move seems to lead to a lower one
// and the engine stops with the failure, not with that.
func (c tierCap) Tier(key uint64) int {
	t, ok := c.moduleTier(key)
	if !ok {
		return c.g.m.desc.StartTier
	}
	return c.g.m.desc.StartTier - t
}

// TierRank asks sente_tier and sente_rank.
func (c tierCap) TierRank(key uint64) (int, uint64) {
	g := c.g
	t, ok := c.moduleTier(key)
	if !ok {
		return 0, 0
	}
	tier := g.m.desc.StartTier - t
	in := g.get()
	if in == nil {
		return 0, 0
	}
	in.stack[0] = key
	if err := in.call(fnRank); err != nil {
		g.failIn(in, err)
		return 0, 0
	}
	rank := in.stack[0]
	g.put(in)
	if size := c.TierSize(tier); rank >= size {
		g.fail(&Error{g.m.path, fmt.Sprintf("sente_rank of %d gave %d, past the size %d of its tier %d", key, rank, size, t)})
		return 0, 0
	}
	return tier, rank
}

// Unrank asks sente_unrank.
func (c tierCap) Unrank(tier int, rank uint64) (uint64, bool) {
	g := c.g
	in := g.get()
	if in == nil {
		return 0, false
	}
	in.stack[0], in.stack[1] = uint64(uint32(g.m.desc.StartTier-tier)), rank
	if err := in.call(fnUnrank); err != nil {
		g.failIn(in, err)
		return 0, false
	}
	key := in.stack[0]
	g.put(in)
	return key, key != noKey
}

// TierSize asks sente_tier_size once a tier.
func (c tierCap) TierSize(tier int) uint64 {
	g := c.g
	t := g.m.desc.StartTier - tier
	if t < 0 || t >= len(g.tierSizes) {
		return 0
	}
	if s := g.tierSizes[t].Load(); s != 0 {
		return s - 1
	}
	in := g.get()
	if in == nil {
		return 0
	}
	in.stack[0] = uint64(t)
	if err := in.call(fnTierSize); err != nil {
		g.failIn(in, err)
		return 0
	}
	size := in.stack[0]
	if size >= 1<<48 {
		g.blame(in, "sente_tier_size of %d gave %d, more ranks than any table holds", t, size)
		return 0
	}
	g.put(in)
	g.tierSizes[t].Store(size + 1)
	return size
}

// ChildTiers asks sente_child_tiers.
func (c tierCap) ChildTiers(tier int) []int {
	g := c.g
	t := g.m.desc.StartTier - tier
	in := g.get()
	if in == nil {
		return nil
	}
	in.stack[0] = uint64(uint32(t))
	if err := in.call(fnChildTiers); err != nil {
		g.failIn(in, err)
		return nil
	}
	n := int32(in.stack[0])
	if n < 0 || uint32(n) > in.bufSize/4 {
		g.blame(in, "sente_child_tiers of %d gave %d tiers, for a scratch area of %d bytes", t, n, in.bufSize)
		return nil
	}
	b, err := in.scratch(0, 4*uint32(n))
	if err != nil {
		g.failIn(in, err)
		return nil
	}
	var tiers []int
	for i := 0; i < int(n); i++ {
		ct := int32(binary.LittleEndian.Uint32(b[4*i:]))
		if ct > int32(t) || ct < 0 {
			g.blame(in, "sente_child_tiers of %d gave tier %d; a move leads to a lower tier, from 0", t, ct)
			return nil
		}
		if ct != int32(t) && !slices.Contains(tiers, g.m.desc.StartTier-int(ct)) {
			tiers = append(tiers, g.m.desc.StartTier-int(ct))
		}
	}
	g.put(in)
	return tiers
}

// NewChildRanker ranks a position's children as TierRank does, and
// checks each move against the tiers: a move to a higher tier of the
// module's, or to the same tier where the description names no loop, is
// the module's mistake, said in its words rather than the engine's.
func (c tierCap) NewChildRanker() sente.ChildRankFunc {
	g := c.g
	var kids []uint64
	return func(dst []sente.TierPosition, key uint64) []sente.TierPosition {
		from, ok := c.moduleTier(key)
		if !ok {
			return dst
		}
		kids = g.AppendChildren(kids[:0], key)
		for _, child := range kids {
			tier, rank := c.TierRank(child)
			if g.failed.Load() {
				return dst
			}
			to := g.m.desc.StartTier - tier
			if to > from || to == from && !slices.Contains(g.m.desc.LoopTiers, to) {
				what := "a higher tier"
				if to == from {
					what = "the same tier, which loop_tiers does not name"
				}
				g.fail(&Error{g.m.path, fmt.Sprintf("sente_tier: a move from %d (tier %d) leads to %d (tier %d), %s", key, from, child, to, what)})
				return dst
			}
			dst = append(dst, sente.TierPosition{Tier: tier, Rank: rank})
		}
		return dst
	}
}

// TierLoops says whether the description names the tier in loop_tiers.
func (c tierCap) TierLoops(tier int) bool {
	return slices.Contains(c.g.m.desc.LoopTiers, c.g.m.desc.StartTier-tier)
}

// Score asks sente_score.
func (c scoreCap) Score(p sente.Position) int { return c.ScoreKey(keyOf(p)) }

// ScoreKey asks sente_score of a key, checking it is within max_score.
func (c scoreCap) ScoreKey(key uint64) int {
	g := c.g
	in := g.get()
	if in == nil {
		return 0
	}
	in.stack[0] = key
	if err := in.call(fnScore); err != nil {
		g.failIn(in, err)
		return 0
	}
	s := int(int32(in.stack[0]))
	if s > g.m.desc.MaxScore || -s > g.m.desc.MaxScore {
		g.blame(in, "sente_score of %d gave %d, beyond the max_score %d of its description", key, s, g.m.desc.MaxScore)
		return 0
	}
	g.put(in)
	return s
}

// MaxScore is the description's max_score.
func (c scoreCap) MaxScore() int { return c.g.m.desc.MaxScore }

// A position's bytes are its key's, big-endian: eight bytes, so that no
// position's are a prefix of another's, and sorted as keys are.

func (expandCap) BytesAreKeys() {}

func (c expandCap) AppendBytes(dst []byte, p sente.Position) ([]byte, error) {
	return binary.BigEndian.AppendUint64(dst, keyOf(p)), nil
}

func (c expandCap) FromBytes(b []byte) (sente.Position, error) {
	if len(b) < 8 {
		return nil, fmt.Errorf("%s: a position's bytes are 8, not %d", c.g.m.path, len(b))
	}
	return Key(binary.BigEndian.Uint64(b)), nil
}

func (c expandCap) Expand(b []byte, x *sente.Expansion) error {
	g := c.g
	x.Reset()
	if len(b) < 8 {
		return fmt.Errorf("%s: a position's bytes are 8, not %d", g.m.path, len(b))
	}
	key := binary.BigEndian.Uint64(b)
	if !x.NoTurn {
		x.Turn = g.TurnKey(key)
	}
	if !x.Playing {
		x.Value, x.Ended = g.EndedKey(key)
	}
	if err := g.Err(); err != nil {
		return err
	}
	if x.Ended {
		return nil
	}
	var kids [64]uint64
	children := g.AppendChildren(kids[:0], key)
	if err := g.Err(); err != nil {
		return err
	}
	for _, ch := range children {
		x.Bytes = binary.BigEndian.AppendUint64(x.Bytes, ch)
		x.Ends = append(x.Ends, len(x.Bytes))
		if !x.NoTiers {
			t := 0
			if g.m.has(fnTier) {
				t = tierCap{g}.Tier(ch)
			}
			x.Tiers = append(x.Tiers, t)
		}
	}
	return g.Err()
}

func (c expandCap) Parents(b []byte, x *sente.Expansion) error {
	g := c.g
	x.Reset()
	if len(b) < 8 {
		return fmt.Errorf("%s: a position's bytes are 8, not %d", g.m.path, len(b))
	}
	var kids [64]uint64
	parents := parentsCap{g}.AppendParents(kids[:0], binary.BigEndian.Uint64(b))
	for _, p := range parents {
		x.Bytes = binary.BigEndian.AppendUint64(x.Bytes, p)
		x.Ends = append(x.Ends, len(x.Bytes))
	}
	return g.Err()
}
