package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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

var (
	zstdEncoder = sync.OnceValue(func() *zstd.Encoder {
		e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(compactLevel), zstd.WithEncoderConcurrency(1))
		if err != nil {
			panic(err) // only for options that are bad, which these are not
		}
		return e
	})
	zstdDecoder = sync.OnceValue(func() *zstd.Decoder {
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0))
		if err != nil {
			panic(err)
		}
		return d
	})
)

// frames is the number of frames of a tier of ranks ranks.
func frames(ranks uint64) uint64 { return (ranks + FrameRanks - 1) / FrameRanks }

// CompactCells is the payload of a compact values file holding cells: its
// frames compressed on all cores. The same cells give the same bytes.
func CompactCells(cells []Cell) []byte {
	n := frames(uint64(len(cells)))
	out := make([][]byte, n)
	parallel(int(n), func(i int) {
		lo := uint64(i) * FrameRanks
		hi := min(lo+FrameRanks, uint64(len(cells)))
		plane := make([]byte, 2*(hi-lo))
		for j, c := range cells[lo:hi] {
			plane[j] = byte(c)
			plane[int(hi-lo)+j] = byte(c >> 8)
		}
		out[i] = zstdEncoder().EncodeAll(plane, nil)
	})
	var size uint64
	for _, f := range out {
		size += uint64(len(f))
	}
	payload := make([]byte, 0, size+8*(n+1))
	offsets := make([]uint64, 0, n+1)
	for _, f := range out {
		offsets = append(offsets, uint64(len(payload)))
		payload = append(payload, f...)
	}
	offsets = append(offsets, uint64(len(payload)))
	for _, o := range offsets {
		payload = binary.LittleEndian.AppendUint64(payload, o)
	}
	return payload
}

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
		return 0, 0, fmt.Errorf("store: %s: tier %d values: frame %d lies at bytes %d to %d of %d: the offsets are corrupted", c.t.Path, c.t.Header.Tier, i, lo, hi, c.index)
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
		return fmt.Errorf("store: %s: tier %d values: frame %d does not decompress: %w", c.t.Path, c.t.Header.Tier, i, err)
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
		payload := CompactCells(t.Cells())
		h := t.Header
		h.Version, h.PayloadLen, h.BlockSize = CompactVersion, uint64(len(payload)), BlockSize
		if err := g.writeFile(h, payload); err != nil {
			return err
		}
	}
	err = os.Remove(filepath.Join(g.Dir, fileName(tier, Reachable)))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: %w", err)
	}
	return nil
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
