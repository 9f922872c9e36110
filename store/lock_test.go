package store

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLockWaits: a second lock of a game's directory waits, says so once,
// gives up with its context, and is taken once the first is released.
func TestLockWaits(t *testing.T) {
	g := newGame(t, "locked")
	unlock, err := g.Lock(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	said := 0
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := g.Lock(ctx, func() { said++ }); !errors.Is(err, context.DeadlineExceeded) || said != 1 {
		t.Fatalf("a second lock while the first is held: %v, said it waits %d times", err, said)
	}
	done := make(chan error)
	go func() {
		again, err := g.Lock(context.Background(), nil)
		if err == nil {
			again()
		}
		done <- err
	}()
	time.Sleep(150 * time.Millisecond)
	unlock()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the lock was not taken once released")
	}
}

// TestTemporaryOfALiveWriter: the temporary file another process is
// writing (its lock held) is left alone when the game's directory is
// opened, as two solves of one game into one store do, one waiting for the
// other; once its writer is gone (its lock released, as by a kill), it is
// removed, and so is anything else under a temporary's name.
func TestTemporaryOfALiveWriter(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	g, err := s.Game("nim 5")
	if err != nil {
		t.Fatal(err)
	}
	// Another process's: its name has another process id, and the lock
	// is taken through a file of its own, as another process's would be.
	live := filepath.Join(g.Dir, ".tmp-999999999-tier-000001.reachable-123")
	writer, err := os.Create(live)
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close()
	if err := lockFile(writer); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(g.Dir, ".tmp-999999999-by-hand")
	if err := os.MkdirAll(filepath.Join(dir, "inside"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Game("nim 5"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Fatalf("the temporary another process is writing was removed: %v", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a directory under a temporary's name kept: %v", err)
	}
	writer.Close()
	if _, err := s.Game("nim 5"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(live); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the temporary of a writer gone is kept: %v", err)
	}
}

// TestWriteWhileOpenedElsewhere: a table being written while the game's
// directory is opened again is stored whole; the temporaries of writes
// that fail are removed by the writer itself.
func TestWriteWhileOpenedElsewhere(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	g, err := s.Game("nim 5")
	if err != nil {
		t.Fatal(err)
	}
	opened := make(chan error, 1)
	testHookWrite = func(written int64) error {
		if written == 0 {
			return nil
		}
		testHookWrite = nil
		// Midway, the directory is opened again as by a process of its
		// own: every temporary of this one is another's to it.
		entries, _ := os.ReadDir(g.Dir)
		for _, e := range entries {
			if isTemporary(e.Name()) {
				opened <- removeStale(filepath.Join(g.Dir, e.Name()))
				return nil
			}
		}
		opened <- errors.New("no temporary while writing")
		return nil
	}
	defer func() { testHookWrite = nil }()
	if err := g.Write(1, Values, CellBytes(cellsOf(5<<20)), Counts{Positions: 5 << 20}); err != nil {
		t.Fatalf("the write: %v", err)
	}
	if err := <-opened; err != nil {
		t.Fatal(err)
	}
	if !g.Has(1, Values) {
		t.Error("the table written is not stored whole")
	}
}

// TestRemoveWhileSolving: a game's tables are not removed while a solve
// holds their lock, which Remove says; once released, they go whole, and
// nothing of them is left in the store.
func TestRemoveWhileSolving(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	g, err := s.Game("nim 5")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Write(0, Values, CellBytes(cellsOf(100)), Counts{Positions: 100}); err != nil {
		t.Fatal(err)
	}
	unlock, err := g.Lock(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Remove("nim 5"); !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "a solve is writing them") {
		t.Fatalf("Remove while a solve holds the lock: %v, want ErrBusy", err)
	}
	if !g.Has(0, Values) {
		t.Fatal("a refused Remove removed a table")
	}
	unlock()
	if err := s.Remove("nim 5"); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(s.Dir); len(entries) != 0 {
		t.Errorf("Remove left %v", entries)
	}
}

// TestLockAfterRemoval: a solve waiting for the lock of a directory that
// is removed meanwhile (by the solve it waits for, which stored nothing,
// or by Remove) takes the lock of the directory made again, and writes
// there.
func TestLockAfterRemoval(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	first, err := s.Game("nim 5")
	if err != nil {
		t.Fatal(err)
	}
	unlock, err := first.Lock(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	second, err := s.Game("nim 5")
	if err != nil {
		t.Fatal(err)
	}
	locked := make(chan func())
	go func() {
		again, err := second.Lock(context.Background(), nil)
		if err != nil {
			t.Error(err)
		}
		locked <- again
	}()
	time.Sleep(150 * time.Millisecond)
	if err := os.RemoveAll(first.Dir); err != nil {
		t.Fatal(err)
	}
	unlock()
	again := <-locked
	if again == nil {
		return
	}
	defer again()
	if err := second.Write(0, Values, CellBytes(cellsOf(100)), Counts{Positions: 100}); err != nil {
		t.Fatalf("writing after the lock: %v", err)
	}
	if err := s.Remove("nim 5"); !errors.Is(err, ErrBusy) {
		t.Errorf("Remove while the second holds the lock: %v, want ErrBusy", err)
	}
}
