package search

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/sente-go/sente"
)

// ErrMarginRepeats is why a margin search stops at a position that comes
// back on the line searched: endless play has no margin.
var ErrMarginRepeats = errors.New("margins need a game whose positions never repeat")

// A margin score is a position's margin under perfect play, with the
// plies to the end folded in as the proof search folds a win's plies into
// mate: an end with margin m for the player to move there, at ply d of
// the search, is m·plyUnit − d when m > 0 and m·plyUnit + d when m < 0,
// so that a larger margin always counts more and, at equal margins, a
// faster win and a slower loss count more, and the opponent's score of
// the same line is the negation. A margin of 0 is 0, whatever its plies:
// how soon a tie comes is not zero-sum (both players want it soon), and
// the margin's plies at a tie are the value's own (every move that keeps
// the margin at 0 keeps the tie, and the other way round).
//
// The table keeps scores relative to the position (d counted from it),
// so that one entry serves the position at any ply.
const (
	plyUnit   = int64(1) << 20 // above maxPlies
	marginInf = int64(1) << 62
)

// MarginSearcher finds margins of a game that ends in a score by MTD(f)
// over the margin score: null-window alpha-beta searches that close in on
// the score, their bounds kept in a table of fixed size between them and
// between positions asked.
type MarginSearcher struct {
	game     sente.Game
	enc      sente.Encoder
	turn     func(uint64) sente.Player // nil: every move passes the turn
	scoreKey func(uint64) int
	bound    int64 // past every margin score: (MaxScore+1)·plyUnit
	// ord orders the moves when the game offers it and its list is
	// whole (a list that leaves out moves lost at once may leave out the
	// loss by least); nil otherwise.
	ord     sente.Orderer
	ordered [][]sente.Child
	erring  sente.Erring // the game's failures, when it may fail
	// marginOnly leaves the plies out of the scores (MarginOptions);
	// banker, then, values a position by its rest (sente.Banker).
	marginOnly bool
	banker     sente.Banker
	leaves     MarginLeaves
	// solver, with marginOnly, is the game's own search of its small
	// positions (sente.MarginSolver).
	solver sente.MarginSolver
	sym    sente.Symmetric // nil: the table knows each key as it is
	tt     []marginEntry
	shift  uint
	filled int   // entries of the table ever written
	gen    uint8 // the calls of Margin, for the age of entries
	// progress, every: MarginOptions's; started, the search's start,
	// and reported, the last report; lo, hi and testing, the root's
	// bounds and question, in margin scores.
	progress          func(MarginProgress)
	every             time.Duration
	started, reported time.Time
	startNodes        uint64
	lo, hi, testing   int64
	path              []uint64 // the keys of the line being searched, for repeats
	kids              [][]uint64
	ctx               context.Context

	// The deepening beside the proof (margindeepen.go): its table of
	// best moves, the depth it reached (the proof reads hints nearer the
	// root than that), its last iteration's mark in the table, the root
	// it last ran from with the depth it was at and its value, and the
	// deepener of the call under way.
	hints     []hintSlot
	hintShift uint
	hintDepth atomic.Int32
	hintPass  uint8
	deepRoot  uint64
	deepDepth int // 0: none
	deepGuess int64
	deep      *deepener
	deepAt    uint64 // Nodes at which deep starts beside the proof

	// Nodes counts the positions searched, over every call, and Leaves
	// the positions the leaves answered; pace says when count next looks
	// at the context, the deepening and the progress.
	Nodes, Leaves uint64
	pace          pace
}

// marginEntry is what the table knows of one key: the score lies in
// [lo, hi], relative to the position, and the move that last proved a
// bound is the best'th of its children (0: none), tried first the next
// time: MTD(f) searches the same tree again and again with other windows.
type marginEntry struct {
	key    uint64
	lo, hi int64
	used   bool
	best   uint8
	// canon says best was found at the canonical key itself, rather than
	// at one of its images (sente.Symmetric), whose moves are listed in
	// another order: a best move is taken again only where it was found
	// as the key is now, canonical or not, as the value search does.
	canon bool
	// work is the log2 of the nodes the entry's proofs took at most, and
	// gen the call of Margin that wrote it: what the entry is worth
	// keeping (see place).
	work, gen uint8
}

