package explore

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"time"

	"github.com/sente-go/sente"
)

// SampleOptions bound the work of EstimatePositions.
type SampleOptions struct {
	// Expansions is the most positions the estimate may expand (ask the
	// game for the moves of); zero means DefaultExpansions.
	Expansions int
	// Time, when positive, stops the estimate after this much CPU time
	// of its thread even if expansions are left: a slow rules file then
	// gets a rougher estimate rather than a long wait. It is CPU time, not
	// the wall clock's, so that a machine's load does not change the
	// estimate, nor the engine chosen by it.
	Time time.Duration
	// Sure, when above 1, stops the playouts early once the estimate's
	// bounds are finite and High is at most Sure times Low (looked at a
	// few times a second): a small game is then known in a fraction of
	// Time. Such an estimate depends on the machine's speed, not only on
	// Seed.
	Sure float64
	// Seed fixes the random playouts: the same game, options and seed give
	// the same estimate.
	Seed uint64
	// Graph is how the game is seen (restricted opponents, symmetry), as
	// for exploration.
	Graph KeyGraphOptions
}

// DefaultExpansions is the budget of an estimate that names none: a few
// seconds of a rules file's moves (examples/connect4.star expands about
// 100,000 positions a second), a few tenths of a second of a built-in
// game's, and enough to count connect four 6×4 (95 million positions)
// within a factor of two.
const DefaultExpansions = 300_000

// Estimate is how many positions are reachable from a game's start, found
// by exploring them all when they fit in the budget (Exact) and by sampling
// otherwise.
type Estimate struct {
	// Positions is the estimate; Low and High bound it at about 95%
	// confidence (High may be +Inf when samples never met: the game is then
	// at least Low, which is enough to refuse it).
	Positions, Low, High float64
	// Exact is set when every reachable position was explored: Positions,
	// Low and High are then the true count.
	Exact bool
	// Tiers estimates each tier (sente.Tiered) in increasing order of
	// number; a game without tiers has one, numbered 0.
	Tiers []TierEstimate
	// Rate is the positions the game expanded per second on one goroutine
	// (its moves and whether it has ended): a full exploration takes about
	// Positions/Rate seconds of the game's own work on one core.
	Rate float64
	// Expanded is the number of positions expanded, Playouts the random
	// games played from the start, Elapsed the time taken.
	Expanded, Playouts int
	Elapsed            time.Duration
	// Heterogeneity is the factor by which the sampled tiers' counts were
	// raised for the uneven chances of random play reaching positions (see
	// EstimatePositions); 1 when no tier was sampled.
	Heterogeneity float64
}

// TierEstimate is the estimate of one tier.
type TierEstimate struct {
	Tier                 int
	Positions, Low, High float64
	// Exact is set when every position of the tier was explored.
	Exact bool
	// Seen is the number of distinct positions of the tier met, a lower
	// bound; Collisions the pairs of playouts that met at a position of it.
	Seen       int
	Collisions int
}

// String gives the estimate in one line.
func (e Estimate) String() string {
	if e.Exact {
		return fmt.Sprintf("%.0f positions (exact, %.0f positions/s)", e.Positions, e.Rate)
	}
	return fmt.Sprintf("about %.3g positions (%.3g to %.3g, %.0f positions/s)", e.Positions, e.Low, e.High, e.Rate)
}

