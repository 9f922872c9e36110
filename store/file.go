package store

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Kind is what a tier file holds.
type Kind uint8

const (
	Values    Kind = iota // []Cell, two bytes a rank
	Reachable             // a bitset, one bit a rank
	// Keys is a tier's positions as sorted fixed-width keys, for a game
	// whose ranks the tier engine discovers (sente.Expander): one word
	// (little-endian uint64) giving the words a key, then the keys, a rank
	// each, every key's words in order, then how each position ends, two
	// bits a rank (a sente.Value, 0 for a position with moves), four ranks
	// a byte from the low bits, then whose turn it is, a bit a rank (set
	// for the second player), eight ranks a byte from the low bit (tables
	// of a sente before the turns were kept end after the ends).
	// Counts.Positions is the ranks.
	Keys
	// Tiers is the plan of tiers of a game whose ranks were discovered,
	// stored once (as tier 0) when every tier's keys are: little-endian
	// words, as package solve/tiers writes and reads them.
	Tiers
	// Positions is what the classes of a game whose ranks stand for
	// classes of symmetric positions stand for (sente.SymmetricRanker),
	// stored once (as tier 0) when every tier is solved: for each tier
	// in the order solved, six little-endian words, the tier and its
	// positions, won, lost, tied and drawn for the player to move; for
	// the tables of every position of their tiers, the tiers counted so
	// far, in increasing order, written again after each tier counted.
	// Counts.Positions is the positions of all tiers.
	Positions
	// Frontier is what a pass over the tiers parents first (the forward
	// pass, or the count of the positions classes stand for) had marked
	// in the tiers it had not come to when it last saved its work, so
	// that a pass stopped goes on from there rather than from its first
	// tier: its tier is the pass's number, its payload the pass's own
	// (see package solve/tiers). Removed once the pass is over.
	Frontier
	// Loops is what the retrograde analysis of a loopy tier had settled
	// when it last saved its work, at the end of a level, so that the
	// largest tiers, which take most of an hour, go on from there after a
	// stop: its tier is the tier's, its payload the tier engine's. Removed
	// once the tier is stored.
	Loops
	// Grundy is the Grundy values of a tier of an impartial game under
	// normal play, stored beside its values by the solve that made them:
	// two bytes a rank, each the value plus one, 0 where no position is
	// (a cell of Values being Unreachable), raw or compact as Values are.
	Grundy
	// Book is an opening book (package store/book): the canonical keys
	// of every position within a number of plies of the start, sorted,
	// each with its outcome; its tier is the plies, its payload the
	// book's own.
	Book
	// BookWork is the saved work of a book's build under way (package
	// store/book), so that a build stopped goes on from there: its tier
	// is the book's plies. Removed once the book is stored.
	BookWork
	// Margins is the margins of a tier of a game that ends in a score
	// (sente.Scorer), stored beside its values by the solve that made
	// them: two bytes a rank, each the margin for the player to move
	// zigzagged (0, -1, 1, -2, ... as 0, 1, 2, 3, ...) plus one, 0 where
	// no position is, raw or compact as Values are (MarginCell).
	Margins
	// MarginPlies is the plies to the end along the moves that keep each
	// margin of a tier's Margins: two bytes a rank, the plies plus one,
	// 0 where no position is.
	MarginPlies
)

// lastKind is the last Kind this build knows.
const lastKind = MarginPlies

// MarginKinds are the two files of a tier's margins, in the order their
// readers and writers take them: the margins, then their plies.
var MarginKinds = [2]Kind{Margins, MarginPlies}

// Ranked reports whether a table of kind is indexed by the game's ranks,
// and so carries their fingerprint (Header.Ranking).
func (k Kind) Ranked() bool {
	return k == Values || k == Reachable || k == Frontier || k == Loops || k.cells()
}

// cells reports whether a table of kind holds two bytes a rank, raw or
// compact (Values, Grundy and margins).
func (k Kind) cells() bool { return k == Values || k == Grundy || k == Margins || k == MarginPlies }

