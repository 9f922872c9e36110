package games

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/reference"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

func morrisNew(t testing.TB, spec string) *Morris {
	t.Helper()
	return mustGame[*Morris](t, spec)
}

func morrisParse(t testing.TB, g *Morris, s string) MorrisPosition {
	t.Helper()
	return mustParse[MorrisPosition](t, g, s)
}

// The rules of the morris games written out on their own for the tests,
// sharing nothing with the game: each board as its lines, by the names of
// their points, typed in by hand; the points one step apart on a line are
// neighbours, and every three in a row on a line are a mill.
var morrisNaiveLines = map[string][]string{
	"16": {
		"a5 c5 e5", "b4 c4 d4", "b2 c2 d2", "a1 c1 e1",
		"a5 a3 a1", "b4 b3 b2", "d4 d3 d2", "e5 e3 e1",
		"a3 b3", "d3 e3", "c5 c4", "c2 c1",
	},
	"17": {
		"a5 c5 e5", "b4 c4 d4", "b2 c2 d2", "a1 c1 e1",
		"a5 a3 a1", "b4 b3 b2", "d4 d3 d2", "e5 e3 e1",
		"a3 b3 c3 d3 e3", "c5 c4 c3 c2 c1",
	},
	"24": {
		"a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
		"a7 a4 a1", "b6 b4 b2", "c5 c4 c3", "d7 d6 d5", "d3 d2 d1", "e5 e4 e3", "f6 f4 f2", "g7 g4 g1",
	},
	"24d": {
		"a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
		"a7 a4 a1", "b6 b4 b2", "c5 c4 c3", "d7 d6 d5", "d3 d2 d1", "e5 e4 e3", "f6 f4 f2", "g7 g4 g1",
		"a7 b6 c5", "g7 f6 e5", "a1 b2 c3", "g1 f2 e3",
	},
}

var morrisNaiveBoardOf = map[string]string{
	"five": "16", "six": "16", "seven": "17", "nine": "24", "ten": "24", "eleven": "24d", "morabaraba": "24d",
}

// morrisNaiveSwap swaps the inner and outer squares, typed in by hand
// (the middle square of 24 points stays).
var morrisNaiveSwap = map[string]string{
	"16":  "a5 b4 c5 c4 e5 d4 a3 b3 e3 d3 a1 b2 c1 c2 e1 d2",
	"24":  "a7 c5 d7 d5 g7 e5 a4 c4 g4 e4 a1 c3 d1 d3 g1 e3",
	"24d": "a7 c5 d7 d5 g7 e5 a4 c4 g4 e4 a1 c3 d1 d3 g1 e3",
}

// morrisNaive is the rules of one game played on the text of positions.
type morrisNaive struct {
	points []string // in the order of the text: by rank from the top, then by file
	rows   []int    // points in each row of the text
	adj    map[string]map[string]bool
	mills  [][]string
	syms   []map[string]string
	// The same by the index of a point in points.
	near    [][]bool
	millsOf [][][3]int
	symIdx  [][]int

	men                  int
	fly, remove, blocked string
	lasker               bool
}

func newMorrisNaive(t testing.TB, g *Morris) *morrisNaive {
	t.Helper()
	r := g.rules
	board := morrisNaiveBoardOf[r.Board]
	n := &morrisNaive{adj: map[string]map[string]bool{}, men: r.Men, fly: r.Fly, remove: r.Remove, blocked: r.Blocked, lasker: r.Lasker}
	seen := map[string]bool{}
	for _, line := range morrisNaiveLines[board] {
		pts := strings.Fields(line)
		for i, p := range pts {
			if !seen[p] {
				seen[p] = true
				n.points = append(n.points, p)
				n.adj[p] = map[string]bool{}
			}
			if i > 0 {
				n.adj[p][pts[i-1]], n.adj[pts[i-1]][p] = true, true
			}
			if i > 1 {
				n.mills = append(n.mills, pts[i-2:i+1])
			}
		}
	}
	rank := func(p string) int { v, _ := strconv.Atoi(p[1:]); return v }
	sort.Slice(n.points, func(i, j int) bool {
		a, b := n.points[i], n.points[j]
		if rank(a) != rank(b) {
			return rank(a) > rank(b)
		}
		return a[0] < b[0]
	})
	for i, p := range n.points {
		if i == 0 || rank(p) != rank(n.points[i-1]) {
			n.rows = append(n.rows, 0)
		}
		n.rows[len(n.rows)-1]++
	}
	n.syms = n.symmetries(board)
	index := map[string]int{}
	for i, p := range n.points {
		index[p] = i
	}
	n.near = make([][]bool, len(n.points))
	n.millsOf = make([][][3]int, len(n.points))
	for i, p := range n.points {
		n.near[i] = make([]bool, len(n.points))
		for q := range n.adj[p] {
			n.near[i][index[q]] = true
		}
	}
	for _, m := range n.mills {
		mi := [3]int{index[m[0]], index[m[1]], index[m[2]]}
		for _, i := range mi {
			n.millsOf[i] = append(n.millsOf[i], mi)
		}
	}
	for _, perm := range n.syms {
		pi := make([]int, len(n.points))
		for i, p := range n.points {
			pi[i] = index[perm[p]]
		}
		n.symIdx = append(n.symIdx, pi)
	}
	return n
}

// symmetries are the turns and reflections of the grid, each with and
// without the squares swapped, that keep every neighbour and every mill.
func (n *morrisNaive) symmetries(board string) []map[string]string {
	size := 0
	for _, p := range n.points {
		size = max(size, rank(p))
	}
	swap := map[string]string{}
	for _, p := range n.points {
		swap[p] = p
	}
	if pairs := strings.Fields(morrisNaiveSwap[board]); len(pairs) > 0 {
		for i := 0; i < len(pairs); i += 2 {
			swap[pairs[i]], swap[pairs[i+1]] = pairs[i+1], pairs[i]
		}
	}
	millSet := map[string]bool{}
	key := func(ps []string) string { s := slices.Clone(ps); slices.Sort(s); return strings.Join(s, " ") }
	for _, m := range n.mills {
		millSet[key(m)] = true
	}
	var syms []map[string]string
	for _, swapped := range []bool{false, true} {
		if swapped && morrisNaiveSwap[board] == "" {
			break
		}
		for t := range 8 {
			perm := map[string]string{}
			ok := true
			for _, p := range n.points {
				q := p
				if swapped {
					q = swap[p]
				}
				f, r := int(q[0]-'a'), rank(q)-1
				if t&4 != 0 {
					f, r = r, f
				}
				if t&1 != 0 {
					f = size - 1 - f
				}
				if t&2 != 0 {
					r = size - 1 - r
				}
				img := string(rune('a'+f)) + strconv.Itoa(r+1)
				if n.adj[img] == nil {
					ok = false
					break
				}
				perm[p] = img
			}
			for p := range n.adj {
				for q := range n.adj[p] {
					if ok && !n.adj[perm[p]][perm[q]] {
						ok = false
					}
				}
			}
			for _, m := range n.mills {
				if ok && !millSet[key([]string{perm[m[0]], perm[m[1]], perm[m[2]]})] {
					ok = false
				}
			}
			if ok {
				syms = append(syms, perm)
			}
		}
	}
	return syms
}

func rank(p string) int { v, _ := strconv.Atoi(p[1:]); return v }

// morrisState is a position read from its text: at[i] is 'x', 'o' or '.'
// for the point n.points[i].
type morrisState struct {
	at   []byte
	side byte
	hand [2]int // x's, o's
}

func morrisHandOf(who byte) int {
	if who == 'x' {
		return 0
	}
	return 1
}

func (n *morrisNaive) parse(text string) morrisState {
	f := strings.Fields(text)
	s := morrisState{at: []byte(strings.ReplaceAll(f[0], "/", "")), side: f[1][0]}
	s.hand[0], _ = strconv.Atoi(f[2])
	s.hand[1], _ = strconv.Atoi(f[3])
	return s
}

