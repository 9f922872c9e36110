package answer

import (
	"math"
	"math/rand/v2"
	"runtime"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/tiers"
)

// Auto chooses an engine by what each would cost: its time, at rates
// measured on this project's machine (two cores; BENCHMARKS.md, "Auto: the
// engine by its cost"), and its memory at the peak. The figures below are
// those rates. Time decides; the memory allowed rules an engine out, and
// of two engines within a fifth of each other in time the one with less
// memory answers.
const (
	// hashSecondsPerPosition is the hashing engine's wall time a position
	// of a built-in game (encoded keys), exploring and solving: connect
	// four 5×4 and 6×4 take 1.0 to 1.1 µs a position, teeko 4×4 and five
	// men's morris, with loops and more moves, 3.
	hashSecondsPerPosition = 1.5e-6
	// hashSecondsPerExpansion is the hashing engine's time a position of a
	// rules file, in the time its moves take at the rate measured on one
	// core: the file's own code dominates, and the engine's table of
	// interned positions adds to it.
	hashSecondsPerExpansion = 1.2
	// tierStartSeconds and tierFileSeconds are the tier engine's fixed
	// costs: a directory in the store, then each tier's files written and
	// synced to disk (tic-tac-toe's 10 tiers take 0.5 s where the hashing
	// engine takes 0.05 s).
	tierStartSeconds = 0.3
	tierFileSeconds  = 0.04
	// tierSecondsPerRank is the tier engine's time a rank on one core, for
	// a tier without loops whose ranks are positions (connect four 5×4,
	// 0.28 µs; 6×4, 0.1 µs); a rank that stands for a class of symmetric
	// positions costs tierClassFactor times as much (its positions counted
	// and its children ranked through the symmetry), and a rank of a
	// loopy tier tierLoopFactor times (retrograde analysis or value
	// iteration over the tier).
	tierSecondsPerRank = 0.2e-6
	tierClassFactor    = 3
	tierLoopFactor     = 2
	// tierEfficiency is the share of each core the tier engine's workers
	// keep busy.
	tierEfficiency = 0.85
	// closeTimes is the ratio of times within which the engine with less
	// memory is chosen.
	closeTimes = 1.2
	// lowEstimate is how many times a game's estimate of its positions may
	// be short of the truth: an engine chosen for its memory must fit
	// that many times its estimate (a rules file's sample of Cram 5×5
	// said 678,471 positions where there are 1,125,703).
	lowEstimate = 2
)

// Cost is what one engine would take to answer a game from its start.
type Cost struct {
	Engine Engine // Hashing or Tiers
	// Positions is what the engine works through: the positions the
	// hashing engine would explore, the ranks of the tier engine's tiers
	// (one a class of symmetric positions for some games), or a rules
	// file's positions by a sample.
	Positions float64
	Seconds   float64 // wall time on Workers cores
	Bytes     float64 // memory at the peak
	Disk      float64 // disk its tables take at their peak; 0 for the hashing engine
	Workers   int
	Tiers     int // the tier engine's tiers
	// Sampled says that Positions is a rules file's, by a sample.
	Sampled bool
}

// hashingCost is the hashing engine's cost for a built-in game of
// positions positions (the game's estimate, or what its ranks stand for
// when that is more).
func hashingCost(g sente.Game, positions float64) Cost {
	return Cost{
		Engine: Hashing, Positions: positions, Workers: 1,
		Seconds: positions * hashSecondsPerPosition,
		Bytes:   positions * solve.BytesPerPosition(g),
	}
}

// tierWork is the tier engine's work on a game that ranks its positions,
// from its start: the tiers, their ranks, and what the ranks stand for.
type tierWork struct {
	tiers int
	ranks float64
	// weighted is the ranks weighted by what each costs (loopy tiers,
	// classes): the tier engine's time in units of a plain rank.
	weighted float64
	// positions is what the ranks stand for, by a sample of them: as many
	// as the ranks, or for a game whose ranks are classes of symmetric
	// positions, the positions of the classes (what the hashing engine
	// explores when the start reaches them).
	positions float64
}

// samplesPerWork is how many ranks tierWorkOf samples for the positions
// their classes hold.
const samplesPerWork = 2000