func (k Kind) String() string {
	switch k {
	case Values:
		return "values"
	case Reachable:
		return "reachable"
	case Keys:
		return "keys"
	case Tiers:
		return "tiers"
	case Positions:
		return "positions"
	case Frontier:
		return "frontier"
	case Loops:
		return "loops"
	case Grundy:
		return "grundy"
	case Book:
		return "book"
	case BookWork:
		return "book-work"
	case Margins:
		return "margins"
	case MarginPlies:
		return "margin-plies"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Counts are a tier's reachable positions by value and the seconds its
// solve took.
type Counts struct {
	Positions, Win, Lose, Tie, Draw uint64
	Seconds                         float64
}

// Add adds o's positions, all and by value, to c (not its seconds, which
// tiers solved side by side do not add up to).
func (c *Counts) Add(o Counts) {
	c.Positions += o.Positions
	c.Win += o.Win
	c.Lose += o.Lose
	c.Tie += o.Tie
	c.Draw += o.Draw
}

// FormatVersion is the version of the tier file format this package
// writes and reads.
const FormatVersion = 1

// BlockSize is the number of payload bytes each checksum covers.
const BlockSize = 1 << 20

const (
	magic       = "SENTETBL"
	payloadAt   = 4096 // alignment of the payload
	fixedHeader = 8 + 4 + 4 + 8 + 8 + 4 + 4 + 8 + 5*8 + 8 + 4
	maxSpec     = payloadAt - fixedHeader - 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Header is what a tier file says about itself.
type Header struct {
	Version    uint32
	Kind       Kind
	Tier       int
	Ranks      uint64 // ranks in the tier (for Reachable: payload bytes × 8)
	BlockSize  uint32
	PayloadLen uint64
	Counts     Counts
	Spec       string
	// Ranking is a fingerprint of the ranks the payload is indexed by
	// (the tier engine's, solve/tiers), so that a build of sente that ranks the game's
	// positions otherwise does not read the table as its own; 0 in
	// tables written before it was kept, and for kinds not indexed by
	// rank.
	Ranking uint32
}

// Blocks is the number of checksummed blocks of the payload.
func (h Header) Blocks() uint64 {
	return (h.PayloadLen + uint64(h.BlockSize) - 1) / uint64(h.BlockSize)
}

// FileSize is the size of the whole file the header describes.
func (h Header) FileSize() uint64 { return payloadAt + h.PayloadLen + 4*h.Blocks() }

func (h Header) encode() []byte {
	b := make([]byte, 0, payloadAt)
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint32(b, h.Version)
	b = binary.LittleEndian.AppendUint32(b, uint32(h.Kind))
	b = binary.LittleEndian.AppendUint64(b, uint64(int64(h.Tier)))
	b = binary.LittleEndian.AppendUint64(b, h.Ranks)
	b = binary.LittleEndian.AppendUint32(b, h.BlockSize)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(h.Spec)))
	b = binary.LittleEndian.AppendUint64(b, h.PayloadLen)
	for _, n := range []uint64{h.Counts.Positions, h.Counts.Win, h.Counts.Lose, h.Counts.Tie, h.Counts.Draw} {
		b = binary.LittleEndian.AppendUint64(b, n)
	}
	// The seconds a solve took, in files written before they were kept
	// beside the tables (seconds.json): zero now, so that a table's bytes
	// depend on the game alone.
	b = binary.LittleEndian.AppendUint64(b, 0)
	b = binary.LittleEndian.AppendUint32(b, h.Ranking)
	b = append(b, h.Spec...)
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
	return b[:payloadAt:payloadAt] // zero padding up to the payload
}

// decodeHeader reads a header from the first payloadAt bytes of a file.
func decodeHeader(b []byte) (Header, error) {
	var h Header
	if len(b) < payloadAt {
		return h, fmt.Errorf("file of %d bytes is shorter than a header (%d)", len(b), payloadAt)
	}
	if string(b[:8]) != magic {
		return h, fmt.Errorf("not a sente tier file (magic %q, want %q)", b[:8], magic)
	}
	le := binary.LittleEndian
	h.Version = le.Uint32(b[8:])
	if h.Version != FormatVersion && h.Version != CompactVersion {
		return h, fmt.Errorf("format version %d, this sente reads %d and %d", h.Version, FormatVersion, CompactVersion)
	}
	h.Kind = Kind(le.Uint32(b[12:]))
	h.Tier = int(int64(le.Uint64(b[16:])))
	h.Ranks = le.Uint64(b[24:])
	h.BlockSize = le.Uint32(b[32:])
	specLen := le.Uint32(b[36:])
	h.PayloadLen = le.Uint64(b[40:])
	c := b[48:]
	h.Counts = Counts{Positions: le.Uint64(c), Win: le.Uint64(c[8:]), Lose: le.Uint64(c[16:]), Tie: le.Uint64(c[24:]), Draw: le.Uint64(c[32:]),
		Seconds: math.Float64frombits(le.Uint64(c[40:]))}
	h.Ranking = le.Uint32(c[48:])
	if specLen > maxSpec {
		return h, fmt.Errorf("header names a spec of %d bytes, more than %d", specLen, maxSpec)
	}
	end := fixedHeader + int(specLen)
	h.Spec = string(b[fixedHeader:end])
	if got, want := crc32.Checksum(b[:end], castagnoli), le.Uint32(b[end:]); got != want {
		return h, fmt.Errorf("header checksum %08x, header says %08x: header corrupted", got, want)
	}
	if h.Kind > lastKind {
		return h, fmt.Errorf("unknown kind %d", h.Kind)
	}
	if h.Version == CompactVersion && !h.Kind.cells() {
		return h, fmt.Errorf("format version %d holds values, Grundy values or margins, not %s", h.Version, h.Kind)
	}
	if h.BlockSize == 0 {
		return h, errors.New("block size 0")
	}
	return h, nil
}

// fileName is the final name of a tier file.
func fileName(tier int, kind Kind) string {
	return fmt.Sprintf("tier-%06d.%s", tier, kind)
}

// testHookWrite, when set, is called before each chunk of a file is
// written, with the bytes written so far; an error it returns fails the
// write there. Tests use it to fail a write midway.
var testHookWrite func(written int64) error

const writeChunk = 8 << 20

// Write stores a tier's data atomically under its final name, replacing
// any previous file: Values data is []Cell as bytes (little-endian, see
// CellBytes), Reachable data a bitset. It writes a temporary file in the
// game's directory, syncs it, renames it and syncs the directory. The
// seconds of counts are kept beside the tables (see Open), not in the
// file, so that a table is the same bytes whoever solved it and however
// long it took.
func (g *GameStore) Write(tier int, kind Kind, data []byte, counts Counts) error {
	return g.WriteParts(tier, kind, [][]byte{data}, counts)
}

// WriteParts is Write of the payload made of parts one after the other,
// which it does not copy into one: a payload of gigabytes written from the
// arrays that hold it.
func (g *GameStore) WriteParts(tier int, kind Kind, parts [][]byte, counts Counts) error {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	h, err := NewHeader(g.Spec, tier, kind, uint64(n), counts)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if kind.Ranked() {
		g.mu.Lock()
		h.Ranking = g.ranking
		g.mu.Unlock()
	}
	if err := g.writeFile(h, parts...); err != nil {
		return err
	}
	if kind == Values {
		return g.recordSeconds(tier, counts.Seconds)
	}
	return nil
}

// writeFile writes a file of header h and payload data atomically.
func (g *GameStore) writeFile(h Header, parts ...[]byte) error {
	return g.writeStreamed(h, func(w io.Writer) error {
		for _, data := range parts {
			for part := data; len(part) > 0; {
				n := min(len(part), writeChunk)
				if _, err := w.Write(part[:n]); err != nil {
					return err
				}
				part = part[n:]
			}
		}
		return nil
	})
}

// writeStreamed writes a file of header h atomically, its payload what
// fill writes, whose length need not be known before: the header, with
// the payload's length, is written last, in its place before the payload.
func (g *GameStore) writeStreamed(h Header, fill func(w io.Writer) error) (err error) {
	tier, kind := h.Tier, h.Kind
	final := filepath.Join(g.Dir, fileName(tier, kind))
	f, err := createTemp(g.Dir, fileName(tier, kind))
	if err != nil {
		return fmt.Errorf("store: writing tier %d %s: %w", tier, kind, err)
	}
	renamed := false
	defer func() {
		if err != nil {
			if !renamed {
				discardTemp(f)
			}
			err = fmt.Errorf("store: writing %s: %w", final, err)
		}
	}()
	if h.BlockSize == 0 {
		return errors.New("block size 0")
	}
	if _, err := f.Seek(payloadAt, io.SeekStart); err != nil {
		return err
	}
	// Buffered: a compact payload comes as thousands of frames of a few
	// kilobytes, a write call each otherwise.
	bw := bufio.NewWriterSize(&hookedWriter{w: f}, writeChunk)
	sums := &blockSums{w: bw, size: uint64(h.BlockSize)}
	if err := fill(sums); err != nil {
		return err
	}
	if h.PayloadLen != sums.written && h.Version == FormatVersion {
		return fmt.Errorf("tier %d %s: %d payload bytes written of the %d of its header", tier, kind, sums.written, h.PayloadLen)
	}
	h.PayloadLen = sums.written
	if err := sums.close(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if _, err := f.WriteAt(h.encode(), 0); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	// An empty directory where the file belongs (put there by hand)
	// gives way; anything in it is not sente's to remove.
	if fi, serr := os.Lstat(final); serr == nil && fi.IsDir() {
		if os.Remove(final) != nil {
			return fmt.Errorf("%s is a directory where a table file belongs; remove it, or remove the game's tables with 'sente store rm'", final)
		}
	}
	renamed = true
	if err := finishTemp(f, final); err != nil {
		os.Remove(f.Name())
		return err
	}
	return syncDir(g.Dir)
}

// hookedWriter calls testHookWrite before each write.
type hookedWriter struct {
	w       *os.File
	written int64
}

func (h *hookedWriter) Write(p []byte) (int, error) {
	if testHookWrite != nil {
		if err := testHookWrite(h.written); err != nil {
			return 0, err
		}
	}
	n, err := h.w.Write(p)
	h.written += int64(n)
	return n, err
}

// parallel calls fn(i) for i in [0, n) on GOMAXPROCS goroutines.
func parallel(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				next.Lock()
				j := i
				i++
				next.Unlock()
				if j >= n {
					return
				}
				fn(j)
			}
		})
	}
	wg.Wait()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && runtime.GOOS != "windows" {
		return fmt.Errorf("syncing directory %s: %w", dir, err)
	}
	return nil
}

