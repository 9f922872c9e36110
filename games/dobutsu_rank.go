package games

import (
	"math/bits"
	"sync"

	"github.com/sente-go/sente"
)

var (
	_ sente.TierRanker      = (*Dobutsu)(nil)
	_ sente.SymmetricRanker = (*Dobutsu)(nil)
	_ sente.Unmover         = (*Dobutsu)(nil)
)

// Dōbutsu shōgi's ranks for the tier engine (sente.TierRanker).
//
// Captured pieces come back as drops, so no count moves one way: the game
// is one loopy tier, tier 0, with three small tiers beside it, each a
// single class of positions whose value is known at once:
//
//   - tier 1, the positions that have ended lost for the player to move
//     (its lion taken, or a try of the opponent's under try=safe or any);
//   - tier 2, those that have ended won for it (the opponent's lion taken,
//     or its own try under try=survive);
//   - tier 3, under catch=forced, those where it takes the opponent's
//     lion, its only moves: won in 1, and their children are all in tier 1.
//
// Canonical maps each of those positions to one representative key (the
// same result in the same number of plies: a class as good as a mirror
// image), and every other position to its representative under the two
// symmetries of the game: the board turned round with the colours swapped
// and the other player to move (so that the first player is always to
// move), then the left-right mirror (the smaller key of the two).
//
// Tier 0 ranks every placement with the first player to move and both
// lions on the board, sparse: only canonical ones are positions (Unrank
// says false for the others, and for those of the other tiers). A rank is
//
//	pair·R + base[h] + ((place·2^k + owners)·2^c + hens)·H + hands
//
// where pair numbers the two lions' squares among the pairs tier 0 can
// hold (not adjacent under catch=forced, since the player to move could
// take the lion; not the first player's lion on its far rank under
// try=survive, ...), R is the number of ways to place the other pieces on
// the ten other squares and the hands, h the number of each kind in the
// hands (0, 1 or 2: one of 27 cases for three kinds), base[h] the ranks
// of the cases before it, place the squares of each kind in turn (colex
// ranks among the squares the kinds before it left), k the pieces on the
// board and owners which are the first player's, c the chicks on the board
// and hens which have promoted, and hands how many of each kind in hand
// are the first player's (H the ways). With all pieces R = 11,878,227:
// 132·R = 1,567,925,964 is Tanaka's count of all placements.

// dbRanks are the tables of a rule set, made once by NewDobutsu.
type dbRanks struct {
	pair     [12][12]int16 // the index of a lion pair in tier 0, or -1
	pairs    [][2]int8     // the first player's lion, the second's
	rest     uint64        // R
	size0    uint64
	configs  []dbConfig // by h, each kind's count in hand a base-3 digit
	lionMask [4096]int8 // the index of a mask of two squares in compress
	compress [66][4096]uint16
	expand   [66][1024]uint16
	bits     *dbBitTables
}

// dbConfig is one case of the pieces in hand: n[j] of kind j on the board,
// hand[j] in the hands.
type dbConfig struct {
	base   uint64
	n      [3]int
	avail  [3]int // the free squares left before kind j is placed
	k      int
	radix  uint64 // the ways of the first player's share of the hands
	chicks int    // chicks on the board
}

// dbBitTables are PEXT and PDEP on ten bits, and colex ranks of ten-bit
// sets.
type dbBitTables struct {
	pext, pdep [1024][1024]uint16
	colex      [1024]uint16
	uncolex    [11][252]uint16
}

var dbTables = sync.OnceValue(func() *dbBitTables {
	t := new(dbBitTables)
	for m := range 1024 {
		for x := range 1024 {
			t.pext[m][x], t.pdep[m][x] = uint16(extractBits(uint64(x), uint64(m))), uint16(depositBits(uint64(x), uint64(m)))
		}
		t.colex[m] = uint16(colexRank(uint64(m)))
		n := bits.OnesCount(uint(m))
		t.uncolex[n][t.colex[m]] = uint16(m)
	}
	return t
})

