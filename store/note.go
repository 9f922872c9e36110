package store

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A note is a small file kept beside a game's tables by a reader of them:
// sente verify keeps there which tiers it has checked, so that a check of
// hours stopped goes on where it stopped. Notes are not tables: no
// command needs one, and a damaged one is read as none.

// ReadNote reads the note name of the game's directory; an error wrapping
// fs.ErrNotExist when there is none.
func (g *GameStore) ReadNote(name string) ([]byte, error) {
	if err := noteName(name); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(g.Dir, name))
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return b, nil
}

// WriteNote writes the note name of the game's directory atomically.
func (g *GameStore) WriteNote(name string, data []byte) error {
	if err := noteName(name); err != nil {
		return err
	}
	if err := writeAtomic(g.Dir, name, data); err != nil {
		return fmt.Errorf("store: writing %s: %w", filepath.Join(g.Dir, name), err)
	}
	return nil
}

// noteName refuses a name that is not a plain file name of its own: a
// path, a tier file's, the manifest's.
func noteName(name string) error {
	switch {
	case name == "" || strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, "."):
		return fmt.Errorf("store: note name %q is not a plain file name", name)
	case strings.HasPrefix(name, "tier-") || name == manifestName || name == secondsName || name == lockName:
		return errors.New("store: note name " + name + " is the store's own")
	}
	return nil
}

// Digest is the SHA-256 of a table's header and of the checksums of its
// blocks: it tells a table from another written since, whose changed
// payload changes the checksums of its blocks (bar a CRC-32C that chances
// to agree), without reading the payload, whose blocks Verify checks
// against them. It is zero for a table not read from a file.
func (t *Table) Digest() [sha256.Size]byte {
	if t.Path == "" {
		return [sha256.Size]byte{}
	}
	h := sha256.New()
	h.Write(t.m.bytes()[:payloadAt])
	h.Write(t.sums)
	var d [sha256.Size]byte
	h.Sum(d[:0])
	return d
}
