package answer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// byTiers solves g with the tier engine when opt and the game allow and,
// under Auto, when it is the engine that would answer (PlanOf; for a rules
// file, planDiscovered after a sample): the game ranks its positions by
// tiers (sente.TierRanker) or the engine discovers their ranks
// (sente.Expander, a rules file), no player is restricted and no symmetry
// asked, and root is the start (stored tables hold what is reachable from
// the start) or every position below root is asked for
// (Options.EveryPosition). ok is false when the hashing engine is to
// answer instead.
func byTiers(ctx context.Context, g sente.Game, root sente.Position, opt Options) (a *Answer, ok bool, err error) {
	discovers := tiers.Discovers(g)
	// Tables stored in part (a solve stopped, tiers damaged or removed
	// since) are finished whatever the game's size, from the start, and
	// answer for root if it reaches it.
	resume := opt.Engine != Hashing && storedGame(opt.Tables, opt.tablesName()) != nil
	if opt.EveryPosition {
		if why := everyRefusal(g, opt, discovers); why != "" {
			return nil, false, refuseOption(OptEveryPosition, "%s", why)
		}
	}
	if opt.Engine == Hashing {
		return nil, false, nil
	}
	if why := tierReason(g, root, opt, resume); why != "" {
		if opt.Engine == Tiers {
			return nil, false, refuseOption(OptTiers, "%s", why)
		}
		return nil, false, nil
	}
	if opt.Engine == Auto && !discovers && !resume && !opt.EveryPosition {
		p, err := PlanOf(g, opt)
		if err != nil {
			return nil, false, err
		}
		if p.Engine != Tiers {
			return nil, false, nil
		}
	}
	if opt.Engine == Tiers && !discovers && !opt.EveryPosition && !resume {
		// Refused before any work when it cannot fit, with its figures.
		if _, err := PlanOf(g, opt); err != nil {
			return nil, false, err
		}
	}
	gs, err := opt.gameStore()
	if err != nil {
		return nil, false, err
	}
	var sink tiers.TierSink = tiers.NewMemorySink()
	if gs != nil {
		sink = gs
		unlock, err := gs.Lock(ctx, func() {
			if opt.Waiting != nil {
				opt.Waiting(gs.Dir)
			}
		})
		if err != nil {
			return nil, false, err
		}
		defer unlock()
	}
	// A game whose ranks are discovered is sampled for its size, unless
	// its tables are stored already, in part (their plan of tiers lost,
	// say, which the forward pass finds again) or whole.
	if discovers && !resume && (gs == nil || !gs.Has(0, store.Tiers)) {
		dir := ""
		if gs != nil {
			dir = gs.Dir
		}
		ok, err := planDiscovered(ctx, g, dir, opt)
		if err != nil || !ok {
			forgetEmpty(gs)
			return nil, false, err
		}
	}
	// A solve of every position, or one that resumes, is not planned
	// above: its disk is checked here.
	if gs != nil && !discovers && (opt.EveryPosition || resume) && !opt.Force {
		if err := checkDisk(g, gs.Dir, opt); err != nil {
			forgetEmpty(gs)
			return nil, false, err
		}
	}
	limit := int64(min(opt.MaxMemory, math.MaxInt64/2))
	// A game whose ranks are discovered had its memory checked by its
	// plan: refused after the forward pass, it would have been found for
	// nothing.
	if opt.Force || discovers {
		limit = 0
	}
	start := time.Now()
	topt := tiers.TierOptions{Sink: sink, MaxMemory: limit, Progress: opt.Progress, Verify: opt.Repair}
	if opt.EveryPosition {
		topt.From, topt.EveryPosition = root, true
	}
	if gs != nil && !opt.EveryPosition && !discovers {
		// Tiers whose every position is stored beside these tables are
		// taken from there, not solved again: a game's databases of its
		// endings give a solve from the start its last tiers.
		if every := storedGame(opt.Tables, EveryPositionName(opt.Name)); every != nil {
			topt.Borrow = every
		}
	}
	if gs != nil {
		// The moves a forward pass records go beside the tables, on the
		// disk the person chose for them.
		topt.MovesDir = gs.Dir
		if opt.Resuming != nil {
			topt.Resuming = func(r tiers.Resume) { opt.Resuming(gs.Dir, r) }
		}
	}
	if opt.Starting != nil {
		dir := ""
		if gs != nil {
			dir = gs.Dir
		}
		topt.Starting = func(st tiers.TierStart) { opt.Starting(dir, st) }
	}
	ts, err := tiers.SolveTiers(ctx, g, topt)
	if over, ok := errors.AsType[*tiers.OverMemoryError](err); ok {
		forgetEmpty(gs)
		return nil, false, &Refusal{msg: fmt.Sprintf("%s: the tier engine would need %s of memory at its peak (%d tiers, the largest of %s ranks), more than %s",
			opt.name(), quantity.FormatBytes(float64(over.Peak)), over.Tiers, quantity.FormatCount(float64(over.Largest)), opt.limit()),
			Forcible: true, Over: OverMemory, Need: uint64(over.Peak), Engine: Tiers, err: err}
	}
	if err != nil {
		return nil, false, err
	}
	sol := tiers.FromTiers(g, ts, root, time.Since(start))
	if _, reached := sol.Outcome(root); !reached {
		ts.Close()
		return nil, false, nil // the hashing engine's, from root
	}
	if gs != nil {
		// While the game's lock is still held: a store rm that follows
		// it leaves this answer its tables.
		ts.Hold()
	}
	return &Answer{Game: g, Root: root, Solution: sol, Engine: Tiers, opened: ts.Tables}, true, nil
}

