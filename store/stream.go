package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// NewHeader is the header of the tier file of tier of the game of spec
// whose payload is payloadLen bytes of kind: every file of a game's table
// is made from one, whichever engine wrote it, so that two tables of one
// game are the same bytes.
func NewHeader(spec string, tier int, kind Kind, payloadLen uint64, counts Counts) (Header, error) {
	h := Header{Version: FormatVersion, Kind: kind, Tier: tier, BlockSize: BlockSize, PayloadLen: payloadLen, Counts: counts, Spec: spec}
	switch kind {
	case Values, Grundy, Margins, MarginPlies:
		if payloadLen%2 != 0 {
			return h, fmt.Errorf("tier %d values: %d bytes is not a whole number of cells", tier, payloadLen)
		}
		h.Ranks = payloadLen / 2
	case Reachable:
		h.Ranks = payloadLen * 8
	case Keys, Tiers, Positions, Frontier, Loops, Book, BookWork:
		h.Ranks = counts.Positions
	default:
		return h, fmt.Errorf("tier %d: unknown kind %d", tier, kind)
	}
	if len(spec) > maxSpec {
		return h, fmt.Errorf("game spec of %d bytes, a tier file holds at most %d", len(spec), maxSpec)
	}
	return h, nil
}

// FileName is the name of a tier's file in its game's directory.
func FileName(tier int, kind Kind) string { return fileName(tier, kind) }

// DirName is the name of the directory of the game of spec under a
// store's root: engines that write a store elsewhere than on a local disk
// (object storage, through Apache Beam's file systems) lay it out the same.
func DirName(spec string) string { return dirName(spec) }

// ManifestName is the name of the small file that names a game directory's
// spec and format.
const ManifestName = manifestName

// Manifest is the content of the manifest of spec's directory.
func Manifest(spec string) []byte { return manifestBytes(spec) }

// TierWriter writes a tier file to any writer as its payload streams in,
// computing each block's checksum on the way: the same bytes as
// GameStore.Write, for a writer that is not a local file. Write the
// payload, then Close, which appends the checksums; the writer is not
// closed.
type TierWriter struct {
	sums blockSums
	h    Header
	err  error
}

// NewTierWriter writes h (from NewHeader) to w.
func NewTierWriter(w io.Writer, h Header) (*TierWriter, error) {
	if h.BlockSize == 0 {
		return nil, errors.New("tier writer: block size 0")
	}
	if _, err := w.Write(h.encode()); err != nil {
		return nil, err
	}
	return &TierWriter{sums: blockSums{w: w, size: uint64(h.BlockSize), sums: make([]byte, 0, 4*h.Blocks())}, h: h}, nil
}

// Write writes payload bytes; more than the header's payload length is an
// error.
func (tw *TierWriter) Write(p []byte) (int, error) {
	if tw.err != nil {
		return 0, tw.err
	}
	if tw.sums.written+uint64(len(p)) > tw.h.PayloadLen {
		tw.err = fmt.Errorf("tier %d %s: payload longer than the %d bytes of its header", tw.h.Tier, tw.h.Kind, tw.h.PayloadLen)
		return 0, tw.err
	}
	n, err := tw.sums.Write(p)
	tw.err = err
	return n, err
}

// Close checks that the whole payload was written and writes the
// checksums of its blocks.
func (tw *TierWriter) Close() error {
	if tw.err != nil {
		return tw.err
	}
	if tw.sums.written != tw.h.PayloadLen {
		tw.err = fmt.Errorf("tier %d %s: %d payload bytes written of the %d of its header", tw.h.Tier, tw.h.Kind, tw.sums.written, tw.h.PayloadLen)
		return tw.err
	}
	err := tw.sums.close()
	tw.err = errors.New("tier writer: closed")
	return err
}

// blockSums passes a payload on to w, computing the checksum of each block
// of size bytes on the way; close writes the checksums after it.
type blockSums struct {
	w       io.Writer
	size    uint64
	written uint64 // payload bytes so far
	crc     uint32 // of the block being written
	sums    []byte
}

