package nimber

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/solve"
)

// Nimber is a generalized Sprague-Grundy value (Smith 1966; Fraenkel and
// Yesha 1986): a finite Value, or infinity together with K, the finite
// values among the position's options, sorted and without repeats. A
// finite value of a loopy game behaves as in an acyclic one; an infinite
// one is a position from which play can go on for ever, and K says what a
// player can move to instead.
type Nimber struct {
	Infinite bool
	Value    int   // when finite
	K        []int // when infinite
}

// Infinity returns the infinite value with the finite option values k, in
// any order and with repeats allowed.
func Infinity(k ...int) Nimber {
	k = append([]int{}, k...)
	slices.Sort(k)
	return Nimber{Infinite: true, K: slices.Compact(k)}
}

// String writes a finite value as a number and an infinite one as ∞ with
// its set: "3", "∞{0,2}", "∞{}".
func (n Nimber) String() string {
	if !n.Infinite {
		return strconv.Itoa(n.Value)
	}
	parts := make([]string, len(n.K))
	for i, k := range n.K {
		parts[i] = strconv.Itoa(k)
	}
	return "∞{" + strings.Join(parts, ",") + "}"
}

// Equal reports whether n and m are the same value.
func (n Nimber) Equal(m Nimber) bool {
	if n.Infinite != m.Infinite {
		return false
	}
	if !n.Infinite {
		return n.Value == m.Value
	}
	return slices.Equal(n.K, m.K)
}

// Outcome is the value of a position worth n for the player to move: 0 is
// lost, any other finite value won (move to a 0), infinity with 0 among its
// options won (move to the 0), and any other infinity a draw (neither player
// can force an end).
func (n Nimber) Outcome() sente.Value {
	switch {
	case !n.Infinite && n.Value == 0:
		return sente.Lose
	case !n.Infinite:
		return sente.Win
	case slices.Contains(n.K, 0):
		return sente.Win
	}
	return sente.Draw
}

// LoopyValues are the generalized Sprague-Grundy values of the positions
// reachable from a root, one label and one counter (4 bytes each) per
// position. The sets K of infinite values are read from the positions'
// options when asked for.
type LoopyValues struct {
	game    sente.Game
	root    sente.Position
	graph   explore.KeyGraph
	space   *explore.Space
	label   []int32 // finite value, or infinite
	counter []int32
}

const infinite = -1 // the label of an infinite value

// Game returns the game whose values these are.
func (v *LoopyValues) Game() sente.Game { return v.game }

// Root returns the position the values were computed from.
func (v *LoopyValues) Root() sente.Position { return v.root }

// Positions is the number of positions reachable from the root.
func (v *LoopyValues) Positions() int { return len(v.label) }

// Of returns the value of p, and false when p was not reached.
func (v *LoopyValues) Of(p sente.Position) (Nimber, bool) {
	key := v.graph.Key(p)
	id, ok := v.space.ID(key)
	if !ok {
		return Nimber{}, false
	}
	return v.nimber(id, key), true
}

// Counter returns the step at which p was labelled (0, 1, 2, ... over all
// positions), and false when p was not reached. A position u worth a finite
// a has this property, on which the winning strategy rests: every option of
// u worth infinity or more than a has an option worth a with a smaller
// counter than u. So from a position worth 0, whatever the opponent plays,
// the player can answer with a position worth 0 and a smaller counter, and
// play ends, lost by the opponent.
func (v *LoopyValues) Counter(p sente.Position) (int, bool) {
	id, ok := v.space.ID(v.graph.Key(p))
	if !ok {
		return 0, false
	}
	return int(v.counter[id]), true
}

// Each calls fn for every position and its value, tier by tier in order of
// discovery, until fn returns false.
func (v *LoopyValues) Each(fn func(p sente.Position, n Nimber) bool) {
	for _, t := range v.space.Tiers() {
		for local, key := range t.Keys {
			if !fn(v.graph.Decode(key), v.nimber(t.Base+local, key)) {
				return
			}
		}
	}
}

func (v *LoopyValues) nimber(id int, key uint64) Nimber {
	if l := v.label[id]; l != infinite {
		return Nimber{Value: int(l)}
	}
	var k []int
	if _, ended := v.graph.Ended(key); !ended {
		for _, c := range v.graph.Children(nil, key) {
			if kid, ok := v.space.ID(c); ok && v.label[kid] != infinite {
				k = append(k, int(v.label[kid]))
			}
		}
	}
	return Infinity(k...)
}

