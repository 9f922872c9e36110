package rules

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"weak"

	"go.starlark.net/starlark"

	"sente"
)

// Game is the game of a rules file with its parameters bound. Its methods
// are safe for concurrent use: each goroutine runs the file on a Starlark
// thread of its own, and the file's globals are frozen.
//
// The family's New returns a *Game, whose Capabilities are exactly the
// optional capabilities the file defines.
type Game struct {
	rs     *ruleset
	sh     *shape
	fn     funcs
	tab    *table
	start  uint64 // key of the start
	pairs  bool   // the start, and so every position, is shaped like (name, position)
	imp    bool
	stale  sente.Value // the result of a position with no moves, or Unknown for stalemate = "error"
	noMove bool        // stalemate = "error"

	pool    sync.Pool // *worker
	ahead   prefetch
	threads threads
	failed  atomic.Bool
	errMu   sync.Mutex
	err     error
}

// funcs are the file's functions; nil for those it lacks.
type funcs struct {
	start, moves, turn, result, show, parse, components, tier, setup *function
}

// Position is a position of a rules-file game: a Starlark value interned
// in its game's table. Positions are comparable; equal values of one game
// are the same Position.
type Position struct {
	t   *table
	key uint64
}

// Value returns the position as a Starlark value.
func (p Position) Value() starlark.Value {
	if p.t == nil {
		return starlark.None
	}
	e := p.t.entry(p.key)
	if e == nil {
		return starlark.None
	}
	return decode(p.t.encoding(e))
}

// String returns the position as a Starlark literal.
func (p Position) String() string { return p.Value().String() }

var (
	_ sente.Game      = (*Game)(nil)
	_ sente.Encoder   = (*Game)(nil)
	_ sente.Describer = (*Game)(nil)
	_ sente.Erring    = (*Game)(nil)
)

// Of returns the rules-file game g is, as New returned it.
func Of(g sente.Game) (*Game, bool) {
	r, ok := g.(*Game)
	return r, ok
}

// newGame is the family's New: it runs the file with PARAMS bound, then
// asks for the start and checks it.
func (rs *ruleset) newGame(v sente.ParamValues) (sente.Game, error) {
	params := bindParams(rs.params, v)
	setup := &setupValue{}
	globals, err := rs.exec(params, setup)
	if err != nil {
		return nil, err
	}
	params.ready = true
	sh, err := rs.check(globals)
	if err != nil {
		return nil, err
	}
	g := &Game{rs: rs, sh: sh, tab: newTable(), imp: sh.impartial}
	g.fn = funcs{
		start: sh.funcs["start"], moves: sh.funcs["moves"], turn: sh.funcs["turn"],
		result: sh.funcs["result"], show: sh.funcs["show"], parse: sh.funcs["parse"],
		components: sh.funcs["components"], tier: sh.funcs["tier"], setup: sh.funcs["setup"],
	}
	g.pool.New = func() any { return g.newWorker() }
	switch sh.stalemate {
	case "win":
		g.stale = sente.Win
	case "tie":
		g.stale = sente.Tie
	case "error":
		g.noMove = true
	}

	w := g.newWorker()
	if rerr := g.runSetup(w, setup); rerr != nil {
		return nil, rerr
	}
	start, rerr := g.run(w, g.fn.start, nil, nil)
	if rerr != nil {
		return nil, rerr
	}
	key, err := g.intern(w, start)
	if err != nil {
		return nil, g.mistake(g.fn.start, nil, nil, fmt.Sprintf("returned %s: %v", repr(start), err))
	}
	g.start, g.pairs = key, isPairShaped(start)
	g.Turn(Position{g.tab, key})
	g.FormatPosition(Position{g.tab, key})
	if err := g.Err(); err != nil {
		return nil, err
	}
	if rs.ctx != nil {
		// The context holds the game weakly, so that a long-lived context
		// (a command's, making many games) does not keep every game's
		// table alive; the registration goes with the game.
		wg := weak.Make(g)
		stop := context.AfterFunc(rs.ctx, func() {
			if g := wg.Value(); g != nil {
				g.Cancel(context.Cause(rs.ctx))
			}
		})
		runtime.AddCleanup(g, func(stop func() bool) { stop() }, stop)
	}
	return g, nil
}

