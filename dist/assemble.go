package dist

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/sente-go/sente/store"
)

// A tier is stored as one file, the one a single machine writes: the
// shards' parts in rank order after a header, with a checksum a block. A
// tier file read back is split into parts again when a solve resumes from
// a store whose work directory is gone, or that another engine filled.

func init() {
	register.DoFn3x1[context.Context, int64, func(int64), error](&assembleFn{})
	register.DoFn3x1[context.Context, []byte, func(int64), error](&splitFn{})
}

// payloadLen is the stored payload of a tier of size ranks.
func payloadLen(kind store.Kind, size uint64) uint64 {
	if kind == store.Values {
		return 2 * size
	}
	return (size + 63) / 64 * 8
}

func partKind(kind store.Kind) uint32 {
	if kind == store.Values {
		return partValues
	}
	return partReach
}

// partPath is the part of a shard a tier file is made of: a shard's cells,
// or the newest version of its reachable ranks.
func partPath(ctx context.Context, l layout, kind store.Kind, t int, shard int64) (string, error) {
	if kind == store.Values {
		return l.values(t, shard), nil
	}
	path, ok, err := latestBefore(ctx, l.reachVersions(t, shard), -1)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("tier %d shard %d: its reachable ranks are not in the work directory", t, shard)
	}
	return path, nil
}

// assembleFn writes a tier's file from its shards' parts. It runs in the
// pipeline of the wave that writes the parts, after every writer: its one
// element is the sum of what they wrote, which a batch runner gives only
// once every writer is done. A
// tier's reachable ranks are written once the child tiers' marks are
// (MarkDone says so), so that a stored reachable file means its marks are
// in the work directory.
type assembleFn struct {
	Job      job
	Tier     int
	Kind     store.Kind
	MarkDone []int // the child tiers whose marks from this tier are written

	bytes beam.Counter
}

func (f *assembleFn) Setup() { f.bytes = beam.NewCounter("sente", "stored-bytes") }

func (f *assembleFn) ProcessElement(ctx context.Context, _ int64, wrote func(int64)) error {
	if err := hook("assemble", f.Tier, -1); err != nil {
		return err
	}
	tg, err := f.Job.open()
	if err != nil {
		return err
	}
	l, geo, t := f.Job.layout(), f.Job.geometry(), f.Tier
	for _, c := range f.MarkDone {
		if err := writeBytes(ctx, l.marksDone(c, t), nil); err != nil {
			return err
		}
	}
	size := tg.Size(t)
	shards := geo.shards(size)
	paths := make([]string, shards)
	var counts store.Counts
	for i := range shards {
		if paths[i], err = partPath(ctx, l, f.Kind, t, i); err != nil {
			return err
		}
		head, err := readPrefix(ctx, paths[i], partHeaderSize)
		if err != nil {
			return err
		}
		c, _, err := decodePartHeader(head, partKind(f.Kind))
		if err != nil {
			return fmt.Errorf("%s: %w", paths[i], err)
		}
		counts.Positions += c.Positions
		counts.Win += c.Win
		counts.Lose += c.Lose
		counts.Tie += c.Tie
		counts.Draw += c.Draw
	}
	h, err := store.NewHeader(f.Job.Spec, t, f.Kind, payloadLen(f.Kind, size), counts)
	if err != nil {
		return err
	}
	if f.Kind == store.Values || f.Kind == store.Reachable {
		h.Ranking = tg.Ranking() // as the tier engine stamps its tables
	}
	f.bytes.Inc(ctx, int64(h.FileSize()))
	wrote(int64(h.FileSize()))
	return writeAtomic(ctx, l.final(t, f.Kind), func(w io.Writer) error {
		tw, err := store.NewTierWriter(w, h)
		if err != nil {
			return err
		}
		for i, path := range paths {
			lo, hi := geo.span(size, int64(i))
			_, payload, err := readPart(ctx, path, partKind(f.Kind))
			if err != nil {
				return err
			}
			if uint64(len(payload)) != payloadLen(f.Kind, hi-lo) {
				return fmt.Errorf("%s: %d bytes for a shard of %d ranks", path, len(payload), hi-lo)
			}
			if _, err := tw.Write(payload); err != nil {
				return err
			}
		}
		return tw.Close()
	})
}

// splitFn splits a stored tier file into its shards' parts.
type splitFn struct {
	Job  job
	Tier int
	Kind store.Kind
}

func (f *splitFn) ProcessElement(ctx context.Context, _ []byte, wrote func(int64)) error {
	if err := hook("split", f.Tier, -1); err != nil {
		return err
	}
	tg, err := f.Job.open()
	if err != nil {
		return err
	}
	l, geo, t := f.Job.layout(), f.Job.geometry(), f.Tier
	size := tg.Size(t)
	tr, closer, err := openStored(ctx, l.final(t, f.Kind), f.Job.Spec, t, f.Kind, size, tg.Ranking(), true)
	if err != nil {
		return err
	}
	defer closer.Close()
	for i := range geo.shards(size) {
		lo, hi := geo.span(size, i)
		payload := make([]byte, payloadLen(f.Kind, hi-lo))
		if _, err := io.ReadFull(tr, payload); err != nil {
			return err
		}
		if err := writeSplitPart(ctx, l, f.Kind, t, i, hi-lo, payload); err != nil {
			return err
		}
		wrote(int64(len(payload)))
	}
	if _, err := io.Copy(io.Discard, tr); err != nil {
		return err
	}
	bytesRead.Inc(ctx, int64(tr.Header().FileSize()))
	return nil
}

