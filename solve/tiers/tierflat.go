package tiers

import (
	"context"
	"fmt"
	"slices"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
)

// solveFlat solves a tier without loops in one parallel pass: every child
// is in a child tier, solved already.
func (e *tierEngine) solveFlat(ctx context.Context, t int, cells []store.Cell, childCells [][]store.Cell) error {
	reach := e.reach[t]
	scratches := newScratch(e.workers)
	return e.parallel(ctx, t, e.size[t], solve.PhaseSolving, func(w int, lo, hi uint64) error {
		sc := &scratches[w]
		return e.eachExpanded(sc, t, lo, hi, reach[lo/64:(hi+63)/64], func(r, key uint64, ended bool, v sente.Value, kids []sente.TierPosition) (err error) {
			if ended {
				e.grundy.ended(t, r, v)
				cells[r], err = e.endedCell(key, v)
				return err
			}
			keeps := e.keeps(sc, key, kids)
			if slices.Contains(keeps, true) {
				// Grundy values assume that the players alternate.
				e.grundy.giveUp()
			}
			b := newBest()
			for i, kid := range kids {
				c, err := e.childCell(childCells, key, kid)
				if err != nil {
					return err
				}
				if keeps != nil {
					c = facing(c, keeps[i])
				}
				b.add(c)
			}
			if err := e.grundy.set(t, r, kids); err != nil {
				return err
			}
			cells[r], err = b.cell()
			return err
		})
	})
}

// best folds a position's children known so far: the fastest win (a child
// lost), the fastest tie, the slowest loss (every child won), and how many
// children neither lose nor win (ties, draws, unknown).
type best struct {
	win, tie, loseMax uint32
	blocked           int
}

func newBest() best { return best{win: solve.Infinity, tie: solve.Infinity} }

func (b *best) add(c store.Cell) {
	r := uint32(c.Remoteness()) + 1
	switch c.Value() {
	case sente.Lose:
		b.win = min(b.win, r)
	case sente.Win:
		b.loseMax = max(b.loseMax, r)
	case sente.Tie:
		b.tie = min(b.tie, r)
		b.blocked++
	default:
		b.blocked++
	}
}

func (b best) cell() (store.Cell, error) {
	v, r := solve.Decide(b.win, b.tie, b.loseMax, b.blocked)
	if err := checkCell(r); err != nil {
		return 0, err
	}
	return store.Pack(v, int(r)), nil
}

// maxCellRemoteness is the largest remoteness a cell holds.
const maxCellRemoteness = store.MaxRemoteness

func checkCell(r uint32) error {
	if r > maxCellRemoteness {
		return fmt.Errorf("solve by tiers: remoteness %d passes the %d plies a stored cell holds", r, maxCellRemoteness)
	}
	return nil
}

// endedCell is the cell of an ended position.
func (e *tierEngine) endedCell(key uint64, v sente.Value) (store.Cell, error) {
	if v != sente.Win && v != sente.Lose && v != sente.Tie {
		return 0, fmt.Errorf("solve by tiers: position %s ended with %v; a game ends with win, lose or tie", e.format(key), v)
	}
	return store.Pack(v, 0), nil
}

// childCell is the stored value of a child, which must be reachable.
func (e *tierEngine) childCell(childCells [][]store.Cell, key uint64, kid sente.TierPosition) (store.Cell, error) {
	c := childCells[kid.Tier][kid.Rank]
	if c == store.Unreachable {
		child := fmt.Sprintf("rank %d", kid.Rank)
		if k, ok := e.ranker.Unrank(kid.Tier, kid.Rank); ok {
			child = e.format(k)
		}
		return 0, fmt.Errorf("solve by tiers: %s has a move to %s (tier %d, rank %d), which is stored as unreachable",
			e.format(key), child, kid.Tier, kid.Rank)
	}
	return c, nil
}