// dbRestSize is R: the ways to place two pieces of each kind on free
// squares or in a hand, each piece owned by either player, each chick on
// the board promoted or not.
func dbRestSize(kinds []int, free int) uint64 {
	var total uint64
	for _, c := range dbConfigs(kinds, free) {
		total += c.size(free)
	}
	return total
}

func dbConfigs(kinds []int, free int) []dbConfig {
	n := 1
	for range kinds {
		n *= 3
	}
	configs := make([]dbConfig, n)
	var base uint64
	for h := range n {
		c := &configs[h]
		c.radix = 1
		left, x := free, h
		for j, kind := range kinds {
			inHand := x % 3
			x /= 3
			c.n[j] = 2 - inHand
			c.avail[j] = left
			left -= c.n[j]
			c.k += c.n[j]
			c.radix *= uint64(inHand + 1)
			if kind == dbChick {
				c.chicks = c.n[j]
			}
		}
		c.base = base
		base += c.size(free)
	}
	return configs
}

func (c *dbConfig) size(free int) uint64 {
	s := c.radix << (c.k + c.chicks)
	for j, a := range c.avail {
		s *= binom[max(a, 0)][c.n[j]]
	}
	return s
}

func (g *Dobutsu) initRanks() {
	r := &dbRanks{bits: dbTables()}
	for a := range dbCells {
		for b := range dbCells {
			r.pair[a][b] = -1
			if a == b || g.try == dbTrySurvive && dbFar[0]>>a&1 != 0 {
				continue
			}
			if g.forced && g.steps[dbLion][a]>>b&1 != 0 {
				continue // the first player takes the lion
			}
			if dbHome[0]>>b&1 != 0 && (g.try == dbTryAny || g.try == dbTrySafe && g.forced) {
				continue // ended, or the lion attacked is taken
			}
			r.pair[a][b] = int16(len(r.pairs))
			r.pairs = append(r.pairs, [2]int8{int8(a), int8(b)})
		}
	}
	r.configs = dbConfigs(g.kinds, 10)
	last := r.configs[len(r.configs)-1]
	r.rest = last.base + last.size(10)
	r.size0 = uint64(len(r.pairs)) * r.rest
	i := 0
	for a := range dbCells {
		for b := a + 1; b < dbCells; b++ {
			lm := 1<<a | 1<<b
			r.lionMask[lm] = int8(i)
			free := uint16(0xfff &^ lm)
			for m := range 4096 {
				r.compress[i][m] = uint16(extractBits(uint64(m), uint64(free)))
			}
			for x := range 1024 {
				r.expand[i][x] = uint16(depositBits(uint64(x), uint64(free)))
			}
			i++
		}
	}
	g.ranks = r

	var hands uint64
	for _, kind := range g.kinds {
		hands += 2 * dbHandUnit(1, kind)
	}
	g.lostKey = uint64(dbLion+dbSecond)<<4 | hands
	g.wonKey = uint64(dbLion)<<(4*10) | hands>>6
	g.catchKey = uint64(dbLion)<<(4*7) | uint64(dbLion+dbSecond)<<(4*4) | hands>>6
}

// dbTurn turns the board round, swaps the colours and the hands and gives
// the move to the other player.
func dbTurn(key uint64) uint64 {
	b := key & dbBoardMask
	y := bits.ReverseBytes64(b)
	y = y>>4&0x0f0f0f0f0f0f0f0f | y&0x0f0f0f0f0f0f0f0f<<4
	y >>= 16
	occupied := (y | y>>1 | y>>2 | y>>3) & 0x111111111111
	y ^= occupied << 3
	firstHand, secondHand := key>>dbHandShift&63, key>>(dbHandShift+6)&63
	return y | (secondHand|firstHand<<6)<<dbHandShift | (key>>dbSideBit&1^1)<<dbSideBit
}

