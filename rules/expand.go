package rules

// The game on canonical bytes (sente.Expander): the tier engine ranks a
// rules file's positions by their canonical encodings, sorted tier by tier,
// and asks the file about a position given as its encoding, with no table:
// a position the engine holds costs the bytes of its encoding and nothing
// else, and each of the file's functions runs once per position asked.

import (
	"fmt"
	"unsafe"

	"go.starlark.net/starlark"

	"github.com/sente-go/sente"
)

// expandCap is the game as a sente.Expander.
type expandCap struct{ g *Game }

var _ sente.Expander = expandCap{}

// AppendBytes appends the canonical encoding of p (see value.go).
func (c expandCap) AppendBytes(dst []byte, p sente.Position) ([]byte, error) {
	g := c.g
	var v starlark.Value
	switch p := p.(type) {
	case Position:
		if p.t == nil || p.t.entry(p.key) == nil {
			return dst, fmt.Errorf("%s: %v is not a position of this game", g.rs.path, p)
		}
		return append(dst, p.t.encoding(p.t.entry(p.key))...), nil
	case starlark.Value:
		v = p
	default:
		return dst, fmt.Errorf("%s: %v (%T) is not a position of this game", g.rs.path, p, p)
	}
	out, err := appendEncoding(dst, v)
	if err != nil {
		return dst, fmt.Errorf("%s: the position %s: %v", g.rs.path, repr(v), err)
	}
	return out, nil
}

// FromBytes returns the position whose encoding starts b, interned as the
// encoding it is: checked, not decoded and encoded again.
func (c expandCap) FromBytes(b []byte) (sente.Position, error) {
	g := c.g
	_, n, err := g.valueOf(string(b))
	if err != nil {
		return nil, err
	}
	key, _, ok := g.tab.intern(b[:n])
	if !ok {
		return nil, fmt.Errorf("%s: too many positions", g.rs.path)
	}
	return Position{g.tab, key}, g.Err()
}

// valueOf reads the value encoded at the start of enc, which may be padded
// with zero bytes, and the length of its encoding.
func (g *Game) valueOf(enc string) (starlark.Value, int, error) {
	v, rest, err := decodeValue(enc)
	for i := 0; err == nil && i < len(rest); i++ {
		if rest[i] != 0 {
			err = fmt.Errorf("%d bytes follow the position", len(rest))
		}
	}
	if err != nil {
		return nil, 0, fmt.Errorf("%s: the bytes %x are no position: %v", g.rs.path, enc, err)
	}
	return v, len(enc) - len(rest), nil
}

// Expand asks turn(p) (unless x.NoTurn), result(p) and, unless it ends the
// game, moves(p) and the tier of each child: what TurnKey, EndedKey,
// AppendChildren and Tier say, with the file's stalemate rule.
func (c expandCap) Expand(b []byte, x *sente.Expansion) error {
	return c.g.onBytes(b, x, c.g.expandValue)
}

// onBytes resets x and runs ask on the value whose encoding starts b, on a
// worker of the game; a failure is the file's, as Err reports it.
func (g *Game) onBytes(b []byte, x *sente.Expansion, ask func(w *worker, v starlark.Value, x *sente.Expansion) bool) error {
	x.Reset()
	if err := g.Err(); err != nil {
		return err
	}
	// The value lives only while this call runs, and its strings may
	// share b's memory: b is not written meanwhile.
	v, _, err := g.valueOf(unsafe.String(unsafe.SliceData(b), len(b)))
	if err != nil {
		return err
	}
	w := g.getWorker()
	if !ask(w, v, x) {
		return g.Err() // w is dropped, as after every failure
	}
	g.putWorker(w)
	return nil
}

func (g *Game) expandValue(w *worker, v starlark.Value, x *sente.Expansion) bool {
	if !x.NoTurn {
		who, ok := g.askTurn(w, v)
		if !ok {
			return false
		}
		x.Turn = who
	}
	if !x.Playing {
		st, ok := g.askResult(w, v)
		if !ok {
			return false
		}
		if st != 0 {
			x.Ended, x.Value = true, sente.Value(st-1)
			return true
		}
	}
	tiers := g.fn.tier != nil && !x.NoTiers
	if _, _, ok := g.encodeMoves(w, v, false, tiers); !ok {
		return false
	}
	if len(w.ends) == 0 {
		switch {
		case x.Playing:
		case g.stale != sente.Unknown:
			x.Ended, x.Value = true, g.stale
		case g.noMove:
			g.fail(g.mistake(g.fn.moves, v, starlark.Tuple{v}, "returned no moves, result(p) says the game goes on, and stalemate = \"error\" says every position has a move or a result"))
			return false
		}
		return true
	}
	start := 0
	for i, end := range w.ends {
		tier, ok := 0, true
		if tiers {
			if tier, ok = g.askTier(w, w.vals[i]); !ok {
				return false
			}
		}
		x.Add(w.buf[start:end], tier)
		start = end
	}
	clear(w.vals)
	return true
}

// Parents asks parents(p): the positions with a move to p that have not
// ended (sente.ExpandUnmover).
func (c expandCap) Parents(b []byte, x *sente.Expansion) error {
	return c.g.onBytes(b, x, c.g.listParents)
}

func (g *Game) listParents(w *worker, v starlark.Value, x *sente.Expansion) bool {
	fn := g.fn.parents
	items, ok := g.callList(w, fn, v)
	if !ok {
		return false
	}
	for _, item := range items {
		start := len(x.Bytes)
		buf, err := appendEncoding(x.Bytes, item)
		if err == nil && len(buf)-start > maxEncoding {
			err = fmt.Errorf("a position takes more than %d bytes", maxEncoding)
		}
		if err != nil {
			g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned %s: %v", repr(item), err)))
			return false
		}
		x.Bytes = buf
		x.Ends = append(x.Ends, len(buf))
	}
	return true
}

// callList calls fn(v), which returns a list of positions, and returns its
// items.
func (g *Game) callList(w *worker, fn *function, v starlark.Value) ([]starlark.Value, bool) {
	w.args1[0] = v
	r, ok := g.call(w, fn, v, w.args1)
	if !ok {
		return nil, false
	}
	items, isSeq := sequence(r)
	if !isSeq {
		g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned a %s; want a list of positions", r.Type())))
		return nil, false
	}
	return items, true
}
