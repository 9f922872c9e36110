package book

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// FormatVersion is the version of the book's payload this package writes;
// it reads the version before it too (every position within the plies,
// its preamble without the strategy).
const FormatVersion = 2

// The payload starts with a preamble: the format version and the plies
// (four bytes each), then the count of positions and the canonical key
// of the book's root (eight each), and from version 2 the strategy (four
// bytes, and four kept zero), so that the keys that follow are aligned to
// eight bytes in the mapped file.
const (
	preambleBytesV1 = 24
	preambleBytes   = 32
	strategyAt      = 24
)

// preambleOf is the length of the preamble of a payload of version v.
func preambleOf(v uint32) int {
	if v == 1 {
		return preambleBytesV1
	}
	return preambleBytes
}

// A book's tier in the store is its plies when it holds every position
// from the game's start; a book from another position, or of a strategy,
// has a tier of its own above that, its plies plus a multiple of
// rootStride (see Build).
const rootStride = 256

// MaxPlies is the deepest book: its plies are kept in a byte an entry.
const MaxPlies = 255

// layout is where each array of a book of n entries starts in its
// payload after a preamble of pre bytes, and the payload's length: the
// keys (eight bytes each, little-endian, increasing), the outcomes (a
// store.Cell each, two bytes) and the plies (a byte each).
func layout(pre int, n uint64) (cellsAt, pliesAt, end uint64) {
	cellsAt = uint64(pre) + 8*n
	pliesAt = cellsAt + 2*n
	return cellsAt, pliesAt, pliesAt + n
}

// Book is an opening book read in place from its file.
type Book struct {
	plies    int
	root     uint64
	strategy Strategy
	n        int
	keys     []byte
	cells    []byte
	ply      []byte
	sym      sente.Symmetric
	table    *store.Table
	counts   store.Counts
}

// Info is a book as its file's preamble names it.
type Info struct {
	// Tier is the book's file in the store (store.Book), Plies its depth
	// and Root the canonical key of the position it starts from.
	Tier, Plies int
	Root        uint64
	// Strategy is which positions the book holds.
	Strategy Strategy
	// Damage is why the file's header or preamble cannot be read: then
	// Plies and Root are what its tier says, the root known only for a
	// book from the start (whose tier is its plies), else 0.
	Damage error
}

// Stored lists the books of g that gs holds, deepest first, by their
// files' headers and preambles only (Open checks the rest); kind
// store.Book, or store.BookWork for the saved work of builds under way.
func Stored(g sente.Game, gs *store.GameStore, kind store.Kind) ([]Info, error) {
	tiers, err := gs.Tiers(kind)
	if err != nil {
		return nil, err
	}
	var books []Info
	for _, tier := range tiers {
		t, err := gs.Open(tier, kind)
		if err == nil {
			d := t.Data
			var pre int
			if len(d) >= 4 {
				pre = preambleOf(binary.LittleEndian.Uint32(d))
				if kind == store.BookWork {
					pre = workPreambleOf(binary.LittleEndian.Uint32(d))
				}
			}
			if len(d) < 4 || len(d) < pre {
				err = &store.DamagedError{Path: t.Path, Err: fmt.Errorf("a payload of %d bytes, shorter than a preamble", len(d))}
			} else if err = t.VerifyRange(0, uint64(pre)); err == nil {
				root, strategy := preambleRoot(kind, d)
				books = append(books, Info{Tier: tier, Plies: int(binary.LittleEndian.Uint32(d[4:])), Root: root, Strategy: strategy})
			}
			t.Close()
		}
		if err != nil {
			info := Info{Tier: tier, Plies: tier % rootStride, Damage: err}
			if tier < rootStride {
				info.Root = startKey(g)
			}
			books = append(books, info)
		}
	}
	slices.SortStableFunc(books, func(a, b Info) int { return b.Plies - a.Plies })
	return books, nil
}

