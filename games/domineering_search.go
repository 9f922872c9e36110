package games

import (
	"context"
	"math/bits"
	"sync"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
)

// What proof search (solve/search) asks of Domineering, the field's
// techniques for it (Breuker, Uiterwijk and van den Herik, "Solving 8×8
// Domineering", 2000, and Uiterwijk's MUDoS after it; Bullock's Obsequi,
// 2002): positions folded by the board's symmetries, moves ordered by
// what they leave each side, and positions decided without search by
// safe moves and by the values of the regions the board splits into.
var _ interface {
	sente.Symmetric
	sente.Orderer
	sente.Decider
} = (*Domineering)(nil)

// domSearch is what a board's shape lets the search read fast.
type domSearch struct {
	rowMask uint64 // the cells of the bottom row
	// rowReversed[x] is the row x read right to left.
	rowReversed []uint64
	// colSpread[x], on a square board, is the row x laid upright as the
	// first column: the transposition of a board, row by row.
	colSpread []uint64
	// partCells bounds the regions valued by the theory (decideByParts);
	// 0: none are.
	partCells int
	values    *domValues
	// firstCounts keeps Decide to its first rule alone (safe moves and a
	// third of the open ones against the opponent's packing), for
	// measuring what the others save.
	firstCounts bool
}

// domValues are the values of the regions met, by shape, for every
// search of the game: the theory's Valuer, which is for one goroutine.
type domValues struct {
	mu sync.Mutex
	v  *cgt.Valuer
}

// The values of regions decide a position (decideByParts) when its empty
// cells are at most domPartsEmpty and every region of them at most
// domPartCells: small regions are valued in microseconds, once each
// shape, and the sum's class read without building it (cgt.SumOutcome),
// where search would play the regions' moves against each other.
const (
	domPartCells  = 12
	domPartsEmpty = 24
)

func (g *Domineering) initSearch() {
	g.search.rowMask = 1<<g.w - 1
	if g.w <= 16 {
		g.search.rowReversed = make([]uint64, 1<<g.w)
		for x := range g.search.rowReversed {
			g.search.rowReversed[x] = bits.Reverse64(uint64(x)) >> (64 - g.w)
		}
	}
	g.search.partCells = domPartCells
	v, err := cgt.NewValuer(g, cgt.ValuerOptions{})
	if err != nil {
		panic(err) // Domineering is partizan and plays normal play
	}
	g.search.values = &domValues{v: v}
	// A key without the side to move (sideByCount) cannot hold a
	// diagonal's image, which has the other side to move.
	if g.w == g.h && g.w <= 8 && !g.sideByCount {
		g.search.colSpread = make([]uint64, 1<<g.w)
		for x := range g.search.colSpread {
			var col uint64
			for c := range g.w {
				if x>>c&1 != 0 {
					col |= 1 << (c * g.w)
				}
			}
			g.search.colSpread[x] = col
		}
	}
}

// Canonical is the least key of the position's images by the board's
// symmetries: the reflections left to right and top to bottom keep the
// game as it is; on a square board the reflections in a diagonal make
// upright dominoes flat, so that the image with the other side to move is
// the same game for the player to move (Left's position is Right's
// transposed).
func (g *Domineering) Canonical(key uint64) uint64 {
	filled, side := key&^partizanRightBit, key&partizanRightBit
	if g.sideByCount {
		if key == domFullKey {
			return key // the full board, whose images are its own
		}
		filled, side = key, 0 // every image has as many cells filled
	}
	flipped := g.mirrorCols(filled)
	best := min(filled, flipped, g.mirrorRows(filled), g.mirrorRows(flipped)) | side
	if g.search.colSpread != nil {
		t := g.transpose(filled)
		tf := g.mirrorCols(t)
		best = min(best, min(t, tf, g.mirrorRows(t), g.mirrorRows(tf))|(side^partizanRightBit))
	}
	return best
}

func (g *Domineering) mirrorRows(f uint64) uint64 {
	if g.w == 8 {
		return bits.ReverseBytes64(f) >> (8 * (8 - g.h))
	}
	var out uint64
	for r := range g.h {
		out |= (f >> (r * g.w) & g.search.rowMask) << ((g.h - 1 - r) * g.w)
	}
	return out
}