// intern returns the key of v, or why v is not a position.
func (g *Game) intern(w *worker, v starlark.Value) (uint64, error) {
	buf, err := appendEncoding(w.buf[:0], v)
	w.buf = buf
	if err != nil {
		return 0, err
	}
	if len(buf) > maxEncoding {
		return 0, fmt.Errorf("a position takes more than %d bytes", maxEncoding)
	}
	key, _, ok := g.tab.intern(buf)
	if !ok {
		return 0, fmt.Errorf("too many positions")
	}
	return key, nil
}

// keyOf returns the key of a position given to the game: one of its own,
// another game's, or a Starlark value.
func (g *Game) keyOf(p sente.Position) (uint64, bool) {
	switch p := p.(type) {
	case Position:
		if p.t == g.tab {
			if g.tab.entry(p.key) == nil {
				break
			}
			return p.key, true
		}
		if p.t != nil && p.t.entry(p.key) != nil {
			return g.keyOf(p.Value())
		}
	case starlark.Value:
		w := g.getWorker()
		key, err := g.intern(w, p)
		g.putWorker(w)
		if err != nil {
			g.fail(&Error{File: g.rs.path, Position: repr(p), Msg: fmt.Sprintf("the position %s given to the game: %v", repr(p), err)})
			return g.start, false
		}
		return key, true
	}
	g.fail(&Error{File: g.rs.path, Msg: fmt.Sprintf("%v (%T) is not a position of this game", p, p)})
	return g.start, false
}

// entryOf returns the entry of a key the engines hold.
func (g *Game) entryOf(key uint64) *entry {
	e := g.tab.entry(key)
	if e == nil {
		g.fail(&Error{File: g.rs.path, Msg: fmt.Sprintf("key %#x is not a position of this game", key)})
	}
	return e
}

// Start returns the position start() returned.
func (g *Game) Start() sente.Position { return Position{g.tab, g.start} }

// Encode returns the key of p (see sente.Encoder).
func (g *Game) Encode(p sente.Position) uint64 {
	key, _ := g.keyOf(p)
	return key
}

// Decode returns the position of key.
func (g *Game) Decode(key uint64) sente.Position { return Position{g.tab, key} }

// Ended reports the result of p for the player to move (see EndedKey).
func (g *Game) Ended(p sente.Position) (sente.Value, bool) {
	key, ok := g.keyOf(p)
	if !ok {
		return sente.Unknown, false
	}
	return g.EndedKey(key)
}

// EndedKey asks result(p) once per position: None means play goes on,
// "win", "lose" or "tie" end the game. A position with no moves ends with
// the result stalemate names, when that is "win" or "tie".
func (g *Game) EndedKey(key uint64) (sente.Value, bool) {
	if g.failed.Load() {
		return sente.Unknown, false
	}
	e := g.entryOf(key)
	if e == nil {
		return sente.Unknown, false
	}
	if st := e.info.Load() & endedMask; st != 0 {
		return endedOf(st)
	}
	w := g.getWorker()
	st, ok := g.ended(w, e, nil)
	if !ok {
		return sente.Unknown, false
	}
	g.putWorker(w)
	return endedOf(st)
}

func endedOf(st uint64) (sente.Value, bool) {
	if st == endedGoing {
		return sente.Unknown, false
	}
	return sente.Value(st - 1), true
}

// ended works out e's ended state and caches it; p is e's value, or nil.
func (g *Game) ended(w *worker, e *entry, p starlark.Value) (uint64, bool) {
	st, ok := g.result(w, e, p)
	if !ok {
		return 0, false
	}
	if st == 0 {
		if p == nil {
			p = decode(g.tab.encoding(e))
		}
		kids, ok := g.children(w, e, p)
		if !ok {
			return 0, false
		}
		st = endedGoing
		if len(kids) == 0 {
			st = 1 + uint64(g.stale)
		}
	}
	e.setInfo(st)
	return st, true
}