// dbMirror swaps the columns a and c.
func dbMirror(key uint64) uint64 {
	const c0, c1, c2 = 0x00f00f00f00f, 0x0f00f00f00f0, 0xf00f00f00f00
	return key&^dbBoardMask | key&c1 | key&c0<<8 | key&c2>>8
}

// class is the tier of a key with the first player to move.
func (g *Dobutsu) class(key uint64) int {
	lion := dbLions(key & dbBoardMask)
	if v, ended := g.ended(key, lion); ended {
		if v == sente.Lose {
			return 1
		}
		return 2
	}
	if g.forced && g.attacks(key, 0, lion[1]) {
		return 3 // the first player, to move, takes the lion
	}
	return 0
}

// dbKindSquares is the squares whose nibble in kinds (the board without
// owner bits) is kind: adding 7 to each nibble's low bits carries into its
// bit 3 exactly when they are not zero.
func dbKindSquares(kinds uint64, kind int) uint16 {
	x := kinds ^ uint64(kind)*dbNibbles
	nonzero := ((x&(7*dbNibbles) + 7*dbNibbles) | x) & (8 * dbNibbles)
	return dbGather(^nonzero & (8 * dbNibbles) >> 3)
}

// Canonical is the representative of the key's class (see above).
func (g *Dobutsu) Canonical(key uint64) uint64 {
	if dbMover(key) == 1 {
		key = dbTurn(key)
	}
	switch g.class(key) {
	case 1:
		return g.lostKey
	case 2:
		return g.wonKey
	case 3:
		return g.catchKey
	}
	return min(key, dbMirror(key))
}

func (g *Dobutsu) TierRank(key uint64) (tier int, rank uint64) {
	if dbMover(key) == 1 {
		key = dbTurn(key)
	}
	if t := g.class(key); t != 0 {
		return t, 0
	}
	return 0, g.rank(min(key, dbMirror(key)))
}

// rank is the rank in tier 0 of a key with the first player to move.
func (g *Dobutsu) rank(key uint64) uint64 {
	r := g.ranks
	t := r.bits
	b := key & dbBoardMask
	kinds := b & (7 * dbNibbles)
	var kind [8]uint16
	for _, k := range g.kinds {
		kind[k] = dbKindSquares(kinds, k)
	}
	hens := dbKindSquares(kinds, dbHen)
	kind[dbChick] |= hens
	lion := dbLions(b)
	occupied := (b | b>>1 | b>>2 | b>>3) & dbNibbles
	own := dbGather(occupied&^(b>>3)) &^ (1 << lion[0]) // the first player's pieces but its lion
	comp := &r.compress[r.lionMask[1<<lion[0]|1<<lion[1]]]
	h, pow := 0, 1
	for _, k := range g.kinds {
		h += (2 - bits.OnesCount16(kind[k])) * pow
		pow *= 3
	}
	cfg := &r.configs[h]
	avail := uint16(0x3ff)
	var place uint64
	var occ, chicks uint16
	for j, k := range g.kinds {
		m := comp[kind[k]]
		place = place*binom[cfg.avail[j]][cfg.n[j]] + uint64(t.colex[t.pext[avail][m]])
		avail &^= m
		occ |= m
		if k == dbChick {
			chicks = m
		}
	}
	place = place<<cfg.k | uint64(t.pext[occ][comp[own]])
	place = place<<cfg.chicks | uint64(t.pext[chicks][comp[hens]])
	var hands uint64
	for j, k := range g.kinds {
		hands = hands*uint64(3-cfg.n[j]) + uint64(dbHand(key, 0, k))
	}
	return uint64(r.pair[lion[0]][lion[1]])*r.rest + cfg.base + place*cfg.radix + hands
}

