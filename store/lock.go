package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lockName is the file a game's directory is locked by.
const lockName = "lock"

// Lock takes the lock of the game's directory for one solve, waiting while
// another process holds it: two solves of one game into one store would
// each do the whole work, and the second, once the first is done, reads
// its tables instead. The lock is the operating system's on an open file,
// so a process killed releases it. waiting, when not nil, is called once
// if Lock has to wait; ctx ends the wait. A directory removed meanwhile
// (Store.Remove holds the lock while it removes) is made again and locked
// afresh. Release it with the function returned.
func (g *GameStore) Lock(ctx context.Context, waiting func()) (unlock func(), err error) {
	said := false
	for {
		f, err := g.openLock()
		if err != nil {
			return nil, err
		}
		if f == nil {
			return func() {}, nil
		}
		held, err := g.waitLock(ctx, f, func() {
			if !said && waiting != nil {
				waiting()
			}
			said = true
		})
		if err != nil {
			f.Close()
			return nil, err
		}
		if held && sameFile(f) {
			return func() { f.Close() }, nil // closing releases it
		}
		// The directory was removed (sente store rm) while this waited
		// for its lock: the lock held is the old directory's. Made
		// again, it is locked afresh.
		f.Close()
		if err := g.prepare(); err != nil {
			return nil, err
		}
	}
}

// openLock opens the lock file of the game's directory, making the
// directory again if it was removed since the game was opened. A nil file
// and no error: a store this process may not write, and no lock file.
func (g *GameStore) openLock() (*os.File, error) {
	path := filepath.Join(g.Dir, lockName)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if errors.Is(err, fs.ErrNotExist) {
		if err := g.prepare(); err != nil {
			return nil, err
		}
		f, err = os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	}
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		// A store this process may not write: its lock is taken on the
		// file read-only, and where there is no lock file, no solve can
		// be writing (nor this one, beyond reading what is stored).
		if f, err = os.Open(path); errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: locking %s: %w", g.Dir, err)
	}
	return f, nil
}

// waitLock takes the lock on f, waiting while another holds it; waiting is
// called at each wait.
func (g *GameStore) waitLock(ctx context.Context, f *os.File, waiting func()) (bool, error) {
	for {
		held, err := tryLock(f)
		if err != nil {
			return false, fmt.Errorf("store: locking %s: %w", g.Dir, err)
		}
		if held {
			return true, nil
		}
		waiting()
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}