func (g *Domineering) mirrorCols(f uint64) uint64 {
	if g.w == 8 {
		// Each byte's bits reversed in place.
		f = f>>1&0x5555555555555555 | f&0x5555555555555555<<1
		f = f>>2&0x3333333333333333 | f&0x3333333333333333<<2
		return f>>4&0x0f0f0f0f0f0f0f0f | f&0x0f0f0f0f0f0f0f0f<<4
	}
	var out uint64
	if rev := g.search.rowReversed; rev != nil {
		for r := range g.h {
			out |= rev[f>>(r*g.w)&g.search.rowMask] << (r * g.w)
		}
		return out
	}
	for r := range g.h {
		row := f >> (r * g.w) & g.search.rowMask
		out |= bits.Reverse64(row) >> (64 - g.w) << (r * g.w)
	}
	return out
}

func (g *Domineering) transpose(f uint64) uint64 {
	var out uint64
	for r := range g.h {
		out |= g.search.colSpread[f>>(r*g.w)&g.search.rowMask] << r
	}
	return out
}

// domCounts are what a board leaves each side: for Left (upright) and
// Right (flat), the places a domino fits now, the most dominoes that
// could still be placed (the packing of each column, or row, on its
// own), and the safe moves: disjoint dominoes on cells the opponent can
// never cover, which no move of his takes away.
type domCounts struct {
	fitsL, fitsR int
	mostL, mostR int
	safeL, safeR int
	// twinL and loneL are disjoint dominoes on the cells that are not
	// safe, which the opponent may take away: a twin has a cell beside a
	// cell of another (one of his moves may take both), a lone one none
	// (each of his moves takes at most one of them). twinR and loneR are
	// Right's.
	twinL, loneL, twinR, loneR int
	// exposedL and exposedR are the places a domino fits now that touch
	// a cell the opponent can cover: the moves that are not safe.
	exposedL, exposedR int
	// roomL and roomR are the empty cells a side's dominoes may still
	// cover: those with an empty neighbour across (Left) or along (Right)
	// a column. Filling cells never adds to them.
	roomL, roomR int
}

// counts are the counts of the board whose empty cells are empty.
func (g *Domineering) counts(empty uint64) domCounts {
	w := uint(g.w)
	// Cells next to an empty cell on the left or right (which a flat
	// domino may cover with it), and above or below.
	besideFlat := (empty<<1)&g.notLeft | (empty>>1)&g.notRight
	besideUp := (empty<<w | empty>>w) & g.full
	// A domino is named by its lower (left) cell.
	upright, flat := empty&(empty>>w), empty&(empty>>1)&g.notRight
	c := domCounts{
		fitsL:    bits.OnesCount64(upright),
		fitsR:    bits.OnesCount64(flat),
		exposedL: bits.OnesCount64(upright & (besideFlat | besideFlat>>w)),
		exposedR: bits.OnesCount64(flat & (besideUp | besideUp>>1)),
		roomL:    bits.OnesCount64(empty & besideUp),
		roomR:    bits.OnesCount64(empty & besideFlat),
		mostL:    g.packUpright(empty),
		mostR:    g.packFlat(empty),
		safeL:    g.packUpright(empty &^ besideFlat),
		safeR:    g.packFlat(empty &^ besideUp),
	}
	// The open dominoes: packed as the columns (rows) are, each named by
	// its lower (left) cell; a twin has a cell beside a cell of another
	// across the opponent's way.
	if low := g.uprightPacking(empty & besideFlat); low != 0 {
		cells := low | low<<w
		near := cells & ((cells<<1)&g.notLeft | (cells>>1)&g.notRight)
		c.twinL = bits.OnesCount64(low & (near | near>>w))
		c.loneL = bits.OnesCount64(low) - c.twinL
	}
	if low := g.flatPacking(empty & besideUp); low != 0 {
		cells := low | low<<1
		near := cells & (cells<<w | cells>>w) & g.full
		c.twinR = bits.OnesCount64(low & (near | near>>1))
		c.loneR = bits.OnesCount64(low) - c.twinR
	}
	return c
}

