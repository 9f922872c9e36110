//go:build linux || darwin || freebsd || netbsd || openbsd

package store

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// mapping is a file mapped read-only into memory, and what the system
// said of the file when it was opened.
type mapping struct {
	b    []byte
	info fs.FileInfo
}

func (m mapping) bytes() []byte { return m.b }

func (m mapping) close() error {
	if m.b == nil {
		return nil
	}
	return syscall.Munmap(m.b)
}

func mapFile(path string) (mapping, error) {
	f, err := os.Open(path)
	if err != nil {
		return mapping{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return mapping{}, err
	}
	if fi.IsDir() {
		return mapping{info: fi}, errDirectory
	}
	size := fi.Size()
	if size == 0 {
		return mapping{info: fi}, nil
	}
	if int64(int(size)) != size {
		return mapping{}, fmt.Errorf("%s: %d bytes do not fit in memory", path, size)
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return mapping{}, fmt.Errorf("mapping %s: %w", path, err)
	}
	return mapping{b: b, info: fi}, nil
}
