package search

import (
	"context"
	"errors"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/sente-go/sente"
)

// Beside the proof, a search for margins alone of a game that banks its
// score (Kalah) deepens a search that stops short of the end and takes
// what each side has banked as the score there: depth 1, 2, 3 and on,
// each by MTD(f) from the last one's value, as Irving, Donkers and
// Uiterwijk solved Kalah. It gives the proof two things it lacks. Its
// questions: the banked score some plies deep is near the margin, where
// MTD(f) would start at 0 ("a tie or better?"). And the best moves near
// the root: the deepening leaves each position's best move at its depth
// in a table of its own (the hints), which the proof tries first where
// its own table has none. On Kalah(6,4), the refutation of a margin of 11
// took 34.5 million nodes with hints 11 plies deep, and 1.7 million with
// hints 29 plies deep.
//
// The deepening runs alone for its first few thousand nodes, which answer
// a small position outright, and once the proof runs long, on a goroutine
// of its own, on another core, until the proof ends: neither waits for the
// other, and the deeper the deepening gets, the better ordered the proof's
// later probes are.
//
// Nothing the deepening finds is taken as proved but what it proved
// without stopping short anywhere: an iteration that reached the end of
// every line it searched has the exact margin, and answers.

// The hints' table: a key and a data word a slot, one writer (the
// deepener) and one reader (the proof), which reads the best move alone.
// A slot read as the deepener writes it may pair a key with another's
// data: the proof then tries another move first, and proves the same.
// The deepener's own bounds and exactness it reads from its own writes.
type hintSlot struct {
	key, data atomic.Uint64
}

// hint is a slot's data: the margin within [lo, hi] at the depth
// searched; the best'th child (0: none), which proved a bound there;
// whether the best move was found at the canonical key itself (see
// marginEntry.canon); whether the bounds came of a search that stopped
// short nowhere, and hold at any depth; and the iteration that wrote it
// (0: an empty slot).
type hint struct {
	lo, hi       int16 // margins, without plyUnit
	depth, best  uint8
	canon, exact bool
	pass         uint8
}

func (h hint) word() uint64 {
	w := uint64(uint16(h.lo)) | uint64(uint16(h.hi))<<16 | uint64(h.depth)<<32 | uint64(h.best)<<40 | uint64(h.pass)<<48
	if h.canon {
		w |= 1 << 56
	}
	if h.exact {
		w |= 1 << 57
	}
	return w
}

func hintOf(w uint64) hint {
	return hint{
		lo: int16(w), hi: int16(w >> 16), depth: uint8(w >> 32), best: uint8(w >> 40), pass: uint8(w >> 48),
		canon: w&(1<<56) != 0, exact: w&(1<<57) != 0,
	}
}

// hintBytesMost bounds the hints' table; it takes half the margin table's
// bytes when that is less.
const hintBytesMost = 64 << 20

// sizeHints makes the hints' table as large as the margin table's size
// allows, keeping what it holds (Grow). No deepener runs meanwhile.
func (s *MarginSearcher) sizeHints() {
	n := min(hintBytesMost, max(s.TableBytes()/2, 16<<10)) / int64(unsafe.Sizeof(hintSlot{}))
	n = 1 << (63 - bits.LeadingZeros64(uint64(n)))
	if int64(len(s.hints)) == n {
		return
	}
	old := s.hints
	s.hints = make([]hintSlot, n)
	s.hintShift = uint(64 - bits.TrailingZeros64(uint64(n)))
	for i := range old {
		h := hintOf(old[i].data.Load())
		if h.pass == 0 {
			continue
		}
		key := old[i].key.Load()
		slot := s.hintSlotOf(key)
		if was := hintOf(slot.data.Load()); was.pass == 0 || was.depth < h.depth {
			slot.key.Store(key)
			slot.data.Store(h.word())
		}
	}
}

// hintSlotOf is where key's hint is kept: one a slot.
func (s *MarginSearcher) hintSlotOf(key uint64) *hintSlot {
	return &s.hints[(key*0x9e3779b97f4a7c15)>>s.hintShift]
}

// hintMove is the best move the deepening found at key, as children
// lists key's moves (0: none), when found at key as it is now (canonical
// or not) at least minHintDepth plies from its depth's end, for the
// proof.
func (s *MarginSearcher) hintMove(key uint64, canon bool) uint8 {
	if s.hints == nil {
		return 0
	}
	slot := s.hintSlotOf(key)
	if slot.key.Load() != key {
		return 0
	}
	if h := hintOf(slot.data.Load()); h.pass != 0 && h.canon == canon && int(h.depth) >= minHintDepth {
		return h.best
	}
	return 0
}