// Table is an open tier file. Data is its payload, mapped read-only: a
// write to it faults. It stays valid until Close.
type Table struct {
	Header Header
	Data   []byte
	Path   string
	sums   []byte // the checksum table
	m      mapping
	frames *compactFrames // a compact values file's frames; nil when raw

	checkOnce sync.Once
	checked   []atomic.Uint64 // a bit a block whose checksum passed
}

// Open maps the file of a tier read-only and checks its header: the format,
// the game's spec, the tier, the kind and the file's size. It does not read
// the payload; Verify does.
func (g *GameStore) Open(tier int, kind Kind) (*Table, error) {
	path := filepath.Join(g.Dir, fileName(tier, kind))
	t, err := openFile(path)
	if err != nil {
		return nil, err
	}
	h := t.Header
	switch {
	case h.Spec != g.Spec && (!kind.linkable() || h.Spec != EveryPosition(g.Spec)):
		// A tier's values of every position, and its margins, serve
		// here too (Link).
		err = fmt.Errorf("holds game %q, not %q", h.Spec, g.Spec)
	case h.Tier != tier:
		err = fmt.Errorf("holds tier %d, not %d", h.Tier, tier)
	case h.Kind != kind:
		err = fmt.Errorf("holds %s, not %s", h.Kind, kind)
	}
	if err != nil {
		t.Close()
		return nil, &DamagedError{Path: path, Err: err, seen: t.m.info}
	}
	if s, ok := g.secondsOf(tier); ok && kind == Values {
		t.Header.Counts.Seconds = s
	}
	return t, nil
}

