package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A file is written under a temporary name in its directory and renamed
// into place. A writer killed midway leaves its temporary behind, which the
// next opening of the directory removes (Store.Game); but two processes may
// write into one directory at once (a solve, and a second solve of the same
// game waiting for its lock, or verify writing its note), and a temporary
// removed while its writer still writes fails the writer's rename. So a
// writer holds a lock on its temporary (the system's, on the open file,
// released by a kill too) from before anyone can see it stale until it is
// renamed, and a temporary is removed only when its lock can be taken.
// Where the system offers no such lock (tryLock always succeeds), only
// other processes' temporaries are removed, as before.

// tempPrefix starts the names of this process's temporary files.
func tempPrefix() string { return ".tmp-" + strconv.Itoa(os.Getpid()) + "-" }

// isTemporary reports whether a directory entry's name is a temporary.
func isTemporary(name string) bool { return strings.HasPrefix(name, ".tmp-") }

// createTemp creates a temporary file in dir for the file name, and locks
// it: removeTemporaries leaves it alone until finishTemp or discardTemp.
func createTemp(dir, name string) (*os.File, error) {
	for range 8 {
		f, err := os.CreateTemp(dir, tempPrefix()+name+"-*")
		if err != nil {
			return nil, err
		}
		if err := lockFile(f); err != nil {
			f.Close()
			os.Remove(f.Name())
			return nil, err
		}
		// Between its creation and the lock, another process may have
		// found the file unlocked and removed it: then make another.
		if sameFile(f) {
			return f, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("creating a temporary file for %s in %s: removed by another process each time", name, dir)
}

// sameFile reports whether f's name still names f.
func sameFile(f *os.File) bool {
	byName, err := os.Lstat(f.Name())
	if err != nil {
		return false
	}
	open, err := f.Stat()
	return err == nil && os.SameFile(byName, open)
}

// finishTemp renames the temporary f, written and synced, to final, and
// releases it: its lock is held until the rename is done.
func finishTemp(f *os.File, final string) error {
	if !lockedWhileRenamed {
		if err := f.Close(); err != nil {
			os.Remove(f.Name())
			return err
		}
		return os.Rename(f.Name(), final)
	}
	err := os.Rename(f.Name(), final)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// discardTemp closes and removes the temporary f after a failure.
func discardTemp(f *os.File) {
	f.Close()
	os.Remove(f.Name())
}

// removeTemporaries removes the temporaries of dir that no process is
// writing: those a killed writer left.
func removeTemporaries(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	mine := tempPrefix()
	for _, e := range entries {
		n := e.Name()
		if !isTemporary(n) || strings.HasPrefix(n, mine) {
			continue
		}
		if err := removeStale(filepath.Join(dir, n)); err != nil {
			return fmt.Errorf("store: removing a stale temporary file: %w", err)
		}
	}
	return nil
}

// removeStale removes the temporary at path unless its writer holds it.
func removeStale(path string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return ignoreMissing(err) // renamed or removed meanwhile
	}
	if !fi.Mode().IsRegular() {
		// Not a file (a directory put there by hand, say): no writer of
		// the store's holds such a thing.
		return ignoreMissing(os.RemoveAll(path))
	}
	f, err := os.Open(path)
	if err != nil {
		return ignoreMissing(err)
	}
	defer f.Close()
	held, err := tryLock(f)
	if err != nil || !held {
		return nil // its writer is alive, or this system cannot tell
	}
	// Locked by us now, so no writer renames it meanwhile; but the name
	// may name another file than the one opened, if its writer renamed it
	// away between the open and the lock.
	if !sameFile(f) {
		return nil
	}
	return ignoreMissing(os.Remove(path))
}

func ignoreMissing(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
