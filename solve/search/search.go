package search

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sente-go/sente"
)

// Options change how a Searcher searches.
type Options struct {
	// TableBytes is the memory of the transposition table, rounded down
	// to a power of two of 64-byte buckets; 0 means DefaultTableBytes.
	TableBytes int64
	// Workers is the number of goroutines that search at once, sharing
	// the table; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Leaves, when set, answers positions exactly without search: stored
	// tables of a game's endgame tiers, say.
	Leaves Leaves
	// Progress, when set, is called every ProgressEvery while a search
	// runs (every second when 0), and once more when a search it was
	// called in ends. It is called on the goroutine that called Solve,
	// between nodes (when the first worker looks up: see pace), and
	// should return soon. (A goroutine of its own for each search, and a
	// last report of every search, cost a search of a few hundred nodes
	// more than the search: BENCHMARKS.md, "Where a small search's time
	// goes".)
	Progress      func(Progress)
	ProgressEvery time.Duration
	// ValueOnly asks for a position's value alone (win, loss, or a tie or
	// a draw), not how soon it comes: the search stops once the value is
	// proved, and reads the positions the game decides without search
	// (sente.Decider), which know no remoteness. Its wins and losses have
	// sente.RemotenessUnknown. A Searcher keeps to one kind of question,
	// since its table's bounds hold for that kind alone.
	ValueOnly bool
	// Table, when set, is the table of an earlier Searcher of the same
	// game (Searcher.Table), which this one takes over in place of a new
	// one of TableBytes: what the earlier searches proved serves this
	// one's. A server that answers a game a position at a time, each in
	// a request of its own, keeps its table between them. The earlier
	// Searcher must search no more, and must have asked the same kind of
	// question (ValueOnly).
	Table *Table
}

// A Table is a Searcher's transposition table, to be handed to the next
// Searcher of the same game (Options.Table).
type Table = KeyTable[uint64]

// KeyTable is Table of a KeySearcher[K].
type KeyTable[K sente.Key] struct {
	t         *table[K]
	valueOnly bool
}

// Bytes is the memory the table holds.
func (t *KeyTable[K]) Bytes() int64 { return t.t.Bytes() }

// DefaultTableBytes is the table's size when Options does not say.
const DefaultTableBytes = 64 << 20

// Leaves answers positions from elsewhere than search: a search asks it
// about every position it reaches, and takes its answer as exact rather
// than search below. Stored tables of the tiers a game's endgame is made
// of are the example: search over the placing phase of a morris game,
// with the tables of its moving phase as leaves, answers what neither
// answers alone.
type Leaves = KeyLeaves[uint64]

// KeyLeaves is Leaves on keys of type K.
type KeyLeaves[K sente.Key] interface {
	// Leaf returns the outcome of the position key for the player to
	// move, or false when it does not know it. It is called from several
	// goroutines at once, and is best fast when it does not know.
	Leaf(key K) (sente.Outcome, bool)
}

// LeavesFunc is a function as Leaves.
type LeavesFunc func(key uint64) (sente.Outcome, bool)

// Leaf calls f.
func (f LeavesFunc) Leaf(key uint64) (sente.Outcome, bool) { return f(key) }

// Searcher searches positions of one game. It keeps its transposition
// table from one search to the next: positions met again, as in the
// searches of a game's successive positions, cost nothing the second time,
// and a search that was stopped leaves what it proved. One search runs at
// a time; Solve waits for the one before.
type Searcher = KeySearcher[uint64]

// WideSearcher is a Searcher of a game whose keys are Wide
// (sente.WideEncoder): Domineering past 64 cells.
type WideSearcher = KeySearcher[sente.Wide]

