package book

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"github.com/sente-go/sente/solve/search"
	"github.com/sente-go/sente/store"

	"github.com/sente-go/sente"
)

// Strategy is which positions a book holds: every position within its
// plies, or the lines of one player's strategy, that player's best moves
// only against every move of the other. The second is the book a perfect
// player needs to play that side from it, and far smaller: the other
// player's choices multiply its lines, the strategy's do not.
type Strategy uint8

const (
	// Everything is every position within the book's plies.
	Everything Strategy = iota
	// BestFirst follows the first player's best moves and every move of
	// the second.
	BestFirst
	// BestSecond follows the second player's best moves and every move
	// of the first.
	BestSecond
)

// StrategyOf is the strategy of p's best moves.
func StrategyOf(p sente.Player) Strategy {
	if p == sente.Second {
		return BestSecond
	}
	return BestFirst
}

// Player is the player whose best moves the strategy follows; false for
// Everything.
func (s Strategy) Player() (sente.Player, bool) {
	switch s {
	case BestFirst:
		return sente.First, true
	case BestSecond:
		return sente.Second, true
	}
	return sente.Nobody, false
}

func (s Strategy) String() string {
	if p, ok := s.Player(); ok {
		return "the " + p.String() + " player's best moves"
	}
	return "every position"
}

// valid says whether s is a strategy this package knows.
func (s Strategy) valid() bool { return s <= BestSecond }

// strategyLines walks the positions of the book of strategy s (not
// Everything) of plies from the canonical key root, breadth first. At a
// position of the strategy's player within the plies, every move's
// position is valued (value says how: search, or the book read) and only
// the best moves are followed; at the other player's, every move is
// followed. It returns every position valued or followed, by the ply it
// was first met at, each ply's keys sorted, and the positions whose every
// move's position it holds (those within the plies), for a check that
// each one's outcome is its best move's.
//
// The outcome of a position followed is not asked here: the caller values
// what the walk leaves unvalued, deepest first, after it.
func strategyLines(ctx context.Context, g sente.Game, root uint64, plies, most int, s Strategy, value func(key uint64, ply int) (sente.Outcome, error)) (levels [][]uint64, inner []uint64, err error) {
	player, _ := s.Player()
	caps := sente.CapabilitiesOf(g)
	enc, sym := caps.Encoder, caps.Symmetric
	canon := canonOf(sym)
	turnOf := caps.KeyTurns(g)
	if turnOf == nil {
		turnOf = func(k uint64) sente.Player { return g.Turn(enc.Decode(k)) }
	}
	// met is every position the walk holds, by canonical key; expanded
	// those whose moves it has followed.
	met := map[uint64]bool{root: true}
	expanded := map[uint64]bool{}
	if _, ended := enc.EndedKey(root); ended {
		return [][]uint64{nil}, nil, nil
	}
	levels = [][]uint64{{root}}
	follow := []uint64{root}
	var kids []uint64
	for ply := 0; ply < plies && len(follow) > 0; ply++ {
		var next, held []uint64
		var many error
		hold := func(c uint64) {
			if !met[c] {
				met[c] = true
				held = append(held, c)
				if len(met) > most && many == nil {
					many = &TooManyError{Plies: plies, Most: most, Positions: len(met), AtPly: ply + 1}
				}
			}
		}
		for _, k := range follow {
			if err := cmp.Or(ctx.Err(), many); err != nil {
				return nil, nil, err
			}
			if _, ended := enc.EndedKey(k); ended || expanded[k] {
				continue
			}
			expanded[k] = true
			inner = append(inner, k)
			kids = enc.AppendChildren(kids[:0], k)
			if turnOf(k) != player {
				for _, c := range kids {
					if _, ended := enc.EndedKey(c); !ended {
						c = canon(c)
						hold(c)
						next = append(next, c)
					}
				}
				continue
			}
			// The strategy's player: every move valued, the best followed.
			outcomes := make([]sente.Outcome, len(kids))
			var best sente.Outcome
			for i, c := range kids {
				o, err := moveOutcome(enc, turnOf, k, c, func(c uint64) (sente.Outcome, error) {
					c = canon(c)
					hold(c)
					return value(c, ply+1)
				})
				if err != nil {
					return nil, nil, err
				}
				outcomes[i] = o
				if i == 0 || o.Better(best) {
					best = o
				}
			}
			for i, c := range kids {
				if _, ended := enc.EndedKey(c); !ended && outcomes[i] == best {
					next = append(next, canon(c))
				}
			}
		}
		if many != nil {
			return nil, nil, many
		}
		levels = append(levels, sortUnique(held))
		follow = sortUnique(next)
	}
	return levels, inner, nil
}

