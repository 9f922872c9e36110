package dist

import (
	"context"
	"fmt"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/sente-go/sente/store"
)

// The forward wave of a tier marks what its reachable positions reach. A
// tier is taken up once every tier that leads to it has been, so the ranks
// marked in it by then are all of its reachable ranks but those it reaches
// from itself: a loopy tier runs rounds, each expanding the positions the
// last one reached, until a round reaches no new shard of it.

func init() {
	register.DoFn2x0[[]byte, func(int64)](&shardsFn{})
	register.Emitter1[int64]()
	register.DoFn4x1[context.Context, int64, func(int64, []byte), func(int64), error](&expandFn{})
	register.Emitter2[int64, []byte]()
	register.Function2x1(mergeOffsets)
	register.Function2x1(addBytes)
	register.Function1x0(discard)
	register.DoFn4x1[context.Context, int64, []byte, func(int64), error](&writeMarksFn{})
}

// settle ends a pipeline's writers: each emits the bytes it wrote, summed
// across a shuffle into a sink that keeps nothing. Prism spins a core for as
// long as a stage with no output runs (it waits on a channel that is
// closed from the start), which took one of two cores from a wave's
// longest step; a stage whose output crosses a shuffle waits quietly.
func settle(s beam.Scope, wrote beam.PCollection) {
	beam.ParDo0(s, discard, beam.Combine(s, addBytes, wrote))
}

func addBytes(a, b int64) int64 { return a + b }

func discard(int64) {}

// shardsFn lists the shards of a tier, one element each.
type shardsFn struct{ N int64 }

func (f *shardsFn) ProcessElement(_ []byte, emit func(int64)) {
	for i := range f.N {
		emit(i)
	}
}

// shards is a tier's shards, spread over the workers.
func shards(s beam.Scope, n int64) beam.PCollection {
	return beam.Reshuffle(s, beam.ParDo(s, &shardsFn{N: n}, beam.Impulse(s)))
}

// expandFn expands the positions of a shard that earlier rounds did not:
// it reads what every mark reached in the shard, writes the shard's
// reachable ranks for the round, and sends the children outside the shard
// to their shards, their ranks gathered by shard before the shuffle. A
// child in the shard itself is expanded in the same round. With Reemit it
// sends again the marks of a tier whose reachable ranks are stored, into
// its child tiers only, for a work directory that lost them.
type expandFn struct {
	Job    job
	Tier   int
	Round  int
	Reemit bool

	bytes beam.Counter
}

func (f *expandFn) Setup() { f.bytes = beam.NewCounter("sente", "mark-bytes") }

