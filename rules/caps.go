package rules

import (
	"fmt"

	"sente"

	"go.starlark.net/starlark"
)

// The optional capabilities a file may define are offered by wrapper types
// that embed *Game, one for each combination, so that a type assertion for
// a capability fails when the file lacks it (as games.nimNormal does for
// nim's components).

type (
	impartialCap struct{ g *Game }
	splitCap     struct{ g *Game }
	tierCap      struct{ g *Game }
	restrictCap  struct{ g *Game }
)

type (
	gameI struct {
		*Game
		impartialCap
	}
	gameIS struct {
		*Game
		impartialCap
		splitCap
	}
	gameT struct {
		*Game
		tierCap
	}
	gameIT struct {
		*Game
		impartialCap
		tierCap
	}
	gameIST struct {
		*Game
		impartialCap
		splitCap
		tierCap
	}
	gameR struct {
		*Game
		restrictCap
	}
	gameIR struct {
		*Game
		impartialCap
		restrictCap
	}
	gameISR struct {
		*Game
		impartialCap
		splitCap
		restrictCap
	}
	gameTR struct {
		*Game
		tierCap
		restrictCap
	}
	gameITR struct {
		*Game
		impartialCap
		tierCap
		restrictCap
	}
	gameISTR struct {
		*Game
		impartialCap
		splitCap
		tierCap
		restrictCap
	}
)

var (
	_ sente.Impartial  = impartialCap{}
	_ sente.Splitter   = splitCap{}
	_ sente.Tiered     = tierCap{}
	_ sente.Restricter = restrictCap{}
	_ interface {
		sente.Game
		sente.Encoder
		sente.Impartial
		sente.Splitter
		sente.Tiered
		sente.Restricter
	} = gameISTR{}
)

// wrap offers the capabilities g's file defines.
func wrap(g *Game) sente.Game {
	i, s := impartialCap{g}, splitCap{g}
	t, r := tierCap{g}, restrictCap{g}
	imp := g.imp
	split := g.fn.components != nil
	tier := g.fn.tier != nil
	pol := len(g.sh.policies) > 0
	switch {
	case !imp && !tier && !pol:
		return g
	case !imp && !tier:
		return gameR{g, r}
	case !imp && !pol:
		return gameT{g, t}
	case !imp:
		return gameTR{g, t, r}
	case !split && !tier && !pol:
		return gameI{g, i}
	case !split && !tier:
		return gameIR{g, i, r}
	case !split && !pol:
		return gameIT{g, i, t}
	case !split:
		return gameITR{g, i, t, r}
	case !tier && !pol:
		return gameIS{g, i, s}
	case !tier:
		return gameISR{g, i, s, r}
	case !pol:
		return gameIST{g, i, s, t}
	}
	return gameISTR{g, i, s, t, r}
}

// Impartial: the file sets impartial = True.
func (c impartialCap) Impartial() bool { return true }

// Components returns components(p): the positions whose sum p is. After a
// failure it returns none.
func (c splitCap) Components(p sente.Position) []sente.Position {
	g := c.g
	key, ok := g.keyOf(p)
	if !ok || g.failed.Load() {
		return nil
	}
	fn := g.fn.components
	v := decode(g.tab.encoding(g.tab.entry(key)))
	w := g.getWorker()
	w.args1[0] = v
	r, ok := g.call(w, fn, v, w.args1)
	if !ok {
		return nil
	}
	items, isSeq := sequence(r)
	if !isSeq {
		g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned a %s; want a list of positions", r.Type())))
		return nil
	}
	parts := make([]sente.Position, len(items))
	for i, x := range items {
		k, err := g.intern(w, x)
		if err != nil {
			g.fail(g.mistake(fn, v, starlark.Tuple{v}, fmt.Sprintf("returned the component %s: %v", repr(x), err)))
			return nil
		}
		parts[i] = Position{g.tab, k}
	}
	g.putWorker(w)
	return parts
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
	fn := g.fn.tier
	if v == nil {
		v = decode(g.tab.encoding(e))
	}
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
	e.setInfo(tierKnown | uint64(n)<<tierShift)
	return int(n), true
}

// Policies returns the file's policies, in its order, documented by
// policy_docs.
func (c restrictCap) Policies() []sente.Policy {
	g := c.g
	list := make([]sente.Policy, len(g.sh.policies))
	for i, fn := range g.sh.policies {
		list[i] = sente.Policy{
			Name:  fn.key,
			Doc:   g.sh.policyDocs[fn.key],
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
