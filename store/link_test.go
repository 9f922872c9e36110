package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLink: a tier's table of every position, linked into the store of the
// same game's solve from the start, is the same file there, opens as its
// values, and is read as they were written; tables of another game, or
// reachable bitsets of every position, are refused.
func TestLink(t *testing.T) {
	tables := Store{Dir: t.TempDir()}
	const spec = "morris:board=six"
	every, err := tables.Game(EveryPosition(spec))
	if err != nil {
		t.Fatal(err)
	}
	start, err := tables.Game(spec)
	if err != nil {
		t.Fatal(err)
	}
	if !OfEveryPosition(every.Spec) || OfEveryPosition(start.Spec) {
		t.Fatalf("OfEveryPosition(%q), OfEveryPosition(%q): want true, false", every.Spec, start.Spec)
	}
	cells := cellsOf(3000)
	if err := every.Write(4, Values, CellBytes(cells), Counts{Positions: 3000, Seconds: 7}); err != nil {
		t.Fatal(err)
	}
	if err := every.Write(4, Reachable, make([]byte, 400), Counts{}); err != nil {
		t.Fatal(err)
	}
	from, err := every.Open(4, Values)
	if err != nil {
		t.Fatal(err)
	}
	defer from.Close()
	if err := start.Link(4, Values, from); err != nil {
		t.Fatal(err)
	}
	got, err := start.Open(4, Values)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	a, _ := os.Stat(from.Path)
	b, _ := os.Stat(got.Path)
	if !os.SameFile(a, b) {
		t.Error("linked, the table is another file")
	}
	if got.Header.Spec != EveryPosition(spec) || got.Header.Counts.Seconds != 0 {
		t.Errorf("linked: spec %q, %v seconds; want %q, 0 (this store spent none)", got.Header.Spec, got.Header.Counts.Seconds, EveryPosition(spec))
	}
	loaded, err := got.LoadCells()
	if err != nil || len(loaded) != len(cells) {
		t.Fatalf("linked: %d cells, %v; want %d", len(loaded), err, len(cells))
	}
	for i := range cells {
		if loaded[i] != cells[i] {
			t.Fatalf("linked: cell %d is %v, want %v", i, loaded[i], cells[i])
		}
	}
	if !start.Has(4, Values) {
		t.Error("linked, the tier is not stored")
	}

	// The store's disk counts the file once.
	fi, err := os.Stat(from.Path)
	if err != nil {
		t.Fatal(err)
	}
	games, err := tables.List()
	if err != nil || len(games) != 2 {
		t.Fatalf("List: %d games, %v", len(games), err)
	}
	var repeated int64
	for _, gi := range games {
		if gi.Shared != fi.Size() {
			t.Errorf("%s: %d bytes shared, want the %d of the linked file", gi.Spec, gi.Shared, fi.Size())
		}
		repeated += gi.Repeated
	}
	if repeated != fi.Size() {
		t.Errorf("%d bytes counted twice, want the %d of the linked file once", repeated, fi.Size())
	}

	bits, err := every.Open(4, Reachable)
	if err != nil {
		t.Fatal(err)
	}
	defer bits.Close()
	other := newGame(t, "morris:board=five")
	for _, tc := range []struct {
		into *GameStore
		tier int
		from *Table
		why  string
	}{
		{other, 4, from, "holds game"},
		{start, 5, from, "holds tier 4"},
		{start, 4, bits, "holds game"},
	} {
		err := tc.into.Link(tc.tier, tc.from.Header.Kind, tc.from)
		if err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("Link of %s into %s as tier %d: %v, want %q", tc.from.Path, tc.into.Spec, tc.tier, err, tc.why)
		}
	}
	// Nothing half-linked is left behind.
	for _, gs := range []*GameStore{start, other} {
		entries, _ := os.ReadDir(gs.Dir)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".tmp-") {
				t.Errorf("%s left in %s", e.Name(), gs.Dir)
			}
		}
	}
	// A bitset of every position put in place by hand is not the start's.
	if err := os.Link(bits.Path, filepath.Join(start.Dir, fileName(4, Reachable))); err != nil {
		t.Fatal(err)
	}
	if _, err := start.Open(4, Reachable); err == nil || !strings.Contains(err.Error(), "holds game") {
		t.Errorf("a reachable bitset of every position opened as the start's: %v", err)
	}
}

// TestLinkCopies: where a hard link cannot be made, the table is copied
// into place, and nothing else is left behind.
func TestLinkCopies(t *testing.T) {
	testNoHardLinks = true
	defer func() { testNoHardLinks = false }()
	tables := Store{Dir: t.TempDir()}
	const spec = "morris:board=six"
	every, err := tables.Game(EveryPosition(spec))
	if err != nil {
		t.Fatal(err)
	}
	start, err := tables.Game(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := every.Write(4, Values, CellBytes(cellsOf(3000)), Counts{Positions: 3000}); err != nil {
		t.Fatal(err)
	}
	from, err := every.Open(4, Values)
	if err != nil {
		t.Fatal(err)
	}
	defer from.Close()
	if err := start.Link(4, Values, from); err != nil {
		t.Fatal(err)
	}
	a, _ := os.Stat(from.Path)
	b, _ := os.Stat(filepath.Join(start.Dir, fileName(4, Values)))
	if os.SameFile(a, b) {
		t.Error("copied, the table is the same file")
	}
	src, _ := os.ReadFile(from.Path)
	dst, _ := os.ReadFile(filepath.Join(start.Dir, fileName(4, Values)))
	if string(src) != string(dst) {
		t.Error("the copy differs from its table")
	}
	entries, _ := os.ReadDir(start.Dir)
	for _, e := range entries {
		if isTemporary(e.Name()) {
			t.Errorf("%s left in %s", e.Name(), start.Dir)
		}
	}
}