// The table is a power of two of buckets of marginWays entries, one cache
// line: the first way keeps the entry whose proof cost the most, the
// second whatever came last. A search that outgrows its table then loses
// the proofs of small subtrees, cheap to find again, and keeps those near
// the root, each worth millions of nodes; a table of one entry a key,
// always replaced, lost them to the leaves' entries once full (Kalah(6,5)
// filled 2 GiB in six minutes, and every store after that displaced one).
const marginWays = 2

// MarginOptions are the table and the question of a MarginSearcher.
type MarginOptions struct {
	// TableBytes bounds the table (at least 32 KB are taken).
	TableBytes int64
	// MarginOnly asks for the margin alone, not the plies to the end along
	// it: the published solutions of games that end in a score ("Kalah(6,4)
	// is a first-player win by 10"). Margins then have
	// sente.RemotenessUnknown. It is far cheaper: a line's score is its
	// margin, so that the first move found to keep the most settles a
	// position, where plies ask for the fastest of them; and a game that
	// banks part of its score (sente.Banker) has every position valued by
	// its rest, shared by the positions that differ only in what they
	// banked.
	MarginOnly bool
	// Leaves, with MarginOnly, are the margins of positions known without
	// search: a game's endgame tables.
	Leaves MarginLeaves
	// Progress, when set, is told about every ProgressEvery (a second
	// when 0) how far the search of a position has come.
	Progress      func(MarginProgress)
	ProgressEvery time.Duration
}

// MarginProgress is a margin search under way: the margins proved so far
// for the player to move at the position searched (Low ≤ margin ≤ High),
// the margin the search asks about now (is it at least Testing?), its
// nodes and its table.
type MarginProgress struct {
	Low, High, Testing int
	Nodes              uint64
	NodesPerSecond     float64
	TableFill          float64
	Elapsed            time.Duration
}

// MarginLeaves know the margins of some positions without search.
type MarginLeaves interface {
	// Margin is the margin of key for the player to move under perfect
	// play, and false when the leaves do not know it.
	Margin(key uint64) (int, bool)
}

// NewMarginSearcher makes a MarginSearcher for g, which must be an
// Encoder and a Scorer.
func NewMarginSearcher(g sente.Game, opt MarginOptions) (*MarginSearcher, error) {
	caps := sente.CapabilitiesOf(g)
	if caps.Encoder == nil {
		return nil, fmt.Errorf("search: %v has no integer keys (sente.Encoder), which search needs", gameName(g))
	}
	if caps.Scorer == nil || caps.Scorer.MaxScore() <= 0 {
		return nil, fmt.Errorf("search: %v gives no score", gameName(g))
	}
	s := &MarginSearcher{game: g, enc: caps.Encoder, turn: caps.KeyTurns(g), ord: caps.Orderer, marginOnly: opt.MarginOnly, sym: caps.Symmetric, erring: caps.Erring,
		progress: opt.Progress, every: opt.ProgressEvery}
	if s.every <= 0 {
		s.every = time.Second
	}
	if opt.MarginOnly {
		s.banker, s.leaves, s.solver = caps.Banker, opt.Leaves, caps.MarginSolver
	}
	s.bound = int64(caps.Scorer.MaxScore()+1) * plyUnit
	s.scoreKey = func(key uint64) int { return caps.Scorer.Score(caps.Encoder.Decode(key)) }
	if caps.KeyScorer != nil {
		s.scoreKey = caps.KeyScorer.ScoreKey
	}
	s.tt, s.shift = newMarginTable(opt.TableBytes)
	return s, nil
}

// Grow moves the table into one of about tableBytes, keeping what it
// holds: a search stopped because its table filled (its caller decides
// when) is asked again with all it proved.
func (s *MarginSearcher) Grow(tableBytes int64) {
	old := s.tt
	s.tt, s.shift = newMarginTable(tableBytes)
	s.filled = 0
	for i := range old {
		if e := &old[i]; e.used {
			*s.place(e.key, e.work) = *e
		}
	}
	if s.hints != nil {
		s.sizeHints()
	}
}

