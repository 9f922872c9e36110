package answer

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// A game whose ranks the tier engine discovers (a rules file's) says
// nothing of its size: it is sampled before a solve (explore's estimate,
// with the rate its rules run at), and the figures choose the engine under
// Auto, refuse a solve that would not fit, and tell the person what to
// expect.

// hashingBytes is what the hashing engine holds a position of a game whose
// ranks the tier engine would discover (a rules file's, interned in its
// table) at the peak of a solve: 187 bytes for examples/connect4.star 5x4,
// 284 for a file of Sim, measured.
const hashingBytes = 300

// estimateTime bounds the sampling of a rules file, whose rules may be slow.
const estimateTime = 3 * time.Second

// estimateSure stops the sampling early once the estimate's bounds are
// within this factor of each other: what a small file needs to be known.
const estimateSure = 3

// sampleBytes is the memory allowed for each position the sample expands:
// it meets several for each (every child of a playout's positions), and a
// rules file's table keeps them all.
const sampleBytes = 4000

// DiscoveredPlan is what a solve of a game whose ranks are discovered is
// expected to take.
type DiscoveredPlan struct {
	Estimate explore.Estimate
	// KeyBytes is the longest canonical byte string random play met,
	// rounded up to whole words: the bytes a position's key takes.
	KeyBytes int
	// Bytes is the memory at the peak, Disk what the tables take.
	Bytes, Disk float64
	// Moves is the disk the moves the forward pass records take while the
	// solve lasts (tiers.TierOptions.RecordMoves: at most half of what is
	// free; past that the solve asks the game again).
	Moves float64
	// Seconds is the wall time on Workers cores at the rate measured.
	Seconds float64
	Workers int
	// Loops are the tiers random play met a move inside (one that
	// leaves tier() as it was), in increasing order, and LoopPositions
	// the positions the estimate gives them: such a tier is settled by
	// retrograde analysis, whose positions the file is asked about
	// several times rather than once (loopAsks), counted in Seconds.
	Loops         []int
	LoopPositions float64
	// Parents says that the file lists parents (parents(p)).
	Parents bool
	// Rate is the positions a second one core expands, measured on
	// random games to the end (the sample's own rate counts its
	// bookkeeping too, many times the file's own time on a small file);
	// MovesRate, the positions a second it finds the moves of, as the
	// hashing engine does.
	Rate, MovesRate float64
}

// loopAsks is how many times the solve of a tier whose moves can stay in
// it asks the file about each of its positions: with parents(p), the first
// pass, parents(p) and the moves of each position lost again; without it,
// two passes more, which keep the moves inside the tier as parents. A tier
// without such moves reads the moves the forward pass recorded instead.
func loopAsks(parents bool) float64 {
	if parents {
		return 3
	}
	return 5
}

// String gives the plan in one line, for a person about to wait.
func (p DiscoveredPlan) String() string {
	e := p.Estimate
	count := "about " + quantity.FormatCount(e.Positions) + " positions"
	switch {
	case e.Exact:
		count = quantity.FormatCount(e.Positions) + " positions"
	case math.IsInf(e.High, 1):
		count += fmt.Sprintf(" (at least %s)", quantity.FormatCount(e.Low))
	default:
		count += fmt.Sprintf(" (%s to %s)", quantity.FormatCount(e.Low), quantity.FormatCount(e.High))
	}
	s := fmt.Sprintf("%s, %s of memory and %s of disk (and %s more while it solves), about %s on %d cores at %s positions a second each",
		count, quantity.FormatBytes(p.Bytes), quantity.FormatBytes(p.Disk), quantity.FormatBytes(p.Moves), quantity.FormatDuration(time.Duration(p.Seconds*float64(time.Second))), p.Workers, quantity.FormatCount(p.rate()))
	if len(p.Loops) > 0 {
		s += fmt.Sprintf("; moves stay inside %s (about %s positions), whose retrograde analysis asks the file about each position about %g times, not once",
			store.FormatTiers(p.Loops), quantity.FormatCount(p.LoopPositions), loopAsks(p.Parents))
		if !p.Parents {
			s += fmt.Sprintf(" (%g with a parents(p))", loopAsks(true))
		}
	}
	return s
}

