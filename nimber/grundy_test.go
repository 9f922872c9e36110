package nimber_test

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve/hashing"
)

// arcGame is an impartial game given as a graph: node i has moves to
// kids[i], and a node with no moves is lost for the player to move. It has
// the Encoder fast path (key = node); ended, when set, makes nodes end.
type arcGame struct {
	kids  [][]int
	ended map[int]sente.Value
}

func (g *arcGame) Start() sente.Position { return 0 }
func (g *arcGame) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	for _, k := range g.kids[p.(int)] {
		moves = append(moves, sente.Move{Name: strconv.Itoa(k), To: k})
	}
	return moves
}
func (g *arcGame) Ended(p sente.Position) (sente.Value, bool) {
	v, ok := g.ended[p.(int)]
	return v, ok
}
func (g *arcGame) Turn(p sente.Position) sente.Player             { return sente.First }
func (g *arcGame) Alternates() bool                               { return true }
func (g *arcGame) FormatPosition(p sente.Position) string         { return strconv.Itoa(p.(int)) }
func (g *arcGame) ParsePosition(s string) (sente.Position, error) { return strconv.Atoi(s) }
func (g *arcGame) Impartial() bool                                { return true }
func (g *arcGame) Encode(p sente.Position) uint64                 { return uint64(p.(int)) }
func (g *arcGame) Decode(k uint64) sente.Position                 { return int(k) }
func (g *arcGame) EndedKey(k uint64) (sente.Value, bool)          { return g.Ended(int(k)) }
func (g *arcGame) AppendChildren(dst []uint64, k uint64) []uint64 {
	for _, c := range g.kids[k] {
		dst = append(dst, uint64(c))
	}
	return dst
}

// plainGame hides every optional capability of a game, so that exploration
// interns its positions, but for its promise to alternate: the games it
// wraps here name no player to move.
type plainGame struct{ sente.Game }

func (plainGame) Alternates() bool { return true }

// tieredArcs gives an acyclic arcGame whose moves go to higher nodes tiers
// by blocks of nodes.
type tieredArcs struct {
	*arcGame
	block int
}

func (g tieredArcs) Tier(k uint64) int { return int(k) / g.block }

// withRoot adds a node with a move to every other node and returns its
// number, so that a graph is explored whole from it.
func (g *arcGame) withRoot() int {
	all := make([]int, len(g.kids))
	for i := range all {
		all[i] = i
	}
	g.kids = append(g.kids, all)
	return len(g.kids) - 1
}

// randomDAG makes an acyclic graph: every move goes to a higher node.
func randomDAG(r *rand.Rand, maxN int) *arcGame {
	n := 1 + r.IntN(maxN)
	g := &arcGame{kids: make([][]int, n)}
	for i := range n {
		if i == n-1 || r.IntN(6) == 0 {
			continue
		}
		for range 1 + r.IntN(4) {
			g.kids[i] = append(g.kids[i], i+1+r.IntN(n-i-1))
		}
	}
	return g
}

// grundyByRecursion is the definition, memoised, for acyclic graphs.
func grundyByRecursion(kids [][]int) []int {
	memo := make([]int, len(kids))
	for i := range memo {
		memo[i] = -1
	}
	var value func(u int) int
	value = func(u int) int {
		if memo[u] >= 0 {
			return memo[u]
		}
		seen := map[int]bool{}
		for _, v := range kids[u] {
			seen[value(v)] = true
		}
		m := 0
		for seen[m] {
			m++
		}
		memo[u] = m
		return m
	}
	for u := range kids {
		value(u)
	}
	return memo
}