// newMarginTable is a table of about tableBytes (at least 1,024 entries)
// and the shift that places a key in its buckets.
func newMarginTable(tableBytes int64) ([]marginEntry, uint) {
	entries := max(tableBytes/32, 1<<10)
	n := 1 << (63 - bits.LeadingZeros64(uint64(entries)))
	tt := make([]marginEntry, n)
	adviseHugePagesBytes(unsafe.Slice((*byte)(unsafe.Pointer(&tt[0])), n*int(unsafe.Sizeof(tt[0]))))
	return tt, uint(64 - bits.TrailingZeros64(uint64(n/marginWays)))
}

// TableFill is the share of the table's entries in use.
func (s *MarginSearcher) TableFill() float64 { return float64(s.filled) / float64(len(s.tt)) }

// TableBytes is the memory of the searcher's table.
func (s *MarginSearcher) TableBytes() int64 { return int64(len(s.tt)) * 32 }

// Margin returns the margin of p for the player to move under perfect
// play, with its plies; at a margin of 0 the plies are left 0 for the
// caller, who knows the tie's remoteness (see the margin score). Asked for
// the margin alone (MarginOptions.MarginOnly), its plies are
// sente.RemotenessUnknown. It fails with ErrMarginRepeats when the line
// searched comes back to a position.
func (s *MarginSearcher) Margin(ctx context.Context, p sente.Position) (m sente.Margin, err error) {
	if e := s.erring; e != nil {
		// A game that failed (a rules file's call that stopped) answers
		// harmlessly from then on, with no moves: a margin found after
		// that is not proved.
		defer func() {
			if gerr := e.Err(); gerr != nil {
				m, err = sente.Margin{}, gerr
			}
		}()
	}
	s.ctx = ctx
	s.started, s.reported, s.startNodes = time.Now(), time.Now(), s.Nodes
	s.pace.restart(s.Nodes, s.started)
	s.gen++
	root := s.enc.Encode(p)
	// MTD(f): each null-window search says whether the score is at least
	// beta, moving one bound; the table keeps what the earlier ones found.
	// Its guess alone climbs a ply at a time once the bounds are in one
	// margin (a search failing high returns beta itself): so the margin
	// is settled first, by asking whether it reaches the next one, and
	// then its plies by halving the bounds.
	lo, hi, guess := -s.bound, s.bound, int64(0)
	s.lo, s.hi = lo, hi
	// A search for margins alone of a game that banks also deepens a
	// search that stops short (margindeepen.go): alone for its first
	// nodes, and beside the proof once that runs long, the proof asking
	// next about its latest value.
	var d *deepener
	if s.marginOnly && s.banker != nil {
		if known, ok := s.settled(root); ok {
			return sente.Margin{Score: int(known / plyUnit), Remoteness: sente.RemotenessUnknown}, nil
		}
		d = s.newDeepener(ctx, root)
		d.limit = marginFirstDeepening
		err := d.run()
		switch {
		case errors.Is(err, errPaused):
		case err != nil:
			d.finish()
			return sente.Margin{}, err
		}
		if d.exact.Load() {
			d.finish()
			return sente.Margin{Score: int(d.guess / plyUnit), Remoteness: sente.RemotenessUnknown}, nil
		}
		// Beside the proof once it runs long: a short one would pay for
		// the deepening's share of the caches and memory, and gain
		// nothing from hints it finishes before.
		s.deep, s.deepAt = d, s.Nodes+marginDeepenAfter
		defer func() {
			d.finish()
			s.deep = nil
		}()
	}
	// The deepening's iterations whose value the proof has seen: those it
	// ran alone are too shallow to better a first question of 0 (Kalah(6,3)'s
	// moves took 1.29 times the nodes starting from them).
	var iters int64
	if d != nil {
		iters = d.iters.Load()
	}
	for first := true; lo < hi; first = false {
		if d != nil {
			if n := d.iters.Load(); n != iters {
				iters = n
				if v := d.latest.Load(); lo < v && v < hi {
					guess = v
				}
			}
		}
		var beta int64
		ml, mh := decodeMargin(lo).Score, decodeMargin(hi).Score
		switch {
		case s.marginOnly:
			// Scores are margins: MTD(f) steps from its guess, a margin
			// at a time, the bound it proves often further (fail-soft).
			beta = guess
			if guess <= lo {
				beta = lo + plyUnit
			}
		case first:
			beta = 0 // a win or a tie?
		case ml == mh:
			beta = lo + (hi-lo+1)/2
		case guess == lo:
			beta = marginFloor(ml + 1)
		default:
			beta = marginFloor(mh)
		}
		s.lo, s.hi, s.testing = lo, hi, beta
		v, err := s.search(root, 0, beta-1, beta)
		if errors.Is(err, errDeepened) {
			return sente.Margin{Score: int(d.latest.Load() / plyUnit), Remoteness: sente.RemotenessUnknown}, nil
		}
		if err != nil {
			return sente.Margin{}, err
		}
		guess = v
		if v < beta {
			hi = v
		} else {
			lo = v
		}
		s.lo, s.hi = lo, hi
	}
	if lo != hi {
		return sente.Margin{}, fmt.Errorf("search: the margin of %s is not settled in [%d, %d]", s.game.FormatPosition(p), lo, hi)
	}
	if s.marginOnly {
		return sente.Margin{Score: int(lo / plyUnit), Remoteness: sente.RemotenessUnknown}, nil
	}
	return decodeMargin(lo), nil
}