// openFile maps a tier file and checks its header and size.
func openFile(path string) (*Table, error) {
	m, err := mapFile(path)
	if errors.Is(err, errDirectory) {
		return nil, &DamagedError{Path: path, Err: err, seen: m.info}
	}
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	b := m.bytes()
	h, err := decodeHeader(b)
	if err == nil && uint64(len(b)) != h.FileSize() {
		err = fmt.Errorf("file has %d bytes, its header says %d: truncated or extended", len(b), h.FileSize())
	}
	if err == nil && h.Kind.cells() && h.Version == FormatVersion && h.PayloadLen != 2*h.Ranks {
		err = fmt.Errorf("%d payload bytes for %d cells", h.PayloadLen, h.Ranks)
	}
	var t *Table
	if err == nil {
		end := payloadAt + h.PayloadLen
		t = &Table{Header: h, Path: path, Data: b[payloadAt:end:end], sums: b[end:], m: m}
		if h.Version == CompactVersion {
			t.frames, err = newCompactFrames(t)
		}
	}
	if err != nil {
		m.close()
		return nil, &DamagedError{Path: path, Err: err, seen: m.info}
	}
	return t, nil
}

// Cells is the payload of a raw Values table seen as cells, in place on
// little-endian machines; nil for a compact one (LoadCells reads either).
func (t *Table) Cells() []Cell {
	if t.frames != nil {
		return nil
	}
	n := len(t.Data) / 2
	if n == 0 {
		return nil
	}
	if littleEndian {
		return unsafe.Slice((*Cell)(unsafe.Pointer(&t.Data[0])), n)
	}
	cells := make([]Cell, n)
	for i := range cells {
		cells[i] = Cell(binary.LittleEndian.Uint16(t.Data[2*i:]))
	}
	return cells
}

