package tiers

import (
	"context"
	"math"
	"slices"
	"sync/atomic"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// A tier whose moves can stay in it (TierLoops) is settled by retrograde
// analysis when the engine can list a position's parents in the tier, by
// value iteration otherwise; value iteration expands every position not
// settled yet again at each level, and a rules file without parents(p) is
// asked for its moves that many times: a file of sliding coins took 24
// times the CPU of the hashing engine on the tier engine, 179 positions a
// second (BENCHMARKS.md, "Tiers whose moves stay in them"). For a game
// that lists no parents (sente.Unmover), the engine now expands each
// position of such a tier once more, first, and keeps the moves that stay
// in the tier, turned round: the parents retrograde analysis asks for.

// maxRecordedMoves is how many moves inside a tier, on average over its
// positions, the engine keeps to list parents, four bytes each, counted in
// the memory plan (peakBytes). A tier with more is settled by value
// iteration.
const maxRecordedMoves = 16

// recordedBytes is what recording the parents of a tier of n ranks plans
// for: an index of four bytes a rank, and the moves.
func recordedBytes(n uint64) int64 { return int64(n) * (4 + 4*maxRecordedMoves) }

// recordedParents are the parents inside tier t of each of its ranks, as
// the moves of its reachable positions say: an Unmover for the tier's
// retrograde analysis. Keys are the engine's (a place, for a game whose
// ranks were discovered).
type recordedParents struct {
	e     *tierEngine
	t     int
	start []uint32 // by rank, where its parents begin in from; then the end
	from  []uint32 // parents' ranks, by child
}

// recordParents expands every reachable position of tier t twice, to count
// its moves inside the tier by child and then to keep them as parents, in
// as much memory as they take; false when the tier has more ranks or moves
// than four-byte ranks hold, or more moves than maxRecordedMoves a
// position.
func (e *tierEngine) recordParents(ctx context.Context, t int) (*recordedParents, bool, error) {
	n := e.size[t]
	if n >= math.MaxUint32 {
		return nil, false, nil
	}
	scratches := newScratch(e.workers)
	// each calls fn with every move inside the tier, parent and child.
	each := func(fn func(parent, child uint64)) error {
		return e.parallel(ctx, t, n, solve.PhaseRecordingParents, func(w int, lo, hi uint64) error {
			sc := &scratches[w]
			return e.eachExpanded(sc, t, lo, hi, e.reach[t][lo/64:(hi+63)/64], func(r, _ uint64, _ bool, _ sente.Value, kids []sente.TierPosition) error {
				for _, kid := range kids {
					if kid.Tier == t {
						fn(r, kid.Rank)
					}
				}
				return nil
			})
		})
	}
	p := &recordedParents{e: e, t: t, start: make([]uint32, n+1)}
	var total atomic.Uint64
	err := each(func(_, child uint64) {
		atomic.AddUint32(&p.start[child+1], 1)
		total.Add(1)
	})
	if err != nil {
		return nil, false, err
	}
	if total.Load() > maxRecordedMoves*countBits(e.reach[t]) || total.Load() >= math.MaxUint32 {
		return nil, false, nil
	}
	for i := range n {
		p.start[i+1] += p.start[i]
	}
	// Each child's parents fill its place from its start on: next counts
	// them, and is the start again once every parent is in.
	p.from = make([]uint32, total.Load())
	next := slices.Clone(p.start[:n])
	err = each(func(parent, child uint64) {
		p.from[atomic.AddUint32(&next[child], 1)-1] = uint32(parent)
	})
	if err != nil {
		return nil, false, err
	}
	return p, true, nil
}

// AppendParents appends the keys of the parents in the tier of the
// position of key, which is in the tier, each once.
func (p *recordedParents) AppendParents(dst []uint64, key uint64) []uint64 {
	t, r := p.e.ranker.TierRank(key)
	if t != p.t || r+1 >= uint64(len(p.start)) {
		return dst
	}
	from := p.from[p.start[r]:p.start[r+1]]
	for i, pr := range from {
		if i > 0 && slices.Contains(from[:i], pr) {
			continue
		}
		if k, ok := p.e.ranker.Unrank(p.t, uint64(pr)); ok {
			dst = append(dst, k)
		}
	}
	return dst
}
