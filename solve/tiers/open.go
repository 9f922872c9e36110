package tiers

import (
	"context"
	"errors"

	"sente"
	"sente/store"
	"sente/store/tables"
)

// Open answers from the tables of g that sink holds when every tier the
// root leads to is stored, and fails with ErrNotStored otherwise
// (tables.Open, which reads the tables of a game with ranks of its own).
// from is the root, nil for the game's start; every opens tables of every
// position of the root's tiers (TierOptions.EveryPosition).
//
// A game whose ranks the engine discovers (a rules file's) is read
// through the keys and plan its solve stored, which only this engine
// reads. Nothing is solved, compacted, counted or written.
func Open(ctx context.Context, g sente.Game, sink TierSink, from sente.Position, every bool) (*TierSolution, error) {
	if !Discovers(g) {
		ts, err := tables.Open(g, sink, from, every)
		if err != nil {
			return nil, err
		}
		return &TierSolution{Tables: ts}, nil
	}
	root := from
	if root == nil {
		root = g.Start()
	}
	if every {
		return nil, errors.New("solve by tiers: every position: the game's ranks are discovered from the root, so only the positions it reaches have ranks")
	}
	if !sink.Has(0, store.Tiers) {
		return nil, ErrNotStored
	}
	d, err := openDiscovered(g, sente.CapabilitiesOf(g), sink)
	switch {
	case errors.Is(err, errPlanBeforeTurns):
		return nil, ErrNotStored
	case err != nil:
		return nil, err
	}
	if err := d.checkRoot(root); err != nil {
		return nil, err
	}
	rootKey := d.Encode(root)
	// The root's tier's keys are read whole and checked once, as a solve
	// reads them, so that damage there fails the opening; then an answer
	// reads a few keys at a time.
	d.Close()
	d.solving.Store(true)
	defer func() {
		d.Close()
		d.solving.Store(false)
	}()
	plan, err := tables.PlanFrom(d, rootKey)
	if err != nil {
		return nil, err
	}
	s := tables.NewPlaces(d, sink, rootKey)
	results, solved := tables.StoredResults(sink, plan.Order, false, false)
	if !solved {
		return nil, ErrNotStored
	}
	if err := s.Finish(root, results, nil); err != nil {
		return nil, err
	}
	return &TierSolution{Tables: s}, nil
}
