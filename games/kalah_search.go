package games

import (
	"fmt"

	"github.com/sente-go/sente"
)

// What Kalah tells a search (sente.Orderer) and which tiers make its
// endgame (sente.Endgamer): the field solved Kalah by searching the opening
// over databases of the positions with few seeds left in the houses
// (Irving, Donkers and Uiterwijk 2000).

var _ interface {
	sente.Orderer
	sente.Endgamer
	sente.Banker
} = (*Kalah)(nil)

// kalahEndgameRanks bounds the largest tier of the endgame Endgame names,
// so that its tables are solved in minutes and a few gigabytes.
const kalahEndgameRanks = 1 << 25

// OrderChildren tries first the moves that end in the mover's store (the
// mover moves again), then those that put the most seeds in it (captures),
// the rest last, and says when a move ends the game with the mover's win.
func (g *Kalah) OrderChildren(dst []sente.Child, key uint64) ([]sente.Child, sente.Tactics) {
	pos := g.decode(key)
	var tactics sente.Tactics
	mover := pos.Turn
	before := int(pos.Board[g.store(mover)])
	for i := range g.houses {
		if pos.Board[g.house(mover, i)] == 0 {
			continue
		}
		next := g.sow(pos, i)
		hint := 4*(int(next.Board[g.store(mover)])-before) + i
		if next.Turn == mover {
			hint += 64
		}
		if g.ended(&next.Board, next.Turn) && sente.MoveMargin(sente.Margin{Score: g.finalMargin(&next.Board, next.Turn)}, next.Turn == mover).Score > 0 {
			tactics.WinsAtOnce = true
		}
		dst = append(dst, sente.Child{Key: g.encode(&next), Hint: int32(hint)})
	}
	return dst, tactics
}

// Horizon knows no bound: a game of Kalah may go on for many plies with
// few seeds stored.
func (g *Kalah) Horizon(uint64) (most, tieLeast int) { return -1, 0 }

// Endgame is the positions with the fewest seeds left in the houses that
// make tiers of at most kalahEndgameRanks ranks (every position, for a
// small board).
func (g *Kalah) Endgame() sente.Endgame {
	from := g.total
	for from > 0 && g.TierSize(from-1) <= kalahEndgameRanks {
		from--
	}
	var tiers []int
	for t := g.total; t >= from; t-- {
		tiers = append(tiers, t)
	}
	// A position of tier from that has not ended: its seeds in the stores
	// the first player's, the rest in the first house of each side.
	var pos KalahPosition
	left := g.total - from
	pos.Board[g.store(sente.First)] = uint8(from)
	pos.Board[g.house(sente.First, 0)] = uint8(left - left/2)
	pos.Board[g.house(sente.Second, 0)] = uint8(left / 2)
	return sente.Endgame{Name: fmt.Sprintf("the %d-seed endgame", left), From: pos, Tiers: tiers}
}

// Unbank is the position with the same houses and player to move and
// every stored seed in the first player's store: seeds never leave a
// store, and neither the moves, nor the end, nor the seeds each side gets
// from the houses depend on how the stored ones are split. The stores'
// margin is banked, and the seeds in the houses are the most margin still
// to be made.
func (g *Kalah) Unbank(key uint64) (uint64, int, int) {
	s, rank := g.TierRank(key)
	first := int(rank >> 1 % uint64(s+1))
	banked := 2*first - s // the first player's store less the second's
	if sente.Player(rank&1) == sente.Second {
		banked = -banked
	}
	// The first player's store is the rank's middle digit (Encode).
	rest := ((rank>>1-uint64(first))+uint64(s))<<1 | rank&1
	return rest<<kalahTierBits | uint64(s), banked, g.total - s
}
