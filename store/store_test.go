package store

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sente-go/sente"
)

func newGame(t testing.TB, spec string) *GameStore {
	t.Helper()
	g, err := Store{Dir: t.TempDir()}.Game(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestPack(t *testing.T) {
	for _, tc := range []struct {
		v sente.Value
		r int
	}{{sente.Win, 0}, {sente.Win, 1}, {sente.Lose, 0}, {sente.Lose, MaxRemoteness}, {sente.Tie, 17}, {sente.Draw, 0}} {
		c := Pack(tc.v, tc.r)
		if c == Unreachable || c.Value() != tc.v || c.Remoteness() != tc.r {
			t.Errorf("Pack(%v, %d) = %v: value %v remoteness %d", tc.v, tc.r, c, c.Value(), c.Remoteness())
		}
		if c.Outcome() != (sente.Outcome{Value: tc.v, Remoteness: tc.r}) {
			t.Errorf("Pack(%v, %d).Outcome() = %v", tc.v, tc.r, c.Outcome())
		}
	}
	if Unreachable.Value() != sente.Unknown || Unreachable.Reachable() {
		t.Errorf("Unreachable has value %v", Unreachable.Value())
	}
}

func TestPackRefuses(t *testing.T) {
	for _, tc := range []struct {
		v sente.Value
		r int
	}{{sente.Unknown, 0}, {sente.Win, MaxRemoteness + 1}, {sente.Lose, -1}, {sente.Value(9), 0}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Pack(%v, %d) does not panic", tc.v, tc.r)
				}
			}()
			Pack(tc.v, tc.r)
		}()
	}
}

// cellsOf makes n cells of every kind, with unreachable ones among them.
func cellsOf(n int) []Cell {
	cells := make([]Cell, n)
	values := []sente.Value{sente.Win, sente.Lose, sente.Tie, sente.Draw}
	for i := range cells {
		if i%7 == 3 {
			continue
		}
		cells[i] = Pack(values[i%4], i%1000)
	}
	return cells
}

func TestRoundTrip(t *testing.T) {
	g := newGame(t, "connect-four 4x4")
	cells := cellsOf(3*BlockSize/2 + 5) // four blocks of bytes, the last one partial
	counts := Counts{Positions: 10, Win: 1, Lose: 2, Tie: 3, Draw: 4, Seconds: 1.5}
	if err := g.Write(7, Values, CellBytes(cells), counts); err != nil {
		t.Fatal(err)
	}
	bits := make([]byte, BitsetBytes(1001))
	for r := uint64(0); r < 1001; r += 3 {
		SetBit(bits, r)
	}
	if err := g.Write(7, Reachable, bits, Counts{}); err != nil {
		t.Fatal(err)
	}
	if !g.Has(7, Values) || !g.Has(7, Reachable) || g.Has(8, Values) {
		t.Fatal("Has is wrong")
	}
	tab, err := g.Open(7, Values)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	h := tab.Header
	if h.Tier != 7 || h.Kind != Values || h.Ranks != uint64(len(cells)) || h.Counts != counts || h.Spec != g.Spec || h.Blocks() != 4 {
		t.Errorf("header %+v", h)
	}
	if err := tab.Verify(); err != nil {
		t.Fatal(err)
	}
	got := tab.Cells()
	if len(got) != len(cells) {
		t.Fatalf("%d cells, want %d", len(got), len(cells))
	}
	for i := range cells {
		if got[i] != cells[i] || tab.Cell(uint64(i)) != cells[i] {
			t.Fatalf("cell %d: %v, want %v", i, got[i], cells[i])
		}
	}
	rt, err := g.Open(7, Reachable)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	for r := uint64(0); r < 1001; r++ {
		if rt.Reachable(r) != (r%3 == 0) {
			t.Fatalf("rank %d reachable %v", r, rt.Reachable(r))
		}
	}
	// Writing again replaces the file.
	if err := g.Write(7, Values, CellBytes(cells[:10]), counts); err != nil {
		t.Fatal(err)
	}
	again, err := g.Open(7, Values)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if len(again.Cells()) != 10 {
		t.Errorf("rewritten table has %d cells", len(again.Cells()))
	}
}