func TestGrundyRandomDAGs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 1000 {
		g := randomDAG(r, 60)
		if trial%50 == 0 {
			g = randomDAG(r, 2000)
		}
		want := grundyByRecursion(g.kids)
		root := g.withRoot()
		variants := []sente.Game{g, plainGame{g}, tieredRoot{tieredArcs{g, 1 + r.IntN(10)}, root}}
		for vi, game := range variants {
			vals, err := nimber.Grundy(context.Background(), game, root, nimber.Options{})
			if err != nil {
				t.Fatalf("trial %d variant %d: %v", trial, vi, err)
			}
			if vals.Positions() != len(g.kids) || vals.ByComponents() {
				t.Fatalf("trial %d variant %d: %d positions (by components %v), want %d", trial, vi, vals.Positions(), vals.ByComponents(), len(g.kids))
			}
			for u, w := range want {
				if got, ok := vals.Of(u); !ok || got != w {
					t.Fatalf("trial %d variant %d: node %d is worth %d (found %v), want %d\ngraph %v", trial, vi, u, got, ok, w, g.kids)
				}
			}
			count := 0
			vals.Each(func(p sente.Position, v int) bool {
				if p.(int) < len(want) && want[p.(int)] != v {
					t.Fatalf("trial %d variant %d: Each gives %v worth %d, want %d", trial, vi, p, v, want[p.(int)])
				}
				count++
				return true
			})
			if count != len(g.kids) {
				t.Fatalf("trial %d variant %d: Each visited %d positions, want %d", trial, vi, count, len(g.kids))
			}
		}
	}
}

// tieredRoot puts the added root in tier 0 and every other node a tier
// higher.
type tieredRoot struct {
	tieredArcs
	root int
}

func (g tieredRoot) Tier(k uint64) int {
	if int(k) == g.root {
		return 0
	}
	return 1 + g.tieredArcs.Tier(k)
}

// heapsNim is Nim on four heaps, a position being their sizes. As a
// Splitter it splits into single heaps (in the first place).
type heapsNim struct{}

type heaps [4]int

func (heapsNim) Start() sente.Position { return heaps{5, 5, 5, 5} }
func (heapsNim) Moves(p sente.Position) []sente.Move {
	h := p.(heaps)
	var moves []sente.Move
	for i := range h {
		for n := 0; n < h[i]; n++ {
			to := h
			to[i] = n
			moves = append(moves, sente.Move{Name: fmt.Sprintf("%d:%d", i, n), To: to})
		}
	}
	return moves
}
func (heapsNim) Ended(p sente.Position) (sente.Value, bool) { return sente.Unknown, false }
func (heapsNim) Turn(p sente.Position) sente.Player         { return sente.First }
func (heapsNim) Alternates() bool                           { return true }
func (heapsNim) FormatPosition(p sente.Position) string {
	h := p.(heaps)
	return fmt.Sprintf("%d,%d,%d,%d", h[0], h[1], h[2], h[3])
}
func (heapsNim) ParsePosition(s string) (sente.Position, error) {
	var h heaps
	_, err := fmt.Sscanf(s, "%d,%d,%d,%d", &h[0], &h[1], &h[2], &h[3])
	return h, err
}
func (heapsNim) Impartial() bool { return true }

// encodedNim adds the Encoder: three bits a heap.
type encodedNim struct{ heapsNim }

func (encodedNim) Encode(p sente.Position) uint64 {
	h := p.(heaps)
	return uint64(h[0] | h[1]<<4 | h[2]<<8 | h[3]<<12)
}
func (encodedNim) Decode(k uint64) sente.Position {
	return heaps{int(k & 15), int(k >> 4 & 15), int(k >> 8 & 15), int(k >> 12 & 15)}
}
func (encodedNim) EndedKey(k uint64) (sente.Value, bool) { return sente.Unknown, false }
func (encodedNim) AppendChildren(dst []uint64, k uint64) []uint64 {
	for shift := 0; shift < 16; shift += 4 {
		h := k >> shift & 15
		for n := uint64(0); n < h; n++ {
			dst = append(dst, k&^(15<<shift)|n<<shift)
		}
	}
	return dst
}

// splitNim splits into single heaps.
type splitNim struct{ encodedNim }

func (splitNim) Components(p sente.Position) []sente.Position {
	var parts []sente.Position
	for _, n := range p.(heaps) {
		if n > 0 {
			parts = append(parts, heaps{n})
		}
	}
	return parts
}