// Cell is the cell of rank in a Values table.
func (t *Table) Cell(rank uint64) Cell {
	return Cell(binary.LittleEndian.Uint16(t.Data[2*rank:]))
}

// Reachable reports whether rank is set in a Reachable table.
func (t *Table) Reachable(rank uint64) bool { return Bit(t.Data, rank) }

var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// CellBytes is cells as the bytes Write takes for Values: in place on
// little-endian machines, a converted copy elsewhere.
func CellBytes(cells []Cell) []byte {
	if len(cells) == 0 {
		return nil
	}
	if littleEndian {
		return unsafe.Slice((*byte)(unsafe.Pointer(&cells[0])), 2*len(cells))
	}
	b := make([]byte, 2*len(cells))
	for i, c := range cells {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(c))
	}
	return b
}

// BlockError is a block whose checksum does not match its data.
type BlockError struct {
	Path       string
	Tier       int
	Kind       Kind
	Block      uint64
	Start, End uint64 // the block's payload bytes

	seen fs.FileInfo // the file read, for Replaced
}

// errDirectory is what mapFile says of a directory where a table file
// belongs (put there by hand, or by another program).
var errDirectory = errors.New("a directory where a table file belongs")

// DamagedError is a table file that cannot be trusted before its blocks
// are read: a header that fails its checksum or names another game, tier
// or kind, a size other than the header says, a directory where the file
// belongs. Solving the tier again replaces it.
type DamagedError struct {
	Path string
	Err  error

	seen fs.FileInfo // what was at Path, for Replaced; nil if unknown
}

func (e *DamagedError) Error() string { return fmt.Sprintf("store: %s: %v", e.Path, e.Err) }
func (e *DamagedError) Unwrap() error { return e.Err }

// Damaged reports whether err is a stored table damaged on disk (a
// *BlockError or a *DamagedError), which a solve of the game repairs, rather
// than a file that cannot be read at all or a table that is not there.
func Damaged(err error) bool {
	var block *BlockError
	var damaged *DamagedError
	return errors.As(err, &block) || errors.As(err, &damaged)
}