func (b *blockSums) Write(p []byte) (int, error) {
	for rest := p; len(rest) > 0; {
		n := min(uint64(len(rest)), b.size-b.written%b.size)
		if _, err := b.w.Write(rest[:n]); err != nil {
			return len(p) - len(rest), err
		}
		b.crc = crc32.Update(b.crc, castagnoli, rest[:n])
		b.written += n
		rest = rest[n:]
		if b.written%b.size == 0 {
			b.sums = binary.LittleEndian.AppendUint32(b.sums, b.crc)
			b.crc = 0
		}
	}
	return len(p), nil
}

func (b *blockSums) close() error {
	if b.written%b.size != 0 {
		b.sums = binary.LittleEndian.AppendUint32(b.sums, b.crc)
	}
	_, err := b.w.Write(b.sums)
	return err
}

// TierReader reads a tier file from any reader, in one pass: its header
// first (checked as Open checks it), then its payload, whose blocks are
// checked against the checksums that follow it once the payload has been
// read through. Read returns io.EOF only after every block passed and the
// file ended where its header says.
type TierReader struct {
	r      io.Reader
	name   string
	h      Header
	read   uint64
	crc    uint32
	sums   []uint32
	err    error
	closed bool
}

// NewTierReader reads and checks the header of the tier file r reads;
// name says which file in errors.
func NewTierReader(r io.Reader, name string) (*TierReader, error) {
	b := make([]byte, payloadAt)
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, fmt.Errorf("store: %s: reading its header: %w", name, err)
	}
	h, err := decodeHeader(b)
	if err == nil && h.Kind.cells() && h.Version == FormatVersion && h.PayloadLen != 2*h.Ranks {
		err = fmt.Errorf("%d payload bytes for %d cells", h.PayloadLen, h.Ranks)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", name, err)
	}
	return &TierReader{r: r, name: name, h: h}, nil
}

// Header is the file's header.
func (tr *TierReader) Header() Header { return tr.h }

// Read reads payload bytes.
func (tr *TierReader) Read(p []byte) (int, error) {
	if tr.err != nil {
		return 0, tr.err
	}
	if tr.read == tr.h.PayloadLen {
		tr.err = tr.finish()
		return 0, tr.err
	}
	p = p[:min(uint64(len(p)), tr.h.PayloadLen-tr.read)]
	n, err := tr.r.Read(p)
	bs := uint64(tr.h.BlockSize)
	for rest := p[:n]; len(rest) > 0; {
		k := min(uint64(len(rest)), bs-tr.read%bs)
		tr.crc = crc32.Update(tr.crc, castagnoli, rest[:k])
		tr.read += k
		rest = rest[k:]
		if tr.read%bs == 0 || tr.read == tr.h.PayloadLen {
			tr.sums = append(tr.sums, tr.crc)
			tr.crc = 0
		}
	}
	if errors.Is(err, io.EOF) && tr.read < tr.h.PayloadLen {
		err = fmt.Errorf("store: %s: the payload ends after %d of its %d bytes: truncated", tr.name, tr.read, tr.h.PayloadLen)
	}
	if err != nil && !errors.Is(err, io.EOF) {
		tr.err = err
		return n, err
	}
	return n, nil
}

// finish reads the checksum table and checks every block and the end of
// the file.
func (tr *TierReader) finish() error {
	table := make([]byte, 4*tr.h.Blocks())
	if _, err := io.ReadFull(tr.r, table); err != nil {
		return fmt.Errorf("store: %s: reading its checksums: %w", tr.name, err)
	}
	for b, got := range tr.sums {
		if binary.LittleEndian.Uint32(table[4*b:]) != got {
			lo := uint64(b) * uint64(tr.h.BlockSize)
			return &BlockError{Path: tr.name, Tier: tr.h.Tier, Kind: tr.h.Kind, Block: uint64(b), Start: lo, End: min(tr.h.PayloadLen, lo+uint64(tr.h.BlockSize))}
		}
	}
	var one [1]byte
	if n, _ := io.ReadFull(tr.r, one[:]); n != 0 {
		return fmt.Errorf("store: %s: the file goes on past what its header says: extended", tr.name)
	}
	return io.EOF
}
