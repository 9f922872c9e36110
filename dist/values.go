package dist

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// The values wave of a tier runs once its child tiers are solved. Each
// shard asks every shard of a child tier it has moves into for the cells
// of those children (one request a pair of shards: the children's ranks,
// sorted and each once); each child shard answers with the cells in the
// same order; each shard folds its positions' children's cells into its
// own, as the tier engine does, and writes them. Two shuffles a wave, and
// no worker holds more than a few shards' cells.

func init() {
	register.DoFn4x1[context.Context, int64, func(int64, []byte), func(int64, []byte), error](&requestFn{})
	register.DoFn4x1[context.Context, int64, func(*[]byte) bool, func(int64, []byte), error](&answerFn{})
	register.Iter1[[]byte]()
	register.DoFn4x1[context.Context, int64, func(*[]byte) bool, func(int64), error](&solveShardFn{})
}

// Tags of the elements a shard's fold receives.
const (
	tagShard  byte = iota // the shard is to be solved
	tagAnswer             // a child shard's cells
)

// childRequests gathers, for the positions of a shard not ended, the ranks
// of their children in child tiers by the shard that holds them, sorted and
// each once: what the shard asks of each child shard.
func childRequests(tg *tiers.TierGame, cur *tiers.TierCursor, geo geometry, t int, lo, hi uint64, reach []uint64) (*gather, error) {
	asks := newGather()
	err := tg.Positions(t, lo, hi, reach, func(_, key uint64) error {
		if _, ended, err := tg.Ended(key); ended || err != nil {
			return err
		}
		kids, err := cur.Children(t, key)
		if err != nil {
			return err
		}
		for _, k := range kids {
			if k.Tier != t {
				asks.add(shardKey(k.Tier, int64(k.Rank/geo.ShardRanks)), uint32(k.Rank%geo.ShardRanks))
			}
		}
		return nil
	})
	asks.sortAll()
	return asks, err
}

// requestFn sends a shard's requests to the child shards, and the shard
// itself to its fold. A shard whose cells are written already (a wave
// stopped and run again) is skipped.
type requestFn struct {
	Job   job
	Tier  int
	Loops bool

	bytes beam.Counter
}

func (f *requestFn) Setup() { f.bytes = beam.NewCounter("sente", "request-bytes") }

func (f *requestFn) ProcessElement(ctx context.Context, shard int64, ask func(int64, []byte), fold func(int64, []byte)) error {
	tg, release, err := f.Job.begin(ctx, "request", f.Tier, shard)
	if err != nil {
		return err
	}
	defer release()
	l, geo, t := f.Job.layout(), f.Job.geometry(), f.Tier
	if !f.Loops {
		if ok, err := exists(ctx, l.values(t, shard)); err != nil {
			return err
		} else if ok {
			if _, _, err := readPart(ctx, l.values(t, shard), partValues); err == nil {
				return nil
			}
		}
	}
	lo, hi := geo.span(tg.Size(t), shard)
	reach, err := shardReach(ctx, l, t, shard, int((hi-lo+63)/64))
	if err != nil {
		return err
	}
	asks, err := childRequests(tg, tg.NewCursor(), geo, t, lo, hi, reach)
	if err != nil {
		return err
	}
	self := shardKey(t, shard)
	for i, dest := range asks.Dests {
		offs := asks.Lists[i]
		b := binary.LittleEndian.AppendUint64(nil, uint64(self))
		b = append(b, encodeOffsets(offs)...)
		f.bytes.Inc(ctx, int64(len(b)+8))
		ask(dest, b)
	}
	fold(self, []byte{tagShard})
	return nil
}

// shardReach is the newest version of a shard's reachable ranks.
func shardReach(ctx context.Context, l layout, t int, shard int64, words int) ([]uint64, error) {
	path, ok, err := latestBefore(ctx, l.reachVersions(t, shard), -1)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("tier %d shard %d: its reachable ranks are not in the work directory", t, shard)
	}
	return readReach(ctx, path, words)
}

// answerFn answers the requests of tier Tier's shards to a child shard
// with its cells.
type answerFn struct {
	Job  job
	Tier int

	bytes beam.Counter
}

func (f *answerFn) Setup() { f.bytes = beam.NewCounter("sente", "answer-bytes") }

func (f *answerFn) ProcessElement(ctx context.Context, child int64, requests func(*[]byte) bool, answer func(int64, []byte)) error {
	t, shard := unShardKey(child)
	tg, release, err := f.Job.begin(ctx, "answer", f.Tier, shard)
	if err != nil {
		return err
	}
	defer release()
	lo, hi := f.Job.geometry().span(tg.Size(t), shard)
	_, payload, err := readPart(ctx, f.Job.layout().values(t, shard), partValues)
	if err != nil {
		return err
	}
	cells, err := bytesToCells(payload, hi-lo)
	if err != nil {
		return err
	}
	var req []byte
	var offs []uint32
	for requests(&req) {
		if len(req) < 8 {
			return errors.New("a request without its shard")
		}
		parent := int64(binary.LittleEndian.Uint64(req))
		if offs, err = decodeOffsets(offs[:0], req[8:]); err != nil {
			return err
		}
		b := make([]byte, 0, 9+2*len(offs))
		b = append(b, tagAnswer)
		b = binary.LittleEndian.AppendUint64(b, uint64(child))
		for _, o := range offs {
			if uint64(o) >= hi-lo {
				return fmt.Errorf("tier %d shard %d: asked for rank %d of a shard of %d", t, shard, o, hi-lo)
			}
			c := cells[o]
			if c == store.Unreachable {
				return fmt.Errorf("tier %d rank %d is asked for as a child but is stored as unreachable", t, lo+uint64(o))
			}
			b = binary.LittleEndian.AppendUint16(b, uint16(c))
		}
		f.bytes.Inc(ctx, int64(len(b)+8))
		answer(parent, b)
	}
	return nil
}

