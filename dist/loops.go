package dist

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// A loopy tier's values wave first folds what the child tiers settle
// (values.go); the positions with moves inside the tier stay pending, each
// with a count of its open children. Then retrograde analysis runs in
// rounds, one pipeline each, a level of remoteness a round, as the tier
// engine's solveRetrograde: a round settles the positions queued at its
// level and tells their parents in the tier (found by the game's
// un-moves), a shuffle keyed by the parent's shard; the next round reads
// what its shards were told. A lost position makes its parents won at the
// next level; a won one counts its parents' open children down, and the
// last makes a parent lost at the next level, or at that of a slower win
// in a child tier. Wins and losses first, then ties the same way, then the
// positions still pending are draws. A round with nothing to tell skips
// to the lowest level still queued.

func init() {
	register.DoFn4x1[context.Context, int64, func(int64, []byte), func([]byte), error](&loopRoundFn{})
	register.Emitter1[[]byte]()
	register.Function2x1(mergeMessages)
	register.Function2x1(mergeSummaries)
	register.DoFn4x1[context.Context, int64, []byte, func(int64), error](&writeInboxFn{})
	register.DoFn3x1[context.Context, []byte, func(int64), error](&writeSummaryFn{})
	register.DoFn3x1[context.Context, int64, func(int64), error](&finishFn{})
}

// messages are what a round tells a shard: the offsets of parents one of
// whose children was lost (tied, among ties), and of those one of whose
// children was won, once a child.
type messages struct {
	Lost, Won []uint32
}

func encodeMessages(m messages) []byte {
	slices.Sort(m.Lost)
	slices.Sort(m.Won)
	a, b := encodeOffsets(m.Lost), encodeOffsets(m.Won)
	out := binary.AppendUvarint(nil, uint64(len(a)))
	return append(append(out, a...), b...)
}

func decodeMessages(b []byte) (messages, error) {
	var m messages
	n, k := binary.Uvarint(b)
	if k <= 0 || uint64(len(b)-k) < n {
		return m, errors.New("messages: cut short")
	}
	var err error
	if m.Lost, err = decodeOffsets(nil, b[k:k+int(n)]); err != nil {
		return m, err
	}
	m.Won, err = decodeOffsets(nil, b[k+int(n):])
	return m, err
}

// mergeMessages gathers what two shards tell one.
func mergeMessages(a, b []byte) []byte {
	x, errA := decodeMessages(a)
	y, errB := decodeMessages(b)
	if errA != nil || errB != nil {
		return append(append([]byte(nil), a...), b...) // for the reader to refuse
	}
	return encodeMessages(messages{Lost: append(x.Lost, y.Lost...), Won: append(x.Won, y.Won...)})
}

// roundSummary is what a round leaves to do: the lowest level queued in
// any shard, and how many messages it sent.
type roundSummary struct {
	Next     uint32 `json:"next"`
	Messages uint64 `json:"messages"`
}

func encodeSummary(s roundSummary) []byte {
	return binary.AppendUvarint(binary.LittleEndian.AppendUint32(nil, s.Next), s.Messages)
}

func decodeSummary(b []byte) (roundSummary, error) {
	if len(b) < 5 {
		return roundSummary{}, errors.New("summary: cut short")
	}
	m, k := binary.Uvarint(b[4:])
	if k <= 0 {
		return roundSummary{}, errors.New("summary: bad count")
	}
	return roundSummary{Next: binary.LittleEndian.Uint32(b), Messages: m}, nil
}

func mergeSummaries(a, b []byte) []byte {
	x, errA := decodeSummary(a)
	y, errB := decodeSummary(b)
	if errA != nil || errB != nil {
		return nil // for the reader to refuse
	}
	return encodeSummary(roundSummary{Next: min(x.Next, y.Next), Messages: x.Messages + y.Messages})
}

// loopRoundFn runs a round on a shard: it reads what the shard was told,
// settles what is queued at the round's level, and tells the parents.
type loopRoundFn struct {
	Job   job
	Tier  int
	Round int
	Level uint32
	Ties  bool
	Start bool // the first round of a phase: queue its entries

	bytes beam.Counter
}

func (f *loopRoundFn) Setup() { f.bytes = beam.NewCounter("sente", "message-bytes") }