// KeySearcher is the Searcher of a game whose keys are of type K.
type KeySearcher[K sente.Key] struct {
	game   sente.Game
	caps   sente.Capabilities
	enc    sente.KeyEncoder[K]
	sym    sente.KeySymmetric[K]
	ord    sente.KeyOrderer[K]
	leaves KeyLeaves[K]
	// decider is the game's Decider in a search for values only; nil
	// otherwise.
	decider sente.KeyDecider[K]
	// etcPlies: enhanced transposition cutoffs where at least so many
	// plies are left (deep).
	etcPlies int
	// cheapCanon says a position's canonical key costs little: the game
	// has no symmetry, or orders or ranks positions itself, as a game in
	// Go does (a rules file's Canonical is a call of the file's code),
	// so that it may be worked out for a bucket the search may not read.
	cheapCanon bool
	turn       func(key K) sente.Player // nil: every move passes the turn
	opt        Options

	mu      sync.Mutex // one search at a time
	tt      *table[K]
	workers []*worker[K]
	loopy   bool // the game may repeat a position: lines are checked
	// tierLoops caches mayLoop by the root's tier: 1 when play from it may
	// loop, 2 when it cannot, 0 not known yet.
	tierLoops []uint8
	run       run[K] // the search under way

	stop      atomic.Bool     // the probe is over, or cancelled: workers unwind
	cancelled atomic.Bool     // the context was cancelled
	done      <-chan struct{} // the search's context's Done, nil when it has none
	// limit, when not 0, is the count of nodes at which a probe stops,
	// with overLimit set: see run.solve's rounds.
	limit     atomic.Uint64
	overLimit atomic.Bool
	nodes     atomic.Uint64 // nodes searched in this search, as published
	// reported guards what the reporter of progress reads of the run
	// (its bounds, question and phase) from its own goroutine: the run's
	// goroutine locks it to change them, not to read them.
	reported sync.Mutex

	// A probe on more than one worker starts on the first alone, and the
	// others join it (join) once it has searched joinNodes: the many
	// probes of a few hundred nodes that a search makes then pay for no
	// goroutine and no locked store. joinAt is the first worker's count
	// of nodes at which they join (0: no probe waits for them); joined
	// says they have; probeAt is the probe they join; answers, theirs.
	joinAt    uint64
	joinAfter uint64 // joinNodes; 0 in tests: at once
	joined    bool
	probeAt   struct {
		key         K
		turn        sente.Player
		alpha, beta int32
	}
	helpers sync.WaitGroup
	answers chan answer
	// busy holds the keys (tagOf) of positions a worker is searching, far from
	// the end, once the others have joined: another worker that meets
	// one among its moves tries it last, by when the table may know it,
	// rather than search it too (ABDADA's deferral).
	busy [1 << busyBits]atomic.Uint64
}

// joinNodes is the count of nodes after which a probe's other workers
// join the first: a few milliseconds.
const joinNodes = 1 << 13

const busyBits = 12

// answer is a worker's result of a probe.
type answer struct {
	v   int32
	err error
}

// New makes a Searcher for g, which must offer the Encoder fast path.
func New(g sente.Game, opt Options) (*Searcher, error) { return newSearcher[uint64](g, opt) }

// NewWide makes a WideSearcher for g, which must offer sente.WideEncoder.
// Its options take no Leaves, which are on 64-bit keys.
func NewWide(g sente.Game, opt Options) (*WideSearcher, error) {
	if opt.Leaves != nil {
		return nil, fmt.Errorf("search: leaves on 64-bit keys for %v, whose keys are wide", gameName(g))
	}
	return newSearcher[sente.Wide](g, opt)
}

