package tiers

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
)

// A solve by tiers of a game that ends in a score (sente.Scorer) values
// each position's margin under perfect play beside its value, as
// hashing's margins do: an ended position's is its score; another's is
// the best of its moves' by sente.Margin.Better (a move that keeps the
// turn keeps its child's margin, one that passes it negates it). They are
// stored with the tables (store.Margins and store.MarginPlies, two files
// a tier beside the values), so that the answer reads "first player wins
// by 10" from the tables as it reads the value.
//
// The margins of a tier are found once its values are, in a pass of
// their own on one core: a child in a child tier is read from that
// tier's margins; a child in the tier itself first, depth first. A
// margin exists only where play cannot come back to a position, and the
// pass proves that as it goes: a child met again on the path that led to
// it is a cycle (hashing.ErrRepeats), and the margins of the whole solve
// are given up, as they are for a position with no moves that has not
// ended (no score) or a game that scores past what a cell holds. Values
// are never given up with them.

// errMarginsNotStored is why a solve resumed from tiers stored without
// margins has none.
var errMarginsNotStored = errors.New("tiers stored by a solve that valued no margins")

// tierMargins are the margins of a solve's tiers at hand, by tier: the
// tier being solved and the child tiers it reads, in the cells of
// store.Margins and store.MarginPlies.
type tierMargins struct {
	score, plies [][]store.Cell
	scorer       sente.Scorer
	keyScorer    sente.KeyScorer
	// off is set once the margins are given up, why says why.
	off atomic.Bool
	why error
}

// marginGame reports whether a solve of g values margins too: a game that
// ends in a score (a rules file's too: the game whose ranks were
// discovered keeps the rules' Scorer). The tables of every position of a
// tier value them too, the game's databases of its endings for a search
// for margins; a position there that play never reaches and that has no
// moves nor a score gives them up. A solve that takes tiers whole from
// such tables takes their margins with them (takeWhole), or gives up its
// own.
func (e *tierEngine) marginGame(TierOptions) bool { return sente.Scored(e.game) }

func (e *tierEngine) newMargins() *tierMargins {
	caps := sente.CapabilitiesOf(e.game)
	m := &tierMargins{
		score:  make([][]store.Cell, len(e.children)),
		plies:  make([][]store.Cell, len(e.children)),
		scorer: caps.Scorer,
	}
	if e.disc == nil {
		// A discovered game's keys are places, not the game's own keys.
		m.keyScorer = caps.KeyScorer
	}
	if max := m.scorer.MaxScore(); max > store.MaxMarginScore {
		m.giveUp(fmt.Errorf("the game's scores reach %d; stored margins reach %d", max, store.MaxMarginScore))
	}
	return m
}

// giveUp gives up the margins of the solve, for why.
func (m *tierMargins) giveUp(why error) {
	if m.off.CompareAndSwap(false, true) {
		m.why = why
	}
}

// on reports whether the solve still values margins.
func (m *tierMargins) on() bool { return m != nil && !m.off.Load() }

// marginFrame is a position of the depth-first pass whose children are
// being valued: its rank and key, its children and which of them keep
// the turn, the next child to look at and the best margin so far.
type marginFrame struct {
	rank, key uint64
	kids      []sente.TierPosition
	keeps     []bool
	next      int
	best      sente.Margin
}

