package web

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sente"
	"sente/answer"
	"sente/explore"
	"sente/games"
	"sente/internal/isolated"
	"sente/solve"
	"sente/store"
)

// rulesRoot is the root of a rules file's job before its game is explored:
// the text of the position to explore from, empty for the start.
type rulesRoot string

// job is one solve, shared by every request for the same game and root:
// the first request starts it, the others wait on done (single flight).
//
// A pasted rules file's job starts without its game: root is then a
// rulesRoot, and run has a child explore the game from there, setting game
// and root before done is closed. Requests read them only after done.
type job struct {
	key  string
	o    *opened
	game sente.Game
	root sente.Position
	done chan struct{} // closed when sol or err is set

	// ctx ends the solve: cancelled with errAbandoned when nobody asks for
	// it any more, or with a *tooBigError when it outgrows the budget.
	ctx    context.Context
	cancel context.CancelCauseFunc

	lane      *lane
	need      int64   // bytes to reserve before it starts
	estimated int64   // bytes by the game's estimate; 0 when it cannot tell
	positions float64 // positions by the game's estimate; 0 when it cannot tell
	base      int64   // bytes held before the solve: a rules file's explored graph
	// Guarded by the cache's mu:
	reserved int64     // bytes of its lane's pool it holds
	ended    time.Time // when a failed solve failed

	phase      atomic.Value // string: "queued", "starting", "exploring", "solving", "grundy", "ready"
	progDone   atomic.Int64
	progAll    atomic.Int64
	held       atomic.Int64 // bytes the engine holds now, by its own accounting
	phaseStart atomic.Int64 // unix nanoseconds when the current phase began
	phaseFrom  atomic.Int64 // progDone then

	ans *answer.Answer
	err error

	used atomic.Int64 // unix nanoseconds of the last request, for the LRU and abandonment
}

// Progress is how far a background solve has come, and where it waits.
type Progress struct {
	Phase string `json:"phase"`
	Done  int64  `json:"done"`
	Total int64  `json:"total"`
	// Queue is the solve's place in its lane, 1 for the next to start; 0
	// once it runs.
	Queue int `json:"queue"`
	// Lane is "small" or "large" (by the estimated size), or "rules-file".
	Lane           string `json:"lane"`
	EstimatedBytes int64  `json:"estimatedBytes"`
	Bytes          int64  `json:"bytes"`       // held now
	SecondsLeft    int    `json:"secondsLeft"` // 0 when unknown
}

// report records the engine's progress.
func (j *job) report(p solve.Progress) {
	if prev, _ := j.phase.Load().(string); prev != string(p.Phase) {
		j.phaseStart.Store(time.Now().UnixNano())
		j.phaseFrom.Store(int64(p.Done))
	}
	j.phase.Store(string(p.Phase))
	j.progDone.Store(int64(p.Done))
	j.progAll.Store(int64(p.Total))
	j.held.Store(j.base + p.Bytes)
}

// secondsLeft is the time the current phase still needs at the rate seen
// so far: to the total when it is known, else (exploring) to the game's
// estimate of its positions, which is an upper bound. 0 when unknown.
func (j *job) secondsLeft() int {
	done, from, total := j.progDone.Load(), j.phaseFrom.Load(), j.progAll.Load()
	if ph, _ := j.phase.Load().(string); ph == "exploring" && total == 0 {
		total = int64(j.positions)
	}
	elapsed := time.Since(time.Unix(0, j.phaseStart.Load())).Seconds()
	if elapsed < 1 || done <= from || total <= done {
		return 0
	}
	left := float64(total-done) / (float64(done-from) / elapsed)
	return int(min(math.Ceil(left), 1e6))
}

func (j *job) finished() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// errAbandoned ends a solve nobody asks for any more; the solve is then
// forgotten, not remembered as a failure.
var errAbandoned = errors.New("nobody asked for this solve any more")

