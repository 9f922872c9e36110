package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// A compact values file (format version CompactVersion) holds a tier's
// cells compressed in frames of FrameRanks ranks, each frame on its own,
// so that a cell is read by decompressing one frame: the low bytes of the
// frame's cells, then their high bytes (a cell's value and the low bits of
// its remoteness apart from the rarely set high bits, which compress far
// better apart), compressed with zstd. The payload is the frames one
// after another, then the offset of each frame in the payload and the end
// of the last, little-endian words; the file's checksummed blocks cover
// them as they cover any payload. Unreachable ranks are zero cells, which
// the frames squeeze to almost nothing, so the file needs no index of the
// reachable ranks of its own.
const (
	CompactVersion = 2
	FrameRanks     = 1 << 16
)

// compactLevel is zstd's level for frames: on connect four's cells about
// a tenth smaller than its default level for a tenth more solve time, and
// within a sixth of its best at a third of the time (BENCHMARKS.md,
// "Compact tables").
const compactLevel = zstd.SpeedBetterCompression

// encoders are zstd encoders of compactLevel, one for each goroutine that
// compresses frames at a time: an Encoder hands its own encoders out one
// EncodeAll at a time (as many as its concurrency), so frames compressed
// on all cores through one Encoder of concurrency 1 took turns on one core.
// Encoders idle here are kept for the next tier, at most GOMAXPROCS of
// them, since each holds its tables (a few megabytes).
var encoders = make(chan *zstd.Encoder, runtime.GOMAXPROCS(0))

func getEncoder() *zstd.Encoder {
	select {
	case e := <-encoders:
		return e
	default:
	}
	e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(compactLevel), zstd.WithEncoderConcurrency(1))
	if err != nil {
		panic(err) // only for options that are bad, which these are not
	}
	return e
}

func putEncoder(e *zstd.Encoder) {
	select {
	case encoders <- e:
	default:
	}
}

var zstdDecoder = sync.OnceValue(func() *zstd.Decoder {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0))
	if err != nil {
		panic(err)
	}
	return d
})

// frames is the number of frames of a tier of ranks ranks.
func frames(ranks uint64) uint64 { return (ranks + FrameRanks - 1) / FrameRanks }

// CompactCells is the payload of a compact values file holding cells: its
// frames compressed on all cores. The same cells give the same bytes.
func CompactCells(cells []Cell) []byte {
	var b bytes.Buffer
	if err := writeCompactPayload(&b, cells); err != nil {
		panic(err) // a bytes.Buffer does not fail
	}
	return b.Bytes()
}

// frameRun is how many frames a goroutine compresses at a time, with one
// encoder and one buffer.
const frameRun = 16