func (n *morrisNaive) format(s morrisState) string {
	var sb strings.Builder
	i := 0
	for r, count := range n.rows {
		if r > 0 {
			sb.WriteByte('/')
		}
		sb.Write(s.at[i : i+count])
		i += count
	}
	return fmt.Sprintf("%s %c %d %d", sb.String(), s.side, s.hand[0], s.hand[1])
}

func (s morrisState) clone() morrisState {
	c := s
	c.at = slices.Clone(s.at)
	return c
}

func morrisOpponent(side byte) byte {
	if side == 'x' {
		return 'o'
	}
	return 'x'
}

// stones counts a player's stones on the board and in hand.
func (n *morrisNaive) stones(s morrisState, who byte) int {
	return bytes.Count(s.at, []byte{who}) + s.hand[morrisHandOf(who)]
}

// inMill reports whether the stone on point i stands in a mill of its
// colour.
func (n *morrisNaive) inMill(s morrisState, i int) bool {
	for _, m := range n.millsOf[i] {
		if s.at[m[0]] == s.at[i] && s.at[m[1]] == s.at[i] && s.at[m[2]] == s.at[i] {
			return true
		}
	}
	return false
}

// children plays every move on the text of a position, and returns the
// texts they lead to, sorted.
func (n *morrisNaive) children(text string) []string {
	s := n.parse(text)
	me, opp := s.side, morrisOpponent(s.side)
	var kids []string
	done := func(after morrisState, to int) {
		after.side = opp
		if !n.inMill(after, to) {
			kids = append(kids, n.format(after))
			return
		}
		var free, all []int
		for i, v := range after.at {
			if v == opp {
				all = append(all, i)
				if !n.inMill(after, i) {
					free = append(free, i)
				}
			}
		}
		takes := all
		switch {
		case n.remove == "strict" || n.remove == "standard" && len(free) > 0:
			takes = free
		}
		if len(takes) == 0 {
			kids = append(kids, n.format(after))
		}
		for _, i := range takes {
			c := after.clone()
			c.at[i] = '.'
			kids = append(kids, n.format(c))
		}
	}
	if s.hand[morrisHandOf(me)] > 0 {
		for i, v := range s.at {
			if v == '.' {
				c := s.clone()
				c.at[i] = me
				c.hand[morrisHandOf(me)]--
				done(c, i)
			}
		}
	}
	if s.hand[morrisHandOf(me)] == 0 || n.lasker {
		flying := n.fly == "always" || n.fly == "three" && n.stones(s, me) == 3
		for i, v := range s.at {
			if v != me {
				continue
			}
			for j, w := range s.at {
				if w == '.' && (flying || n.near[i][j]) {
					c := s.clone()
					c.at[i], c.at[j] = '.', me
					done(c, j)
				}
			}
		}
	}
	slices.Sort(kids)
	return kids
}

// ended says whether the game is over and its result for the player to
// move, given the texts its moves lead to.
func (n *morrisNaive) ended(text string, kids []string) (sente.Value, bool) {
	s := n.parse(text)
	switch {
	case n.stones(s, s.side) < 3:
		return sente.Lose, true
	case n.stones(s, morrisOpponent(s.side)) < 3:
		return sente.Win, true
	case len(kids) > 0:
		return sente.Unknown, false
	}
	full := !bytes.Contains(s.at, []byte{'.'})
	if n.blocked == "tie" || n.blocked == "usual" && full {
		return sente.Tie, true
	}
	return sente.Lose, true
}

// images are the texts of the position under each symmetry of the board,
// and each of those with the colours, the stones in hand and the side to
// move swapped.
func (n *morrisNaive) images(text string) []string {
	s := n.parse(text)
	var out []string
	for _, perm := range n.symIdx {
		img := s.clone()
		for i, v := range s.at {
			img.at[perm[i]] = v
		}
		out = append(out, n.format(img))
		sw := img.clone()
		for i, v := range img.at {
			if v != '.' {
				sw.at[i] = morrisOpponent(v)
			}
		}
		sw.side = morrisOpponent(img.side)
		sw.hand[0], sw.hand[1] = img.hand[1], img.hand[0]
		out = append(out, n.format(sw))
	}
	return out
}

// morrisReachable lists the keys the start reaches, by the game's own
// moves.
func morrisReachable(g *Morris) []uint64 {
	start := g.Encode(g.Start())
	seen := map[uint64]bool{start: true}
	list := []uint64{start}
	var kids []uint64
	for i := 0; i < len(list); i++ {
		if _, over := g.EndedKey(list[i]); over {
			continue
		}
		kids = g.AppendChildren(kids[:0], list[i])
		for _, k := range kids {
			if !seen[k] {
				seen[k] = true
				list = append(list, k)
			}
		}
	}
	return list
}

// morrisReachCount counts the positions key reaches, or gives -1 once
// they pass limit.
func morrisReachCount(g *Morris, key uint64, limit int) int {
	seen := map[uint64]bool{key: true}
	list := []uint64{key}
	for i := 0; i < len(list); i++ {
		if _, over := g.EndedKey(list[i]); over {
			continue
		}
		for _, k := range g.AppendChildren(nil, list[i]) {
			if !seen[k] {
				if len(list) == limit {
					return -1
				}
				seen[k] = true
				list = append(list, k)
			}
		}
	}
	return len(list)
}

// morrisRuleSpecs are reduced games under every rule: the base spec, then
// the base with each other value of each rule parameter in turn; with all,
// every combination.
func morrisRuleSpecs(base string, all bool) []string {
	// The defaults first.
	values := [][]string{
		{"fly=three", "fly=never", "fly=always"},
		{"lasker=false", "lasker=true"},
		{"remove=standard", "remove=strict", "remove=lenient"},
		{"blocked=usual", "blocked=lose", "blocked=tie"},
	}
	if all {
		specs := []string{base}
		for _, vs := range values {
			var next []string
			for _, s := range specs {
				for _, v := range vs {
					next = append(next, s+","+v)
				}
			}
			specs = next
		}
		return specs
	}
	specs := []string{base}
	for _, vs := range values {
		for _, v := range vs[1:] {
			specs = append(specs, base+","+v)
		}
	}
	return specs
}

func TestMorrisBoards(t *testing.T) {
	tests := []struct {
		board                string
		points, mills, syms  int
		side, fromA1, neighs int // the grid, and a1's neighbours
	}{
		{"six", 16, 8, 16, 5, 2, 2},
		{"seven", 17, 14, 8, 5, 2, 2},
		{"nine", 24, 16, 16, 7, 2, 2},
		{"morabaraba", 24, 20, 16, 7, 3, 3},
	}
	for _, tt := range tests {
		g := morrisNew(t, "morris:board="+tt.board)
		n := newMorrisNaive(t, g)
		if g.b.points != tt.points || len(g.b.mills) != tt.mills || len(g.b.syms) != tt.syms || len(n.syms) != tt.syms || g.b.side != tt.side {
			t.Errorf("%s: %d points, %d mills, %d symmetries (the rules on text find %d), a %d×%d grid; want %d, %d, %d, %d",
				tt.board, g.b.points, len(g.b.mills), len(g.b.syms), len(n.syms), g.b.side, g.b.side, tt.points, tt.mills, tt.syms, tt.side)
		}
		if a1 := slices.Index(g.b.names, "a1"); bits.OnesCount32(g.b.adj[a1]) != tt.neighs || len(n.adj["a1"]) != tt.neighs {
			t.Errorf("%s: a1 has %d neighbours; want %d", tt.board, bits.OnesCount32(g.b.adj[a1]), tt.neighs)
		}
		// The game's points, neighbours and mills are those of the lines
		// typed in by hand.
		if !slices.Equal(g.b.names, n.points) {
			t.Errorf("%s: points %q, the rules on text %q", tt.board, g.b.names, n.points)
		}
		for p, name := range g.b.names {
			for q, other := range g.b.names {
				if (g.b.adj[p]>>q&1 == 1) != n.adj[name][other] {
					t.Errorf("%s: %s and %s neighbours: %v", tt.board, name, other, g.b.adj[p]>>q&1 == 1)
				}
			}
		}
		var mills []string
		for _, m := range g.b.mills {
			var names []string
			for q := m; q != 0; q &= q - 1 {
				names = append(names, g.b.names[bits.TrailingZeros32(q)])
			}
			slices.Sort(names)
			mills = append(mills, strings.Join(names, " "))
		}
		var want []string
		for _, m := range n.mills {
			s := slices.Clone(m)
			slices.Sort(s)
			want = append(want, strings.Join(s, " "))
		}
		slices.Sort(mills)
		slices.Sort(want)
		if !slices.Equal(mills, want) {
			t.Errorf("%s: mills %q, the rules on text %q", tt.board, mills, want)
		}
	}
}