// uprightPacking is the lower cells of packUpright's dominoes on m.
func (g *Domineering) uprightPacking(m uint64) uint64 {
	w := uint(g.w)
	var low uint64
	for {
		starts := m & (m >> w) &^ (m << w)
		if starts == 0 {
			return low
		}
		low |= starts
		m &^= starts | starts<<w
	}
}

// flatPacking is the left cells of packFlat's dominoes on m.
func (g *Domineering) flatPacking(m uint64) uint64 {
	var low uint64
	for {
		starts := m & (m >> 1) & g.notRight &^ ((m << 1) & g.notLeft)
		if starts == 0 {
			return low
		}
		low |= starts
		m &^= starts | starts<<1
	}
}

// domRaceFirst[t][l] is the fewest of her t twin and l lone open
// dominoes (domCounts) that a player moving first is sure to play,
// whatever the opponent does; domRaceSecond is the same when he moves
// first. Each turn she plays one that is still whole; each of his moves
// takes away at most two, two only if both are twins (a flat domino
// covers two cells side by side, each in at most one of her disjoint
// upright dominoes, and two are taken only if they have cells side by
// side, which makes both twins; likewise for Right), or fewer, or none
// when he plays elsewhere. The tables play that race out, her choosing
// the kind to play and him the kind to take, as if any two twins could
// go at once, which only lowers her count.
var domRaceFirst, domRaceSecond = domRaces()

const domMaxOpen = domWideCells / 2

func domRaces() (first, second *[domMaxOpen + 1][domMaxOpen + 1]int8) {
	first, second = new([domMaxOpen + 1][domMaxOpen + 1]int8), new([domMaxOpen + 1][domMaxOpen + 1]int8)
	// Both tables at (t, l) read the first at smaller sums only, but for
	// his move of none (second reads first at (t, l) itself).
	for sum := 0; sum <= 2*domMaxOpen; sum++ {
		for t := max(0, sum-domMaxOpen); t <= min(sum, domMaxOpen); t++ {
			l := sum - t
			// Her move: one of either kind, then his answer.
			best := 0
			if t > 0 {
				best = max(best, 1+secondAt(first, t-1, l))
			}
			if l > 0 {
				best = max(best, 1+secondAt(first, t, l-1))
			}
			first[t][l] = int8(best)
		}
		for t := max(0, sum-domMaxOpen); t <= min(sum, domMaxOpen); t++ {
			second[t][sum-t] = int8(secondAt(first, t, sum-t))
		}
	}
	return first, second
}

// secondAt is the least of first after his move at (t, l): none, one
// twin, two twins, or one lone.
func secondAt(first *[domMaxOpen + 1][domMaxOpen + 1]int8, t, l int) int {
	least := int(first[t][l])
	if t > 0 {
		least = min(least, int(first[t-1][l]))
	}
	if t > 1 {
		least = min(least, int(first[t-2][l]))
	}
	if l > 0 {
		least = min(least, int(first[t][l-1]))
	}
	return least
}

// packUpright is the most disjoint upright dominoes on the cells m: the
// sum over the runs of each column of half their length, found by taking
// the lowest two cells of every run at once.
func (g *Domineering) packUpright(m uint64) int {
	w := uint(g.w)
	n := 0
	for {
		starts := m & (m >> w) &^ (m << w)
		if starts == 0 {
			return n
		}
		n += bits.OnesCount64(starts)
		m &^= starts | starts<<w
	}
}

// packFlat is packUpright for flat dominoes on the rows.
func (g *Domineering) packFlat(m uint64) int {
	n := 0
	for {
		starts := m & (m >> 1) & g.notRight &^ ((m << 1) & g.notLeft)
		if starts == 0 {
			return n
		}
		n += bits.OnesCount64(starts)
		m &^= starts | starts<<1
	}
}