// result asks result(p) and returns e's ended state, or 0 when only the
// moves can tell: when result(p) says play goes on but a position with no
// moves would end the game (stalemate = "win" or "tie"). p is e's value, or
// nil.
func (g *Game) result(w *worker, e *entry, p starlark.Value) (uint64, bool) {
	if fn := g.fn.result; fn != nil && e.info.Load()&noResult == 0 {
		if p == nil {
			p = decode(g.tab.encoding(e))
		}
		w.args1[0] = p
		r, ok := g.call(w, fn, p, w.args1)
		if !ok {
			return 0, false
		}
		switch r {
		case starlark.None:
		case starlark.String("win"):
			return 1 + uint64(sente.Win), true
		case starlark.String("lose"):
			return 1 + uint64(sente.Lose), true
		case starlark.String("tie"):
			return 1 + uint64(sente.Tie), true
		default:
			g.fail(g.mistake(fn, p, starlark.Tuple{p}, fmt.Sprintf("returned %s; want None while the game goes on, else \"win\", \"lose\" or \"tie\" for the player to move", repr(r))))
			return 0, false
		}
	}
	if g.stale != sente.Unknown {
		return 0, true
	}
	return endedGoing, true
}

// AppendChildren asks moves(p) once per position and appends the keys of
// the positions it returns.
func (g *Game) AppendChildren(dst []uint64, key uint64) []uint64 {
	if g.failed.Load() {
		return dst
	}
	e := g.entryOf(key)
	if e == nil {
		return dst
	}
	g.ahead.grant()
	kids, ok := g.tab.children(e)
	if !ok {
		w := g.getWorker()
		w.fresh = w.fresh[:0]
		if kids, ok = g.children(w, e, nil); !ok {
			return dst
		}
		dst = append(dst, kids...)
		g.ahead.push(g, w.fresh)
		g.putWorker(w)
	} else {
		dst = append(dst, kids...)
		// The engines ask about each child next (its tier, say).
		g.tab.touchKeys(kids)
	}
	if len(kids) == 0 && g.noMove {
		g.stalemate(e)
	}
	return dst
}

// stalemate reports a position with no moves in a game that declares them
// impossible.
func (g *Game) stalemate(e *entry) {
	p := decode(g.tab.encoding(e))
	g.fail(g.mistake(g.fn.moves, p, starlark.Tuple{p}, "returned no moves, result(p) says the game goes on, and stalemate = \"error\" says every position has a move or a result"))
}

// children returns the keys of e's children, asking moves(p) if they are
// not cached yet; p is e's value, or nil. It appends the keys it meets for
// the first time to w.fresh.
//
// The engines ask about every child next (its tier at once, its result when
// they come to it), and the file's answers are cheapest while the child is
// still a Starlark value: decoding it again later costs about as much as a
// short call. So children asks tier and result about each new child here.
func (g *Game) children(w *worker, e *entry, p starlark.Value) ([]uint64, bool) {
	if kids, ok := g.tab.children(e); ok {
		return kids, true
	}
	if p == nil {
		p = decode(g.tab.encoding(e))
	}
	w.learn = true
	kids, _, ok := g.expand(w, p, false)
	w.learn = false
	if !ok {
		return nil, false
	}
	g.tab.setChildren(&w.kidsBlock, e, kids)
	for i, b := range w.born {
		w.fresh = append(w.fresh, b.key)
		if ok && !g.learnBorn(w, b) {
			ok = false
		}
		w.born[i] = born{}
	}
	w.born = w.born[:0]
	return kids, ok
}

// learnBorn asks tier and result about a position just interned.
func (g *Game) learnBorn(w *worker, b born) bool {
	e := g.tab.entry(b.key)
	if g.fn.tier != nil {
		if _, ok := g.tier(w, e, b.v); !ok {
			return false
		}
	}
	st, ok := g.result(w, e, b.v)
	if !ok {
		return false
	}
	if st == 0 {
		st = noResult
	}
	e.setInfo(st)
	return true
}