func TestGrundyNim(t *testing.T) {
	for _, g := range []sente.Game{heapsNim{}, encodedNim{}, splitNim{}} {
		vals, err := nimber.Grundy(context.Background(), g, nil, nimber.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, split := g.(splitNim)
		want := 6 * 6 * 6 * 6
		if split {
			want = 5 // heaps of 1 to 5 tokens; no heap is no component
		}
		if vals.Positions() != want || vals.ByComponents() != split {
			t.Errorf("%T: %d positions stored (by components %v), want %d", g, vals.Positions(), vals.ByComponents(), want)
		}
		for p := range 6 * 6 * 6 * 6 {
			h := heaps{p % 6, p / 6 % 6, p / 36 % 6, p / 216}
			got, ok := vals.Of(h)
			if want := h[0] ^ h[1] ^ h[2] ^ h[3]; !ok || got != want {
				t.Fatalf("%T: %v is worth %d (found %v), want %d", g, h, got, ok, want)
			}
		}
		if vals.Max() != 7 && !split {
			t.Errorf("%T: largest value %d, want 7", g, vals.Max())
		}
	}
}

// tokenRow is the game of seed 003: tokens 1..n in a row (bit i of the
// position set when token i+1 is left); a move takes 1 to m adjacent
// tokens. A position splits into its runs of tokens, each moved down to
// start at bit 0.
type tokenRow struct{ n, m int }

func (g tokenRow) Start() sente.Position { return uint64(1)<<g.n - 1 }
func (g tokenRow) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	for _, k := range g.AppendChildren(nil, p.(uint64)) {
		moves = append(moves, sente.Move{Name: strconv.FormatUint(k, 2), To: k})
	}
	return moves
}
func (g tokenRow) Ended(p sente.Position) (sente.Value, bool)     { return sente.Unknown, false }
func (g tokenRow) Turn(p sente.Position) sente.Player             { return sente.First }
func (g tokenRow) Alternates() bool                               { return true }
func (g tokenRow) FormatPosition(p sente.Position) string         { return strconv.FormatUint(p.(uint64), 2) }
func (g tokenRow) ParsePosition(s string) (sente.Position, error) { return strconv.ParseUint(s, 2, 64) }
func (g tokenRow) Encode(p sente.Position) uint64                 { return p.(uint64) }
func (g tokenRow) Decode(k uint64) sente.Position                 { return k }
func (g tokenRow) EndedKey(k uint64) (sente.Value, bool)          { return sente.Unknown, false }
func (g tokenRow) AppendChildren(dst []uint64, k uint64) []uint64 {
	for i := range 64 {
		run := uint64(0)
		for x := 1; x <= g.m && i+x <= 64; x++ {
			bit := uint64(1) << (i + x - 1)
			if k&bit == 0 {
				break
			}
			run |= bit
			dst = append(dst, k&^run)
		}
	}
	return dst
}
func (g tokenRow) Components(p sente.Position) []sente.Position {
	var parts []sente.Position
	for k := p.(uint64); k != 0; {
		k >>= bits.TrailingZeros64(k)
		n := bits.TrailingZeros64(^k)
		parts = append(parts, uint64(1)<<n-1)
		k >>= n
	}
	return parts
}

// rowNoEncoder is tokenRow as a Splitter without the Encoder: components
// are told apart as map keys.
type rowNoEncoder struct{ g tokenRow }

func (r rowNoEncoder) Start() sente.Position                          { return r.g.Start() }
func (r rowNoEncoder) Moves(p sente.Position) []sente.Move            { return r.g.Moves(p) }
func (r rowNoEncoder) Ended(p sente.Position) (sente.Value, bool)     { return r.g.Ended(p) }
func (r rowNoEncoder) Turn(p sente.Position) sente.Player             { return r.g.Turn(p) }
func (rowNoEncoder) Alternates() bool                                 { return true }
func (r rowNoEncoder) FormatPosition(p sente.Position) string         { return r.g.FormatPosition(p) }
func (r rowNoEncoder) ParsePosition(s string) (sente.Position, error) { return r.g.ParsePosition(s) }
func (r rowNoEncoder) Components(p sente.Position) []sente.Position   { return r.g.Components(p) }

