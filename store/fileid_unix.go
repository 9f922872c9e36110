//go:build linux || darwin || freebsd || netbsd || openbsd

package store

import (
	"io/fs"
	"syscall"
)

// fileID names a file whatever directory entry reaches it.
type fileID struct{ dev, ino uint64 }

// hardLinked is the file's ID when more than one directory entry reaches
// it.
func hardLinked(fi fs.FileInfo) (fileID, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || st.Nlink < 2 {
		return fileID{}, false
	}
	return fileID{uint64(st.Dev), uint64(st.Ino)}, true
}
