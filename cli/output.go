package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/sente-go/sente/render"
)

// A command prints nothing and creates or replaces no file unless it
// succeeds as a whole: a rules file's code can fail late (showing the last
// position of a table), after most of the output is written. So standard
// output goes to a spool, copied out once the command has succeeded, and
// files are written to temporary files beside them, renamed over them
// once it has succeeded.

// spoolMemory is how much of the output a spool keeps in memory before
// it moves to a temporary file.
const spoolMemory = 4 << 20

// spool holds a command's standard output until it succeeds.
type spool struct {
	mem  bytes.Buffer
	file *os.File
	err  error
}

func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.file == nil && s.mem.Len()+len(p) <= spoolMemory {
		return s.mem.Write(p)
	}
	if s.file == nil {
		f, err := os.CreateTemp("", "sente-output-*")
		if err != nil {
			s.err = fmt.Errorf("keeping the output until the command succeeds: %w", err)
			return 0, s.err
		}
		os.Remove(f.Name()) // the open file lives on, and nothing is left behind
		s.file = f
		if _, err := s.mem.WriteTo(f); err != nil {
			s.err = fmt.Errorf("keeping the output until the command succeeds: %w", err)
			return 0, s.err
		}
	}
	n, err := s.file.Write(p)
	if err != nil {
		s.err = fmt.Errorf("keeping the output until the command succeeds: %w", err)
	}
	return n, s.err
}

// copyTo writes what the spool holds to w.
func (s *spool) copyTo(w io.Writer) error {
	if s.file == nil {
		_, err := s.mem.WriteTo(w)
		return err
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, s.file)
	return err
}

func (s *spool) close() {
	if s.file != nil {
		s.file.Close()
	}
}

// fileStage holds a run's files waiting for the command to succeed.
type fileStage struct {
	pending []render.StagedFile
	// staged, in a child, tells the parent the name of each temporary file
	// as it is created, so that the parent removes it if the child dies.
	staged *os.File
}

// stage writes path's new content to a temporary file beside it, to be put
// in place by finish. write gets a buffered writer.
func (s *fileStage) stage(path string, write func(io.Writer) error) error {
	var created func(string)
	if s.staged != nil {
		created = func(tmp string) { fmt.Fprintln(s.staged, tmp) }
	}
	f, err := render.StageFile(path, created, write)
	if err != nil {
		return err
	}
	s.pending = append(s.pending, f)
	return nil
}

// finish puts the staged files in place when err is nil, and removes them
// otherwise; it returns err, or the first failure to put a file in place.
func (s *fileStage) finish(err error) error {
	files := s.pending
	s.pending = nil
	for _, f := range files {
		if err == nil {
			if cerr := f.Commit(); cerr != nil {
				err = fmt.Errorf("writing %s: %w", f.Path, cerr)
			}
			continue
		}
		f.Discard()
	}
	return err
}
