package store

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/sente-go/sente"
)

// tierCells are cells as a solve leaves them: most ranks unreachable in
// runs, the others small values with a remoteness that grows slowly.
func tierCells(n int, seed uint64) []Cell {
	r := rand.New(rand.NewPCG(seed, seed))
	cells := make([]Cell, n)
	for i := range cells {
		if r.IntN(4) != 0 {
			continue
		}
		v := []sente.Value{sente.Win, sente.Lose, sente.Tie, sente.Draw}[r.IntN(4)]
		cells[i] = Pack(v, r.IntN(1+i%300))
	}
	return cells
}

// TestCompactReadsAsRaw: a tier compacted reads back cell for cell, one at
// a time (across frames, from several goroutines) and whole; its
// reachable bitset is gone, and Expand gives back the raw file and the
// bitset byte for byte.
func TestCompactReadsAsRaw(t *testing.T) {
	for _, n := range []int{0, 1, 5, FrameRanks - 1, FrameRanks, 2*FrameRanks + 17} {
		g := newGame(t, "compact")
		cells := tierCells(n, uint64(n))
		bits := make([]byte, 8*((n+63)/64))
		var reached uint64
		for r, c := range cells {
			if c != Unreachable {
				SetBit(bits, uint64(r))
				reached++
			}
		}
		counts := Counts{Positions: reached, Win: reached}
		if err := g.Write(3, Values, CellBytes(cells), counts); err != nil {
			t.Fatal(err)
		}
		if err := g.Write(3, Reachable, bits, Counts{Positions: reached}); err != nil {
			t.Fatal(err)
		}
		rawValues := readFile(t, g, 3, Values)
		rawReach := readFile(t, g, 3, Reachable)
		if err := g.Compact(3); err != nil {
			t.Fatal(err)
		}
		if g.Has(3, Reachable) {
			t.Errorf("%d ranks: the reachable bitset is kept beside compact values", n)
		}
		tab, err := g.Open(3, Values)
		if err != nil {
			t.Fatal(err)
		}
		if !tab.Compact() || tab.Header.Counts != counts || tab.Header.Ranks != uint64(n) {
			t.Errorf("%d ranks: compact %v, header %+v", n, tab.Compact(), tab.Header)
		}
		if n > 1000 && tab.Header.FileSize() >= uint64(len(rawValues)/3) {
			t.Errorf("%d ranks: compact file of %d bytes, raw %d", n, tab.Header.FileSize(), len(rawValues))
		}
		done := make(chan bool)
		for w := range 4 {
			go func() {
				defer func() { done <- true }()
				for r := w; r < n; r += 4 * 97 {
					if c, err := tab.ReadCell(uint64(r)); err != nil || c != cells[r] {
						t.Errorf("%d ranks: rank %d reads %v (%v), want %v", n, r, c, err, cells[r])
						return
					}
				}
			}()
		}
		for range 4 {
			<-done
		}
		if _, err := tab.ReadCell(uint64(n)); err == nil {
			t.Errorf("%d ranks: rank %d past the end reads", n, n)
		}
		// Keeping one frame, reads that jump between frames evict.
		tab.KeepFrames(1)
		for i := range 200 {
			r := (i * 40503) % max(n, 1)
			if c, err := tab.ReadCell(uint64(r)); n > 0 && (err != nil || c != cells[r]) {
				t.Fatalf("%d ranks, one frame kept: rank %d reads %v (%v), want %v", n, r, c, err, cells[r])
			}
		}
		all, err := tab.LoadCells()
		if err != nil || len(all) != n || n > 0 && !slices.Equal(all, cells) {
			t.Errorf("%d ranks: LoadCells gives %d cells (%v)", n, len(all), err)
		}
		tab.Close()
		if err := g.Expand(3); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(readFile(t, g, 3, Values), rawValues) || !bytes.Equal(readFile(t, g, 3, Reachable), rawReach) {
			t.Errorf("%d ranks: Expand does not give back the raw files", n)
		}
	}
}

