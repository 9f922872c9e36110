package rules

// Positions as text: show(p) and parse(s), or Starlark literals.

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// FormatPosition returns show(p), or p as a Starlark literal when the file
// has no show. With show, it checks that parse reads the text back as p.
// Control characters of show's text are escaped (see printable.go).
func (g *Game) FormatPosition(p sente.Position) string {
	return printable(g.showPosition(p), false)
}

// showPosition is FormatPosition before escaping: what show(p) wrote.
func (g *Game) showPosition(p sente.Position) string {
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
// The text FormatPosition writes, its control characters escaped, reads
// back as the position it was written for.
func (g *Game) ParsePosition(s string) (sente.Position, error) {
	if raw := unprintable(s); raw != s && g.fn.parse != nil {
		// Written with escapes: read as show wrote it, when that is the
		// text of the position it reads as.
		if p, err := g.parse(raw); err == nil && g.FormatPosition(p) == s {
			return p, nil
		}
	}
	return g.parse(s)
}

// parse is ParsePosition of text as show writes it.
func (g *Game) parse(s string) (sente.Position, error) {
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
		return nil, fmt.Errorf("%s position %q: %s (the start is %q)", g.rs.name, s, printable(msg, false), example)
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