// PlanDiscovered samples g, a game whose ranks the tier engine discovers,
// and plans its solve on workers cores (0: GOMAXPROCS). memory, when not
// zero, is the memory allowed: the sample keeps the positions it meets
// (a rules file's table holds a few hundred bytes each), and takes fewer
// under a small limit.
func PlanDiscovered(ctx context.Context, g sente.Game, workers int, memory uint64) (DiscoveredPlan, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	opt := explore.SampleOptions{Time: estimateTime, Sure: estimateSure}
	if memory > 0 {
		opt.Expansions = int(min(max(memory/sampleBytes, 10_000), explore.DefaultExpansions))
	}
	// The sample keeps what it meets in a table of its own, dropped
	// after: the game's own would keep it through the solve.
	graph, err := explore.ExpanderGraph(g)
	if err != nil {
		return DiscoveredPlan{}, err
	}
	est, err := explore.EstimateGraph(ctx, graph, graph.Key(g.Start()), opt)
	if err != nil {
		return DiscoveredPlan{}, err
	}
	// The sample's table is garbage now, and as large as a small game's
	// whole solve: it goes back to the system before the solve starts.
	graph = explore.KeyGraph{}
	debug.FreeOSMemory()
	play := playRandom(g)
	p := DiscoveredPlan{Estimate: est, Workers: workers, KeyBytes: play.keyBytes()}
	// The largest tier, by the estimate: its upper bound is often many
	// times more, and would refuse what fits.
	largest := 0.0
	for _, t := range est.Tiers {
		largest = max(largest, t.Positions)
	}
	if largest == 0 {
		largest = est.Positions
	}
	positions := est.Positions
	w := float64(p.KeyBytes)
	// The forward pass holds a tier's keys while it sorts and merges them
	// (twice) and the next tier's, repeats and all (twice again); the
	// solve holds a tier's cells and its child tier's, with both tiers'
	// keys mapped. Starlark's garbage comes on top.
	p.Bytes = max(4*w*largest, (2*w+5)*largest) + 128<<20
	p.Disk = positions * (w + 2 + 0.25 + 0.125)
	p.Moves = play.movesBytes(est)
	parents := sente.CapabilitiesOf(g).ExpandUnmover != nil
	p.Parents = parents
	for _, t := range est.Tiers {
		played, ok := play.tiers[t.Tier]
		if !ok || played.inside == 0 {
			continue
		}
		p.Loops = append(p.Loops, t.Tier)
		p.LoopPositions += t.Positions
		if !parents {
			// Its moves inside the tier, kept as parents while it is
			// solved (solve/tiers/tierparents.go), beside its cells.
			inside := played.inside / played.expanded
			p.Bytes = max(p.Bytes, (2*w+5)*largest+128<<20+t.Positions*(4+4*inside))
		}
	}
	scored := sente.Scored(g)
	if scored {
		// A game that ends in a score has its margins and their plies
		// valued beside the values (solve/tiers/tiermargin.go): four
		// bytes a rank of the tier and of the child tiers it reads, four
		// more of the tier while its pass finds them, and four a
		// position on disk, raw at the most.
		p.Bytes += 12 * largest
		p.Disk += 4 * positions
	}
	p.Rate, p.MovesRate = play.rate(), play.movesRate()
	if rate := p.rate(); rate > 0 {
		// Every position is expanded once, to find it; the solve reads
		// the moves the forward pass recorded and looks up their ranks,
		// a tenth or so more (solve/tiers/moves.go); a tier whose moves stay in
		// it asks the file again, several times.
		asks := est.Positions*1.1 + p.LoopPositions*(loopAsks(parents)-0.1)
		if scored {
			// The margins' pass reads the recorded moves again.
			asks += est.Positions * 0.1
		}
		p.Seconds = asks / rate / (tierEfficiency * float64(workers))
	}
	return p, nil
}

// rate is the positions a second one core expands: measured on random
// games, or else the sample's.
func (p DiscoveredPlan) rate() float64 {
	if p.Rate > 0 {
		return p.Rate
	}
	return p.Estimate.Rate
}