// morrisFull reports whether SENTE_LONG=full asks for the slowest
// checks: every combination of the rules, the 24-point boards solved
// whole, and the solves of five, six and seven men's morris.
func morrisFull() bool { return testmode.Full() }

// morrisQuick reports whether the whole-game checks of every rule are
// left out: with -short, and without SENTE_LONG, since
// they take a quarter of an hour on two cores; the quick ones still check
// each rule's values from positions late in the game, and whole games
// under the usual rules.
func morrisQuick() bool {
	return testing.Short() || !testmode.Long()
}

// TestMorrisConsistency walks every position of reduced games under every
// rule (without -short; with it, random games of them), and random games
// of the full ones, and checks the game against the rules played on text
// (moves, ends), and its keys, parents, tiers, symmetries and ranks against
// each other.
func TestMorrisConsistency(t *testing.T) {
	var specs []string
	if morrisQuick() {
		specs = morrisRuleSpecs("morris:board=six,men=3", false)
	} else {
		// Each rule's values in turn: every position's moves and end,
		// and every 7th position's parents and class; with
		// SENTE_LONG=full the other combinations of the rules too,
		// every 101st position.
		each := morrisRuleSpecs("morris:board=six,men=3", false)
		for _, spec := range morrisRuleSpecs("morris:board=six,men=3", morrisFull()) {
			t.Run(spec, func(t *testing.T) {
				g := morrisNew(t, spec)
				n := newMorrisNaive(t, g)
				stride, deep := 101, 1
				if slices.Contains(each, strings.NewReplacer(",fly=three", "", ",lasker=false", "", ",remove=standard", "", ",blocked=usual", "").Replace(spec)) {
					stride, deep = 1, 7
				}
				for i, key := range morrisReachable(g) {
					if i%stride == 0 {
						morrisCheckPosition(t, g, n, g.Decode(key), i%(stride*deep) == 0)
					}
				}
			})
		}
	}
	for _, board := range []string{"five", "six", "seven", "nine", "ten", "eleven", "morabaraba"} {
		specs = append(specs, "morris:board="+board)
	}
	specs = append(specs, morrisRuleSpecs("morris:board=nine", false)[1:]...)
	specs = append(specs, morrisRuleSpecs("morris:board=morabaraba", false)[1:]...)
	specs = append(specs, "morris:board=seven,men=3", "morris:board=nine,men=3", "morris:board=morabaraba,men=3,lasker=true", "morris:board=six,men=8")
	// A hundred games of each with SENTE_LONG, a CPU-minute in all.
	games := 20
	switch {
	case testing.Short():
		games = 2
	case testmode.Long():
		games = 100
	}
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			g := morrisNew(t, spec)
			n := newMorrisNaive(t, g)
			rng := rand.New(rand.NewPCG(1, 2))
			for range games {
				p := g.Start()
				for range 120 {
					morrisCheckPosition(t, g, n, p, true)
					if _, over := g.Ended(p); over {
						break
					}
					moves := g.Moves(p)
					p = moves[rng.IntN(len(moves))].To
				}
			}
		})
	}
}

// morrisCheckPosition checks p's keys and text, its end and its moves
// against the rules played on its text, and when deep its parents, and its
// class and ranks.
func morrisCheckPosition(t *testing.T, g *Morris, n *morrisNaive, p sente.Position, deep bool) {
	t.Helper()
	text := g.FormatPosition(p)
	key := g.Encode(p)
	if got := g.Decode(key); got != p {
		t.Fatalf("Decode(Encode(%s)) = %s", text, g.FormatPosition(got))
	}
	if q, err := g.ParsePosition(text); err != nil || q != p {
		t.Fatalf("ParsePosition(%q) = %v, %v", text, q, err)
	}
	naive := n.children(text)
	wantV, wantOver := n.ended(text, naive)
	if v, over := g.Ended(p); v != wantV || over != wantOver {
		t.Fatalf("%s: Ended %v %v; the rules on text %v %v", text, v, over, wantV, wantOver)
	}
	if deep {
		morrisCheckClass(t, g, n, text)
		morrisCheckParents(t, g, key)
	}
	if wantOver {
		return
	}
	var fromMoves []string
	var keys []uint64
	for _, mv := range g.Moves(p) {
		fromMoves = append(fromMoves, g.FormatPosition(mv.To))
		keys = append(keys, g.Encode(mv.To))
	}
	slices.Sort(fromMoves)
	if !slices.Equal(fromMoves, naive) {
		t.Fatalf("%s: Moves lead to\n%q\nthe rules on text to\n%q", text, fromMoves, naive)
	}
	if children := g.AppendChildren(nil, key); !slices.Equal(keys, children) {
		t.Fatalf("%s: AppendChildren %x, Moves %x", text, children, keys)
	}
	if !deep {
		return
	}
	var parents []uint64
	for _, kid := range keys {
		if parents = g.AppendParents(parents[:0], kid); !slices.Contains(parents, key) {
			t.Fatalf("%s: AppendParents of its child %s does not list it", text, g.FormatPosition(g.Decode(kid)))
		}
	}
}

// morrisCheckParents checks that AppendParents lists each parent once,
// and only positions that can happen, have not ended and have a move to
// key.
func morrisCheckParents(t *testing.T, g *Morris, key uint64) {
	t.Helper()
	got := g.AppendParents(nil, key)
	sorted := slices.Clone(got)
	slices.Sort(sorted)
	if len(slices.Compact(sorted)) != len(got) {
		t.Fatalf("%s: a parent listed twice", g.FormatPosition(g.Decode(key)))
	}
	for _, pk := range got {
		text := g.FormatPosition(g.Decode(pk))
		if _, err := g.ParsePosition(text); err != nil {
			t.Fatalf("%s: listed parent %s cannot happen: %v", g.FormatPosition(g.Decode(key)), text, err)
		}
		if _, over := g.EndedKey(pk); over || !slices.Contains(g.AppendChildren(nil, pk), key) {
			t.Fatalf("%s: listed parent %s has ended or has no move to it", g.FormatPosition(g.Decode(key)), text)
		}
	}
}

// morrisCheckClass checks a position's canonical key, shared by its images
// under the board's symmetries and the colour swap (worked out on the
// text), and its tier and rank, which Unrank takes back to the canonical
// key.
func morrisCheckClass(t *testing.T, g *Morris, n *morrisNaive, text string) {
	t.Helper()
	key := g.Encode(morrisParse(t, g, text))
	c := g.Canonical(key)
	if g.Canonical(c) != c || c>>morrisSide&1 != 0 {
		t.Fatalf("%s: Canonical %#x is not idempotent or has o to move", text, c)
	}
	for _, img := range n.images(text) {
		if g.Canonical(g.Encode(morrisParse(t, g, img))) != c {
			t.Fatalf("image %q of %q has another canonical key", img, text)
		}
	}
	tier, rank := g.TierRank(key)
	if rank >= g.TierSize(tier) || g.Tier(key) != tier {
		t.Fatalf("%s: tier %d (Tier %d) rank %d of %d", text, tier, g.Tier(key), rank, g.TierSize(tier))
	}
	if back, ok := g.Unrank(tier, rank); !ok || back != c {
		t.Fatalf("%s: Unrank(TierRank) = %#x, %v; want the canonical %#x", text, back, ok, c)
	}
	// The images on the position's side, counted one by one.
	_, positions := g.ClassSide(key)
	if want := g.syms.orbit(uint32(c)&morrisMask, uint32(c>>morrisPlane)&morrisMask); positions != want {
		t.Fatalf("%s: ClassSide says %d positions, the symmetries make %d", text, positions, want)
	}
}