// count counts a node, and every so many stops the search that is
// cancelled or whose margin the deepening found, and reports progress.
func (s *MarginSearcher) count() error {
	s.Nodes++
	// The game's own searches of small positions (sente.MarginSolver) add
	// their nodes in one go, so the checks come by a count of their own.
	if s.Nodes < s.pace.next {
		return nil
	}
	now := time.Now()
	s.pace.checked(s.Nodes, now)
	if d := s.deep; d != nil {
		if d.exact.Load() {
			return errDeepened
		}
		if !d.started && s.Nodes >= s.deepAt {
			d.start()
		}
	}
	if err := s.ctx.Err(); err != nil {
		return err
	}
	if s.progress != nil {
		s.report(now)
	}
	return nil
}

// marginDeepenAfter is the nodes of the proof after which the deepening
// goes on beside it (see Margin).
var marginDeepenAfter uint64 = 1 << 21

// marginFirstDeepening is the nodes the deepening searches alone, before
// the proof starts beside it: enough to answer a small position.
var marginFirstDeepening uint64 = 1 << 14

// settled is the margin score of root when the table has it exactly.
func (s *MarginSearcher) settled(root uint64) (int64, bool) {
	lo, hi, ok := s.known(root)
	return lo, ok && lo == hi
}

// Proved is what the last call of Margin had proved of its position's
// margin for the player to move when it returned, stopped or not: at
// least low and at most high, each ±MaxScore when nothing bounds it.
func (s *MarginSearcher) Proved() (low, high int) {
	return s.boundMargin(s.lo), s.boundMargin(s.hi)
}

// boundMargin is the margin of a bound on the root's margin score, within
// ±MaxScore.
func (s *MarginSearcher) boundMargin(v int64) int {
	most := int(s.bound/plyUnit) - 1
	m := decodeMargin(v).Score
	if s.marginOnly {
		m = int(v / plyUnit)
	}
	return min(max(m, -most), most)
}

// report tells Progress how far the search has come, when it is due.
func (s *MarginSearcher) report(now time.Time) {
	if now.Sub(s.reported) < s.every {
		return
	}
	s.reported = now
	elapsed := now.Sub(s.started)
	nodes := s.Nodes - s.startNodes
	if s.deep != nil {
		nodes += s.deep.nodes.Load()
	}
	// A bound past every margin is no bound: the score's own ends.
	s.progress(MarginProgress{
		Low: s.boundMargin(s.lo), High: s.boundMargin(s.hi), Testing: s.boundMargin(s.testing),
		Nodes: nodes, NodesPerSecond: float64(nodes) / max(elapsed.Seconds(), 1e-9),
		TableFill: s.TableFill(), Elapsed: elapsed,
	})
}

// marginFloor is the least margin score of margin m: a win by m in the
// most plies, a loss by −m in none, a tie.
func marginFloor(m int) int64 {
	switch {
	case m > 0:
		return int64(m-1)*plyUnit + 1
	case m < 0:
		return int64(m) * plyUnit
	}
	return 0
}

