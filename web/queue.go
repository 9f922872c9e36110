package web

import (
	"fmt"
	"slices"
)

// A solve waits in one of three lanes: small games (a few megabytes by
// their estimate), which never wait behind big ones; big games; and pasted
// rules files, whose size nobody knows until a child has explored them,
// and which then are at most what a child may send back. Each lane runs at
// most slots solves at once and keeps at most max waiting; past that the
// server answers 503 with Retry-After rather than queue without end. The
// small lane has a pool of the budget of its own; the other two share one,
// so that a rules file waits for memory but not for a big game's slot.
// Within a lane solves start in the order they came.
type lane struct {
	name    string
	slots   int
	running int
	waiting []*job
	max     int
	pool    *pool
}

// busyError is the answer when a lane's waiting list is full.
type busyError struct{ lane string }

func (e busyError) Error() string {
	return fmt.Sprintf("the server is busy: too many %s solves are waiting; try again in a few seconds", e.lane)
}

// retryAfter is the seconds a client told the server is busy should wait.
const retryAfter = "5"

// place is j's place in its lane's waiting list, 1 for the next to start;
// 0 when it is not waiting. Called with the cache's mu held.
func (l *lane) place(j *job) int {
	return slices.Index(l.waiting, j) + 1
}

// enqueue adds j to its lane, or says the lane is full. Called with mu held.
func (c *cache) enqueue(j *job) error {
	l := j.lane
	if len(l.waiting) >= l.max {
		return busyError{l.name}
	}
	l.waiting = append(l.waiting, j)
	c.dispatch()
	return nil
}

// dispatch starts the solves at the head of each lane for which there are
// a slot and room in the lane's pool, dropping the tables kept from
// searches (warm.go), then the least recently used solved games of the
// lane, to make room. A position's search, queued, cuts the rest of its
// game's searches that no page waits for (quick.go), and starts once they
// have ended; it first takes over the table kept from its game's last
// search, and the memory reserved for it.
// Called with mu held, whenever a solve is queued or ends.
func (c *cache) dispatch() {
	for _, l := range c.lanes {
		for _, j := range l.waiting {
			c.cutRests(j) // a slot or not (quick.go)
		}
		for l.running < l.slots && len(l.waiting) > 0 {
			j := l.waiting[0]
			if c.waitsForCut(j) {
				break // it starts once the cut search has given its table back
			}
			c.takeWarm(j)
			if !c.reserve(j, j.need) {
				c.putBackWarm(j)
				break
			}
			l.waiting = l.waiting[1:]
			l.running++
			c.active[j] = true
			j.phase.Store("starting")
			go c.run(j)
		}
	}
}

// reserve raises j's reservation to n bytes, if its lane's pool has room,
// after dropping searches' kept tables and solved games that hold some of
// it. Called with mu held.
func (c *cache) reserve(j *job, n int64) bool {
	p := j.lane.pool
	extra := n - j.reserved
	if extra <= 0 {
		return true
	}
	for p.room() < extra {
		if !c.dropWarm(p) && !c.evictOne(p) {
			return false
		}
	}
	p.reserved += extra
	j.reserved = n
	j.peak = max(j.peak, n)
	return true
}

// shrink lowers j's reservation to n bytes when it holds more: what a
// finished solve keeps, or nothing for a failed one. Called with mu held.
func (c *cache) shrink(j *job, n int64) {
	if n < j.reserved {
		j.lane.pool.reserved -= j.reserved - n
		j.reserved = n
	}
}

// unqueue takes a waiting j out of its lane; false when it was not
// waiting. Called with mu held.
func (c *cache) unqueue(j *job) bool {
	l := j.lane
	if i := slices.Index(l.waiting, j); i >= 0 {
		l.waiting = slices.Delete(l.waiting, i, i+1)
		return true
	}
	return false
}
