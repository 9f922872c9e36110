package store

import (
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

// classesSuffix ends the spec of a game's tables whose positions stand
// for classes of symmetric positions.
const classesSuffix = " (classes of symmetric positions)"

// Classes is the spec under which a store keeps the tables of spec whose
// positions stand for classes of symmetric positions (sente.WithClassBytes),
// beside those of every position: the two are read by different bytes.
func Classes(spec string) string { return spec + classesSuffix }

// Link stores as tier's table of kind the file of another game store's
// table, which must be of the same game: a hard link where the file
// system allows one, a copy where it does not, put in place atomically.
// A table of every position of a tier (one of EveryPosition(g.Spec))
// serves wherever the tier's positions are asked for, and keeps its spec,
// which Open accepts for values and margins: so a solve from the start
// takes whole the tiers whose every position is solved, in no more disk.
func (g *GameStore) Link(tier int, kind Kind, from *Table) (err error) {
	final := filepath.Join(g.Dir, fileName(tier, kind))
	h := from.Header
	switch {
	case from.Path == "":
		return fmt.Errorf("store: linking tier %d %s: the table is not a file", tier, kind)
	case h.Tier != tier || h.Kind != kind:
		return fmt.Errorf("store: linking %s as tier %d %s: it holds tier %d %s", from.Path, tier, kind, h.Tier, h.Kind)
	case h.Spec != g.Spec && (!kind.linkable() || h.Spec != EveryPosition(g.Spec)):
		return fmt.Errorf("store: linking %s into %s: it holds game %q", from.Path, g.Dir, h.Spec)
	}
	defer func() {
		if err != nil {
			err = fmt.Errorf("store: linking %s to %s: %w", from.Path, final, err)
		}
	}()
	// The link is made under a temporary name and renamed into place. A
	// temporary is removed by another process only when its lock can be
	// taken (removeTemporaries), and a link is the file it links: the
	// file is locked before the link's name appears, until it is renamed.
	src, err := os.Open(from.Path)
	if err != nil {
		return err
	}
	defer src.Close()
	if err := lockFile(src); err != nil {
		return err
	}
	tmp := filepath.Join(g.Dir, tempPrefix()+fileName(tier, kind)+"-link")
	os.Remove(tmp) // one this process left, failing before
	if !testNoHardLinks && os.Link(from.Path, tmp) == nil {
		if err := os.Rename(tmp, final); err != nil {
			os.Remove(tmp)
			return err
		}
		return g.linked(tier, kind)
	}
	// Another file system, or one without hard links: a copy.
	f, err := createTemp(g.Dir, fileName(tier, kind))
	if err != nil {
		return err
	}
	if _, err = io.Copy(f, src); err == nil {
		err = f.Sync()
	}
	if err != nil {
		discardTemp(f)
		return err
	}
	if err := finishTemp(f, final); err != nil {
		os.Remove(f.Name())
		return err
	}
	return g.linked(tier, kind)
}

// testNoHardLinks has Link copy, as where hard links cannot be made.
var testNoHardLinks bool

// linked finishes Link once the file is in place.
func (g *GameStore) linked(tier int, kind Kind) error {
	if err := syncDir(g.Dir); err != nil {
		return err
	}
	if kind == Values {
		// Linked, not solved: this store spent no time on it.
		return g.recordSeconds(tier, 0)
	}
	return nil
}

// linkable reports whether a table of kind of every position of a tier
// serves as the same game's from its start (Link): its values, and the
// margins and plies stored beside them.
func (k Kind) linkable() bool { return k == Values || k == Margins || k == MarginPlies }
