package dist

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	// A path with no scheme is on the local disk, in tests and on Prism.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
)

// Every file of a distributed solve goes through Beam's file systems, so
// that the same code writes a local directory on Prism and a bucket on
// Dataflow: a path with no scheme is a local path, gs://… is Google Cloud
// Storage, s3://… Amazon S3 (cmd/sente-dist registers them).

var (
	fsMu    sync.Mutex
	fsByKey = map[string]filesystem.Interface{}

	// What the steps read and write through the file systems: the
	// traffic a solve makes with its bucket. Counted only in a step (the
	// driver's own small files have no counters).
	bytesRead    = beam.NewCounter("sente", "bytes-read")
	bytesWritten = beam.NewCounter("sente", "bytes-written")
)

// fsOf is the file system of path, one per scheme for the process: a
// cloud file system holds a client worth keeping.
func fsOf(ctx context.Context, path string) (filesystem.Interface, error) {
	scheme := "default"
	if i := strings.Index(path, "://"); i > 0 {
		scheme = path[:i]
	}
	fsMu.Lock()
	defer fsMu.Unlock()
	if fs, ok := fsByKey[scheme]; ok {
		return fs, nil
	}
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	fsByKey[scheme] = fs
	return fs, nil
}

// isLocal reports whether path is on the local disk.
func isLocal(path string) bool { return !strings.Contains(path, "://") }

// join joins a directory and names with slashes, as every scheme wants.
func join(dir string, names ...string) string {
	return strings.TrimRight(dir, "/") + "/" + strings.Join(names, "/")
}

// openRead opens a file for reading through its file system.
func openRead(ctx context.Context, path string) (io.ReadCloser, error) {
	fs, err := fsOf(ctx, path)
	if err != nil {
		return nil, err
	}
	return fs.OpenRead(ctx, path)
}

