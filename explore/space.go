package explore

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sente-go/sente"
)

// Tier holds the positions of one tier: their keys in discovery order (the
// index of a key is its local id) and a hash index from key to local id.
type Tier struct {
	Number int
	Keys   []uint64
	// Base is the global id of local id 0.
	Base int

	index []uint32 // open addressing, local id + 1; 0 marks an empty slot
	shift uint     // 64 - log2(len(index))

	// With a ranked game, ranked maps the rank of a key to its local id + 1
	// in its own tier, shared by all tiers, and index is not used.
	ranked []uint32
	rank   func(uint64) uint64
}

const maxLoadPercent = 70

func newTier(number int, graph KeyGraph, ranked []uint32) *Tier {
	t := &Tier{Number: number}
	if ranked != nil {
		t.ranked, t.rank = ranked, graph.Rank
		return t
	}
	t.resize(16)
	return t
}

// slot spreads keys over the index with Fibonacci hashing after a mix, so
// that keys differing only in high bits do not collide.
func (t *Tier) slot(key uint64) uint64 {
	key ^= key >> 31
	key *= 0x9e3779b97f4a7c15
	return key >> t.shift
}

// Find returns the local id of key.
func (t *Tier) Find(key uint64) (int, bool) {
	if t.ranked != nil {
		e := t.ranked[t.rank(key)]
		return int(e) - 1, e != 0
	}
	mask := uint64(len(t.index) - 1)
	for i := t.slot(key); ; i = (i + 1) & mask {
		e := t.index[i]
		if e == 0 {
			return 0, false
		}
		if t.Keys[e-1] == key {
			return int(e - 1), true
		}
	}
}

// insert adds key if it is new and returns whether it did.
func (t *Tier) insert(key uint64) bool {
	if t.ranked != nil {
		r := t.rank(key)
		if t.ranked[r] != 0 {
			return false
		}
		t.Keys = append(t.Keys, key)
		t.ranked[r] = uint32(len(t.Keys))
		return true
	}
	mask := uint64(len(t.index) - 1)
	i := t.slot(key)
	for ; ; i = (i + 1) & mask {
		e := t.index[i]
		if e == 0 {
			break
		}
		if t.Keys[e-1] == key {
			return false
		}
	}
	t.Keys = append(t.Keys, key)
	t.index[i] = uint32(len(t.Keys))
	if len(t.Keys)*100 > len(t.index)*maxLoadPercent {
		t.resize(2 * len(t.index))
	}
	return true
}

func (t *Tier) resize(size int) {
	t.index = make([]uint32, size)
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
	mask := uint64(size - 1)
	for id, key := range t.Keys {
		i := t.slot(key)
		for t.index[i] != 0 {
			i = (i + 1) & mask
		}
		t.index[i] = uint32(id + 1)
	}
}

// Bytes is the memory the tier holds, not counting a rank index shared by
// all tiers.
func (t *Tier) Bytes() int { return 8*cap(t.Keys) + 4*len(t.index) }

// Space is the set of positions reachable from a root.
type Space struct {
	Root   uint64
	graph  KeyGraph
	tiers  []*Tier // by tier number; nil where no position has that tier
	ranked []uint32
	n      int
}

// Options limit and report on exploration.
type Options struct {
	// MaxPositions stops exploration with an error past this many
	// positions; zero means no limit.
	MaxPositions int
	// Progress, when set, is called now and then with the number of
	// positions found so far: every 65,536 positions expanded, and at
	// least every progressEvery while positions are expanded, so that a
	// slow game (a rules file's) is seen advancing while its tables grow.
	Progress func(found int)
}

// ErrTooMany is returned (wrapped) when exploration passes MaxPositions.
var ErrTooMany = fmt.Errorf("too many positions")

const maxTier = 1 << 20

