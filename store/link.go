package store

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// everySuffix ends the spec of a game's tables of every position.
const everySuffix = " (every position)"

// EveryPosition is the spec under which a store keeps the tables that
// value every position of the tiers of spec (a game's databases of its
// endings), beside the tables of the positions its start reaches.
func EveryPosition(spec string) string { return spec + everySuffix }

// OfEveryPosition reports whether spec is that of tables of every
// position.
func OfEveryPosition(spec string) bool { return strings.HasSuffix(spec, everySuffix) }

// Link stores as tier's table of kind the file of another game store's
// table, which must be of the same game: a hard link where the file
// system allows one, a copy where it does not, put in place atomically.
// A table of every position of a tier (one of EveryPosition(g.Spec))
// serves wherever the tier's positions are asked for, and keeps its spec,
// which Open accepts for values: so a solve from the start takes whole the
// tiers whose every position is solved, in no more disk.
func (g *GameStore) Link(tier int, kind Kind, from *Table) (err error) {
	final := filepath.Join(g.Dir, fileName(tier, kind))
	h := from.Header
	switch {
	case from.Path == "":
		return fmt.Errorf("store: linking tier %d %s: the table is not a file", tier, kind)
	case h.Tier != tier || h.Kind != kind:
		return fmt.Errorf("store: linking %s as tier %d %s: it holds tier %d %s", from.Path, tier, kind, h.Tier, h.Kind)
	case h.Spec != g.Spec && (kind != Values || h.Spec != EveryPosition(g.Spec)):
		return fmt.Errorf("store: linking %s into %s: it holds game %q", from.Path, g.Dir, h.Spec)
	}
	// A name of this process's temporaries (removeTemporaries clears
	// those a stop leaves), free for the link.
	f, err := os.CreateTemp(g.Dir, tempPrefix()+fileName(tier, kind)+"-*")
	if err != nil {
		return fmt.Errorf("store: linking tier %d %s: %w", tier, kind, err)
	}
	tmp := f.Name()
	f.Close()
	defer func() {
		if err != nil {
			os.Remove(tmp)
			err = fmt.Errorf("store: linking %s to %s: %w", from.Path, final, err)
		}
	}()
	if err := os.Remove(tmp); err != nil {
		return err
	}
	if os.Link(from.Path, tmp) != nil {
		// Another file system, or one without hard links: a copy.
		if err := copyFile(from.Path, tmp); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, final); err != nil {
		return err
	}
	if err := syncDir(g.Dir); err != nil {
		return err
	}
	if kind == Values {
		// Linked, not solved: this store spent no time on it.
		return g.recordSeconds(tier, 0)
	}
	return nil
}

// copyFile copies src to a new file dst, synced.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	err = errors.Join(err, out.Sync(), out.Close())
	if err != nil {
		os.Remove(dst)
	}
	return err
}
