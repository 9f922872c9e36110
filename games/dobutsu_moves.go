package games

import (
	"math/bits"

	"github.com/sente-go/sente"
)

// dbMove is one move: a piece from a square to another (drop 0), or a
// piece of kind drop from the hand to a square (from -1); child is the
// position it leads to.
type dbMove struct {
	from, to int8
	drop     int8
	promote  bool
	child    uint64
}

// appendMoves appends the moves from key, which has not ended. Under
// catch=forced a player who attacks the opponent's lion only takes it.
func (g *Dobutsu) appendMoves(dst []dbMove, key uint64) []dbMove {
	o := dbMover(key)
	first, second, lion := dbMasks(key)
	own := first
	if o == 1 {
		own = second
	}
	flip := key ^ 1<<dbSideBit
	if g.forced && lion[1-o] >= 0 {
		target := lion[1-o]
		caught := false
		for from := range dbCells {
			c := int(key>>(4*from)) & 15
			if c != 0 && c>>3 == o && g.steps[c][from]>>target&1 != 0 {
				dst = append(dst, g.boardMove(flip, o, from, target, c))
				caught = true
			}
		}
		if caught {
			return dst
		}
	}
	for from := range dbCells {
		c := int(key>>(4*from)) & 15
		if c == 0 || c>>3 != o {
			continue
		}
		for tos := g.steps[c][from] &^ own; tos != 0; tos &= tos - 1 {
			dst = append(dst, g.boardMove(flip, o, from, bits.TrailingZeros16(tos), c))
		}
	}
	empty := ^(first | second) & 0xfff
	for _, kind := range g.kinds {
		if dbHand(key, o, kind) == 0 {
			continue
		}
		squares := empty
		if kind == dbChick && !g.rules.FarDrop {
			squares &^= dbFar[o]
		}
		base := flip - dbHandUnit(o, kind)
		code := uint64(kind + o*dbSecond)
		for ; squares != 0; squares &= squares - 1 {
			to := bits.TrailingZeros16(squares)
			dst = append(dst, dbMove{from: -1, to: int8(to), drop: int8(kind), child: base | code<<(4*to)})
		}
	}
	return dst
}

// boardMove moves the piece code of o from one square to another in key
// (whose side to move has been flipped already): a piece taken goes to
// o's hand, a hen as a chick, a lion nowhere; a chick reaching o's far
// rank becomes a hen.
func (g *Dobutsu) boardMove(key uint64, o, from, to, code int) dbMove {
	m := dbMove{from: int8(from), to: int8(to)}
	if taken := int(key>>(4*to)) & 7; taken != dbEmpty && taken != dbLion {
		if taken == dbHen {
			taken = dbChick
		}
		key += dbHandUnit(o, taken)
	}
	if code&7 == dbChick && dbFar[o]>>to&1 != 0 {
		code += dbHen - dbChick
		m.promote = true
	}
	key &^= 15<<(4*from) | 15<<(4*to)
	m.child = key | uint64(code)<<(4*to)
	return m
}

func (g *Dobutsu) AppendChildren(dst []uint64, key uint64) []uint64 {
	var buf [128]dbMove
	for _, m := range g.appendMoves(buf[:0], key) {
		dst = append(dst, m.child)
	}
	return dst
}

// AppendParents lists the positions with a move to key that have not
// ended: the opponent of the player to move un-makes a step (putting back
// what it took, from its hand, or the lion it took when that is gone), or
// un-drops a piece. Under catch=forced a parent that attacks the lion of
// the player to move there only takes it.
func (g *Dobutsu) AppendParents(dst []uint64, key uint64) []uint64 {
	o := dbMover(key)
	p := 1 - o // the player who moved last
	first, second, lion := dbMasks(key)
	if lion[p] < 0 {
		return dst // p had no lion before its move either: the game was over
	}
	mine := first
	if p == 1 {
		mine = second
	}
	empty := ^(first | second) & 0xfff
	back := key ^ 1<<dbSideBit
	add := func(parent uint64, caughtLion bool) {
		if _, ended := g.EndedKey(parent); ended {
			return
		}
		if g.forced && !caughtLion && g.canCatch(parent) {
			return
		}
		dst = append(dst, parent)
	}
	for to := range dbCells {
		if mine>>to&1 == 0 {
			continue
		}
		code := int(key>>(4*to)) & 15
		kind := code & 7
		// The codes the piece had before its step, when a step could
		// leave it as it is now.
		var pre [2]int
		n := 0
		switch {
		case kind == dbChick && dbFar[p]>>to&1 != 0:
			// Only a drop puts an unpromoted chick on the far rank.
		case kind == dbHen:
			pre[n] = code
			n++
			if dbFar[p]>>to&1 != 0 {
				pre[n] = code - dbHen + dbChick
				n++
			}
		default:
			pre[n] = code
			n++
		}
		cleared := back &^ (15 << (4 * to))
		for _, pc := range pre[:n] {
			for froms := empty; froms != 0; froms &= froms - 1 {
				from := bits.TrailingZeros16(froms)
				if g.steps[pc][from]>>to&1 == 0 {
					continue
				}
				moved := cleared | uint64(pc)<<(4*from)
				if lion[o] < 0 {
					// The step took o's lion: nothing else can have happened.
					add(moved|uint64(dbLion+o*dbSecond)<<(4*to), true)
					continue
				}
				add(moved, false)
				for _, taken := range g.kinds {
					if dbHand(key, p, taken) == 0 {
						continue
					}
					put := moved - dbHandUnit(p, taken)
					add(put|uint64(taken+o*dbSecond)<<(4*to), false)
					if taken == dbChick {
						add(put|uint64(dbHen+o*dbSecond)<<(4*to), false)
					}
				}
			}
		}
		if lion[o] >= 0 && kind != dbLion && kind != dbHen && (kind != dbChick || g.rules.FarDrop || dbFar[p]>>to&1 == 0) {
			add(cleared+dbHandUnit(p, kind), false)
		}
	}
	return dst
}

func (g *Dobutsu) Moves(p sente.Position) []sente.Move {
	key := g.Encode(p)
	var moves []sente.Move
	for _, m := range g.appendMoves(nil, key) {
		moves = append(moves, sente.Move{Name: m.name(key), To: DobutsuPosition(m.child)})
	}
	return moves
}