// tierReason says why the tier engine cannot answer for g from root under
// opt, or is empty when it can: from the start, or from anywhere when it
// resumes tables stored in part (they answer for root if they reach it).
func tierReason(g sente.Game, root sente.Position, opt Options, resume bool) string {
	switch {
	case sente.CapabilitiesOf(g).TierRanker == nil && !tiers.Discovers(g):
		return "the game does not rank its positions by tiers"
	case len(opt.Restrict) > 0:
		return "a player restricted to a policy needs the hashing engine"
	case opt.Symmetry:
		return "keeping one position per class of symmetric positions needs the hashing engine"
	case g.FormatPosition(root) != g.FormatPosition(g.Start()) && !opt.EveryPosition && !resume:
		return "the tier engine solves from the start; a solve from another position is the hashing engine's unless stored tables reach it"
	}
	return ""
}

// gameStore is the directory of the game's tables, made when missing, or
// nil when they are to be held in memory.
func (o Options) gameStore() (*store.GameStore, error) {
	if o.Tables == nil || o.Name == "" {
		return nil, nil
	}
	gs, err := o.Tables.Game(o.tablesName())
	if err != nil {
		if o.TablesOptional {
			return nil, nil
		}
		// Not bad input: a store that cannot be written (read-only, a
		// full disk) is a failure to write a file, exit status 1.
		return nil, &StoreError{Dir: o.Tables.Dir, Err: err}
	}
	return gs, nil
}

// tablesName is the name the game's tables have in the store: those of
// every position have their own.
func (o Options) tablesName() string {
	if o.EveryPosition {
		return EveryPositionName(o.Name)
	}
	return o.Name
}

// everyRefusal says why a solve of every position is refused, or is empty.
func everyRefusal(g sente.Game, opt Options, discovers bool) string {
	switch {
	case opt.Engine == Hashing:
		return "a solve of every position is the tier engine's, not the hashing engine's"
	case discovers:
		return "the game's ranks are discovered from the start (a rules file's), so only the positions it reaches have ranks"
	case sente.CapabilitiesOf(g).TierRanker == nil:
		return "the game does not rank its positions by tiers"
	case len(opt.Restrict) > 0:
		return "a player restricted to a policy needs the hashing engine"
	case opt.Symmetry:
		return "keeping one position per class of symmetric positions needs the hashing engine"
	}
	return ""
}

// storedGame is the directory of the game named name in tables when it
// holds a tier of values, else nil: what Open answers from, and what a
// solve asked to repair takes to the tier engine whatever the game's size.
func storedGame(tables *store.Store, name string) *store.GameStore {
	if tables == nil || name == "" {
		return nil
	}
	gs, err := tables.Find(name)
	if err != nil || gs == nil {
		return nil
	}
	if tiers, err := gs.Tiers(store.Values); err != nil || len(tiers) == 0 {
		return nil
	}
	return gs
}

// StoredName is the name under which tables holds the game named name
// whole: name itself, or for a rules file ("cram.star@1a2b3c4d5e6f:w=4,h=7")
// the same file's tables under another base name, as a file pasted into the
// browser app has ("r01234567.star@1a2b3c4d5e6f:w=4,h=7"): the digest of its
// text and its parameters say that the game is the same. name itself when
// the store holds neither, for a solve to store it there.
func StoredName(tables *store.Store, name string) string {
	if storedGame(tables, name) != nil {
		return name
	}
	at := strings.Index(name, ".star@")
	if tables == nil || at < 0 {
		return name
	}
	same := name[at:]
	stored, err := tables.List()
	if err != nil {
		return name
	}
	for _, info := range stored {
		if i := strings.Index(info.Spec, ".star@"); i >= 0 && info.Spec[i:] == same && storedGame(tables, info.Spec) != nil {
			return info.Spec
		}
	}
	return name
}

// forgetEmpty removes the directory a solve made for its tables when it
// stopped before storing any, so that a refused solve leaves nothing in
// the store.
func forgetEmpty(gs *store.GameStore) {
	if gs == nil {
		return
	}
	for _, kind := range []store.Kind{store.Values, store.Reachable, store.Keys, store.Tiers, store.Positions} {
		if tiers, err := gs.Tiers(kind); err != nil || len(tiers) > 0 {
			return
		}
	}
	os.RemoveAll(gs.Dir)
}

// StoreError is a store the tier engine cannot keep a game's tables in: a
// failure to write a file (read-only, a full disk), not bad input.
type StoreError struct {
	Dir string
	Err error
}

func (e *StoreError) Error() string { return fmt.Sprintf("the store %s: %v", e.Dir, e.Err) }

func (e *StoreError) Unwrap() error { return e.Err }