// rowRecursion values every subset of a row of n tokens straight from the
// definition.
func rowRecursion(n, m int) []int {
	g := tokenRow{n, m}
	memo := make([]int, 1<<n)
	for k := range memo {
		seen := map[int]bool{}
		for _, c := range g.AppendChildren(nil, uint64(k)) {
			seen[memo[c]] = true // c < k: a move clears bits
		}
		for seen[memo[k]] {
			memo[k]++
		}
	}
	return memo
}

func TestGrundyComponents(t *testing.T) {
	for n := 0; n <= 12; n++ {
		for m := 1; m <= 3; m++ {
			g := tokenRow{n, m}
			want := rowRecursion(n, m)
			whole, err := nimber.Grundy(context.Background(), rowWholeGame{g}, nil, nimber.Options{})
			if err != nil {
				t.Fatal(err)
			}
			whole2, err := nimber.Grundy(context.Background(), g, nil, nimber.Options{Whole: true})
			if err != nil {
				t.Fatal(err)
			}
			if whole.ByComponents() || whole2.ByComponents() || whole.Positions() != 1<<n || whole2.Positions() != 1<<n {
				t.Fatalf("n=%d m=%d: whole positions %d and %d, want %d", n, m, whole.Positions(), whole2.Positions(), 1<<n)
			}
			for _, split := range []sente.Game{g, rowNoEncoder{g}} {
				parts, err := nimber.Grundy(context.Background(), split, nil, nimber.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if !parts.ByComponents() || parts.Positions() > n+1 {
					t.Fatalf("n=%d m=%d %T: %d components stored (by components %v), want at most %d", n, m, split, parts.Positions(), parts.ByComponents(), n+1)
				}
				for k, w := range want {
					for vi, v := range []*nimber.Values{whole, whole2, parts} {
						if got, ok := v.Of(uint64(k)); !ok || got != w {
							t.Fatalf("n=%d m=%d %T: values %d give %b worth %d (found %v), want %d", n, m, split, vi, k, got, ok, w)
						}
					}
				}
				parts.Each(func(p sente.Position, v int) bool {
					if size := bits.OnesCount64(p.(uint64)); p.(uint64) != 1<<size-1 || want[p.(uint64)] != v {
						t.Fatalf("n=%d m=%d %T: component %b worth %d", n, m, split, p, v)
					}
					return true
				})
			}
		}
	}
}

// rowWholeGame hides tokenRow's Splitter behind the Game and Encoder.
type rowWholeGame struct{ g tokenRow }

func (r rowWholeGame) Start() sente.Position                          { return r.g.Start() }
func (r rowWholeGame) Moves(p sente.Position) []sente.Move            { return r.g.Moves(p) }
func (r rowWholeGame) Ended(p sente.Position) (sente.Value, bool)     { return r.g.Ended(p) }
func (r rowWholeGame) Turn(p sente.Position) sente.Player             { return r.g.Turn(p) }
func (rowWholeGame) Alternates() bool                                 { return true }
func (r rowWholeGame) FormatPosition(p sente.Position) string         { return r.g.FormatPosition(p) }
func (r rowWholeGame) ParsePosition(s string) (sente.Position, error) { return r.g.ParsePosition(s) }
func (r rowWholeGame) Encode(p sente.Position) uint64                 { return r.g.Encode(p) }
func (r rowWholeGame) Decode(k uint64) sente.Position                 { return r.g.Decode(k) }
func (r rowWholeGame) EndedKey(k uint64) (sente.Value, bool)          { return r.g.EndedKey(k) }
func (r rowWholeGame) AppendChildren(dst []uint64, k uint64) []uint64 {
	return r.g.AppendChildren(dst, k)
}

// TestSeed003 pins the published answers of seed 003 for rows of up to 63
// numbers: saying one number at a time, the first player wins exactly when
// n is odd; saying up to m >= 2, the first player always wins. Kayles (m =
// 2) also has its well-known values.
func TestSeed003(t *testing.T) {
	kayles := []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7}
	for m := 1; m <= 5; m++ {
		g := tokenRow{63, m}
		vals, err := nimber.Grundy(context.Background(), g, nil, nimber.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if vals.Positions() != 63 {
			t.Errorf("m=%d: %d components, want 63 (rows of 1 to 63)", m, vals.Positions())
		}
		for n := 0; n <= 63; n++ {
			v, ok := vals.Of(uint64(1)<<n - 1)
			if !ok {
				t.Fatalf("m=%d: row of %d not valued", m, n)
			}
			firstWins := v != 0
			if want := (m == 1 && n%2 == 1) || (m >= 2 && n >= 1); firstWins != want {
				t.Errorf("m=%d n=%d: value %d, first player wins %v, want %v", m, n, v, firstWins, want)
			}
			if m == 2 && n < len(kayles) && v != kayles[n] {
				t.Errorf("Kayles row of %d is worth %d, want %d", n, v, kayles[n])
			}
		}
	}
}

func TestGrundyErrors(t *testing.T) {
	ctx := context.Background()
	// 0 -> 1 -> 2 -> 1: play can return to 1.
	loop := &arcGame{kids: [][]int{{1, 3}, {2}, {1, 3}, nil}}
	for _, g := range []sente.Game{loop, plainGame{loop}} {
		_, err := nimber.Grundy(ctx, g, nil, nimber.Options{})
		if !errors.Is(err, nimber.ErrLoopy) {
			t.Fatalf("%T: error %v, want ErrLoopy", g, err)
		}
		for _, want := range []string{"loopy", "1 -> 2 -> 1", "use Loopy"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%T: error %q does not say %q", g, err, want)
			}
		}
	}
	// A move to itself.
	self := &arcGame{kids: [][]int{{0}}}
	if _, err := nimber.Grundy(ctx, self, nil, nimber.Options{}); !errors.Is(err, nimber.ErrLoopy) || !strings.Contains(err.Error(), "0 -> 0") {
		t.Errorf("self loop: error %v", err)
	}
	// A long cycle is named in part.
	long := &arcGame{kids: make([][]int, 30)}
	for i := range long.kids {
		long.kids[i] = []int{(i + 1) % 30}
	}
	if _, err := nimber.Grundy(ctx, long, nil, nimber.Options{}); !errors.Is(err, nimber.ErrLoopy) || !strings.Contains(err.Error(), "0 -> 1 -> 2 -> 3 -> 4 -> 5 -> 6 -> 7 -> (22 more) -> 0") {
		t.Errorf("long loop: error %v", err)
	}
	// A cycle between components.
	if _, err := nimber.Grundy(ctx, loopyParts{}, nil, nimber.Options{}); !errors.Is(err, nimber.ErrLoopy) {
		t.Errorf("loopy components: error %v, want ErrLoopy", err)
	}
	// A position won by the player to move without moving has no value.
	won := &arcGame{kids: [][]int{{1}, nil}, ended: map[int]sente.Value{1: sente.Win}}
	if _, err := nimber.Grundy(ctx, won, nil, nimber.Options{}); err == nil || !strings.Contains(err.Error(), "normal play") {
		t.Errorf("ended with a win: error %v, want one about normal play", err)
	}
	// A position lost by the player to move is worth 0.
	lost := &arcGame{kids: [][]int{{1}, {0}}, ended: map[int]sente.Value{1: sente.Lose}}
	if v, err := nimber.Grundy(ctx, lost, nil, nimber.Options{}); err != nil {
		t.Errorf("ended with a loss: %v", err)
	} else if x, _ := v.Of(0); x != 1 {
		t.Errorf("ended with a loss: 0 is worth %d, want 1", x)
	}
	// Limits.
	for _, g := range []sente.Game{encodedNim{}, splitNim{}, tokenRow{40, 3}} {
		_, err := nimber.Grundy(ctx, g, nil, nimber.Options{MaxPositions: 3})
		if !errors.Is(err, explore.ErrTooMany) {
			t.Errorf("%T: error %v, want ErrTooMany", g, err)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := nimber.Grundy(cancelled, encodedNim{}, nil, nimber.Options{}); err == nil {
		t.Error("Grundy with a cancelled context succeeded")
	}
}

// loopyParts is a Splitter whose single component moves to a sum that
// holds it again.
type loopyParts struct{}

func (loopyParts) Start() sente.Position { return 1 }
func (loopyParts) Moves(p sente.Position) []sente.Move {
	if p.(int) == 1 {
		return []sente.Move{{Name: "a", To: 2}}
	}
	return nil
}
func (loopyParts) Ended(p sente.Position) (sente.Value, bool)     { return sente.Unknown, false }
func (loopyParts) Turn(p sente.Position) sente.Player             { return sente.First }
func (loopyParts) Alternates() bool                               { return true }
func (loopyParts) FormatPosition(p sente.Position) string         { return strconv.Itoa(p.(int)) }
func (loopyParts) ParsePosition(s string) (sente.Position, error) { return strconv.Atoi(s) }
func (loopyParts) Components(p sente.Position) []sente.Position {
	if p.(int) == 2 {
		return []sente.Position{1, 3}
	}
	return []sente.Position{p}
}

// TestMisereNim checks Bouton's rule for misère Nim on every position of at
// most four heaps of at most five: the player to move loses exactly when
// every heap is 0 or 1 and an odd number are 1, or some heap is 2 or more
// and the XOR is 0.
func TestMisereNim(t *testing.T) {
	for _, g := range []sente.Game{heapsNim{}, encodedNim{}} {
		sol, err := nimber.Misere(context.Background(), g, nil, nimber.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Positions() != 6*6*6*6 {
			t.Errorf("%T: %d positions, want %d", g, sol.Positions(), 6*6*6*6)
		}
		for p := range 6 * 6 * 6 * 6 {
			h := heaps{p % 6, p / 6 % 6, p / 36 % 6, p / 216}
			ones, big, x := 0, false, 0
			for _, n := range h {
				x ^= n
				if n == 1 {
					ones++
				}
				big = big || n >= 2
			}
			want := sente.Win
			if (!big && ones%2 == 1) || (big && x == 0) {
				want = sente.Lose
			}
			o, ok := sol.Outcome(h)
			if !ok || o.Value != want {
				t.Fatalf("%T: misère %v is %v (found %v), want %v", g, h, o, ok, want)
			}
		}
	}
}

func TestMisereGame(t *testing.T) {
	// 0 -> 1, where 1 has ended lost for the player to move (the last
	// mover won); under misère the last mover loses.
	g := &arcGame{kids: [][]int{{1}, {0}}, ended: map[int]sente.Value{1: sente.Lose}}
	for _, m := range []sente.Game{nimber.MisereGame(g), nimber.MisereGame(plainGame{g})} {
		if v, ended := m.Ended(1); !ended || v != sente.Win {
			t.Errorf("%T: 1 ended %v %v, want a win", m, v, ended)
		}
		if _, ended := m.Ended(0); ended {
			t.Errorf("%T: 0 has ended", m)
		}
	}
	if _, ok := nimber.MisereGame(g).(sente.Encoder); !ok {
		t.Error("the misère form of an encoded game lost its Encoder")
	}
	if _, ok := nimber.MisereGame(plainGame{g}).(sente.Encoder); ok {
		t.Error("the misère form of a game without an Encoder has one")
	}
	// Misère Kayles: a row of n is lost by the player to move for n = 0
	// (no moves: won), so check a few by hand instead: one token is lost
	// (the mover must take it and leave none to the opponent, who wins).
	sol, err := nimber.Misere(context.Background(), tokenRow{1, 2}, nil, nimber.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := sol.Outcome(uint64(1)); o.Value != sente.Lose {
		t.Errorf("misère row of one token: %v, want lose", o)
	}
	if o, _ := sol.Outcome(uint64(0)); o.Value != sente.Win {
		t.Errorf("misère empty row: %v, want win", o)
	}
}

// BenchmarkGrundy values five heaps of Nim of 0 to 12 tokens: 371,293
// positions, explored and valued whole.
func BenchmarkGrundy(b *testing.B) {
	for b.Loop() {
		vals, err := nimber.Grundy(context.Background(), bigNim{}, nil, nimber.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if vals.Positions() != 13*13*13*13*13 {
			b.Fatalf("%d positions", vals.Positions())
		}
	}
	b.ReportMetric(13*13*13*13*13, "positions/op")
}

// BenchmarkGrundyComponents values seed 003 with rows of 63 and up to 5
// numbers said at once, by components.
func BenchmarkGrundyComponents(b *testing.B) {
	for b.Loop() {
		if _, err := nimber.Grundy(context.Background(), tokenRow{63, 5}, nil, nimber.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// bigNim is Nim on five heaps of up to 12, encoded four bits a heap.
type bigNim struct{}

func (bigNim) Start() sente.Position                          { return uint64(0xccccc) }
func (bigNim) Moves(p sente.Position) []sente.Move            { panic("unused") }
func (bigNim) Ended(p sente.Position) (sente.Value, bool)     { return sente.Unknown, false }
func (bigNim) Turn(p sente.Position) sente.Player             { return sente.First }
func (bigNim) Alternates() bool                               { return true }
func (bigNim) FormatPosition(p sente.Position) string         { return strconv.FormatUint(p.(uint64), 16) }
func (bigNim) ParsePosition(s string) (sente.Position, error) { return strconv.ParseUint(s, 16, 64) }
func (bigNim) Encode(p sente.Position) uint64                 { return p.(uint64) }
func (bigNim) Decode(k uint64) sente.Position                 { return k }
func (bigNim) EndedKey(k uint64) (sente.Value, bool)          { return sente.Unknown, false }
func (bigNim) AppendChildren(dst []uint64, k uint64) []uint64 {
	for shift := 0; shift < 20; shift += 4 {
		h := k >> shift & 15
		for n := uint64(0); n < h; n++ {
			dst = append(dst, k&^(15<<shift)|n<<shift)
		}
	}
	return dst
}

// againGame is a row of n tokens with a player to move: take one token
// and pass the turn, or, from an even row, take two and move again.
// Impartial, but its players do not alternate.
type againGame struct{ n int }

type againPos struct {
	n    int
	turn sente.Player
}

func (g againGame) Start() sente.Position { return againPos{g.n, sente.First} }
func (againGame) Moves(p sente.Position) []sente.Move {
	q := p.(againPos)
	var moves []sente.Move
	if q.n >= 1 {
		moves = append(moves, sente.Move{Name: "take-1", To: againPos{q.n - 1, q.turn.Other()}})
	}
	if q.n >= 2 && q.n%2 == 0 {
		moves = append(moves, sente.Move{Name: "take-2-again", To: againPos{q.n - 2, q.turn}})
	}
	return moves
}
func (againGame) Ended(sente.Position) (sente.Value, bool) { return sente.Unknown, false }
func (againGame) Turn(p sente.Position) sente.Player       { return p.(againPos).turn }
func (againGame) Impartial() bool                          { return true }
func (againGame) FormatPosition(p sente.Position) string {
	q := p.(againPos)
	return fmt.Sprintf("%d %s", q.n, q.turn)
}
func (againGame) ParsePosition(s string) (sente.Position, error) {
	return nil, errors.New("not read")
}

// TestGrundyRefusesKeptTurns: Grundy values assume the players alternate,
// so a game with a move after which the same player moves again is
// refused, the move named; its win/lose values are the strong solve's, as
// for a game not under normal play.
func TestGrundyRefusesKeptTurns(t *testing.T) {
	ctx := context.Background()
	g := againGame{4}
	check := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, nimber.ErrKeepsTurn) || !errors.Is(err, nimber.ErrNotNormalPlay) {
			t.Fatalf("%s: error %v; want ErrKeepsTurn and ErrNotNormalPlay", what, err)
		}
		if want := "position 4 first: the move take-2-again keeps the turn (the first player moves again)"; !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q; want one line starting %q", what, err, want)
		}
	}
	_, err := nimber.Grundy(ctx, g, nil, nimber.Options{})
	check("Grundy", err)
	_, err = nimber.Loopy(ctx, g, nil, nimber.Options{})
	check("Loopy", err)
	space, err := hashing.Explore(ctx, g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = nimber.OfSpace(ctx, g, space, nimber.Options{})
	check("OfSpace", err)
}