// Loopy computes the generalized Sprague-Grundy value of every position
// reachable from root (nil means the game's start) of an impartial game under
// normal play whose positions may repeat. A position with no moves is worth
// 0; a position the game ends must be lost for the player to move, and is
// worth 0 too. On an acyclic game every value is finite and equal to the
// Grundy value.
//
// The values are found by labelling (Fraenkel and Yesha). For i = 0, 1, ...:
// (a) label i, again and again, every unlabelled position u none of whose
// options is labelled i and each of whose options that is unlabelled or
// infinite has an option labelled i; (b) label infinite every position still
// unlabelled with no option labelled i; stop when every position is labelled.
// A counter records the order of labelling (see Counter).
//
// Each round is incremental, with predecessor lists and two counters per
// position: whether it has an option labelled i yet ("covered"), and how many
// of its options are unlabelled or infinite and not covered. A position is
// labelled when that count falls to 0 while it is uncovered; labelling it
// covers its predecessors, and covering one lowers the counts of their
// predecessors. Each edge is thus looked at a bounded number of times per
// round, and the whole costs O((V + E) (m + 2)) time for V positions, E
// moves and largest finite value m, and 8 bytes per move plus about 24 per
// position of memory while it runs.
func Loopy(ctx context.Context, g sente.Game, root sente.Position, opt Options) (*LoopyValues, error) {
	if root == nil {
		root = g.Start()
	}
	_, space, err := exploreGame(ctx, g, root, opt)
	if err != nil {
		return nil, err
	}
	return loopyOfSpace(ctx, g, root, space, opt)
}

// loopyOfSpace labels the positions of space, explored from root.
func loopyOfSpace(ctx context.Context, g sente.Game, root sente.Position, space *explore.Space, opt Options) (*LoopyValues, error) {
	graph := space.Graph()
	succ, err := successors(g, graph, space)
	if err != nil {
		return nil, gameErr(g, err)
	}
	label, counter, err := labelLoopy(ctx, succ, succ.Reverse(), opt.report())
	if err := gameErr(g, err); err != nil {
		return nil, err
	}
	return &LoopyValues{game: g, root: root, graph: graph, space: space, label: label, counter: counter}, nil
}

// successors lists the options of every position by dense id.
func successors(g sente.Game, graph explore.KeyGraph, space *explore.Space) (explore.Adjacency, error) {
	n := space.Len()
	start := make([]uint32, n+1)
	var succ []uint32
	var kids []uint64
	format := func(key uint64) string { return g.FormatPosition(graph.Decode(key)) }
	for _, t := range space.Tiers() {
		for local, key := range t.Keys {
			start[t.Base+local] = uint32(len(succ))
			if v, ended := graph.Ended(key); ended {
				if err := checkNormalEnd(g, graph.Decode(key), v); err != nil {
					return explore.Adjacency{}, err
				}
				continue
			}
			kids = graph.Children(kids[:0], key)
			if err := checkTurns(g, graph, key, kids); err != nil {
				return explore.Adjacency{}, err
			}
			if len(succ)+len(kids) > math.MaxInt32 {
				return explore.Adjacency{}, fmt.Errorf("more than %d moves", math.MaxInt32)
			}
			for _, k := range kids {
				kid, ok := space.ID(k)
				if !ok {
					return explore.Adjacency{}, fmt.Errorf("position %s has a move to %s, which exploration did not reach", format(key), format(k))
				}
				succ = append(succ, uint32(kid))
			}
		}
	}
	start[n] = uint32(len(succ))
	return explore.Adjacency{Start: start, List: succ}, nil
}

// labelLoopy runs the labelling on the graph given by successor and
// predecessor lists.
func labelLoopy(ctx context.Context, succ, pred explore.Adjacency, report func(solve.Progress)) (label, counter []int32, err error) {
	const unlabelled = -2
	n := succ.Len()
	label = make([]int32, n)
	counter = make([]int32, n)
	for i := range label {
		label[i] = unlabelled
	}
	open := n // positions unlabelled
	step := int32(0)
	covered := make([]bool, n) // has an option labelled i
	bad := make([]int32, n)    // options unlabelled or infinite, not covered
	var queue []uint32
	open2 := func(l int32) bool { return l == unlabelled || l == infinite }

	for i := int32(0); open > 0; i++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		report(solve.Progress{Phase: solve.PhaseGrundy, Done: n - open, Total: n})
		clear(covered)
		queue = queue[:0]
		for u := range n {
			if label[u] != unlabelled {
				continue
			}
			b := int32(0)
			for _, v := range succ.Of(uint32(u)) {
				if open2(label[v]) {
					b++
				}
			}
			bad[u] = b
			if b == 0 {
				queue = append(queue, uint32(u))
			}
		}
		// (a) Label i whatever qualifies, until nothing more does.
		for q := 0; q < len(queue); q++ {
			u := queue[q]
			if label[u] != unlabelled || covered[u] || bad[u] != 0 {
				continue
			}
			label[u], counter[u] = i, step
			step++
			open--
			for _, p := range pred.Of(u) {
				if covered[p] {
					continue
				}
				covered[p] = true
				if !open2(label[p]) {
					continue
				}
				for _, r := range pred.Of(p) {
					if label[r] != unlabelled {
						continue
					}
					bad[r]--
					if bad[r] == 0 && !covered[r] {
						queue = append(queue, r)
					}
				}
			}
		}
		// (b) What can no longer reach value i is infinite.
		for u := range n {
			if label[u] == unlabelled && !covered[u] {
				label[u], counter[u] = infinite, step
				step++
				open--
			}
		}
	}
	return label, counter, nil
}