// readFile reads a whole file.
func readFile(ctx context.Context, path string) ([]byte, error) {
	r, err := openRead(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	bytesRead.Inc(ctx, int64(len(b)))
	return b, err
}

// readPrefix reads the first n bytes of a file, or all of a shorter one.
func readPrefix(ctx context.Context, path string, n int) ([]byte, error) {
	r, err := openRead(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b := make([]byte, n)
	k, err := io.ReadFull(r, b)
	bytesRead.Inc(ctx, int64(k))
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	return b[:k], err
}

// writeAtomic writes a file through a temporary name beside it and a
// rename, so that a reader sees the whole file or none: a worker killed
// midway leaves a temporary, never a part file cut short. Local files are
// synced, and their directory after the rename.
func writeAtomic(ctx context.Context, path string, write func(w io.Writer) error) (err error) {
	fs, err := fsOf(ctx, path)
	if err != nil {
		return err
	}
	var salt [6]byte
	rand.Read(salt[:])
	dir, base := path[:strings.LastIndex(path, "/")+1], path[strings.LastIndex(path, "/")+1:]
	// The store removes temporaries of this form left in a game's
	// directory (store.Store.Game).
	tmp := dir + ".tmp-dist-" + hex.EncodeToString(salt[:]) + "-" + base
	w, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			if rm, ok := fs.(filesystem.Remover); ok {
				rm.Remove(ctx, tmp)
			}
			err = fmt.Errorf("writing %s: %w", path, err)
		}
	}()
	cw := &countingWriter{w: w}
	if err := write(cw); err != nil {
		w.Close()
		return err
	}
	bytesWritten.Inc(ctx, cw.n)
	if f, ok := w.(*os.File); ok {
		if err := f.Sync(); err != nil {
			w.Close()
			return err
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	if err := rename(ctx, fs, tmp, path); err != nil {
		return err
	}
	if isLocal(path) {
		return syncDir(filepath.Dir(path))
	}
	return nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

func rename(ctx context.Context, fs filesystem.Interface, from, to string) error {
	if r, ok := fs.(filesystem.Renamer); ok {
		return r.Rename(ctx, from, to)
	}
	c, okCopy := fs.(filesystem.Copier)
	rm, okRemove := fs.(filesystem.Remover)
	if !okCopy || !okRemove {
		return fmt.Errorf("the file system of %s can neither rename nor copy and remove a file", to)
	}
	if err := c.Copy(ctx, from, to); err != nil {
		return err
	}
	return rm.Remove(ctx, from)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	d.Sync() // not every file system syncs a directory; the rename stands
	return nil
}

// writeBytes writes a small file atomically.
func writeBytes(ctx context.Context, path string, b []byte) error {
	return writeAtomic(ctx, path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// list is the files that glob matches, sorted.
func list(ctx context.Context, glob string) ([]string, error) {
	fs, err := fsOf(ctx, glob)
	if err != nil {
		return nil, err
	}
	names, err := fs.List(ctx, glob)
	if err != nil {
		return nil, err
	}
	return names, nil
}

// exists reports whether a file exists.
func exists(ctx context.Context, path string) (bool, error) {
	names, err := list(ctx, path)
	return len(names) > 0, err
}

// remove deletes files; a file already gone is no error.
func remove(ctx context.Context, paths ...string) error {
	for _, p := range paths {
		fs, err := fsOf(ctx, p)
		if err != nil {
			return err
		}
		rm, ok := fs.(filesystem.Remover)
		if !ok {
			return fmt.Errorf("the file system of %s cannot remove a file", p)
		}
		if err := rm.Remove(ctx, p); err != nil && !errors.Is(err, os.ErrNotExist) {
			if ok, _ := exists(ctx, p); ok {
				return err
			}
		}
	}
	return nil
}

// removeMatching deletes every file glob matches.
func removeMatching(ctx context.Context, glob string) error {
	names, err := list(ctx, glob)
	if err != nil {
		return err
	}
	return remove(ctx, names...)
}

// A part file holds one shard's share of a tier or of a loopy tier's
// work: a small header (magic, kind, and what its writer counted), the
// payload, and the CRC-32C of all of it, so that a part damaged on disk
// is refused rather than read.

const partMagic = "SENTEPRT"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// partHeaderSize is the bytes before a part's payload: magic, kind, five
// counts, payload length.
const partHeaderSize = 8 + 4 + 5*8 + 8

// partCounts are what a part's writer counted of its payload: reachable
// positions, and by value for values.
type partCounts struct {
	Positions, Win, Lose, Tie, Draw uint64
}

func encodePart(kind uint32, counts partCounts, payload []byte) []byte {
	b := make([]byte, 0, partHeaderSize+len(payload)+4)
	b = append(b, partMagic...)
	b = binary.LittleEndian.AppendUint32(b, kind)
	for _, n := range []uint64{counts.Positions, counts.Win, counts.Lose, counts.Tie, counts.Draw} {
		b = binary.LittleEndian.AppendUint64(b, n)
	}
	b = binary.LittleEndian.AppendUint64(b, uint64(len(payload)))
	b = append(b, payload...)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// decodePartHeader reads a part's header, for a reader that needs only
// its counts.
func decodePartHeader(b []byte, kind uint32) (partCounts, uint64, error) {
	var c partCounts
	if len(b) < partHeaderSize || string(b[:8]) != partMagic {
		return c, 0, errors.New("not a part file")
	}
	le := binary.LittleEndian
	if k := le.Uint32(b[8:]); k != kind {
		return c, 0, fmt.Errorf("a part of kind %d, not %d", k, kind)
	}
	c = partCounts{le.Uint64(b[12:]), le.Uint64(b[20:]), le.Uint64(b[28:]), le.Uint64(b[36:]), le.Uint64(b[44:])}
	return c, le.Uint64(b[52:]), nil
}

func decodePart(b []byte, kind uint32) (partCounts, []byte, error) {
	c, n, err := decodePartHeader(b, kind)
	if err != nil {
		return c, nil, err
	}
	if uint64(len(b)) != partHeaderSize+n+4 {
		return c, nil, fmt.Errorf("a part of %d bytes whose header says %d", len(b), partHeaderSize+n+4)
	}
	if crc32.Checksum(b[:len(b)-4], castagnoli) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return c, nil, errors.New("a part that fails its checksum")
	}
	return c, b[partHeaderSize : partHeaderSize+n], nil
}

func readPart(ctx context.Context, path string, kind uint32) (partCounts, []byte, error) {
	b, err := readFile(ctx, path)
	if err != nil {
		return partCounts{}, nil, err
	}
	c, payload, err := decodePart(b, kind)
	if err != nil {
		return c, nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, payload, nil
}

func writePart(ctx context.Context, path string, kind uint32, counts partCounts, payload []byte) error {
	return writeBytes(ctx, path, encodePart(kind, counts, payload))
}