// randomPlay is what a few random games to the end met: the longest
// canonical bytes, and by tier the positions expanded, their children and
// the children's bytes.
type randomPlay struct {
	longest int
	tiers   map[int]*playedTier
	all     playedTier
	// took is the time the expansions took, the file's own code; moved
	// and moves, the time the same number of random games took to play
	// by the game's moves, the positions and the time: what the hashing
	// engine asks of each position (the tier engine's expansion also
	// writes each child's canonical bytes and its tier).
	took  time.Duration
	moved float64
	moves time.Duration
}

// rate is the positions a second the games expanded; 0 when too few were
// timed to tell.
func (r randomPlay) rate() float64 {
	if r.all.expanded < 32 || r.took <= 0 {
		return 0
	}
	return r.all.expanded / r.took.Seconds()
}

// movesRate is the positions a second the games played by the game's
// moves; 0 when too few were timed to tell.
func (r randomPlay) movesRate() float64 {
	if r.moved < 32 || r.moves <= 0 {
		return 0
	}
	return r.moved / r.moves.Seconds()
}

// playMoves plays a random game by g's moves, timing them by the CPU
// time they take.
func (r *randomPlay) playMoves(g sente.Game, rng *rand.Rand) {
	took := threadTimer{}.start()
	defer func() { r.moves += took() }()
	p := g.Start()
	for range 1000 {
		_, ended := g.Ended(p)
		var moves []sente.Move
		if !ended {
			moves = g.Moves(p)
		}
		r.moved++
		if ended || len(moves) == 0 {
			return
		}
		p = moves[rng.IntN(len(moves))].To
	}
}

type playedTier struct {
	expanded, children, bytes float64
	inside                    float64 // children in the tier itself
}

// recorded is what the forward pass records of a position of the tier: its
// count of children and, for each, a tier offset, a length and its bytes
// (solve/tiers/moves.go).
func (t playedTier) recorded() float64 {
	if t.expanded == 0 || t.children == 0 {
		return 1
	}
	kids := t.children / t.expanded
	return 1 + kids*(2+t.bytes/t.children)
}

// movesBytes is the disk the forward pass's record of moves takes, tier by
// tier as the estimate sizes them: random play meets the first tiers, where
// positions have the most moves, as often as the largest.
func (r randomPlay) movesBytes(est explore.Estimate) float64 {
	if len(est.Tiers) == 0 {
		return est.Positions * r.all.recorded()
	}
	total := 0.0
	for _, t := range est.Tiers {
		played, ok := r.tiers[t.Tier]
		if !ok || played.expanded < 4 {
			played = &r.all
		}
		total += t.Positions * played.recorded()
	}
	return total
}

// keyBytes is the longest bytes met rounded up to whole words, the bytes a
// key takes.
func (r randomPlay) keyBytes() int { return (max(r.longest, 8) + 7) / 8 * 8 }

// playTime is the CPU time random play takes at least (when 256 games do
// not take less), each way, for its rates.
const playTime = 20 * time.Millisecond