func writeSplitPart(ctx context.Context, l layout, kind store.Kind, t int, shard int64, ranks uint64, payload []byte) error {
	if kind == store.Values {
		cells, err := bytesToCells(payload, ranks)
		if err != nil {
			return err
		}
		return writePart(ctx, l.values(t, shard), partValues, countCells(cells), payload)
	}
	words, err := bytesToWords(payload, len(payload)/8)
	if err != nil {
		return err
	}
	return writePart(ctx, l.reach(t, shard, 0), partReach, partCounts{Positions: countBits(words)}, payload)
}

// storeTier writes a tier's file once every writer of wrote is done: the
// sum of what they wrote (and of a zero, so that there is a sum when they
// wrote nothing) is the assembly's one element. A side input would wait
// as well, and cost Prism 15 to 20 ms more a pipeline.
func storeTier(s beam.Scope, j job, tier int, kind store.Kind, markDone []int, wrote beam.PCollection) {
	total := beam.Combine(s, addBytes, beam.Flatten(s, wrote, beam.Create(s, int64(0))))
	settle(s, beam.ParDo(s, &assembleFn{Job: j, Tier: tier, Kind: kind, MarkDone: markDone}, total))
}

// assemblePipeline writes a tier's file from parts written before, for a
// loopy tier's forward wave, whose last round is known only once run.
func assemblePipeline(j job, tier int, kind store.Kind, markDone []int) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	s = s.Scope(fmt.Sprintf("store-t%d-%s", tier, kind))
	storeTier(s, j, tier, kind, markDone, beam.Create(s, int64(0)))
	return p
}

func splitPipeline(j job, tier int, kind store.Kind) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	s = s.Scope(fmt.Sprintf("split-t%d-%s", tier, kind))
	settle(s, beam.ParDo(s, &splitFn{Job: j, Tier: tier, Kind: kind}, beam.Impulse(s)))
	return p
}

// openStored opens a stored tier file and checks its header against the
// game: the spec, the tier, the kind and the payload's length (raw: the
// payload is to be read as cells or bits, not compact values). The reader
// checks each block as the payload is read; close the closer when done.
func openStored(ctx context.Context, path, spec string, tier int, kind store.Kind, size uint64, ranking uint32, raw bool) (*store.TierReader, io.Closer, error) {
	r, err := openRead(ctx, path)
	if err != nil {
		return nil, nil, err
	}
	tr, err := store.NewTierReader(r, path)
	if err != nil {
		r.Close()
		return nil, nil, err
	}
	h := tr.Header()
	// Compact values (the tier engine's, or this driver's once a local
	// store is finished) hold as many ranks in fewer bytes; a caller that
	// reads the payload as cells asks for the raw form (raw).
	compact := h.Version == store.CompactVersion
	switch {
	case h.Spec != spec:
		err = fmt.Errorf("%s holds game %q, not %q", path, h.Spec, spec)
	case h.Tier != tier || h.Kind != kind || compact && h.Ranks != size || !compact && h.PayloadLen != payloadLen(kind, size):
		err = fmt.Errorf("%s holds tier %d %s of %d bytes, not tier %d %s of %d", path, h.Tier, h.Kind, h.PayloadLen, tier, kind, payloadLen(kind, size))
	case h.Ranking != 0 && h.Ranking != ranking:
		err = fmt.Errorf("%s was ranked by another build of sente (ranking %08x, this build's %08x)", path, h.Ranking, ranking)
	case compact && raw:
		err = fmt.Errorf("%s holds tier %d's values compact, which the pipelines read only raw: solve the game again with sente solve", path, tier)
	}
	if err != nil {
		r.Close()
		return nil, nil, err
	}
	return tr, r, nil
}

// checkStored reads a stored tier file through, checking its header
// against the game and every block against its checksum: what a resumed
// solve asks before it skips a tier. A file that is not there is not
// stored; one that fails is not either, and the error says why.
func checkStored(ctx context.Context, path, spec string, tier int, kind store.Kind, size uint64, ranking uint32) (store.Header, bool, error) {
	if ok, err := exists(ctx, path); err != nil || !ok {
		return store.Header{}, false, err
	}
	tr, closer, err := openStored(ctx, path, spec, tier, kind, size, ranking, false)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, os.ErrNotExist) {
		return store.Header{}, false, nil
	}
	if err != nil {
		return store.Header{}, false, err
	}
	defer closer.Close()
	if _, err := io.Copy(io.Discard, tr); err != nil {
		return tr.Header(), false, err
	}
	return tr.Header(), true, nil
}
