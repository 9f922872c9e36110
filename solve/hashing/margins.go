package hashing

import (
	"context"
	"errors"
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
)

// ErrRepeats is why a game whose positions can repeat has no margins:
// endless play has none, and a margin read off a cycle would be wrong.
var ErrRepeats = errors.New("margins need a game whose positions never repeat")

// ErrStalemate is why a game with a position that has no moves and no
// result (a loss by the rule of normal play) has no margins: the game
// gives it no score.
var ErrStalemate = errors.New("margins need every position without moves to have ended with a score")

// marginCells are the margins of one tier, a cell a local id: int8 when
// the game's MaxScore fits in it, int16 otherwise, so that a game of a few
// seeds pays a byte a position; plies are the remoteness under margin play.
type marginCells struct {
	narrow []int8
	wide   []int16
	plies  []uint32
}

func newMarginCells(n, maxScore int) marginCells {
	c := marginCells{plies: make([]uint32, n)}
	if maxScore <= 127 {
		c.narrow = make([]int8, n)
	} else {
		c.wide = make([]int16, n)
	}
	return c
}

func (c marginCells) get(id int) sente.Margin {
	if c.narrow != nil {
		return sente.Margin{Score: int(c.narrow[id]), Remoteness: int(c.plies[id])}
	}
	return sente.Margin{Score: int(c.wide[id]), Remoteness: int(c.plies[id])}
}

func (c marginCells) set(id int, m sente.Margin) {
	if c.narrow != nil {
		c.narrow[id] = int8(m.Score)
	} else {
		c.wide[id] = int16(m.Score)
	}
	c.plies[id] = uint32(m.Remoteness)
}

func (c marginCells) bytes() int {
	return len(c.narrow) + 2*len(c.wide) + 4*len(c.plies)
}

// maxMargin is the largest MaxScore the cells hold.
const maxMargin = 1<<15 - 1

// solveMargins finds every position's margin under perfect play, tier by
// tier from the last as the values were found: an ended position's is its
// score; another's is the best of its moves by sente.Margin.Better, once
// every child's is known. Moves inside a tier are taken in the order of a
// topological sort of the tier's moves (Kahn's), which leaves positions
// unsettled exactly when the tier's moves form a cycle: ErrRepeats, then.
// It runs on one core: its work is a fraction of the values' on the games
// that end in a score (a second call of Children at positions with moves
// inside their tier).
func (s *HashSolution) solveMargins(ctx context.Context, scorer sente.Scorer) error {
	maxScore := scorer.MaxScore()
	if maxScore > maxMargin {
		return fmt.Errorf("the game's scores reach %d; margins are held up to %d", maxScore, maxMargin)
	}
	scoreKey := func(key uint64) int { return scorer.Score(s.graph.Decode(key)) }
	if ks := sente.CapabilitiesOf(s.game).KeyScorer; ks != nil && !s.graph.Serial {
		scoreKey = ks.ScoreKey
	}
	s.margins = make([]marginCells, len(s.outcomes))
	tiers := s.space.Tiers()
	var kids []uint64
	for i := len(tiers) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return err
		}
		t := tiers[i]
		n := len(t.Keys)
		cells := newMarginCells(n, maxScore)
		s.margins[t.Number] = cells
		settled := make([]bool, n)
		pending := make([]int32, n)
		var edges []explore.Edge
		// settle works out id's margin from its children, all known.
		settle := func(id int, kids []uint64) error {
			var best sente.Margin
			for k, kid := range kids {
				number := s.space.TierOf(kid)
				kidID, ok := s.space.Tier(number).Find(kid)
				if !ok {
					return fmt.Errorf("position %s has a move to %s, which exploration did not reach", s.format(t.Keys[id]), s.format(kid))
				}
				keeps := s.movers != nil && s.second(t.Number, id) == s.second(number, kidID)
				m := sente.MoveMargin(s.margins[number].get(kidID), keeps)
				if k == 0 || m.Better(best) {
					best = m
				}
			}
			cells.set(id, best)
			settled[id] = true
			return nil
		}
		var ready []int
		for id, key := range t.Keys {
			if v, ended := s.graph.Ended(key); ended {
				score := scoreKey(key)
				if score < -maxScore || score > maxScore || (sente.Margin{Score: score}).Value() != v {
					if err := s.graph.Err(); err != nil {
						return err // the game's own account of a score it failed to give
					}
					if score < -maxScore || score > maxScore {
						return fmt.Errorf("position %s scores %d, past the game's MaxScore %d", s.format(key), score, maxScore)
					}
					return fmt.Errorf("position %s scores %d for the player to move, but has ended with %v: a score's sign is the result's", s.format(key), score, v)
				}
				cells.set(id, sente.Margin{Score: score})
				settled[id] = true
				ready = append(ready, id)
				continue
			}
			kids = s.graph.Children(kids[:0], key)
			if len(kids) == 0 {
				return fmt.Errorf("%w: %s has no moves and has not ended", ErrStalemate, s.format(key))
			}
			for _, kid := range kids {
				if s.space.TierOf(kid) == t.Number {
					kidID, _ := t.Find(kid)
					edges = append(edges, explore.Edge{From: uint32(id), To: uint32(kidID)})
					pending[id]++
				}
			}
			if pending[id] == 0 {
				if err := settle(id, kids); err != nil {
					return err
				}
				ready = append(ready, id)
			}
		}
		if len(edges) == 0 {
			continue
		}
		preds := explore.Predecessors(n, [][]explore.Edge{edges})
		for len(ready) > 0 {
			id := ready[len(ready)-1]
			ready = ready[:len(ready)-1]
			for _, p := range preds.Of(uint32(id)) {
				if pending[p]--; pending[p] == 0 {
					kids = s.graph.Children(kids[:0], t.Keys[p])
					if err := settle(int(p), kids); err != nil {
						return err
					}
					ready = append(ready, int(p))
				}
			}
		}
		for id := range settled {
			if !settled[id] {
				return fmt.Errorf("%w: play from %s can come back to a position", ErrRepeats, s.format(t.Keys[id]))
			}
		}
	}
	return s.graph.Err()
}

// Margin returns the margin of p under perfect play for the player to
// move, and false when p was not reached or the game has no margins
// (MarginErr says why).
func (s *HashSolution) Margin(p sente.Position) (sente.Margin, bool) {
	if s.margins == nil {
		return sente.Margin{}, false
	}
	key := s.graph.Key(p)
	number := s.space.TierOf(key)
	t := s.space.Tier(number)
	if t == nil || number >= len(s.margins) {
		return sente.Margin{}, false
	}
	id, ok := t.Find(key)
	if !ok {
		return sente.Margin{}, false
	}
	return s.margins[number].get(id), true
}

// MarginErr is why a game that ends in a score has no margins, or nil:
// ErrRepeats for a game whose positions can repeat, ErrStalemate for one
// with a position that has no moves and no score.
func (s *HashSolution) MarginErr() error { return s.marginErr }

func (s *HashSolution) format(key uint64) string {
	return s.game.FormatPosition(s.graph.Decode(key))
}