// moveOutcome is the outcome for the player at from of the move to the
// position child (a key as the game gives it, not made canonical): its
// outcome as the game ends it, or else as value gives it.
func moveOutcome(enc sente.Encoder, turnOf func(uint64) sente.Player, from, child uint64, value func(uint64) (sente.Outcome, error)) (sente.Outcome, error) {
	var o sente.Outcome
	if v, ended := enc.EndedKey(child); ended {
		o = sente.Outcome{Value: v}
	} else {
		var err error
		if o, err = value(child); err != nil {
			return o, err
		}
	}
	return sente.MoveOutcome(o, turnOf(child) == turnOf(from)), nil
}

// bestOf is the outcome of the position key for the player to move, from
// its moves' positions' outcomes as outcome gives them.
func bestOf(g sente.Game, key uint64, outcome func(uint64) (sente.Outcome, error)) (sente.Outcome, error) {
	caps := sente.CapabilitiesOf(g)
	enc := caps.Encoder
	turnOf := caps.KeyTurns(g)
	if turnOf == nil {
		turnOf = func(k uint64) sente.Player { return g.Turn(enc.Decode(k)) }
	}
	var best sente.Outcome
	for i, c := range enc.AppendChildren(nil, key) {
		o, err := moveOutcome(enc, turnOf, key, c, outcome)
		if err != nil {
			return best, err
		}
		if i == 0 || o.Better(best) {
			best = o
		}
	}
	return best, nil
}

