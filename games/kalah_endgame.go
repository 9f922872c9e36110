package games

import (
	"fmt"

	"github.com/sente-go/sente"
)

// KalahMargins are Kalah's endgame tables of margins: for every board with
// at most Seeds seeds in its houses and either player to move, the margin
// the player to move makes of those seeds under perfect play, whatever the
// stores hold (the margin of the position is that plus what its stores
// banked, sente.Banker). These are the databases by seeds in play that
// Kalah was solved over (Irving, Donkers and Uiterwijk 2000), a byte a
// position, built in memory in a few seconds.
//
// Play from a board never returns to it: a move either puts a seed in a
// store, leaving fewer in the houses, or sows the mover's seeds along
// their own row towards their store. So each board's margin is the best
// of its moves' over boards with fewer seeds, or the same seeds further
// along, and the tables are filled by a depth-first pass that is exact:
// there is no cycle for it to cut.
type KalahMargins struct {
	g     *Kalah
	seeds int
	// first[k] is the index of the first board with k seeds in the
	// houses; a board's index is first[k] + 2·(its composition's rank) +
	// the player to move.
	first  []int64
	margin []int8 // kalahUnknown until found
}

const kalahUnknown = -128

// kalahTableSeeds bounds the seeds of the tables MarginTables builds: 14
// seeds are 19 million boards, built in about 5 s; each seed more costs
// about twice that and, on Kalah(6,4), saves less search than it costs.
// A smaller board gets tables of at most kalahTableShare of its seeds, its
// search being too short to pay for more.
const (
	kalahTableSeeds = 14
	kalahTableShare = 0.3
)

var _ sente.MarginTabler = (*Kalah)(nil)

// MarginTables builds the tables of the most seeds, up to
// kalahTableSeeds or kalahTableShare of the board's, that fit in bytes;
// nil when not even one seed fits.
func (g *Kalah) MarginTables(bytes int64) sente.MarginTable {
	seeds := -1
	most := min(kalahTableSeeds, int(kalahTableShare*float64(g.total)))
	for s := 0; s <= most && KalahMarginBytes(g, s) <= bytes; s++ {
		seeds = s
	}
	if seeds < 1 {
		return nil
	}
	t, err := NewKalahMargins(g, seeds)
	if err != nil {
		return nil
	}
	return t
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
// the houses.
func NewKalahMargins(g sente.Game, seeds int) (*KalahMargins, error) {
	k, ok := g.(*Kalah)
	if !ok {
		return nil, fmt.Errorf("kalah endgame: %T is not Kalah", g)
	}
	seeds = min(seeds, k.total)
	t := &KalahMargins{g: k, seeds: seeds, first: make([]int64, seeds+2)}
	for s := 0; s <= seeds; s++ {
		t.first[s+1] = t.first[s] + 2*int64(k.compositions(s, k.places()))
	}
	t.margin = make([]int8, t.first[seeds+1])
	for i := range t.margin {
		t.margin[i] = kalahUnknown
	}
	var pos KalahPosition
	for s := 0; s <= seeds; s++ {
		n := k.compositions(s, k.places())
		for r := range n {
			k.composition(&pos.Board, s, r)
			for turn := range 2 {
				pos.Turn = sente.Player(turn)
				t.solve(pos, s, t.first[s]+2*int64(r)+int64(turn))
			}
		}
	}
	return t, nil
}

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
	if m := t.margin[i]; m != kalahUnknown {
		return int(m)
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
	t.margin[i] = int8(best)
	return best
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
	return banked + int(t.margin[t.first[inHouses]+2*int64(comp)+int64(rank&1)]), true
}
