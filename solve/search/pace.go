package search

import "time"

// pace says when a search next stops to look at the world: its context,
// its progress, its node allowance, the other workers. A fixed count of
// nodes between looks is wrong at one end or the other: connect four
// searches a node in a fraction of a microsecond, where a user's game may
// take a millisecond a node, and 1,024 of those are a second of Ctrl-C
// and of progress not heard. So the count adapts to the time the nodes take: a
// power of two from 1 to paceMost, halved while the looks come more than
// paceSlow apart and doubled while they come within paceFast.
//
// The looks fall on the count's multiples, and a pace is kept from one
// search to the next: a fast game's looks come every paceMost nodes, as
// they would at a fixed count, so its node counts do not change with the
// clock.
type pace struct {
	next  uint64    // the node count at which the next look is due
	every uint64    // nodes between looks; 0: not yet started
	last  time.Time // when the last look (or the start) was
}

const (
	// paceFirst is the count a pace starts from: a look within a few
	// milliseconds even in a slow game, and few looks in a fast one
	// before the count has grown.
	paceFirst = 64
	// paceMost is the most nodes between looks: about a millisecond of
	// the fastest games' nodes, whose looks then cost nothing measurable.
	paceMost = 1024
	// paceSlow is the longest time wanted between looks, and paceFast
	// the time within which looks are needlessly often.
	paceSlow = 20 * time.Millisecond
	paceFast = paceSlow / 8
)

// restart starts the pace of a search whose count is nodes now; every
// search starts its paces so before it checks them.
func (p *pace) restart(nodes uint64, now time.Time) {
	if p.every == 0 {
		p.every = paceFirst
	}
	p.last = now
	p.next = p.after(nodes)
}

// checked records a look made at nodes and now, and sets the next.
func (p *pace) checked(nodes uint64, now time.Time) {
	switch gap := now.Sub(p.last); {
	case gap > paceSlow && p.every > 1:
		p.every /= 2
	case gap < paceFast && p.every < paceMost:
		p.every *= 2
	}
	p.last = now
	p.next = p.after(nodes)
}

// after is the first multiple of the count past nodes.
func (p *pace) after(nodes uint64) uint64 {
	return (nodes | (p.every - 1)) + 1
}
