package games

import (
	"math/bits"

	"github.com/sente-go/sente"
)

// Chopsticks' tiers for the tier engine (sente.TierRanker): a game with
// loops, solved in the engine's loopy path with un-moves (Chopsticks is an
// Unmover).
//
// A dead hand stays dead unless revive=true, and a move kills at most one
// hand (an attack touches one hand; a transfer with selfkill kills only the
// receiving hand), so without revive the tier is the number of dead hands,
// 0 to 4, and tier d leads to itself and to d+1. From 3 dead hands on, a
// player has none left: those positions have ended, so tiers 3 and 4 have
// no moves and no loops. With revive every position is in tier 0, ranked
// by its key.
//
// Within tier d a position is numbered by who moves, which d of the four
// hands (first's left and right, second's left and right) are dead, as a
// colexicographic rank among the C(4, d) choices, and the 4-d live hands'
// fingers, 0 to 4 each, base 5. Ranks whose hands are 0,0 for a player (a
// transfer resets them to 1,1) or whose player not to move has no hands
// (the game ended before) are not positions: Unrank says so.

// chopsticksHandsOf splits a key into the hands of a key from the most significant
// digit: first's left, first's right, second's left, second's right.
func chopsticksHandsOf(key uint64) (hands [4]uint64, turn uint64) {
	for i := 3; i >= 0; i-- {
		hands[i], key = key%6, key/6
	}
	return hands, key
}

// TierRank returns the number of dead hands (0 with revive) and the rank.
func (g *Chopsticks) TierRank(key uint64) (tier int, rank uint64) {
	if g.rules.Revive {
		return 0, key
	}
	hands, turn := chopsticksHandsOf(key)
	var dead, live uint64
	for i, h := range hands {
		if h == ChopsticksDead {
			dead |= 1 << uint(i)
		} else {
			live = live*5 + h
		}
	}
	d := bits.OnesCount64(dead)
	return d, (turn*binom[4][d]+colexRank(dead))*chopsticksPow5[4-d] + live
}

var chopsticksPow5 = [5]uint64{1, 5, 25, 125, 625}

// Unrank returns the key of rank in tier, or false when it is not a
// position (see above).
func (g *Chopsticks) Unrank(tier int, rank uint64) (key uint64, ok bool) {
	if rank >= g.TierSize(tier) {
		return 0, false
	}
	if g.rules.Revive {
		key = rank
	} else {
		live, rest := rank%chopsticksPow5[4-tier], rank/chopsticksPow5[4-tier]
		turn, dead := rest/binom[4][tier], colexUnrank(4, tier, rest%binom[4][tier])
		var hands [4]uint64
		for i := 3; i >= 0; i-- {
			if dead>>uint(i)&1 != 0 {
				hands[i] = ChopsticksDead
			} else {
				hands[i], live = live%5, live/5
			}
		}
		key = turn
		for _, h := range hands {
			key = key*6 + h
		}
	}
	p := chopsticksDecode(key)
	if p.First == [2]uint8{0, 0} || p.Second == [2]uint8{0, 0} || chopsticksEnded(p) == sente.Win {
		return 0, false
	}
	return key, true
}

// TierSize is 2·C(4, d)·5^(4-d) for d dead hands, or every key with revive.
func (g *Chopsticks) TierSize(tier int) uint64 {
	switch {
	case g.rules.Revive && tier == 0:
		return chopsticksKeys
	case g.rules.Revive || tier < 0 || tier > 4:
		return 0
	}
	return 2 * binom[4][tier] * chopsticksPow5[4-tier]
}

var chopsticksChildTiers = [5][]int{{1}, {2}, {3}, nil, nil}

// ChildTiers is the tier with one more dead hand, up to 3 (where a player
// has none left and the game has ended); none with revive. The slice is
// shared: callers must not change it.
func (g *Chopsticks) ChildTiers(tier int) []int {
	if g.rules.Revive || tier < 0 || tier > 4 {
		return nil
	}
	return chopsticksChildTiers[tier]
}

// TierLoops is true where moves are: a move that kills no hand stays in its
// tier.
func (g *Chopsticks) TierLoops(tier int) bool { return g.rules.Revive || tier >= 0 && tier < 3 }

var _ sente.TierRanker = (*Chopsticks)(nil)
