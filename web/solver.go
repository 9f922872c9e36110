package web

// Solving a job: planning its memory, running it through the answer
// layer within its reservation, and ending it.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/isolated"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store/tables"
)

// storedAnswer answers a built-in game from the root it starts at out of
// its stored tables, when the cache has a store that holds every tier.
func (c *cache) storedAnswer(o *opened, root sente.Position) (*answer.Answer, bool) {
	g := o.game
	if c.tables == nil || o.file != nil || o.module || g.FormatPosition(root) != g.FormatPosition(g.Start()) {
		return nil, false
	}
	spec := games.Bound{Family: o.family, Values: o.values}.Canonical()
	ts := c.openStored(spec, func() *tables.Tables { return answer.Open(c.ctx, g, c.tables, spec) })
	if ts == nil {
		return nil, false
	}
	// Stored tables are of games too large to explore again for Grundy
	// values: the server leaves them out of such an answer.
	a, err := answer.Solve(c.ctx, g, answer.Options{From: root, Engine: answer.Stored, Opened: ts})
	return a, err == nil
}

// everyAnswer answers a built-in game at p out of the stored tables of
// every position of the tiers p leads to (sente solve --every-position),
// when the cache has a store that holds them: a game too large to solve
// from its start, as nine men's morris is, is answered in the positions
// of its databases of endings, and a position is answered while the
// game's solve from its start is still running. The tables are opened
// once a tier, the tier of the position they were opened from: they
// answer every position of it.
func (c *cache) everyAnswer(o *opened, p sente.Position) (*answer.Answer, bool) {
	g := o.game
	caps := sente.CapabilitiesOf(g)
	if c.tables == nil || o.file != nil || o.module || caps.TierRanker == nil || caps.Encoder == nil {
		return nil, false
	}
	spec := games.Bound{Family: o.family, Values: o.values}.Canonical()
	tier, _ := caps.TierRanker.TierRank(caps.Encoder.Encode(p))
	ts := c.openStored(everyKey(spec, tier), func() *tables.Tables { return answer.OpenEvery(c.ctx, g, p, c.tables, spec) })
	if ts == nil {
		return nil, false
	}
	a, err := answer.Solve(c.ctx, g, answer.Options{From: p, Engine: answer.Stored, Opened: ts})
	return a, err == nil
}

// openStored returns the stored tables kept under key, opening them with
// open (nil when the store does not hold them) on first use. Opening
// happens outside the lock; of two requests that raced to open them, the
// first kept is the one.
func (c *cache) openStored(key string, open func() *tables.Tables) *tables.Tables {
	c.mu.Lock()
	ts, ok := c.stored[key]
	c.mu.Unlock()
	if ok {
		return ts
	}
	if ts = open(); ts == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if prev, ok := c.stored[key]; ok {
		ts.Close()
		return prev
	}
	c.stored[key] = ts
	return ts
}

// everyKey is where the cache keeps the tables of every position opened
// for a tier of the game of canonical spec: never a spec itself.
func everyKey(spec string, tier int) string { return fmt.Sprintf("%s\x00every\x00%d", spec, tier) }

// plan chooses j's lane and what it reserves to start, by the answer
// layer's plan of its solve (answer.PlanOf: the engine that will answer,
// its memory at the peak), or for a pasted rules file twice the child's
// limit (the child, then the graph the server reads back). A game that
// cannot fit in what a solve may have of the budget is refused at once,
// in the answer layer's words: the engine, its memory and disk, and the
// largest sizes that fit on it.
func (c *cache) plan(j *job) error {
	small, large, rules := c.lanes[0], c.lanes[1], c.lanes[2]
	if j.o.file != nil {
		j.lane, j.need = rules, 2*c.rulesMemory
		return nil
	}
	if err := c.planSolve(j); err != nil {
		return err
	}
	if j.o.module {
		// What the game's instances may hold, besides the solve: held
		// from the start, as a rules file's explored graph is.
		j.base = c.moduleHeld
		j.need = min(j.need+j.base, large.pool.capacity)
		if j.need > small.pool.capacity {
			j.lane = large
		}
	}
	return nil
}