// tooBigError stops a solve that needs more memory than the budget has.
type tooBigError struct{ msg string }

func (e *tooBigError) Error() string { return e.msg }

// cache keeps solved games in memory, at most size of them, and runs the
// solves lane by lane within the memory budget.
type cache struct {
	mu     sync.Mutex
	jobs   map[string]*job
	size   int
	lanes  []*lane // small, large, rules-file
	small  int64   // the estimated bytes up to which a solve is small
	maxPos int     // 0: no limit
	// rulesMemory is a rules child's hard limit: an exploring rules job
	// reserves it twice, for the child and for the graph the server reads
	// back.
	rulesMemory int64
	budget      int64         // Config.Memory
	active      map[*job]bool // the solves running
	children    int           // rules children exploring
	abandon     time.Duration // a solve nobody asked for this long is cancelled
	failures    time.Duration // a failed solve is remembered this long
	ctx         context.Context
	solves      atomic.Int64 // solves started, for tests

	tables *store.Store
	// stored are the games answered from stored tables, by canonical
	// spec, opened once and kept open while the server runs: a job the
	// cache drops may still have readers of its answer.
	stored map[string]*solve.TierSolution
}

// rulesExplorers is how many pasted rules files' games are explored and
// solved at once.
const rulesExplorers = 2

// smallWaiting is how many times MaxWaiting may wait in the small lane.
const smallWaiting = 4

// ErrBudget is the error of New when Config.Memory leaves no room for a
// solve.
var ErrBudget = errors.New("memory budget too small")

// newCache makes the cache of a server with cfg (defaults applied). The
// pools of its lanes share the budget, less what the children loading
// pasted rules files may hold: loading happens as a file is pasted,
// outside the lanes, so their limits are kept aside for good.
func newCache(ctx context.Context, cfg Config) (*cache, error) {
	budget := int64(min(cfg.Memory, math.MaxInt64/2))
	memory := budget - rulesLoaders*int64(cfg.RulesMemory)
	smallPool := max(min(4*int64(cfg.SmallSolves)*int64(cfg.SmallBytes), memory/4), 0)
	largePool := memory - smallPool
	if largePool < 2*int64(cfg.RulesMemory) || largePool < int64(cfg.SmallBytes) {
		return nil, fmt.Errorf("%w for this server: of its %s, %s is kept aside for loading rules files and %s for small solves, and a solve needs at least %s (a rules file's child of %s and the graph it sends back)",
			ErrBudget, solve.FormatSize(uint64(budget)), solve.FormatSize(rulesLoaders*cfg.RulesMemory), solve.FormatSize(uint64(smallPool)),
			solve.FormatSize(max(2*cfg.RulesMemory, cfg.SmallBytes)), solve.FormatSize(cfg.RulesMemory))
	}
	shared := &pool{capacity: largePool}
	c := &cache{
		jobs: map[string]*job{},
		size: cfg.CacheSize,
		lanes: []*lane{
			// Small solves take a moment and little memory each: a longer
			// line of them costs little, and turns fewer people away in a
			// burst.
			{name: "small", slots: cfg.SmallSolves, max: smallWaiting * cfg.MaxWaiting, pool: &pool{capacity: smallPool}},
			{name: "large", slots: cfg.MaxSolves, max: cfg.MaxWaiting, pool: shared},
			{name: "rules-file", slots: rulesExplorers, max: cfg.MaxWaiting, pool: shared},
		},
		small:       min(int64(cfg.SmallBytes), smallPool),
		maxPos:      cfg.MaxPositions,
		rulesMemory: int64(cfg.RulesMemory),
		budget:      budget,
		active:      map[*job]bool{},
		abandon:     cfg.Abandon,
		failures:    cfg.Failures,
		ctx:         ctx,
		tables:      cfg.Tables,
		stored:      map[string]*solve.TierSolution{},
	}
	go c.every(max(c.abandon/5, 10*time.Millisecond), c.reap)
	go c.every(watchEvery, func() { c.check(heldByProcess) })
	return c, nil
}