// buildStrategy is Build of a book of a strategy: the walk of
// strategyLines, each position it values searched (or taken from the
// saved work of an earlier build), then every position it followed and
// did not value, deepest ply first, so that a position whose moves'
// positions are all valued is answered from them at the cost of a few
// probes.
func buildStrategy(ctx context.Context, g sente.Game, gs *store.GameStore, opt Options) (*Report, error) {
	caps := sente.CapabilitiesOf(g)
	enc, sym := caps.Encoder, caps.Symmetric
	if enc == nil {
		return nil, fmt.Errorf("%s has no integer keys (sente.Encoder), which search needs", gameName(g))
	}
	canon := canonOf(sym)
	from := opt.From
	if from == nil {
		from = g.Start()
	}
	root := canon(enc.Encode(from))
	rep := &Report{Plies: opt.Plies}
	unlock, err := gs.Lock(ctx, opt.Waiting)
	if err != nil {
		return nil, err
	}
	defer unlock()
	tier, err := tierOf(g, gs, root, opt.Plies, opt.Strategy)
	if err != nil {
		return nil, err
	}
	rep.Tier = tier
	if b, err := Open(g, gs, tier); err == nil {
		rep.Path, rep.Counts, rep.Stored = b.Path(), b.Counts(), true
		return rep, b.Close()
	}

	fingerprint := strategyFingerprint(root, opt.Plies, opt.Strategy)
	keys, cells := savedStrategyWork(gs, tier, opt.Plies, opt.Strategy, fingerprint)
	rep.Resumed = len(cells)
	known := newLeafTable(max(len(keys), 1<<12))
	for i, k := range keys {
		known.put(k, cells[i])
	}
	priorOutcomes(g, gs, tier, known)
	leaves := search.LeavesFunc(func(key uint64) (sente.Outcome, bool) {
		c := known.get(canon(key))
		return c.Outcome(), c.Reachable()
	})
	start := time.Now()
	var nodes uint64 // of the positions searched before this one
	ply := 0
	// total is the book's positions once the walk has found them all, and
	// 0 while it goes on.
	total := 0
	progress := func(searching uint64) {
		if opt.Progress != nil {
			opt.Progress(Progress{Done: len(cells), Total: total, Resumed: rep.Resumed, Ply: ply,
				Nodes: nodes + searching, Elapsed: time.Since(start)})
		}
	}
	s, err := search.New(g, search.Options{
		TableBytes:    opt.TableBytes,
		Workers:       opt.Workers,
		Leaves:        leaves,
		ProgressEvery: opt.ProgressEvery,
		Progress:      func(p search.Progress) { progress(p.Nodes) },
	})
	if err != nil {
		return nil, err
	}
	lastSave := time.Now()
	saved := len(cells)
	save := func() error {
		if len(cells) == saved {
			return nil
		}
		lastSave, saved = time.Now(), len(cells)
		return gs.Write(tier, store.BookWork, encodeWork(opt.Plies, opt.Strategy, fingerprint, root, keys, cells), store.Counts{Positions: uint64(len(cells))})
	}
	perPly := map[int]*PlyCost{}
	value := func(key uint64, at int) (sente.Outcome, error) {
		if c := known.get(key); c.Reachable() {
			return c.Outcome(), nil
		}
		ply = at
		res, err := s.SolveKey(ctx, key)
		cost := perPly[at]
		if cost == nil {
			cost = &PlyCost{Ply: at}
			perPly[at] = cost
		}
		cost.Nodes += res.Nodes
		cost.Elapsed += res.Elapsed
		nodes += res.Nodes
		rep.Nodes += res.Nodes
		if err == nil && res.Outcome.Remoteness > store.MaxRemoteness {
			err = fmt.Errorf("%s: a remoteness of %d, more than a book keeps (%d)", g.FormatPosition(enc.Decode(key)), res.Outcome.Remoteness, store.MaxRemoteness)
		}
		if err != nil {
			return sente.Outcome{}, err
		}
		cost.Positions++
		c := store.Pack(res.Outcome.Value, res.Outcome.Remoteness)
		keys, cells = append(keys, key), append(cells, c)
		known.put(key, c)
		progress(0)
		if time.Since(lastSave) >= opt.SaveEvery {
			if err := save(); err != nil {
				return sente.Outcome{}, err
			}
		}
		return c.Outcome(), nil
	}
	stopped := func(err error) (*Report, error) {
		if serr := save(); serr != nil {
			err = errors.Join(err, serr)
		}
		rep.Elapsed, rep.Done = time.Since(start), len(cells)
		return rep, err
	}
	levels, _, err := strategyLines(ctx, g, root, opt.Plies, opt.MaxPositions, opt.Strategy, value)
	if err != nil {
		return stopped(err)
	}
	for _, l := range levels {
		total += len(l)
	}
	rep.Total = total
	for p := len(levels) - 1; p >= 0; p-- {
		for _, k := range levels[p] {
			if err := ctx.Err(); err != nil {
				return stopped(err)
			}
			if _, err := value(k, p); err != nil {
				return stopped(err)
			}
		}
	}
	rep.Elapsed = time.Since(start)
	for p := len(levels) - 1; p >= 0; p-- {
		if c := perPly[p]; c != nil {
			rep.PerPly = append(rep.PerPly, *c)
		}
	}

	// The book, each position at the ply the walk first met it.
	var bookKeys []uint64
	var bookCells []store.Cell
	var bookPly []uint8
	for p, l := range levels {
		for _, k := range l {
			bookKeys, bookCells, bookPly = append(bookKeys, k), append(bookCells, known.get(k)), append(bookPly, uint8(p))
		}
	}
	rep.Done = len(bookKeys)
	searched := 0
	for _, c := range perPly {
		searched += c.Positions
	}
	rep.Reused = rep.Total - rep.Resumed - searched
	return rep, write(g, gs, tier, opt.Plies, root, opt.Strategy, bookKeys, bookCells, bookPly, rep)
}