// EstimatePositions estimates the number of positions reachable from the
// start of g, per tier when g is sente.Tiered, within a bounded budget, and
// measures how fast g expands positions. It uses only the Game contract and
// its capabilities (an Encoder's keys, or positions interned, and tiers).
//
// It first explores breadth first, stratum by stratum (tiers, or depths for
// a game without tiers), with half the budget: a game that fits is counted
// exactly, and every position found is counted once. The rest of the budget
// plays random games from the start, each move chosen uniformly, and counts
// in each stratum the positions not yet found: a playout touches every child
// of every position it expands, and the number of positions in a stratum is
// read from how often two playouts touched the same one. Were each position
// touched with the same chance, the pairs of touches by different playouts
// (e2) over the pairs that met (C2) would be the stratum's size: the
// birthday paradox read backwards, capture–recapture with many captures.
// This counts distinct positions where Knuth's estimator of tree size
// counts lines of play: connect four reaches most positions by thousands of
// move orders, and has orders of magnitude more lines than positions.
//
// Random play does not touch positions with the same chance (a position
// with more move orders to it is touched more often), so meetings are more
// frequent than for a uniform draw and e2/C2 falls short, by the factor
// 1+CV² of the chances' spread (by Cauchy–Schwarz it never exceeds the
// truth in expectation). The factor is computed exactly on the strata the
// breadth-first phase finished, where every position and the chance of
// touching it are known, and the last of them calibrates the sampled
// strata: in connect four it climbs to about 2 in the first ten tiers and
// stays between 1.6 and 2.1 after. Low leaves the correction out; High
// allows twice the largest factor met. Both widen by Poisson bounds on
// each stratum's meetings and by the spread of jackknife estimates that
// leave out one group of playouts in turn; High is +Inf when a stratum's
// playouts never met (its size is then beyond the budget: at least Low).
//
// The meetings needed grow with the square root of a stratum's size: the
// default budget counts connect four 6×4 (95 million positions, tiers of
// up to 15 million) within a factor of 1.4, 7×4 (2.3 billion) at about
// two thirds of the truth, and 6×5 (2.8 billion) only to within a factor
// of six below, with High +Inf: a larger budget, or Low, serves there. A game without tiers is
// sampled by depth when no position is met at two depths, and as one
// stratum otherwise (loops, or moves of unequal effect); its chances are
// then beyond correction and High is +Inf.
func EstimatePositions(ctx context.Context, g sente.Game, opt SampleOptions) (Estimate, error) {
	graph, err := KeyGraphOf(g, opt.Graph)
	if err != nil {
		return Estimate{}, err
	}
	return EstimateGraph(ctx, graph, graph.Key(g.Start()), opt)
}

// EstimateGraph is EstimatePositions on a game already seen as a KeyGraph,
// from the position root.
func EstimateGraph(ctx context.Context, graph KeyGraph, root uint64, opt SampleOptions) (Estimate, error) {
	budget := opt.Expansions
	if budget <= 0 {
		budget = DefaultExpansions
	}
	// The sample's clock is its thread's CPU time (threadCPU): the
	// goroutine stays on its thread while it samples.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	s := &sampler{
		ctx:      ctx,
		graph:    graph,
		root:     root,
		start:    time.Now(),
		cpuStart: threadCPU(),
		limit:    budget,
	}
	if opt.Time > 0 {
		// Half the time goes to exploring the first strata whole, which
		// calibrates the rest; a sample that may stop once sure gives
		// them a sixth, so that a small game is known soon.
		first := opt.Time / 2
		if opt.Sure > 1 {
			first = opt.Time / 6
		}
		s.deadline = s.cpuStart + first
	}
	complete, err := s.breadthFirst(budget / 2)
	if err != nil {
		return Estimate{}, err
	}
	if complete {
		return s.exact(), nil
	}
	if opt.Time > 0 {
		s.deadline = s.cpuStart + opt.Time
	}
	s.rng = rand.New(rand.NewPCG(opt.Seed, 0x5e17e))
	s.sure = opt.Sure
	if err := s.play(); err != nil {
		return Estimate{}, err
	}
	return s.estimate(), nil
}

// sureEvery is how often the playouts ask whether they are sure enough
// (SampleOptions.Sure).
const sureEvery = 200 * time.Millisecond

// sampleGroups is the number of groups of playouts the jackknife leaves
// out in turn.
const sampleGroups = 10

// maxPlayout bounds a playout of a loopy game.
const maxPlayout = 10_000

// A sampler estimates by strata: the game's tiers when it has them, and
// otherwise the depths (plies from the start) at which positions are met,
// provided no position is met at two depths; a game without tiers whose
// positions are met at several depths (loops, or moves of unequal effect)
// is estimated as one stratum.
type sampler struct {
	ctx      context.Context
	graph    KeyGraph
	root     uint64
	start    time.Time
	cpuStart time.Duration // threadCPU when the sample began
	deadline time.Duration // in threadCPU's time; 0: none
	limit    int           // expansions allowed in all
	expanded int
	gameTime time.Duration // estimated from one expansion in timeEvery
	sure     float64       // SampleOptions.Sure
	lookedAt time.Duration // when the playouts last asked whether they were sure (threadCPU)
	rng      *rand.Rand
	buf      []uint64

	// The breadth-first phase: every position found (known), its
	// positions by stratum, and the strata it finished.
	known    map[uint64]int32 // index in order
	order    []uint64         // positions in the order found
	kids     [][]int32        // children of expanded positions, by index
	layers   map[int][]uint64
	complete map[int]bool

	// The playouts: touches by stratum; for a game without tiers, also
	// all touches in stratum allDepths, and whether a position was met at
	// two depths.
	playouts int
	touches  map[int]*touchTable
	met      map[int]map[uint64][]int32 // playouts that touched a position touched more than once
	sums     map[int]*tierSums
	perTier  map[int]int // touches of the current playout by stratum
	depthOf  map[uint64]int32
	mixed    bool
}

