package rules

// The moves of a position: moves(p), asked once per position and cached
// as the keys of its children.

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

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
		if !g.symmetric.Load() {
			// Folding by symmetry, the engine expands the children's
			// classes, which Canonical prefetches, not the children.
			g.ahead.push(g, w.fresh)
		}
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
	// Folding by symmetry, the engine asks about the children's classes,
	// not about most children: it learns what it asks.
	learn := !g.symmetric.Load()
	for i, b := range w.born {
		w.fresh = append(w.fresh, b.key)
		if ok && learn && !g.learnBorn(w, b) {
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
	list, names, ok := g.encodeMoves(w, p, named, w.learn)
	if !ok {
		return nil, nil, false
	}
	w.kids, w.hashes = w.kids[:0], w.hashes[:0]
	start := 0
	for _, end := range w.ends {
		w.hashes = append(w.hashes, g.tab.hash(w.buf[start:end]))
		start = end
	}
	// The children are encoded and hashed first so that their places in
	// the table can be fetched together (see table.touch).
	w.sink += g.tab.touch(w.hashes)
	start = 0
	for i, end := range w.ends {
		key, fresh, ok := g.tab.internHashed(w.buf[start:end], w.hashes[i])
		if !ok {
			item := list.Index(i)
			g.fail(g.mistake(w.movesFn, p, starlark.Tuple{p}, fmt.Sprintf("returned the move %s: too many positions", repr(item))))
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

// encodeMoves calls moves(p) and encodes the positions it lists one after
// another in w.buf, child i ending at w.ends[i]; with values, it keeps
// each child's value in w.vals, and with named, the moves' names. It
// returns the list moves(p) returned, for error messages.
//
// A partizan file without moves(p) moves by the options of the side to
// move; w.movesFn is the function asked, for the caller's messages.
func (g *Game) encodeMoves(w *worker, p starlark.Value, named, values bool) (starlark.Indexable, []string, bool) {
	fn := g.fn.moves
	if fn == nil {
		who, ok := g.askTurn(w, p)
		if !ok {
			return nil, nil, false
		}
		fn = g.fn.rightMoves
		if who == g.left {
			fn = g.fn.leftMoves
		}
	}
	w.movesFn = fn
	w.args1[0] = p
	r, ok := g.call(w, fn, p, w.args1)
	if !ok {
		return nil, nil, false
	}
	return g.encodeList(w, fn, p, r, named, values)
}

// encodeList encodes the moves r that fn(p) returned, as encodeMoves does.
func (g *Game) encodeList(w *worker, fn *function, p, r starlark.Value, named, values bool) (starlark.Indexable, []string, bool) {
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
	w.buf, w.ends, w.vals = w.buf[:0], w.ends[:0], w.vals[:0]
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
		if values {
			w.vals = append(w.vals, child)
		}
		if named {
			if name == "" {
				name = strconv.Itoa(i + 1)
			}
			// Shown and typed back as sente shows them, control
			// characters escaped.
			names = append(names, printable(name, false))
		}
	}
	return list, names, true
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
			g.fail(g.mistake(w.movesFn, v, starlark.Tuple{v}, fmt.Sprintf("returned two moves named %q, to %s and %s; names must tell moves apart", names[i], Position{g.tab, prev}, Position{g.tab, k})))
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
