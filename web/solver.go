package web

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"sente"
	"sente/explain"
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

	phase    atomic.Value // string: "queued", "exploring", "solving", "grundy"
	progDone atomic.Int64
	progAll  atomic.Int64

	sol    *solve.Solution
	grundy func(sente.Position) string // nil unless impartial
	err    error

	used atomic.Int64 // unix nanoseconds of the last request, for the LRU
}

// Progress is how far a background solve has come.
type Progress struct {
	Phase string `json:"phase"`
	Done  int64  `json:"done"`
	Total int64  `json:"total"`
}

func (j *job) progress() Progress {
	ph, _ := j.phase.Load().(string)
	return Progress{Phase: ph, Done: j.progDone.Load(), Total: j.progAll.Load()}
}

func (j *job) finished() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// cache keeps solved games in memory, at most size of them, and runs at
// most slots solves at once.
type cache struct {
	mu     sync.Mutex
	jobs   map[string]*job
	size   int
	slots  chan struct{}
	maxPos int
	ctx    context.Context
	solves atomic.Int64 // solves started, for tests

	tables *store.Store
	// stored are the games answered from stored tables, by canonical
	// spec, opened once and kept open while the server runs: a job the
	// cache drops may still have readers of its solution.
	stored map[string]*solve.TierSolution
}

func newCache(ctx context.Context, size, concurrent, maxPositions int, tables *store.Store) *cache {
	return &cache{
		jobs:   map[string]*job{},
		size:   size,
		slots:  make(chan struct{}, concurrent),
		maxPos: maxPositions,
		ctx:    ctx,
		tables: tables,
		stored: map[string]*solve.TierSolution{},
	}
}

// storedSolution answers a built-in game from the root it starts at out of
// its stored tables, when the cache has a store that holds every tier.
func (c *cache) storedSolution(j *job) (*solve.Solution, bool) {
	g := j.game
	if c.tables == nil || j.o.file != nil || sente.CapabilitiesOf(g).TierRanker == nil ||
		g.FormatPosition(j.root) != g.FormatPosition(g.Start()) {
		return nil, false
	}
	spec := games.Bound{Family: j.o.family, Values: j.o.values}.Canonical()
	c.mu.Lock()
	ts, ok := c.stored[spec]
	c.mu.Unlock()
	if !ok {
		gs, err := c.tables.Find(spec)
		if err != nil || gs == nil {
			return nil, false
		}
		ts, err = solve.SolveTiers(c.ctx, g, solve.TierOptions{Sink: gs, StoredOnly: true})
		if err != nil {
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
	return solve.FromTiers(g, ts, g.Start(), 0), true
}

// close releases the stored tables, once no request reads them.
func (c *cache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for spec, ts := range c.stored {
		ts.Close()
		delete(c.stored, spec)
	}
}

// get returns the job for key, starting it when there is none: make
// opens the game and chooses the root, once.
func (c *cache) get(key string, open func() (*opened, sente.Position, error)) (*job, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if j, ok := c.jobs[key]; ok {
		j.used.Store(time.Now().UnixNano())
		return j, nil
	}
	o, root, err := open()
	if err != nil {
		return nil, err
	}
	j := &job{key: key, o: o, game: o.game, root: root, done: make(chan struct{})}
	j.phase.Store("queued")
	j.used.Store(time.Now().UnixNano())
	c.jobs[key] = j
	c.evict()
	c.solves.Add(1)
	go c.run(j)
	return j, nil
}

// evict drops the least recently used finished jobs past the size cap.
// Called with mu held.
func (c *cache) evict() {
	for len(c.jobs) > c.size {
		var oldest *job
		for _, j := range c.jobs {
			if !j.finished() {
				continue
			}
			if oldest == nil || j.used.Load() < oldest.used.Load() {
				oldest = j
			}
		}
		if oldest == nil {
			return
		}
		delete(c.jobs, oldest.key)
	}
}

func (c *cache) run(j *job) {
	defer close(j.done)
	defer func() {
		if r := recover(); r != nil {
			j.err = fmt.Errorf("the game failed while being solved: %v", r)
			c.forget(j)
		}
	}()
	select {
	case c.slots <- struct{}{}:
	case <-c.ctx.Done():
		j.err = errors.New("the server is shutting down")
		c.forget(j)
		return
	}
	defer func() { <-c.slots }()
	if sol, ok := c.storedSolution(j); ok {
		j.sol = sol
		j.phase.Store("ready")
		return
	}
	j.phase.Store("exploring")
	if text, ok := j.root.(rulesRoot); ok {
		graph, err := j.o.file.Explore(c.ctx, j.o.args, string(text))
		if errors.Is(err, isolated.ErrTooMany) {
			err = fmt.Errorf("%v: this server solves games of at most %d positions; choose smaller parameters", err, c.maxPos)
		}
		if err != nil {
			j.err = cleanRulesError(err, j.o.file.Path())
			c.forget(j)
			return
		}
		j.game, j.root = graph.Game(), graph.Start()
	}
	sol, err := solve.Solve(c.ctx, j.game, solve.Options{
		From:         j.root,
		MaxPositions: c.maxPos,
		Progress: func(p solve.Progress) {
			j.phase.Store(p.Phase)
			j.progDone.Store(int64(p.Done))
			j.progAll.Store(int64(p.Total))
		},
	})
	if err == nil {
		if gerr := sente.CapabilitiesOf(j.game).Err(); gerr != nil {
			err = gerr
		}
	}
	if errors.Is(err, explore.ErrTooMany) {
		err = fmt.Errorf("%v: this server solves games of at most %d positions; choose smaller parameters", err, c.maxPos)
	}
	if err != nil {
		j.err = err
		c.forget(j)
		return
	}
	j.phase.Store("grundy")
	gr, err := explain.GrundyOf(c.ctx, j.game, j.root, c.maxPos)
	if err != nil {
		// The values are still known; only the Grundy values are missing.
		gr = nil
	}
	j.sol, j.grundy = sol, gr
	j.phase.Store("ready")
}

// forget drops a failed job so that a later request may try again.
func (c *cache) forget(j *job) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.jobs[j.key] == j {
		delete(c.jobs, j.key)
	}
}
