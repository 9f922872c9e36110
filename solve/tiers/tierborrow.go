package tiers

import (
	"context"
	"fmt"

	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/tables"
)

// takeWhole stores, children first, each tier whose every position the
// tables the solve borrows from (TierOptions.Borrow) value, when every
// tier its moves lead to is taken whole too: linked into the sink as it
// is, not solved, since a position's value does not depend on how it was
// reached. The forward pass goes no further than the tiers taken (their
// every rank is valued), and the count of positions takes theirs from the
// tables of every position. A tier stored already is left as it is. It
// notes in e.have and e.whole what it found and took, every block checked
// (a tier taken is the file whose blocks the tables of every position
// checked), so that checkStored need not read them again.
func (e *tierEngine) takeWhole(ctx context.Context) error {
	e.have = make([]bool, len(e.children))
	e.whole = make([]bool, len(e.children))
	for _, t := range e.order {
		if err := ctx.Err(); err != nil {
			return err
		}
		if e.have[t] = e.sink.Has(t, store.Values); e.have[t] {
			e.whole[t] = e.takenWhole(t)
			continue
		}
		ok := e.borrow.Has(t, store.Values)
		for _, c := range e.children[t] {
			ok = ok && (c == t || e.whole[c])
		}
		if !ok {
			continue
		}
		tbl, err := e.borrow.Open(t, store.Values)
		if err != nil {
			// Another ranking of the game, or damaged: solved here.
			continue
		}
		err = e.sink.Link(t, store.Values, tbl)
		tbl.Close()
		for _, kind := range store.MarginKinds {
			// Their margins too, where they have them (the solve gives
			// its own up otherwise).
			if err != nil || e.margins == nil || !e.borrow.Has(t, kind) {
				break
			}
			var mt *store.Table
			if mt, err = e.borrow.Open(t, kind); err != nil {
				err = nil // another ranking, or damaged: the margins are given up
				break
			}
			err = e.sink.Link(t, kind, mt)
			mt.Close()
		}
		if err != nil {
			return fmt.Errorf("solve by tiers: taking tier %d from the tables of every position: %w", t, err)
		}
		e.have[t], e.whole[t] = true, true
		e.report(t, e.size[t], e.size[t], solve.PhaseBorrowing)
	}
	return nil
}

// wholeTiers is, by tier, whether the sink's values are a table of every
// position taken whole: as takeWhole noted them, else read once from the
// tables (a solve that borrows nothing this run, or a count of a game
// solved before).
func (e *tierEngine) wholeTiers() []bool {
	if e.whole == nil {
		e.whole = make([]bool, len(e.children))
		for _, t := range e.order {
			e.whole[t] = e.takenWhole(t)
		}
	}
	return e.whole
}

// takenWhole reports whether the sink's values of tier t are a table of
// every position of it, taken whole (takeWhole) by a solve that is not
// one of every position.
func (e *tierEngine) takenWhole(t int) bool {
	tbl, err := e.sink.Open(t, store.Values)
	if err != nil {
		return false
	}
	defer tbl.Close()
	return e.wholeTable(tbl)
}

// wholeTable reports whether tbl, the sink's values of a tier, is a table
// of every position of it taken whole by a solve that is not one of every
// position.
func (e *tierEngine) wholeTable(tbl *store.Table) bool {
	return tables.TakenWhole(tbl, e.everyPosition)
}
