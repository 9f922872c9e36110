package book

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"slices"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/solve/search"
	"github.com/sente-go/sente/store"
)

// Options say how a book is built.
type Options struct {
	// Plies is the book's depth: every position From reaches in at most
	// Plies moves, unless it has ended.
	Plies int
	// From is the book's root; nil means the game's start. A game keeps
	// a book from each root, of each depth and strategy asked for.
	From sente.Position
	// Strategy is which positions the book holds: every position within
	// Plies (Everything, the zero value), or one player's best moves
	// against every move of the other.
	Strategy Strategy
	// TableBytes is the memory of the search's transposition table; 0
	// means search.DefaultTableBytes.
	TableBytes int64
	// Workers search each position, each on a core of its own; 0 means
	// GOMAXPROCS, every core.
	Workers int
	// MaxPositions refuses a book of more positions, before any search;
	// 0 means DefaultMaxPositions.
	MaxPositions int
	// SaveEvery is how often the work done is saved (and when the build
	// is stopped); 0 means every ten seconds.
	SaveEvery time.Duration
	// Progress, when set, is told how far the build has come after each
	// position searched, and at most every ProgressEvery (a second when
	// 0) while one position is searched.
	Progress      func(Progress)
	ProgressEvery time.Duration
	// Waiting, when set, is told once that another process holds the
	// game's directory (a solve or another build): the build waits.
	Waiting func()
}

// DefaultMaxPositions is the most positions a book holds unless
// Options.MaxPositions says otherwise: 11 bytes each on disk, and far
// more than a build searches in a day where search costs a second a
// position.
const DefaultMaxPositions = 10_000_000

// Progress is a build under way.
type Progress struct {
	// Done of Total positions are valued; Resumed of them were valued by
	// an earlier build, whose saved work this one took. A book of a
	// strategy finds its positions as it is built: Total is 0 until the
	// walk of its lines has found them all.
	Done, Total, Resumed int
	// Ply is the ply of the positions being searched (deepest first).
	Ply int
	// Nodes and Elapsed are this build's search.
	Nodes   uint64
	Elapsed time.Duration
}

// PlyCost is what the positions of one ply cost.
type PlyCost struct {
	Ply, Positions int
	Nodes          uint64
	Elapsed        time.Duration
}

// Report is what Build did.
type Report struct {
	Path   string
	Plies  int
	Counts store.Counts
	// Tier is the book's file in the store (kind store.Book).
	Tier int
	// Stored says the book was stored already: Build did nothing.
	Stored bool
	// Total is the book's positions; Resumed those taken from an earlier
	// build's saved work, Done those valued when the build ended (all of
	// them, or as many as a stopped build saved).
	Total, Resumed, Done int
	// Reused is the book's positions whose outcomes the game's other
	// books, or the saved work of its other builds of strategies, held:
	// taken from there, not searched.
	Reused int
	// PerPly is the cost of each ply this build searched, deepest first.
	PerPly  []PlyCost
	Nodes   uint64
	Elapsed time.Duration
}

// TooManyError refuses a book of more positions than allowed.
type TooManyError struct {
	Plies, Most int
	// Positions were found within AtPly plies when the count passed Most.
	Positions, AtPly int
}

func (e *TooManyError) Error() string {
	return fmt.Sprintf("a book of %d plies holds more than %s positions (%s within %d plies)", e.Plies, quantity.Thousands(uint64(e.Most)), quantity.Thousands(uint64(e.Positions)), e.AtPly)
}

// Positions are the canonical keys of the positions from reaches (nil:
// g's start) in at most plies moves and that have not ended, by the
// fewest plies that reach them: level i sorted. It refuses, with a
// *TooManyError, more than most positions in all.
func Positions(g sente.Game, from sente.Position, plies, most int) ([][]uint64, error) {
	caps := sente.CapabilitiesOf(g)
	enc, sym := caps.Encoder, caps.Symmetric
	if enc == nil {
		return nil, fmt.Errorf("%s has no integer keys (sente.Encoder), which search needs", gameName(g))
	}
	canon := canonOf(sym)
	if from == nil {
		from = g.Start()
	}
	start := canon(enc.Encode(from))
	levels := [][]uint64{{start}}
	if _, ended := enc.EndedKey(start); ended {
		return [][]uint64{nil}, nil
	}
	total := 1
	var kids []uint64
	for ply := 1; ply <= plies; ply++ {
		var next []uint64
		// The level's keys are made unique whenever they pass compact,
		// so that a book too large is refused before its keys fill the
		// memory.
		compact := max(1<<16, most-total+1)
		for _, k := range levels[ply-1] {
			kids = enc.AppendChildren(kids[:0], k)
			for _, c := range kids {
				c = canon(c)
				if _, ended := enc.EndedKey(c); !ended {
					next = append(next, c)
				}
			}
			if len(next) > compact {
				next = sortUnique(next)
				if total+len(next) > most {
					return nil, &TooManyError{Plies: plies, Most: most, Positions: total + len(next), AtPly: ply}
				}
				compact = max(compact, 2*len(next))
			}
		}
		next = sortUnique(next)
		// A position met at a shallower ply (a game whose positions
		// recur at other depths) stays at its first.
		next = slices.DeleteFunc(next, func(k uint64) bool {
			for _, l := range levels {
				if _, found := slices.BinarySearch(l, k); found {
					return true
				}
			}
			return false
		})
		total += len(next)
		if total > most {
			return nil, &TooManyError{Plies: plies, Most: most, Positions: total, AtPly: ply}
		}
		levels = append(levels, next)
	}
	return levels, nil
}

