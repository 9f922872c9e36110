package hashing

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/solve"
)

// Options change what is solved and how.
type Options struct {
	// From is the root position; nil means the game's start.
	From sente.Position
	// Restrict limits a player's moves to a named policy of the game, such
	// as the niece in chopsticks ("second" -> "niece").
	Restrict map[sente.Player]string
	// Symmetry stores one position per class of symmetric positions.
	Symmetry bool
	// MaxPositions stops the solve with an error past this many positions;
	// zero means no limit.
	MaxPositions int
	// Progress, when set, is called now and then during long work.
	Progress func(solve.Progress)
}

func (o Options) report() func(solve.Progress) {
	if o.Progress == nil {
		return func(solve.Progress) {}
	}
	return o.Progress
}

// exploringBytes is what a position found costs while exploring: its
// eight-byte key in a slice that grows by doubling (up to twice that) and
// its four-byte slot in an index kept at most half full.
const exploringBytes = 24

// Solve explores every position reachable from the root and solves it.
// It stops early with ctx's error when ctx is cancelled.
func Solve(ctx context.Context, g sente.Game, opt Options) (*HashSolution, error) {
	start := time.Now()
	space, err := Explore(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	explored := time.Since(start)
	s, err := SolveSpace(ctx, g, space, opt)
	if err != nil {
		return nil, err
	}
	s.Explored = explored
	return s, nil
}

// Explore finds every position reachable from the root as Solve does:
// through the game's integer keys, with opt's restricted players and
// symmetry, reporting PhaseExploring. The space it returns is what
// SolveSpace solves and what nimber.OfSpace values, so that one
// exploration serves a strong solve and Grundy values alike.
func Explore(ctx context.Context, g sente.Game, opt Options) (*explore.Space, error) {
	graph, err := explore.KeyGraphOf(g, explore.KeyGraphOptions{Restrict: opt.Restrict, Symmetry: opt.Symmetry})
	if err != nil {
		return nil, err
	}
	root := opt.From
	if root == nil {
		root = g.Start()
	}
	progress := opt.report()
	return explore.Explore(ctx, graph, graph.Key(root), explore.Options{
		MaxPositions: opt.MaxPositions,
		Progress: func(found int) {
			progress(solve.Progress{Phase: solve.PhaseExploring, Done: found, Bytes: int64(found) * exploringBytes})
		},
	})
}

// SolveSpace solves every position of space, which Explore found from
// opt.From with opt.Restrict and opt.Symmetry (opt.MaxPositions no longer
// matters). The solution keeps the space; its Explored time is left for
// the caller, who explored.
func SolveSpace(ctx context.Context, g sente.Game, space *explore.Space, opt Options) (*HashSolution, error) {
	s := &HashSolution{
		game:     g,
		graph:    space.Graph(),
		space:    space,
		restrict: opt.Restrict,
		outcomes: make([][]packed, space.MaxTier()+1),
	}
	if space.Graph().Turn != nil {
		s.movers = make([][]uint64, space.MaxTier()+1)
	}
	start := time.Now()
	e := &engine{HashSolution: s, progress: opt.report()}
	e.held.Store(int64(space.Bytes()))
	tiers := space.Tiers()
	for i := len(tiers) - 1; i >= 0; i-- {
		if err := e.solveTier(ctx, tiers[i]); err != nil {
			return nil, err
		}
	}
	if scorer := sente.CapabilitiesOf(g).Scorer; scorer != nil && scorer.MaxScore() > 0 {
		if err := s.solveMargins(ctx, scorer); errors.Is(err, ErrRepeats) || errors.Is(err, ErrStalemate) {
			s.margins, s.marginErr = nil, err
		} else if err != nil {
			return nil, err
		}
	}
	s.Solved = time.Since(start)
	s.count()
	return s, nil
}

// engine carries the state of one solve across tiers.
type engine struct {
	*HashSolution
	progress func(solve.Progress)
	mu       sync.Mutex // serialises progress reports
	done     atomic.Int64
	held     atomic.Int64 // bytes, for Progress.Bytes
}

// block is how many positions a worker takes at a time: large enough to
// make the hand-out cheap, small enough to balance the cores. Tests lower it
// to run many workers on small graphs.
var block = 4096

// solveTier solves one tier, every higher tier being solved already.
//
// The first pass reads each position's children: those in higher tiers are
// known and folded in at once; those in this tier are recorded as edges.
// Positions with no children in the tier are settled by this pass, which
// runs on all cores since it only reads what is settled. The rest are
// settled by retrograde analysis over the recorded edges.
func (e *engine) solveTier(ctx context.Context, t *explore.Tier) error {
	n := len(t.Keys)
	out := make([]packed, n)
	e.outcomes[t.Number] = out
	e.held.Add(4 * int64(n))
	if e.movers != nil {
		e.movers[t.Number] = make([]uint64, (n+63)/64)
		e.held.Add(8 * int64((n+63)/64))
	}
	// The working arrays of a tier are dropped when it is solved.
	var working atomic.Int64
	defer func() { e.held.Add(-working.Load()) }()

	var (
		c     *retrograde
		once  sync.Once
		edges = make([][]explore.Edge, runtime.GOMAXPROCS(0))
		kids  = make([][]uint64, len(edges))
	)
	retrogradeFor := func() *retrograde {
		once.Do(func() {
			c = newRetrograde(n)
			working.Add(retrogradeBytes(n))
			e.held.Add(retrogradeBytes(n))
		})
		return c
	}
	workers := len(edges)
	if e.graph.Serial {
		workers = 1
	}
	err := solve.ForBlocks(ctx, workers, uint64(n), uint64(block), func(w int, lo64, hi64 uint64) error {
		lo, hi := int(lo64), int(hi64)
		var err error
		before := cap(edges[w])
		kids[w], edges[w], err = e.firstPass(t, out, lo, hi, kids[w], edges[w], retrogradeFor)
		if grown := 8 * int64(cap(edges[w])-before); grown != 0 {
			working.Add(grown)
			e.held.Add(grown)
		}
		if err != nil {
			return err
		}
		e.report(hi - lo)
		return nil
	})
	if err != nil {
		return err
	}
	if err := e.graph.Err(); err != nil {
		return err
	}
	if c == nil {
		return nil
	}
	if e.graph.Parents == nil {
		c.preds = explore.Predecessors(n, edges)
		var moves int64
		for _, list := range edges {
			moves += int64(len(list))
		}
		predBytes := 4 * (int64(n) + 1 + moves)
		working.Add(predBytes)
		e.held.Add(predBytes)
	}
	var movers []uint64
	if e.movers != nil {
		movers = e.movers[t.Number]
	}
	return c.solve(t, out, e.graph, movers)
}

// firstPass handles positions lo to hi of tier t. For a game that does
// not promise to alternate it notes whose turn it is at each position
// first: its parents, in this tier and below, compare it with theirs.
func (e *engine) firstPass(t *explore.Tier, out []packed, lo, hi int, kids []uint64, edges []explore.Edge, retrogradeFor func() *retrograde) ([]uint64, []explore.Edge, error) {
	var movers []uint64
	if e.movers != nil {
		movers = e.movers[t.Number]
	}
	for id := lo; id < hi; id++ {
		key := t.Keys[id]
		second := false
		if movers != nil {
			// Blocks as small as tests make them share words.
			if second = e.graph.Turn(key) == sente.Second; second {
				atomic.OrUint64(&movers[id/64], 1<<(id%64))
			}
		}
		if v, ended := e.graph.Ended(key); ended {
			if v != sente.Win && v != sente.Lose && v != sente.Tie {
				return kids, edges, fmt.Errorf("position %s ended with %v; a game ends with win, lose or tie", e.format(key), v)
			}
			out[id] = pack(v, 0)
			continue
		}
		kids = e.graph.Children(kids[:0], key)
		win, tie := infinity, infinity
		var loseMax uint32
		blocked, inTier := 0, 0
		for _, kid := range kids {
			number := e.space.TierOf(kid)
			if number == t.Number {
				if e.graph.Parents == nil {
					kidID, _ := t.Find(kid)
					edges = append(edges, explore.Edge{From: uint32(id), To: uint32(kidID)})
				}
				inTier++
				continue
			}
			o, kidID, ok := e.lookupID(number, kid)
			if !ok {
				return kids, edges, fmt.Errorf("position %s has a move to %s, which exploration did not reach", e.format(key), e.format(kid))
			}
			if movers != nil {
				o = o.facing(e.second(number, kidID) == second)
			}
			r := o.remoteness() + 1
			switch o.value() {
			case sente.Lose:
				win = min(win, r)
			case sente.Win:
				loseMax = max(loseMax, r)
			case sente.Tie:
				tie = min(tie, r)
				blocked++
			default:
				blocked++
			}
		}
		if inTier == 0 {
			out[id] = decide(win, tie, loseMax, blocked)
			if err := checkRemoteness(out[id].remoteness()); err != nil {
				return kids, edges, err
			}
			continue
		}
		c := retrogradeFor()
		c.count[id] = int32(inTier + blocked)
		c.win[id], c.tie[id], c.loseMax[id] = win, tie, loseMax
	}
	return kids, edges, nil
}

func retrogradeBytes(n int) int64 { return 16*int64(n) + int64(n+63)/64*8 }

// report counts solved positions and passes progress on now and then.
func (e *engine) report(solved int) {
	done := e.done.Add(int64(solved))
	if every := int64(1 << 16); done/every != (done-int64(solved))/every {
		e.mu.Lock()
		e.progress(solve.Progress{Phase: solve.PhaseSolving, Done: int(done), Total: e.space.Len(), Bytes: e.held.Load()})
		e.mu.Unlock()
	}
}

// decide is the value of a position all of whose children are known.
func decide(win, tie, loseMax uint32, blocked int) packed {
	return pack(solve.Decide(win, tie, loseMax, blocked))
}