func playRandom(g sente.Game) randomPlay {
	caps := sente.CapabilitiesOf(g)
	x := caps.Expander
	rootTier := 0
	if caps.Tiered != nil && caps.Encoder != nil {
		rootTier = caps.Tiered.Tier(caps.Encoder.Encode(g.Start()))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	r := randomPlay{tiers: map[int]*playedTier{}}
	var e sente.Expansion
	// Sixteen games at least, and enough to time: a game by moves, then
	// one by expansions, so that both rates are measured alike.
	for i := 0; i < 16 || i < 256 && (r.took < playTime || r.moves < playTime); i++ {
		r.playMoves(g, rng)
		b, err := x.AppendBytes(nil, g.Start())
		if err != nil {
			break
		}
		tier := rootTier
		took := threadTimer{}.start()
		for range 1000 {
			r.longest = max(r.longest, len(b))
			if x.Expand(b, &e) != nil || e.Ended || e.Len() == 0 {
				break
			}
			t := r.tiers[tier]
			if t == nil {
				t = &playedTier{}
				r.tiers[tier] = t
			}
			for _, pt := range []*playedTier{t, &r.all} {
				pt.expanded++
				pt.children += float64(e.Len())
				pt.bytes += float64(len(e.Bytes))
				for _, ct := range e.Tiers {
					if ct == tier {
						pt.inside++
					}
				}
			}
			c := rng.IntN(e.Len())
			if len(e.Tiers) > c {
				tier = e.Tiers[c]
			}
			b = append(b[:0], e.Child(c)...)
		}
		r.took += took()
	}
	return r
}

// planDiscovered plans g's solve by the tier engine, for byTiers: false
// when Auto should leave the game to the hashing engine, a Refusal when it
// would not fit.
func planDiscovered(ctx context.Context, g sente.Game, dir string, opt Options) (bool, error) {
	plan := opt.Plan
	if plan == nil {
		p, err := chooseDiscovered(ctx, g, dir, opt)
		if err != nil {
			return false, err
		}
		plan = &p
	}
	if plan.Engine != Tiers {
		return false, nil
	}
	// Told only once the solve goes ahead: a refusal says the plan in its
	// own one line.
	if opt.Planned != nil && plan.Sample != nil {
		opt.Planned(*plan.Sample)
	}
	return true, nil
}

// chooseDiscovered samples g, a game whose ranks the tier engine
// discovers, and chooses its engine as for any game: both engines ask the
// file about each position once, the hashing engine on one core, holding
// a few hundred bytes a position, the tier engine on every core, holding
// a few, after a fixed cost a tier. dir, when not empty, is where its
// tables would go.
func chooseDiscovered(ctx context.Context, g sente.Game, dir string, opt Options) (Plan, error) {
	if opt.Engine == Hashing || opt.Engine == Auto && sente.CapabilitiesOf(g).Tiered == nil {
		// One loopy tier holds every position: the hashing engine.
		return Plan{Engine: Hashing}, nil
	}
	p, err := PlanDiscovered(ctx, g, 0, opt.MaxMemory)
	if err != nil {
		return Plan{}, err
	}
	hash, tiers := discoveredCosts(p)
	plan := Plan{Hashing: &hash, Tiers: &tiers, Dir: dir, Sample: &p}
	if dir != "" {
		var fs syscall.Statfs_t
		if err := syscall.Statfs(dir, &fs); err == nil {
			plan.Free = float64(fs.Bavail) * float64(fs.Bsize)
		} else {
			plan.Dir = ""
		}
	}
	return plan, plan.choose(g, opt)
}

// Choose is PlanOf for every game: a rules file, whose ranks the tier
// engine would discover, is sampled first, as Solve does (a few seconds at
// most). Options.Plan hands the plan to Solve.
func Choose(ctx context.Context, g sente.Game, opt Options) (Plan, error) {
	if !tiers.Discovers(g) {
		return PlanOf(g, opt)
	}
	dir, _, _ := opt.diskRoom()
	return chooseDiscovered(ctx, g, dir, opt)
}

// TierNote says, of a game whose ranks the tier engine would discover (a
// rules file), how the engines take it: what its tier() buys, or what one
// would. ok is false for other games.
func TierNote(g sente.Game) (note string, ok bool) {
	if !tiers.Discovers(g) {
		return "", false
	}
	caps := sente.CapabilitiesOf(g)
	classes := ""
	if caps.Symmetric != nil && caps.Encoder != nil {
		classes = "; with its canonical(p), the tier engine asked for symmetry finds and stores one position a class of symmetric positions"
	}
	switch {
	case caps.Tiered == nil:
		return "engines: the file defines no tier(p), so the hashing engine solves it, keeping a few hundred bytes a position; " +
			"a tier(p) that no move lowers (stones on the board, cards played) would let the tier engine solve it a tier at a time, on every core, in a few bytes a position" + classes, true
	case caps.ExpandUnmover == nil:
		return "engines: with its tier(p), the tier engine can solve it a tier at a time; " + AutoRule + "; " +
			"a tier whose moves stay in it is settled by retrograde analysis over its moves inside the tier, kept in memory (four bytes a position and a move), which asks the file about each of its positions about five times; a parents(p) makes it three" + classes, true
	}
	return "engines: with its tier(p) and parents(p), the tier engine can solve it a tier at a time; " + AutoRule + classes, true
}
