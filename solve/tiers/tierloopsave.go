package tiers

import (
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"time"
	"unsafe"

	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/store"
)

// A loopy tier's retrograde analysis (tierRetrograde) is the longest piece
// of work of a large solve done in one go: nine men's morris's largest
// moving tiers take most of an hour, and a stop used to lose it all. So
// every so often (frontierClock), at the end of a level, it saves what it
// has done, a store.Loops table: the tier's cells, its open positions, the
// counters of their open children and the queue of the levels to come, all
// of which the levels after it read and nothing else; a solve started
// again takes them up and goes on with the next level rather than with
// the tier's first pass. A level is not saved halfway: a stop loses the
// levels since the last save.

// loopsFormat is the first word of a store.Loops payload. Format 1, whose
// head has no seconds, is taken up too, as if no time had been spent.
const loopsFormat = 2

// loopsHead is the fixed part of a store.Loops payload of format 1, in
// words; format 2's adds one, the seconds spent on the tier.
const loopsHead = 9

// loopsState is where a loopy tier's retrograde analysis was when it saved
// its work, besides its cells, open positions and counters.
type loopsState struct {
	ties     bool   // in the ties' levels, past the wins' and losses'
	level    uint32 // the level it goes on with
	settled  uint64 // open positions settled so far, for progress
	tiesList []levelRank
	queue    solve.Levels[uint64] // entries queued for level and the levels after
	seconds  float64              // spent on the tier by the runs until the save
}

// reachSum is a checksum of a tier's reachable ranks, so that saved work is
// taken up only by a solve that reaches the same positions of the tier.
func reachSum(reach []uint64) uint32 { return crc32.Checksum(wordsToBytes(reach), castagnoli) }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// saveLoops stores the analysis as it stands at the end of a level: next is
// the level it goes on with, carried the lists the workers queued for it
// and q the queue, whose levels before next are worked through.
func (r *tierRetrograde) saveLoops(ties bool, next uint32, q solve.Levels[uint64], carried [][]uint64) error {
	var lists [][]uint64
	var index []uint64
	add := func(level uint32, l []uint64) {
		if len(l) > 0 {
			lists = append(lists, l)
			index = append(index, uint64(level), uint64(len(l)))
		}
	}
	for _, l := range carried {
		add(next, l)
	}
	for level := next; level < uint32(len(q)); level++ {
		add(level, q[level])
	}
	tiesFlag := uint64(0)
	if ties {
		tiesFlag = 1
	}
	seconds := r.before + time.Since(r.began).Seconds()
	head := []uint64{loopsFormat, r.e.size[r.t], uint64(reachSum(r.e.reach[r.t])), tiesFlag, uint64(next), r.settled.Load(), r.total, uint64(len(r.tiesList)), uint64(len(lists)), math.Float64bits(seconds)}
	tiesWords := make([]uint64, 0, 2*len(r.tiesList))
	for _, lr := range r.tiesList {
		tiesWords = append(tiesWords, uint64(lr.level), lr.rank)
	}
	parts := [][]byte{wordsToBytes(head), wordsToBytes(index), cellsToBytes(r.cells), wordsToBytes(r.pending), countsToBytes(r.counts), wordsToBytes(tiesWords)}
	for _, l := range lists {
		parts = append(parts, wordsToBytes(l))
	}
	if err := r.e.sink.WriteParts(r.t, store.Loops, parts, store.Counts{Positions: r.e.size[r.t]}); err != nil {
		return fmt.Errorf("solve by tiers: saving the retrograde analysis of tier %d: %w", r.t, err)
	}
	return nil
}

