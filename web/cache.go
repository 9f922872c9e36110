package web

// The cache keeps the jobs: it finds or queues one for a request, drops
// the least recently used, and cancels those nobody asks for any more.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/book"
	"github.com/sente-go/sente/store/tables"
)

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
	// moduleHeld is what the instances of an uploaded module's game may
	// hold (Config.ModuleWorkers times ModuleMemory): a job of such a
	// game reserves it besides its solve, as j.base.
	moduleHeld int64
	budget     int64          // Config.Memory
	games      *games.Catalog // Config.Games
	active     map[*job]bool  // the solves running
	children   int            // rules children exploring
	abandon    time.Duration  // a solve nobody asked for this long is cancelled
	failures   time.Duration  // a failed solve is remembered this long
	ctx        context.Context
	solves     atomic.Int64 // solves started, for tests

	tables *store.Store
	// stored are the games answered from stored tables, by canonical
	// spec (and the tables of every position of a game's tiers, by
	// everyKey), opened once and kept open while the server runs: a job
	// the cache drops may still have readers of its answer. There are
	// no more of them than the store holds tables.
	stored map[string]*tables.Tables
	// opened are the opening books of the games answered by search, by
	// canonical spec, opened once (search.go).
	opened map[string][]*book.Book
	// searchMemory and searchTime bound a position's search.
	searchMemory int64
	searchTime   time.Duration
	// retired are stored tables dropped for others written since in their
	// place (dropRepaired), kept open, as dropped jobs' answers may still
	// be read, until the server closes.
	retired []*tables.Tables
	// warm are the transposition tables of the last searches of the
	// games answered by search, by the game searched, kept for the next
	// position's search (warm.go); warmIdle is how long one nobody takes
	// is kept.
	warm     map[*opened]*warmTable
	warmIdle time.Duration
	// beforeRest, when set (by tests), is called by a position's search
	// between its quick answer and the rest, with the context that cuts
	// the rest (quick.go).
	beforeRest func(ctx context.Context)
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
// pasted rules files may hold and what the instances of the modules being
// uploaded or started may: that happens as a file is pasted or a module
// uploaded or opened, outside the lanes, so their limits are kept aside
// for good.
func newCache(ctx context.Context, cfg Config) (*cache, error) {
	budget := int64(min(cfg.Memory, math.MaxInt64/2))
	modules := moduleLoaders * int64(cfg.ModuleMemory)
	moduleHeld := int64(cfg.ModuleWorkers) * int64(cfg.ModuleMemory)
	memory := budget - rulesLoaders*int64(cfg.RulesMemory) - modules
	smallPool := max(min(4*int64(cfg.SmallSolves)*int64(cfg.SmallBytes), memory/4), 0)
	largePool := memory - smallPool
	if largePool < 2*int64(cfg.RulesMemory) || largePool < int64(cfg.SmallBytes) {
		return nil, fmt.Errorf("%w for this server: of its %s, %s is kept aside for loading rules files and %s for small solves, and a solve needs at least %s (a rules file's child of %s and the graph it sends back)",
			ErrBudget, quantity.FormatSize(uint64(budget)), quantity.FormatSize(rulesLoaders*cfg.RulesMemory), quantity.FormatSize(uint64(smallPool)),
			quantity.FormatSize(max(2*cfg.RulesMemory, cfg.SmallBytes)), quantity.FormatSize(cfg.RulesMemory))
	}
	if largePool < moduleHeld {
		return nil, fmt.Errorf("%w for this server: of its %s, %s is kept aside for starting game modules, and a solve of a module's game needs at least %s (%d instances of %s); give modules less memory each",
			ErrBudget, quantity.FormatSize(uint64(budget)), quantity.FormatSize(uint64(modules)), quantity.FormatSize(uint64(moduleHeld)), cfg.ModuleWorkers, quantity.FormatSize(cfg.ModuleMemory))
	}
	shared := &pool{capacity: largePool}
	c := &cache{
		games: cfg.Games,
		jobs:  map[string]*job{},
		size:  cfg.CacheSize,
		lanes: []*lane{
			// Small solves take a moment and little memory each: a longer
			// line of them costs little, and turns fewer people away in a
			// burst.
			{name: "small", slots: cfg.SmallSolves, max: smallWaiting * cfg.MaxWaiting, pool: &pool{capacity: smallPool}},
			{name: "large", slots: cfg.MaxSolves, max: cfg.MaxWaiting, pool: shared},
			{name: "rules-file", slots: rulesExplorers, max: cfg.MaxWaiting, pool: shared},
		},
		small:        min(int64(cfg.SmallBytes), smallPool),
		maxPos:       cfg.MaxPositions,
		rulesMemory:  int64(cfg.RulesMemory),
		moduleHeld:   moduleHeld,
		budget:       budget,
		active:       map[*job]bool{},
		abandon:      cfg.Abandon,
		failures:     cfg.Failures,
		ctx:          ctx,
		tables:       cfg.Tables,
		stored:       map[string]*tables.Tables{},
		opened:       map[string][]*book.Book{},
		searchMemory: int64(min(cfg.SearchMemory, math.MaxInt64/2)),
		searchTime:   cfg.SearchTime,
		warm:         map[*opened]*warmTable{},
		warmIdle:     warmIdle,
	}
	go c.every(max(c.abandon/5, 10*time.Millisecond), c.reap)
	go c.every(watchEvery, func() { c.check(heldByProcess) })
	return c, nil
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
	for _, ts := range c.retired {
		ts.Close()
	}
	for name, bs := range c.opened {
		for _, b := range bs {
			b.Close()
		}
		delete(c.opened, name)
	}
	c.retired = nil
	for len(c.warm) > 0 {
		c.dropWarm(nil)
	}
}

