package wasm

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sync"

	"github.com/sente-go/sente"
)

// batchExpander expands a block of positions in a few calls of the module
// (sente.ExpandBatcher): sente_ended of all their keys, sente_children of
// those that have not ended, and the children's tiers, by sente_tiers in
// one call where the module exports it and by sente_tier a child where it
// does not. Expand (expandCap) makes those calls a position at a time,
// and a call into the module costs more than a small game's whole work
// on a position.
type batchExpander struct{ g *Game }

var _ sente.ExpandBatcher = batchExpander{}

// batchScratch is a batch's room on the host, kept from batch to batch.
type batchScratch struct {
	keys     []uint64
	playing  []int // the positions that have not ended
	counts   []uint32
	kids     []uint64
	kidTiers []int32
}

var batchScratches = sync.Pool{New: func() any { return new(batchScratch) }}

// The scratch area of a batch of n keys with room for c children:
//
//	keys      8n bytes at 0
//	ended     n bytes, then up to 8-byte alignment
//	counts    4n bytes
//	children  8c bytes
//	tiers     4c bytes (the children's, by sente_tiers)
type batchLayout struct{ ended, counts, children, tiers, size uint32 }

func layoutFor(n, c uint32) batchLayout {
	var l batchLayout
	l.ended = 8 * n
	l.counts = (l.ended + n + 7) &^ 7
	l.children = l.counts + 4*n
	l.tiers = l.children + 8*c
	l.size = l.tiers + 4*c
	return l
}

// maxBatchChildren bounds the children of a batch: past it the module is
// blamed, as AppendChildren blames one of more than 2^24 children.
const maxBatchChildren = 1 << 26

func (c batchExpander) ExpandBatch(b []byte, width int, xs []sente.Expansion) error {
	g := c.g
	n := len(xs)
	if width < 8 || len(b) < n*width {
		return fmt.Errorf("%s: a batch of %d positions of %d bytes each in %d bytes; a position's bytes are 8", g.m.path, n, width, len(b))
	}
	sc := batchScratches.Get().(*batchScratch)
	defer batchScratches.Put(sc)
	sc.keys = slices.Grow(sc.keys[:0], n)[:n]
	keys := sc.keys
	asks, tiers := false, false
	for i := range xs {
		x := &xs[i]
		x.Reset()
		keys[i] = binary.BigEndian.Uint64(b[i*width:])
		if !x.NoTurn {
			// No export gives turns in batches; the engines need none of a
			// game that alternates.
			x.Turn = g.TurnKey(keys[i])
		}
		asks = asks || !x.Playing
		tiers = tiers || !x.NoTiers
	}
	if err := g.Err(); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	in := g.get()
	if in == nil {
		return g.Err()
	}
	if !c.batch(in, sc, xs, asks, tiers && g.m.has(fnTier)) {
		return g.Err()
	}
	g.put(in)
	return nil
}