// strategyFingerprint names the book of a strategy in its saved work.
func strategyFingerprint(root uint64, plies int, s Strategy) uint64 {
	h := fnv.New64a()
	var b [8]byte
	for _, x := range []uint64{root, uint64(plies), uint64(s)} {
		binary.LittleEndian.PutUint64(b[:], x)
		h.Write(b[:])
	}
	return h.Sum64()
}

// savedStrategyWork is the keys and cells of the positions an earlier
// build of the same book of a strategy valued; none when there is no
// saved work, or it is damaged or of another book.
func savedStrategyWork(gs *store.GameStore, tier, plies int, s Strategy, fingerprint uint64) ([]uint64, []store.Cell) {
	w, ok := readStrategyWork(gs, tier)
	if !ok || w.plies != plies || w.strategy != s || w.fingerprint != fingerprint {
		return nil, nil
	}
	return w.keys, w.cells
}

// strategyWork is the saved work of a build of a strategy.
type strategyWork struct {
	plies       int
	strategy    Strategy
	fingerprint uint64
	keys        []uint64
	cells       []store.Cell
}

// readStrategyWork reads the saved work of a build of a strategy stored as
// tier in gs; false when there is none, or it is damaged or of a book of
// every position.
func readStrategyWork(gs *store.GameStore, tier int) (strategyWork, bool) {
	t, err := gs.Open(tier, store.BookWork)
	if err != nil {
		return strategyWork{}, false
	}
	defer t.Close()
	if t.Verify() != nil || len(t.Data) < workPreamble {
		return strategyWork{}, false
	}
	d := t.Data
	le := binary.LittleEndian
	done := le.Uint64(d[16:])
	s := le.Uint32(d[workStrategyAt:])
	if le.Uint32(d) != FormatVersion || s == uint32(Everything) || s > uint32(BestSecond) ||
		done > uint64(len(d)) || uint64(len(d)) != workPreamble+10*done {
		return strategyWork{}, false
	}
	w := strategyWork{plies: int(le.Uint32(d[4:])), strategy: Strategy(s), fingerprint: le.Uint64(d[8:]),
		keys: make([]uint64, done), cells: make([]store.Cell, done)}
	cellsAt := workPreamble + 8*int(done)
	for i := range w.keys {
		w.keys[i] = le.Uint64(d[workPreamble+8*i:])
		w.cells[i] = store.Cell(le.Uint16(d[cellsAt+2*i:]))
		if !w.cells[i].Reachable() {
			return strategyWork{}, false
		}
	}
	return w, true
}

// priorOutcomes puts into known the outcomes the game's directory holds
// already, other than tier's own: every sound book's entries, of any
// root, depth or strategy, and the saved work of builds of strategies.
// Each is exact, so a build need not search them again: a deeper book
// costs only what the shallower one left, and a build stopped at one
// depth serves one of another.
func priorOutcomes(g sente.Game, gs *store.GameStore, tier int, known *leafTable) {
	add := func(k uint64, c store.Cell) {
		if !known.get(k).Reachable() {
			known.put(k, c)
		}
	}
	books, _ := Stored(g, gs, store.Book)
	for _, info := range books {
		if info.Tier == tier || info.Damage != nil {
			continue
		}
		b, err := Open(g, gs, info.Tier)
		if err != nil {
			continue
		}
		for i := range b.Len() {
			k, o, _ := b.Entry(i)
			add(k, store.Pack(o.Value, o.Remoteness))
		}
		b.Close()
	}
	work, _ := gs.Tiers(store.BookWork)
	for _, t := range work {
		if t == tier {
			continue
		}
		if w, ok := readStrategyWork(gs, t); ok {
			for i, k := range w.keys {
				add(k, w.cells[i])
			}
		}
	}
}