// TestMorrisRanksDense: every rank of a tier unranks to a board whose
// class ranks to the rank of its canonical board, and the canonical ranks
// are as many as the classes.
func TestMorrisRanksDense(t *testing.T) {
	for _, spec := range []string{"morris:board=six,men=3", "morris:board=seven,men=3", "morris:board=nine,men=3,lasker=true"} {
		g := morrisNew(t, spec)
		checked := 0
		for tier := range g.ranks.tiers {
			size := g.TierSize(tier)
			if size == 0 || size > 100_000 || checked >= 15 {
				continue
			}
			checked++
			classes := map[uint64]bool{}
			canonical := 0
			for r := range size {
				key, ok := g.Unrank(tier, r)
				c := g.Canonical(key)
				classes[c] = true
				ct, cr := g.TierRank(key)
				if back, cok := g.Unrank(ct, cr); ct != tier || !cok || back != c {
					t.Fatalf("%s: tier %d rank %d: its class ranks to tier %d rank %d, %#x", spec, tier, r, ct, cr, back)
				}
				if ok {
					canonical++
					if cr != r {
						t.Fatalf("%s: tier %d rank %d is canonical but ranks to %d", spec, tier, r, cr)
					}
				}
			}
			if canonical != len(classes) {
				t.Errorf("%s: tier %d: %d canonical ranks, %d classes", spec, tier, canonical, len(classes))
			}
		}
		if checked == 0 {
			t.Errorf("%s: no tier checked", spec)
		}
	}
}

// TestMorrisTiers: the tiers the start leads to are in the order the
// engine needs (children numbered after their parents), the moving tiers
// loop and the placing tiers do not, without Lasker's rule.
func TestMorrisTiers(t *testing.T) {
	for _, spec := range []string{"morris", "morris:board=six", "morris:board=ten,lasker=true"} {
		g := morrisNew(t, spec)
		lasker := g.lasker
		for tier, tt := range g.ranks.tiers {
			for _, c := range g.ChildTiers(tier) {
				if c <= tier {
					t.Fatalf("%s: tier %d has the child tier %d", spec, tier, c)
				}
			}
			if tt.size == 0 || tt.ended {
				continue
			}
			moving := tt.orders[0].mover.hand == 0 && tt.orders[0].other.hand == 0
			if !lasker && tt.loops != moving {
				t.Errorf("%s: tier %d (%+v) loops %v", spec, tier, tt.orders, tt.loops)
			}
		}
	}
	// The moving phase of nine men's morris with nine stones each: the
	// classes of 18 occupied points under the board's 16 symmetries, each
	// split C(18,9) ways with the player to move holding nine.
	g := morrisNew(t, "morris")
	tier := g.tierOfConfigs(morrisConfig{0, 9}, morrisConfig{0, 9})
	if got := g.TierSize(tier); got != g.classes.count[18]*binom[18][9] {
		t.Errorf("nine against nine: %d ranks", got)
	}
	if tier := g.tierOfConfigs(morrisConfig{0, 9}, morrisConfig{0, 8}); g.TierSize(tier) != 2*g.classes.count[17]*binom[17][8] {
		t.Errorf("nine against eight: %d ranks, want both orders", g.TierSize(tier))
	}
}

// TestMorrisClasses: the canonical sets of points of every board and size
// are as many as Burnside's lemma counts (of panics otherwise), each the
// least of its images with the symmetries that keep it noted, and, where
// few enough to list, as many as a map of every set's least image holds.
func TestMorrisClasses(t *testing.T) {
	boards := []string{"five", "seven", "nine", "eleven"}
	if testing.Short() {
		boards = boards[:2] // the 24-point boards take seconds
	}
	for _, board := range boards {
		g := morrisNew(t, "morris:board="+board+",men=3")
		// A fresh index, not the game's: the classes found by trying the
		// symmetries first, then by the table.
		c := newMorrisClasses(g.b, g.syms)
		var total uint64
		checkEntry := func(how string, img uint32, i int, class morrisClass) {
			t.Helper()
			e := c.entry(img)
			index, set, _ := c.canonical(0, img)
			if index != uint64(i) || set != class.set || int(e&morrisClassIndex) != i || (e&morrisClassFixed != 0) != (class.fixedBy != 0) {
				t.Fatalf("%s, %s: %#x, an image of %#x, is in class %d (%#x, entry %#x), want %d", board, how, img, class.set, index, set, e, i)
			}
			if back := c.syms.image(int(e>>morrisClassSym&15), img); back != class.set {
				t.Fatalf("%s, %s: %#x maps by its symmetry to %#x, not its class's set %#x", board, how, img, back, class.set)
			}
		}
		for k := 0; k <= g.b.points; k++ {
			sets := c.list(k)
			total += uint64(len(sets))
			for i, class := range sets {
				if i > 0 && sets[i-1].set >= class.set {
					t.Fatalf("%s: %d-point sets out of order at %d", board, k, i)
				}
				for s := range c.syms.n {
					img := c.syms.image(s, class.set)
					if s > 0 && (img < class.set || (img == class.set) != (class.fixedBy>>s&1 == 1)) {
						t.Fatalf("%s: %#x under symmetry %d is %#x; fixedBy %b", board, class.set, s, img, class.fixedBy)
					}
					if k <= 6 || i%97 == 0 {
						checkEntry("by the symmetries", img, i, class)
					}
				}
			}
			if g.b.points <= 17 {
				least := map[uint32]bool{}
				for set := uint32(0); set < 1<<g.b.points; set++ {
					if bits.OnesCount32(set) == k {
						_, l := g.syms.least(0, set)
						least[l] = true
					}
				}
				if len(least) != len(sets) {
					t.Errorf("%s: %d classes of %d points, the least images are %d", board, len(sets), k, len(least))
				}
			}
		}
		if c.ofMade.Load() {
			t.Fatalf("%s: the table was made after %d positions ranked", board, c.ranked.Load())
		}
		c.table()
		for k := 0; k <= g.b.points; k++ {
			for i, class := range c.list(k) {
				if k <= 4 || i%31 == 0 {
					for s := range c.syms.n {
						checkEntry("by the table", c.syms.image(s, class.set), i, class)
					}
				}
			}
		}
		// Every set falls in a class of at most as many sets as symmetries.
		if min := uint64(1) << g.b.points / uint64(c.syms.n); total < min {
			t.Errorf("%s: %d classes of sets, fewer than 2^%d/%d", board, total, g.b.points, c.syms.n)
		}
	}
}

// TestMorrisAgreesWithReference solves reduced games every way there is,
// under every rule: the slow reference, the hashing engine with and
// without symmetry and the tier engine, and compares them position by
// position. Without -short the games are whole, from the start: six men's
// morris with three men each; with it, positions at the end of the
// placing of six men's morris with eight men each (the board filled but
// for two points), from which few positions are reachable.
func TestMorrisAgreesWithReference(t *testing.T) {
	ctx := context.Background()
	specs := morrisRuleSpecs("morris:board=six,men=8", false)
	if !morrisQuick() {
		specs = append(morrisRuleSpecs("morris:board=six,men=3", false), "morris:board=seven,men=3", "morris:board=seven,men=3,lasker=true,fly=never")
	}
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			g := morrisNew(t, spec)
			roots := []sente.Position{nil}
			if morrisQuick() {
				roots = morrisLateRoots(t, g, 3)
			}
			for _, root := range roots {
				want, err := reference.Reference(g, root, nil)
				if err != nil {
					t.Fatal(err)
				}
				// The tier engine plans every tier below the root's,
				// seconds for a handful of positions: with -short,
				// TestMorrisEnginesAgree runs it on a whole game.
				morrisCompare(ctx, t, g, root, want, !morrisQuick())
			}
		})
	}
}

