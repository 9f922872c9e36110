//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package store

import (
	"io/fs"
	"os"
)

// mapping is a file read into memory, where mapping is not supported, and
// what the system said of the file when it was read.
type mapping struct {
	b    []byte
	info fs.FileInfo
}

func (m mapping) bytes() []byte { return m.b }
func (m mapping) close() error  { return nil }

func mapFile(path string) (mapping, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return mapping{}, err
	}
	if fi.IsDir() {
		return mapping{info: fi}, errDirectory
	}
	b, err := os.ReadFile(path)
	return mapping{b: b, info: fi}, err
}