// storedAnswer answers a built-in game from the root it starts at out of
// its stored tables, when the cache has a store that holds every tier.
func (c *cache) storedAnswer(o *opened, root sente.Position) (*answer.Answer, bool) {
	g := o.game
	if c.tables == nil || o.file != nil || g.FormatPosition(root) != g.FormatPosition(g.Start()) {
		return nil, false
	}
	spec := games.Bound{Family: o.family, Values: o.values}.Canonical()
	c.mu.Lock()
	ts, ok := c.stored[spec]
	c.mu.Unlock()
	if !ok {
		if ts = answer.Open(c.ctx, g, c.tables, spec); ts == nil {
			return nil, false
		}
		c.mu.Lock()
		if prev, ok := c.stored[spec]; ok {
			ts.Close()
			ts = prev
		} else {
			c.stored[spec] = ts
		}
		c.mu.Unlock()
	}
	// Stored tables are of games too large to explore again for Grundy
	// values; the tier-ranked games have none anyway.
	a, err := answer.Solve(c.ctx, g, answer.Options{From: root, Engine: answer.Stored, Opened: ts})
	return a, err == nil
}

// close fails the solves still waiting and releases the stored tables,
// once no request reads them. The server's context, cancelled first, stops
// the solves running.
func (c *cache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, l := range c.lanes {
		for _, j := range l.waiting {
			j.err = errors.New("the server is shutting down")
			delete(c.jobs, j.key)
			close(j.done)
		}
		l.waiting = nil
	}
	for spec, ts := range c.stored {
		ts.Close()
		delete(c.stored, spec)
	}
}