// decodeMargin turns a margin score at the root back into the margin and
// its plies.
func decodeMargin(v int64) sente.Margin {
	switch {
	case v > 0:
		m := (v + plyUnit - 1) / plyUnit
		return sente.Margin{Score: int(m), Remoteness: int(m*plyUnit - v)}
	case v < 0:
		m := (-v + plyUnit - 1) / plyUnit
		return sente.Margin{Score: -int(m), Remoteness: int(v + m*plyUnit)}
	}
	return sente.Margin{}
}

// later is a position's score seen one ply further from the root: the same
// margin, one ply more (scores without plies stay as they are).
func (s *MarginSearcher) later(v int64) int64 {
	switch {
	case s.marginOnly:
		return v
	case v > 0:
		return v - 1
	case v < 0:
		return v + 1
	}
	return 0
}

// sooner is later's inverse: a score stored in the table from one ply
// further out, brought back to the position's own.
func (s *MarginSearcher) sooner(v int64) int64 {
	switch {
	case s.marginOnly:
		return v
	case v > 0 && v < marginInf:
		return v + 1
	case v < 0 && v > -marginInf:
		return v - 1
	}
	return v
}

// bucket is the ways key may be kept in.
func (s *MarginSearcher) bucket(key uint64) []marginEntry {
	i := (key * 0x9e3779b97f4a7c15) >> s.shift * marginWays
	return s.tt[i : i+marginWays : i+marginWays]
}

// lookup is key's entry, or nil when the table holds none.
func (s *MarginSearcher) lookup(key uint64) *marginEntry {
	for i, b := 0, s.bucket(key); i < marginWays; i++ {
		if b[i].used && b[i].key == key {
			return &b[i]
		}
	}
	return nil
}

// place is the entry to keep key's bounds in, for a proof of about 2^work
// nodes: key's own, or a new one, with no bounds yet. A new entry takes
// the first way when it cost as much as the entry there (an entry of an
// earlier call of Margin counting for less, so that the table turns over
// from one position asked to the next), which then moves to the second;
// otherwise it takes the second.
func (s *MarginSearcher) place(key uint64, work uint8) *marginEntry {
	b := s.bucket(key)
	for i := range b {
		if b[i].used && b[i].key == key {
			b[i].work = max(b[i].work, work)
			b[i].gen = s.gen
			return &b[i]
		}
	}
	if !b[1].used {
		s.filled++
	}
	e := &b[1]
	if age := int(s.gen - b[0].gen); !b[0].used || int(work) >= int(b[0].work)-2*age {
		if b[0].used {
			b[1] = b[0]
		}
		e = &b[0]
	}
	*e = marginEntry{key: key, lo: -marginInf, hi: marginInf, used: true, work: work, gen: s.gen}
	return e
}

// search is fail-soft alpha-beta over the margin score of key, relative to
// key itself (ply counts the moves from the root, for the line's repeats).
// A game that banks part of its score has key searched as its rest, the
// window and the score moved by what key banked.
func (s *MarginSearcher) search(key uint64, ply int, alpha, beta int64) (int64, error) {
	if s.leaves != nil {
		if m, ok := s.leaves.Margin(key); ok {
			s.Leaves++
			return int64(m) * plyUnit, nil
		}
	}
	// A window outside what key banked ± what is still to make is
	// answered at once (Kalah: a side with more than half the seeds stored
	// has won).
	rest, shift, least, most := s.rest(key)
	if most <= alpha {
		return most, nil
	}
	if least >= beta {
		return least, nil
	}
	v, err := s.searchRest(rest, ply, alpha-shift, beta-shift)
	return v + shift, err
}

// floorMargin is the greatest margin whose score is at most v, and
// ceilMargin the least whose score is at least v, in a search for margins
// alone.
func floorMargin(v int64) int {
	m := v / plyUnit
	if m*plyUnit > v {
		m--
	}
	return int(m)
}

func ceilMargin(v int64) int {
	m := v / plyUnit
	if m*plyUnit < v {
		m++
	}
	return int(m)
}

// rest is the key whose margin score the table keeps for key's, and what
// to add to it for key's: for a game that banks (sente.Banker), key's rest
// and what key banked beyond what the rest did; else key itself and 0.
// least and most bound key's score by what it banked ± what is still to
// make (±marginInf for a game that banks nothing).
func (s *MarginSearcher) rest(key uint64) (rest uint64, shift, least, most int64) {
	if s.banker == nil {
		return key, 0, -marginInf, marginInf
	}
	rest, banked, ahead := s.banker.Unbank(key)
	if rest != key {
		_, restBanked, _ := s.banker.Unbank(rest)
		shift = int64(banked-restBanked) * plyUnit
	}
	return rest, shift, int64(banked-ahead) * plyUnit, int64(banked+ahead) * plyUnit
}

