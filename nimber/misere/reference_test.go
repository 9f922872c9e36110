package misere

import (
	"slices"
	"strconv"
	"strings"
)

// The plain reference: games as raw trees of options, with no
// simplification, and misère play of their sums by the definition alone.

// raw is a game tree: its options.
type raw struct{ opts []*raw }

// rawDays returns every raw game born by day n: every set of the raw games
// born by day n−1 (day 0: the empty game alone).
func rawDays(n int) []*raw {
	games := []*raw{{}}
	for day := 1; day <= n; day++ {
		var next []*raw
		for set := 0; set < 1<<len(games); set++ {
			g := &raw{}
			for i, o := range games {
				if set&(1<<i) != 0 {
					g.opts = append(g.opts, o)
				}
			}
			next = append(next, g)
		}
		games = next
	}
	return games
}

// refSums computes misère outcomes and Grundy values of sums of raw games
// from the definition, memoised by the multiset of the parts. Raw trees are
// interned by their structure (the set of their options' structures), with
// no simplification, so that equal trees share their memo entries.
type refSums struct {
	byShape map[string]int
	opts    [][]int // by interned id: the options' ids
	memo    map[string]int
}

func newRef() *refSums { return &refSums{byShape: map[string]int{}, memo: map[string]int{}} }

func (r *refSums) id(g *raw) int {
	ids := make([]int, len(g.opts))
	for i, o := range g.opts {
		ids[i] = r.id(o)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	key := fmtIDs(ids)
	if id, ok := r.byShape[key]; ok {
		return id
	}
	id := len(r.opts)
	r.byShape[key] = id
	r.opts = append(r.opts, ids)
	return id
}

func fmtIDs(ids []int) string {
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(strconv.Itoa(id))
		b.WriteByte(',')
	}
	return b.String()
}

// parts are the ids of the parts with a move, sorted.
func (r *refSums) parts(games []*raw) []int {
	ids := make([]int, 0, len(games))
	for _, g := range games {
		if id := r.id(g); len(r.opts[id]) > 0 {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// moves lists the sums one move from the sum ids.
func (r *refSums) moves(ids []int) [][]int {
	var out [][]int
	for i, id := range ids {
		for _, o := range r.opts[id] {
			next := make([]int, 0, len(ids))
			next = append(next, ids[:i]...)
			next = append(next, ids[i+1:]...)
			if len(r.opts[o]) > 0 {
				next = append(next, o)
			}
			slices.Sort(next)
			out = append(out, next)
		}
	}
	return out
}

// misereGrundy is G⁻ of the sum of the games: 1 when no part has a move,
// else the mex over every move (one part to one of its options) of the
// result's.
func (r *refSums) misereGrundy(games ...*raw) int { return r.grundyOf(r.parts(games)) }

func (r *refSums) grundyOf(ids []int) int {
	key := "g" + fmtIDs(ids)
	if v, ok := r.memo[key]; ok {
		return v
	}
	v := 1
	if len(ids) > 0 {
		seen := map[int]bool{}
		for _, next := range r.moves(ids) {
			seen[r.grundyOf(next)] = true
		}
		v = 0
		for seen[v] {
			v++
		}
	}
	r.memo[key] = v
	return v
}

// outcome is the misère outcome of the sum by the definition: the player
// to move wins when no part has a move, or when some move leaves a
// P-position.
func (r *refSums) outcome(games ...*raw) Outcome { return r.outcomeOf(r.parts(games)) }

func (r *refSums) outcomeOf(ids []int) Outcome {
	key := "o" + fmtIDs(ids)
	if v, ok := r.memo[key]; ok {
		return Outcome(v)
	}
	o := P
	if len(ids) == 0 {
		o = N
	}
	for _, next := range r.moves(ids) {
		if r.outcomeOf(next) == P {
			o = N
			break
		}
	}
	r.memo[key] = int(o)
	return o
}

// rawOf is the raw tree of a canonical form.
func rawOf(g Game) *raw {
	out := &raw{}
	for _, o := range g.Options() {
		out.opts = append(out.opts, rawOf(o))
	}
	return out
}

// normalGrundy is the normal-play Grundy value of a raw game.
func normalGrundy(g *raw, memo map[*raw]int) int {
	if v, ok := memo[g]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, o := range g.opts {
		seen[normalGrundy(o, memo)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[g] = v
	return v
}

// form is the canonical form of a raw game, made option by option.
func form(g *raw) Game {
	opts := make([]Game, len(g.opts))
	for i, o := range g.opts {
		opts[i] = form(o)
	}
	return FromOptions(opts...)
}

// rawNim is the raw nim-heap *n.
func rawNim(n int) *raw {
	g := &raw{}
	for i := range n {
		g.opts = append(g.opts, rawNim(i))
	}
	return g
}