// morrisLateRoots finds n positions at the end of the placing of random
// games from which few positions are reachable (at most 2000), for the
// slow reference in short mode.
func morrisLateRoots(t *testing.T, g *Morris, n int) []sente.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	var roots []sente.Position
	var kids []uint64
	tries := 0
	for ; tries < 2000 && len(roots) < n; tries++ {
		// Play to the end of the placing, where a crowded board leaves
		// few moves.
		key := g.Encode(g.Start())
		for range 60 {
			pos := g.Decode(key).(MorrisPosition)
			if _, over := g.EndedKey(key); over || pos.XHand+pos.OHand <= 2 {
				break
			}
			kids = g.AppendChildren(kids[:0], key)
			key = kids[rng.IntN(len(kids))]
		}
		if _, over := g.EndedKey(key); over {
			continue
		}
		if n := morrisReachCount(g, key, 2000); n >= 4 {
			roots = append(roots, g.Decode(key))
		}
	}
	if len(roots) < n {
		t.Fatalf("%d positions late in play with few positions after them found in %d tries; want %d", len(roots), tries, n)
	}
	return roots
}

// morrisCompare compares the hashing engine, with and without symmetry,
// and the tier engine when withTiers is set, with want, the reference's
// values from root.
func morrisCompare(ctx context.Context, t *testing.T, g *Morris, root sente.Position, want map[sente.Position]sente.Outcome, withTiers bool) {
	t.Helper()
	for _, symmetry := range []bool{false, true} {
		sol, err := hashing.Solve(ctx, g, hashing.Options{From: root, Symmetry: symmetry})
		if err != nil {
			t.Fatal(err)
		}
		if !symmetry && sol.Positions() != len(want) {
			t.Errorf("hashing engine: %d positions, reference %d", sol.Positions(), len(want))
		}
		bad := 0
		for p, w := range want {
			if got, ok := sol.Outcome(p); !ok || got != w {
				if bad++; bad <= 5 {
					t.Errorf("symmetry=%v: %s: engine %v (found %v), reference %v", symmetry, g.FormatPosition(p), got, ok, w)
				}
			}
		}
	}
	if !withTiers {
		return
	}
	gs, err := store.Store{Dir: t.TempDir()}.Game(g.String())
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{From: root, Sink: gs})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	// In the order of the tables, whose compact frames are read a few at
	// a time.
	type place struct {
		p    sente.Position
		tier int
		rank uint64
		want sente.Outcome
	}
	var places []place
	for p, w := range want {
		tier, rank := g.TierRank(g.Encode(p))
		places = append(places, place{p, tier, rank, w})
	}
	slices.SortFunc(places, func(a, b place) int {
		if a.tier != b.tier {
			return a.tier - b.tier
		}
		return cmp.Compare(a.rank, b.rank)
	})
	bad := 0
	for _, pl := range places {
		if got, ok := ts.Outcome(pl.p); !ok || got != pl.want {
			if bad++; bad <= 5 {
				t.Errorf("tiers: %s: %v (found %v), reference %v", g.FormatPosition(pl.p), got, ok, pl.want)
			}
		}
	}
}

// TestMorrisEnginesAgree solves whole reduced games with the hashing
// engine, with and without symmetry, and the tier engine, and compares
// them position by position: with -short six men's morris with three men
// each (TestMorrisAgreesWithReference compares the engines under every
// rule from positions late in play); without it each rule's values in
// turn, and seven men's morris with three men; with SENTE_LONG=full
// every combination of the rules, and the 24-point boards with three men
// (5.8 million positions each, minutes).
func TestMorrisEnginesAgree(t *testing.T) {
	testmode.SkipShort(t, "whole games solved by three engines (TestMorrisAgreesWithReference compares them from late positions)")
	ctx := context.Background()
	specs := []string{"morris:board=six,men=3"}
	switch {
	case morrisFull():
		specs = append(morrisRuleSpecs(specs[0], true), "morris:board=seven,men=3", "morris:board=nine,men=3", "morris:board=nine,men=3,fly=never", "morris:board=morabaraba,men=3")
	case !morrisQuick():
		specs = append(morrisRuleSpecs(specs[0], false), "morris:board=seven,men=3")
	}
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			g := morrisNew(t, spec)
			sol, err := hashing.Solve(ctx, g, hashing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := map[sente.Position]sente.Outcome{}
			for _, key := range morrisReachable(g) {
				p := g.Decode(key)
				o, ok := sol.Outcome(p)
				if !ok {
					t.Fatalf("%s: not found by the hashing engine", g.FormatPosition(p))
				}
				want[p] = o
			}
			if len(want) != sol.Positions() {
				t.Errorf("%d positions reachable, the hashing engine found %d", len(want), sol.Positions())
			}
			morrisCompare(ctx, t, g, nil, want, true)
		})
	}
}

func TestMorrisGamecheck(t *testing.T) {
	testmode.SkipShort(t, "sente check of three morris games (gamecheck's TestBuiltInGamesPass checks one)")
	for _, spec := range []string{"morris:board=six,men=3", "morris:board=nine,men=3,lasker=true", "morris:board=seven,men=4,fly=always,remove=lenient"} {
		s, err := sente.ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		b, err := (&Catalog{}).Bind(s)
		if err != nil {
			t.Fatal(err)
		}
		g := morrisNew(t, spec)
		rep, err := gamecheck.Check(context.Background(), g, gamecheck.Options{Positions: 1500, Family: &b.Family, Values: b.Values})
		if err != nil {
			t.Errorf("%s: %v", spec, err)
		} else if !strings.Contains(strings.Join(rep.Checks, "\n"), "stable keys") {
			t.Errorf("%s: stable keys not checked: %q", spec, rep.Checks)
		}
	}
}