func TestEmptyTier(t *testing.T) {
	g := newGame(t, "nim 0")
	if err := g.Write(0, Values, nil, Counts{}); err != nil {
		t.Fatal(err)
	}
	if !g.Has(0, Values) {
		t.Fatal("empty tier not found")
	}
}

// corrupt flips one byte of a file.
func corrupt(t *testing.T, path string, at int64) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := make([]byte, 1)
	if _, err := f.ReadAt(b, at); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 0x40
	if _, err := f.WriteAt(b, at); err != nil {
		t.Fatal(err)
	}
}

func TestCorruptBlock(t *testing.T) {
	g := newGame(t, "tic-tac-toe")
	cells := cellsOf(2 * BlockSize) // two blocks of cells: four of bytes
	if err := g.Write(3, Values, CellBytes(cells), Counts{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(g.Dir, fileName(3, Values))
	corrupt(t, path, payloadAt+2*BlockSize+12345) // in block 2
	if g.Has(3, Values) {
		t.Error("Has accepts a corrupted block")
	}
	tab, err := g.Open(3, Values) // the header is fine
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	err = tab.Verify()
	var be *BlockError
	if !errors.As(err, &be) || be.Block != 2 || be.Tier != 3 || be.Start != 2*BlockSize {
		t.Fatalf("Verify = %v, want block 2 of tier 3", err)
	}
	if !strings.Contains(err.Error(), "block 2") || !strings.Contains(err.Error(), "tier 3") {
		t.Errorf("message does not name the block: %v", err)
	}
	// Reading a few cells checks only the blocks that hold them.
	for _, tc := range []struct {
		lo, hi uint64
		bad    bool
	}{
		{0, 2, false},
		{BlockSize - 1, BlockSize + 1, false}, // blocks 0 and 1
		{3 * BlockSize, 4 * BlockSize, false},
		{2*BlockSize + 12344, 2*BlockSize + 12346, true},
		{BlockSize, 3*BlockSize + 1, true}, // blocks 1 to 3
		{5, 5, false},                      // nothing read
	} {
		err := tab.VerifyRange(tc.lo, tc.hi)
		if be = nil; tc.bad != errors.As(err, &be) || tc.bad && be.Block != 2 {
			t.Errorf("VerifyRange(%d, %d) = %v; want a bad block 2: %v", tc.lo, tc.hi, err, tc.bad)
		}
	}
}

func TestRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		harm func(t *testing.T, path string)
		want string
	}{
		{"truncated", func(t *testing.T, path string) {
			fi, _ := os.Stat(path)
			if err := os.Truncate(path, fi.Size()-1); err != nil {
				t.Fatal(err)
			}
		}, "truncated"},
		{"shorter than a header", func(t *testing.T, path string) {
			if err := os.Truncate(path, 100); err != nil {
				t.Fatal(err)
			}
		}, "shorter than a header"},
		{"empty", func(t *testing.T, path string) {
			if err := os.Truncate(path, 0); err != nil {
				t.Fatal(err)
			}
		}, "shorter than a header"},
		{"magic", func(t *testing.T, path string) { corrupt(t, path, 0) }, "not a sente tier file"},
		{"header byte", func(t *testing.T, path string) { corrupt(t, path, 30) }, "header checksum"},
		{"spec byte", func(t *testing.T, path string) { corrupt(t, path, fixedHeader+1) }, "header checksum"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, "nim 3 4 5")
			if err := g.Write(1, Values, CellBytes(cellsOf(1000)), Counts{}); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(g.Dir, fileName(1, Values))
			tc.harm(t, path)
			tab, err := g.Open(1, Values)
			if err == nil {
				tab.Close()
				t.Fatal("Open accepts a damaged file")
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not say %q and the file", err, tc.want)
			}
			if g.Has(1, Values) {
				t.Error("Has accepts a damaged file")
			}
		})
	}
}

func TestWrongFile(t *testing.T) {
	g := newGame(t, "nim 3")
	if err := g.Write(1, Values, CellBytes(cellsOf(10)), Counts{}); err != nil {
		t.Fatal(err)
	}
	// A file renamed to another tier's name is refused.
	if err := os.Rename(filepath.Join(g.Dir, fileName(1, Values)), filepath.Join(g.Dir, fileName(2, Values))); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Open(2, Values); err == nil || !strings.Contains(err.Error(), "holds tier 1, not 2") {
		t.Errorf("Open of a misnamed file: %v", err)
	}
	// Another game's directory is refused.
	other := &GameStore{Spec: "nim 4", Dir: g.Dir}
	if _, err := other.Open(2, Values); err == nil || !strings.Contains(err.Error(), `holds game "nim 3"`) {
		t.Errorf("Open of another game's file: %v", err)
	}
}

