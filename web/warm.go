package web

// A game answered by search is asked about one position after another,
// each a move from the last, and each the search of a job of its own. The
// transposition table each search filled holds most of the next one's
// tree, so it is not thrown away with the job: it is kept, one for each
// game, for the next search of that game to take over, and the bytes it
// holds stay reserved from the large lane's pool. A kept table is what the
// server drops first when a solve needs room or the process holds more
// than its budget leaves it, and it is dropped when nobody has taken it
// for warmIdle. Along a game of connect four 7×6, the searches that took
// over the last one's table searched a fifth of the nodes in a sixth of
// the time of searches that started afresh (BENCHMARKS.md, "Tables kept
// between the searches of a game").

import (
	"time"

	"github.com/sente-go/sente/answer"
)

// warmIdle is how long the server keeps a search's table that no later
// search of its game takes: a person thinking over a move.
const warmIdle = 5 * time.Minute

// warmTable is a search's transposition table kept for the next search of
// the same game.
type warmTable struct {
	table *answer.SearchTable
	pool  *pool     // the pool its bytes are reserved from
	bytes int64     // reserved for it
	kept  time.Time // when its search ended
}

// takeWarm gives j, a position's search about to reserve its memory, the
// table kept from its game's last search, and the bytes reserved for it,
// so that j reserves only the rest. Called with mu held.
func (c *cache) takeWarm(j *job) {
	if !j.searchPos || j.warm != nil {
		return
	}
	w, ok := c.warm[j.o]
	if !ok || w.pool != j.lane.pool {
		return
	}
	delete(c.warm, j.o)
	j.warm = w.table
	j.reserved += w.bytes
	j.peak = max(j.peak, j.reserved)
}

// putBackWarm keeps again the table takeWarm gave j, when j cannot start
// yet: it waits with nothing reserved, as every waiting job does. Called
// with mu held.
func (c *cache) putBackWarm(j *job) {
	if j.warm == nil {
		return
	}
	c.warm[j.o] = &warmTable{table: j.warm, pool: j.lane.pool, bytes: j.reserved, kept: time.Now()}
	j.warm, j.reserved = nil, 0
}

// keepWarm keeps t, the table of j's search, which has ended, for the next
// search of j's game, in place of one kept before, and lowers j's
// reservation to what its answer holds: t's bytes move from j's
// reservation to the kept table's. Called with mu held.
func (c *cache) keepWarm(j *job, t *answer.SearchTable, held int64) {
	bytes := t.Bytes()
	if bytes+held > j.reserved {
		// Not reserved: the search had more than its reservation, which
		// the answer layer does not allow; keep nothing rather than
		// hold what the budget does not count.
		c.shrink(j, held)
		return
	}
	c.unkeep(j.o)
	c.warm[j.o] = &warmTable{table: t, pool: j.lane.pool, bytes: bytes, kept: time.Now()}
	j.reserved -= bytes // the table's bytes stay in the pool, now the kept table's
	c.shrink(j, held)
}

// dropWarm drops the table kept longest, one reserved from pool p when p
// is not nil, and gives its bytes back; false when there is none. Called
// with mu held.
func (c *cache) dropWarm(p *pool) bool {
	var oldest *opened
	for o, w := range c.warm {
		if (p == nil || w.pool == p) && (oldest == nil || w.kept.Before(c.warm[oldest].kept)) {
			oldest = o
		}
	}
	if oldest == nil {
		return false
	}
	c.unkeep(oldest)
	return true
}

// coolDown drops the tables nobody took for warmIdle. Called with mu
// held.
func (c *cache) coolDown() {
	for o, w := range c.warm {
		if time.Since(w.kept) >= c.warmIdle {
			c.unkeep(o)
		}
	}
}

// unkeep drops the table kept for the game o, if there is one, and gives
// its bytes back to its pool. Called with mu held.
func (c *cache) unkeep(o *opened) {
	if w, ok := c.warm[o]; ok {
		w.pool.reserved -= w.bytes
		delete(c.warm, o)
	}
}