// planSolve is plan for a game the server runs itself.
func (c *cache) planSolve(j *job) error {
	small, large := c.lanes[0], c.lanes[1]
	p, err := answer.PlanOf(j.game, c.answerOptions(j))
	if err == nil && j.o.module {
		// Sampling the game to plan it is the module's first work: a
		// failure there is its own, not the plan's.
		err = moduleFailure(j.game)
	}
	if err != nil {
		return err
	}
	cost := p.Cost()
	if cost.Bytes == 0 {
		// Nothing to go by: start with a small lane's worth and grow as
		// the engine reports.
		j.lane, j.need = large, c.small
		return nil
	}
	j.tiers = p.Engine == answer.Tiers
	j.positions, j.estimated = cost.Positions, int64(min(cost.Bytes, math.MaxInt64/2))
	// Even the least solve holds its game and the engine's own tables;
	// the tier engine, its buffers and what it reads of the store.
	j.need = max(j.estimated, 1<<20)
	if j.tiers {
		j.need = max(j.estimated, tierSolveHeld)
	}
	// The answer layer planned it within what a solve may have: the least
	// a solve holds beside its plan waits for room no more than that.
	j.need = min(j.need, large.pool.capacity)
	// The small lane is for solves that take a moment in little memory,
	// by the answer layer's estimate of both.
	j.lane = large
	if j.need <= c.small && cost.Seconds <= smallSeconds {
		j.lane = small
	}
	return nil
}

// smallSeconds is the longest a solve of the small lane is expected to
// take.
const smallSeconds = 2

// tierSolveHeld is the least a solve by the tier engine holds beside its
// plan's peak: a tier's buffers, the store's frames, the collector's
// slack (a solve of five men's morris, planned at 1.4M, holds 25M more
// than an idle process).
const tierSolveHeld = 32 << 20

// storedTiersHeld is what a game solved by the tier engine holds once
// solved: its tables are read from the store a frame at a time.
const storedTiersHeld = 32 << 20

// answerOptions are the answer layer's options for j's solve: the same
// for its plan and for the solve itself, so that the engine the plan
// chose is the one that answers, within what it reserved.
func (c *cache) answerOptions(j *job) answer.Options {
	capacity := c.lanes[1].pool.capacity
	opt := answer.Options{
		From:      j.root,
		MaxMemory: uint64(capacity),
		Label:     j.o.spec,
		Limit: fmt.Sprintf("this server's memory budget allows (%s, of which a solve may have %s)",
			quantity.FormatSize(uint64(c.budget)), quantity.FormatSize(uint64(capacity))),
	}
	if j.o.file == nil && !j.o.module {
		if spec, err := sente.ParseSpec(j.o.spec); err == nil {
			if fam, err := c.games.Family(spec.Name); err == nil {
				opt.Resize = &answer.Resize{Spec: spec, Family: fam, Open: c.games.OpenSpec}
			}
		}
		if c.tables != nil {
			opt.Tables, opt.Name = c.tables, games.Bound{Family: j.o.family, Values: j.o.values}.Canonical()
		}
	}
	return opt
}

// grow raises j's reservation to what its engine holds now, with a
// quarter more to spare, and stops the solve when its lane's pool has no
// room for it.
func (c *cache) grow(j *job, held int64) {
	c.mu.Lock()
	ok := held <= j.reserved || c.reserve(j, held+held/4)
	c.mu.Unlock()
	if !ok {
		j.cancel(c.outgrown(j, held))
	}
}

// outgrown is the error of a solve stopped for holding more than the
// budget has room for.
func (c *cache) outgrown(j *job, held int64) error {
	capacity := j.lane.pool.capacity
	msg := fmt.Sprintf("%s: stopped after %d positions holding %s of memory, more than this server's memory budget has room for (%s, of which the solves running may have %s between them)",
		j.o.spec, j.progDone.Load(), quantity.FormatBytes(float64(held)), quantity.FormatSize(uint64(c.budget)), quantity.FormatSize(uint64(capacity)))
	if j.estimated > 0 {
		msg += fmt.Sprintf("; the game estimates up to %s positions, %s", quantity.FormatCount(j.positions), quantity.FormatBytes(float64(j.estimated)))
	}
	return &tooBigError{msg + "; choose smaller parameters"}
}

// run solves j in its reservation, then hands its slot to the next solve.
func (c *cache) run(j *job) {
	defer c.end(j)
	defer func() {
		if r := recover(); r != nil {
			j.err = fmt.Errorf("the game failed while being solved: %v", r)
		}
	}()
	if j.searchPos {
		j.err = c.search(j)
	} else {
		j.err = c.solve(j)
	}
	if j.err != nil && j.ctx.Err() != nil {
		switch cause := context.Cause(j.ctx); {
		case errors.Is(cause, errAbandoned):
			j.err = errAbandoned
		case c.ctx.Err() != nil:
			j.err = errors.New("the server is shutting down")
		default:
			j.err = cause
		}
	}
}

