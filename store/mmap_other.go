//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package store

import "os"

// mapping is a file read into memory, where mapping is not supported.
type mapping struct{ b []byte }

func (m mapping) bytes() []byte { return m.b }
func (m mapping) close() error  { return nil }

func mapFile(path string) (mapping, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return mapping{}, errDirectory
	}
	b, err := os.ReadFile(path)
	return mapping{b: b}, err
}