// Replaced reports whether the stored table that err failed to read (a
// *BlockError, a *DamagedError, or a file that was missing) is another
// file now: one a solve wrote in its place since, which a reader that
// keeps tables open (a server) must open again rather than keep reporting
// the damage of the old one. A file changed in place counts too.
func Replaced(err error) bool {
	var block *BlockError
	var damaged *DamagedError
	var missing *fs.PathError
	switch {
	case errors.As(err, &block):
		return changedSince(block.Path, block.seen)
	case errors.As(err, &damaged):
		return changedSince(damaged.Path, damaged.seen)
	case errors.As(err, &missing) && errors.Is(err, fs.ErrNotExist):
		_, err := os.Stat(missing.Path)
		return err == nil
	}
	return false
}

// changedSince reports whether the file at path is not the one seen, or
// has changed since; false when what was seen is not known.
func changedSince(path string, seen fs.FileInfo) bool {
	if seen == nil {
		return false
	}
	now, err := os.Stat(path)
	if err != nil {
		return true
	}
	return !os.SameFile(seen, now) || seen.Size() != now.Size() || !seen.ModTime().Equal(now.ModTime())
}

func (e *BlockError) Error() string {
	return fmt.Sprintf("store: %s: tier %d %s: block %d (payload bytes %d to %d) fails its checksum: the file is corrupted",
		e.Path, e.Tier, e.Kind, e.Block, e.Start, e.End)
}

// Verify checks every block's CRC-32C, on all cores, and returns a
// *BlockError naming the first bad block. A table not read from a file (a
// solve kept in memory) has no checksums and passes.
func (t *Table) Verify() error {
	if t.Path == "" {
		return nil // not read from a file: nothing to check
	}
	n := int(t.Header.Blocks())
	bad := make([]bool, n)
	parallel(n, func(i int) { bad[i] = !t.blockSound(uint64(i)) })
	for i, b := range bad {
		if b {
			return t.blockError(uint64(i))
		}
	}
	return nil
}

// VerifyRange checks the CRC-32C of the blocks that hold payload bytes lo
// to hi (exclusive) and have not passed yet, so that an answer read from a
// table too large to read through (a cell, a few children's cells) is
// checked at the cost of the blocks it reads. A table not read from a file
// (Path empty: a solve kept in memory) has no checksums and passes.
func (t *Table) VerifyRange(lo, hi uint64) error {
	if t.Path == "" || lo >= hi {
		return nil
	}
	bs := uint64(t.Header.BlockSize)
	for b := lo / bs; b <= (hi-1)/bs && b < t.Header.Blocks(); b++ {
		if !t.blockSound(b) {
			return t.blockError(b)
		}
	}
	return nil
}

// blockSound checks block b's checksum once; a block that passed is
// remembered.
func (t *Table) blockSound(b uint64) bool {
	t.checkOnce.Do(func() { t.checked = make([]atomic.Uint64, (t.Header.Blocks()+63)/64) })
	word, bit := &t.checked[b/64], uint64(1)<<(b%64)
	if word.Load()&bit != 0 {
		return true
	}
	h := t.Header
	bs := uint64(h.BlockSize)
	lo, hi := b*bs, min(h.PayloadLen, (b+1)*bs)
	if crc32.Checksum(t.Data[lo:hi], castagnoli) != binary.LittleEndian.Uint32(t.sums[4*b:]) {
		return false
	}
	word.Or(bit)
	return true
}

func (t *Table) blockError(b uint64) *BlockError {
	h := t.Header
	lo := b * uint64(h.BlockSize)
	return &BlockError{Path: t.Path, Tier: h.Tier, Kind: h.Kind, Block: b, Start: lo, End: min(h.PayloadLen, lo+uint64(h.BlockSize)), seen: t.m.info}
}

// Close unmaps the table. Data and Cells must not be used after.
func (t *Table) Close() error {
	t.Data, t.sums = nil, nil
	return t.m.close()
}

// Remove removes a tier's file of kind, when there is one.
func (g *GameStore) Remove(tier int, kind Kind) error {
	err := os.Remove(filepath.Join(g.Dir, fileName(tier, kind)))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Has reports whether the tier's file exists and passes its header check
// and every block's checksum: what a resumed solve asks before skipping a
// tier.
func (g *GameStore) Has(tier int, kind Kind) bool {
	t, err := g.Open(tier, kind)
	if err != nil {
		return false
	}
	defer t.Close()
	return t.Verify() == nil
}