// dropRepaired forgets the stored tables that met a damaged file since
// replaced (by 'sente solve' of the game, which repairs it), and the jobs
// whose answers read such tables: the next request opens them afresh
// rather than report the damage of files no longer there.
func (c *cache) dropRepaired() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, ts := range c.stored {
		if err := ts.Damage(); err != nil && store.Replaced(err) {
			delete(c.stored, key)
			c.retired = append(c.retired, ts)
		}
	}
	for key, j := range c.jobs {
		if !j.finished() || j.ans == nil || j.ans.Solution == nil {
			continue
		}
		if err := j.ans.Solution.Damage(); err != nil && store.Replaced(err) {
			delete(c.jobs, key)
			if j.lane != nil {
				c.shrink(j, 0)
			}
		}
	}
}

// get returns the job for key, queueing it when there is none: open opens
// the game and chooses the root. A game that cannot fit in the budget is
// refused at once; a full lane answers a busyError.
func (c *cache) get(key string, open func() (*opened, sente.Position, error)) (*job, error) {
	return c.find(key, open, false, false)
}

// getSearch returns the job that searches root, a position of o's game,
// queueing it when there is none (search.go); rest says that the page
// asking has the position's quick answer and waits for the rest.
func (c *cache) getSearch(key string, o *opened, root sente.Position, rest bool) (*job, error) {
	return c.find(key, func() (*opened, sente.Position, error) { return o, root, nil }, true, rest)
}

// find is get, of a job that searches its root when search is set, for a
// page that waits for the rest of its answer when rest is (quick.go).
func (c *cache) find(key string, open func() (*opened, sente.Position, error), search, rest bool) (*job, error) {
	c.dropRepaired()
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
	j := &job{key: key, o: o, game: o.game, root: root, done: make(chan struct{}), early: make(chan struct{}), ctx: ctx, cancel: cancel, searchPos: search, rest: rest}
	j.phase.Store("queued")
	j.used.Store(time.Now().UnixNano())
	var a *answer.Answer
	stored := false
	if !search {
		a, stored = c.storedAnswer(o, root)
	}
	switch {
	case stored:
		j.ans = a
		j.phase.Store("ready")
		close(j.done)
	case search:
		if err := c.planSearch(j); err != nil {
			cancel(nil)
			return nil, err
		}
	default:
		if err := c.plan(j); err != nil {
			if !c.answeredBySearch(j, err) {
				cancel(nil)
				return nil, err
			}
			stored = true // nothing to run
		}
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
	c.coolDown()
	for key, j := range c.jobs {
		if j.finished() || j.storing.Load() || time.Since(time.Unix(0, j.used.Load())) < c.abandon {
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
