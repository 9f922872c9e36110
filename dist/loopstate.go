package dist

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// noLevel is no level queued; none16 no win or tie through a child tier.
const (
	noLevel = ^uint32(0)
	none16  = 0xffff
)

// Tags of queued entries: the tier engine's.
const (
	tagSettled = solve.TagSettled // settled already: tell its parents
	tagWin     = solve.TagWin     // won at its level (tied, among ties) unless settled
	tagLose    = solve.TagLose    // lost at its level unless settled
)

// entry is a queued offset of the shard.
type entry struct {
	Level uint32
	Off   uint32
	Tag   solve.Tag
}

// loopState is a shard of a loopy tier between rounds.
type loopState struct {
	Next    uint32       // the lowest level queued, noLevel for none
	Cells   []store.Cell // settled cells; unreachable and pending are zero
	Pending []uint64
	Count   []uint32 // open children of a pending position
	Win     []uint16 // the fastest win through a child tier, none16 for none
	Tie     []uint16 // the fastest tie through a child tier, none16 for none
	Loss    []uint16 // the slowest loss through a child tier, 0 for none
	Queue   []entry
}

func newLoopState(n uint64) *loopState {
	s := &loopState{Next: noLevel, Cells: make([]store.Cell, n), Pending: make([]uint64, (n+63)/64),
		Count: make([]uint32, n), Win: make([]uint16, n), Tie: make([]uint16, n), Loss: make([]uint16, n)}
	for i := range s.Win {
		s.Win[i], s.Tie[i] = none16, none16
	}
	return s
}

// open makes offset o pending, with its in-tier children and what its
// children in child tiers give.
func (s *loopState) open(o uint64, inTier int, f *tiers.Fold) error {
	level := func(r uint32) (uint16, error) {
		if r >= none16 {
			return 0, fmt.Errorf("remoteness %d passes the %d plies a stored cell holds", r, store.MaxRemoteness)
		}
		return uint16(r), nil
	}
	setBit(s.Pending, o)
	s.Count[o] = uint32(inTier + f.Blocked())
	var err error
	if r, ok := f.Win(); ok {
		if s.Win[o], err = level(r); err != nil {
			return err
		}
	}
	if r, ok := f.Tie(); ok {
		if s.Tie[o], err = level(r); err != nil {
			return err
		}
	}
	s.Loss[o], err = level(f.Loss())
	return err
}

func (s *loopState) encode() []byte {
	n := len(s.Cells)
	b := make([]byte, 0, 4+8+12*n+len(s.Pending)*8+8+9*len(s.Queue))
	le := binary.LittleEndian
	b = le.AppendUint32(b, s.Next)
	b = le.AppendUint64(b, uint64(n))
	for _, c := range s.Cells {
		b = le.AppendUint16(b, uint16(c))
	}
	for _, w := range s.Pending {
		b = le.AppendUint64(b, w)
	}
	for _, c := range s.Count {
		b = le.AppendUint32(b, c)
	}
	for _, a := range [][]uint16{s.Win, s.Tie, s.Loss} {
		for _, x := range a {
			b = le.AppendUint16(b, x)
		}
	}
	b = le.AppendUint64(b, uint64(len(s.Queue)))
	for _, e := range s.Queue {
		b = le.AppendUint32(b, e.Level)
		b = le.AppendUint32(b, e.Off)
		b = append(b, byte(e.Tag))
	}
	return b
}

func decodeLoopState(b []byte, n uint64) (*loopState, error) {
	le := binary.LittleEndian
	words := (n + 63) / 64
	fixed := 4 + 8 + 12*n + 8*words + 8
	if uint64(len(b)) < fixed || le.Uint64(b[4:]) != n {
		return nil, fmt.Errorf("a loop state of %d bytes for a shard of %d ranks", len(b), n)
	}
	s := newLoopState(n)
	s.Next = le.Uint32(b)
	p := b[12:]
	for i := range s.Cells {
		s.Cells[i] = store.Cell(le.Uint16(p[2*i:]))
	}
	p = p[2*n:]
	for i := range s.Pending {
		s.Pending[i] = le.Uint64(p[8*i:])
	}
	p = p[8*words:]
	for i := range s.Count {
		s.Count[i] = le.Uint32(p[4*i:])
	}
	p = p[4*n:]
	for _, a := range [][]uint16{s.Win, s.Tie, s.Loss} {
		for i := range a {
			a[i] = le.Uint16(p[2*i:])
		}
		p = p[2*n:]
	}
	q := le.Uint64(p)
	p = p[8:]
	if uint64(len(p)) != 9*q {
		return nil, fmt.Errorf("a loop state with %d bytes for a queue of %d", len(p), q)
	}
	s.Queue = make([]entry, q)
	for i := range s.Queue {
		s.Queue[i] = entry{le.Uint32(p[9*i:]), le.Uint32(p[9*i+4:]), solve.Tag(p[9*i+8])}
	}
	return s, nil
}