// get returns the job for key, queueing it when there is none: open opens
// the game and chooses the root. A game that cannot fit in the budget is
// refused at once; a full lane answers a busyError.
func (c *cache) get(key string, open func() (*opened, sente.Position, error)) (*job, error) {
	if j := c.lookup(key); j != nil {
		return j, nil
	}
	// Opening, estimating and looking for stored tables happen outside the
	// lock; a request that raced this one may have queued the job since,
	// and then it is the one.
	o, root, err := open()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancelCause(c.ctx)
	j := &job{key: key, o: o, game: o.game, root: root, done: make(chan struct{}), ctx: ctx, cancel: cancel}
	j.phase.Store("queued")
	j.used.Store(time.Now().UnixNano())
	a, stored := c.storedAnswer(o, root)
	if stored {
		j.ans = a
		j.phase.Store("ready")
		close(j.done)
	} else if err := c.plan(j); err != nil {
		cancel(nil)
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if prev, ok := c.jobs[key]; ok && !c.expired(prev) {
		cancel(nil)
		prev.used.Store(time.Now().UnixNano())
		return prev, nil
	}
	if !stored {
		if err := c.enqueue(j); err != nil {
			cancel(nil)
			return nil, err
		}
	}
	c.jobs[key] = j
	c.evict()
	c.solves.Add(1)
	return j, nil
}

// lookup returns the job for key when there is one that still counts,
// marking it used.
func (c *cache) lookup(key string) *job {
	c.mu.Lock()
	defer c.mu.Unlock()
	j, ok := c.jobs[key]
	if !ok {
		return nil
	}
	if c.expired(j) {
		delete(c.jobs, key)
		return nil
	}
	j.used.Store(time.Now().UnixNano())
	return j
}

// expired reports whether j failed long enough ago to be tried again: a
// failure is remembered a while so that polling does not start the same
// failing solve again and again. Called with mu held.
func (c *cache) expired(j *job) bool {
	return j.finished() && j.err != nil && time.Since(j.ended) > c.failures
}

// plan chooses j's lane and what it reserves to start: its game's
// estimate, or for a pasted rules file twice the child's limit (the child,
// then the graph the server reads back). It refuses a game whose estimate
// cannot fit in the budget at all.
func (c *cache) plan(j *job) error {
	small, large, rules := c.lanes[0], c.lanes[1], c.lanes[2]
	if j.o.file != nil {
		j.lane, j.need = rules, 2*c.rulesMemory
		return nil
	}
	positions, bytes, ok := solve.EstimateBytes(j.game)
	if !ok {
		// Nothing to go by: start with a small lane's worth and grow as
		// the engine reports.
		j.lane, j.need = large, c.small
		return nil
	}
	j.positions, j.estimated = positions, int64(min(bytes, math.MaxInt64/2))
	j.lane = large
	if j.estimated <= c.small {
		j.lane = small
	}
	// Even the least solve holds its game and the engine's own tables.
	j.need = max(j.estimated, 1<<20)
	if j.need > j.lane.pool.capacity {
		return c.refusal(j, positions, bytes)
	}
	return nil
}

// refusal says that j's game cannot fit, with its estimate and the largest
// sizes that do, as the command line's --max-memory does.
func (c *cache) refusal(j *job, positions, bytes float64) error {
	capacity := c.lanes[1].pool.capacity
	msg := fmt.Sprintf("%s: up to %s positions, needing %s of memory to solve, more than this server's memory budget allows (%s, of which a solve may have %s)",
		j.o.spec, solve.FormatCount(positions), solve.FormatBytes(bytes), solve.FormatSize(uint64(c.budget)), solve.FormatSize(uint64(capacity)))
	if spec, err := sente.ParseSpec(j.o.spec); err == nil {
		var fits []string
		for _, f := range builtins.LargestFitting(spec, func(s sente.Spec) (float64, bool) {
			g, err := builtins.OpenSpec(s)
			if err != nil {
				return 0, false
			}
			positions, bytes, ok := solve.EstimateBytes(g)
			return positions, ok && bytes <= float64(capacity)
		}) {
			fits = append(fits, fmt.Sprintf("%s (up to %s positions)", f.Spec, solve.FormatCount(f.Positions)))
		}
		if len(fits) > 0 {
			msg += "; the largest that fit: " + strings.Join(fits, " or ")
		}
	}
	return errors.New(msg)
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
		j.o.spec, j.progDone.Load(), solve.FormatBytes(float64(held)), solve.FormatSize(uint64(c.budget)), solve.FormatSize(uint64(capacity)))
	if j.estimated > 0 {
		msg += fmt.Sprintf("; the game estimates up to %s positions, %s", solve.FormatCount(j.positions), solve.FormatBytes(float64(j.estimated)))
	}
	return &tooBigError{msg + "; choose smaller parameters"}
}

// evict drops the least recently used finished jobs past the size cap.
// Called with mu held.
func (c *cache) evict() {
	for len(c.jobs) > c.size {
		if !c.evictOne(nil) {
			return
		}
	}
}

// evictOne drops the least recently used finished job, one holding some
// of pool p when p is not nil, releasing what it reserved; false when
// there is none. Called with mu held.
func (c *cache) evictOne(p *pool) bool {
	var oldest *job
	for _, j := range c.jobs {
		if !j.finished() || (p != nil && (j.lane == nil || j.lane.pool != p || j.reserved == 0)) {
			continue
		}
		if oldest == nil || j.used.Load() < oldest.used.Load() {
			oldest = j
		}
	}
	if oldest == nil {
		return false
	}
	delete(c.jobs, oldest.key)
	if oldest.lane != nil {
		c.shrink(oldest, 0)
	}
	return true
}

// every calls f every d until the server closes.
func (c *cache) every(d time.Duration, f func()) {
	tick := time.NewTicker(d)
	defer tick.Stop()
	for {
		select {
		case <-c.ctx.Done():
			return
		case <-tick.C:
			f()
		}
	}
}

