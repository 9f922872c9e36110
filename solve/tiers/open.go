package tiers

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	"sente"
	"sente/store"
)

// Open answers from the tables of g that sink holds when every tier the
// root leads to is stored, and fails with ErrNotStored otherwise: a
// server answers from tables solved before and solves nothing that large
// itself. from is the root, nil for the game's start; every opens tables
// of every position of the root's tiers (TierOptions.EveryPosition).
//
// Nothing is solved, compacted, counted or written: the tiers' counts are
// read from their headers, the positions classes stand for from the count
// stored beside them, and a block of values is checked when an answer
// reads it. A game whose ranks the engine discovers (a rules file's) is
// read through the keys and plan its solve stored.
func Open(ctx context.Context, g sente.Game, sink TierSink, from sente.Position, every bool) (*TierSolution, error) {
	root := from
	if root == nil {
		root = g.Start()
	}
	var disc *discovered
	if Discovers(g) {
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
		disc, g = d, d
	}
	e, err := newTierEngine(g)
	if err != nil {
		return nil, err
	}
	e.sink, e.workers, e.disc = sink, runtime.GOMAXPROCS(0), disc
	e.everyPosition = every
	rootKey := e.enc.Encode(root)
	if disc == nil {
		// Tables of another ranking of the game are refused as a solve
		// refuses them; the sink is not told to stamp what it writes,
		// since nothing is written.
		e.sink = rankedSink{TierSink: sink, ranker: e.ranker, ranking: rankingOf(e.enc, e.ranker, e.enc.Encode(g.Start()))}
	} else {
		// The root's tier's keys are read whole and checked once, as a
		// solve reads them, so that damage there fails the opening; then
		// an answer reads a few keys at a time.
		disc.Close()
		disc.solving.Store(true)
		defer func() {
			disc.Close()
			disc.solving.Store(false)
		}()
	}
	rootTier, rootRank := e.ranker.TierRank(rootKey)
	if err := e.plan(rootTier); err != nil {
		return nil, err
	}
	if rootRank >= e.size[rootTier] {
		return nil, fmt.Errorf("solve by tiers: the root has rank %d in tier %d of %d ranks", rootRank, rootTier, e.size[rootTier])
	}
	s := &TierSolution{game: g, enc: e.enc, ranker: e.ranker, sink: e.sink, tables: map[tableKey]*openTier{}, rootKey: rootKey}
	s.PeakBytes = e.peakBytes()
	results, solved := e.storedResults(false)
	if !solved {
		return nil, ErrNotStored
	}
	return e.answer(ctx, g, s, root, results, false, false)
}