// writeCompactPayload writes the compact payload of cells to w as it is
// compressed: the frames in order, runs of them compressed on all cores at
// once, then their offsets. It holds a few runs' frames at a time, not
// the tier's: a tier of a billion ranks compresses to hundreds of
// megabytes.
func writeCompactPayload(w io.Writer, cells []Cell) error {
	n := frames(uint64(len(cells)))
	runs := int((n + frameRun - 1) / frameRun)
	// Runs are compressed ahead of the one being written, at most ahead
	// of them, each into a buffer of its own that is used again, and at
	// most one a core at a time (an encoder each).
	cores := runtime.GOMAXPROCS(0)
	ahead := 2 * cores
	working := make(chan struct{}, cores)
	type run struct {
		data  []byte
		sizes [frameRun]int
		done  chan struct{}
	}
	free := make(chan []byte, ahead)
	compress := func(k int, r *run) {
		defer close(r.done)
		working <- struct{}{}
		defer func() { <-working }()
		enc := getEncoder()
		defer putEncoder(enc)
		plane := planes.Get().(*[]byte)
		defer planes.Put(plane)
		var data []byte
		select {
		case data = <-free:
		default:
		}
		data = data[:0]
		for i := uint64(k) * frameRun; i < min(uint64(k+1)*frameRun, n); i++ {
			lo := i * FrameRanks
			hi := min(lo+FrameRanks, uint64(len(cells)))
			m := int(hi - lo)
			p := (*plane)[:2*m]
			for j, c := range cells[lo:hi] {
				p[j] = byte(c)
				p[m+j] = byte(c >> 8)
			}
			before := len(data)
			data = enc.EncodeAll(p, data)
			r.sizes[i%frameRun] = len(data) - before
		}
		r.data = data
	}
	pending := make([]*run, runs)
	start := func(k int) {
		if k < runs {
			pending[k] = &run{done: make(chan struct{})}
			go compress(k, pending[k])
		}
	}
	for k := range min(ahead, runs) {
		start(k)
	}
	index := make([]byte, 0, 8*(n+1))
	var at uint64
	var werr error
	for k := range runs {
		r := pending[k]
		<-r.done
		pending[k] = nil
		start(k + ahead)
		for _, size := range r.sizes[:min(frameRun, n-uint64(k)*frameRun)] {
			index = binary.LittleEndian.AppendUint64(index, at)
			at += uint64(size)
		}
		if werr == nil {
			_, werr = w.Write(r.data)
		}
		select {
		case free <- r.data:
		default:
		}
	}
	if werr != nil {
		return werr
	}
	index = binary.LittleEndian.AppendUint64(index, at)
	_, err := w.Write(index)
	return err
}

// planes are buffers of the planes of a frame's cells, FrameBytes each.
var planes = sync.Pool{New: func() any { b := make([]byte, FrameBytes); return &b }}

// compactFrames reads frames back from a compact table, checking the
// blocks they lie in, and keeps the last few it decompressed: the cells a
// question asks for lie close together (a position and its children).
type compactFrames struct {
	t      *Table
	index  uint64 // where the offsets start in the payload
	n      uint64 // frames
	mu     sync.Mutex
	keep   int            // frames kept at most; keepFrames unless KeepFrames said
	recent []decoded      // the frames kept
	slot   map[uint64]int // where in recent a frame is kept
	clock  uint64
}

type decoded struct {
	frame uint64
	cells []Cell
	used  uint64
}

// keepFrames is how many decompressed frames a table keeps unless told
// otherwise (Table.KeepFrames).
const keepFrames = 16

// FrameBytes is the memory one decompressed frame takes.
const FrameBytes = 2 * FrameRanks

func newCompactFrames(t *Table) (*compactFrames, error) {
	n := frames(t.Header.Ranks)
	if t.Header.PayloadLen < 8*(n+1) {
		return nil, fmt.Errorf("%d payload bytes cannot hold the offsets of %d frames", t.Header.PayloadLen, n)
	}
	return &compactFrames{t: t, n: n, index: t.Header.PayloadLen - 8*(n+1), keep: keepFrames, slot: map[uint64]int{}}, nil
}

// bounds is where frame i lies in the payload.
func (c *compactFrames) bounds(i uint64) (lo, hi uint64, err error) {
	at := c.index + 8*i
	if err := c.t.VerifyRange(at, at+16); err != nil {
		return 0, 0, err
	}
	lo = binary.LittleEndian.Uint64(c.t.Data[at:])
	hi = binary.LittleEndian.Uint64(c.t.Data[at+8:])
	if lo > hi || hi > c.index {
		return 0, 0, fmt.Errorf("store: %s: tier %d %s: frame %d lies at bytes %d to %d of %d: the offsets are corrupted", c.t.Path, c.t.Header.Tier, c.t.Header.Kind, i, lo, hi, c.index)
	}
	return lo, hi, nil
}