// allDepths is the stratum of every position of a game without tiers.
const allDepths = -1

// tierSums hold the power sums of the numbers of positions each playout
// touched in a stratum, overall and by group.
type tierSums struct {
	s     [4]float64
	group [sampleGroups][4]float64
	seen  int
}

func (s *sampler) tierOf(key uint64) int {
	if s.graph.Tier == nil {
		return 0
	}
	return s.graph.Tier(key)
}

// stop reports why sampling must stop now, if it must.
func (s *sampler) stop() (bool, error) {
	if err := s.ctx.Err(); err != nil {
		return true, err
	}
	if err := s.graph.Err(); err != nil {
		return true, err
	}
	if s.expanded >= s.limit {
		return true, nil
	}
	if s.deadline != 0 && s.expanded%64 == 0 && threadCPU() > s.deadline {
		return true, nil
	}
	return false, nil
}

// children expands key: its children, or nil when it has ended.
func (s *sampler) children(key uint64) []uint64 {
	s.expanded++
	timed := s.expanded%timeEvery == 0
	var t0 time.Duration
	if timed {
		t0 = threadCPU()
	}
	s.buf = s.buf[:0]
	if _, ended := s.graph.Ended(key); !ended {
		s.buf = s.graph.Children(s.buf, key)
	}
	if timed {
		s.gameTime += timeEvery * (threadCPU() - t0)
	}
	return s.buf
}

// breadthFirst explores stratum by stratum (tiers, or depths for a game
// without tiers) with at most limit expansions and reports whether it found
// every position.
func (s *sampler) breadthFirst(limit int) (bool, error) {
	s.known = map[uint64]int32{}
	s.layers = map[int][]uint64{}
	s.complete = map[int]bool{}
	add := func(key uint64, n int) error {
		if key == ^uint64(0) {
			if err := s.graph.Err(); err != nil {
				return err // what failed to give the key
			}
			return fmt.Errorf("the game used the reserved key %#x", key)
		}
		if n < 0 || n >= maxTier {
			return fmt.Errorf("tier %d of position %v is outside 0..%d", n, s.graph.Decode(key), maxTier-1)
		}
		if _, ok := s.known[key]; !ok {
			s.known[key] = int32(len(s.order))
			s.order = append(s.order, key)
			s.kids = append(s.kids, nil)
			s.layers[n] = append(s.layers[n], key)
		}
		return nil
	}
	if err := add(s.root, s.tierOf(s.root)); err != nil {
		return false, err
	}
	for {
		// The lowest stratum with positions left to expand: those below
		// it are complete, since play never returns to a lower tier and
		// depths are found in turn.
		numbers := make([]int, 0, len(s.layers))
		for n := range s.layers {
			if !s.complete[n] {
				numbers = append(numbers, n)
			}
		}
		if len(numbers) == 0 {
			return true, nil
		}
		n := slices.Min(numbers)
		for next := 0; next < len(s.layers[n]); next++ {
			if s.expanded >= limit {
				return false, nil
			}
			if stop, err := s.stop(); stop {
				return false, err
			}
			key := s.layers[n][next]
			kids := s.children(key)
			for _, c := range kids {
				cn := n + 1
				if s.graph.Tier != nil {
					cn = s.graph.Tier(c)
					if cn < n {
						return false, &TierOrderError{From: n, To: cn, Parent: s.graph.Decode(key), Child: s.graph.Decode(c)}
					}
				}
				if err := add(c, cn); err != nil {
					return false, err
				}
			}
			ids := make([]int32, len(kids))
			for i, c := range kids {
				ids[i] = s.known[c]
			}
			s.kids[s.known[key]] = ids
		}
		s.complete[n] = true
	}
}

// timeEvery is how often an expansion is timed: the clock costs about as
// much as a built-in game's expansion.
const timeEvery = 16