// loadLoops takes up the saved work of tier t's retrograde analysis into
// r's cells and counters and a fresh set of open positions, or says false
// when there is none of this solve (another tier size, other reachable
// ranks, another ranking, a damaged file): the analysis then starts from
// the tier's first pass.
func (r *tierRetrograde) loadLoops() (loopsState, bool) {
	tbl, err := r.e.sink.Open(r.t, store.Loops)
	if err != nil {
		return loopsState{}, false
	}
	defer tbl.Close()
	if tbl.Verify() != nil {
		return loopsState{}, false
	}
	st, err := r.decodeLoops(tbl.Data)
	if err != nil {
		// What was read in part is undone: the first pass fills only
		// the cells it settles.
		clear(r.cells)
		clear(r.counts)
		r.pending, r.total = nil, 0
		return loopsState{}, false
	}
	return st, true
}

func (r *tierRetrograde) decodeLoops(b []byte) (loopsState, error) {
	e, t := r.e, r.t
	size := e.size[t]
	in := &savedPayload{b: b, what: "saved retrograde analysis"}
	head, err := in.words(loopsHead)
	if err != nil {
		return loopsState{}, err
	}
	var seconds float64
	if head[0] == loopsFormat {
		w, err := in.words(1)
		if err != nil {
			return loopsState{}, err
		}
		seconds = math.Float64frombits(w[0])
	}
	switch {
	case head[0] != loopsFormat && head[0] != 1:
		return loopsState{}, fmt.Errorf("saved retrograde analysis of format %d", head[0])
	case !(seconds >= 0 && seconds < 1e9): // not NaN, and under 30 years
		return loopsState{}, fmt.Errorf("saved retrograde analysis of %v seconds", seconds)
	case head[1] != size:
		return loopsState{}, fmt.Errorf("saved retrograde analysis of %d ranks, the tier has %d", head[1], size)
	case head[2] != uint64(reachSum(e.reach[t])):
		return loopsState{}, errors.New("saved retrograde analysis of other reachable ranks")
	case head[3] > 1 || head[4] > maxCellRemoteness+1:
		return loopsState{}, errors.New("saved retrograde analysis of no level")
	}
	st := loopsState{ties: head[3] == 1, level: uint32(head[4]), settled: head[5], seconds: seconds}
	r.total = head[6]
	index, err := in.words(2 * head[8])
	if err != nil {
		return loopsState{}, err
	}
	cells, err := in.bytes(2 * size)
	if err != nil {
		return loopsState{}, err
	}
	copy(cellsToBytes(r.cells), cells)
	if r.pending, err = in.words((size + 63) / 64); err != nil {
		return loopsState{}, err
	}
	for i, w := range r.pending {
		if w&^e.reach[t][i] != 0 {
			return loopsState{}, errors.New("saved retrograde analysis with open positions not reachable")
		}
	}
	counts, err := in.bytes(4 * uint64(len(r.counts)))
	if err != nil {
		return loopsState{}, err
	}
	copy(countsToBytes(r.counts), counts)
	tiesWords, err := in.words(2 * head[7])
	if err != nil {
		return loopsState{}, err
	}
	for i := 0; i < len(tiesWords); i += 2 {
		st.tiesList = append(st.tiesList, levelRank{uint32(tiesWords[i]), tiesWords[i+1]})
	}
	for i := 0; i < len(index); i += 2 {
		level, n := index[i], index[i+1]
		if level < uint64(st.level) || level > maxCellRemoteness+1 {
			return loopsState{}, fmt.Errorf("saved retrograde analysis queues level %d before level %d", level, st.level)
		}
		l, err := in.words(n)
		if err != nil {
			return loopsState{}, err
		}
		for uint64(len(st.queue)) <= level {
			st.queue = append(st.queue, nil)
		}
		if st.queue[level] == nil {
			st.queue[level] = l // not copied again: the lists run to gigabytes
		} else {
			st.queue[level] = append(st.queue[level], l...)
		}
	}
	return st, in.end()
}

// countsToBytes is the counters' words as bytes, in place.
func countsToBytes(c []uint32) []byte {
	if len(c) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&c[0])), 4*len(c))
}
