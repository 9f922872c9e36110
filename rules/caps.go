package rules

import (
	"fmt"

	"github.com/sente-go/sente"

	"go.starlark.net/starlark"
)

// Capabilities states what the file defines: every rules game is an
// Encoder, a TurnKeyer, a Describer and Erring (and never Alternating: a
// file's moves may keep the turn, and turn(p) says when); it is Impartial, a Splitter, Tiered, a
// Restricter, a Boarder and Measured only when the file sets impartial =
// True and defines components, tier, policies, board and features. Those but Impartial are
// (and Partizan, a PartizanSplitter with components, when it defines
// left_moves and right_moves) are small values that hold the game, not methods of *Game, so that a type
// assertion on the game finds none of them: CapabilitiesOf is the one way
// to ask. Impartial is a method, since it answers for itself: false when
// the file does not set impartial = True.
func (g *Game) Capabilities() sente.Capabilities {
	c := sente.Capabilities{Encoder: g, Describer: g, Erring: g, TurnKeyer: g}
	if g.imp {
		c.Impartial = g
		if g.fn.components != nil {
			c.Splitter = splitCap{g}
		}
	}
	if g.partizan {
		c.Partizan = partizanCap{g}
		if g.fn.components != nil {
			c.PartizanSplitter = partizanSplitCap{g}
		}
	}
	if g.fn.tier != nil {
		c.Tiered = tierCap{g}
	}
	c.Expander = expandCap{g}
	if g.fn.parents != nil {
		c.ExpandUnmover = expandCap{g}
	}
	if g.fn.canonical != nil {
		c.Symmetric = symmetryCap{g}
	}
	if len(g.sh.policies) > 0 {
		c.Restricter = restrictCap{g}
	}
	if g.fn.board != nil {
		c.Boarder = boardCap{g}
	}
	if len(g.sh.features) > 0 {
		c.Measured = g
	}
	if g.fn.score != nil {
		c.Scorer, c.KeyScorer = scoreCap{g}, scoreCap{g}
	}
	return c
}

type (
	splitCap    struct{ g *Game }
	tierCap     struct{ g *Game }
	restrictCap struct{ g *Game }
)

var (
	_ sente.Capable    = (*Game)(nil)
	_ sente.Impartial  = (*Game)(nil)
	_ sente.Measured   = (*Game)(nil)
	_ sente.Splitter   = splitCap{}
	_ sente.Tiered     = tierCap{}
	_ sente.Restricter = restrictCap{}
)

// Impartial reports whether the file sets impartial = True. It is a method
// of *Game, unlike the other optional capabilities, because it answers for
// itself: a game that asserts it and gets false is not impartial.
func (g *Game) Impartial() bool { return g.imp }

// Components returns components(p): the positions whose sum p is. After a
// failure it returns none.
func (c splitCap) Components(p sente.Position) []sente.Position {
	return c.g.components(p, false)
}

// maxTier is explore's limit on tier numbers.
const maxTier = 1 << 20

// Tier asks tier(p) once per position: a whole number from 0 to 2^20-1
// that no move decreases. After a failure it answers the highest tier for
// positions not asked about before, so that no move seems to lead to a
// lower tier and the engine stops with the failure, not with that.
func (c tierCap) Tier(key uint64) int {
	g := c.g
	e := g.entryOf(key)
	if e == nil {
		return maxTier - 1
	}
	if info := e.info.Load(); info&tierKnown != 0 {
		return int(info >> tierShift & (maxTier - 1))
	}
	if g.failed.Load() {
		return maxTier - 1
	}
	w := g.getWorker()
	n, ok := g.tier(w, e, nil)
	if !ok {
		return maxTier - 1
	}
	g.putWorker(w)
	return n
}

// tier asks tier(p) and caches the answer; v is e's value, or nil. On
// failure the caller drops w.
func (g *Game) tier(w *worker, e *entry, v starlark.Value) (int, bool) {
	if v == nil {
		v = decode(g.tab.encoding(e))
	}
	n, ok := g.askTier(w, v)
	if ok {
		e.setInfo(tierKnown | uint64(n)<<tierShift)
	}
	return n, ok
}

// askTier asks tier(v) and checks the answer.
func (g *Game) askTier(w *worker, v starlark.Value) (int, bool) {
	fn := g.fn.tier
	w.args1[0] = v
	r, ok := g.call(w, fn, v, w.args1)
	if !ok {
		return 0, false
	}
	n, isInt := int64(-1), false
	if i, ok := r.(starlark.Int); ok {
		n, isInt = i.Int64()
	}
	if !isInt || n < 0 || n >= maxTier {
		g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned %s; want a whole number from 0 to %d", repr(r), maxTier-1)))
		return 0, false
	}
	return int(n), true
}

// Policies returns the file's policies, in its order, documented by
// policy_docs.
func (c restrictCap) Policies() []sente.Policy {
	g := c.g
	list := make([]sente.Policy, len(g.sh.policies))
	for i, fn := range g.sh.policies {
		list[i] = sente.Policy{
			Name:  printable(fn.key, false),
			Doc:   printable(g.sh.policyDocs[fn.key], false),
			Allow: func(key uint64, children []uint64) []uint64 { return g.allow(fn, key, children) },
		}
	}
	return list
}

// allow asks a policy which children it allows. After a failure it allows
// them all.
func (g *Game) allow(fn *function, key uint64, children []uint64) []uint64 {
	if g.failed.Load() || len(children) == 0 {
		return children
	}
	e := g.entryOf(key)
	if e == nil {
		return children
	}
	v := decode(g.tab.encoding(e))
	kids := make([]starlark.Value, len(children))
	for i, k := range children {
		ke := g.entryOf(k)
		if ke == nil {
			return children
		}
		kids[i] = decode(g.tab.encoding(ke))
	}
	list := starlark.NewList(kids)
	w := g.getWorker()
	r, ok := g.call(w, fn, v, starlark.Tuple{v, list})
	if !ok {
		return children
	}
	args := starlark.Tuple{v, starlark.NewList(kids)}
	items, isSeq := sequence(r)
	if !isSeq {
		g.fail(g.mistake(fn, v, args, fmt.Sprintf("returned a %s; want the list of the children it allows", r.Type())))
		return children
	}
	w.kids = append(w.kids[:0], children...)
	allowed := children[:0]
	for _, x := range items {
		k, err := g.intern(w, x)
		found := false
		for _, c := range w.kids {
			found = found || c == k
		}
		if err != nil || !found {
			g.fail(g.mistake(fn, v, args, fmt.Sprintf("returned %s, which is not one of the children", repr(x))))
			return w.kids
		}
		allowed = append(allowed, k)
	}
	if len(allowed) == 0 {
		g.fail(g.mistake(fn, v, args, "allowed none of the children; a policy must allow at least one move"))
		return w.kids
	}
	g.putWorker(w)
	return allowed
}