// startKey is the canonical key of g's start.
func startKey(g sente.Game) uint64 {
	caps := sente.CapabilitiesOf(g)
	key := caps.Encoder.Encode(g.Start())
	if caps.Symmetric != nil {
		key = caps.Symmetric.Canonical(key)
	}
	return key
}

// preambleRoot is the root and the strategy a book's or its saved work's
// preamble names (a preamble known to be whole).
func preambleRoot(kind store.Kind, d []byte) (uint64, Strategy) {
	le := binary.LittleEndian
	version := le.Uint32(d)
	rootAt, at := 16, strategyAt
	if kind == store.BookWork {
		rootAt, at = workRootAt, workStrategyAt
	}
	if version == 1 {
		return le.Uint64(d[rootAt:]), Everything
	}
	s := le.Uint32(d[at:])
	if s > uint32(BestSecond) {
		s = math.MaxUint8 // not a strategy: read refuses it
	}
	return le.Uint64(d[rootAt:]), Strategy(s)
}

// Open opens the book stored as tier in gs for g, every block of it
// checked: a damaged file is a store.DamagedError or store.BlockError
// (store.Damaged), a missing one an error wrapping fs.ErrNotExist.
func Open(g sente.Game, gs *store.GameStore, tier int) (*Book, error) {
	t, err := gs.Open(tier, store.Book)
	if err != nil {
		return nil, err
	}
	if err := t.Verify(); err != nil {
		t.Close()
		return nil, err
	}
	b, err := read(t)
	if err != nil {
		t.Close()
		return nil, &store.DamagedError{Path: t.Path, Err: err}
	}
	b.sym = sente.CapabilitiesOf(g).Symmetric
	return b, nil
}

// read lays the book over t's payload, checking that the payload is the
// book its header and preamble say.
func read(t *store.Table) (*Book, error) {
	d := t.Data
	le := binary.LittleEndian
	if len(d) < 4 {
		return nil, fmt.Errorf("a book's payload of %d bytes, shorter than its preamble", len(d))
	}
	version := le.Uint32(d)
	if version != 1 && version != FormatVersion {
		return nil, fmt.Errorf("book format version %d, this sente reads 1 to %d", version, FormatVersion)
	}
	pre := preambleOf(version)
	if len(d) < pre {
		return nil, fmt.Errorf("a book's payload of %d bytes, shorter than its preamble", len(d))
	}
	plies, n := le.Uint32(d[4:]), le.Uint64(d[8:])
	root, strategy := preambleRoot(store.Book, d)
	switch {
	case int(plies) != t.Header.Tier%rootStride:
		return nil, fmt.Errorf("a book of %d plies in the file of tier %d", plies, t.Header.Tier)
	case n != t.Header.Ranks || n != t.Header.Counts.Positions:
		return nil, fmt.Errorf("a book of %d positions, its header says %d", n, t.Header.Ranks)
	case !strategy.valid():
		return nil, fmt.Errorf("a book of strategy %d, which this sente does not know", strategy)
	}
	cellsAt, pliesAt, end := layout(pre, n)
	if uint64(len(d)) != end {
		return nil, fmt.Errorf("a book of %d positions in a payload of %d bytes, not %d", n, len(d), end)
	}
	return &Book{plies: int(plies), root: root, strategy: strategy, n: int(n), keys: d[pre:cellsAt], cells: d[cellsAt:pliesAt], ply: d[pliesAt:end],
		table: t, counts: t.Header.Counts}, nil
}

// OpenAll opens every sound book of g stored under name in st, deepest
// first; none, with no error, when st holds none. A book that fails its
// checks is passed over, and the first damage met returned beside the
// books that are sound.
func OpenAll(g sente.Game, st *store.Store, name string) ([]*Book, error) {
	gs, err := st.Find(name)
	if err != nil || gs == nil {
		return nil, err
	}
	stored, err := Stored(g, gs, store.Book)
	if err != nil {
		return nil, err
	}
	var books []*Book
	var first error
	for _, info := range stored {
		if info.Damage != nil {
			if first == nil {
				first = info.Damage
			}
			continue
		}
		b, err := Open(g, gs, info.Tier)
		if err == nil {
			books = append(books, b)
		} else if first == nil {
			first = err
		}
	}
	return books, first
}