// reap cancels the solves nobody has asked for within the abandon time:
// the page asks every 400 ms while a solve runs, so a solve no page asks
// for is one nobody waits for.
func (c *cache) reap() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, j := range c.jobs {
		if j.finished() || time.Since(time.Unix(0, j.used.Load())) < c.abandon {
			continue
		}
		delete(c.jobs, key)
		if c.unqueue(j) {
			j.err = errAbandoned
			j.cancel(errAbandoned)
			close(j.done)
			continue
		}
		j.cancel(errAbandoned)
	}
}

// run solves j in its reservation, then hands its slot to the next solve.
func (c *cache) run(j *job) {
	defer c.end(j)
	defer func() {
		if r := recover(); r != nil {
			j.err = fmt.Errorf("the game failed while being solved: %v", r)
		}
	}()
	j.err = c.solve(j)
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
	j.lane.running--
	delete(c.active, j)
	if j.err != nil {
		c.shrink(j, 0)
		j.ended = time.Now()
		if (errors.Is(j.err, errAbandoned) || c.ctx.Err() != nil) && c.jobs[j.key] == j {
			delete(c.jobs, j.key)
		}
	}
	if c.ctx.Err() == nil {
		c.dispatch()
	}
	c.mu.Unlock()
	j.cancel(nil)
	close(j.done)
}

// solve explores (for a rules file, in a child) and solves j's game, then
// finds its Grundy values, growing j's reservation as it goes.
func (c *cache) solve(j *job) error {
	j.report(solve.Progress{Phase: "exploring"})
	if text, ok := j.root.(rulesRoot); ok {
		c.mu.Lock()
		c.children++
		c.mu.Unlock()
		graph, err := j.o.file.Explore(j.ctx, j.o.args, string(text))
		c.mu.Lock()
		c.children--
		c.mu.Unlock()
		if errors.Is(err, isolated.ErrTooMany) {
			err = fmt.Errorf("%v: this server solves games of at most %d positions; choose smaller parameters", err, c.rulesMaxPositions())
		}
		if err != nil {
			if j.ctx.Err() != nil {
				return err
			}
			return cleanRulesError(err, j.o.file.Path())
		}
		j.game, j.root = graph.Game(), graph.Start()
		n := int64(graph.Len())
		j.base = n * rulesGraphBytes
		j.positions = float64(n)
		// The child is gone: what is held now is the graph, and the solve
		// will need its positions' worth.
		need := j.base + int64(float64(n)*solve.BytesPerPosition(j.game))
		c.mu.Lock()
		c.shrink(j, need)
		ok := c.reserve(j, need)
		c.mu.Unlock()
		if !ok {
			return c.outgrown(j, need)
		}
	}
	a, err := answer.Solve(j.ctx, j.game, answer.Options{
		From:         j.root,
		MaxPositions: c.maxPos,
		// The server solves by the hashing engine alone: what a solve
		// reserves is the hashing engine's estimate, and the games too
		// large for that are answered from stored tables (storedAnswer).
		Engine: answer.Hashing,
		Grundy: true,
		// Grundy values are computed only when the budget has room for
		// them, and are otherwise left out.
		GrundyRoom: func(held, need int64) bool {
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.reserve(j, j.base+held+need)
		},
		Progress: func(p solve.Progress) {
			j.report(p)
			c.grow(j, j.base+p.Bytes)
		},
	})
	if errors.Is(err, explore.ErrTooMany) {
		err = fmt.Errorf("%v: this server solves games of at most %d positions; choose smaller parameters", err, c.maxPos)
	}
	if err != nil {
		return err
	}
	keep := j.base + a.Bytes()
	c.mu.Lock()
	c.shrink(j, keep)
	c.mu.Unlock()
	j.held.Store(keep)
	j.ans = a
	j.phase.Store("ready")
	return nil
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
	return pr
}

// forget drops a job so that a later request may try again.
func (c *cache) forget(j *job) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.jobs[j.key] == j {
		delete(c.jobs, j.key)
		if j.lane != nil && j.finished() {
			c.shrink(j, 0)
		}
	}
}