// canonOf makes a key canonical under sym, the game's symmetries (none
// when nil).
func canonOf(sym sente.Symmetric) func(uint64) uint64 {
	return func(k uint64) uint64 {
		if sym != nil {
			return sym.Canonical(k)
		}
		return k
	}
}

func sortUnique(keys []uint64) []uint64 {
	slices.Sort(keys)
	return slices.Compact(keys)
}

func gameName(g sente.Game) string {
	if s, ok := g.(fmt.Stringer); ok {
		return s.String()
	}
	return "the game"
}

// work is the order in which a build values the positions, deepest ply
// first, and a fingerprint of it that the saved work carries.
type work struct {
	keys        []uint64
	ply         []uint8
	fingerprint uint64
}

func workOf(levels [][]uint64) work {
	var w work
	h := fnv.New64a()
	var b [8]byte
	for p := len(levels) - 1; p >= 0; p-- {
		for _, k := range levels[p] {
			w.keys = append(w.keys, k)
			w.ply = append(w.ply, uint8(p))
			binary.LittleEndian.PutUint64(b[:], k)
			h.Write(b[:])
		}
		binary.LittleEndian.PutUint64(b[:], uint64(len(levels[p]))<<8|uint64(p))
		h.Write(b[:])
	}
	w.fingerprint = h.Sum64()
	return w
}

// The saved work (store.BookWork) is its own format version and the
// plies (four bytes each), the fingerprint of the order of the positions,
// how many of them are done and the canonical key of the book's root
// (eight each), the strategy (four, and four kept zero), then a cell each
// of those done; for a book of a strategy, whose positions are found as
// it is built, their keys first and then their cells.
const (
	workPreambleV1 = 32
	workPreamble   = 40
	workRootAt     = 24
	workStrategyAt = 32
)

// workPreambleOf is the length of the preamble of saved work of version
// v.
func workPreambleOf(v uint32) int {
	if v == 1 {
		return workPreambleV1
	}
	return workPreamble
}

func encodeWork(plies int, s Strategy, fingerprint, root uint64, keys []uint64, cells []store.Cell) []byte {
	b := make([]byte, 0, workPreamble+10*len(cells))
	b = binary.LittleEndian.AppendUint32(b, FormatVersion)
	b = binary.LittleEndian.AppendUint32(b, uint32(plies))
	b = binary.LittleEndian.AppendUint64(b, fingerprint)
	b = binary.LittleEndian.AppendUint64(b, uint64(len(cells)))
	b = binary.LittleEndian.AppendUint64(b, root)
	b = binary.LittleEndian.AppendUint32(b, uint32(s))
	b = binary.LittleEndian.AppendUint32(b, 0)
	for _, k := range keys {
		b = binary.LittleEndian.AppendUint64(b, k)
	}
	return append(b, store.CellBytes(cells)...)
}

// savedWork is the cells of the positions an earlier build of the same
// book valued, in the order of w; none when there is no saved work, or
// it is damaged or of another book (a game whose positions changed).
func savedWork(gs *store.GameStore, tier, plies int, w work) []store.Cell {
	t, err := gs.Open(tier, store.BookWork)
	if err != nil {
		return nil
	}
	defer t.Close()
	if t.Verify() != nil || len(t.Data) < workPreamble {
		return nil
	}
	d := t.Data
	le := binary.LittleEndian
	done := le.Uint64(d[16:])
	if le.Uint32(d) != FormatVersion || int(le.Uint32(d[4:])) != plies || le.Uint64(d[8:]) != w.fingerprint ||
		le.Uint32(d[workStrategyAt:]) != uint32(Everything) || done > uint64(len(w.keys)) || uint64(len(d)) != workPreamble+2*done {
		return nil
	}
	cells := make([]store.Cell, done)
	for i := range cells {
		cells[i] = store.Cell(le.Uint16(d[workPreamble+2*i:]))
		if !cells[i].Reachable() {
			return nil
		}
	}
	return cells
}

