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
// if Lock has to wait; ctx ends the wait. Release it with the function
// returned.
func (g *GameStore) Lock(ctx context.Context, waiting func()) (unlock func(), err error) {
	path := filepath.Join(g.Dir, lockName)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		// A store this process may not write: its lock is taken on the
		// file read-only, and where there is no lock file, no solve can
		// be writing (nor this one, beyond reading what is stored).
		if f, err = os.Open(path); errors.Is(err, fs.ErrNotExist) {
			return func() {}, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: locking %s: %w", g.Dir, err)
	}
	for said := false; ; {
		held, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("store: locking %s: %w", g.Dir, err)
		}
		if held {
			return func() { f.Close() }, nil // closing releases it
		}
		if !said && waiting != nil {
			waiting()
		}
		said = true
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}