func (f *loopRoundFn) ProcessElement(ctx context.Context, shard int64, tell func(int64, []byte), report func([]byte)) error {
	t := f.Tier
	tg, release, err := f.Job.begin(ctx, "loop", t, shard)
	if err != nil {
		return err
	}
	defer release()
	l, geo := f.Job.layout(), f.Job.geometry()
	statePath, ok, err := latestBefore(ctx, l.loopVersions(t, shard), f.Round)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("tier %d shard %d: no state before round %d in the work directory", t, shard, f.Round)
	}
	inboxPath := l.inbox(t, shard, f.Round)
	told, err := exists(ctx, inboxPath)
	if err != nil {
		return err
	}
	if !f.Start && !told {
		// Nothing to do unless something is queued at this level, which
		// the state's first bytes say.
		head, err := readPrefix(ctx, statePath, partHeaderSize+4)
		if err != nil {
			return err
		}
		if _, _, err := decodePartHeader(head, partLoop); err != nil || len(head) < partHeaderSize+4 {
			return fmt.Errorf("%s: not a loop state (%v)", statePath, err)
		}
		if next := binary.LittleEndian.Uint32(head[partHeaderSize:]); next != f.Level {
			report(encodeSummary(roundSummary{Next: next}))
			return nil
		}
	}
	lo, hi := geo.span(tg.Size(t), shard)
	_, payload, err := readPart(ctx, statePath, partLoop)
	if err != nil {
		return err
	}
	s, err := decodeLoopState(payload, hi-lo)
	if err != nil {
		return fmt.Errorf("%s: %w", statePath, err)
	}
	var heard *messages
	if told {
		_, b, err := readPart(ctx, inboxPath, partInbox)
		if err != nil {
			return err
		}
		got, err := decodeMessages(b)
		if err != nil {
			return fmt.Errorf("%s: %w", inboxPath, err)
		}
		heard = &got
	}
	out := map[int64]*messages{}
	cur := tg.NewCursor()
	r := loopRound{Tier: t, Lo: lo, Level: f.Level, Ties: f.Ties, Start: f.Start, Inbox: inboxPath}
	err = r.run(s, heard, func(rank uint64) ([]uint64, error) { return cur.Parents(t, rank) }, func(p uint64, lost bool) {
		dest := shardKey(t, int64(p/geo.ShardRanks))
		m := out[dest]
		if m == nil {
			m = &messages{}
			out[dest] = m
		}
		if lost {
			m.Lost = append(m.Lost, uint32(p%geo.ShardRanks))
		} else {
			m.Won = append(m.Won, uint32(p%geo.ShardRanks))
		}
	})
	if err != nil {
		return err
	}
	if err := tg.Err(); err != nil {
		return err
	}
	if err := writePart(ctx, l.loop(t, shard, f.Round), partLoop, partCounts{}, s.encode()); err != nil {
		return err
	}
	var sent uint64
	for dest, m := range out {
		b := encodeMessages(*m)
		f.bytes.Inc(ctx, int64(len(b)+8))
		sent += uint64(len(m.Lost) + len(m.Won))
		tell(dest, b)
	}
	report(encodeSummary(roundSummary{Next: s.Next, Messages: sent}))
	return nil
}

// writeInboxFn writes what a round told a shard, for the next round.
type writeInboxFn struct {
	Job   job
	Round int // the round that reads it
}

func (f *writeInboxFn) ProcessElement(ctx context.Context, dest int64, b []byte, wrote func(int64)) error {
	t, shard := unShardKey(dest)
	wrote(int64(len(b)))
	return writePart(ctx, f.Job.layout().inbox(t, shard, f.Round), partInbox, partCounts{}, b)
}

// writeSummaryFn writes what a round left to do, for the driver.
type writeSummaryFn struct {
	Job   job
	Tier  int
	Round int
}

func (f *writeSummaryFn) ProcessElement(ctx context.Context, b []byte, wrote func(int64)) error {
	wrote(int64(len(b)))
	s, err := decodeSummary(b)
	if err != nil {
		return err
	}
	j, _ := json.Marshal(s)
	return writeBytes(ctx, f.Job.layout().summary(f.Tier, f.Round), j)
}

func readSummary(ctx context.Context, l layout, tier, round int) (roundSummary, error) {
	var s roundSummary
	b, err := readFile(ctx, l.summary(tier, round))
	if err != nil {
		return s, fmt.Errorf("tier %d round %d left no summary: %w", tier, round, err)
	}
	err = json.Unmarshal(b, &s)
	return s, err
}

// finishFn makes the positions still pending draws and writes the shard's
// cells.
type finishFn struct {
	Job   job
	Tier  int
	Round int
}

func (f *finishFn) ProcessElement(ctx context.Context, shard int64, wrote func(int64)) error {
	t := f.Tier
	tg, release, err := f.Job.begin(ctx, "finish", t, shard)
	if err != nil {
		return err
	}
	defer release()
	l := f.Job.layout()
	lo, hi := f.Job.geometry().span(tg.Size(t), shard)
	path, ok, err := latestBefore(ctx, l.loopVersions(t, shard), f.Round)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("tier %d shard %d: no state to finish in the work directory", t, shard)
	}
	_, payload, err := readPart(ctx, path, partLoop)
	if err != nil {
		return err
	}
	s, err := decodeLoopState(payload, hi-lo)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for o := range s.Cells {
		if hasBit(s.Pending, uint64(o)) {
			s.Cells[o] = store.Pack(sente.Draw, 0)
		}
	}
	wrote(int64(2 * len(s.Cells)))
	return writePart(ctx, l.values(t, shard), partValues, countCells(s.Cells), store.CellBytes(s.Cells))
}

// loopRoundPipeline is one round of a loopy tier.
func loopRoundPipeline(j job, tier, round int, level uint32, ties, start bool, n int64) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	s = s.Scope(fmt.Sprintf("loop-t%d-k%d", tier, round))
	told, reports := beam.ParDo2(s, &loopRoundFn{Job: j, Tier: tier, Round: round, Level: level, Ties: ties, Start: start}, shards(s, n))
	settle(s, beam.Flatten(s,
		beam.ParDo(s, &writeInboxFn{Job: j, Round: round + 1}, beam.CombinePerKey(s, mergeMessages, told)),
		beam.ParDo(s, &writeSummaryFn{Job: j, Tier: tier, Round: round}, beam.Combine(s, mergeSummaries, reports))))
	return p
}

// finishPipeline ends a loopy tier's values wave and stores its values.
func finishPipeline(j job, tier, round int, n int64) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	s = s.Scope(fmt.Sprintf("finish-t%d", tier))
	storeTier(s, j, tier, store.Values, nil, beam.ParDo(s, &finishFn{Job: j, Tier: tier, Round: round}, shards(s, n)))
	return p
}