// end releases j's slot, and its reservation when it failed, and starts
// what may start now.
func (c *cache) end(j *job) {
	c.mu.Lock()
	large := j.peak >= freeAfter
	if j.searchPos {
		// A search reserves what its table may grow to, and most
		// tables stay small: what it gives back is the table it had.
		large = j.table.Load() >= freeAfter
	}
	j.lane.running--
	delete(c.active, j)
	if j.err != nil {
		c.shrink(j, 0)
		j.ended = time.Now()
		if (errors.Is(j.err, errAbandoned) || errors.Is(j.err, errCut) || c.ctx.Err() != nil) && c.jobs[j.key] == j {
			delete(c.jobs, j.key)
		}
	}
	if c.ctx.Err() == nil {
		c.dispatch()
	}
	c.mu.Unlock()
	j.cancel(nil)
	close(j.done)
	if large {
		// A large solve's garbage goes back to the system now, not when
		// the collector's scavenger gets to it.
		freeOSMemory()
	}
}

// solve explores (for a rules file, in a child) and solves j's game, then
// finds its Grundy values, growing j's reservation as it goes.
func (c *cache) solve(j *job) error {
	j.report(solve.Progress{Phase: solve.PhaseExploring})
	if text, ok := j.root.(rulesRoot); ok {
		solved, err := c.inChild(j, string(text))
		if errors.Is(err, isolated.ErrTooMany) {
			err = fmt.Errorf("%v: this server solves games of at most %d positions; choose smaller parameters", err, c.rulesMaxPositions())
		}
		if err != nil {
			if j.ctx.Err() != nil {
				return err
			}
			return cleanRulesError(err, j.o.file.Path())
		}
		if solved.Stored != "" {
			// The tables in the store answer it, a position at a time in
			// a child (position.go): the server holds nothing of it.
			j.stored = solved.Stored
			c.ready(j, nil, 0)
			return nil
		}
		graph := solved.Graph
		j.game, j.root = graph.Game(), graph.Start()
		n := int64(graph.Len())
		j.base = n * rulesGraphBytes
		j.positions = float64(n)
		// The child is gone: what is held now is the graph, and the solve
		// will need its positions' worth.
		need := j.base + answer.BytesFor(j.game, int(n))
		c.mu.Lock()
		c.shrink(j, need)
		ok := c.reserve(j, need)
		c.mu.Unlock()
		if !ok {
			return c.outgrown(j, need)
		}
	}
	opt := c.answerOptions(j)
	if j.o.file != nil {
		// The explored graph is a game of its own, with no tiers and
		// nothing stored: the hashing engine's.
		opt.From = j.root
	}
	opt.MaxPositions = c.maxPos
	opt.Grundy = true
	// Grundy values are computed only when the budget has room for them,
	// and are otherwise left out.
	opt.GrundyRoom = func(held, need int64) bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.reserve(j, j.base+held+need)
	}
	if j.tiers && c.tables != nil {
		// Its tables outlast the requests that asked for them: the solve
		// goes on when nobody asks, and a restart answers from them.
		j.storing.Store(true)
	}
	grow := func(p solve.Progress) {
		j.report(p)
		c.grow(j, j.base+p.Bytes)
	}
	opt.Progress = grow
	if j.tiers {
		fold := tierProgress(j)
		opt.Progress = func(p solve.Progress) {
			fold(p)
			c.grow(j, j.base+p.Bytes)
		}
	}
	a, err := answer.Solve(j.ctx, j.game, opt)
	if j.o.module {
		// The module's failure is the cause, whatever the engine made
		// of the harmless answers after it.
		if merr := moduleFailure(j.game); merr != nil {
			err = merr
		}
	}
	if errors.Is(err, explore.ErrTooMany) {
		err = fmt.Errorf("%v: this server solves games of at most %d positions; choose smaller parameters", err, c.maxPos)
	}
	if err != nil {
		return err
	}
	keep := j.base + a.Bytes()
	if a.Engine == answer.Tiers && c.tables != nil {
		keep = storedTiersHeld
	}
	c.ready(j, a, keep)
	return nil
}