func TestMorrisMoves(t *testing.T) {
	tests := []struct {
		spec, from, move, want string
	}{
		// Nine men's morris: placing, a mill that takes, a stone in a mill
		// spared while another may be taken.
		{"morris", ".../.../.../....../.../.../... x 9 9", "d1", ".../.../.../....../.../.../.x. o 8 9"},
		{"morris", "oo./.../.../....../.../.../xx. x 7 7", "g1xa7", ".o./.../.../....../.../.../xxx o 6 7"},
		{"morris", "ooo/.../.../o...../.../.../xx. x 6 5", "g1xa4", "ooo/.../.../....../.../.../xxx o 5 5"},
		// All of o's stones in mills: the standard rule takes one of them.
		{"morris", "ooo/.../.../....../.../.../xx. x 6 6", "g1xd7", "o.o/.../.../....../.../.../xxx o 5 6"},
		// Moving, then flying with three.
		{"morris", "ooo/.../.../xo..../x../x../..x x 0 0", "a4-a1", "ooo/.../.../.o..../x../x../x.x o 0 0"},
		{"morris", "x.o/.x./.../....o./.../x.o/x.. o 0 0", "g7-d1", "x../.x./.../....o./.../x.o/xo. x 0 0"},
		// Lasker: placing or moving.
		{"morris:board=ten,lasker=true", ".../.../.../x...../.../.../... o 9 10", "d1", ".../.../.../x...../.../.../.o. x 9 9"},
		{"morris:board=ten,lasker=true", ".../.../.../x...../.../.../.o. x 9 9", "a4-a1", ".../.../.../....../.../.../xo. o 9 9"},
		// Six men's morris: a mill along the side of a square.
		{"morris:board=six", "x.x/.../..../o../o.. x 4 4", "c5xa1", "xxx/.../..../o../... o 3 4"},
		// Seven men's morris: three in a row through the centre.
		{"morris:board=seven", ".../.x./..x../.../.oo x 5 4", "c2xc1", ".../.x./..x../.x./..o o 4 4"},
		// Morabaraba: a mill on a diagonal.
		{"morris:board=morabaraba", "x../x../.../....../.../.../o.o x 10 10", "c5xa1", "x../x../x../....../.../.../..o o 9 10"},
	}
	for _, tt := range tests {
		g := morrisNew(t, tt.spec)
		p := morrisParse(t, g, tt.from)
		var got []string
		var names []string
		for _, mv := range g.Moves(p) {
			names = append(names, mv.Name)
			if mv.Name == tt.move {
				got = append(got, g.FormatPosition(mv.To))
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: %s from %s leads to %q, want %q (moves %q)", tt.spec, tt.move, tt.from, got, tt.want, names)
		}
	}
	// A placement closing two mills at once takes one stone: one move for
	// each stone it may take.
	g := morrisNew(t, "morris")
	p := morrisParse(t, g, "xx./.../.../.....x/.../.../o.x x 4 4")
	var takes []string
	for _, mv := range g.Moves(p) {
		if strings.HasPrefix(mv.Name, "g7") {
			takes = append(takes, mv.Name)
		}
	}
	if !slices.Equal(takes, []string{"g7xa1"}) {
		t.Errorf("g7 closes two mills: moves %q, want one take of the one o stone", takes)
	}
	// From the start of nine men's morris: 24 placements.
	if n := len(g.Moves(g.Start())); n != 24 {
		t.Errorf("%d placements from the start", n)
	}
}

func TestMorrisEnded(t *testing.T) {
	tests := []struct {
		spec, pos string
		want      sente.Value
		over      bool
	}{
		{"morris", ".../.../.../....../.../.../... x 9 9", sente.Unknown, false},
		{"morris", "xxx/.../.../....../.../.../oo. o 0 0", sente.Lose, true},
		{"morris", "xxx/.../.../....../.../.../oo. x 0 0", sente.Win, true},
		{"morris", "xxx/.../.../....../.../.../oo. o 1 1", sente.Unknown, false},
		// o's four corners hemmed in by x.
		{"morris:board=six", "oxo/.../x..x/.../oxo o 0 0", sente.Lose, true},
		{"morris:board=six", "oxo/.../x..x/.../oxo x 0 0", sente.Unknown, false},
		{"morris:board=six,fly=always", "oxo/.../x..x/.../oxo o 0 0", sente.Unknown, false},
		{"morris:board=six,blocked=tie", "oxo/.../x..x/.../oxo o 0 0", sente.Tie, true},
		{"morris:board=six,blocked=lose", "oxo/.../x..x/.../oxo o 0 0", sente.Lose, true},
		// A full board of Morabaraba: a tie by the usual rules, a loss
		// for the player to move with blocked=lose.
		{"morris:board=morabaraba", "xox/oxo/xox/oxooxo/xox/oxo/xox x 0 0", sente.Tie, true},
		{"morris:board=morabaraba,blocked=lose", "xox/oxo/xox/oxooxo/xox/oxo/xox x 0 0", sente.Lose, true},
	}
	for _, tt := range tests {
		g := morrisNew(t, tt.spec)
		p, err := g.ParsePosition(tt.pos)
		if err != nil {
			t.Errorf("%s: %v", tt.spec, err)
			continue
		}
		if v, over := g.Ended(p); v != tt.want || over != tt.over {
			t.Errorf("%s: Ended(%s) = %v, %v; want %v, %v", tt.spec, tt.pos, v, over, tt.want, tt.over)
		}
	}
}

func TestMorrisParseErrors(t *testing.T) {
	g := morrisNew(t, "morris")
	for _, bad := range []string{
		"",
		".../.../.../....../.../.../...",
		".../.../.../....../.../.../... z 9 9",
		".../.../.../....../.../.../... x 9",
		".../.../.../....../.../... x 9 9",
		".../.../.../...../.../.../... x 9 9",
		".../.../.../....?./.../.../... x 9 9",
		".../.../.../....../.../.../... x 10 9",
		".../.../.../....../.../.../... x 9 a",
		"xxx/xxx/xxx/x...../.../.../... x 1 9", // ten x stones
		".../.../.../....../.../.../... x 7 9", // o two ahead in placing
		".../.../.../....../.../.../... x 8 9", // x to move with one fewer in hand
	} {
		p, err := g.ParsePosition(bad)
		if err == nil {
			t.Errorf("ParsePosition(%q) accepted: %v", bad, p)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "e.g.") || !strings.Contains(msg, "morris position") {
			t.Errorf("ParsePosition(%q): error should be one line that names the game and gives an example: %s", bad, msg)
		}
	}
	for _, good := range []string{".../.../.../....../.../.../... o 9 9", "xxx/.../.../....../.../.../ooo x", ".../.../.../....../.../.../... x 7 9"} {
		spec := "morris"
		if strings.HasSuffix(good, "7 9") {
			spec = "morris:lasker=true"
		}
		if _, err := morrisNew(t, spec).ParsePosition(good); err != nil {
			t.Errorf("%s: %q: %v", spec, good, err)
		}
	}
	if p, err := g.ParsePosition("  X../.../.../....../.../.../..O   o 8 8 "); err != nil || g.FormatPosition(p) != "x../.../.../....../.../.../..o o 8 8" {
		t.Errorf("upper case and spaces: %v, %v", p, err)
	}
	for _, spec := range []string{"morris:men=2", "morris:board=six,men=9", "morris:board=twelve", "morris:fly=four", "morris:remove=any", "morris:blocked=win"} {
		if _, err := New(spec); err == nil {
			t.Errorf("New(%q) accepted", spec)
		}
	}
}

func TestMorrisDrawAndDescribe(t *testing.T) {
	g := morrisNew(t, "morris")
	p := morrisParse(t, g, "x../.../.../....../.../.o./... x 8 8")
	want := strings.Join([]string{
		"7  x-----------.-----------.",
		"   |           |           |",
		"6  |   .-------.-------.   |",
		"   |   |       |       |   |",
		"5  |   |   .---.---.   |   |",
		"   |   |   |       |   |   |",
		"4  .---.---.       .---.---.",
		"   |   |   |       |   |   |",
		"3  |   |   .---.---.   |   |",
		"   |   |       |       |   |",
		"2  |   .-------o-------.   |",
		"   |           |           |",
		"1  .-----------.-----------.",
		"   a   b   c   d   e   f   g",
		"x to place (8 in hand, o 8)",
	}, "\n")
	if got := g.Draw(p); got != want {
		t.Errorf("Draw:\n%s\nwant\n%s", got, want)
	}
	diag := morrisNew(t, "morris:board=morabaraba").Draw(morrisNew(t, "morris:board=morabaraba").Start())
	if !strings.Contains(diag, "7  .-----------.-----------.\n   | \\         |         / |") {
		t.Errorf("Morabaraba's diagonals:\n%s", diag)
	}
	seven := morrisNew(t, "morris:board=seven").Draw(morrisNew(t, "morris:board=seven").Start())
	if !strings.Contains(seven, "3  .---.---.---.---.") {
		t.Errorf("seven men's morris's cross:\n%s", seven)
	}
	b := g.Board(p)
	if b.Style != "points" || b.Cells[0][0] != "x" || b.Cells[5][3] != "o" || b.Cells[0][1] != "" ||
		strings.Join(b.RowLabels, "") != "7654321" || strings.Join(b.ColLabels, "") != "abcdefg" || len(b.Lines) != 32 || len(b.Moves) != 22 ||
		!slices.Equal(b.Players, []string{"white", "black"}) || b.Caption != "white to place (8 in hand, black 8)" {
		t.Errorf("Board: %+v", b)
	}
	// A mill's take is part of the move: Remove names the stone.
	q := morrisParse(t, g, "oo./.../.../....../.../.../xx. x 7 7")
	var takes int
	for _, m := range g.Board(q).Moves {
		if m.Remove != nil {
			takes++
			if m.Name != "g1x"+g.b.names[g.b.at[m.Remove.Row][m.Remove.Col]] || m.To != (sente.BoardCell{Row: 6, Col: 6}) {
				t.Errorf("take %+v", m)
			}
		}
	}
	if caption := g.Board(q).Caption; takes != 2 || !strings.Contains(caption, "closes a mill") {
		t.Errorf("%d takes, caption %q", takes, caption)
	}
	for _, tt := range []struct{ spec, pos, caption string }{
		{"morris", "xxx/.../.../....../.../.../oo. o 0 0", "game over: black has fewer than three stones; white wins"},
		{"morris:board=six", "oxo/.../x..x/.../oxo o 0 0", "game over: black cannot move; white wins"},
		{"morris:board=morabaraba", "xox/oxo/xox/oxooxo/xox/oxo/xox x 0 0", "game over: white cannot move; a tie"},
		{"morris", "x../.o./.../....o./.../x../x.o o 0 0", "black to move (flying)"},
		{"morris:board=ten,lasker=true", "x../.../.../....../.../.../..o x 9 9", "white to place or move (9 in hand, black 9)"},
	} {
		gg := morrisNew(t, tt.spec)
		if got := gg.Board(morrisParse(t, gg, tt.pos)).Caption; got != tt.caption {
			t.Errorf("%s %s: caption %q, want %q", tt.spec, tt.pos, got, tt.caption)
		}
	}
	for spec, words := range map[string][]string{
		"morris":                       {"nine men's morris", "24 points, 16 mills", "flies", "standard rule", "draw", "d1xa7"},
		"morris:board=six":             {"six men's morris", "16 points, 8 mills"},
		"morris:board=seven":           {"17 points, 14 mills"},
		"morris:board=ten,lasker=true": {"Lasker's rule", "10 men"},
		"morris:board=morabaraba":      {"20 mills", "12 men", "tie"},
		"morris:fly=never":             {"never fly"},
		"morris:remove=strict":         {"takes none"},
	} {
		d := morrisNew(t, spec).Describe()
		for _, w := range words {
			if !strings.Contains(d.Rules, w) {
				t.Errorf("%s: the rules should say %q: %s", spec, w, d.Rules)
			}
		}
	}
	if g.String() != "morris:board=nine,men=9,fly=three,lasker=false,remove=standard,blocked=usual" {
		t.Errorf("String %s", g)
	}
}

// TestMorrisSolved pins the published values of the smaller morris
// games, Dries De Clercq's: five and six men's morris are draws, and
// seven men's morris (on the 17-point board with the cross) is a win for
// the first player in 25 whose only winning first placement is the centre,
// c3, every other one losing; and what the tier engine finds besides,
// the positions reached and their classes (today's counts, no published
// ones). The three solves take about four CPU-minutes, so the test runs
// only with SENTE_LONG=full.
func TestMorrisSolved(t *testing.T) {
	testmode.SkipUnlessFull(t, "the solves of five, six and seven men's morris (about four CPU-minutes)")
	for _, tt := range []struct {
		spec               string
		want               sente.Outcome
		positions, classes uint64
		wins               []string // the winning first placements
	}{
		{"morris:board=five", sente.Outcome{Value: sente.Draw}, 17_846_785, 647_738, nil},
		{"morris:board=six", sente.Outcome{Value: sente.Draw}, 42_383_945, 1_546_147, nil},
		{"morris:board=seven", sente.Outcome{Value: sente.Win, Remoteness: 25}, 178_293_747, 13_254_916, []string{"c3"}},
	} {
		g := morrisNew(t, tt.spec)
		gs, err := store.Store{Dir: t.TempDir()}.Game(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs})
		if err != nil {
			t.Fatal(err)
		}
		got, ok := ts.Outcome(g.Start())
		if !ok || got != tt.want || ts.Totals.Positions != tt.positions || ts.Classes.Positions != tt.classes {
			t.Errorf("%s: %v (%v), %d positions, %d classes; want %v, %d, %d", tt.spec, got, ok, ts.Totals.Positions, ts.Classes.Positions, tt.want, tt.positions, tt.classes)
		}
		var wins []string
		for _, mv := range g.Moves(g.Start()) {
			o, ok := ts.Outcome(mv.To)
			switch {
			case ok && o.Value == sente.Lose:
				wins = append(wins, mv.Name)
			case tt.wins != nil && (!ok || o.Value != sente.Win):
				t.Errorf("%s: the first placement %s is %v, not a loss for the first player", tt.spec, mv.Name, o)
			}
		}
		if !slices.Equal(wins, tt.wins) {
			t.Errorf("%s: winning first placements %q, want %q", tt.spec, wins, tt.wins)
		}
		ts.Close()
	}
}