// Plies is how deep the book goes: every position its root reaches in
// as many moves or fewer (of the book's strategy, see Strategy) is in it,
// unless it has ended.
func (b *Book) Plies() int { return b.plies }

// Strategy is which positions the book holds: every position within its
// plies, or one player's best moves against every move of the other.
func (b *Book) Strategy() Strategy { return b.strategy }

// Root is the canonical key of the position the book starts from: the
// game's start, or the position a build was asked to start from.
func (b *Book) Root() uint64 { return b.root }

// Len is the positions the book holds.
func (b *Book) Len() int { return b.n }

// Counts are the book's positions, all and by value for the player to
// move.
func (b *Book) Counts() store.Counts { return b.counts }

// Path is the book's file.
func (b *Book) Path() string { return b.table.Path }

// Entry is the book's i-th position in the order of its keys: its
// canonical key, its outcome for the player to move, and the fewest plies
// in which the book's root reaches it.
func (b *Book) Entry(i int) (key uint64, o sente.Outcome, ply int) {
	return b.key(i), store.Cell(binary.LittleEndian.Uint16(b.cells[2*i:])).Outcome(), int(b.ply[i])
}

func (b *Book) key(i int) uint64 { return binary.LittleEndian.Uint64(b.keys[8*i:]) }

// find is the index of the canonical key c, or -1.
func (b *Book) find(c uint64) int {
	i := sort.Search(b.n, func(i int) bool { return b.key(i) >= c })
	if i < b.n && b.key(i) == c {
		return i
	}
	return -1
}

// Lookup is the outcome of the position key (any of its symmetric images)
// for the player to move, and false when the book does not hold it. It is
// safe for concurrent use.
func (b *Book) Lookup(key uint64) (sente.Outcome, bool) {
	if b.sym != nil {
		key = b.sym.Canonical(key)
	}
	i := b.find(key)
	if i < 0 {
		return sente.Outcome{}, false
	}
	_, o, _ := b.Entry(i)
	return o, true
}

// Close unmaps the book's file.
func (b *Book) Close() error {
	if b == nil || b.table == nil {
		return nil
	}
	err := b.table.Close()
	b.table, b.keys, b.cells, b.ply = nil, nil, nil, nil
	return err
}

// payload is the bytes of a book of plies of strategy s whose entries are
// keys (sorted, canonical), cells and ply, in that order.
func payload(plies int, root uint64, s Strategy, keys []uint64, cells []store.Cell, ply []uint8) [][]byte {
	n := uint64(len(keys))
	pre := make([]byte, 0, preambleBytes)
	pre = binary.LittleEndian.AppendUint32(pre, FormatVersion)
	pre = binary.LittleEndian.AppendUint32(pre, uint32(plies))
	pre = binary.LittleEndian.AppendUint64(pre, n)
	pre = binary.LittleEndian.AppendUint64(pre, root)
	pre = binary.LittleEndian.AppendUint32(pre, uint32(s))
	pre = binary.LittleEndian.AppendUint32(pre, 0)
	kb := make([]byte, 0, 8*n)
	for _, k := range keys {
		kb = binary.LittleEndian.AppendUint64(kb, k)
	}
	return [][]byte{pre, kb, store.CellBytes(cells), ply}
}

// countsOf counts cells by value.
func countsOf(cells []store.Cell) store.Counts {
	c := store.Counts{Positions: uint64(len(cells))}
	for _, cell := range cells {
		switch cell.Value() {
		case sente.Win:
			c.Win++
		case sente.Lose:
			c.Lose++
		case sente.Tie:
			c.Tie++
		case sente.Draw:
			c.Draw++
		}
	}
	return c
}