// minHintDepth is the least depth the deepening searched below a position
// for the proof to take its best move there: one found closer to the
// depth's end knows less than the game's own order (Kalah(6,3)'s moves
// took 9.8 million nodes with every hint, 7.9 million with those of 12
// plies or more, 7.5 million with none).
const minHintDepth = 12

// deepener is the deepening of one root: its own scratch and counters,
// so that it runs on a goroutine beside the proof's.
type deepener struct {
	s     *MarginSearcher
	ctx   context.Context
	root  uint64
	depth int   // the next iteration's
	guess int64 // the last iteration's value

	kids    [][]uint64
	ordered [][]sente.Child
	// shortened says the search under way stopped short of an end.
	shortened bool
	pass      uint8
	limit     uint64 // nodes at which the deepening pauses; 0: none
	started   bool   // on its goroutine (start)

	nodes   atomic.Uint64 // nodes searched, for the proof's count
	own     uint64        // nodes searched, this goroutine's count
	pace    pace          // when count next looks up (see pace)
	stop    atomic.Bool   // the proof is over
	latest  atomic.Int64  // the last iteration's value, for the proof
	iters   atomic.Int64  // iterations finished
	exact   atomic.Bool   // the last iteration was exact: latest is the margin
	running sync.WaitGroup
}

// errDeepened stops a probe whose margin the deepening found exactly.
var errDeepened = errors.New("search: the deepening found the margin")

// errPaused ends the deepening's part alone (see deepener.run).
var errPaused = errors.New("search: the deepening paused")

// newDeepener starts the deepening of root, or takes it up where the
// last call of Margin left it (asked again, its table grown).
func (s *MarginSearcher) newDeepener(ctx context.Context, root uint64) *deepener {
	if s.hints == nil {
		s.sizeHints()
	}
	d := &deepener{s: s, ctx: ctx, root: root, depth: 1, pass: s.hintPass}
	if s.deepRoot == root && s.deepDepth > 0 {
		d.depth, d.guess = s.deepDepth, s.deepGuess
	}
	return d
}

// run deepens, one iteration after the other, until it is stopped, its
// limit is passed (errPaused), or an iteration is exact.
func (d *deepener) run() error {
	d.pace.restart(d.own, time.Now())
	for d.depth < 255 {
		v, exact, err := d.iterate()
		if err != nil {
			return err
		}
		d.guess = v
		d.latest.Store(v)
		d.iters.Add(1)
		if exact {
			d.exact.Store(true)
			return nil
		}
		d.depth++
	}
	return nil
}

// start runs the deepening on a goroutine of its own.
func (d *deepener) start() {
	d.started = true
	d.limit = 0
	d.running.Add(1)
	go func() {
		defer d.running.Done()
		// Its errors are the proof's to meet too: a cancelled context,
		// a position of the game with no moves.
		_ = d.run()
	}()
}

// finish stops the deepening, waits for it, and keeps where it got for
// the next call of Margin from the same root.
func (d *deepener) finish() {
	d.stop.Store(true)
	d.running.Wait()
	s := d.s
	s.Nodes += d.own
	s.hintPass = d.pass
	s.deepRoot, s.deepDepth, s.deepGuess = d.root, d.depth, d.guess
}

// iterate runs the iteration of d.depth from the root: MTD(f) from the
// last one's value over scores that stop d.depth plies down. It returns
// the iteration's value, and whether that is exact: no line stopped short.
func (d *deepener) iterate() (int64, bool, error) {
	s := d.s
	d.shortened = false
	if d.pass++; d.pass == 0 {
		d.pass = 1 // 0 marks an empty slot
	}
	guess := d.guess
	lo, hi := -s.bound, s.bound
	for lo < hi {
		beta := guess
		if beta <= lo {
			beta = lo + plyUnit
		}
		v, err := d.search(d.root, 0, d.depth, beta-1, beta)
		if err != nil {
			return 0, false, err
		}
		guess = v
		if v < beta {
			hi = v
		} else {
			lo = v
		}
	}
	if int32(d.depth) > s.hintDepth.Load() {
		s.hintDepth.Store(int32(d.depth))
	}
	return guess, !d.shortened, nil
}

// count counts a node, and every so many stops the deepening that is
// stopped, cancelled or past its limit.
func (d *deepener) count() error {
	d.own++
	if d.own < d.pace.next {
		return nil
	}
	d.pace.checked(d.own, time.Now())
	d.nodes.Store(d.own)
	if d.limit != 0 && d.own >= d.limit {
		return errPaused
	}
	if d.stop.Load() {
		return errStopped
	}
	return d.ctx.Err()
}