func noFinal(t *testing.T, g *GameStore) {
	t.Helper()
	entries, err := os.ReadDir(g.Dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != manifestName {
			t.Errorf("left %s behind", e.Name())
		}
	}
}

func TestWriteFailsMidway(t *testing.T) {
	g := newGame(t, "connect-four 5x4")
	cells := cellsOf(10 << 20) // 20 MiB, three chunks
	boom := errors.New("disk on fire")
	testHookWrite = func(written int64) error {
		if written > 0 {
			return boom
		}
		return nil
	}
	defer func() { testHookWrite = nil }()
	if err := g.Write(4, Values, CellBytes(cells), Counts{}); !errors.Is(err, boom) {
		t.Fatalf("Write = %v, want the injected error", err)
	}
	noFinal(t, g)
	if g.Has(4, Values) {
		t.Error("Has finds a tier whose write failed")
	}
	// A failed write keeps the previous file whole.
	testHookWrite = nil
	if err := g.Write(4, Values, CellBytes(cells[:100]), Counts{}); err != nil {
		t.Fatal(err)
	}
	testHookWrite = func(written int64) error {
		if written > 0 {
			return boom
		}
		return nil
	}
	if err := g.Write(4, Values, CellBytes(cells), Counts{}); !errors.Is(err, boom) {
		t.Fatal(err)
	}
	tab, err := g.Open(4, Values)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	if len(tab.Cells()) != 100 || tab.Verify() != nil {
		t.Error("the previous file was damaged")
	}
}

func TestWriteReadOnlyDir(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root writes in read-only directories")
	}
	g := newGame(t, "nim 2")
	if err := os.Chmod(g.Dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(g.Dir, 0o755)
	if err := g.Write(0, Values, CellBytes(cellsOf(10)), Counts{}); err == nil {
		t.Fatal("Write into a read-only directory succeeds")
	}
	noFinal(t, g)
}

