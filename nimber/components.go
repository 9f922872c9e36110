package nimber

import (
	"context"
	"fmt"
	"math"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/solve"
)

// componentIndex numbers the distinct components met, by Encoder key
// (canonical with symmetry) or by the positions themselves.
type componentIndex struct {
	g     sente.Game
	enc   sente.Encoder // nil: positions are map keys
	canon func(uint64) uint64
	byKey map[uint64]int32
	keys  []uint64
	byPos map[sente.Position]int32
	pos   []sente.Position
}

func newComponentIndex(g sente.Game, symmetry bool) *componentIndex {
	x := &componentIndex{g: g}
	caps := sente.CapabilitiesOf(g)
	if enc := caps.Encoder; enc != nil {
		x.enc, x.byKey = enc, map[uint64]int32{}
		if sym := caps.Symmetric; sym != nil && symmetry {
			x.canon = sym.Canonical
		}
	} else {
		x.byPos = map[sente.Position]int32{}
	}
	return x
}

func (x *componentIndex) key(p sente.Position) uint64 {
	k := x.enc.Encode(p)
	if x.canon != nil {
		k = x.canon(k)
	}
	return k
}

// find returns the id of the component p, if it was met.
func (x *componentIndex) find(p sente.Position) (int32, bool) {
	var id int32
	var ok bool
	if x.enc != nil {
		id, ok = x.byKey[x.key(p)]
	} else {
		id, ok = x.byPos[p]
	}
	return id, ok
}

// add returns the id of the component p, numbering it if it is new.
func (x *componentIndex) add(p sente.Position) (id int32, fresh bool) {
	if x.enc != nil {
		k := x.key(p)
		if id, ok := x.byKey[k]; ok {
			return id, false
		}
		id = int32(len(x.keys))
		x.byKey[k] = id
		x.keys = append(x.keys, k)
		return id, true
	}
	if id, ok := x.byPos[p]; ok {
		return id, false
	}
	id = int32(len(x.pos))
	x.byPos[p] = id
	x.pos = append(x.pos, p)
	return id, true
}

func (x *componentIndex) len() int { return max(len(x.keys), len(x.pos)) }

func (x *componentIndex) position(id int32) sente.Position {
	if x.enc != nil {
		return x.enc.Decode(x.keys[id])
	}
	return x.pos[id]
}

func (x *componentIndex) ended(id int32) (sente.Value, bool) {
	if x.enc != nil {
		return x.enc.EndedKey(x.keys[id])
	}
	return x.g.Ended(x.pos[id])
}

// children appends to dst the positions one move from component id; buf is
// scratch space for keys.
func (x *componentIndex) children(id int32, dst []sente.Position, buf []uint64) ([]sente.Position, []uint64) {
	if x.enc != nil {
		buf = x.enc.AppendChildren(buf[:0], x.keys[id])
		for _, k := range buf {
			dst = append(dst, x.enc.Decode(k))
		}
		return dst, buf
	}
	for _, m := range x.g.Moves(x.pos[id]) {
		dst = append(dst, m.To)
	}
	return dst, buf
}

// grundyByComponents values the components of root and, depth first with an
// explicit stack, every component they lead to. A component's frame holds
// its options in the arena as groups: a header -(k+1) followed by the ids of
// the k components of one option; the option is worth the XOR of their
// values, and the component the mex of its options' worths.
func grundyByComponents(ctx context.Context, g sente.Game, split sente.Splitter, root sente.Position, opt Options) (*Values, error) {
	c := &componentValuer{g: g, split: split, opt: opt, report: opt.report(), x: newComponentIndex(g, opt.Symmetry),
		alternates: sente.CapabilitiesOf(g).Alternates()}
	if err := c.value(ctx, split.Components(root)); err != nil {
		return nil, err
	}
	return &Values{game: g, root: root, vals: c.vals, split: split, comps: c.x, valuer: c}, nil
}

