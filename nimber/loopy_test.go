package nimber_test

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve/hashing"
)

// randomLoopy makes a graph with cycles, moves to itself, repeated moves
// and dead ends.
func randomLoopy(r *rand.Rand, maxN int) *arcGame {
	n := 1 + r.IntN(maxN)
	g := &arcGame{kids: make([][]int, n)}
	for i := range n {
		if r.IntN(5) == 0 {
			continue
		}
		for range 1 + r.IntN(3) {
			g.kids[i] = append(g.kids[i], r.IntN(n))
		}
	}
	return g
}

// loopyValues runs Loopy from root and returns every node's value and
// counter.
func loopyValues(t *testing.T, g sente.Game, root, n int) ([]nimber.Nimber, []int) {
	t.Helper()
	vals, err := nimber.Loopy(context.Background(), g, root, nimber.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if vals.Positions() != n {
		t.Fatalf("%d positions, want %d", vals.Positions(), n)
	}
	values, counters := make([]nimber.Nimber, n), make([]int, n)
	for u := range n {
		var ok1, ok2 bool
		values[u], ok1 = vals.Of(u)
		counters[u], ok2 = vals.Counter(u)
		if !ok1 || !ok2 {
			t.Fatalf("node %d not reached", u)
		}
	}
	return values, counters
}

// checkDefinition checks the values against the definition of the
// generalized Sprague-Grundy function, and the counters against the
// property the winning strategy needs. It shares nothing with the labelling.
func checkDefinition(kids [][]int, values []nimber.Nimber, counters []int) string {
	for u, vu := range values {
		var finite []int
		for _, v := range kids[u] {
			if !values[v].Infinite {
				finite = append(finite, values[v].Value)
			}
		}
		if vu.Infinite {
			if !vu.Equal(nimber.Infinity(finite...)) {
				return "node " + strconv.Itoa(u) + ": K is not the set of finite option values"
			}
			continue
		}
		a := vu.Value
		has := map[int]bool{}
		for _, x := range finite {
			has[x] = true
		}
		if has[a] {
			return "node " + strconv.Itoa(u) + ": an option has the same value"
		}
		for b := range a {
			if !has[b] {
				return "node " + strconv.Itoa(u) + ": no option worth " + strconv.Itoa(b)
			}
		}
		for _, v := range kids[u] {
			if !values[v].Infinite && values[v].Value < a {
				continue
			}
			ok := false
			for _, w := range kids[v] {
				if !values[w].Infinite && values[w].Value == a && counters[w] < counters[u] {
					ok = true
				}
			}
			if !ok {
				return "node " + strconv.Itoa(u) + ": option " + strconv.Itoa(v) + " has no option worth " + strconv.Itoa(a) + " labelled earlier"
			}
		}
	}
	return ""
}

func TestLoopyMatchesSolve(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	draws := 0
	for trial := range 1500 {
		g := randomLoopy(r, 30)
		if trial%50 == 0 {
			g = randomLoopy(r, 3000)
		}
		root := g.withRoot()
		n := len(g.kids)
		sol, err := hashing.Solve(context.Background(), g, hashing.Options{From: root})
		if err != nil {
			t.Fatal(err)
		}
		for vi, game := range []sente.Game{g, plainGame{g}} {
			values, counters := loopyValues(t, game, root, n)
			if msg := checkDefinition(g.kids, values, counters); msg != "" {
				t.Fatalf("trial %d variant %d: %s\ngraph %v\nvalues %v", trial, vi, msg, g.kids, values)
			}
			for u := range n {
				o, _ := sol.Outcome(u)
				if got := values[u].Outcome(); got != o.Value {
					t.Fatalf("trial %d variant %d: node %d worth %v is a %v, the solver says %v\ngraph %v\nvalues %v", trial, vi, u, values[u], got, o.Value, g.kids, values)
				}
				if vi == 0 && o.Value == sente.Draw {
					draws++
				}
			}
		}
	}
	if draws == 0 {
		t.Error("no draws met: the graphs test too little")
	}
}

// sumGame is the sum of two graph games: node u*len(b)+v is u in a and v in
// b, and a move is made in one of them. The last node moves to every sum.
type sumGame struct{ a, b *arcGame }

func (s sumGame) root() int             { return len(s.a.kids) * len(s.b.kids) }
func (s sumGame) Start() sente.Position { return s.root() }
func (s sumGame) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	for _, k := range s.AppendChildren(nil, uint64(p.(int))) {
		moves = append(moves, sente.Move{Name: strconv.Itoa(int(k)), To: int(k)})
	}
	return moves
}
func (s sumGame) Ended(p sente.Position) (sente.Value, bool)       { return sente.Unknown, false }
func (s sumGame) Turn(p sente.Position) sente.Player               { return sente.First }
func (s sumGame) Alternates() bool                                 { return true }
func (s sumGame) FormatPosition(p sente.Position) string           { return strconv.Itoa(p.(int)) }
func (s sumGame) ParsePosition(str string) (sente.Position, error) { return strconv.Atoi(str) }
func (s sumGame) Encode(p sente.Position) uint64                   { return uint64(p.(int)) }
func (s sumGame) Decode(k uint64) sente.Position                   { return int(k) }
func (s sumGame) EndedKey(k uint64) (sente.Value, bool)            { return sente.Unknown, false }
func (s sumGame) AppendChildren(dst []uint64, k uint64) []uint64 {
	nb := len(s.b.kids)
	if int(k) == s.root() {
		for i := range s.root() {
			dst = append(dst, uint64(i))
		}
		return dst
	}
	u, v := int(k)/nb, int(k)%nb
	for _, x := range s.a.kids[u] {
		dst = append(dst, uint64(x*nb+v))
	}
	for _, y := range s.b.kids[v] {
		dst = append(dst, uint64(u*nb+y))
	}
	return dst
}

