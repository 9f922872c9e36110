package store

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"
)

// TestTierWriterIsWrite holds the streaming writer to the bytes of Write,
// whatever the sizes of the pieces the payload comes in, and the reader to
// what was written.
func TestTierWriterIsWrite(t *testing.T) {
	g := newGame(t, "connect-four 5x4")
	for _, tc := range []struct {
		name  string
		kind  Kind
		data  []byte
		piece int
	}{
		{"empty", Values, nil, 1},
		{"one cell", Values, CellBytes(cellsOf(1)), 1},
		{"blocks and a part", Values, CellBytes(cellsOf(3*BlockSize/2 + 5)), 4093},
		{"whole blocks", Values, CellBytes(cellsOf(BlockSize)), BlockSize},
		{"bits", Reachable, bytes.Repeat([]byte{0x5a, 0, 0xff}, 1<<19), 1 << 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			counts := Counts{Positions: 3, Win: 1, Lose: 1, Tie: 1, Seconds: 2.5}
			if err := g.Write(3, tc.kind, tc.data, counts); err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(g.Dir, FileName(3, tc.kind)))
			if err != nil {
				t.Fatal(err)
			}
			h, err := NewHeader(g.Spec, 3, tc.kind, uint64(len(tc.data)), counts)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			tw, err := NewTierWriter(&got, h)
			if err != nil {
				t.Fatal(err)
			}
			for rest := tc.data; len(rest) > 0; rest = rest[min(len(rest), tc.piece):] {
				if _, err := tw.Write(rest[:min(len(rest), tc.piece)]); err != nil {
					t.Fatal(err)
				}
			}
			if err := tw.Close(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Fatalf("the streaming writer wrote %d bytes unlike Write's %d", got.Len(), len(want))
			}
			tr, err := NewTierReader(iotest.HalfReader(bytes.NewReader(want)), "test")
			if err != nil {
				t.Fatal(err)
			}
			payload, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(payload, tc.data) || tr.Header().Tier != 3 || tr.Header().Kind != tc.kind {
				t.Errorf("read back %d bytes, header %+v", len(payload), tr.Header())
			}
		})
	}
}

// TestSameBytesWhateverTheSeconds: two solves of one table, one slower,
// write the same file; the seconds are kept beside it.
func TestSameBytesWhateverTheSeconds(t *testing.T) {
	g := newGame(t, "nim 3")
	data := CellBytes(cellsOf(1000))
	var files [][]byte
	for _, s := range []float64{0.5, 70} {
		if err := g.Write(1, Values, data, Counts{Positions: 9, Seconds: s}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(g.Dir, FileName(1, Values)))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, b)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("the seconds of a solve change its table's bytes")
	}
	again, err := Store{Dir: filepath.Dir(g.Dir)}.Game("nim 3")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := again.Open(1, Values)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	if tab.Header.Counts.Seconds != 70 {
		t.Errorf("seconds read back as %v, want 70", tab.Header.Counts.Seconds)
	}
}

func TestTierReaderRefuses(t *testing.T) {
	g := newGame(t, "connect-four 4x4")
	data := CellBytes(cellsOf(BlockSize + 7))
	if err := g.Write(2, Values, data, Counts{}); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(filepath.Join(g.Dir, FileName(2, Values)))
	if err != nil {
		t.Fatal(err)
	}
	flip := func(at int) []byte {
		b := bytes.Clone(good)
		b[at] ^= 1
		return b
	}
	for _, tc := range []struct {
		name string
		file []byte
		want string
	}{
		{"header", flip(20), "header checksum"},
		{"second block", flip(payloadAt + BlockSize + 3), "block 1"},
		{"checksums", flip(len(good) - 1), "block 2"},
		{"truncated payload", good[:payloadAt+100], "truncated"},
		{"truncated checksums", good[:len(good)-2], "reading its checksums"},
		{"extended", append(bytes.Clone(good), 0), "extended"},
		{"short", good[:100], "reading its header"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := NewTierReader(bytes.NewReader(tc.file), "f")
			if err == nil {
				_, err = io.Copy(io.Discard, tr)
			}
			if err == nil || !bytes.Contains([]byte(err.Error()), []byte(tc.want)) {
				t.Errorf("got %v, want an error saying %q", err, tc.want)
			}
			var be *BlockError
			if bytes.HasPrefix([]byte(tc.want), []byte("block")) && !errors.As(err, &be) {
				t.Errorf("got %v, want a *BlockError", err)
			}
		})
	}
}

func TestTierWriterRefusesAWrongLength(t *testing.T) {
	h, err := NewHeader("nim 1", 0, Values, 4, Counts{})
	if err != nil {
		t.Fatal(err)
	}
	tw, _ := NewTierWriter(io.Discard, h)
	if _, err := tw.Write(make([]byte, 2)); err != nil {
		t.Fatal(err)
	}
	if tw.Close() == nil {
		t.Error("a payload shorter than its header closed")
	}
	tw, _ = NewTierWriter(io.Discard, h)
	if _, err := tw.Write(make([]byte, 6)); err == nil {
		t.Error("a payload longer than its header was written")
	}
	if _, err := NewHeader("nim 1", 0, Values, 3, Counts{}); err == nil {
		t.Error("half a cell made a header")
	}
}
