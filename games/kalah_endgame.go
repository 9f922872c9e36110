package games

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sente-go/sente"
)

// KalahMargins are Kalah's endgame tables of margins: for every board with
// at most Seeds seeds in its houses and either player to move, the margin
// the player to move makes of those seeds under perfect play, whatever the
// stores hold (the margin of the position is that plus what its stores
// banked, sente.Banker). These are the databases by seeds in play that
// Kalah was solved over (Irving, Donkers and Uiterwijk 2000), a byte a
// position, in memory.
//
// Play from a board never returns to it: a move either puts a seed in a
// store, leaving fewer in the houses, or sows the mover's seeds along
// their own row towards their store. So each board's margin is the best
// of its moves' over boards with fewer seeds, or the same seeds further
// along, and a depth-first pass finds it exactly: there is no cycle for
// it to cut.
type KalahMargins struct {
	g     *Kalah
	seeds int
	// first[k] is the index of the first board with k seeds in the
	// houses; a board's index is first[k] + 2·(its composition's rank) +
	// the player to move.
	first []int64
	// words hold the margins, four bytes a word, each a board's margin
	// plus kalahMarginBias, 0 until found. The workers that build them
	// read and write them atomically: two may reach one board at once,
	// and both then write the same margin.
	words []atomic.Uint32
}

// kalahMarginBias keeps a margin's byte off 0, which says "not found":
// margins lie within ±72 (the most seeds of a board).
const kalahMarginBias = 128

// kalahTableSeeds is the seeds of the tables MarginTables builds for a
// board of total seeds, memory allowing: a third of them, up to 16. Each
// two seeds more in the tables about halve a search's nodes and triple
// the boards to build: on Kalah(6,4) (48 seeds, two cores), tables of 14,
// 16, 18 and 20 seeds took 2, 7, 20 and 54 s to build and the search 44,
// 35, 25 and 18 s after them. On Kalah(6,5), tables of 24 seeds (2.5
// billion boards, 5 minutes to build) left the search slower to its
// first bounds than 14 seeds had, so no board gets more than 16; a
// smaller board's search is too short to pay for more than a third.
func kalahTableSeeds(total int) int {
	return min(16, total/3)
}

var _ sente.MarginTabler = (*Kalah)(nil)

