package store

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/sente-go/sente"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestGoldenFile pins the file format: a change that alters the bytes of a
// small table must raise FormatVersion and be made on purpose (-update).
// The golden file is also read back, as a file of an older build would be.
func TestGoldenFile(t *testing.T) {
	g := newGame(t, "golden 3x3")
	cells := []Cell{Unreachable, Pack(sente.Win, 1), Pack(sente.Lose, 2), Pack(sente.Tie, 9), Pack(sente.Draw, 0), Unreachable, Pack(sente.Lose, 8191)}
	counts := Counts{Positions: 5, Win: 1, Lose: 2, Tie: 1, Draw: 1, Seconds: 0.25}
	if err := g.Write(2, Values, CellBytes(cells), counts); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(g.Dir, fileName(2, Values)))
	if err != nil {
		t.Fatal(err)
	}
	golden := matchGolden(t, got, "golden-3x3.tier-000002.values", "the file format changed: raise FormatVersion")
	tab, err := openFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	if err := tab.Verify(); err != nil {
		t.Fatal(err)
	}
	stored := counts
	stored.Seconds = 0 // kept in seconds.json, not in the file
	if tab.Header.Counts != stored || tab.Header.Spec != "golden 3x3" || len(tab.Cells()) != len(cells) || tab.Cells()[6] != cells[6] {
		t.Errorf("golden reads back as %+v", tab.Header)
	}
}

// matchGolden fails the test unless got holds the bytes of the golden file
// name under testdata (rewritten first with -update), saying why: what a
// change of those bytes asks for. It returns the golden file's path.
func matchGolden(t *testing.T, got []byte, name, why string) string {
	t.Helper()
	golden := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s (%d bytes, golden %d), then go test -update", why, len(got), len(want))
	}
	return golden
}

// TestOlderGoldenFile reads a file of a build that kept the seconds of the
// solve in the header: the same format, and its seconds still read.
func TestOlderGoldenFile(t *testing.T) {
	tab, err := openFile(filepath.Join("testdata", "golden-3x3-older.tier-000002.values"))
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	if err := tab.Verify(); err != nil {
		t.Fatal(err)
	}
	want := Counts{Positions: 5, Win: 1, Lose: 2, Tie: 1, Draw: 1, Seconds: 0.25}
	if tab.Header.Counts != want || tab.Header.Spec != "golden 3x3" || len(tab.Cells()) != 7 {
		t.Errorf("older golden reads back as %+v", tab.Header)
	}
}
