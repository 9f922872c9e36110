// Package regularfile reads a file a user names as the code of a game (a
// rules file, a game module) without letting the name hold the command:
// it refuses what is not a regular file before reading it, and a file
// larger than a bound before and while reading it.
package regularfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// NotRegularError is a path that names no regular file: Kind says what it
// names ("a directory", "a named pipe", ...).
type NotRegularError struct{ Kind string }

func (e *NotRegularError) Error() string { return e.Kind + ", not a regular file" }

// TooBigError is a file larger than the bound: Size is what was found of
// it.
type TooBigError struct{ Size int64 }

func (e *TooBigError) Error() string { return fmt.Sprintf("a file of %d bytes", e.Size) }

// Read reads the regular file at path, of at most max bytes. The file is
// opened without waiting (a named pipe otherwise blocks in open until a
// writer comes) and its kind is read from what was opened, so a path
// swapped after the check is not read either: reading a named pipe would
// wait for a writer, and a device can give bytes without end. Its size is
// checked before a byte is read, since a file of gigabytes would otherwise
// be read whole into memory before anything could refuse it, and again as
// it is read, for a file that grows meanwhile.
func Read(path string, max int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if kind := kindOf(info.Mode()); kind != "" {
		return nil, &NotRegularError{kind}
	}
	if info.Size() > max {
		return nil, &TooBigError{info.Size()}
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(b)) > max {
		return nil, &TooBigError{int64(len(b))}
	}
	return b, err
}

// kindOf names what a file that is not regular is, or "" for a regular
// file.
func kindOf(mode fs.FileMode) string {
	switch {
	case mode.IsRegular():
		return ""
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
