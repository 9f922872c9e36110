package render

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes a file with write, so that path holds either its
// old content or the whole new one, never a part: write fills a temporary
// file in the same directory (through a buffer), which is synced to disk and
// renamed over path. When write or anything after it fails, the temporary
// file is removed, path is left as it was, and the error is returned. The
// new file keeps the mode of the one it replaces, or gets 0644.
func WriteFileAtomic(path string, write func(w io.Writer) error) error {
	f, err := StageFile(path, nil, write)
	if err != nil {
		return err
	}
	if err := f.Commit(); err != nil {
		f.Discard()
		return err
	}
	return nil
}

// StagedFile is the whole new content of Path, written and synced to the
// temporary file Temp beside it, waiting to be put in place: a command
// that writes several files stages them all and commits them only once
// everything has succeeded.
type StagedFile struct{ Temp, Path string }

// StageFile writes path's new content to a temporary file in the same
// directory, as WriteFileAtomic does, and leaves it there. created, when
// not nil, is told the temporary file's name as soon as it exists, so that
// someone can remove it should the process die before Commit or Discard.
func StageFile(path string, created func(temp string), write func(w io.Writer) error) (staged StagedFile, err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		if !info.Mode().IsRegular() {
			return staged, &fs.PathError{Op: "write", Path: path, Err: errors.New("not a regular file")}
		}
		mode = info.Mode().Perm()
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return staged, err
	}
	tmp := f.Name()
	if created != nil {
		created(tmp)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err := write(bw); err != nil {
		return staged, err
	}
	if err := bw.Flush(); err != nil {
		return staged, err
	}
	if err := f.Chmod(mode); err != nil {
		return staged, err
	}
	if err := f.Sync(); err != nil {
		return staged, err
	}
	if err := f.Close(); err != nil {
		return staged, err
	}
	return StagedFile{Temp: tmp, Path: path}, nil
}

// Commit renames the staged file over its path.
func (s StagedFile) Commit() error {
	if err := os.Rename(s.Temp, s.Path); err != nil {
		return err
	}
	// Make the rename itself durable; not every system can sync a
	// directory, and the file is in place either way.
	dir := filepath.Dir(s.Path)
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Discard removes the staged file, leaving the path as it was.
func (s StagedFile) Discard() error { return os.Remove(s.Temp) }