// Unrank gives the key of a rank when it is the representative of its
// class.
func (g *Dobutsu) Unrank(tier int, rank uint64) (uint64, bool) {
	switch {
	case tier == 1 && rank == 0:
		return g.lostKey, true
	case tier == 2 && rank == 0:
		return g.wonKey, true
	case tier == 3 && rank == 0 && g.forced:
		return g.catchKey, true
	case tier != 0 || rank >= g.ranks.size0:
		return 0, false
	}
	r := g.ranks
	t := r.bits
	pair := r.pairs[rank/r.rest]
	rem := rank % r.rest
	h := len(r.configs) - 1
	for r.configs[h].base > rem {
		h--
	}
	cfg := &r.configs[h]
	rem -= cfg.base
	hands := rem % cfg.radix
	place := rem / cfg.radix
	hens := uint16(place & (1<<cfg.chicks - 1))
	place >>= cfg.chicks
	own := uint16(place & (1<<cfg.k - 1))
	place >>= cfg.k
	var ranks [3]uint64
	for j := len(g.kinds) - 1; j >= 0; j-- {
		n := binom[cfg.avail[j]][cfg.n[j]]
		ranks[j] = place % n
		place /= n
	}
	lm := 1<<pair[0] | 1<<pair[1]
	exp := &r.expand[r.lionMask[lm]]
	key := uint64(dbLion)<<(4*pair[0]) | uint64(dbLion+dbSecond)<<(4*pair[1])
	avail := uint16(0x3ff)
	var occ uint16
	var masks [3]uint16
	for j := range g.kinds {
		m := t.pdep[avail][t.uncolex[cfg.n[j]][ranks[j]]]
		masks[j] = m
		avail &^= m
		occ |= m
	}
	own = t.pdep[occ][own]
	for j, k := range g.kinds {
		m := masks[j]
		var promoted uint16
		if k == dbChick {
			promoted = t.pdep[m][hens]
		}
		for ; m != 0; m &= m - 1 {
			b := m & -m
			code := k
			if promoted&b != 0 {
				code = dbHen
			}
			if own&b == 0 {
				code += dbSecond
			}
			key |= uint64(code) << (4 * bits.TrailingZeros16(exp[b]))
		}
	}
	for j := len(g.kinds) - 1; j >= 0; j-- {
		inHand := uint64(2 - cfg.n[j])
		first := hands % (inHand + 1)
		hands /= inHand + 1
		key += first*dbHandUnit(0, g.kinds[j]) + (inHand-first)*dbHandUnit(1, g.kinds[j])
	}
	if g.class(key) != 0 || dbMirror(key) < key {
		return 0, false
	}
	return key, true
}

func (g *Dobutsu) TierSize(tier int) uint64 {
	switch tier {
	case 0:
		return g.ranks.size0
	case 1, 2:
		return 1
	case 3:
		if g.forced {
			return 1
		}
	}
	return 0
}

func (g *Dobutsu) ChildTiers(tier int) []int {
	switch {
	case tier == 0 && g.forced:
		return []int{1, 2, 3}
	case tier == 0:
		return []int{1, 2}
	case tier == 3:
		return []int{1}
	}
	return nil
}

func (g *Dobutsu) TierLoops(tier int) bool { return tier == 0 }

// RanksBySymmetry is true: a rank stands for a class of positions worth
// the same (the board turned round, its mirror, and the ended and forced
// positions).
func (g *Dobutsu) RanksBySymmetry() bool { return true }

// ClassSide counts positions as Tanaka does, from the side of the player
// to move: a key and the board turned round are one position. The start
// is not its own mirror image, so the mirror is the other side. An ended
// or forced class, which folds positions that are no images of one
// another, counts as one.
func (g *Dobutsu) ClassSide(key uint64) (side int, positions uint64) {
	if dbMover(key) == 1 {
		key = dbTurn(key)
	}
	if g.class(key) != 0 {
		return 0, 1
	}
	if dbMirror(key) < key {
		side = 1
	}
	return side, 1
}

// OtherSide is the mirror image.
func (g *Dobutsu) OtherSide(key uint64) uint64 { return dbMirror(key) }
