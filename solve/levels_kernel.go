package solve

import (
	"fmt"
	"sync/atomic"

	"sente"
)

// levelGraph is what the level kernel asks of an engine about one part of
// a game, per position by index. A kernel's type argument is a struct
// (not a pointer), so that each engine's kernel is compiled for it alone
// and calls its methods directly.
type levelGraph[I uint32 | uint64] interface {
	// settle gives position id the value v at level.
	settle(id uint64, v sente.Value, level uint32) error
	// value is a settled position's value.
	value(id uint64) sente.Value
	// parents lists the parents of id in the part, in worker w's buffers.
	parents(w int, id uint64) ([]I, error)
	// countDown counts one of p's open children down, atomically, and
	// reports whether it was the last.
	countDown(p uint64) bool
	// lossAt is the level at which p, whose every child in the part is won
	// now, the last at level, is lost (LostAt), or false when a child tier
	// offers it a win.
	lossAt(w int, p uint64, level uint32) (uint32, bool, error)
	// chunks runs fn over [0, n) in chunks of chunk on the workers.
	chunks(n, chunk uint64, fn func(w int, lo, hi uint64) error) error
	// levelDone is called after each level.
	levelDone(level uint32)
}

// levelKernel is the level-by-level retrograde analysis, each level's
// entries shared among the workers. What a level's entries queue goes to a
// later level (the next, or, for a loss whose slowest child lies in a child
// tier, the level of that child's remoteness), never to their own, so the
// entries of a level are independent of each other. Workers clear a
// position's pending bit atomically, so that exactly one settles it and
// tells its parents, and count a parent's open children down atomically,
// so that exactly one sees the count reach zero; by then every child's
// value has been written, before its count went down.
type levelKernel[I uint32 | uint64, G levelGraph[I]] struct {
	g       G
	pending []uint64 // cleared atomically
	workers []levelWorker
	chunk   uint64
	part    string // for errors
}

// levelWorker is one worker's lists, padded so that two workers' slice
// headers never share a cache line.
type levelWorker struct {
	next  []uint64    // queued for the next level, entries as Levels holds them
	later []levelRank // queued for levels after it, an entry for a rank
	_     [64]byte
}

// run works through the queue, level by level: wins and losses, or ties
// when ties is set.
//
// What a level queues for the next is the workers' own lists, handed on as
// they are rather than copied into the queue: the largest levels of dōbutsu
// shōgi hold hundreds of millions of entries.
func (k *levelKernel[I, G]) run(q Levels[uint64], ties bool) error {
	var carried [][]uint64 // queued for this level by the workers of the last
	for level := uint32(0); level < uint32(len(q)) || len(carried) > 0; level++ {
		lists := carried
		if level < uint32(len(q)) {
			lists = append(lists, q[level])
			q[level] = nil
		}
		carried = nil
		for _, entries := range lists {
			if len(entries) == 0 {
				continue
			}
			err := k.g.chunks(uint64(len(entries)), k.chunk, func(w int, lo, hi uint64) error {
				kw := &k.workers[w]
				for _, entry := range entries[lo:hi] {
					if err := k.step(w, kw, level, entry, ties); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		for w := range k.workers {
			kw := &k.workers[w]
			if len(kw.next) > 0 {
				carried = append(carried, kw.next)
				kw.next = nil
			}
			for _, n := range kw.later {
				if n.level <= level {
					return fmt.Errorf("%s: retrograde analysis queued %d at level %d from level %d", k.part, EntryID(n.rank), n.level, level)
				}
				q.Push(n.level, n.rank)
			}
			kw.later = kw.later[:0]
		}
		k.g.levelDone(level)
	}
	return nil
}

// step settles one queued entry at level, unless it is settled already,
// and tells its pending parents (Tells). What it queues goes to the
// worker's lists.
func (k *levelKernel[I, G]) step(w int, kw *levelWorker, level uint32, entry uint64, ties bool) error {
	id, tag := EntryID(entry), EntryTag(entry)
	var v sente.Value
	if tag == TagSettled {
		v = k.g.value(id)
	} else {
		bit := uint64(1) << (id % 64)
		if atomic.AndUint64(&k.pending[id/64], ^bit)&bit == 0 {
			return nil // settled already
		}
		v = Settles(tag, ties)
		if err := k.g.settle(id, v, level); err != nil {
			return err
		}
	}
	tell := Tells(v, ties)
	if tell == TellNothing {
		return nil
	}
	ps, err := k.g.parents(w, id)
	if err != nil {
		return err
	}
	for _, pi := range ps {
		p := uint64(pi)
		if atomic.LoadUint64(&k.pending[p/64])&(1<<(p%64)) == 0 {
			continue
		}
		if tell == TellWin {
			kw.next = append(kw.next, Entry(p, TagWin))
			continue
		}
		if !k.g.countDown(p) {
			continue
		}
		at, lost, err := k.g.lossAt(w, p, level)
		if err != nil {
			return err
		}
		switch {
		case !lost:
		case at == level+1:
			kw.next = append(kw.next, Entry(p, TagLose))
		default:
			kw.later = append(kw.later, levelRank{at, Entry(p, TagLose)})
		}
	}
	return nil
}