// progressEvery is the longest Explore goes without calling
// Options.Progress while it expands positions. A child process's parent
// blames a death for memory on the solve only when it saw the solve
// advance shortly before (see cli's workState), and a rules file expands
// 65,536 positions in a second or more on a busy machine, while its tables
// double.
const progressEvery = 50 * time.Millisecond

// explorations counts the calls of Explore in this process.
var explorations atomic.Int64

// Explorations is how many times this process has explored a game. Every
// answer needs one exploration at most (solve, Grundy values and loopy
// Grundy values share it); tests hold the commands and the browser app to
// that with this count.
func Explorations() int64 { return explorations.Load() }

// Explore finds every position reachable from root, tier by tier.
//
// The positions of a tier are expanded (asking the game for their children)
// in runs of a thousand, by worker goroutines when there is more than one
// core, while this goroutine inserts the children of earlier runs, in order,
// into the tiers' indexes. Ids are therefore the same however many cores
// there are.
func Explore(ctx context.Context, graph KeyGraph, root uint64, opt Options) (*Space, error) {
	explorations.Add(1)
	s := &Space{Root: root, graph: graph}
	if graph.Rank != nil {
		s.ranked = make([]uint32, graph.RankSize)
	}
	if _, err := s.add(root); err != nil {
		return nil, err
	}
	workers := runtime.GOMAXPROCS(0) - 1
	if graph.Serial {
		workers = 0
	}
	jobs := make(chan *expansion, 4*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := range jobs {
				s.expand(x)
				x.done <- struct{}{}
			}
		}()
	}
	defer func() {
		close(jobs)
		wg.Wait()
	}()

	var queue, free []*expansion
	processed := 0
	reported := time.Now()
	for number := 0; number < len(s.tiers); number++ {
		t := s.tiers[number]
		if t == nil {
			continue
		}
		// Keys grows while it is walked: positions found in the same tier
		// are expanded in turn.
		next := 0
		for {
			for next < len(t.Keys) && len(queue) <= 4*workers {
				var x *expansion
				if n := len(free); n > 0 {
					x, free = free[n-1], free[:n-1]
				} else {
					x = &expansion{done: make(chan struct{}, 1)}
				}
				x.keys = t.Keys[next:min(next+expansionRun, len(t.Keys))]
				next += len(x.keys)
				if workers == 0 {
					s.expand(x)
				} else {
					jobs <- x
				}
				queue = append(queue, x)
			}
			if len(queue) == 0 {
				break
			}
			x := queue[0]
			queue = queue[1:]
			if workers > 0 {
				<-x.done
			}
			if err := s.insertChildren(number, x); err != nil {
				return nil, err
			}
			free = append(free, x)
			processed += len(x.keys)
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if err := graph.Err(); err != nil {
				return nil, err
			}
			if opt.Progress != nil {
				if now := time.Now(); processed&^(1<<16-1) != (processed-len(x.keys))&^(1<<16-1) || now.Sub(reported) >= progressEvery {
					opt.Progress(s.n)
					reported = now
				}
			}
			if opt.MaxPositions > 0 && s.n > opt.MaxPositions {
				return nil, fmt.Errorf("%w: more than %d positions are reachable", ErrTooMany, opt.MaxPositions)
			}
		}
	}
	base := 0
	for _, t := range s.tiers {
		if t != nil {
			t.Base = base
			base += len(t.Keys)
		}
	}
	return s, nil
}

// expansionRun is how many positions one expansion holds: enough to make
// handing it to a worker cheap.
const expansionRun = 1024

// expansion is a run of positions of one tier and their children.
type expansion struct {
	keys  []uint64 // the positions, a window of their tier's keys
	kids  []uint64 // their children, position after position
	tiers []int    // the tier of each child
	ends  []int32  // ends[i] is where the children of keys[i] end in kids
	done  chan struct{}
}

