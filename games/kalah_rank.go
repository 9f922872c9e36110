package games

import "github.com/sente-go/sente"

// Kalah's tiers are the seeds in the stores, which no move takes out: a
// move that puts no seed in a store stays in its tier, so every tier but
// the last (all seeds stored) is loopy to the tier engine, though play
// never repeats a position (such a move sows the mover's seeds along
// their own row, towards their store). The endgame tables the field
// solved Kalah with are these tiers from the top: the positions with few
// seeds left in the houses.
//
// A position's rank in its tier s, with k = total - s seeds in the
// houses: the houses' seeds as a composition of k into 2*houses parts,
// numbered by the combinatorial number system, then the first player's
// store (0 to s; the second's is the rest), then the player to move. Every
// rank is a position, most of them unreachable from the start. The key is
// the rank above seven bits of tier (at most 72 seeds).

const kalahTierBits = 7

func (g *Kalah) places() int { return 2 * g.houses }

// compositions is the number of ways to put k seeds into parts places.
func (g *Kalah) compositions(k, parts int) uint64 {
	return g.binom[k+parts-1][parts-1]
}

// TierSize is the ranks of tier s: the houses' compositions, times the
// first player's store, times the player to move.
func (g *Kalah) TierSize(s int) uint64 {
	return g.compositions(g.total-s, g.places()) * uint64(s+1) * 2
}

func (g *Kalah) ChildTiers(s int) []int {
	var t []int
	for c := s + 1; c <= g.total; c++ {
		t = append(t, c)
	}
	return t
}

func (g *Kalah) TierLoops(s int) bool { return s < g.total }

func (g *Kalah) TierRank(key uint64) (int, uint64) {
	return int(key & (1<<kalahTierBits - 1)), key >> kalahTierBits
}

func (g *Kalah) Unrank(tier int, rank uint64) (uint64, bool) {
	if tier < 0 || tier > g.total || rank >= g.TierSize(tier) {
		return 0, false
	}
	return rank<<kalahTierBits | uint64(tier), true
}

func (g *Kalah) TurnKey(key uint64) sente.Player {
	return sente.Player(key >> kalahTierBits & 1)
}

// Alternates is true when no move keeps the turn (extra=false).
func (g *Kalah) Alternates() bool { return g.rules.NoExtraTurn }

// houseIndex lists the board's places of the houses in rank order: the
// first player's from their left, then the second player's.
func (g *Kalah) houseIndex(i int) int {
	if i < g.houses {
		return i
	}
	return i + 1
}

func (g *Kalah) Encode(p sente.Position) uint64 {
	pos := p.(KalahPosition)
	return g.encode(&pos)
}

// encode is Encode of the position itself (decode).
func (g *Kalah) encode(pos *KalahPosition) uint64 {
	s := int(pos.Board[g.store(sente.First)]) + int(pos.Board[g.store(sente.Second)])
	comp := g.compositionRank(&pos.Board, g.total-s)
	rank := (comp*uint64(s+1)+uint64(pos.Board[g.store(sente.First)]))*2 + uint64(pos.Turn)
	return rank<<kalahTierBits | uint64(s)
}

// compositionRank is the rank of the houses of b, which hold left seeds,
// among the compositions of left into the houses: the combinatorial
// number system, houses in rank order (houseIndex), Pascal's triangle read
// by column.
func (g *Kalah) compositionRank(b *[2*kalahMaxHouses + 2]uint8, left int) uint64 {
	parts := g.places()
	var comp uint64
	for i := 0; i < parts-1; i++ {
		x := int(b[g.houseIndex(i)])
		rest := parts - i - 1
		col := g.choose[rest]
		comp += col[left+rest] - col[left-x+rest]
		left -= x
	}
	return comp
}

// composition sets the houses of b to the composition of left seeds of
// rank comp (compositionRank) and the stores to 0.
func (g *Kalah) composition(b *[2*kalahMaxHouses + 2]uint8, left int, comp uint64) {
	*b = [2*kalahMaxHouses + 2]uint8{}
	parts := g.places()
	for i := 0; i < parts-1; i++ {
		rest := parts - i - 1
		// compositions(left-x, rest), x = 0, 1, ...: C(left-x+rest-1, rest-1).
		col := g.choose[rest-1]
		x := 0
		for {
			n := col[left-x+rest-1]
			if comp < n {
				break
			}
			comp -= n
			x++
		}
		b[g.houseIndex(i)] = uint8(x)
		left -= x
	}
	b[g.houseIndex(parts-1)] = uint8(left)
}

// nextComposition sets the houses of b, a composition that is not the
// last of its seeds, to the composition of the next rank
// (compositionRank): the last house but one that has seeds after it
// takes one of them, and the rest of them go to the last house.
func (g *Kalah) nextComposition(b *[2*kalahMaxHouses + 2]uint8) {
	parts := g.places()
	last := g.houseIndex(parts - 1)
	after := int(b[last])
	b[last] = 0
	j := parts - 2
	for ; after == 0; j-- {
		at := g.houseIndex(j)
		after += int(b[at])
		b[at] = 0
	}
	b[g.houseIndex(j)]++
	b[last] = uint8(after - 1)
}

func (g *Kalah) Decode(key uint64) sente.Position { return g.decode(key) }

// decode is Decode as the position itself, for the engines' calls on keys,
// which a position in an interface would cost an allocation each.
func (g *Kalah) decode(key uint64) KalahPosition {
	s, rank := g.TierRank(key)
	var pos KalahPosition
	pos.Turn = sente.Player(rank & 1)
	rank >>= 1
	first := rank % uint64(s+1)
	g.composition(&pos.Board, g.total-s, rank/uint64(s+1))
	pos.Board[g.store(sente.First)] = uint8(first)
	pos.Board[g.store(sente.Second)] = uint8(uint64(s) - first)
	return pos
}

func (g *Kalah) AppendChildren(dst []uint64, key uint64) []uint64 {
	pos := g.decode(key)
	for i := range g.houses {
		if pos.Board[g.house(pos.Turn, i)] != 0 {
			next := g.sow(pos, i)
			dst = append(dst, g.encode(&next))
		}
	}
	return dst
}

func (g *Kalah) EndedKey(key uint64) (sente.Value, bool) {
	pos := g.decode(key)
	if !g.ended(&pos.Board, pos.Turn) {
		return sente.Unknown, false
	}
	return sente.Margin{Score: g.finalMargin(&pos.Board, pos.Turn)}.Value(), true
}

func (g *Kalah) ScoreKey(key uint64) int {
	pos := g.decode(key)
	return g.finalMargin(&pos.Board, pos.Turn)
}