// componentValuer values components depth first, and keeps what it has
// valued so that components met later (those of a position whose own
// components the moves from the root never produce, such as a part with the
// other player to move) can be valued on demand.
type componentValuer struct {
	g sente.Game
	// alternates: the game promises that every move passes the turn, so
	// that no component's move is asked whether it keeps it.
	alternates bool
	split      sente.Splitter
	opt        Options
	report     func(solve.Progress)
	x          *componentIndex
	vals       []int32

	frames  []grundyFrame
	arena   []int32
	options []sente.Position
	buf     []uint64
	mex     mexSet
	done    int
}

func (c *componentValuer) add(p sente.Position) (int32, error) {
	id, fresh := c.x.add(p)
	if fresh {
		if c.opt.MaxPositions > 0 && c.x.len() > c.opt.MaxPositions {
			return 0, fmt.Errorf("%w: more than %d components are reachable", explore.ErrTooMany, c.opt.MaxPositions)
		}
		if c.x.len() > math.MaxInt32-1 {
			return 0, fmt.Errorf("more than %d components", math.MaxInt32-1)
		}
		c.vals = append(c.vals, notVisited)
	}
	return id, nil
}

func (c *componentValuer) push(id int32) error {
	if len(c.arena) >= math.MaxInt32/2 {
		return fmt.Errorf("the depth-first stack passed %d moves", math.MaxInt32/2)
	}
	c.vals[id] = onStack
	lo := int32(len(c.arena))
	if v, ended := c.x.ended(id); ended {
		if err := checkNormalEnd(c.g, c.x.position(id), v); err != nil {
			return err
		}
	} else {
		c.options, c.buf = c.x.children(id, c.options[:0], c.buf)
		if !c.alternates {
			from := c.x.position(id)
			turn := c.g.Turn(from)
			for _, p := range c.options {
				if c.g.Turn(p) == turn {
					return keepsTurnError(c.g, from, turn, moveName(c.g, from, p))
				}
			}
		}
		for _, p := range c.options {
			parts := c.split.Components(p)
			c.arena = append(c.arena, -int32(len(parts))-1)
			for _, part := range parts {
				pid, err := c.add(part)
				if err != nil {
					return err
				}
				c.arena = append(c.arena, pid)
			}
		}
	}
	c.frames = append(c.frames, grundyFrame{id: id, lo: lo, next: lo, hi: int32(len(c.arena))})
	return nil
}

// value values the components parts and every component they lead to that
// is not valued yet. After an error the valuer must not be used again.
func (c *componentValuer) value(ctx context.Context, parts []sente.Position) error {
	var start []int32
	for _, part := range parts {
		id, err := c.add(part)
		if err != nil {
			return err
		}
		start = append(start, id)
	}
	for _, id := range start {
		if c.vals[id] != notVisited {
			continue
		}
		if err := c.push(id); err != nil {
			return err
		}
		for len(c.frames) > 0 {
			f := &c.frames[len(c.frames)-1]
			descended := false
			for !descended && f.next < f.hi {
				kid := c.arena[f.next]
				f.next++
				if kid < 0 {
					continue
				}
				switch c.vals[kid] {
				case notVisited:
					if err := c.push(kid); err != nil {
						return err
					}
					descended = true
				case onStack:
					frames := c.frames
					return loopyError(c.g, len(frames), func(i int) int32 { return frames[i].id }, kid, c.x.position)
				}
			}
			if descended {
				continue
			}
			group := f.hi - f.lo // a bound on the number of options
			c.mex.reset(int(group))
			for i := f.lo; i < f.hi; {
				k := -c.arena[i] - 1
				worth := int32(0)
				for _, kid := range c.arena[i+1 : i+1+k] {
					worth ^= c.vals[kid]
				}
				c.mex.add(worth)
				i += 1 + k
			}
			c.vals[f.id] = c.mex.value()
			c.arena = c.arena[:f.lo]
			c.frames = c.frames[:len(c.frames)-1]
			c.done++
			if c.done&0xffff == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
				c.report(solve.Progress{Phase: solve.PhaseGrundy, Done: c.done})
			}
		}
	}
	return nil
}

// moveName is the name of the move from p to q, or q's text.
func moveName(g sente.Game, p, q sente.Position) string {
	to := g.FormatPosition(q)
	for _, m := range g.Moves(p) {
		if g.FormatPosition(m.To) == to {
			return m.Name
		}
	}
	return to
}