// tierOf is the tier of the book of plies of strategy s from root in gs:
// the one it has, or the one its build's saved work has, else the plies
// for a book of every position from the start, else the first free one
// above them.
func tierOf(g sente.Game, gs *store.GameStore, root uint64, plies int, s Strategy) (int, error) {
	used := map[int]bool{}
	for _, kind := range []store.Kind{store.Book, store.BookWork} {
		infos, err := Stored(g, gs, kind)
		if err != nil {
			return 0, err
		}
		for _, info := range infos {
			if info.Root == root && info.Plies == plies && info.Strategy == s {
				return info.Tier, nil
			}
		}
		tiers, err := gs.Tiers(kind)
		if err != nil {
			return 0, err
		}
		for _, t := range tiers {
			used[t] = true
		}
	}
	if root == startKey(g) && s == Everything {
		return plies, nil
	}
	t := plies + rootStride
	for used[t] {
		t += rootStride
	}
	return t, nil
}

// Build builds the book of opt.Plies for g into gs (the game's directory,
// named by its canonical spec), searching each position, deepest first,
// with the positions valued before as leaves. A build stopped (ctx
// cancelled, or a search failing) saves what it did, and returns the
// context's error; the next build of the same book goes on from there. A
// book stored already is left as it is.
func Build(ctx context.Context, g sente.Game, gs *store.GameStore, opt Options) (*Report, error) {
	if opt.Plies < 0 || opt.Plies > MaxPlies {
		return nil, fmt.Errorf("a book of %d plies; from 0 to %d", opt.Plies, MaxPlies)
	}
	if opt.MaxPositions <= 0 {
		opt.MaxPositions = DefaultMaxPositions
	}
	if opt.SaveEvery <= 0 {
		opt.SaveEvery = 10 * time.Second
	}
	if opt.ProgressEvery <= 0 {
		opt.ProgressEvery = time.Second
	}
	if !opt.Strategy.valid() {
		return nil, fmt.Errorf("a book of strategy %d; this sente knows %d to %d", opt.Strategy, Everything, BestSecond)
	}
	if opt.Strategy != Everything {
		return buildStrategy(ctx, g, gs, opt)
	}
	rep := &Report{Plies: opt.Plies}
	levels, err := Positions(g, opt.From, opt.Plies, opt.MaxPositions)
	if err != nil {
		return nil, err
	}
	unlock, err := gs.Lock(ctx, opt.Waiting)
	if err != nil {
		return nil, err
	}
	defer unlock()
	tier, err := tierOf(g, gs, levels[0][0], opt.Plies, Everything)
	if err != nil {
		return nil, err
	}
	rep.Tier = tier
	if b, err := Open(g, gs, tier); err == nil {
		rep.Path, rep.Counts, rep.Stored = b.Path(), b.Counts(), true
		return rep, b.Close()
	}

	w := workOf(levels)
	rep.Total = len(w.keys)
	cells := savedWork(gs, tier, opt.Plies, w)
	rep.Resumed = len(cells)
	// The positions valued, by canonical key: the search's leaves.
	known := newLeafTable(len(w.keys))
	for i, c := range cells {
		known.put(w.keys[i], c)
	}
	priorOutcomes(g, gs, tier, known)
	sym := sente.CapabilitiesOf(g).Symmetric
	leaves := search.LeavesFunc(func(key uint64) (sente.Outcome, bool) {
		if sym != nil {
			key = sym.Canonical(key)
		}
		c := known.get(key)
		return c.Outcome(), c.Reachable()
	})
	start := time.Now()
	var before PlyCost // the nodes and time of the positions before this one
	progress := func(ply int, nodes uint64) {
		if opt.Progress != nil {
			opt.Progress(Progress{Done: len(cells), Total: len(w.keys), Resumed: rep.Resumed, Ply: ply,
				Nodes: before.Nodes + nodes, Elapsed: time.Since(start)})
		}
	}
	ply := -1
	s, err := search.New(g, search.Options{
		TableBytes:    opt.TableBytes,
		Workers:       opt.Workers,
		Leaves:        leaves,
		ProgressEvery: opt.ProgressEvery,
		Progress:      func(p search.Progress) { progress(ply, p.Nodes) },
	})
	if err != nil {
		return nil, err
	}
	lastSave := time.Now()
	save := func() error {
		if len(cells) == rep.Resumed {
			return nil
		}
		lastSave = time.Now()
		return gs.Write(tier, store.BookWork, encodeWork(opt.Plies, Everything, w.fingerprint, w.keys[len(w.keys)-1], nil, cells), store.Counts{Positions: uint64(len(cells))})
	}
	for i := len(cells); i < len(w.keys); i++ {
		ply = int(w.ply[i])
		if len(rep.PerPly) == 0 || rep.PerPly[len(rep.PerPly)-1].Ply != ply {
			rep.PerPly = append(rep.PerPly, PlyCost{Ply: ply})
		}
		if c := known.get(w.keys[i]); c.Reachable() {
			// Another book of the game holds it.
			cells = append(cells, c)
			rep.Reused++
			continue
		}
		var res search.Result
		err := ctx.Err()
		if err == nil {
			res, err = s.SolveKey(ctx, w.keys[i])
		}
		cost := &rep.PerPly[len(rep.PerPly)-1]
		cost.Nodes += res.Nodes
		cost.Elapsed += res.Elapsed
		before.Nodes += res.Nodes
		rep.Nodes += res.Nodes
		if err == nil && res.Outcome.Remoteness > store.MaxRemoteness {
			err = fmt.Errorf("%s: a remoteness of %d, more than a book keeps (%d)", g.FormatPosition(sente.CapabilitiesOf(g).Encoder.Decode(w.keys[i])), res.Outcome.Remoteness, store.MaxRemoteness)
		}
		if err != nil {
			if serr := save(); serr != nil {
				err = errors.Join(err, serr)
			}
			rep.Elapsed, rep.Done = time.Since(start), len(cells)
			return rep, err
		}
		cost.Positions++
		c := store.Pack(res.Outcome.Value, res.Outcome.Remoteness)
		cells = append(cells, c)
		known.put(w.keys[i], c)
		progress(ply, 0)
		if time.Since(lastSave) >= opt.SaveEvery {
			if err := save(); err != nil {
				return rep, err
			}
		}
	}
	rep.Elapsed, rep.Done = time.Since(start), len(cells)

	return rep, write(g, gs, tier, opt.Plies, levels[0][0], Everything, w.keys, cells, w.ply, rep)
}