// expand calls moves(p) and returns the children's keys in w.kids, with
// the moves' names when asked for.
func (g *Game) expand(w *worker, p starlark.Value, named bool) ([]uint64, []string, bool) {
	fn := g.fn.moves
	w.args1[0] = p
	r, ok := g.call(w, fn, p, w.args1)
	if !ok {
		return nil, nil, false
	}
	var list starlark.Indexable
	switch r := r.(type) {
	case *starlark.List:
		list = r
	case starlark.Tuple:
		list = r
	default:
		g.fail(g.mistake(fn, p, starlark.Tuple{p}, fmt.Sprintf("returned a %s; want a list of positions or of (name, position) pairs", r.Type())))
		return nil, nil, false
	}
	n := list.Len()
	w.kids, w.buf, w.ends, w.hashes, w.vals = w.kids[:0], w.buf[:0], w.ends[:0], w.hashes[:0], w.vals[:0]
	var names []string
	for i := range n {
		item := list.Index(i)
		child := item
		name := ""
		if isPairShaped(item) {
			pair := item.(starlark.Tuple)
			name, child = string(pair[0].(starlark.String)), pair[1]
			if g.pairs && !isPairShaped(child) {
				g.fail(g.mistake(fn, p, starlark.Tuple{p}, fmt.Sprintf("returned %s, read as the move %q to %s; but this game's positions are (string, ...) pairs like its start, so return (name, position) pairs", repr(item), name, repr(child))))
				return nil, nil, false
			}
			if name == "" {
				g.fail(g.mistake(fn, p, starlark.Tuple{p}, fmt.Sprintf("returned the move %s with an empty name", repr(item))))
				return nil, nil, false
			}
			if strings.ContainsFunc(name, unicode.IsSpace) {
				// Lines of play are written as move names separated by
				// spaces, so a name with a space could be read as two.
				g.fail(g.mistake(fn, p, starlark.Tuple{p}, fmt.Sprintf("returned the move %s, whose name has a space; lines of play separate moves by spaces, so write names without them (like \"take-1\")", repr(item))))
				return nil, nil, false
			}
		}
		start := len(w.buf)
		buf, err := appendEncoding(w.buf, child)
		w.buf = buf
		if err == nil && len(buf)-start > maxEncoding {
			err = fmt.Errorf("a position takes more than %d bytes", maxEncoding)
		}
		if err != nil {
			g.fail(g.mistake(fn, p, starlark.Tuple{p}, fmt.Sprintf("returned the move %s: %v", repr(item), err)))
			return nil, nil, false
		}
		w.ends = append(w.ends, len(buf))
		w.hashes = append(w.hashes, g.tab.hash(buf[start:]))
		if w.learn {
			w.vals = append(w.vals, child)
		}
		if named {
			if name == "" {
				name = strconv.Itoa(i + 1)
			}
			names = append(names, name)
		}
	}
	// The children are encoded and hashed first so that their places in
	// the table can be fetched together (see table.touch).
	w.sink += g.tab.touch(w.hashes)
	start := 0
	for i, end := range w.ends {
		key, fresh, ok := g.tab.internHashed(w.buf[start:end], w.hashes[i])
		if !ok {
			item := list.Index(i)
			g.fail(g.mistake(fn, p, starlark.Tuple{p}, fmt.Sprintf("returned the move %s: too many positions", repr(item))))
			return nil, nil, false
		}
		w.kids = append(w.kids, key)
		if fresh && w.learn {
			w.born = append(w.born, born{key, w.vals[i]})
		}
		start = end
	}
	clear(w.vals)
	return w.kids, names, true
}