func newSearcher[K sente.Key](g sente.Game, opt Options) (*KeySearcher[K], error) {
	caps := sente.CapabilitiesOf(g)
	kc := sente.KeyCapabilitiesOf[K](caps)
	if kc.Encoder == nil {
		if isWide[K]() {
			return nil, fmt.Errorf("search: %v has no 128-bit keys (sente.WideEncoder)", gameName(g))
		}
		return nil, fmt.Errorf("search: %v has no integer keys (sente.Encoder), which search needs", gameName(g))
	}
	if opt.TableBytes == 0 {
		opt.TableBytes = DefaultTableBytes
	}
	if opt.TableBytes < bucketBytes {
		return nil, fmt.Errorf("search: a table of %d bytes; at least %d", opt.TableBytes, bucketBytes)
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	makeTable := newTable[K]
	if opt.Table != nil {
		t, ok := any(opt.Table).(*KeyTable[K])
		if !ok {
			return nil, fmt.Errorf("search: a table of 64-bit keys, taken over by a search of %v, whose keys are wide", gameName(g))
		}
		if t.valueOnly != opt.ValueOnly {
			return nil, fmt.Errorf("search: a table of a search for %s, taken over by one for %s", questionWords(t.valueOnly), questionWords(opt.ValueOnly))
		}
		makeTable = func(int64) *table[K] { return t.t }
		opt.Table = nil // not kept: the table is this searcher's now
	}
	if opt.ProgressEvery <= 0 {
		opt.ProgressEvery = time.Second
	}
	s := &KeySearcher[K]{
		game: g,
		caps: caps,
		enc:  kc.Encoder,
		sym:  kc.Symmetric,
		ord:  kc.Orderer,
		turn: keyTurns[K](g, caps, kc.Encoder),
		opt:  opt,
		tt:   makeTable(opt.TableBytes),
	}
	if opt.Leaves != nil {
		s.leaves = any(opt.Leaves).(KeyLeaves[K])
	}
	if opt.ValueOnly {
		s.decider = kc.Decider
	}
	s.cheapCanon = s.sym == nil || s.ord != nil || caps.Ranker != nil || caps.TierRanker != nil
	s.etcPlies = etcPlies
	if ch := caps.CutoffHorizon; ch != nil && ch.CutoffHorizon() > 0 {
		s.etcPlies = ch.CutoffHorizon()
	}
	// The first worker has the table to itself until the others join.
	s.tt.alone = true
	s.answers = make(chan answer, opt.Workers)
	s.joinAfter = joinNodes
	for i := range opt.Workers {
		s.workers = append(s.workers, &worker[K]{s: s, id: i, history: make([]uint32, 1<<historyBits)})
	}
	return s, nil
}

func gameName(g sente.Game) string {
	if s, ok := g.(fmt.Stringer); ok {
		return s.String()
	}
	return "the game"
}

// questionWords names the kind of question a search answers
// (Options.ValueOnly).
func questionWords(valueOnly bool) string {
	if valueOnly {
		return "values alone"
	}
	return "values and remoteness"
}

// TableBytes is the memory the transposition table holds.
func (s *KeySearcher[K]) TableBytes() int64 { return s.tt.Bytes() }

// Table is the searcher's transposition table, for a Searcher of the
// same game to take over (Options.Table) once this one searches no more.
func (s *KeySearcher[K]) Table() *KeyTable[K] {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &KeyTable[K]{t: s.tt, valueOnly: s.opt.ValueOnly}
}

// ResizeTable moves what the table holds into a table of bytes bytes,
// for a caller whose search filled its table: the next search, in the
// larger one, starts from what the earlier ones proved rather than from
// nothing. Both tables are held while the entries move.
func (s *KeySearcher[K]) ResizeTable(bytes int64) error {
	if bytes < bucketBytes {
		return fmt.Errorf("search: a table of %d bytes; at least %d", bytes, bucketBytes)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tt = s.tt.resized(bytes)
	return nil
}

// Clear empties the table, so that the next search proves everything
// again (for measuring).
func (s *KeySearcher[K]) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tt.clear()
}

// Result is what a search found.
type Result struct {
	// Outcome is the position's outcome for the player to move: exact
	// when the search finished, Unknown when it was stopped.
	Outcome sente.Outcome
	// Low and High bound the outcome, as the players prefer outcomes
	// (sente.Outcome.Better): it is no worse than Low and no better than
	// High. Both are Outcome once it is known. Before, Unknown means no
	// bound yet; a Draw as Low says the player to move does not lose, a
	// Tie in 0 as High that she does not win.
	Low, High sente.Outcome
	// Nodes is the positions searched (a position searched twice counts
	// twice), Probes the null-window searches of the root.
	Nodes  uint64
	Probes int
	// Elapsed is the time the search took.
	Elapsed time.Duration
	// TableBytes is the table's memory, TableFill the share of its
	// entries in use at the end.
	TableBytes int64
	TableFill  float64
}

// Progress is a search under way.
type Progress struct {
	// Low and High are what the search has proved so far (as Result's).
	Low, High sente.Outcome
	// Testing is the question the search is answering now ("a win in 21
	// or fewer?").
	Testing string
	// Phase is "value" while win, loss and remoteness are searched, and
	// "tie" while the search finds how soon a tie comes (or that only a
	// draw does). The answer layer adds "margin" while a margin is
	// searched and "tables" while the game's endgame tables are built
	// before it (Testing then says how far the build has come).
	Phase          string
	Nodes          uint64
	NodesPerSecond float64
	TableBytes     int64
	TableFill      float64
	Elapsed        time.Duration
}

var errTooDeep = fmt.Errorf("search: a line of play passes %d plies", maxPlies)

// LoopError is the refusal of a game whose play returned to a position
// within one line of the search, and which no question bounded in depth
// settled either: alpha-beta over such a game would give values that
// depend on the path taken (the graph-history interaction), so search
// proves a loopy game's wins and losses only within a bound on depth,
// and never a draw by endless play.
type LoopError struct {
	Game      string
	From, Pos string // the root of the search, and the position met twice
	// Within is how many plies the search went on to rule out a win or a
	// loss in, by questions bounded in depth, which loops cannot stop.
	Within int32
}

func (e *LoopError) Error() string {
	within := ""
	if e.Within > 0 {
		within = fmt.Sprintf(" (neither side wins within %d plies)", e.Within)
	}
	return fmt.Sprintf("search: %s can return to a position (%s, met twice on one line from %s); search proves only wins and losses that come without a repeated position%s, not draws by endless play, so solve this one with the table engines", e.Game, e.Pos, e.From, within)
}

// Solve searches the position p.
func (s *KeySearcher[K]) Solve(ctx context.Context, p sente.Position) (Result, error) {
	return s.SolveKey(ctx, s.enc.Encode(p))
}

// SolveKey searches the position whose key is key. When ctx is cancelled
// it returns what it proved with ctx's error: Result's bounds, and the
// table, which the next search reads.
func (s *KeySearcher[K]) SolveKey(ctx context.Context, key K) (Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// The run lives in the searcher, so that a search of a few nodes
	// allocates nothing: its cost is then what it touches.
	r := &s.run
	*r = run[K]{s: s, root: key, start: time.Now(), lo: -inf, hi: inf}
	s.nodes.Store(0)
	s.cancelled.Store(false)
	s.tt.gen.Add(1)
	s.loopy = s.mayLoop(key)
	for _, w := range s.workers {
		w.nodes, w.published = 0, 0
		w.pace.restart(0, r.start)
		if s.ord == nil {
			clear(w.history)
		}
	}

	// A cancelled context stops the workers where they are: they look at
	// it as often as their pace says (pollCancel).
	s.done = ctx.Done()
	r.reportAt = r.start.Add(s.opt.ProgressEvery)
	o, err := r.solve(ctx)
	if errors.Is(err, errCancelled) || (ctx.Err() != nil && errors.Is(err, ctx.Err())) {
		// (The second: a game stopped by the same context, a rules
		// file's, failed its calls before the search heard.)
		err = ctx.Err()
	}
	s.done = nil
	res := r.result(o)
	if err == nil {
		err = s.caps.Err()
	}
	if r.reported {
		r.report()
	}
	return res, err
}

// run is one search of a root.
type run[K sente.Key] struct {
	s      *KeySearcher[K]
	root   K
	start  time.Time
	lo, hi int32 // the root's score: proved at least lo, at most hi
	probes int
	// gamma is the bound the probe under way tests, once asking; in the
	// tie phase the question is tieLow's. Progress puts them in words
	// (describe), a search of a few nodes never: formatting them cost
	// more than such a search.
	gamma  int32
	asking bool
	phase  string
	tieLow int   // in the tie phase: no tie comes sooner
	most   int32 // every line from the root ends within most plies; -1: unknown
	// depth is the deepening's bound (see solve), while deepening.
	depth     int32
	deepening bool
	// reportAt is when Progress is next due; reported says it was called
	// during the search, and so is owed a last call at its end.
	reportAt time.Time
	reported bool
}

// reportIfDue calls Progress when it is due at now. The first worker
// asks, on the caller's goroutine, at each look its pace allows.
func (r *run[K]) reportIfDue(now time.Time) {
	if r.s.opt.Progress == nil {
		return
	}
	if now.Before(r.reportAt) {
		return
	}
	r.reportAt, r.reported = now.Add(r.s.opt.ProgressEvery), true
	r.report()
}

func (r *run[K]) result(o sente.Outcome) Result {
	s := r.s
	res := Result{
		Outcome:    o,
		Nodes:      s.nodes.Load(),
		Probes:     r.probes,
		Elapsed:    time.Since(r.start),
		TableBytes: s.tt.Bytes(),
		TableFill:  s.tt.Fill(),
	}
	if o.Value != sente.Unknown {
		res.Low, res.High = o, o
	} else {
		res.Low, res.High = r.bounds()
	}
	return res
}

// bounds are the outcomes the root's proved scores stand for.
func (r *run[K]) bounds() (low, high sente.Outcome) {
	return r.s.boundsOf(r.lo, r.hi, r.tieLow)
}

// boundsOf are the outcomes that the scores lo and hi, proved of a
// position, stand for, as Result's Low and High say them; no tie comes
// sooner than in tieLow plies.
func (s *KeySearcher[K]) boundsOf(lo, hi int32, tieLow int) (low, high sente.Outcome) {
	switch {
	case lo <= -inf:
	case lo == 0:
		low = sente.Outcome{Value: sente.Draw}
	default:
		low = outcomeOf(lo)
	}
	switch {
	case hi >= inf:
	case hi == 0:
		high = sente.Outcome{Value: sente.Tie, Remoteness: tieLow}
	default:
		high = outcomeOf(hi)
	}
	if s.opt.ValueOnly {
		// Without remoteness, a loss as the lower bound and a win as the
		// upper say nothing.
		if low.Value == sente.Lose {
			low = sente.Outcome{}
		}
		if high.Value == sente.Win {
			high = sente.Outcome{}
		}
		low, high = s.valueOnly(low), s.valueOnly(high)
	}
	return low, high
}

// TableBounds is what the table proves of the position key now, found
// without a search, as Result's Low and High say it (Unknown where it
// proves nothing): the searches so far proved it of key, or of a
// position symmetric to it. A search of a position proves bounds of its
// children on the way: the answer layer reads a best move from them
// (answer.SearchSolution.QuickMoves).
func (s *KeySearcher[K]) TableBounds(key K) (low, high sente.Outcome) {
	s.mu.Lock()
	defer s.mu.Unlock()
	canon := key
	if s.sym != nil {
		canon = s.sym.Canonical(key)
	}
	e, ok := s.tt.probe(canon)
	if !ok {
		return low, high
	}
	return s.boundsOf(fromRel(e.lower, 0), fromRel(e.upper, 0), 0)
}

func (r *run[K]) report() {
	s := r.s
	if s.opt.Progress == nil {
		return
	}
	s.reported.Lock()
	low, high := r.bounds()
	var testing string
	switch {
	case r.phase == "tie":
		testing = describeTie(int32(r.tieLow))
	case r.asking:
		testing = describe(r.gamma)
	}
	phase := r.phase
	s.reported.Unlock()
	elapsed := time.Since(r.start)
	nodes := s.nodes.Load()
	s.opt.Progress(Progress{
		Low: low, High: high, Testing: testing, Phase: phase,
		Nodes: nodes, NodesPerSecond: float64(nodes) / max(elapsed.Seconds(), 1e-9),
		TableBytes: s.tt.Bytes(), TableFill: s.tt.Fill(), Elapsed: elapsed,
	})
}

// solve finds the root's outcome: its score by null-window probes, then,
// for a score of 0, whether it is a tie and how soon.
//
// Two sequences of probes share the work. The main one (nextTest) settles
// the value and then halves the remoteness; its first question, "a win?",
// has no bound on depth, and in a game where a short forced win hides
// among long lines (three in a row on a large board) it wanders in the
// long ones. The other deepens: a win within d plies? no loss within d?
// for d = 1, 2, 3 ..., each a search that mate-distance pruning keeps
// within d plies, which answers a shallow result at the cost of a
// shallow tree. Neither knows in advance which will finish first, so they
// take turns in rounds of doubling node allowances, the deepening a
// quarter of the main one's (deepeningShare): a probe that runs past its
// round's allowance stops, and the same question is asked again in the
// next round, where what it proved before is in the table. Every probe of
// either narrows the bounds both read; the deepening stops once its
// questions are all answered (a result found, or every d up to the
// game's horizon asked).
func (r *run[K]) solve(ctx context.Context) (sente.Outcome, error) {
	s := r.s
	if v, ended := s.enc.EndedKey(r.root); ended {
		return sente.Outcome{Value: v}, nil
	}
	if s.leaves != nil {
		if o, ok := s.leaves.Leaf(r.root); ok {
			return s.valueOnly(o), nil
		}
	}
	if s.decider != nil {
		if v, ok := s.decider.Decide(r.root); ok {
			return sente.Outcome{Value: v, Remoteness: sente.RemotenessUnknown}, nil
		}
	}
	// The root has not ended: no win comes sooner than in one ply. A loss
	// may come at once, at a root with no move, which is lost where it
	// stands (in 0, as the table engines say).
	s.reported.Lock()
	r.phase = "value"
	r.lo, r.hi = lossAt(0), winAt(1)
	s.reported.Unlock()
	r.most = -1
	if s.ord != nil {
		m, _ := s.ord.Horizon(r.root)
		r.most = int32(m)
	}
	// The deepening looks for short wins and losses, which a search for
	// the value alone does not tell from long ones.
	r.depth, r.deepening = 1, !s.opt.ValueOnly
	// A game that may loop: the main sequence's questions without a bound
	// on depth stop at a line that repeats a position (loop), and the
	// deepening, whose questions are bounded, goes on alone until the
	// search has counted loopEnd nodes.
	var loop *LoopError
	var loopEnd uint64
	for round := 0; r.open(); round = min(round+1, 40) {
		allowance := uint64(firstAllowance) << round
		if r.deepening {
			end := s.nodes.Load() + allowance/deepeningShare
			if loop != nil {
				// Alone now: the whole allowance, up to loopEnd.
				end = min(s.nodes.Load()+allowance, loopEnd)
			}
			for r.clamp() {
				gamma, ok := r.shallowTest()
				if !ok {
					r.deepening = false
					break
				}
				if over, err := r.ask(gamma, end); err != nil || over {
					if err != nil {
						return sente.Outcome{}, err
					}
					break
				}
				if s.nodes.Load() >= end {
					// Probes too small for a worker to look at the
					// allowance (its pace) add up to it.
					break
				}
			}
		}
		if loop != nil && !bounded(r.nextTest()) {
			if !r.deepening || s.nodes.Load() >= loopEnd {
				loop.Within = r.depth - 1
				return sente.Outcome{}, loop
			}
			continue
		}
		var end uint64 // the main sequence alone runs without a limit
		if r.deepening {
			end = s.nodes.Load() + allowance
		}
		for r.open() {
			if over, err := r.ask(r.nextTest(), end); err != nil || over {
				// (A type assertion, not errors.As, whose pointer
				// would put loop on the heap for every search: the
				// workers return a LoopError as it is.)
				if le, ok := err.(*LoopError); ok && r.deepening {
					loop = le
					loopEnd = max(loopNodes, loopFactor*s.nodes.Load())
					break
				}
				if err != nil {
					return sente.Outcome{}, err
				}
				break
			}
		}
	}
	s.limit.Store(0)
	if r.lo > 0 || r.hi < 0 {
		if s.opt.ValueOnly {
			return sente.Outcome{Value: valueOf(r.lo, r.hi), Remoteness: sente.RemotenessUnknown}, nil
		}
		return outcomeOf(r.lo), nil
	}
	return r.tie(ctx)
}

// open reports whether the root's score is still to be searched: its
// bounds are apart (clamp), and, in a search for the value alone, the
// value is not proved yet.
func (r *run[K]) open() bool {
	if !r.clamp() {
		return false
	}
	return !r.s.opt.ValueOnly || (r.lo <= 0 && r.hi >= 0)
}

// valueOf is the value that the root's proved bounds lo and hi, apart
// from 0 on one side, say: a win when lo > 0, a loss when hi < 0.
func valueOf(lo, hi int32) sente.Value {
	if lo > 0 {
		return sente.Win
	}
	return sente.Lose
}

// valueOnly is o as a search for the value alone reports it: without its
// remoteness.
func (s *KeySearcher[K]) valueOnly(o sente.Outcome) sente.Outcome {
	if s.opt.ValueOnly && (o.Value == sente.Win || o.Value == sente.Lose) {
		o.Remoteness = sente.RemotenessUnknown
	}
	return o
}

// The rounds of solve: the main sequence's node allowance in the first
// round, doubling each round, and the share of it the deepening gets.
// Once the main sequence has met a repeated position, the deepening
// searches on alone until the search has counted loopFactor times the
// nodes it had then, and at least loopNodes: enough to find the short
// wins of a small loopy game (quixo 3×3 is won in 7), and a refusal of a
// large one within a second or so.
const (
	firstAllowance = 1 << 12
	deepeningShare = 4
	loopFactor     = 16
	loopNodes      = 1 << 20
)

// bounded reports whether a probe of gamma asks a question about a finite
// tree (see worker.search), which no repeated position can stop.
func bounded(gamma int32) bool {
	return gamma-1 >= winAt(finitePlies) || gamma <= lossAt(finitePlies)
}

// clamp narrows the root's bounds by the game's horizon and reports
// whether its score is still open.
func (r *run[K]) clamp() bool {
	if most := r.most; most >= 0 && r.lo < r.hi {
		// Every line ends within most plies, so a win is won and a loss
		// lost in at most that many.
		r.s.reported.Lock()
		defer r.s.reported.Unlock()
		if r.lo > 0 {
			r.lo = max(r.lo, winAt(most))
		}
		if r.hi < 0 {
			r.hi = min(r.hi, lossAt(most))
		}
	}
	return r.lo < r.hi
}

// ask probes the root with the null window at gamma, stopping once the
// search has counted end nodes (never when end is 0), and narrows the
// root's bounds by what it proved. over reports a probe stopped at end.
func (r *run[K]) ask(gamma int32, end uint64) (over bool, err error) {
	r.s.reported.Lock()
	r.gamma, r.asking = gamma, true
	r.s.reported.Unlock()
	r.s.limit.Store(end)
	v, err := r.probe(r.root, gamma-1, gamma)
	if errors.Is(err, errOverLimit) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	// A probe's bound may be looser than what was proved before (the
	// horizon is the root's alone).
	r.s.reported.Lock()
	if v >= gamma {
		r.lo = max(r.lo, v)
	} else {
		r.hi = min(r.hi, v)
	}
	r.s.reported.Unlock()
	return false, nil
}

// shallowTest is the deepening's next question, a win within depth plies
// (the score at least winAt(depth)) and then no loss within them (at
// least lossAt(depth+1)), skipping those the bounds answer already, or
// false when it has none left: the value is known (the main sequence
// halves the remoteness), or depth has passed the game's horizon.
func (r *run[K]) shallowTest() (int32, bool) {
	for {
		if r.lo > 0 || r.hi < 0 || (r.most >= 0 && r.depth > r.most) {
			return 0, false
		}
		if w := winAt(r.depth); r.lo < w && w <= r.hi {
			return w, true
		}
		if l := lossAt(r.depth + 1); r.lo < l && l <= r.hi {
			return l, true
		}
		r.depth++
	}
}

// nextTest chooses the bound gamma the next probe tests (is the score at
// least gamma?) between what is proved, lo < gamma <= hi.
//
// When the game bounds its length (most plies), scores are laid on a line
// from the fastest loss to the fastest win, and the test halves the range
// as Pons's solver does, but halfway to the end of the range rather than
// at its middle while its middle is on the near side of 0: a probe far
// from 0 asks for a fast win or a fast loss, which search refutes or
// proves in few nodes, and narrows the range for the costly probes near
// 0. Otherwise the first probes settle the value (a win: at least 1? a
// loss: at least 0?) and then halve the remoteness.
func (r *run[K]) nextTest() int32 {
	lo, hi := r.lo, r.hi
	if r.s.opt.ValueOnly {
		// A win? then, when not, a loss?
		if lo < 1 && hi >= 1 {
			return 1
		}
		return 0
	}
	if r.most >= 0 {
		ulo, uhi := r.line(lo), r.line(hi)
		med := ulo + (uhi-ulo)/2
		if med <= 0 && ulo/2 < med {
			med = ulo / 2
		} else if med >= 0 && uhi/2 > med {
			med = uhi / 2
		}
		return min(max(r.score(med+1), lo+1), hi)
	}
	switch {
	case lo < 1 && hi >= 1:
		return 1
	case lo < 0 && hi >= 0:
		return 0
	}
	return lo + (hi-lo+1)/2
}

// line places a score on the line of nextTest: a win in r plies at
// most+1-r, a loss in r at r-most-1, a tie or draw at 0.
func (r *run[K]) line(s int32) int32 {
	switch {
	case s > 0:
		return r.most + 1 - (mate - s)
	case s < 0:
		return -(r.most + 1 - (mate + s))
	}
	return 0
}

// score is the score at a place on the line.
func (r *run[K]) score(u int32) int32 {
	switch {
	case u > 0:
		return winAt(r.most + 1 - u)
	case u < 0:
		return lossAt(r.most + 1 + u)
	}
	return 0
}

// describe says what a probe of gamma asks, for progress.
func describe(gamma int32) string {
	switch {
	case gamma == 1:
		return "a win?"
	case gamma == 0:
		return "not a loss?"
	case gamma > 0:
		return fmt.Sprintf("a win in %d or fewer?", mate-gamma)
	}
	return fmt.Sprintf("a loss in %d or more?", mate+gamma)
}

// probe runs every worker on the null window (alpha, beta) at key, the
// root (ply 0), and returns the first result: each is as true as the
// others, and the table the others filled speeds the one that finishes.
func (r *run[K]) probe(key K, alpha, beta int32) (int32, error) {
	s := r.s
	r.probes++
	s.pollCancel()
	if s.cancelled.Load() {
		return 0, errCancelled
	}
	s.stop.Store(false)
	s.overLimit.Store(false)
	turn := sente.First
	if s.turn != nil {
		turn = s.turn(key)
	}
	if len(s.workers) > 1 {
		s.probeAt.key, s.probeAt.turn, s.probeAt.alpha, s.probeAt.beta = key, turn, alpha, beta
		s.joinAt = s.workers[0].nodes + s.joinAfter
		if s.joinAfter == 0 {
			s.join()
		}
	}
	v, err := s.workers[0].run(key, turn, alpha, beta)
	if s.joined {
		v, err = s.leave(v, err)
	} else {
		s.joinAt = 0 // (join, had the others joined, would have cleared it)
	}
	if errors.Is(err, errStopped) {
		err = r.stopped()
	}
	if e := s.caps.Erring; e != nil {
		// A game that failed (a rules file's call that stopped, as every
		// call does once its context is cancelled) answers harmlessly
		// from then on, with no moves: what the probe found is not proved.
		if gerr := e.Err(); gerr != nil {
			return 0, gerr
		}
	}
	if err == nil && s.cancelled.Load() {
		// The answer came in as the search was cancelled: it is proved all
		// the same.
		return v, nil
	}
	return v, err
}

// pollCancel stops the search if its context is cancelled. The workers
// call it at each look their pace allows, and the run before each probe:
// a read of the context's channel that does not wait costs nothing a
// search would notice, where a function registered with the context for
// each search (context.AfterFunc) took a search of one node from 0.35 µs
// to 1.2-1.7 µs (BenchmarkSearchOverhead).
func (s *KeySearcher[K]) pollCancel() {
	if s.done == nil {
		return
	}
	select {
	case <-s.done:
		s.cancelled.Store(true)
		s.stop.Store(true)
	default:
	}
}

// join starts the workers but the first on the probe the first is
// searching; the first calls it, from within its search. Each is as
// true as the others, and the table the others fill speeds the one that
// finishes.
func (s *KeySearcher[K]) join() {
	s.joinAt = 0
	s.joined = true
	s.tt.alone = false
	clear(s.busy[:])
	p := s.probeAt
	for _, w := range s.workers[1:] {
		s.helpers.Add(1)
		go func() {
			defer s.helpers.Done()
			w.pace.restart(w.nodes, time.Now())
			v, err := w.run(p.key, p.turn, p.alpha, p.beta)
			if !errors.Is(err, errStopped) {
				s.stop.Store(true)
			}
			s.answers <- answer{v, err}
		}()
	}
}

// leave ends the probe the other workers joined, the first worker's
// result (v, err) in hand: the first result of all, a worker stopped
// when another finished.
func (s *KeySearcher[K]) leave(v int32, err error) (int32, error) {
	if !errors.Is(err, errStopped) {
		s.stop.Store(true)
	}
	s.helpers.Wait()
	for range s.workers[1:] {
		a := <-s.answers
		if errors.Is(err, errStopped) && !errors.Is(a.err, errStopped) {
			v, err = a.v, a.err
		}
	}
	s.joined = false
	s.tt.alone = true
	return v, err
}

// stopped is why a probe that every worker left unfinished stopped.
func (r *run[K]) stopped() error {
	if r.s.overLimit.Load() && !r.s.cancelled.Load() {
		return errOverLimit
	}
	return errCancelled
}

var (
	errStopped   = errors.New("search: stopped")
	errCancelled = errors.New("search: cancelled")
	errOverLimit = errors.New("search: past the probe's node allowance")
)

// run searches the root for probe, turning a stop into errStopped and a
// loop into a LoopError.
func (w *worker[K]) run(key K, turn sente.Player, alpha, beta int32) (v int32, err error) {
	defer func() {
		w.publish()
		if p := recover(); p != nil {
			clear(w.onPath[:])
			switch p := p.(type) {
			case abort:
				err = errStopped
			case loopError[K]:
				s := w.s
				err = &LoopError{Game: gameName(s.game), From: s.game.FormatPosition(s.enc.Decode(p.from)), Pos: s.game.FormatPosition(s.enc.Decode(p.again))}
			case error:
				err = p
			default:
				panic(p)
			}
		}
	}()
	return w.search(key, turn, 0, alpha, beta), nil
}

// mayLoop reports whether play from key might return to a position: false
// when the game's tiers prove it never does (every move from every tier
// that play from key reaches leads to another tier, and tiers never lead
// back), true otherwise, and the search then checks every line.
func (s *KeySearcher[K]) mayLoop(key K) bool {
	if s.ord != nil {
		// Every line from key ends within most plies: none returns.
		if most, _ := s.ord.Horizon(key); most >= 0 {
			return false
		}
	}
	tr := s.caps.TierRanker
	if tr == nil || isWide[K]() {
		return true
	}
	var first int
	if s.caps.Tiered != nil {
		first = s.caps.Tiered.Tier(wordsOf(&key)[0]) // the same numbering, and cheaper
	} else {
		first, _ = tr.TierRank(wordsOf(&key)[0])
	}
	if first < 0 {
		return true
	}
	if first < len(s.tierLoops) && s.tierLoops[first] != 0 {
		return s.tierLoops[first] == 1
	}
	loops := s.tiersLoop(tr, first)
	for first >= len(s.tierLoops) {
		s.tierLoops = append(s.tierLoops, 0)
	}
	s.tierLoops[first] = 2
	if loops {
		s.tierLoops[first] = 1
	}
	return loops
}

func (s *KeySearcher[K]) tiersLoop(tr sente.TierRanker, first int) bool {
	seen := map[int]bool{first: true}
	queue := []int{first}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		if tr.TierLoops(t) {
			return true
		}
		for _, c := range tr.ChildTiers(t) {
			if !seen[c] {
				seen[c] = true
				queue = append(queue, c)
			}
		}
	}
	return false
}

// turnAt is the player to move at kid, a child of a position where turn
// was to move.
func (s *KeySearcher[K]) turnAt(kid K, turn sente.Player) sente.Player {
	if s.turn == nil {
		return turn.Other()
	}
	return s.turn(kid)
}

// keyTurns is how the search learns whose turn it is at a key:
// Capabilities.KeyTurns on 64-bit keys, and on Wide ones nil for a game
// that alternates, Turn of the decoded position otherwise.
func keyTurns[K sente.Key](g sente.Game, caps sente.Capabilities, enc sente.KeyEncoder[K]) func(K) sente.Player {
	if !isWide[K]() {
		f := caps.KeyTurns(g)
		if f == nil {
			return nil
		}
		return any(f).(func(K) sente.Player)
	}
	if caps.Alternates() {
		return nil
	}
	return func(key K) sente.Player { return g.Turn(enc.Decode(key)) }
}