// write stores the book of plies of strategy s from root as tier of gs,
// its entries keys, cells and ply in any order, and removes its build's
// saved work; rep gets its counts and path.
func write(g sente.Game, gs *store.GameStore, tier, plies int, root uint64, s Strategy, keys []uint64, cells []store.Cell, ply []uint8, rep *Report) error {
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
	sortedKeys := make([]uint64, len(order))
	sortedCells := make([]store.Cell, len(order))
	sortedPly := make([]uint8, len(order))
	for j, i := range order {
		sortedKeys[j], sortedCells[j], sortedPly[j] = keys[i], cells[i], ply[i]
	}
	rep.Counts = countsOf(sortedCells)
	if err := gs.WriteParts(tier, store.Book, payload(plies, root, s, sortedKeys, sortedCells, sortedPly), rep.Counts); err != nil {
		return err
	}
	if err := gs.Remove(tier, store.BookWork); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	b, err := Open(g, gs, tier)
	if err != nil {
		return err
	}
	rep.Path = b.Path()
	return b.Close()
}

// leafTable is the outcomes of the positions valued so far, by canonical
// key: open addressing over flat arrays, a cell of 0 (store.Unreachable)
// an empty slot, twice as large whenever it is half full.
type leafTable struct {
	keys  []uint64
	cells []store.Cell
	mask  uint64
	n     int
}

func newLeafTable(n int) *leafTable {
	size := uint64(16)
	for size < 2*uint64(n) {
		size *= 2
	}
	return &leafTable{keys: make([]uint64, size), cells: make([]store.Cell, size), mask: size - 1}
}

func (t *leafTable) slot(key uint64) uint64 {
	i := (key * 0x9e3779b97f4a7c15) >> 20 & t.mask
	for t.cells[i] != store.Unreachable && t.keys[i] != key {
		i = (i + 1) & t.mask
	}
	return i
}

func (t *leafTable) put(key uint64, c store.Cell) {
	i := t.slot(key)
	if t.cells[i] == store.Unreachable {
		if uint64(2*(t.n+1)) > t.mask+1 {
			t.grow()
			i = t.slot(key)
		}
		t.n++
	}
	t.keys[i], t.cells[i] = key, c
}

func (t *leafTable) grow() {
	old := *t
	*t = *newLeafTable(2 * (old.n + 1))
	for i, c := range old.cells {
		if c != store.Unreachable {
			t.put(old.keys[i], c)
		}
	}
}

func (t *leafTable) get(key uint64) store.Cell { return t.cells[t.slot(key)] }