// inChild has a child take a pasted rules file's game from root (its
// text; empty for the start): from the start, its tables in the store, or
// a solve by the tier engine into the store, contained in the child, when
// that is the engine the answer layer takes, or else its graph; from
// another position, its graph. A server without a store takes the graph.
func (c *cache) inChild(j *job, root string) (isolated.Solved, error) {
	c.mu.Lock()
	c.children++
	c.mu.Unlock()
	j.child.Store(true)
	defer func() {
		j.child.Store(false)
		c.mu.Lock()
		c.children--
		c.mu.Unlock()
	}()
	if root != "" || c.tables == nil {
		// The positions the child finds are the progress shown, and how
		// far it got when it runs out of memory is in its error.
		graph, err := j.o.file.ExploreCounting(j.ctx, j.o.args, root, func(n int) {
			j.report(solve.Progress{Phase: solve.PhaseExploring, Done: n})
		})
		return isolated.Solved{Graph: graph}, err
	}
	fold := tierProgress(j)
	// Looking for its tables, then sampling it to plan its solve: worth
	// going on with when nobody asks, as the tier engine's solve is; the
	// graph the hashing engine would take is not.
	j.storing.Store(true)
	j.report(solve.Progress{Phase: phaseSampling})
	return j.o.file.Solve(j.ctx, j.o.args, isolated.SolveOptions{
		Tables: c.tables.Dir, MaxMemory: uint64(c.rulesMemory), Label: j.o.spec,
		Planned: func(positions float64) {
			// The tier engine writes the file's tables into the store:
			// the solve goes on when nobody asks, as a built-in game's.
			c.mu.Lock()
			j.tiers, j.positions = true, positions
			c.mu.Unlock()
			j.storing.Store(true)
		},
		Progress: func(p solve.Progress) {
			if p.Tiered {
				fold(p)
				return
			}
			j.storing.Store(false)
			j.report(p)
		},
	})
}

// phaseSampling is the phase of a pasted rules file's solve while a child
// looks for its tables and samples it to plan its solve.
const phaseSampling solve.Phase = "sampling the game to plan its solve"

// ready ends j with its answer a, which holds keep bytes from now on: its
// reservation shrinks to them.
func (c *cache) ready(j *job, a *answer.Answer, keep int64) {
	c.mu.Lock()
	c.shrink(j, keep)
	c.mu.Unlock()
	j.held.Store(keep)
	j.ans = a
	j.phase.Store("ready")
}

// tierProgress reports the tier engine's progress as one figure for j:
// how far the whole solve has come by its plan (solve.Whole), in the work
// of every pass over every tier, which never goes back across tiers and
// passes (the forward pass, the solve, the count of the positions classes
// stand for), so that the page's fraction and time left are those of the
// whole solve. The command line reads the same figures; a rules file's
// child sends them as they come. The forward pass of a rules file finds
// its tiers as it goes, so the whole's work is unknown until it ends:
// meanwhile the positions found count against the positions its plan
// expects, as the first of the two passes, at most half of the whole.
func tierProgress(j *job) func(solve.Progress) {
	var mu sync.Mutex
	found := map[int]int{}
	return func(p solve.Progress) {
		if !p.Tiered {
			j.report(p)
			return
		}
		if p.Whole.Total == 0 {
			mu.Lock()
			defer mu.Unlock()
			if p.Phase != solve.PhaseDiscovering || j.positions <= 0 {
				return // no plan yet: stored tiers read back
			}
			found[p.Tier] = p.Done
			done := 0
			for _, n := range found {
				done += n
			}
			total := 2 * int(j.positions)
			j.report(solve.Progress{Phase: solve.PhaseSolving, Done: min(done, total/2), Total: total, Bytes: p.Bytes})
			return
		}
		j.report(solve.Progress{Phase: solve.PhaseSolving, Done: int(p.Whole.Done), Total: int(p.Whole.Total), Bytes: p.Bytes})
	}
}

// rulesMaxPositions is the limit on a rules file's positions.
func (c *cache) rulesMaxPositions() int {
	if c.maxPos > 0 {
		return c.maxPos
	}
	return int(c.rulesMemory / rulesGraphBytes)
}

// progress is how far j has come and where it waits.
func (c *cache) progress(j *job) Progress {
	ph, _ := j.phase.Load().(string)
	pr := Progress{
		Phase: ph, Done: j.progDone.Load(), Total: j.progAll.Load(),
		EstimatedBytes: j.estimated, Bytes: j.held.Load(), SecondsLeft: j.secondsLeft(),
	}
	if j.lane != nil {
		pr.Lane = j.lane.name
		c.mu.Lock()
		pr.Queue = j.lane.place(j)
		c.mu.Unlock()
	}
	if j.searchPos && pr.Queue == 0 {
		pr.Words = searchWords(j)
	}
	return pr
}