func readFile(t *testing.T, g *GameStore, tier int, kind Kind) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(g.Dir, fileName(tier, kind)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCompactDamage: a flipped bit anywhere in a compact payload (a frame
// or the offsets) fails the checksum of the block that holds it, named,
// when a cell of the frame is read or the tier loaded; and a damaged raw
// file is never compacted.
func TestCompactDamage(t *testing.T) {
	g := newGame(t, "compact damage")
	cells := tierCells(3*FrameRanks, 7)
	if err := g.Write(1, Values, CellBytes(cells), Counts{}); err != nil {
		t.Fatal(err)
	}
	if err := g.Compact(1); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(g.Dir, fileName(1, Values))
	clean := readFile(t, g, 1, Values)
	payload := len(clean) - payloadAt - 4 // one block of checksums
	for _, at := range []int{0, payload / 2, payload - 3} {
		b := bytes.Clone(clean)
		b[payloadAt+at] ^= 0x04
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		tab, err := g.Open(1, Values)
		if err != nil {
			t.Fatal(err)
		}
		var block *BlockError
		if _, err := tab.ReadCell(FrameRanks + 5); !errors.As(err, &block) || block.Path != path {
			t.Errorf("flip at payload byte %d: reading a cell gives %v", at, err)
		}
		if _, err := tab.LoadCells(); !errors.As(err, &block) {
			t.Errorf("flip at payload byte %d: loading the tier gives %v", at, err)
		}
		tab.Close()
	}
	// A raw file with a bad block stays raw and says so.
	if err := g.Write(2, Values, CellBytes(cells), Counts{}); err != nil {
		t.Fatal(err)
	}
	raw := readFile(t, g, 2, Values)
	raw[payloadAt+100] ^= 0x01
	if err := os.WriteFile(filepath.Join(g.Dir, fileName(2, Values)), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	var block *BlockError
	if err := g.Compact(2); !errors.As(err, &block) {
		t.Errorf("compacting a damaged raw file gives %v", err)
	}
	if tab, err := g.Open(2, Values); err != nil || tab.Compact() {
		t.Errorf("a damaged raw file was replaced (%v)", err)
	} else {
		tab.Close()
	}
}

// TestCompactGolden pins the compact format, as TestGoldenFile pins the
// raw one: a change to its bytes raises CompactVersion (-update).
func TestCompactGolden(t *testing.T) {
	g := newGame(t, "golden 3x3")
	cells := []Cell{Unreachable, Pack(sente.Win, 1), Pack(sente.Lose, 2), Pack(sente.Tie, 9), Pack(sente.Draw, 0), Unreachable, Pack(sente.Lose, 8191)}
	if err := g.Write(2, Values, CellBytes(cells), Counts{Positions: 5, Win: 1, Lose: 2, Tie: 1, Draw: 1}); err != nil {
		t.Fatal(err)
	}
	if err := g.Compact(2); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, g, 2, Values)
	golden := matchGolden(t, got, "golden-3x3-compact.tier-000002.values", "the compact format changed: raise CompactVersion")
	tab, err := openFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	if all, err := tab.LoadCells(); err != nil || !slices.Equal(all, cells) {
		t.Errorf("golden reads back as %v (%v)", all, err)
	}
}

// TestWriteCompact: a tier written compact at once is the file that
// writing it raw and compacting it gives, byte for byte, whatever the
// number of cores that compress its frames; its reachable bitset goes and
// its seconds are kept.
func TestWriteCompact(t *testing.T) {
	for _, n := range []int{0, 1, FrameRanks + 5, 2*frameRun*FrameRanks + 3} {
		cells := tierCells(n, uint64(n)+1)
		counts := Counts{Positions: 7, Win: 7, Seconds: 1.5}
		raw := newGame(t, "write compact")
		raw.SetRanking(0xbeef)
		if err := raw.Write(4, Values, CellBytes(cells), counts); err != nil {
			t.Fatal(err)
		}
		if err := raw.Compact(4); err != nil {
			t.Fatal(err)
		}
		want := readFile(t, raw, 4, Values)
		for _, procs := range []int{1, 3} {
			old := runtime.GOMAXPROCS(procs)
			g := newGame(t, "write compact")
			g.SetRanking(0xbeef)
			if err := g.Write(4, Reachable, make([]byte, 8), Counts{}); err != nil {
				t.Fatal(err)
			}
			err := g.WriteCompact(4, Values, cells, counts)
			runtime.GOMAXPROCS(old)
			if err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, g, 4, Values); !bytes.Equal(got, want) {
				t.Errorf("%d ranks, %d cores: WriteCompact wrote %d bytes unlike Write and Compact's %d", n, procs, len(got), len(want))
			}
			if g.Has(4, Reachable) {
				t.Errorf("%d ranks: the reachable bitset is kept beside compact values", n)
			}
			tab, err := g.Open(4, Values)
			if err != nil {
				t.Fatal(err)
			}
			if tab.Header.Counts != counts {
				t.Errorf("%d ranks: counts %+v, want %+v", n, tab.Header.Counts, counts)
			}
			tab.Close()
		}
	}
}

// BenchmarkWriteCompact stores a tier of 2^24 cells compact at once, as
// the tier engine does, against writing it raw and compacting it, as it
// did before (a connect four-like tier: most ranks unreachable).
func BenchmarkWriteCompact(b *testing.B) {
	cells := tierCells(1<<24, 3)
	g := newGame(b, "bench compact")
	b.Run("at-once", func(b *testing.B) {
		b.SetBytes(2 << 24)
		for b.Loop() {
			if err := g.WriteCompact(1, Values, cells, Counts{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("raw-then-compact", func(b *testing.B) {
		b.SetBytes(2 << 24)
		for b.Loop() {
			if err := g.Write(1, Values, CellBytes(cells), Counts{}); err != nil {
				b.Fatal(err)
			}
			if err := g.Compact(1); err != nil {
				b.Fatal(err)
			}
		}
	})
}
