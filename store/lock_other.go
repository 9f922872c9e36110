//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package store

import "os"

// tryLock takes no lock where the system offers no flock: solves of one
// game into one store are then the person's to keep apart.
func tryLock(f *os.File) (bool, error) { return true, nil }

// lockFile takes no lock where the system offers no flock.
func lockFile(f *os.File) error { return nil }

// lockedWhileRenamed: without locks, a temporary is closed before it is
// renamed, as systems that refuse to rename an open file want.
const lockedWhileRenamed = false