// morrisFrom is a morris game that starts from another position, for
// planning the tiers below it.
type morrisFrom struct {
	*Morris
	start MorrisPosition
}

func (g morrisFrom) Start() sente.Position { return g.start }

// morrisBoardClasses is the number of classes of boards with a stones of
// the player to move and b of the other under the board's symmetries
// (Burnside: the mean over the symmetries of the boards each leaves as
// they are). The colour swap is in the ranks already: a rank has the
// player to move's stones first.
func morrisBoardClasses(g *Morris, a, b int) float64 {
	var total float64
	for _, perm := range g.b.syms {
		// The cycles of the symmetry: a board it keeps gives each cycle
		// one colour.
		seen := make([]bool, len(perm))
		var cycles []int
		for p := range perm {
			n := 0
			for q := p; !seen[q]; q = perm[q] {
				seen[q] = true
				n++
			}
			if n > 0 {
				cycles = append(cycles, n)
			}
		}
		// ways[i][j]: colourings of the cycles so far with i points of
		// the mover's and j of the other's.
		ways := make([][]float64, a+1)
		for i := range ways {
			ways[i] = make([]float64, b+1)
		}
		ways[0][0] = 1
		for _, c := range cycles {
			next := make([][]float64, a+1)
			for i := range next {
				next[i] = make([]float64, b+1)
			}
			for i := 0; i <= a; i++ {
				for j := 0; j <= b; j++ {
					w := ways[i][j]
					if w == 0 {
						continue
					}
					next[i][j] += w
					if i+c <= a {
						next[i+c][j] += w
					}
					if j+c <= b {
						next[i][j+c] += w
					}
				}
			}
			ways = next
		}
		total += ways[a][b]
	}
	return total / float64(len(g.b.syms))
}