func TestLoopySums(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	checked := map[sente.Value]int{}
	for trial := range 1000 {
		a, b := randomLoopy(r, 12), randomLoopy(r, 12)
		na, nb := len(a.kids), len(b.kids)
		s := sumGame{a, b}
		sol, err := hashing.Solve(context.Background(), s, hashing.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ac, bc := &arcGame{kids: slices.Clone(a.kids)}, &arcGame{kids: slices.Clone(b.kids)}
		va, _ := loopyValues(t, ac, ac.withRoot(), na+1)
		vb, _ := loopyValues(t, bc, bc.withRoot(), nb+1)
		for u := range na {
			for v := range nb {
				want, _ := sol.Outcome(u*nb + v)
				sum := va[u].Add(vb[v])
				if got := sum.Outcome(); got != want.Value {
					t.Fatalf("trial %d: %v + %v = %v is a %v, the solver says %v\ngraphs %v and %v", trial, va[u], vb[v], sum, got, want.Value, a.kids, b.kids)
				}
				checked[want.Value]++
			}
		}
	}
	if checked[sente.Win] == 0 || checked[sente.Lose] == 0 || checked[sente.Draw] == 0 {
		t.Errorf("sums by outcome %v: every outcome should occur", checked)
	}
}

func TestLoopyAcyclicIsGrundy(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := range 1000 {
		g := randomDAG(r, 60)
		root := g.withRoot()
		n := len(g.kids)
		values, _ := loopyValues(t, g, root, n)
		grundy, err := nimber.Grundy(context.Background(), g, root, nimber.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for u := range n {
			want, _ := grundy.Of(u)
			if values[u].Infinite || values[u].Value != want {
				t.Fatalf("trial %d: node %d is worth %v, Grundy %d\ngraph %v", trial, u, values[u], want, g.kids)
			}
		}
	}
}

func TestLoopyExamples(t *testing.T) {
	f, err := os.Open("testdata/loopy_examples.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	count := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, _ := strings.Cut(line, ":")
		moves, want, _ := strings.Cut(rest, "|")
		g := &arcGame{}
		node := func(s string) int {
			n, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for len(g.kids) <= n {
				g.kids = append(g.kids, nil)
			}
			return n
		}
		for _, m := range strings.Fields(moves) {
			from, to, _ := strings.Cut(m, ">")
			u, v := node(from), node(to)
			g.kids[u] = append(g.kids[u], v)
		}
		n := len(g.kids)
		root := g.withRoot()
		values, counters := loopyValues(t, g, root, n+1)
		if msg := checkDefinition(g.kids, values, counters); msg != "" {
			t.Errorf("%s: %s", name, msg)
		}
		for _, w := range strings.Fields(want) {
			u, value, _ := strings.Cut(w, "=")
			if got := values[node(u)].String(); got != value {
				t.Errorf("%s: node %s is worth %s, want %s", name, u, got, value)
			}
		}
		count++
	}
	if count < 10 {
		t.Errorf("only %d examples read", count)
	}
}

func TestNimber(t *testing.T) {
	fin := func(v int) nimber.Nimber { return nimber.Nimber{Value: v} }
	inf := nimber.Infinity
	tests := []struct {
		n       nimber.Nimber
		text    string
		outcome sente.Value
	}{
		{fin(0), "0", sente.Lose},
		{fin(3), "3", sente.Win},
		{inf(), "∞{}", sente.Draw},
		{inf(2, 0, 2), "∞{0,2}", sente.Win},
		{inf(1, 3), "∞{1,3}", sente.Draw},
	}
	for _, tt := range tests {
		if got := tt.n.String(); got != tt.text {
			t.Errorf("%#v prints %q, want %q", tt.n, got, tt.text)
		}
		if got := tt.n.Outcome(); got != tt.outcome {
			t.Errorf("%v is a %v, want %v", tt.n, got, tt.outcome)
		}
	}
	sums := []struct{ a, b, want nimber.Nimber }{
		{fin(5), fin(3), fin(6)},
		{fin(2), fin(2), fin(0)},
		{inf(0, 2), fin(2), inf(0, 2)},
		{fin(1), inf(0, 2, 3), inf(1, 2, 3)},
		{inf(0), inf(0), inf()},
		{inf(), fin(0), inf()},
	}
	for _, tt := range sums {
		if got := tt.a.Add(tt.b); !got.Equal(tt.want) {
			t.Errorf("%v + %v = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := tt.b.Add(tt.a); !got.Equal(tt.want) {
			t.Errorf("%v + %v = %v, want %v", tt.b, tt.a, got, tt.want)
		}
	}
	if got := nimber.Sum(fin(1), fin(2), inf(0)); !got.Equal(inf(3)) {
		t.Errorf("1 + 2 + ∞{0} = %v, want ∞{3}", got)
	}
	if got := nimber.Sum(); !got.Equal(fin(0)) {
		t.Errorf("the empty sum is %v", got)
	}
	if fin(0).Equal(inf()) || inf(1).Equal(inf(2)) || !inf(1, 1).Equal(inf(1)) {
		t.Error("Equal is wrong")
	}
}

func TestLoopyErrors(t *testing.T) {
	won := &arcGame{kids: [][]int{{1}, nil}, ended: map[int]sente.Value{1: sente.Tie}}
	if _, err := nimber.Loopy(context.Background(), won, nil, nimber.Options{}); err == nil || !strings.Contains(err.Error(), "normal play") {
		t.Errorf("ended with a tie: error %v, want one about normal play", err)
	}
	lost := &arcGame{kids: [][]int{{1}, {0}}, ended: map[int]sente.Value{1: sente.Lose}}
	vals, err := nimber.Loopy(context.Background(), lost, nil, nimber.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := vals.Of(0); v.String() != "1" {
		t.Errorf("0 is worth %v, want 1", v)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := nimber.Loopy(ctx, lost, nil, nimber.Options{}); err == nil {
		t.Error("Loopy with a cancelled context succeeded")
	}
}

// BenchmarkLoopy labels a random graph of 100,000 positions with about
// three moves each, cycles everywhere.
func BenchmarkLoopy(b *testing.B) {
	r := rand.New(rand.NewPCG(11, 12))
	g := &arcGame{kids: make([][]int, 100000)}
	for i := range g.kids {
		if r.IntN(5) == 0 {
			continue
		}
		for range 1 + r.IntN(5) {
			g.kids[i] = append(g.kids[i], r.IntN(len(g.kids)))
		}
	}
	root := g.withRoot()
	for b.Loop() {
		if _, err := nimber.Loopy(context.Background(), g, root, nimber.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