// solveMargins values the margins of every reachable rank of tier t, its
// child tiers' margins at hand; it gives the margins up (m.giveUp) where
// the game has none, and returns an error only for a game at odds with
// its own tiers.
func (e *tierEngine) solveMargins(ctx context.Context, t int) error {
	m := e.margins
	n := e.size[t]
	score, plies := make([]store.Cell, n), make([]store.Cell, n)
	m.score[t], m.plies[t] = score, plies
	onPath := make([]uint64, (n+63)/64)
	sc := &newScratch(1)[0]
	var path []marginFrame
	// enter puts rank r, key, on the path: valued at once when it has
	// ended; false when the margins were given up.
	enter := func(r, key uint64) (bool, error) {
		var (
			v     sente.Value
			ended bool
			kids  []sente.TierPosition
			err   error
		)
		if e.disc != nil {
			v, ended, kids, err = e.expandDiscovered(sc, t, key)
		} else if v, ended = e.enc.EndedKey(key); !ended {
			kids, err = e.childPositions(sc, t, key)
		}
		if err != nil {
			return false, err
		}
		if ended {
			s := m.scoreKey(e, key)
			switch {
			case s < -store.MaxMarginScore || s > store.MaxMarginScore:
				m.giveUp(fmt.Errorf("position %s scores %d, past the %d a stored margin holds", e.format(key), s, store.MaxMarginScore))
				return false, nil
			case (sente.Margin{Score: s}).Value() != v:
				return false, fmt.Errorf("solve by tiers: position %s scores %d for the player to move, but has ended with %v: a score's sign is the result's", e.format(key), s, v)
			}
			score[r], plies[r] = store.MarginCell(s), store.PliesCell(0)
			return true, nil
		}
		if len(kids) == 0 {
			m.giveUp(fmt.Errorf("%s has no moves and has not ended, so no score", e.format(key)))
			return false, nil
		}
		// A frame's lists are kept for the next position at its depth,
		// rather than made anew at every position.
		if len(path) == cap(path) {
			path = append(path, marginFrame{})
		} else {
			path = path[:len(path)+1]
		}
		f := &path[len(path)-1]
		f.rank, f.key, f.next, f.best = r, key, 0, sente.Margin{}
		f.kids = append(f.kids[:0], kids...)
		f.keeps = f.keeps[:0]
		if keeps := e.keeps(sc, key, kids); keeps != nil {
			f.keeps = append(f.keeps, keeps...)
		}
		onPath[r/64] |= 1 << (r % 64)
		return true, nil
	}
	done := uint64(0)
	err := e.eachPosition(t, 0, n, e.reach[t], func(r, key uint64) error {
		if done++; done%(1<<16) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			e.report(t, r, n, solve.PhaseMargins)
		}
		if plies[r] != store.Unreachable {
			return nil
		}
		if ok, err := enter(r, key); !ok || err != nil {
			return err
		}
		for len(path) > 0 {
			f := &path[len(path)-1]
			if f.next == len(f.kids) {
				if f.best.Remoteness > store.MaxMarginPlies {
					m.giveUp(fmt.Errorf("position %s keeps its margin for %d plies, past the %d a stored margin holds", e.format(f.key), f.best.Remoteness, store.MaxMarginPlies))
					return nil
				}
				score[f.rank], plies[f.rank] = store.MarginCell(f.best.Score), store.PliesCell(f.best.Remoteness)
				onPath[f.rank/64] &^= 1 << (f.rank % 64)
				path = path[:len(path)-1]
				continue
			}
			kid := f.kids[f.next]
			if m.plies[kid.Tier] == nil {
				return fmt.Errorf("solve by tiers: margins: %s (tier %d) has a move to tier %d, whose margins are not at hand", e.format(f.key), t, kid.Tier)
			}
			cs, cp := m.score[kid.Tier][kid.Rank], m.plies[kid.Tier][kid.Rank]
			if cp == store.Unreachable {
				if kid.Tier != t {
					return fmt.Errorf("solve by tiers: margins: %s (tier %d) has a move to rank %d of tier %d, which has no margin", e.format(f.key), t, kid.Rank, kid.Tier)
				}
				if onPath[kid.Rank/64]&(1<<(kid.Rank%64)) != 0 {
					m.giveUp(fmt.Errorf("play from %s can come back to it", e.format(f.key)))
					return nil
				}
				key, err := e.unrank(t, kid.Rank)
				if err != nil {
					return err
				}
				if ok, err := enter(kid.Rank, key); !ok || err != nil {
					return err
				}
				continue // f may have moved with path
			}
			s, _ := store.MarginScore(cs)
			p, _ := store.MarginPliesOf(cp)
			mm := sente.MoveMargin(sente.Margin{Score: s, Remoteness: p}, len(f.keeps) > 0 && f.keeps[f.next])
			if f.next == 0 || mm.Better(f.best) {
				f.best = mm
			}
			f.next++
		}
		return nil
	})
	if err == nil && !m.on() {
		m.score[t], m.plies[t] = nil, nil
	}
	return err
}

// scoreKey is the score of the ended position key for the player to move.
func (m *tierMargins) scoreKey(e *tierEngine, key uint64) int {
	if m.keyScorer != nil {
		return m.keyScorer.ScoreKey(key)
	}
	return m.scorer.Score(e.enc.Decode(key))
}

// childMargins has the margins of tier c at hand, read from the sink when
// they are not; the margins are given up when they are not stored.
func (e *tierEngine) childMargins(c int) {
	m := e.margins
	if !m.on() || m.plies[c] != nil {
		return
	}
	var cells [2][]store.Cell
	for i, kind := range []store.Kind{store.Margins, store.MarginPlies} {
		tbl, err := e.sink.Open(c, kind)
		if err != nil {
			m.giveUp(errMarginsNotStored)
			return
		}
		cs, err := tbl.LoadCells()
		if err == nil && uint64(len(cs)) != e.size[c] {
			err = fmt.Errorf("tier %d's margins have %d cells, the game says %d ranks", c, len(cs), e.size[c])
		}
		if err != nil {
			tbl.Close()
			m.giveUp(err)
			return
		}
		if !tbl.Compact() {
			cs = append([]store.Cell(nil), cs...) // mapped, gone once the table is closed
		}
		tbl.Close()
		cells[i] = cs
	}
	m.score[c], m.plies[c] = cells[0], cells[1]
}

// forget drops the margins of tier t from memory.
func (m *tierMargins) forget(t int) {
	if m != nil {
		m.score[t], m.plies[t] = nil, nil
	}
}

// dropMargins removes the margins of every tier of the solve, once they
// were given up: tables hold the margins of every tier or of none.
func (e *tierEngine) dropMargins() error {
	for _, t := range e.order {
		for _, kind := range []store.Kind{store.Margins, store.MarginPlies} {
			if err := e.sink.Remove(t, kind); err != nil {
				return err
			}
		}
	}
	return nil
}
