package render_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sente-go/sente/render"
)

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "table.csv")
	write := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	if err := render.WriteFileAtomic(path, write("one\n")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := render.WriteFileAtomic(path, write("two\n")); err != nil {
		t.Fatal(err)
	}
	checkFile(t, path, "two\n")
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", info.Mode().Perm())
	}

	// A failure leaves the old file and no temporary one.
	boom := errors.New("boom")
	err := render.WriteFileAtomic(path, func(w io.Writer) error {
		fmt.Fprint(w, "half a file")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("err = %v, want boom", err)
	}
	checkFile(t, path, "two\n")
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the directory holds %v, want only table.csv", names)
	}

	if err := render.WriteFileAtomic(filepath.Join(dir, "no", "such", "dir.png"), write("x")); err == nil {
		t.Error("a missing directory was not reported")
	}
	if err := render.WriteFileAtomic(dir, write("x")); err == nil {
		t.Error("writing over a directory was not reported")
	}
}

func checkFile(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s holds %q, want %q", path, got, want)
	}
}
