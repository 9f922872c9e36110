package tiers

import (
	"fmt"
	"time"

	"github.com/sente-go/sente/store"
)

// The forward pass and the count of positions go through the tiers
// parents first, marking the ranks a tier's moves reach in the tiers
// after it. A tier's own marks are whole once every tier before it is
// done, and only then stored (the forward pass) or counted (the count):
// a pass stopped would lose the marks it had made in the tiers it had not
// come to, and start again from its first tier. So every so often, and
// when it is cancelled, a pass saves its frontier, a store.Frontier table:
// how many tiers it has done, what it has counted of them, and its marks
// in the tiers it has not done. A pass started again takes them up and
// goes on from the tier after the last one done. Marks only grow, and
// every mark is a rank some reachable position reaches, so the marks of
// a tier under way when the pass stopped are kept too: they are part of
// what its expansion, done again, makes.

// The passes that save a frontier, the tier of their store.Frontier table.
const (
	passForward = 0
	passCount   = 1
)

// frontierEvery is how often a pass saves its frontier, at most: a pass
// stopped loses about this much work besides the tier it was on. Writing
// the frontier takes a few seconds a gigabyte of marks, and a pass spends
// at most a twentieth of its time on it (frontierClock).
var frontierEvery = 10 * time.Minute

// frontier is what a pass had done when it saved it.
type frontier struct {
	rootTier int
	rootRank uint64
	done     int                  // tiers of the order, parents first, done
	counts   map[int]store.Counts // the count: positions by value of the tiers done
	marks    map[sideKey][]uint64 // marks in the tiers not done, by tier and side
}

type sideKey struct{ tier, side int }

// saveFrontier stores f as pass's frontier, its marks written from the
// bitsets that hold them.
func (e *tierEngine) saveFrontier(pass int, f *frontier) error {
	var head []uint64
	head = append(head, uint64(f.rootTier), f.rootRank, uint64(f.done), uint64(len(f.counts)), uint64(len(f.marks)))
	for _, t := range e.order {
		if c, ok := f.counts[t]; ok {
			head = append(head, uint64(t), c.Positions, c.Win, c.Lose, c.Tie, c.Draw)
		}
	}
	parts := [][]byte{wordsToBytes(head)}
	for _, t := range e.order {
		for side := range 2 {
			bits, ok := f.marks[sideKey{t, side}]
			if !ok {
				continue
			}
			parts = append(parts, wordsToBytes([]uint64{uint64(t), uint64(side), uint64(len(bits))}), wordsToBytes(bits))
		}
	}
	if err := e.sink.WriteParts(pass, store.Frontier, parts, store.Counts{Positions: uint64(f.done)}); err != nil {
		return fmt.Errorf("solve by tiers: saving the work of the pass over the tiers: %w", err)
	}
	return nil
}

// loadFrontier reads pass's frontier back, or gives nil when there is none
// or it is not of this solve (another root, another plan of tiers, a
// damaged file): the pass then starts from its first tier.
func (e *tierEngine) loadFrontier(pass, rootTier int, rootRank uint64) *frontier {
	tbl, err := e.sink.Open(pass, store.Frontier)
	if err != nil {
		return nil
	}
	defer tbl.Close()
	if tbl.Verify() != nil {
		return nil
	}
	f, err := e.decodeFrontier(tbl.Data)
	if err != nil || f.rootTier != rootTier || f.rootRank != rootRank {
		return nil
	}
	return f
}

func (e *tierEngine) decodeFrontier(b []byte) (*frontier, error) {
	in := &savedPayload{b: b, what: "frontier"}
	head, err := in.words(5)
	if err != nil {
		return nil, err
	}
	f := &frontier{rootTier: int(head[0]), rootRank: head[1], done: int(head[2]), counts: map[int]store.Counts{}, marks: map[sideKey][]uint64{}}
	if f.done > len(e.order) {
		return nil, fmt.Errorf("frontier of %d tiers done, the plan has %d", f.done, len(e.order))
	}
	index := make(map[int]int, len(e.order)) // a tier's place, parents first
	for i, t := range e.order {
		index[t] = len(e.order) - 1 - i
	}
	for range head[3] {
		c, err := in.words(6)
		if err != nil {
			return nil, err
		}
		t := int(c[0])
		if i, ok := index[t]; !ok || i >= f.done {
			return nil, fmt.Errorf("frontier counts tier %d, which is not done", t)
		}
		f.counts[t] = store.Counts{Positions: c[1], Win: c[2], Lose: c[3], Tie: c[4], Draw: c[5]}
	}
	for range head[4] {
		m, err := in.words(3)
		if err != nil {
			return nil, err
		}
		t, side, n := int(m[0]), int(m[1]), m[2]
		if i, ok := index[t]; !ok || i < f.done || side > 1 || n != (e.size[t]+63)/64 {
			return nil, fmt.Errorf("frontier marks of tier %d side %d (%d words) do not fit the plan", t, side, n)
		}
		if f.marks[sideKey{t, side}], err = in.words(n); err != nil {
			return nil, err
		}
	}
	return f, in.end()
}

// savedPayload reads a saved payload (a frontier, a loopy tier's saved
// work) from its start: bytes, and little-endian words copied out, with
// an error naming what it is when the payload is shorter than asked.
type savedPayload struct {
	b    []byte
	at   uint64
	what string
}

func (p *savedPayload) bytes(n uint64) ([]byte, error) {
	if n > uint64(len(p.b))-p.at {
		return nil, fmt.Errorf("%s cut short at byte %d", p.what, p.at)
	}
	out := p.b[p.at : p.at+n]
	p.at += n
	return out, nil
}

func (p *savedPayload) words(n uint64) ([]uint64, error) {
	if n > uint64(len(p.b))/8 {
		return nil, fmt.Errorf("%s cut short at byte %d", p.what, p.at)
	}
	b, err := p.bytes(8 * n)
	if err != nil {
		return nil, err
	}
	return bytesToWords(b, int(n)), nil
}

// end says whether the whole payload was read.
func (p *savedPayload) end() error {
	if p.at != uint64(len(p.b)) {
		return fmt.Errorf("%s of %d bytes, %d read", p.what, len(p.b), p.at)
	}
	return nil
}

// frontierClock says when a pass is due to save its frontier: frontierEvery
// after the last save ended, and twenty times as long as it took.
type frontierClock struct {
	last time.Time     // when the last save ended, or the pass began
	took time.Duration // how long the last save took
}

func newFrontierClock() *frontierClock { return &frontierClock{last: time.Now()} }

// save calls save when it is due.
func (c *frontierClock) save(save func() error) error {
	// frontierEvery 0 saves after every tier, as tests ask.
	if since := time.Since(c.last); frontierEvery > 0 && (since < frontierEvery || since < 20*c.took) {
		return nil
	}
	start := time.Now()
	err := save()
	c.last = time.Now()
	c.took = c.last.Sub(start)
	return err
}

func anyBit(b []uint64) bool {
	for _, w := range b {
		if w != 0 {
			return true
		}
	}
	return false
}