// Decide decides a position by the moves each side is sure of against
// the moves the other could make at most (Obsequi's lower bounds): the
// player to move wins when the moves she is sure of outnumber all the
// moves the opponent could still make, since she can answer each of his
// and have one left first; she loses when the moves he is sure of, each
// an answer to one of hers, are as many as all the moves she could make.
//
// A side is sure of her safe moves, and of a share of her other disjoint
// dominoes (open): a move of the opponent takes away at most two of
// them (a domino crosses two columns, or rows), and hers uses one, so
// that moving first she plays ⌈open/3⌉ of them before they are gone,
// and answering ⌊open/3⌋.
func (g *Domineering) Decide(key uint64) (sente.Value, bool) {
	filled, left := g.unkey(key)
	if v := g.decided(g.counts(g.full&^filled), left); v != sente.Unknown {
		return v, true
	}
	return g.decideByParts(filled, left)
}

// domDecidedHint puts the moves that Decide settles before or after all
// others.
const domDecidedHint = 1 << 20

// decided is Decide by the counts c alone, Left to move when left;
// Unknown when they do not settle it.
func (g *Domineering) decided(c domCounts, left bool) sente.Value {
	if g.search.firstCounts {
		return g.decidedFirst(c, left)
	}
	return decidedByCounts(c, left)
}

// decidedByCounts is decided by every rule, on a board of any size.
func decidedByCounts(c domCounts, left bool) sente.Value {
	raceMine, raceTheirs := int(domRaceFirst[c.twinL][c.loneL]), int(domRaceSecond[c.twinR][c.loneR])
	mine, theirs := c.safeL+raceMine, c.safeR+raceTheirs
	mostMine, mostTheirs := c.mostL, c.mostR
	roomMine, roomTheirs := c.roomL, c.roomR
	if !left {
		raceMine, raceTheirs = int(domRaceFirst[c.twinR][c.loneR]), int(domRaceSecond[c.twinL][c.loneL])
		mine, theirs = c.safeR+raceMine, c.safeL+raceTheirs
		mostMine, mostTheirs = mostTheirs, mostMine
		roomMine, roomTheirs = roomTheirs, roomMine
	}
	// Apart: when one side has no move but safe ones, the two never meet
	// again. Her dominoes lie on cells the other can never cover (a
	// safe move's cells have no empty neighbour across his way, and
	// filling cells never gives them one), and her later moves are some
	// of those she has now; so his cells are never hers, nor hers his,
	// and each side plays alone, making in the end as many moves as fit
	// at most, the packing of each column (row) on its own, which she
	// reaches by filling each run from one end. The player to move wins
	// when she has more of them than he has.
	if c.exposedL == 0 || c.exposedR == 0 {
		if mostMine > mostTheirs {
			return sente.Win
		}
		return sente.Lose
	}
	// Room: each open domino a side plays fills two cells the other
	// could have covered (both of its cells are beside an empty cell
	// across his way), and she plays her race's count of them before any
	// other move. So by the time she has made as many moves as she is
	// sure of, he has had at most (his room - 2 × her race) / 2, his
	// dominoes and hers being disjoint; the count of his moves that
	// matters is the least of that and of his packing.
	mostTheirs = min(mostTheirs, (roomTheirs-2*raceMine)/2)
	mostMine = min(mostMine, (roomMine-2*raceTheirs)/2)
	return byCounts(mine, theirs, mostMine, mostTheirs)
}

// byCounts decides a position from the moves each side is sure of and
// the most each can make: the mover wins when she is sure of more than he
// can make, and loses when he is sure of as many as she can make (she
// moves first: with as many moves each, she runs out first).
func byCounts(mine, theirs, mostMine, mostTheirs int) sente.Value {
	switch {
	case mine > mostTheirs:
		return sente.Win
	case theirs >= mostMine:
		return sente.Lose
	}
	return sente.Unknown
}

// decidedFirst is decided by the first rule alone: every open domino
// counted as a twin (a third of them sure), no room, no sides apart.
func (g *Domineering) decidedFirst(c domCounts, left bool) sente.Value {
	openL, openR := c.twinL+c.loneL, c.twinR+c.loneR
	mine, theirs := c.safeL+(openL+2)/3, c.safeR+openR/3
	mostMine, mostTheirs := c.mostL, c.mostR
	if !left {
		mine, theirs = c.safeR+(openR+2)/3, c.safeL+openL/3
		mostMine, mostTheirs = mostTheirs, mostMine
	}
	return byCounts(mine, theirs, mostMine, mostTheirs)
}