// tableKey is the key the table knows a position by: symmetric positions
// have one margin, kept under the canonical key.
func (s *MarginSearcher) tableKey(key uint64) uint64 {
	if s.sym != nil {
		return s.sym.Canonical(key)
	}
	return key
}

// marginCutoffPlies bounds the plies from the root at which search tries
// enhanced transposition cutoffs: a probe of every child costs a miss of
// the cache each, which pays only where a cutoff saves a large subtree.
const marginCutoffPlies = 16

// known is what the leaves or the table know of key's score, relative to
// key, without searching it: lo ≤ score ≤ hi, and false when nothing.
func (s *MarginSearcher) known(key uint64) (lo, hi int64, ok bool) {
	if s.leaves != nil {
		if m, ok := s.leaves.Margin(key); ok {
			return int64(m) * plyUnit, int64(m) * plyUnit, true
		}
	}
	rest, shift, lo, hi := s.rest(key)
	tkey := s.tableKey(rest)
	if e := s.lookup(tkey); e != nil {
		if e.lo > -marginInf {
			lo = max(lo, e.lo+shift)
		}
		if e.hi < marginInf {
			hi = min(hi, e.hi+shift)
		}
	}
	return lo, hi, lo > -marginInf || hi < marginInf
}

// searchRest searches key itself: a rest, for a game that banks.
func (s *MarginSearcher) searchRest(key uint64, ply int, alpha, beta int64) (int64, error) {
	if err := s.count(); err != nil {
		return 0, err
	}
	if v, ended := s.enc.EndedKey(key); ended {
		score := s.scoreKey(key)
		if (sente.Margin{Score: score}).Value() != v {
			return 0, fmt.Errorf("position %s scores %d for the player to move, but has ended with %v", s.game.FormatPosition(s.enc.Decode(key)), score, v)
		}
		return int64(score) * plyUnit, nil
	}
	tkey := s.tableKey(key)
	canon := tkey == key
	start := s.Nodes
	e := s.lookup(tkey)
	if e != nil {
		if e.lo >= beta {
			return e.lo, nil
		}
		if e.hi <= alpha {
			return e.hi, nil
		}
		alpha, beta = max(alpha, e.lo), min(beta, e.hi)
	}
	if s.solver != nil {
		// The game's own search of a small position. Its bound is kept
		// as the table keeps any other: MTD(f) asks the same positions
		// again with other windows. Scores are whole margins here, the
		// window's those at most alpha and at least beta.
		if m, nodes, ok := s.solver.SolveMargin(key, floorMargin(alpha), ceilMargin(beta)); ok {
			s.Nodes += nodes
			v := int64(m) * plyUnit
			s.place(tkey, uint8(bits.Len64(nodes))).keep(v, alpha, beta)
			return v, nil
		}
	}
	for _, k := range s.path {
		if k == key {
			return 0, fmt.Errorf("%w: %s comes back", ErrMarginRepeats, s.game.FormatPosition(s.enc.Decode(key)))
		}
	}
	s.path = append(s.path, key)
	defer func() { s.path = s.path[:len(s.path)-1] }()
	for len(s.kids) <= ply {
		s.kids = append(s.kids, nil)
		s.ordered = append(s.ordered, nil)
	}
	kids := s.children(key, ply)
	if len(kids) == 0 {
		return 0, s.errNoMoves(key)
	}
	var mover sente.Player
	if s.turn != nil {
		mover = s.turn(key)
	}
	// Enhanced transposition cutoffs: near the root, where a node costs
	// most, a child the table (or the leaves) already knows good enough
	// cuts off before any child is searched.
	if ply < marginCutoffPlies {
		for i, kid := range kids {
			lo, hi, ok := s.known(kid)
			if !ok {
				continue
			}
			v := s.later(-hi)
			if s.turn != nil && s.turn(kid) == mover {
				v = s.later(lo)
			}
			if v >= beta {
				e = s.place(tkey, 0)
				e.lo = max(e.lo, v)
				if i < 255 {
					e.best, e.canon = uint8(i+1), canon
				}
				return v, nil
			}
		}
		kids = s.kids[ply]
	}
	// The move that proved a bound before goes first, or else the
	// deepening's best move.
	first := uint8(0)
	if e != nil && e.canon == canon {
		first = e.best
	}
	if first == 0 && int32(ply) < s.hintDepth.Load() {
		first = s.hintMove(tkey, canon)
	}
	swapped := putFirst(kids, first)
	best, a, bestAt := -marginInf, alpha, 0
	for i := 0; i < len(kids); i++ {
		kid := kids[i]
		keeps := s.turn != nil && s.turn(kid) == mover
		var v int64
		var err error
		// The kid's score is relative to the kid: one ply later here.
		if keeps {
			v, err = s.search(kid, ply+1, s.sooner(a), s.sooner(beta))
		} else {
			v, err = s.search(kid, ply+1, s.sooner(-beta), s.sooner(-a))
			v = -v
		}
		// s.kids[ply] may have grown under the call: read it again.
		kids = s.kids[ply]
		if err != nil {
			return 0, err
		}
		v = s.later(v)
		if v > best {
			best, bestAt = v, i
		}
		if best > a {
			a = best
		}
		if a >= beta {
			break
		}
	}
	order := listed(bestAt, swapped)
	e = s.place(tkey, uint8(bits.Len64(s.Nodes-start)))
	if best > alpha && order < 255 {
		e.best, e.canon = uint8(order+1), canon
	}
	e.keep(best, alpha, beta)
	return best, nil
}