// search is the proof's search for the deepening: fail-soft alpha-beta
// over margin scores, depth plies more at most, a position there scored
// by what it banked.
func (d *deepener) search(key uint64, ply, depth int, alpha, beta int64) (int64, error) {
	s := d.s
	if s.leaves != nil {
		if m, ok := s.leaves.Margin(key); ok {
			return int64(m) * plyUnit, nil
		}
	}
	rest, shift, least, most := s.rest(key)
	if most <= alpha {
		return most, nil
	}
	if least >= beta {
		return least, nil
	}
	if depth == 0 {
		d.shortened = true
		return (least + most) / 2, nil // what key banked
	}
	v, err := d.searchRest(rest, ply, depth, alpha-shift, beta-shift)
	return v + shift, err
}

func (d *deepener) searchRest(key uint64, ply, depth int, alpha, beta int64) (int64, error) {
	s := d.s
	if err := d.count(); err != nil {
		return 0, err
	}
	if _, ended := s.enc.EndedKey(key); ended {
		return int64(s.scoreKey(key)) * plyUnit, nil
	}
	tkey := s.tableKey(key)
	canon := tkey == key
	slot := s.hintSlotOf(tkey)
	best := uint8(0)
	if slot.key.Load() == tkey {
		h := hintOf(slot.data.Load())
		if h.pass != 0 && (h.exact || int(h.depth) >= depth) {
			lo, hi := int64(h.lo)*plyUnit, int64(h.hi)*plyUnit
			if lo >= beta || hi <= alpha {
				d.shortened = d.shortened || !h.exact
				if lo >= beta {
					return lo, nil
				}
				return hi, nil
			}
		}
		if h.pass != 0 && h.canon == canon {
			best = h.best
		}
	}
	for len(d.kids) <= ply {
		d.kids = append(d.kids, nil)
		d.ordered = append(d.ordered, nil)
	}
	kids := s.childrenInto(d.kids, d.ordered, key, ply)
	if len(kids) == 0 {
		return 0, s.errNoMoves(key)
	}
	var mover sente.Player
	if s.turn != nil {
		mover = s.turn(key)
	}
	// Whether this position's search stops short anywhere, apart from
	// the search that led here.
	outer := d.shortened
	d.shortened = false
	swapped := putFirst(kids, best)
	bestV, a, bestAt := -marginInf, alpha, 0
	for i := 0; i < len(kids); i++ {
		kid := kids[i]
		var v int64
		var err error
		if s.turn != nil && s.turn(kid) == mover {
			v, err = d.search(kid, ply+1, depth-1, a, beta)
		} else {
			v, err = d.search(kid, ply+1, depth-1, -beta, -a)
			v = -v
		}
		kids = d.kids[ply]
		if err != nil {
			return 0, err
		}
		if v > bestV {
			bestV, bestAt = v, i
		}
		a = max(a, bestV)
		if a >= beta {
			break
		}
	}
	exact := !d.shortened
	d.shortened = outer || d.shortened
	order := listed(bestAt, swapped)
	h := hint{lo: int16(-s.bound / plyUnit), hi: int16(s.bound / plyUnit), depth: uint8(depth), canon: canon, exact: exact, pass: d.pass}
	switch m := int16(bestV / plyUnit); {
	case bestV <= alpha:
		h.hi = m
	case bestV >= beta:
		h.lo = m
	default:
		h.lo, h.hi = m, m
	}
	if bestV > alpha && order < 255 {
		h.best = uint8(order + 1)
	}
	// The slot may hold another position by now: the search below writes
	// to the table too.
	if slot.key.Load() == tkey {
		if was := hintOf(slot.data.Load()); was.pass != 0 {
			// The same position: bounds of the same kind both stand
			// (unless they cross, scores of another depth having cut it
			// short), and the move that proved one is kept when this
			// search found none.
			if was.exact == exact && (exact || was.depth == h.depth) {
				if l, u := max(h.lo, was.lo), min(h.hi, was.hi); l <= u {
					h.lo, h.hi = l, u
				}
			}
			if h.best == 0 && was.canon == canon {
				h.best = was.best
			}
		}
	} else if was := hintOf(slot.data.Load()); was.pass == d.pass && was.depth > h.depth {
		// Another position's, searched deeper in this iteration: nearer
		// the root, worth more.
		return bestV, nil
	}
	slot.key.Store(tkey)
	slot.data.Store(h.word())
	return bestV, nil
}