// decideByParts decides a position whose empty cells have split into
// small regions by the sum of their values (MUDoS's way): Left to move
// wins a sum of class L or N, Right to move one of class R or N.
func (g *Domineering) decideByParts(filled uint64, left bool) (sente.Value, bool) {
	most := g.search.partCells
	empty := g.full &^ filled
	if most == 0 || bits.OnesCount64(empty) > domPartsEmpty {
		return sente.Unknown, false
	}
	for rest := empty; rest != 0; {
		region := rest & -rest
		for {
			grown := (region | g.neighbours(region)) & empty
			if grown == region {
				break
			}
			region = grown
		}
		if bits.OnesCount64(region) > most {
			return sente.Unknown, false
		}
		rest &^= region
	}
	vals := g.search.values
	vals.mu.Lock()
	class, err := vals.v.Outcome(context.Background(), DomineeringPosition{Filled: filled, LeftToMove: left})
	vals.mu.Unlock()
	if err != nil {
		return sente.Unknown, false
	}
	return classValue(class, left), true
}

// classValue is the value for the player to move, Left when left, of a
// position of outcome class class.
func classValue(class cgt.Outcome, left bool) sente.Value {
	wins := class.RightFirstWins()
	if left {
		wins = class.LeftFirstWins()
	}
	if wins {
		return sente.Win
	}
	return sente.Lose
}

// OrderChildren tries first the moves that leave the mover the most
// against the opponent: her safe moves kept (a move into them spends one
// she would have later), her places kept, and his destroyed.
func (g *Domineering) OrderChildren(dst []sente.Child, key uint64) ([]sente.Child, sente.Tactics) {
	filled, left := g.unkey(key)
	empty := g.full &^ filled
	var fits uint64
	step := uint(1)
	if left {
		step = uint(g.w)
		fits = empty & (empty >> step)
	} else {
		fits = empty & (empty >> 1) & g.notRight
	}
	for m := fits; m != 0; m &= m - 1 {
		d := m&-m | (m&-m)<<step
		c := g.counts(empty &^ d)
		dst = append(dst, sente.Child{Key: g.key(filled|d, !left), Hint: moveHint(c, left, g.decided(c, !left))})
	}
	return dst, sente.Tactics{}
}

// moveHint is the hint of a move of Left (left) or Right that leaves the
// counts c, after which decided settles the position for the opponent
// (Unknown when not).
func moveHint(c domCounts, left bool, decided sente.Value) int32 {
	var hint int
	if left {
		hint = 2*c.safeL + c.fitsL - c.fitsR - 2*c.safeR
	} else {
		hint = 2*c.safeR + c.fitsR - c.fitsL - 2*c.safeL
	}
	// A move after which Decide settles the position goes first when it
	// wins, last when it loses: the search then stops at once.
	switch decided {
	case sente.Lose:
		hint += domDecidedHint
	case sente.Win:
		hint -= domDecidedHint
	}
	return int32(hint)
}

// Horizon: each move fills two cells, so half the empty cells bound the
// plies left; and since the players alternate, the game ends by the time
// the one to move has made as many moves as fit her (she cannot move
// then), or the other one more than fit him; no line ends in a tie.
func (g *Domineering) Horizon(key uint64) (most, tieLeast int) {
	filled, left := g.unkey(key)
	empty := g.full &^ filled
	mine, theirs := g.packUpright(empty), g.packFlat(empty)
	if !left {
		mine, theirs = theirs, mine
	}
	return min(bits.OnesCount64(empty)/2, 2*mine, 2*theirs+1), 0
}

// CutoffHorizon is where search's enhanced transposition cutoffs pay
// (solve/search.CutoffHorizon): six plies below the start, or at 12 plies
// left on a small board. A node is cheap here, a probe of each child
// costly.
func (g *Domineering) CutoffHorizon() int {
	return max(12, bits.OnesCount64(g.full&^g.start)/2-6)
}