// startQueue queues a phase's entries: the positions the first pass
// settled with a value of the phase, to tell their parents at their
// remoteness, and the pending ones a child tier wins (or ties) for, at
// that level.
func (s *loopState) startQueue(ties bool) {
	s.Queue = s.Queue[:0]
	for o := range s.Cells {
		u := uint64(o)
		if hasBit(s.Pending, u) {
			switch {
			case !ties && s.Win[o] != none16:
				s.Queue = append(s.Queue, entry{uint32(s.Win[o]), uint32(o), tagWin})
			case ties && s.Tie[o] != none16:
				s.Queue = append(s.Queue, entry{uint32(s.Tie[o]), uint32(o), tagWin})
			}
			continue
		}
		c := s.Cells[o]
		v := c.Value()
		if c != store.Unreachable && (ties && v == sente.Tie || !ties && (v == sente.Win || v == sente.Lose)) {
			s.Queue = append(s.Queue, entry{uint32(c.Remoteness()), uint32(o), tagSettled})
		}
	}
}

// loopRound is a round of retrograde analysis on one shard of a loopy
// tier; run is what the round does to the shard's state, apart from Beam
// and the work directory, so that it can be tested on a state alone.
// Its rules (tags, Settles, Tells, LostAt) are solve's; its loop is its
// own, since a shard settles one level a round from a sorted queue in its
// state and tells other shards by messages, where the engines' loops keep
// a tier's queue in memory (BENCHMARKS.md, "One retrograde kernel?").
type loopRound struct {
	Tier  int
	Lo    uint64 // the shard's first rank
	Level uint32
	Ties  bool
	Start bool   // the first round of a phase: queue its entries
	Inbox string // where what the shard was told came from, for errors
}

// run takes in what the shard was told (nil for nothing), settles what s
// queues at the round's level, and calls tell with every parent (a rank
// of the tier, from parents) of each position settled now or queued to
// be told of, when the parent has to hear of it: lost when the child was
// lost (or tied, among ties), else won.
func (r loopRound) run(s *loopState, told *messages, parents func(rank uint64) ([]uint64, error), tell func(parent uint64, lost bool)) error {
	n := uint64(len(s.Cells))
	if r.Start {
		s.startQueue(r.Ties)
	}
	if told != nil {
		for _, o := range told.Lost {
			if uint64(o) >= n {
				return fmt.Errorf("%s: told rank %d of a shard of %d", r.Inbox, o, n)
			}
			if hasBit(s.Pending, uint64(o)) {
				s.Queue = append(s.Queue, entry{r.Level, o, tagWin})
			}
		}
		for _, o := range told.Won {
			if uint64(o) >= n {
				return fmt.Errorf("%s: told rank %d of a shard of %d", r.Inbox, o, n)
			}
			if !hasBit(s.Pending, uint64(o)) {
				continue
			}
			if s.Count[o] == 0 {
				return fmt.Errorf("tier %d rank %d: told of more won children than it has open", r.Tier, r.Lo+uint64(o))
			}
			s.Count[o]--
			if s.Count[o] == 0 && s.Win[o] == none16 {
				// The child was won at the level before this round's.
				s.Queue = append(s.Queue, entry{solve.LostAt(r.Level-1, uint32(s.Loss[o])), o, tagLose})
			}
		}
	}
	slices.SortFunc(s.Queue, func(a, b entry) int {
		if a.Level != b.Level {
			return int(a.Level) - int(b.Level)
		}
		if a.Off != b.Off {
			return int(a.Off) - int(b.Off)
		}
		return int(a.Tag) - int(b.Tag)
	})
	tellParents := func(o uint32, v sente.Value) error {
		told := solve.Tells(v, r.Ties)
		if told == solve.TellNothing {
			return nil
		}
		ps, err := parents(r.Lo + uint64(o))
		if err != nil {
			return err
		}
		for _, p := range ps {
			tell(p, told == solve.TellWin)
		}
		return nil
	}
	done := 0
	for _, e := range s.Queue {
		if e.Level > r.Level {
			break
		}
		done++
		if e.Level < r.Level {
			return fmt.Errorf("tier %d rank %d: queued at level %d, found at level %d", r.Tier, r.Lo+uint64(e.Off), e.Level, r.Level)
		}
		if e.Tag == tagSettled {
			if err := tellParents(e.Off, s.Cells[e.Off].Value()); err != nil {
				return err
			}
			continue
		}
		if !hasBit(s.Pending, uint64(e.Off)) {
			continue
		}
		if r.Level > store.MaxRemoteness {
			return fmt.Errorf("tier %d: remoteness %d passes the %d plies a stored cell holds", r.Tier, r.Level, store.MaxRemoteness)
		}
		v := solve.Settles(e.Tag, r.Ties)
		clearBit(s.Pending, uint64(e.Off))
		s.Cells[e.Off] = store.Pack(v, int(r.Level))
		if err := tellParents(e.Off, v); err != nil {
			return err
		}
	}
	s.Queue = s.Queue[done:]
	s.Next = noLevel
	if len(s.Queue) > 0 {
		s.Next = s.Queue[0].Level
	}
	return nil
}
