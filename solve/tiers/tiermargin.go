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
// their own on all workers: a child in a child tier is read from that
// tier's margins; a child in the tier itself first, depth first. A
// margin exists only where play cannot come back to a position, and the
// pass proves that as it goes: a child met again on the path that led to
// it is a cycle (hashing.ErrRepeats), and the margins of the whole solve
// are given up, as they are for a position with no moves that has not
// ended (no score) or a game that scores past what a cell holds. Values
// are never given up with them.

// errMarginsNotStored is why a solve resumed from tiers stored without
// margins has none.
var errMarginsNotStored = errors.New("tiers stored earlier hold no margins (a solve into an empty store keeps them)")

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
func (e *tierEngine) marginGame() bool { return sente.Scored(e.game) }

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
// child tiers' margins at hand, on all workers; it gives the margins up
// (m.giveUp) where the game has none, and returns an error only for a
// game at odds with its own tiers.
//
// Each worker takes blocks of ranks and values each rank not valued yet
// depth first, into any rank of the tier its moves lead to. Two workers
// may value the same rank at once: they find the same margin. A cycle is
// found all the same, by the worker that follows it: no position on it
// can be valued before the others, so the worker comes back to one on
// its own path.
func (e *tierEngine) solveMargins(ctx context.Context, t int) error {
	m := e.margins
	n := e.size[t]
	// own is the tier's margins while they are found: a rank's margin
	// cell and plies cell in one word (0 until found), so that a worker
	// reads whole what another wrote.
	own := make([]atomic.Uint32, n)
	workers := make([]*marginWorker, e.workers)
	scratches := newScratch(e.workers)
	for w := range workers {
		workers[w] = &marginWorker{e: e, t: t, own: own, onPath: make([]uint64, (n+63)/64), sc: &scratches[w]}
	}
	reach := e.reach[t]
	err := e.parallel(ctx, t, n, solve.PhaseMargins, func(w int, lo, hi uint64) error {
		mw := workers[w]
		return e.eachPosition(t, lo, hi, reach[lo/64:(hi+63)/64], func(r, key uint64) error {
			if !m.on() || own[r].Load() != 0 {
				return nil
			}
			return mw.value(r, key)
		})
	})
	if err != nil || !m.on() {
		m.score[t], m.plies[t] = nil, nil
		return err
	}
	score, plies := make([]store.Cell, n), make([]store.Cell, n)
	for r := range own {
		c := own[r].Load()
		score[r], plies[r] = store.Cell(c>>16), store.Cell(c)
	}
	m.score[t], m.plies[t] = score, plies
	return nil
}

// marginWorker is a worker of a tier's margins: its path of positions
// being valued, depth first, and which ranks are on it.
type marginWorker struct {
	e      *tierEngine
	t      int
	own    []atomic.Uint32
	onPath []uint64
	path   []marginFrame
	sc     *scratch
}

// packMargin is a margin's cell and its plies' cell in one word, as own
// holds them.
func packMargin(mg sente.Margin) uint32 {
	return uint32(store.MarginCell(mg.Score))<<16 | uint32(store.PliesCell(mg.Remoteness))
}

// value values rank r, key, of the worker's tier and every rank of the
// tier its moves lead to that is not valued yet.
func (mw *marginWorker) value(r, key uint64) error {
	e, t, m := mw.e, mw.t, mw.e.margins
	if ok, err := mw.enter(r, key); !ok || err != nil {
		return err
	}
	for len(mw.path) > 0 {
		if !m.on() {
			mw.clear()
			return nil
		}
		f := &mw.path[len(mw.path)-1]
		if f.next == len(f.kids) {
			if f.best.Remoteness > store.MaxMarginPlies {
				m.giveUp(fmt.Errorf("position %s keeps its margin for %d plies, past the %d a stored margin holds", e.format(f.key), f.best.Remoteness, store.MaxMarginPlies))
				mw.clear()
				return nil
			}
			mw.own[f.rank].Store(packMargin(f.best))
			mw.onPath[f.rank/64] &^= 1 << (f.rank % 64)
			mw.path = mw.path[:len(mw.path)-1]
			continue
		}
		kid := f.kids[f.next]
		var cs, cp store.Cell
		switch {
		case kid.Tier == t:
			c := mw.own[kid.Rank].Load()
			cs, cp = store.Cell(c>>16), store.Cell(c)
		case m.plies[kid.Tier] == nil:
			return fmt.Errorf("solve by tiers: margins: %s (tier %d) has a move to tier %d, whose margins are not at hand", e.format(f.key), t, kid.Tier)
		default:
			cs, cp = m.score[kid.Tier][kid.Rank], m.plies[kid.Tier][kid.Rank]
		}
		if cp == store.Unreachable {
			if kid.Tier != t {
				return fmt.Errorf("solve by tiers: margins: %s (tier %d) has a move to rank %d of tier %d, which has no margin", e.format(f.key), t, kid.Rank, kid.Tier)
			}
			if mw.onPath[kid.Rank/64]&(1<<(kid.Rank%64)) != 0 {
				m.giveUp(fmt.Errorf("margins need a game whose positions never repeat: play from %s can come back to it", e.format(f.key)))
				mw.clear()
				return nil
			}
			key, err := e.unrank(t, kid.Rank)
			if err != nil {
				return err
			}
			if ok, err := mw.enter(kid.Rank, key); !ok || err != nil {
				mw.clear()
				return err
			}
			continue // f may have moved with the path
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
}

// clear empties the path of a pass given up or failed.
func (mw *marginWorker) clear() {
	for _, f := range mw.path {
		mw.onPath[f.rank/64] &^= 1 << (f.rank % 64)
	}
	mw.path = mw.path[:0]
}

// enter puts rank r, key, on the path: valued at once when it has ended;
// false when the margins were given up.
func (mw *marginWorker) enter(r, key uint64) (bool, error) {
	e, t, m := mw.e, mw.t, mw.e.margins
	var (
		v     sente.Value
		ended bool
		kids  []sente.TierPosition
		err   error
	)
	if e.disc != nil {
		v, ended, kids, err = e.expandDiscovered(mw.sc, t, key)
	} else if v, ended = e.enc.EndedKey(key); !ended {
		kids, err = e.childPositions(mw.sc, t, key)
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
		mw.own[r].Store(packMargin(sente.Margin{Score: s}))
		return true, nil
	}
	if len(kids) == 0 {
		m.giveUp(fmt.Errorf("margins need every position without moves to have ended with a score: %s has no moves and has not ended", e.format(key)))
		return false, nil
	}
	// A frame's lists are kept for the next position at its depth,
	// rather than made anew at every position.
	if len(mw.path) == cap(mw.path) {
		mw.path = append(mw.path, marginFrame{})
	} else {
		mw.path = mw.path[:len(mw.path)+1]
	}
	f := &mw.path[len(mw.path)-1]
	f.rank, f.key, f.next, f.best = r, key, 0, sente.Margin{}
	f.kids = append(f.kids[:0], kids...)
	f.keeps = f.keeps[:0]
	if keeps := e.keeps(mw.sc, key, kids); keeps != nil {
		f.keeps = append(f.keeps, keeps...)
	}
	mw.onPath[r/64] |= 1 << (r % 64)
	return true, nil
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
	for i, kind := range store.MarginKinds {
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
		for _, kind := range store.MarginKinds {
			if err := e.sink.Remove(t, kind); err != nil {
				return err
			}
		}
	}
	return nil
}