// Moves returns the moves moves(p) lists, named by the names it gives or
// else by their place in its list, from "1".
func (g *Game) Moves(p sente.Position) []sente.Move {
	key, ok := g.keyOf(p)
	if !ok || g.failed.Load() {
		return nil
	}
	e := g.entryOf(key)
	if e == nil {
		return nil
	}
	w := g.getWorker()
	v := decode(g.tab.encoding(e))
	kids, names, ok := g.expand(w, v, true)
	if !ok {
		return nil
	}
	if _, cached := g.tab.children(e); !cached {
		g.tab.setChildren(&w.kidsBlock, e, kids)
	}
	moves := make([]sente.Move, len(kids))
	seen := make(map[string]uint64, len(kids))
	for i, k := range kids {
		if prev, dup := seen[names[i]]; dup && prev != k {
			g.fail(g.mistake(g.fn.moves, v, starlark.Tuple{v}, fmt.Sprintf("returned two moves named %q, to %s and %s; names must tell moves apart", names[i], Position{g.tab, prev}, Position{g.tab, k})))
			return nil
		}
		seen[names[i]] = k
		moves[i] = sente.Move{Name: names[i], To: Position{g.tab, k}}
	}
	g.putWorker(w)
	if len(kids) == 0 && g.noMove {
		if _, ended := g.EndedKey(key); !ended {
			g.stalemate(e)
		}
	}
	return moves
}

// Turn asks turn(p) once per position: "first" or "second" (or 1 or 2).
// After a failure it answers First.
func (g *Game) Turn(p sente.Position) sente.Player {
	key, ok := g.keyOf(p)
	if !ok || g.failed.Load() {
		return sente.First
	}
	e := g.entryOf(key)
	if e == nil {
		return sente.First
	}
	switch e.info.Load() & turnMask >> turnShift {
	case 1:
		return sente.First
	case 2:
		return sente.Second
	}
	fn := g.fn.turn
	w := g.getWorker()
	v := decode(g.tab.encoding(e))
	w.args1[0] = v
	r, ok := g.call(w, fn, v, w.args1)
	if !ok {
		return sente.First
	}
	g.putWorker(w)
	who := playerOf(r)
	if who == sente.Nobody {
		g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned %s; want \"first\" or \"second\" (or 1 or 2)", repr(r))))
		return sente.First
	}
	e.setInfo(uint64(who+1) << turnShift)
	return who
}

// playerOf reads what turn(p) returned; Nobody means nonsense.
func playerOf(r starlark.Value) sente.Player {
	switch r := r.(type) {
	case starlark.String:
		switch r {
		case "first":
			return sente.First
		case "second":
			return sente.Second
		}
	case starlark.Int:
		n, _ := r.Int64()
		switch n {
		case 1:
			return sente.First
		case 2:
			return sente.Second
		}
	}
	return sente.Nobody
}

// FormatPosition returns show(p), or p as a Starlark literal when the file
// has no show. With show, it checks that parse reads the text back as p.
func (g *Game) FormatPosition(p sente.Position) string {
	key, ok := g.keyOf(p)
	if !ok {
		return fmt.Sprint(p)
	}
	e := g.entryOf(key)
	if e == nil {
		return fmt.Sprint(p)
	}
	v := decode(g.tab.encoding(e))
	show := g.fn.show
	if show == nil || g.failed.Load() {
		return v.String()
	}
	w := g.getWorker()
	w.args1[0] = v
	r, ok := g.call(w, show, v, w.args1)
	if !ok {
		return v.String()
	}
	s, isStr := r.(starlark.String)
	if !isStr {
		g.fail(g.mistake(show, v, starlark.Tuple{v}, fmt.Sprintf("returned a %s, %s; want a string", r.Type(), repr(r))))
		return v.String()
	}
	w.args1[0] = s
	back, ok := g.call(w, g.fn.parse, v, w.args1)
	if !ok {
		return string(s)
	}
	bkey, err := g.intern(w, back)
	switch {
	case err != nil:
		g.fail(g.mistake(g.fn.parse, v, starlark.Tuple{s}, fmt.Sprintf("returned %s: %v", repr(back), err)))
		return string(s)
	case bkey != key:
		g.fail(g.mistake(g.fn.parse, v, starlark.Tuple{s}, fmt.Sprintf("returned %s, but show(%s) wrote %s: parse must read back what show writes", repr(back), repr(v), repr(s))))
		return string(s)
	}
	g.putWorker(w)
	return string(s)
}