// keep records in e the fail-soft score v of a search in the window
// (alpha, beta): a bound from above when v fell at or below alpha, from
// below when at or above beta, and exact between.
func (e *marginEntry) keep(v, alpha, beta int64) {
	switch {
	case v <= alpha:
		e.hi = v
	case v >= beta:
		e.lo = v
	default:
		e.lo, e.hi = v, v
	}
}

// putFirst moves the best'th child (0: none) to the front of kids, and
// returns where the first went, for listed.
func putFirst(kids []uint64, best uint8) (swapped int) {
	if best > 0 && int(best) <= len(kids) {
		swapped = int(best) - 1
		kids[0], kids[swapped] = kids[swapped], kids[0]
	}
	return swapped
}

// listed is the place, as children lists them, of the child searched at
// i after putFirst swapped the first child with the one at swapped.
func listed(i, swapped int) int {
	switch i {
	case 0:
		return swapped
	case swapped:
		return 0
	}
	return i
}

// errNoMoves refuses a position that neither ended nor has a move.
func (s *MarginSearcher) errNoMoves(key uint64) error {
	return fmt.Errorf("position %s has no moves and has not ended: a game that ends in a score ends by its result", s.game.FormatPosition(s.enc.Decode(key)))
}

// children lists key's children at ply, in the game's order when it gives
// a whole list (sente.Orderer), else as AppendChildren gives them; the
// same key always gets the same list, so that the table's remembered move
// is found again by its place.
func (s *MarginSearcher) children(key uint64, ply int) []uint64 {
	return s.childrenInto(s.kids, s.ordered, key, ply)
}

// childrenInto is children with the lists of each ply given: the proof's
// or the deepening's own.
func (s *MarginSearcher) childrenInto(lists [][]uint64, orderedLists [][]sente.Child, key uint64, ply int) []uint64 {
	kids := lists[ply][:0]
	if s.ord != nil {
		ordered, tactics := s.ord.OrderChildren(orderedLists[ply][:0], key)
		orderedLists[ply] = ordered
		if !tactics.WinsAtOnce && !tactics.LosingLeftOut {
			// Most promising first by the hints, ties as listed: an
			// insertion sort, the lists being short.
			for i := 1; i < len(ordered); i++ {
				for j := i; j > 0 && ordered[j].Hint > ordered[j-1].Hint; j-- {
					ordered[j], ordered[j-1] = ordered[j-1], ordered[j]
				}
			}
			for _, c := range ordered {
				kids = append(kids, c.Key)
			}
			lists[ply] = kids
			return kids
		}
	}
	kids = s.enc.AppendChildren(kids, key)
	lists[ply] = kids
	return kids
}
