package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"sente"
	"sente/store"
)

// FormatVersion is the version of the book's payload this package writes
// and reads (the store's header has its own).
const FormatVersion = 1

// preambleBytes starts the payload: the format version and the plies
// (four bytes each), then the count of positions (eight), so that the
// keys that follow are aligned to eight bytes in the mapped file.
const preambleBytes = 16

// MaxPlies is the deepest book: its plies are kept in a byte an entry.
const MaxPlies = 255

// layout is where each array of a book of n entries starts in its
// payload, and the payload's length: the keys (eight bytes each,
// little-endian, increasing), the outcomes (a store.Cell each, two bytes)
// and the plies (a byte each).
func layout(n uint64) (cellsAt, pliesAt, end uint64) {
	cellsAt = preambleBytes + 8*n
	pliesAt = cellsAt + 2*n
	return cellsAt, pliesAt, pliesAt + n
}

// Book is an opening book read in place from its file.
type Book struct {
	plies  int
	n      int
	keys   []byte
	cells  []byte
	ply    []byte
	sym    sente.Symmetric
	table  *store.Table
	counts store.Counts
}

// Stored lists the plies of the books gs holds, in increasing order.
func Stored(gs *store.GameStore) ([]int, error) { return gs.Tiers(store.Book) }

// Open opens the book of plies that gs holds for g, every block of it
// checked: a damaged file is a store.DamagedError or store.BlockError
// (store.Damaged), a missing one an error wrapping fs.ErrNotExist.
func Open(g sente.Game, gs *store.GameStore, plies int) (*Book, error) {
	t, err := gs.Open(plies, store.Book)
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
	if len(d) < preambleBytes {
		return nil, fmt.Errorf("a book's payload of %d bytes, shorter than its preamble", len(d))
	}
	le := binary.LittleEndian
	version, plies, n := le.Uint32(d), le.Uint32(d[4:]), le.Uint64(d[8:])
	switch {
	case version != FormatVersion:
		return nil, fmt.Errorf("book format version %d, this sente reads %d", version, FormatVersion)
	case int(plies) != t.Header.Tier:
		return nil, fmt.Errorf("a book of %d plies in the file of %d", plies, t.Header.Tier)
	case n != t.Header.Ranks || n != t.Header.Counts.Positions:
		return nil, fmt.Errorf("a book of %d positions, its header says %d", n, t.Header.Ranks)
	}
	cellsAt, pliesAt, end := layout(n)
	if uint64(len(d)) != end {
		return nil, fmt.Errorf("a book of %d positions in a payload of %d bytes, not %d", n, len(d), end)
	}
	return &Book{plies: int(plies), n: int(n), keys: d[preambleBytes:cellsAt], cells: d[cellsAt:pliesAt], ply: d[pliesAt:end],
		table: t, counts: t.Header.Counts}, nil
}

// OpenDeepest opens the deepest sound book of g stored under name in st;
// nil, with no error, when st holds none. A book that fails its checks is
// passed over for a shallower one, and its damage returned when no other
// is sound.
func OpenDeepest(g sente.Game, st *store.Store, name string) (*Book, error) {
	gs, err := st.Find(name)
	if err != nil || gs == nil {
		return nil, err
	}
	plies, err := Stored(gs)
	if err != nil {
		return nil, err
	}
	var first error
	for i := len(plies) - 1; i >= 0; i-- {
		b, err := Open(g, gs, plies[i])
		if err == nil {
			return b, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}

// Plies is how deep the book goes: every position the start reaches in
// as many moves or fewer is in it, unless it has ended.
func (b *Book) Plies() int { return b.plies }

// Len is the positions the book holds.
func (b *Book) Len() int { return b.n }

// Counts are the book's positions, all and by value for the player to
// move.
func (b *Book) Counts() store.Counts { return b.counts }

// Path is the book's file.
func (b *Book) Path() string { return b.table.Path }

// Entry is the book's i-th position in the order of its keys: its
// canonical key, its outcome for the player to move, and the fewest plies
// in which the start reaches it.
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

// payload is the bytes of a book of plies whose entries are keys (sorted,
// canonical), cells and ply, in that order.
func payload(plies int, keys []uint64, cells []store.Cell, ply []uint8) [][]byte {
	n := uint64(len(keys))
	pre := make([]byte, 0, preambleBytes)
	pre = binary.LittleEndian.AppendUint32(pre, FormatVersion)
	pre = binary.LittleEndian.AppendUint32(pre, uint32(plies))
	pre = binary.LittleEndian.AppendUint64(pre, n)
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

// ErrNoBook is what Verify says of a game with no book of the plies asked
// stored.
var ErrNoBook = errors.New("no book stored")
