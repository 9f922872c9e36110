package wasm

import (
	"encoding/binary"
	"slices"

	"github.com/sente-go/sente"
)

var _ sente.TierExpander = tierCap{}

// A child in sente_expand_ranks's answer is one 64-bit word: the module's
// tier above the rank's 48 bits. TierSize refuses tiers of 2^48 ranks or
// more, and the host asks a module whose start_tier is expandTiers or more
// a rank at a time.
const (
	childRankBits = 48
	childRankMask = 1<<childRankBits - 1
	expandTiers   = 1 << (64 - childRankBits)
)

// ExpandRanks asks sente_expand_ranks about a batch of ranks in one call,
// where the engine would otherwise make a dozen calls a position
// (sente_unrank, sente_ended, sente_tier and sente_children, then
// sente_tier and sente_rank of each child). It checks every number the
// module gives as the single calls' answers are checked, and blames the
// module in the same words.
func (c tierCap) ExpandRanks(tier int, x *sente.RankExpansion) error {
	g := c.g
	x.Reset()
	n := uint32(len(x.Ranks))
	if n == 0 {
		return g.Err()
	}
	from := g.m.desc.StartTier - tier
	in := g.get()
	if in == nil {
		return g.Err()
	}
	// The scratch area: the ranks, then the keys, the counts (padded to
	// eight bytes each, so that the children are aligned), the children.
	if err := in.room(24*n + 64*8); err != nil {
		g.failIn(in, err)
		return g.Err()
	}
	for {
		capacity := (in.bufSize - 24*n) / 8
		b, err := in.scratch(0, 8*n)
		if err != nil {
			g.failIn(in, err)
			return g.Err()
		}
		for i, r := range x.Ranks {
			binary.LittleEndian.PutUint64(b[8*i:], r)
		}
		in.stack[0], in.stack[1], in.stack[2] = uint64(uint32(from)), uint64(in.buf), uint64(n)
		in.stack[3], in.stack[4] = uint64(in.buf+8*n), uint64(capacity)
		if err := in.call(fnExpandRanks); err != nil {
			g.failIn(in, err)
			return g.Err()
		}
		w := int32(in.stack[0])
		switch {
		case w == -1:
			if capacity >= 1<<24 {
				g.blame(in, "sente_expand_ranks of %d ranks of tier %d: more than %d children", n, from, capacity)
				return g.Err()
			}
			if err := in.room(2 * in.bufSize); err != nil {
				g.failIn(in, err)
				return g.Err()
			}
			continue
		case w == -2:
			g.blame(in, "sente_expand_ranks: a rank of tier %d from %d to %d is no position, yet it was reached", from, slices.Min(x.Ranks), slices.Max(x.Ranks))
			return g.Err()
		case w < 0 || uint32(w) > capacity:
			g.blame(in, "sente_expand_ranks gave %d children, for room for %d", w, capacity)
			return g.Err()
		}
		out, err := in.scratch(8*n, 16*n+8*uint32(w))
		if err != nil {
			g.failIn(in, err)
			return g.Err()
		}
		if err := c.readExpansion(in, from, out, n, int(w), x); err != nil {
			return err
		}
		g.put(in)
		return nil
	}
}

// readExpansion reads sente_expand_ranks's answer, out, into x.
func (c tierCap) readExpansion(in *instance, from int, out []byte, n uint32, w int, x *sente.RankExpansion) error {
	g := c.g
	start := g.m.desc.StartTier
	loops := slices.Contains(g.m.desc.LoopTiers, from)
	kids := out[16*n:]
	at := 0
	// The last child's tier and its size: most moves lead to one tier.
	lastTo, lastSize := -1, uint64(0)
	for i := range n {
		key := binary.LittleEndian.Uint64(out[8*i:])
		if key == noKey {
			g.blame(in, "sente_expand_ranks gave rank %d of tier %d the key 2^64-1, which is reserved", x.Ranks[i], from)
			return g.Err()
		}
		count := int32(binary.LittleEndian.Uint32(out[8*n+4*i:]))
		v := sente.Unknown
		switch {
		case count == -1:
			v = sente.Win
		case count == -2:
			v = sente.Lose
		case count == -3:
			v = sente.Tie
		case count < 0 || at+int(count) > w:
			g.blame(in, "sente_expand_ranks gave %d (rank %d of tier %d) a count of %d, with %d of its %d children written already", key, x.Ranks[i], from, count, at, w)
			return g.Err()
		}
		x.Keys = append(x.Keys, key)
		x.Values = append(x.Values, v)
		for range max(count, 0) {
			child := binary.LittleEndian.Uint64(kids[8*at:])
			at++
			to, rank := int(child>>childRankBits), child&childRankMask
			if to > from || to == from && !loops {
				what := "a higher tier"
				if to == from {
					what = "the same tier, which loop_tiers does not name"
				}
				g.blame(in, "sente_expand_ranks: a move from %d (tier %d) leads to tier %d, %s", key, from, to, what)
				return g.Err()
			}
			if to != lastTo {
				lastTo, lastSize = to, c.TierSize(start-to)
			}
			if rank >= lastSize {
				if err := g.Err(); err != nil {
					return err
				}
				g.blame(in, "sente_expand_ranks: a move from %d leads to rank %d of tier %d, past its size %d", key, rank, to, lastSize)
				return g.Err()
			}
			x.Kids = append(x.Kids, sente.TierPosition{Tier: start - to, Rank: rank})
		}
		x.Ends = append(x.Ends, len(x.Kids))
	}
	if at != w {
		g.blame(in, "sente_expand_ranks counted %d children and wrote %d", at, w)
		return g.Err()
	}
	return nil
}