// MarginTables builds the tables of kalahTableSeeds seeds, or of the most
// that fit in bytes, on every core; nil when not even one seed fits.
func (g *Kalah) MarginTables(ctx context.Context, bytes int64, progress func(done, total int64)) (sente.MarginTable, error) {
	seeds := -1
	for s := 0; s <= kalahTableSeeds(g.total) && KalahMarginBytes(g, s) <= bytes; s++ {
		seeds = s
	}
	if seeds < 1 {
		return nil, nil
	}
	t, err := NewKalahMargins(ctx, g, seeds, progress)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// KalahMarginBytes is the memory of the tables up to seeds seeds.
func KalahMarginBytes(g sente.Game, seeds int) int64 {
	k, ok := g.(*Kalah)
	if !ok {
		return 0
	}
	var n int64
	for s := 0; s <= min(seeds, k.total); s++ {
		n += 2 * int64(k.compositions(s, k.places()))
	}
	return n
}

// NewKalahMargins builds the tables of g, a Kalah, up to seeds seeds in
// the houses, on every core, telling progress (when not nil) now and then
// how many of their boards are solved. It stops with ctx's error when ctx
// is done.
func NewKalahMargins(ctx context.Context, g sente.Game, seeds int, progress func(done, total int64)) (*KalahMargins, error) {
	k, ok := g.(*Kalah)
	if !ok {
		return nil, fmt.Errorf("kalah endgame: %T is not Kalah", g)
	}
	seeds = min(seeds, k.total)
	t := &KalahMargins{g: k, seeds: seeds, first: make([]int64, seeds+2)}
	for s := 0; s <= seeds; s++ {
		t.first[s+1] = t.first[s] + 2*int64(k.compositions(s, k.places()))
	}
	t.words = make([]atomic.Uint32, (t.first[seeds+1]+3)/4)
	// Each count of seeds in turn, its boards in runs taken by the
	// workers as they come free. A board a worker's pass reaches is
	// solved there, whichever run it falls in, so two workers may solve
	// one board at once, to the same margin.
	workers := runtime.GOMAXPROCS(0)
	var done atomic.Int64
	for s := 0; s <= seeds; s++ {
		n := k.compositions(s, k.places())
		var next atomic.Uint64
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var pos KalahPosition
				for ctx.Err() == nil {
					from := next.Add(kalahRun) - kalahRun
					if from >= n {
						return
					}
					for r := from; r < min(from+kalahRun, n); r++ {
						if r == from {
							k.composition(&pos.Board, s, r)
						} else {
							k.nextComposition(&pos.Board)
						}
						for turn := range 2 {
							pos.Turn = sente.Player(turn)
							t.solve(pos, s, t.first[s]+2*int64(r)+int64(turn))
						}
					}
					solved := done.Add(2 * int64(min(kalahRun, n-from)))
					if w == 0 && progress != nil {
						progress(solved, t.first[seeds+1])
					}
				}
			}()
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	if progress != nil {
		progress(t.first[seeds+1], t.first[seeds+1])
	}
	return t, nil
}

// kalahRun is the boards a worker building the tables takes at a time.
const kalahRun = 1 << 12

// Seeds is the most seeds in the houses of a board the tables hold.
func (t *KalahMargins) Seeds() int { return t.seeds }

// index is the place in the tables of the houses of b with s seeds in
// them, mover to move.
func (t *KalahMargins) index(b *[2*kalahMaxHouses + 2]uint8, s int, mover sente.Player) int64 {
	return t.first[s] + 2*int64(t.g.compositionRank(b, s)) + int64(mover)
}

// solve finds the margin of pos, whose stores are empty and whose houses
// hold s seeds, at index i.
func (t *KalahMargins) solve(pos KalahPosition, s int, i int64) int {
	if m, ok := t.found(i); ok {
		return m
	}
	g := t.g
	mover := pos.Turn
	var best int
	if g.ended(&pos.Board, mover) {
		best = g.finalMargin(&pos.Board, mover)
	} else {
		best = -1 << 30
		for h := range g.houses {
			if pos.Board[g.house(mover, h)] == 0 {
				continue
			}
			next := g.sow(pos, h)
			gain := int(next.Board[g.store(mover)])
			next.Board[g.store(mover)] = 0
			rest := s - gain
			m := t.solve(next, rest, t.index(&next.Board, rest, next.Turn))
			if next.Turn != mover {
				m = -m
			}
			best = max(best, gain+m)
		}
	}
	t.keep(i, best)
	return best
}

// found is the margin at index i, and false when not found yet.
func (t *KalahMargins) found(i int64) (int, bool) {
	b := t.words[i>>2].Load() >> (8 * (i & 3)) & 0xff
	return int(b) - kalahMarginBias, b != 0
}

// keep stores margin m at index i.
func (t *KalahMargins) keep(i int64, m int) {
	w := &t.words[i>>2]
	shift := 8 * (i & 3)
	for {
		old := w.Load()
		if w.CompareAndSwap(old, old&^(0xff<<shift)|uint32(m+kalahMarginBias)<<shift) {
			return
		}
	}
}

// Margin is the margin of the position key for the player to move, and
// false when its houses hold more seeds than the tables: what its stores
// banked (Unbank) plus the table's margin of its houses, whose rank and
// turn it reads from the key (Encode) without decoding the board.
func (t *KalahMargins) Margin(key uint64) (int, bool) {
	_, banked, inHouses := t.g.Unbank(key)
	if inHouses > t.seeds {
		return 0, false
	}
	stored, rank := t.g.TierRank(key)
	comp := rank >> 1 / uint64(stored+1)
	m, _ := t.found(t.first[inHouses] + 2*int64(comp) + int64(rank&1))
	return banked + m, true
}