func (s *Space) expand(x *expansion) {
	x.kids, x.tiers, x.ends = x.kids[:0], x.tiers[:0], x.ends[:0]
	for _, key := range x.keys {
		if _, ended := s.graph.Ended(key); !ended {
			x.kids = s.graph.Children(x.kids, key)
		}
		for _, c := range x.kids[len(x.tiers):] {
			x.tiers = append(x.tiers, s.TierOf(c))
		}
		x.ends = append(x.ends, int32(len(x.kids)))
	}
}

// insertChildren adds the children of an expansion of tier number.
func (s *Space) insertChildren(number int, x *expansion) error {
	from := int32(0)
	for i, end := range x.ends {
		for j := from; j < end; j++ {
			c, ct := x.kids[j], x.tiers[j]
			if err := s.addTo(ct, c); err != nil {
				return err
			}
			if ct < number {
				return &TierOrderError{From: number, To: ct, Parent: s.graph.Decode(x.keys[i]), Child: s.graph.Decode(c)}
			}
		}
		from = end
	}
	return nil
}

// add inserts key into its tier and returns the tier number.
func (s *Space) add(key uint64) (int, error) {
	number := s.TierOf(key)
	return number, s.addTo(number, key)
}

// addTo inserts key into tier number.
func (s *Space) addTo(number int, key uint64) error {
	if key == ^uint64(0) {
		if err := s.graph.Err(); err != nil {
			return err // what failed to give the key
		}
		return fmt.Errorf("the game used the reserved key %#x", key)
	}
	if s.ranked != nil && s.graph.Rank(key) >= uint64(len(s.ranked)) {
		return fmt.Errorf("position %v has rank %d, outside the game's rank size %d", s.graph.Decode(key), s.graph.Rank(key), len(s.ranked))
	}
	if number < 0 || number >= maxTier {
		return fmt.Errorf("tier %d of position %v is outside 0..%d", number, s.graph.Decode(key), maxTier-1)
	}
	for number >= len(s.tiers) {
		s.tiers = append(s.tiers, nil)
	}
	t := s.tiers[number]
	if t == nil {
		t = newTier(number, s.graph, s.ranked)
		s.tiers[number] = t
	}
	if t.insert(key) {
		s.n++
	}
	return nil
}

// TierOf returns the tier number of key.
func (s *Space) TierOf(key uint64) int {
	if s.graph.Tier == nil {
		return 0
	}
	return s.graph.Tier(key)
}

// Len is the number of positions.
func (s *Space) Len() int { return s.n }

// Tiers returns the tiers in increasing order of number.
func (s *Space) Tiers() []*Tier {
	var list []*Tier
	for _, t := range s.tiers {
		if t != nil {
			list = append(list, t)
		}
	}
	return list
}

// MaxTier is the highest tier number.
func (s *Space) MaxTier() int { return len(s.tiers) - 1 }

// Tier returns the tier with that number, or nil.
func (s *Space) Tier(number int) *Tier {
	if number < 0 || number >= len(s.tiers) {
		return nil
	}
	return s.tiers[number]
}

// ID returns the global id of key, if it was reached.
func (s *Space) ID(key uint64) (int, bool) {
	t := s.Tier(s.TierOf(key))
	if t == nil {
		return 0, false
	}
	id, ok := t.Find(key)
	return t.Base + id, ok
}

// Graph returns the graph the space was explored with.
func (s *Space) Graph() KeyGraph { return s.graph }

// Bytes is the memory the space holds.
func (s *Space) Bytes() int {
	n := 4 * len(s.ranked)
	for _, t := range s.Tiers() {
		n += t.Bytes()
	}
	return n
}

// TierOrderError is a move from a position of a tiered game to a lower
// tier, which the game's tiers forbid.
type TierOrderError struct {
	From, To      int
	Parent, Child sente.Position
}

func (e *TierOrderError) Error() string {
	return fmt.Sprintf("a move leads from tier %d back to tier %d (position %v to %v); a tiered game must never return to a lower tier", e.From, e.To, e.Parent, e.Child)
}
