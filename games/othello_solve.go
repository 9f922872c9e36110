package games

import (
	"math/bits"

	"github.com/sente-go/sente"
)

// Othello's last empty cells are searched here, on bitboards, as the
// field's Othello programs hand their last plies to an endgame routine:
// no keys to encode and decode, no table (a position this small costs less
// to search again than to look up), and fastest first, the moves that
// leave the opponent fewest replies, where the tree is wide enough for
// order to pay. The search above (solve/search) keeps its table and the
// board's symmetries for the positions worth remembering.

var _ sente.MarginSolver = (*Othello)(nil)

// othelloSolveEmpties is the most empty cells of a position that
// SolveMargin searches itself.
const othelloSolveEmpties = 12

// othelloOrderEmpties is the most empty cells at which the endgame search
// orders moves by parity alone, not fastest first: nearer the end, finding
// each move's replies costs more than the cutoffs it brings (5, 6 and 7
// took 247, 276 and 338 million nodes after 8 moves of Feinstein's line,
// with the search's earlier hint; 5 and 6 in about the same time).
const othelloOrderEmpties = 6

// SolveMargin finds the margin of a position with at most
// othelloSolveEmpties empty cells (sente.MarginSolver): the discs of the
// player to move less the opponent's once neither can move.
func (g *Othello) SolveMargin(key uint64, alpha, beta int) (int, uint64, bool) {
	mover, other, _ := g.decodeKey(key)
	if bits.OnesCount64(g.inside&^(mover|other)) > othelloSolveEmpties {
		return 0, 0, false
	}
	e := othelloEndgame{b: &g.othelloBoard}
	return e.solve(mover, other, alpha, beta, false), e.nodes, true
}

// othelloEndgame is one endgame search: its board and the positions it
// visited.
type othelloEndgame struct {
	b     *othelloBoard
	nodes uint64
}

// othelloMove is a move of the ordered endgame search: the cell, the discs
// it turns, and the replies it leaves the opponent, fewest first.
type othelloMove struct {
	cell, flips uint64
	replies     int
}

// solve is fail-soft alpha-beta (negamax) over the margin of the player
// with discs p against o, who has just passed when passed.
func (e *othelloEndgame) solve(p, o uint64, alpha, beta int, passed bool) int {
	e.nodes++
	b := e.b
	empty := b.inside &^ (p | o)
	switch bits.OnesCount64(empty) {
	case 0:
		return bits.OnesCount64(p) - bits.OnesCount64(o)
	case 1:
		return e.last(p, o, empty)
	}
	moves := b.moves(p, o)
	if moves == 0 {
		if passed {
			return bits.OnesCount64(p) - bits.OnesCount64(o)
		}
		return -e.solve(o, p, -beta, -alpha, true)
	}
	best := -othelloInf
	if bits.OnesCount64(empty) <= othelloOrderEmpties {
		// Parity: moves first into the quarters of the board with an odd
		// number of empty cells, where the mover would have the last
		// move of the quarter.
		var odd uint64
		for _, q := range b.quadrants {
			if bits.OnesCount64(empty&q)&1 != 0 {
				odd |= q
			}
		}
		for _, part := range [2]uint64{moves & odd, moves &^ odd} {
			for ; part != 0; part &= part - 1 {
				m := part & -part
				f := b.flips(p, o, m)
				v := -e.solve(o&^f, p|m|f, -beta, -max(alpha, best), false)
				if v > best {
					best = v
					if best >= beta {
						return best
					}
				}
			}
		}
		return best
	}
	var list [othelloSolveEmpties]othelloMove // a move fills an empty cell
	n := 0
	for ; moves != 0; moves &= moves - 1 {
		m := moves & -moves
		f := b.flips(p, o, m)
		replies := bits.OnesCount64(b.moves(o&^f, p|m|f))
		if m&b.corners != 0 {
			replies-- // a corner is never turned back
		}
		list[n] = othelloMove{cell: m, flips: f, replies: replies}
		for j := n; j > 0 && list[j].replies < list[j-1].replies; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
		n++
	}
	for _, mv := range list[:n] {
		v := -e.solve(o&^mv.flips, p|mv.cell|mv.flips, -beta, -max(alpha, best), false)
		if v > best {
			best = v
			if best >= beta {
				return best
			}
		}
	}
	return best
}

// othelloInf is past every margin.
const othelloInf = 1 << 10

// last is the margin with one empty cell: the player to move fills it if
// she can, else the opponent if he can, else it stays empty.
func (e *othelloEndgame) last(p, o, cell uint64) int {
	diff := bits.OnesCount64(p) - bits.OnesCount64(o)
	if f := e.b.flips(p, o, cell); f != 0 {
		return diff + 1 + 2*bits.OnesCount64(f)
	}
	if f := e.b.flips(o, p, cell); f != 0 {
		return diff - 1 - 2*bits.OnesCount64(f)
	}
	return diff
}