func (f *expandFn) ProcessElement(ctx context.Context, shard int64, emit func(int64, []byte), wrote func(int64)) error {
	tg, release, err := f.Job.begin(ctx, "reach", f.Tier, shard)
	if err != nil {
		return err
	}
	defer release()
	l, geo, t := f.Job.layout(), f.Job.geometry(), f.Tier
	lo, hi := geo.span(tg.Size(t), shard)
	words := int((hi - lo + 63) / 64)
	done := make([]uint64, words) // expanded in an earlier round
	reached := make([]uint64, words)
	if f.Reemit {
		path, ok, err := latestBefore(ctx, l.reachVersions(t, shard), -1)
		if err != nil || !ok {
			return fmt.Errorf("tier %d shard %d: no reachable ranks to send marks from (%v)", t, shard, err)
		}
		if reached, err = readReach(ctx, path, words); err != nil {
			return err
		}
	} else {
		path, ok, err := latestBefore(ctx, l.reachVersions(t, shard), f.Round)
		if err != nil {
			return err
		}
		if ok {
			if done, err = readReach(ctx, path, words); err != nil {
				return err
			}
			copy(reached, done)
		}
		marks, err := list(ctx, l.marksOf(t, shard))
		if err != nil {
			return err
		}
		for _, m := range marks {
			_, payload, err := readPart(ctx, m, partMarks)
			if err != nil {
				return err
			}
			offs, err := decodeOffsets(nil, payload)
			if err != nil {
				return fmt.Errorf("%s: %w", m, err)
			}
			for _, o := range offs {
				if uint64(o) >= hi-lo {
					return fmt.Errorf("%s: marks rank %d of a shard of %d", m, o, hi-lo)
				}
				setBit(reached, uint64(o))
			}
		}
	}
	fresh := make([]uint64, words)
	for i := range fresh {
		fresh[i] = reached[i] &^ done[i]
	}
	out := newGather()
	cur := tg.NewCursor()
	loops := tg.Loops(t)
	for anyBit(fresh) {
		next := make([]uint64, words)
		err := tg.Positions(t, lo, hi, fresh, func(_, key uint64) error {
			if _, ended, err := tg.Ended(key); ended || err != nil {
				return err
			}
			kids, err := cur.Children(t, key)
			if err != nil {
				return err
			}
			for _, k := range kids {
				if k.Tier == t {
					if f.Reemit || !loops {
						continue
					}
					if k.Rank >= lo && k.Rank < hi {
						if o := k.Rank - lo; !hasBit(reached, o) {
							setBit(reached, o)
							setBit(next, o)
						}
						continue
					}
				}
				out.add(shardKey(k.Tier, int64(k.Rank/geo.ShardRanks)), uint32(k.Rank%geo.ShardRanks))
			}
			return nil
		})
		if err != nil {
			return err
		}
		fresh = next
	}
	if err := tg.Err(); err != nil {
		return err
	}
	if !f.Reemit {
		if err := writePart(ctx, l.reach(t, shard, f.Round), partReach, partCounts{Positions: countBits(reached)}, wordsToBytes(reached)); err != nil {
			return err
		}
		wrote(int64(8 * len(reached)))
	}
	for i, dest := range out.Dests {
		b := encodeOffsets(sortedSet(out.Lists[i]))
		f.bytes.Inc(ctx, int64(len(b)+8))
		emit(dest, b)
	}
	return nil
}

func readReach(ctx context.Context, path string, words int) ([]uint64, error) {
	_, payload, err := readPart(ctx, path, partReach)
	if err != nil {
		return nil, err
	}
	w, err := bytesToWords(payload, words)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}

// writeMarksFn writes the marks a round sent to a shard, gathered from
// every shard that sent them.
type writeMarksFn struct {
	Job   job
	From  int
	Round int
}

func (f *writeMarksFn) ProcessElement(ctx context.Context, dest int64, offs []byte, wrote func(int64)) error {
	t, shard := unShardKey(dest)
	wrote(int64(len(offs)))
	return writePart(ctx, f.Job.layout().marks(t, shard, f.From, f.Round), partMarks, partCounts{}, offs)
}

// reachPipeline is one round of a tier's forward wave. With markDone (a
// tier without loops, whose one round is its last) it also stores the
// tier's reachable ranks, once its marks into markDone are written.
func reachPipeline(j job, tier, round int, n int64, reemit bool, markDone []int, storeIt bool) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	s = s.Scope(fmt.Sprintf("reach-t%d-k%d", tier, round))
	marks, parts := beam.ParDo2(s, &expandFn{Job: j, Tier: tier, Round: round, Reemit: reemit}, shards(s, n))
	gathered := beam.CombinePerKey(s, mergeOffsets, marks)
	wrote := beam.Flatten(s, parts, beam.ParDo(s, &writeMarksFn{Job: j, From: tier, Round: round}, gathered))
	if storeIt {
		storeTier(s, j, tier, store.Reachable, markDone, wrote)
	} else {
		settle(s, wrote)
	}
	return p
}

// inTierMarks reports whether round of tier sent marks into the tier.
func inTierMarks(ctx context.Context, l layout, tier, round int) (bool, error) {
	names, err := list(ctx, join(l.Work, "marks", tierDir(tier), fmt.Sprintf("s*.f%06d.k%04d", tier, round)))
	if err != nil {
		return false, err
	}
	for _, n := range names {
		if strings.HasSuffix(n, fmt.Sprintf(".k%04d", round)) {
			return true, nil
		}
	}
	return false, nil
}