// tierWorkOf walks the tiers the start of g leads to; false when g does
// not rank its positions by tiers.
func tierWorkOf(g sente.Game) (tierWork, bool) {
	caps := sente.CapabilitiesOf(g)
	tr, enc := caps.TierRanker, caps.Encoder
	if tr == nil || enc == nil {
		return tierWork{}, false
	}
	root, _ := tr.TierRank(enc.Encode(g.Start()))
	seen := map[int]bool{}
	var order []int
	stack := []int{root}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[t] {
			continue
		}
		seen[t] = true
		order = append(order, t)
		stack = append(stack, tr.ChildTiers(t)...)
	}
	w := tierWork{tiers: len(order)}
	for _, t := range order {
		n := float64(tr.TierSize(t))
		w.ranks += n
		per := 1.0
		if tr.TierLoops(t) {
			per *= tierLoopFactor
		}
		w.weighted += n * per
	}
	w.positions = w.ranks
	if sr := caps.SymmetricRanker; sr != nil && sr.RanksBySymmetry() && w.ranks > 0 {
		w.weighted *= tierClassFactor
		w.positions = w.ranks * classPositions(tr, sr, order, w.ranks)
	}
	return w, true
}

// classPositions is the positions a rank stands for on average, by a
// sample of ranks drawn in proportion to their tiers' sizes: each a class
// of symmetric positions, with one side or two.
func classPositions(tr sente.TierRanker, sr sente.SymmetricRanker, order []int, ranks float64) float64 {
	rng := rand.New(rand.NewPCG(7, 45))
	var found, positions float64
	for range samplesPerWork * 4 {
		if found >= samplesPerWork {
			break
		}
		x := rng.Float64() * ranks
		t := order[len(order)-1]
		for _, u := range order {
			size := float64(tr.TierSize(u))
			if x < size {
				t = u
				break
			}
			x -= size
		}
		size := tr.TierSize(t)
		if size == 0 {
			continue
		}
		key, ok := tr.Unrank(t, rng.Uint64N(size))
		if !ok {
			continue
		}
		side, n := sr.ClassSide(key)
		found++
		if other := sr.OtherSide(key); other != key {
			if s2, _ := sr.ClassSide(other); s2 != side {
				n *= 2
			}
		}
		positions += float64(max(n, 1))
	}
	if found == 0 {
		return 1
	}
	return positions / found
}

// tierCost is the tier engine's cost for a game that ranks its positions:
// its plan's peak and disk, and the time of its work on workers cores.
func tierCost(g sente.Game, w tierWork, workers int) (Cost, bool) {
	peak, ranks, err := tiers.PlanTiers(g, workers)
	if err != nil {
		return Cost{}, false
	}
	disk, _ := tiers.PeakDiskBytes(g)
	return Cost{
		Engine: Tiers, Positions: float64(ranks), Workers: workers, Tiers: w.tiers,
		Seconds: tierStartSeconds + float64(w.tiers)*tierFileSeconds + w.weighted*tierSecondsPerRank/(tierEfficiency*float64(workers)),
		Bytes:   float64(peak),
		Disk:    float64(disk),
	}, true
}

// discoveredCosts are the two engines' costs for a rules file with tier(),
// by its plan (a sample of it): the hashing engine expands each position
// on one core, the tier engine on every core.
func discoveredCosts(p DiscoveredPlan) (hash, tiers Cost) {
	n := p.Estimate.Positions
	hash = Cost{Engine: Hashing, Positions: n, Workers: 1, Bytes: n * hashingBytes, Sampled: true}
	rate := p.MovesRate
	if rate == 0 {
		rate = p.rate()
	}
	if rate > 0 {
		hash.Seconds = n / rate * hashSecondsPerExpansion
	}
	tiers = Cost{
		Engine: Tiers, Positions: n, Workers: p.Workers, Tiers: len(p.Estimate.Tiers), Sampled: true,
		Seconds: tierStartSeconds + float64(len(p.Estimate.Tiers))*tierFileSeconds + p.Seconds,
		Bytes:   p.Bytes, Disk: p.Disk,
	}
	return hash, tiers
}

// faster reports whether a is to be chosen over b by time, and by memory
// when their times are close.
func faster(a, b Cost) bool {
	switch {
	case a.Seconds*closeTimes < b.Seconds:
		return true
	case b.Seconds*closeTimes < a.Seconds:
		return false
	}
	return a.Bytes <= b.Bytes
}

// workers is the cores the tier engine and search run on.
func workers() int { return max(runtime.GOMAXPROCS(0), 1) }

// finite keeps a figure printable.
func finite(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.MaxFloat64
	}
	return x
}