func TestStaleTemporaries(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	g, err := s.Game("nim 5")
	if err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(g.Dir, ".tmp-999999999-tier-000001.values-123")
	if err := os.WriteFile(stale, []byte("half a file"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Game("nim 5"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale temporary kept: %v", err)
	}
}

func TestConcurrentReaders(t *testing.T) {
	g := newGame(t, "chopsticks")
	cells := cellsOf(BlockSize)
	if err := g.Write(0, Values, CellBytes(cells), Counts{}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		wg.Go(func() {
			tab, err := g.Open(0, Values)
			if err != nil {
				errs <- err
				return
			}
			defer tab.Close()
			if err := tab.Verify(); err != nil {
				errs <- err
				return
			}
			got := tab.Cells()
			for i := w; i < len(cells); i += 8 {
				if got[i] != cells[i] {
					errs <- errors.New("cell differs")
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestListRemove(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	if games, err := s.List(); err != nil || len(games) != 0 {
		t.Fatalf("empty store lists %v, %v", games, err)
	}
	a, err := s.Game("connect-four 4x4")
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Game("connect-four 4x4 misère") // not ASCII, with spaces
	if err != nil {
		t.Fatal(err)
	}
	if a.Dir == b.Dir {
		t.Fatal("two specs share a directory")
	}
	for _, tier := range []int{2, 0, 1} {
		if err := a.Write(tier, Values, CellBytes(cellsOf(100)), Counts{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Write(0, Reachable, make([]byte, 13), Counts{}); err != nil {
		t.Fatal(err)
	}
	games, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Spec != a.Spec || games[1].Spec != b.Spec {
		t.Fatalf("List = %+v", games)
	}
	if got := games[0]; len(got.Values) != 3 || got.Values[0] != 0 || got.Values[2] != 2 || len(got.Reachable) != 1 || got.Bytes < 3*(payloadAt+200) {
		t.Errorf("List of %s = %+v", a.Spec, got)
	}
	if err := s.Remove(a.Spec); err != nil {
		t.Fatal(err)
	}
	if err := s.Remove(a.Spec); err == nil || !strings.Contains(err.Error(), "no stored tables") {
		t.Errorf("removing twice: %v", err)
	}
	games, _ = s.List()
	if len(games) != 1 || games[0].Spec != b.Spec {
		t.Errorf("after Remove, List = %+v", games)
	}
}

func TestDirName(t *testing.T) {
	for _, spec := range []string{"tic-tac-toe", "connect-four 7x6", "../../etc", strings.Repeat("x", 300), "rules:/tmp/a b.star"} {
		n := dirName(spec)
		if strings.ContainsAny(n, "/ \\") || strings.HasPrefix(n, ".") || len(n) > 60 {
			t.Errorf("dirName(%q) = %q", spec, n)
		}
	}
}

func TestDefault(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/x/cache")
	if s, err := Default(); err != nil || s.Dir != "/x/cache/sente" {
		t.Errorf("Default = %v, %v", s, err)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "/home/y")
	if s, err := Default(); err != nil || s.Dir != "/home/y/.cache/sente" {
		t.Errorf("Default = %v, %v", s, err)
	}
}

func BenchmarkWrite(b *testing.B) {
	g := newGame(b, "bench")
	data := CellBytes(cellsOf(32 << 20)) // 64 MiB
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if err := g.Write(0, Values, data, Counts{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOpenVerify(b *testing.B) {
	g := newGame(b, "bench")
	data := CellBytes(cellsOf(32 << 20))
	if err := g.Write(0, Values, data, Counts{}); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		tab, err := g.Open(0, Values)
		if err != nil {
			b.Fatal(err)
		}
		if err := tab.Verify(); err != nil {
			b.Fatal(err)
		}
		tab.Close()
	}
}

// TestFind: Find opens a game's directory only when the store has one, and
// makes nothing.
func TestFind(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	if g, err := s.Find("nim:heaps=3/4/5"); g != nil || err != nil {
		t.Fatalf("Find in an empty store = %v, %v", g, err)
	}
	if entries, _ := os.ReadDir(s.Dir); len(entries) != 0 {
		t.Fatalf("Find made %d entries", len(entries))
	}
	made, err := s.Game("nim:heaps=3/4/5")
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Find("nim:heaps=3/4/5")
	if err != nil || g == nil || g.Dir != made.Dir || g.Spec != made.Spec {
		t.Fatalf("Find = %+v, %v; want %+v", g, err, made)
	}
	if g, err := s.Find("nim:heaps=3/4/6"); g != nil || err != nil {
		t.Fatalf("Find of another game = %v, %v", g, err)
	}
}

// TestDamagedManifest: a game directory whose manifest is missing, is not
// JSON, names no game or another game, or is a directory is listed with what is wrong,
// found by Find all the same (its tiers' headers name the game), written
// again by Game
// (its tier files kept, each checked by its own header), and removed by
// Remove whatever its state.
func TestDamagedManifest(t *testing.T) {
	const spec = "nim:heaps=3/4/5"
	for _, damage := range []struct {
		name    string
		do      func(path string) error
		problem string
	}{
		{"missing", os.Remove, "no manifest"},
		{"garbage", func(path string) error { return os.WriteFile(path, []byte("garbage"), 0o644) }, "damaged manifest (not a manifest"},
		{"no game", func(path string) error { return os.WriteFile(path, []byte(`{"format": 1}`), 0o644) }, "damaged manifest (names no game"},
		{"a directory", func(path string) error {
			if err := os.Remove(path); err != nil {
				return err
			}
			return os.Mkdir(path, 0o755)
		}, "damaged manifest ("},
		{"another game", func(path string) error { return os.WriteFile(path, manifestBytes("nim:heaps=1/2"), 0o644) }, `its manifest names "nim:heaps=1/2", another game`},
	} {
		t.Run(damage.name, func(t *testing.T) {
			s := Store{Dir: t.TempDir()}
			g, err := s.Game(spec)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Write(0, Values, CellBytes(cellsOf(100)), Counts{Positions: 100}); err != nil {
				t.Fatal(err)
			}
			manifestPath := filepath.Join(g.Dir, manifestName)
			if err := damage.do(manifestPath); err != nil {
				t.Fatal(err)
			}
			games, err := s.List()
			if err != nil || len(games) != 1 || games[0].Spec != "" || !strings.HasPrefix(games[0].Problem, damage.problem) || len(games[0].Values) != 1 {
				t.Fatalf("List = %+v, %v; want one game with problem %q", games, err, damage.problem)
			}
			if found, err := s.Find(spec); found == nil || err != nil || !found.Has(0, Values) {
				t.Errorf("Find = %v, %v; want the game, its tiers read by their own headers", found, err)
			}
			healed, err := s.Game(spec)
			if err != nil {
				t.Fatalf("Game after the damage: %v", err)
			}
			if !healed.Has(0, Values) {
				t.Error("the tier stored before the damage is gone")
			}
			if games, _ := s.List(); len(games) != 1 || games[0].Spec != spec || games[0].Problem != "" {
				t.Errorf("after Game, List = %+v", games)
			}
			if err := damage.do(manifestPath); err != nil {
				t.Fatal(err)
			}
			if err := s.Remove(spec); err != nil {
				t.Fatalf("Remove of a damaged game: %v", err)
			}
			if entries, _ := os.ReadDir(s.Dir); len(entries) != 0 {
				t.Errorf("Remove left %d entries", len(entries))
			}
			if err := s.Remove(spec); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("removing twice: %v; want fs.ErrNotExist", err)
			}
		})
	}
}

// TestFailedPathLeavesNothing: a store whose game directory cannot be
// made (a path too long for the system) fails and leaves none of the
// directories it made on the way.
func TestFailedPathLeavesNothing(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, strings.Repeat("abcdefghij/", 460))
	if _, err := (Store{Dir: deep}).Game("too deep"); err == nil {
		t.Fatal("a path of 5,000 characters was made")
	}
	if entries, err := os.ReadDir(root); err != nil || len(entries) != 0 {
		t.Fatalf("left behind: %v (%v)", entries, err)
	}
}

// TestRankingStamp: tables of values and of reachable ranks carry the
// fingerprint of the ranks they are indexed by, through Compact and
// Expand; other kinds, and tables written before a ranking is set, carry
// none.
func TestRankingStamp(t *testing.T) {
	g := newGame(t, "stamped")
	cells := tierCells(100, 3)
	bits, reached := ReachableBits(cells)
	if err := g.Write(1, Values, CellBytes(cells), Counts{Positions: reached}); err != nil {
		t.Fatal(err)
	}
	g.SetRanking(0x5e17e001)
	if err := g.Write(2, Values, CellBytes(cells), Counts{Positions: reached}); err != nil {
		t.Fatal(err)
	}
	if err := g.Write(2, Reachable, bits, Counts{Positions: reached}); err != nil {
		t.Fatal(err)
	}
	if err := g.Write(0, Positions, make([]byte, 48), Counts{Positions: reached}); err != nil {
		t.Fatal(err)
	}
	stamp := func(tier int, kind Kind) uint32 {
		t.Helper()
		tab, err := g.Open(tier, kind)
		if err != nil {
			t.Fatal(err)
		}
		defer tab.Close()
		return tab.Header.Ranking
	}
	for _, c := range []struct {
		what string
		tier int
		kind Kind
		want uint32
	}{
		{"values before SetRanking", 1, Values, 0},
		{"values", 2, Values, 0x5e17e001},
		{"reachable ranks", 2, Reachable, 0x5e17e001},
		{"positions", 0, Positions, 0},
	} {
		if got := stamp(c.tier, c.kind); got != c.want {
			t.Errorf("%s: stamped %08x, want %08x", c.what, got, c.want)
		}
	}
	g.SetRanking(0)
	if err := g.Compact(2); err != nil {
		t.Fatal(err)
	}
	if got := stamp(2, Values); got != 0x5e17e001 {
		t.Errorf("compact values stamped %08x, want the raw file's", got)
	}
	if err := g.Expand(2); err != nil {
		t.Fatal(err)
	}
	if v, r := stamp(2, Values), stamp(2, Reachable); v != 0x5e17e001 || r != 0x5e17e001 {
		t.Errorf("expanded: values stamped %08x, reachable ranks %08x, want the compact file's", v, r)
	}
}

// TestWriteParts: a payload written in parts is the file of the same
// payload written whole, and Remove removes it (and is no error when it
// is gone).
func TestWriteParts(t *testing.T) {
	g := newGame(t, "parts")
	whole := bytes.Repeat([]byte("sente"), 3*BlockSize/5+7)
	if err := g.Write(1, Frontier, whole, Counts{Positions: 4}); err != nil {
		t.Fatal(err)
	}
	want := readFile(t, g, 1, Frontier)
	cut := []int{0, 3, BlockSize - 1, BlockSize + 9, len(whole)}
	var parts [][]byte
	for i := 1; i < len(cut); i++ {
		parts = append(parts, whole[cut[i-1]:cut[i]])
	}
	if err := g.WriteParts(1, Frontier, parts, Counts{Positions: 4}); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, g, 1, Frontier); !bytes.Equal(got, want) {
		t.Errorf("written in %d parts: %d bytes, differing from the %d written whole", len(parts), len(got), len(want))
	}
	for range 2 {
		if err := g.Remove(1, Frontier); err != nil {
			t.Fatal(err)
		}
	}
	if g.Has(1, Frontier) {
		t.Error("Remove left the file")
	}
}

// TestNotes: a note is written and read back beside the tables, a name
// that is a path or the store's own is refused, and a table's digest
// changes with its content.
func TestNotes(t *testing.T) {
	g := newGame(t, "notes")
	if _, err := g.ReadNote("checked.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a note never written reads as %v", err)
	}
	if err := g.WriteNote("checked.json", []byte("{}\n")); err != nil {
		t.Fatal(err)
	}
	if b, err := g.ReadNote("checked.json"); err != nil || string(b) != "{}\n" {
		t.Errorf("note reads back as %q, %v", b, err)
	}
	for _, name := range []string{"", "../x", "a/b", ".hidden", "tier-000001.values", "manifest.json", "seconds.json", "lock"} {
		if err := g.WriteNote(name, nil); err == nil {
			t.Errorf("note named %q written", name)
		}
	}
	cells := tierCells(10, 1)
	digest := func() [32]byte {
		t.Helper()
		tab, err := g.Open(2, Values)
		if err != nil {
			t.Fatal(err)
		}
		defer tab.Close()
		return tab.Digest()
	}
	if err := g.Write(2, Values, CellBytes(cells), Counts{}); err != nil {
		t.Fatal(err)
	}
	before := digest()
	if err := g.Write(2, Values, CellBytes(cells), Counts{}); err != nil {
		t.Fatal(err)
	}
	if digest() != before {
		t.Error("the same table written again has another digest")
	}
	cells[3] ^= 1 << 3
	if err := g.Write(2, Values, CellBytes(cells), Counts{}); err != nil {
		t.Fatal(err)
	}
	if digest() == before {
		t.Error("a table with a cell changed has the same digest")
	}
}

// TestReplaced: a failure to read a stored table (a block that fails its
// checksum, a damaged header, a directory in the file's place, a missing
// file) is replaced once another file is written at its path, and not
// before: a reader that keeps tables open opens them again only then.
func TestReplaced(t *testing.T) {
	g := newGame(t, "nim 5")
	write := func() {
		t.Helper()
		if err := g.Write(1, Values, CellBytes(cellsOf(3000)), Counts{Positions: 3000}); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(g.Dir, fileName(1, Values))
	failure := map[string]func() error{
		"a block": func() error {
			corrupt(t, path, payloadAt+100)
			tab, err := g.Open(1, Values)
			if err != nil {
				return err
			}
			defer tab.Close()
			return tab.Verify()
		},
		"a header": func() error {
			corrupt(t, path, 20)
			_, err := g.Open(1, Values)
			return err
		},
		"a directory": func() error {
			os.Remove(path)
			os.Mkdir(path, 0o755)
			_, err := g.Open(1, Values)
			return err
		},
		"missing": func() error {
			os.Remove(path)
			_, err := g.Open(1, Values)
			return err
		},
	}
	for name, fail := range failure {
		t.Run(name, func(t *testing.T) {
			write()
			err := fail()
			if err == nil {
				t.Fatal("no failure")
			}
			if Replaced(err) {
				t.Errorf("%v: replaced before anything was written", err)
			}
			time.Sleep(10 * time.Millisecond)
			write()
			if !Replaced(err) {
				t.Errorf("%v: not replaced once the table was written again", err)
			}
		})
	}
	if Replaced(errors.New("not a stored table")) {
		t.Error("another error replaced")
	}
}