// decode decompresses frame i into dst, which holds its cells.
func (c *compactFrames) decode(i uint64, dst []Cell) error {
	lo, hi, err := c.bounds(i)
	if err != nil {
		return err
	}
	if err := c.t.VerifyRange(lo, hi); err != nil {
		return err
	}
	plane, err := zstdDecoder().DecodeAll(c.t.Data[lo:hi], make([]byte, 0, 2*len(dst)))
	if err == nil && len(plane) != 2*len(dst) {
		err = fmt.Errorf("%d bytes, want %d", len(plane), 2*len(dst))
	}
	if err != nil {
		// The blocks passed their checksums: the file was written wrong.
		return fmt.Errorf("store: %s: tier %d %s: frame %d does not decompress: %w", c.t.Path, c.t.Header.Tier, c.t.Header.Kind, i, err)
	}
	n := len(dst)
	for j := range dst {
		dst[j] = Cell(plane[j]) | Cell(plane[n+j])<<8
	}
	return nil
}

func (c *compactFrames) frameLen(i uint64) int {
	return int(min(FrameRanks, c.t.Header.Ranks-i*FrameRanks))
}

// cell is the cell of rank.
func (c *compactFrames) cell(rank uint64) (Cell, error) {
	if rank >= c.t.Header.Ranks {
		return 0, fmt.Errorf("store: %s: rank %d is past the %d ranks of tier %d", c.t.Path, rank, c.t.Header.Ranks, c.t.Header.Tier)
	}
	i := rank / FrameRanks
	c.mu.Lock()
	c.clock++
	if k, ok := c.slot[i]; ok {
		d := &c.recent[k]
		d.used = c.clock
		cell := d.cells[rank%FrameRanks]
		c.mu.Unlock()
		return cell, nil
	}
	c.mu.Unlock()
	cells := make([]Cell, c.frameLen(i))
	if err := c.decode(i, cells); err != nil {
		return 0, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.slot[i]; ok {
		return cells[rank%FrameRanks], nil // another reader kept it meanwhile
	}
	if len(c.recent) < c.keep {
		c.slot[i] = len(c.recent)
		c.recent = append(c.recent, decoded{frame: i, cells: cells, used: c.clock})
	} else {
		// The least recently used goes: a scan, cheap beside the
		// decompression that made the miss.
		oldest := 0
		for k := range c.recent {
			if c.recent[k].used < c.recent[oldest].used {
				oldest = k
			}
		}
		delete(c.slot, c.recent[oldest].frame)
		c.slot[i] = oldest
		c.recent[oldest] = decoded{frame: i, cells: cells, used: c.clock}
	}
	return cells[rank%FrameRanks], nil
}

// KeepFrames sets how many decompressed frames of a compact table ReadCell
// keeps (FrameBytes each); a raw table ignores it. A reader that visits
// the whole tier out of order keeps as many as its memory allows.
func (t *Table) KeepFrames(n int) {
	if t.frames == nil {
		return
	}
	c := t.frames
	c.mu.Lock()
	defer c.mu.Unlock()
	c.keep = max(n, 1)
	for len(c.recent) > c.keep {
		last := len(c.recent) - 1
		delete(c.slot, c.recent[last].frame)
		c.recent = c.recent[:last]
	}
}

// all decompresses every frame, on all cores.
func (c *compactFrames) all() ([]Cell, error) {
	cells := make([]Cell, c.t.Header.Ranks)
	errs := make([]error, c.n)
	parallel(int(c.n), func(i int) {
		lo := uint64(i) * FrameRanks
		errs[i] = c.decode(uint64(i), cells[lo:lo+uint64(c.frameLen(uint64(i)))])
	})
	for _, err := range errs {
		if err != nil {
			return nil, err // the first, which names its block
		}
	}
	return cells, nil
}

// Compact reports whether the table is a compact values file.
func (t *Table) Compact() bool { return t.frames != nil }

// ReadCell is the cell of rank in a Values table, raw or compact, with
// the blocks that hold it checked.
func (t *Table) ReadCell(rank uint64) (Cell, error) {
	if t.frames != nil {
		return t.frames.cell(rank)
	}
	if rank >= uint64(len(t.Data))/2 {
		return 0, fmt.Errorf("store: %s: rank %d is past the %d ranks of tier %d", t.Path, rank, len(t.Data)/2, t.Header.Tier)
	}
	if err := t.VerifyRange(2*rank, 2*rank+2); err != nil {
		return 0, err
	}
	return t.Cell(rank), nil
}

// LoadCells is every cell of a Values table: a raw table's in place, its
// blocks checked when read (Verify); a compact table's decompressed into
// memory, two bytes a rank, each block checked.
func (t *Table) LoadCells() ([]Cell, error) {
	if t.frames != nil {
		return t.frames.all()
	}
	return t.Cells(), nil
}

// Compact rewrites a tier's values file in the compact form (format
// version CompactVersion), atomically, once every block of the raw file
// passes its checksum (a damaged block is never compressed into a file
// that passes), and then removes the tier's reachable bitset, which the
// values hold: a rank is reachable when its cell is not Unreachable. A
// compact file is left as it is.
func (g *GameStore) Compact(tier int) error {
	t, err := g.Open(tier, Values)
	if err != nil {
		return err
	}
	defer t.Close()
	if !t.Compact() {
		if err := t.Verify(); err != nil {
			return err
		}
		if err := g.writeCompact(t.Header, t.Cells()); err != nil {
			return err
		}
	}
	return g.Remove(tier, Reachable)
}

// WriteCompact stores a tier's values (kind Values), cells a rank, in the
// compact form at once: the same file as Write of the cells followed by
// Compact, and like Compact it removes the tier's reachable bitset, which
// the values hold. A solve writes a tier so when it is done with it,
// rather than writing two bytes a rank to read them back and compress
// them. A tier's Grundy values (kind Grundy) are written compact the same
// way.
func (g *GameStore) WriteCompact(tier int, kind Kind, cells []Cell, counts Counts) error {
	if !kind.cells() {
		return fmt.Errorf("store: tier %d: %s are not cells to compact", tier, kind)
	}
	h, err := NewHeader(g.Spec, tier, kind, 2*uint64(len(cells)), counts)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	g.mu.Lock()
	h.Ranking = g.ranking
	g.mu.Unlock()
	if err := g.writeCompact(h, cells); err != nil {
		return err
	}
	if kind != Values {
		return nil
	}
	if err := g.recordSeconds(tier, counts.Seconds); err != nil {
		return err
	}
	return g.Remove(tier, Reachable)
}

// writeCompact writes the compact values file of cells under the header
// of their raw file, h.
func (g *GameStore) writeCompact(h Header, cells []Cell) error {
	h.Version, h.BlockSize = CompactVersion, BlockSize
	return g.writeStreamed(h, func(w io.Writer) error { return writeCompactPayload(w, cells) })
}

// Expand rewrites a tier's compact values file raw, with its reachable
// bitset, which the values hold, beside it: what Compact undoes, for an
// engine that reads the cells of a tier in a stream rather than through
// Open (sente-dist resuming tables that the tier engine left compact). A
// raw file is left as it is.
func (g *GameStore) Expand(tier int) error {
	t, err := g.Open(tier, Values)
	if err != nil {
		return err
	}
	defer t.Close()
	if !t.Compact() {
		return nil
	}
	cells, err := t.LoadCells()
	if err != nil {
		return err
	}
	bits, reached := ReachableBits(cells)
	rh, err := NewHeader(g.Spec, tier, Reachable, uint64(len(bits)), Counts{Positions: reached})
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	rh.Ranking = t.Header.Ranking // indexed as the values are
	if err := g.writeFile(rh, bits); err != nil {
		return err
	}
	h := t.Header
	h.Version, h.PayloadLen, h.BlockSize = FormatVersion, 2*uint64(len(cells)), BlockSize
	return g.writeFile(h, CellBytes(cells))
}