// ParsePosition reads a position with parse(s), or as a Starlark literal
// when the file has no parse. An error of parse is the caller's: it is
// returned, not recorded; a value that is not a position is the file's.
func (g *Game) ParsePosition(s string) (sente.Position, error) {
	example := g.FormatPosition(g.Start())
	fn := g.fn.parse
	if fn == nil {
		v, err := parseLiteral(s)
		if err != nil {
			return nil, fmt.Errorf("%s position %q: %v; want a Starlark literal of ints, strings, True, False, None and tuples, as the start %s", g.rs.name, s, err, example)
		}
		w := g.getWorker()
		key, err := g.intern(w, v)
		g.putWorker(w)
		if err != nil {
			return nil, fmt.Errorf("%s position %q: %v; the start is %s", g.rs.name, s, err, example)
		}
		return Position{g.tab, key}, nil
	}
	w := g.getWorker()
	w.args1[0] = starlark.String(s)
	v, rerr := g.run(w, fn, nil, w.args1)
	if rerr != nil {
		msg := strings.TrimPrefix(rerr.Msg, "fail: ")
		return nil, fmt.Errorf("%s position %q: %s (the start is %q)", g.rs.name, s, msg, example)
	}
	key, err := g.intern(w, v)
	if err != nil {
		e := g.mistake(fn, nil, starlark.Tuple{starlark.String(s)}, fmt.Sprintf("returned %s: %v", repr(v), err))
		g.fail(e)
		return nil, e
	}
	g.putWorker(w)
	return Position{g.tab, key}, nil
}

// Describe documents the game from the file's docstring.
func (g *Game) Describe() sente.Description {
	start := g.FormatPosition(g.Start())
	d := sente.Description{Summary: g.rs.summary, Rules: g.rs.rules}
	if d.Rules == "" {
		d.Rules = "The rules file " + g.rs.path + " has no docstring beyond its first line."
	}
	if g.fn.show != nil {
		d.Position = fmt.Sprintf("Positions are written as the file's show(p) writes them and read by its parse(s). The start is %q.", start)
	} else {
		d.Position = fmt.Sprintf("Positions are Starlark literals, as the file's functions make them: ints, strings, True, False, None and tuples of those. The start is %s.", start)
	}
	d.Examples = []string{g.rs.path}
	if len(g.rs.params) > 0 {
		parts := make([]string, len(g.rs.params))
		for i, p := range g.rs.params {
			parts[i] = p.Name + "=" + p.Default
		}
		d.Examples = append(d.Examples, g.rs.path+":"+strings.Join(parts, ","))
	}
	return d
}

// Interned is the number of positions the game has met so far.
func (g *Game) Interned() int { return g.tab.len() }

// FeatureNames returns the names of the file's features, in its order.
func (g *Game) FeatureNames() []string {
	names := make([]string, len(g.sh.features))
	for i, f := range g.sh.features {
		names[i] = f.key
	}
	return names
}

// Feature returns features[name](p), which must be an int.
func (g *Game) Feature(name string, p sente.Position) (int, error) {
	var fn *function
	for _, f := range g.sh.features {
		if f.key == name {
			fn = f
		}
	}
	if fn == nil {
		return 0, fmt.Errorf("%s has no feature %q (features: %s)", g.rs.path, name, strings.Join(g.FeatureNames(), ", "))
	}
	key, ok := g.keyOf(p)
	if !ok {
		return 0, g.Err()
	}
	v := decode(g.tab.encoding(g.tab.entry(key)))
	w := g.getWorker()
	w.args1[0] = v
	r, ok := g.call(w, fn, v, w.args1)
	if !ok {
		return 0, g.Err()
	}
	g.putWorker(w)
	n, isInt := int64(0), false
	if i, ok := r.(starlark.Int); ok {
		n, isInt = i.Int64()
	}
	if !isInt || int64(int(n)) != n {
		e := g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned %s; want an int", repr(r)))
		g.fail(e)
		return 0, e
	}
	return int(n), nil
}
