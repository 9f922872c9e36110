package tiers

import (
	"fmt"
	"sync"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store/tables"
)

// discovered is a game whose ranks the forward pass discovered (see
// discover.go), as the engine solves it: the reader of its stored plan and
// keys (tables.Discovered), which gives places for keys and looks ranks
// up, and the moves the forward pass recorded, which spare the game's
// rules a second run on the tiers they hold.
type discovered struct {
	*tables.Discovered
	moves      []*recordedMoves // by tier: the forward pass's record of its moves, if kept
	movesBytes int64            // the size of the records kept
	scratch    sync.Pool        // *expandScratch, for calls outside the engine
}

var (
	_ sente.Encoder         = (*discovered)(nil)
	_ sente.TierChildRanker = (*discovered)(nil)
)

// openDiscovered reads the plan of tiers the sink holds.
func openDiscovered(g sente.Game, caps sente.Capabilities, sink TierSink) (*discovered, error) {
	r, err := tables.OpenDiscovered(g, caps, sink)
	if err != nil {
		return nil, err
	}
	d := &discovered{Discovered: r}
	d.scratch.New = func() any { return new(expandScratch) }
	return d, nil
}

// Capabilities are the reader's, with the engine's expansion, which reads
// the recorded moves.
func (d *discovered) Capabilities() sente.Capabilities {
	c := d.Discovered.Capabilities()
	c.Encoder, c.TierChildRanker = d, d
	return c
}

// forgetMoves closes tier t's recorded moves, once the tier is solved.
// No expansion may run meanwhile.
func (d *discovered) forgetMoves(t int) {
	if t < len(d.moves) && d.moves[t] != nil {
		d.moves[t].Close()
		d.moves[t] = nil
	}
}

// closeMoves closes every tier's recorded moves.
func (d *discovered) closeMoves() {
	for t := range d.moves {
		d.forgetMoves(t)
	}
}

// expandScratch is one goroutine's room for expanding a position.
type expandScratch struct {
	tables.Scratch
	kids  []sente.TierPosition
	moves movesCursor
}

// expand is tables.Discovered.Expand, from the moves the forward pass
// recorded where it kept them.
func (d *discovered) expand(sc *expandScratch, key uint64) (sente.Value, bool, []sente.TierPosition, error) {
	t, r := tables.PlaceOf(key)
	if t >= len(d.moves) || d.moves[t] == nil {
		return d.Expand(&sc.Scratch, key)
	}
	if v, ended, err := d.EndOf(key); err != nil || ended {
		return v, ended, nil, err
	}
	return d.recorded(sc, t, r)
}

// recorded is expand of rank r of tier t from the moves the forward pass
// recorded: the children's tiers are known, and only their ranks are
// looked up.
func (d *discovered) recorded(sc *expandScratch, t int, r uint64) (sente.Value, bool, []sente.TierPosition, error) {
	kids, err := sc.moves.children(d.moves[t], r)
	if err != nil {
		return sente.Unknown, false, nil, fmt.Errorf("solve by tiers: tier %d: %w", t, err)
	}
	sc.kids = sc.kids[:0]
	for _, k := range kids {
		ct := t + k.up
		cr, ok, err := d.Rank(&sc.Scratch, ct, k.bytes)
		if err != nil {
			return sente.Unknown, false, nil, err
		}
		if !ok {
			return sente.Unknown, false, nil, fmt.Errorf("solve by tiers: tier %d rank %d has a recorded move to %s, which tier %d does not hold",
				t, r, d.Format(k.bytes), ct)
		}
		sc.kids = append(sc.kids, sente.TierPosition{Tier: ct, Rank: cr})
	}
	return sente.Unknown, false, sc.kids, nil
}

func (d *discovered) AppendChildren(dst []uint64, key uint64) []uint64 {
	sc := d.scratch.Get().(*expandScratch)
	defer d.scratch.Put(sc)
	_, ended, kids, err := d.expand(sc, key)
	if err != nil || ended {
		return dst
	}
	for _, k := range kids {
		dst = append(dst, tables.PlaceKey(k.Tier, k.Rank))
	}
	return dst
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