// batch asks the module about keys and fills xs; false when the module
// failed (g.Err says how), the instance then closed.
func (c batchExpander) batch(in *instance, sc *batchScratch, xs []sente.Expansion, asks, tiers bool) bool {
	g := c.g
	keys := sc.keys
	n := uint32(len(keys))
	room := 16 * n // children a batch may have, grown when the module says so
	for {
		l := layoutFor(n, room)
		if err := in.room(l.size); err != nil {
			g.failIn(in, err)
			return false
		}
		area, err := in.scratch(0, l.size)
		if err != nil {
			g.failIn(in, err)
			return false
		}
		for i, k := range keys {
			binary.LittleEndian.PutUint64(area[8*i:], k)
		}
		// The keys of the positions that have not ended, in order, take
		// the first places of the keys' area; playing[j] is position j's.
		playing := sc.playing[:0]
		if asks {
			in.stack[0], in.stack[1], in.stack[2] = uint64(in.buf), uint64(n), uint64(in.buf+l.ended)
			if err := in.call(fnEnded); err != nil {
				g.failIn(in, err)
				return false
			}
			if r := int32(in.stack[0]); r != 0 {
				g.blame(in, "sente_ended: one of %d keys is not a position of the game (it gave %d), yet they came from the module", n, r)
				return false
			}
			if area, err = in.scratch(0, l.size); err != nil {
				g.failIn(in, err)
				return false
			}
			for i := range xs {
				x := &xs[i]
				if x.Playing {
					playing = append(playing, i)
					continue
				}
				v, ended, mistake := endedOf(keys[i], area[l.ended+uint32(i)])
				switch {
				case mistake != "":
					g.blame(in, "%s", mistake)
					return false
				case ended:
					x.Ended, x.Value = true, v
				default:
					playing = append(playing, i)
				}
			}
			for j, i := range playing {
				binary.LittleEndian.PutUint64(area[8*j:], keys[i])
			}
		} else {
			for i := range xs {
				playing = append(playing, i)
			}
		}
		sc.playing = playing
		m := uint32(len(playing))
		if m == 0 {
			return true
		}
		in.stack[0], in.stack[1], in.stack[2], in.stack[3], in.stack[4] = uint64(in.buf), uint64(m), uint64(in.buf+l.counts), uint64(in.buf+l.children), uint64(room)
		if err := in.call(fnChildren); err != nil {
			g.failIn(in, err)
			return false
		}
		w := int32(in.stack[0])
		switch {
		case w == -1:
			if room >= maxBatchChildren {
				g.blame(in, "sente_children of %d keys: more than %d children", m, room)
				return false
			}
			room *= 2
			continue
		case w == -2:
			g.blame(in, "sente_children: one of %d keys is not a position of the game, yet they came from the module", m)
			return false
		case w < 0 || uint32(w) > room:
			g.blame(in, "sente_children of %d keys gave %d children, for room for %d", m, w, room)
			return false
		}
		if tiers && g.m.has(fnTiers) && w > 0 {
			in.stack[0], in.stack[1], in.stack[2] = uint64(in.buf+l.children), uint64(w), uint64(in.buf+l.tiers)
			if err := in.call(fnTiers); err != nil {
				g.failIn(in, err)
				return false
			}
			if r := int32(in.stack[0]); r != 0 {
				g.blame(in, "sente_tiers: one of %d children is not a position of the game (it gave %d), yet they came from the module", w, r)
				return false
			}
		}
		if area, err = in.scratch(0, l.size); err != nil {
			g.failIn(in, err)
			return false
		}
		// Copied out of the module's memory, which sente_tier may grow.
		counts := slices.Grow(sc.counts[:0], int(m))[:m]
		sc.counts = counts
		for j := range counts {
			counts[j] = binary.LittleEndian.Uint32(area[l.counts+4*uint32(j):])
		}
		kids := slices.Grow(sc.kids[:0], int(w))[:w]
		sc.kids = kids
		for k := range kids {
			kids[k] = binary.LittleEndian.Uint64(area[l.children+8*uint32(k):])
		}
		var kidTiers []int32
		if tiers {
			batched := g.m.has(fnTiers)
			kidTiers = slices.Grow(sc.kidTiers[:0], int(w))[:w]
			sc.kidTiers = kidTiers
			for k := range kidTiers {
				if batched {
					kidTiers[k] = int32(binary.LittleEndian.Uint32(area[l.tiers+4*uint32(k):]))
					continue
				}
				in.stack[0] = kids[k]
				if err := in.call(fnTier); err != nil {
					g.failIn(in, err)
					return false
				}
				kidTiers[k] = int32(in.stack[0])
			}
		}
		return c.fill(in, keys, playing, counts, kids, kidTiers, xs)
	}
}

// fill hands out the children and their tiers to the positions playing,
// checking them.
func (c batchExpander) fill(in *instance, keys []uint64, playing []int, counts []uint32, kids []uint64, kidTiers []int32, xs []sente.Expansion) bool {
	g := c.g
	start := g.m.desc.StartTier
	at := 0
	for j, i := range playing {
		count := int(counts[j])
		if count > len(kids)-at {
			g.blame(in, "sente_children of %d keys wrote %d children, fewer than its counts", len(playing), len(kids))
			return false
		}
		x := &xs[i]
		for _, child := range kids[at : at+count] {
			if child == noKey {
				g.blame(in, "sente_children of %d gave the key 2^64-1, which is reserved", keys[i])
				return false
			}
			x.Bytes = binary.BigEndian.AppendUint64(x.Bytes, child)
			x.Ends = append(x.Ends, len(x.Bytes))
			if x.NoTiers {
				at++
				continue
			}
			t := 0
			if kidTiers != nil {
				mt := kidTiers[at]
				if mt < 0 || int(mt) > start {
					g.blame(in, "%s of %d gave %d, not from 0 to the start_tier %d of its description", tierExport(g.m.has(fnTiers)), child, mt, start)
					return false
				}
				t = start - int(mt)
			}
			x.Tiers = append(x.Tiers, t)
			at++
		}
	}
	if at != len(kids) {
		g.blame(in, "sente_children of %d keys counted %d children and wrote %d", len(playing), at, len(kids))
		return false
	}
	return true
}

func tierExport(batched bool) fnID {
	if batched {
		return fnTiers
	}
	return fnTier
}