// solveShardFn folds a shard's positions from its children's cells. In a
// tier without loops that solves the shard; in a loopy tier it is the
// first pass, which settles the positions whose every move leaves the tier
// and leaves the others to the rounds of retrograde analysis (loops.go).
type solveShardFn struct {
	Job   job
	Tier  int
	Loops bool
}

func (f *solveShardFn) ProcessElement(ctx context.Context, self int64, in func(*[]byte) bool, wrote func(int64)) error {
	t, shard := unShardKey(self)
	tg, release, err := f.Job.begin(ctx, "fold", t, shard)
	if err != nil {
		return err
	}
	defer release()
	l, geo := f.Job.layout(), f.Job.geometry()
	answers := map[int64][]byte{}
	solveIt := false
	var b []byte
	for in(&b) {
		switch {
		case len(b) == 1 && b[0] == tagShard:
			solveIt = true
		case len(b) >= 9 && b[0] == tagAnswer:
			answers[int64(binary.LittleEndian.Uint64(b[1:]))] = b[9:]
		default:
			return fmt.Errorf("tier %d shard %d: a message of %d bytes that is neither a shard nor an answer", t, shard, len(b))
		}
	}
	if !solveIt {
		return nil // written in an earlier run
	}
	lo, hi := geo.span(tg.Size(t), shard)
	reach, err := shardReach(ctx, l, t, shard, int((hi-lo+63)/64))
	if err != nil {
		return err
	}
	cur := tg.NewCursor()
	asks, err := childRequests(tg, cur, geo, t, lo, hi, reach)
	if err != nil {
		return err
	}
	asks.positions()
	answered := make([][]byte, len(asks.Dests))
	for i, dest := range asks.Dests {
		offs := asks.Lists[i]
		answered[i] = answers[dest]
		if len(answers[dest]) != 2*len(offs) {
			ct, cs := unShardKey(dest)
			return fmt.Errorf("tier %d shard %d: %d bytes of answer from tier %d shard %d for %d children", t, shard, len(answers[dest]), ct, cs, len(offs))
		}
	}
	n := hi - lo
	cells := make([]store.Cell, n)
	var loop *loopState
	if f.Loops {
		loop = newLoopState(n)
	}
	var inTier []uint64
	err = tg.Positions(t, lo, hi, reach, func(r, key uint64) error {
		o := r - lo
		c, ended, err := tg.Ended(key)
		if ended || err != nil {
			cells[o] = c
			return err
		}
		kids, err := cur.Children(t, key)
		if err != nil {
			return err
		}
		fold := tiers.NewFold()
		inTier = inTier[:0]
		for _, k := range kids {
			if k.Tier == t {
				inTier = append(inTier, k.Rank)
				continue
			}
			d := asks.lookup(shardKey(k.Tier, int64(k.Rank/geo.ShardRanks)))
			i, found := 0, false
			if d >= 0 {
				i, found = asks.position(d, uint32(k.Rank%geo.ShardRanks))
			}
			if !found {
				return fmt.Errorf("tier %d rank %d: child tier %d rank %d was not asked for", t, r, k.Tier, k.Rank)
			}
			fold.Add(store.Cell(binary.LittleEndian.Uint16(answered[d][2*i:])))
		}
		if len(inTier) == 0 {
			cells[o], err = fold.Cell()
			return err
		}
		slices.Sort(inTier)
		return loop.open(o, len(slices.Compact(inTier)), &fold)
	})
	if err != nil {
		return err
	}
	if err := tg.Err(); err != nil {
		return err
	}
	wrote(int64(2 * n))
	if f.Loops {
		loop.Cells = cells
		return writePart(ctx, l.loop(t, shard, 0), partLoop, partCounts{}, loop.encode())
	}
	return writePart(ctx, l.values(t, shard), partValues, countCells(cells), store.CellBytes(cells))
}

// valuesPipeline is the values wave of a tier, which stores its values
// at its end, or the first pass of a loopy one.
func valuesPipeline(j job, tier int, n int64, loops bool) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	s = s.Scope(fmt.Sprintf("values-t%d", tier))
	asks, selves := beam.ParDo2(s, &requestFn{Job: j, Tier: tier, Loops: loops}, shards(s, n))
	answers := beam.ParDo(s, &answerFn{Job: j, Tier: tier}, beam.GroupByKey(s, asks))
	wrote := beam.ParDo(s, &solveShardFn{Job: j, Tier: tier, Loops: loops}, beam.GroupByKey(s, beam.Flatten(s, answers, selves)))
	if loops {
		settle(s, wrote)
	} else {
		storeTier(s, j, tier, store.Values, nil, wrote)
	}
	return p
}