// rate is the game's own speed, positions expanded a second, and the time
// the estimate took.
func (s *sampler) rate() (float64, time.Duration) {
	elapsed := time.Since(s.start)
	t := s.gameTime
	if s.expanded < 16*timeEvery {
		t = threadCPU() - s.cpuStart // too few timed expansions: the estimate's own speed
	}
	return float64(s.expanded) / max(t.Seconds(), 1e-9), elapsed
}

// exact is the estimate of a game explored entirely.
func (s *sampler) exact() Estimate {
	e := Estimate{Exact: true, Expanded: s.expanded, Heterogeneity: 1}
	e.Rate, e.Elapsed = s.rate()
	for _, n := range sortedKeys(s.layers) {
		e.Positions += float64(len(s.layers[n]))
	}
	e.Low, e.High = e.Positions, e.Positions
	e.Tiers = s.knownTiers()
	for i := range e.Tiers {
		e.Tiers[i].Exact = true
	}
	return e
}

// knownTiers are the positions the breadth-first phase found, by tier.
func (s *sampler) knownTiers() []TierEstimate {
	if s.graph.Tier == nil {
		n := float64(len(s.known))
		return []TierEstimate{{Tier: 0, Positions: n, Low: n, High: n, Seen: len(s.known)}}
	}
	var tiers []TierEstimate
	for _, n := range sortedKeys(s.layers) {
		c := float64(len(s.layers[n]))
		tiers = append(tiers, TierEstimate{Tier: n, Positions: c, Low: c, High: c, Exact: s.complete[n], Seen: len(s.layers[n])})
	}
	return tiers
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for n := range m {
		keys = append(keys, n)
	}
	sort.Ints(keys)
	return keys
}

// play plays random games from the start until the budget is spent,
// recording the positions each touches that the breadth-first phase did
// not find.
func (s *sampler) play() error {
	s.touches = map[int]*touchTable{}
	s.met = map[int]map[uint64][]int32{}
	s.sums = map[int]*tierSums{}
	s.perTier = map[int]int{}
	if s.graph.Tier == nil {
		s.depthOf = map[uint64]int32{}
	}
	s.lookedAt = threadCPU()
	for {
		if stop, err := s.stop(); stop {
			return err
		}
		if s.sure > 1 && s.playouts%16 == 0 && threadCPU()-s.lookedAt > sureEvery {
			if e := s.estimate(); !math.IsInf(e.High, 1) && e.Low > 0 && e.High <= s.sure*e.Low {
				return nil
			}
			s.lookedAt = threadCPU()
		}
		id := int32(s.playouts)
		clear(s.perTier)
		key := s.root
		for ply := 0; ply < maxPlayout; ply++ {
			if s.expanded >= s.limit {
				break
			}
			kids := s.children(key)
			if len(kids) == 0 {
				break
			}
			for _, c := range kids {
				s.touch(c, ply+1, id)
			}
			key = kids[s.rng.IntN(len(kids))]
			if ply%256 == 255 {
				if stop, _ := s.stop(); stop {
					break
				}
			}
		}
		group := int(id) % sampleGroups
		for n, x := range s.perTier {
			t := s.sums[n]
			p := 1.0
			for k := range 4 {
				t.s[k] += p
				t.group[group][k] += p
				p *= float64(x)
			}
		}
		s.playouts++
	}
}

// touch records that playout id touched key at depth.
func (s *sampler) touch(key uint64, depth int, id int32) {
	if _, ok := s.known[key]; ok {
		return
	}
	if s.graph.Tier != nil {
		s.touchIn(s.graph.Tier(key), key, id)
		return
	}
	if d, ok := s.depthOf[key]; !ok {
		s.depthOf[key] = int32(depth)
	} else if int(d) != depth {
		s.mixed = true
	}
	s.touchIn(depth, key, id)
	s.touchIn(allDepths, key, id)
}

func (s *sampler) touchIn(n int, key uint64, id int32) {
	t := s.touches[n]
	if t == nil {
		t = new(touchTable)
		t.init(1 << 10)
		s.touches[n] = t
		s.met[n] = map[uint64][]int32{}
		s.sums[n] = &tierSums{}
	}
	count, last := t.touch(key, id)
	if last == id {
		return // this playout touched it already
	}
	s.perTier[n]++
	switch {
	case count == 1:
		s.sums[n].seen++
	case count == 2:
		s.met[n][key] = []int32{last, id}
	default:
		s.met[n][key] = append(s.met[n][key], id)
	}
}