// TestMorrisPlan prints the plan of a solve by tiers, for
// docs/nine-mens-morris.md: the tiers the start leads to by family, their
// ranks (TierSize) and classes, the largest, the engine's own plan of
// memory and disk, and the plan from a position of each moving tier, which
// solves that tier and those below it. It runs when SENTE_MORRIS_PLAN
// names a spec: SENTE_MORRIS_PLAN=morris go test -run TestMorrisPlan -v ./games
func TestMorrisPlan(t *testing.T) {
	spec := os.Getenv("SENTE_MORRIS_PLAN")
	if spec == "" {
		t.Skip("set SENTE_MORRIS_PLAN to a spec (morris) to print its plan")
	}
	g := morrisNew(t, spec)
	r := g.ranks
	// The tiers the start leads to.
	var order []int
	seen := map[int]bool{}
	var visit func(int)
	visit = func(tier int) {
		if seen[tier] {
			return
		}
		seen[tier] = true
		order = append(order, tier)
		for _, c := range g.ChildTiers(tier) {
			visit(c)
		}
	}
	visit(g.Tier(g.Encode(g.Start())))
	slices.Sort(order)
	family := func(tier int) string {
		tt := r.tiers[tier]
		o := tt.orders[0]
		switch {
		case tt.ended:
			return "ended (a player has fewer than three stones)"
		case o.mover.hand > 0 || o.other.hand > 0:
			return "placing (stones in hand)"
		}
		return "moving (all placed)"
	}
	name := func(tier int) string {
		var parts []string
		for _, o := range r.tiers[tier].orders {
			parts = append(parts, fmt.Sprintf("%d+%d v %d+%d", o.mover.board, o.mover.hand, o.other.board, o.other.hand))
		}
		return strings.Join(parts, " | ")
	}
	type tally struct {
		tiers          int
		ranks, classes float64
		largest        int
	}
	sums := map[string]*tally{}
	var all tally
	all.largest = -1
	classesOf := func(tier int) float64 {
		var c float64
		for _, o := range r.tiers[tier].orders {
			c += morrisBoardClasses(g, o.mover.board, o.other.board)
		}
		return c
	}
	for _, tier := range order {
		f := family(tier)
		s := sums[f]
		if s == nil {
			s = &tally{largest: -1}
			sums[f] = s
		}
		size := float64(g.TierSize(tier))
		cl := classesOf(tier)
		for _, x := range []*tally{s, &all} {
			x.tiers++
			x.ranks += size
			x.classes += cl
			if x.largest < 0 || g.TierSize(tier) > g.TierSize(x.largest) {
				x.largest = tier
			}
		}
	}
	t.Logf("%s: %d tiers from the start", g, len(order))
	t.Logf("| tiers | count | ranks | classes (at most) | largest tier (ranks) |")
	for _, f := range []string{"placing (stones in hand)", "moving (all placed)", "ended (a player has fewer than three stones)"} {
		if s := sums[f]; s != nil {
			t.Logf("| %s | %d | %.4g | %.4g | %s (%d) |", f, s.tiers, s.ranks, s.classes, name(s.largest), g.TierSize(s.largest))
		}
	}
	t.Logf("| all | %d | %.4g | %.4g | %s (%d) |", all.tiers, all.ranks, all.classes, name(all.largest), g.TierSize(all.largest))
	peak, ranks, err := tiers.PlanTiers(g, 2)
	if err != nil {
		t.Fatal(err)
	}
	disk, _ := tiers.PeakDiskBytes(g)
	t.Logf("the engine's plan from the start: %d ranks, peak memory %.4g bytes, peak disk %.4g bytes", ranks, float64(peak), float64(disk))
	// The moving tiers, each with what a solve from a position in it
	// plans: that tier and every tier below it.
	t.Logf("| moving tier | ranks | classes (at most) | peak memory from it | peak disk from it | tiers below it | their ranks |")
	for _, tier := range order {
		tt := r.tiers[tier]
		if family(tier) != "moving (all placed)" {
			continue
		}
		key, _ := g.Unrank(tier, 0)
		from := morrisFrom{g, g.Decode(key).(MorrisPosition)}
		peak, ranks, err := tiers.PlanTiers(from, 2)
		if err != nil {
			t.Fatal(err)
		}
		disk, _ := tiers.PeakDiskBytes(from)
		below := 0
		seen := map[int]bool{}
		var walk func(int)
		walk = func(c int) {
			if !seen[c] {
				seen[c] = true
				below++
				for _, k := range g.ChildTiers(c) {
					walk(k)
				}
			}
		}
		walk(tier)
		t.Logf("| %d v %d | %d | %.4g | %.4g | %.4g | %d | %d |", tt.orders[0].mover.board, tt.orders[0].other.board, g.TierSize(tier), classesOf(tier), float64(peak), float64(disk), below, ranks)
	}
}

// TestMorrisCountResumes: the count of the positions the classes stand for
// (nine men's morris's takes hours), stopped, goes on from the tiers it
// had counted: they are not counted again, and the counts are a clean
// solve's.
func TestMorrisCountResumes(t *testing.T) {
	testmode.SkipShort(t, "a count stopped and resumed at four tiers")
	g := mustGame[*Morris](t, "morris:board=six,men=4")
	ctx := context.Background()
	clean, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer clean.Close()
	for _, stopAt := range []int{1, 3, len(clean.Tiers) / 2, len(clean.Tiers) - 2} {
		dir := t.TempDir()
		gs, err := store.Store{Dir: dir}.Game(g.String())
		if err != nil {
			t.Fatal(err)
		}
		stopped, cancel := context.WithCancel(ctx)
		counted := map[int]bool{}
		_, err = tiers.SolveTiers(stopped, g, tiers.TierOptions{Sink: gs, Workers: 1, Progress: func(p solve.Progress) {
			if p.Phase == solve.PhaseCounting {
				if counted[p.Tier] = true; len(counted) > stopAt {
					cancel()
				}
			}
		}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped after %d tiers counted: %v", stopAt, err)
		}
		tbl, err := gs.Open(1, store.Frontier)
		if err != nil {
			t.Fatalf("stopped after %d tiers counted: no frontier saved (%v)", stopAt, err)
		}
		done := int(tbl.Header.Counts.Positions)
		tbl.Close()
		again := map[int]bool{}
		// As sente solve resumes: every stored block checked.
		sol, err := tiers.SolveTiers(ctx, g, tiers.TierOptions{Sink: gs, Verify: true, Progress: func(p solve.Progress) {
			if p.Phase == solve.PhaseCounting {
				again[p.Tier] = true
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Totals.Positions != clean.Totals.Positions || sol.Totals.Win != clean.Totals.Win || sol.Totals.Draw != clean.Totals.Draw {
			t.Errorf("stopped after %d tiers counted: %+v, a clean solve %+v", stopAt, sol.Totals, clean.Totals)
		}
		if done < stopAt-1 || len(again) > len(clean.Tiers)-done {
			t.Errorf("stopped after %d tiers counted, %d done: %d tiers counted again of %d", stopAt, done, len(again), len(clean.Tiers))
		}
		if gs.Has(1, store.Frontier) {
			t.Errorf("stopped after %d tiers counted: the frontier is kept after the count", stopAt)
		}
		sol.Close()
	}
}

// TestMorrisEndgame: the moving phase a morris game names as its endgame
// is the tiers where neither player has a stone in hand, every one of
// them the tier of its From leads to, children first.
func TestMorrisEndgame(t *testing.T) {
	for _, spec := range []string{"morris:board=five", "morris:board=five,men=4", "morris:board=seven", "morris", "morris:board=morabaraba", "morris:board=ten,lasker=true"} {
		t.Run(spec, func(t *testing.T) {
			g, err := New(spec)
			if err != nil {
				t.Fatal(err)
			}
			m := g.(*Morris)
			eg := sente.CapabilitiesOf(g).Endgamer.Endgame()
			from := m.Encode(eg.From)
			if from>>morrisHands != 0 || bits.OnesCount64(from&morrisMask) != m.men || bits.OnesCount64(from>>morrisPlane&morrisMask) != m.men {
				t.Fatalf("From %s is not every man on the board, none in hand, x to move", g.FormatPosition(eg.From))
			}
			in := map[int]bool{}
			for i, tier := range eg.Tiers {
				in[tier] = true
				for _, c := range m.ChildTiers(tier) {
					if !in[c] {
						t.Errorf("tier %d listed before its child %d", tier, c)
					}
				}
				if i == len(eg.Tiers)-1 && tier != m.Tier(from) {
					t.Errorf("the last tier %d is not From's, %d", tier, m.Tier(from))
				}
				for _, o := range m.ranks.tiers[tier].orders {
					if o.mover.hand != 0 || o.other.hand != 0 {
						t.Errorf("tier %d has stones in hand: %+v", tier, o)
					}
				}
			}
		})
	}
}
