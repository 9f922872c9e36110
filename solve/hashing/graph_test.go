package hashing

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve/reference"
)

// graphGame is a game given as an explicit graph: node i has moves to
// kids[i]; ended[i] is set for positions that are over. It offers the
// Encoder fast path (key = node) and, in its variants below, tiers and
// un-moves.
//
// turns, when set, says who is to move at each node, so that a move
// between two nodes of the same player keeps the turn; without it the
// game promises to alternate (sente.Alternating), and who is to move is
// never asked.
type graphGame struct {
	kids  [][]int
	ended map[int]sente.Value
	tier  []int
	turns []sente.Player
}

func (g *graphGame) Start() sente.Position { return 0 }
func (g *graphGame) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	for _, k := range g.kids[p.(int)] {
		moves = append(moves, sente.Move{Name: strconv.Itoa(k), To: k})
	}
	return moves
}
func (g *graphGame) Ended(p sente.Position) (sente.Value, bool) {
	v, ok := g.ended[p.(int)]
	return v, ok
}
func (g *graphGame) Turn(p sente.Position) sente.Player {
	if g.turns == nil {
		return sente.First
	}
	return g.turns[p.(int)]
}
func (g *graphGame) Alternates() bool                               { return g.turns == nil }
func (g *graphGame) FormatPosition(p sente.Position) string         { return strconv.Itoa(p.(int)) }
func (g *graphGame) ParsePosition(s string) (sente.Position, error) { return strconv.Atoi(s) }
func (g *graphGame) Encode(p sente.Position) uint64                 { return uint64(p.(int)) }
func (g *graphGame) Decode(k uint64) sente.Position                 { return int(k) }
func (g *graphGame) EndedKey(k uint64) (sente.Value, bool)          { return g.Ended(int(k)) }
func (g *graphGame) AppendChildren(dst []uint64, k uint64) []uint64 {
	for _, c := range g.kids[k] {
		dst = append(dst, uint64(c))
	}
	return dst
}

// turnKeyGraph says whose turn it is on keys (sente.TurnKeyer), so that
// the engine never decodes a position to ask.
type turnKeyGraph struct{ *graphGame }

func (g turnKeyGraph) TurnKey(k uint64) sente.Player { return g.Turn(int(k)) }

// tieredGraph adds tiers: every move goes to the same tier or a higher one.
type tieredGraph struct{ *graphGame }

func (g tieredGraph) Tier(k uint64) int { return g.tier[k] }

// unmoveGraph adds un-moves, listing parents from the whole graph, reachable
// or not, as the contract allows.
type unmoveGraph struct{ *graphGame }

func (g unmoveGraph) AppendParents(dst []uint64, k uint64) []uint64 {
	for p, kids := range g.kids {
		if _, ended := g.ended[p]; !ended && slices.Contains(kids, int(k)) {
			dst = append(dst, uint64(p))
		}
	}
	return dst
}

// tieredUnmoveGraph has both.
type tieredUnmoveGraph struct{ *graphGame }

func (g tieredUnmoveGraph) Tier(k uint64) int { return g.tier[k] }
func (g tieredUnmoveGraph) AppendParents(dst []uint64, k uint64) []uint64 {
	return unmoveGraph(g).AppendParents(dst, k)
}

// rankedGraph adds a dense ranking (the node number), so that exploration
// indexes positions by rank instead of by hash.
type rankedGraph struct{ *graphGame }

func (g rankedGraph) RankSize() uint64     { return uint64(len(g.kids)) }
func (g rankedGraph) Rank(k uint64) uint64 { return k }
func (g rankedGraph) Tier(k uint64) int    { return g.tier[k] }

// randomGraph makes a graph with cycles, ends of every kind, repeated moves
// and dead ends. Tiers are increasing in the node number's block, and edges
// never go to a lower tier.
func randomGraph(r *rand.Rand, maxN int) *graphGame {
	n := 1 + r.IntN(maxN)
	g := &graphGame{kids: make([][]int, n), ended: map[int]sente.Value{}, tier: make([]int, n)}
	for i := range n {
		g.tier[i] = i * (1 + r.IntN(4)) / n
	}
	slices.Sort(g.tier)
	for i := range n {
		switch x := r.IntN(16); {
		case x == 0:
			g.ended[i] = sente.Win
		case x == 1:
			g.ended[i] = sente.Lose
		case x == 2:
			g.ended[i] = sente.Tie
		case x == 3:
			// no moves: lost for the player to move
		default:
			lo := slices.Index(g.tier, g.tier[i]) // the first node of i's tier
			for range 1 + r.IntN(3) {
				g.kids[i] = append(g.kids[i], lo+r.IntN(n-lo))
			}
		}
	}
	return g
}

// withTurns gives g's nodes players to move at random, so that some moves
// keep the turn and some pass it: the game no longer promises to alternate.
func withTurns(r *rand.Rand, g *graphGame) *graphGame {
	g.turns = make([]sente.Player, len(g.kids))
	for i := range g.turns {
		g.turns[i] = sente.Player(r.IntN(2))
	}
	return g
}

func TestEngineMatchesReferenceOnRandomGraphs(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this long sweep: the engine against the reference solver on 3200 random graphs (about 1 s)")
	}
	// Small blocks put several workers on every tier.
	defer func(b int) { block = b }(block)
	block = 3
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 3200 {
		// Mostly small graphs, where bugs are easy to read; some large
		// ones, for long lines and many levels.
		g := randomGraph(r, 80)
		if trial%16 == 0 {
			g = randomGraph(r, 3000)
		}
		// Every other graph has moves that keep the turn.
		if trial%2 == 1 {
			g = withTurns(r, g)
		}
		want, err := reference.Reference(g, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		variants := []sente.Game{g, tieredGraph{g}, unmoveGraph{g}, tieredUnmoveGraph{g}, rankedGraph{g}, turnKeyGraph{g}}
		for vi, game := range variants {
			sol, err := Solve(context.Background(), game, Options{})
			if err != nil {
				t.Fatalf("trial %d variant %d: %v", trial, vi, err)
			}
			if sol.Positions() != len(want) {
				t.Fatalf("trial %d variant %d: %d positions, reference %d", trial, vi, sol.Positions(), len(want))
			}
			for p, w := range want {
				got, ok := sol.Outcome(p)
				if !ok || got != w {
					t.Fatalf("trial %d variant %d (%T): position %v: got %v (found %v), reference %v\ngraph %v ended %v tiers %v turns %v",
						trial, vi, game, p, got, ok, w, g.kids, g.ended, g.tier, g.turns)
				}
			}
		}
	}
}

// TestRegressions pins graphs on which plausible but wrong solvers fail.
func TestRegressions(t *testing.T) {
	const (
		A = iota
		B
		W
		T
	)
	const (
		F = sente.First
		S = sente.Second
	)
	tests := []struct {
		name  string
		kids  [][]int
		ended map[int]sente.Value
		turns []sente.Player // nil: the game alternates
		want  map[int]sente.Outcome
	}{{
		// A memoised search that calls B "in progress, so a draw" when it
		// meets B again below A caches B as a draw; B is lost in 2.
		name:  "cycle through the root",
		kids:  [][]int{A: {B, T}, B: {A, W}, W: {T}, T: nil},
		ended: map[int]sente.Value{T: sente.Lose},
		want: map[int]sente.Outcome{
			A: {Value: sente.Win, Remoteness: 1},
			B: {Value: sente.Lose, Remoteness: 2},
			W: {Value: sente.Win, Remoteness: 1},
			T: {Value: sente.Lose, Remoteness: 0},
		},
	}, {
		// 0 has a lost child (1) and a child lost in 2 (2, via 3 and 4).
		// Last-in first-out propagation settles 0 through 2 first and
		// reports a win in 3; the fastest win is in 1.
		name:  "fastest win",
		kids:  [][]int{0: {2, 1}, 1: nil, 2: {3}, 3: {4}, 4: nil},
		ended: map[int]sente.Value{},
		want: map[int]sente.Outcome{
			0: {Value: sente.Win, Remoteness: 1},
			1: {Value: sente.Lose},
			2: {Value: sente.Lose, Remoteness: 2},
			3: {Value: sente.Win, Remoteness: 1},
			4: {Value: sente.Lose},
		},
	}, {
		// Endless play beats losing (1 stays in the cycle rather than
		// move to 5), and a tie beats endless play (0 goes to 2).
		name:  "draw and tie",
		kids:  [][]int{0: {6, 2}, 1: {6, 5}, 2: {3, 4}, 3: nil, 4: {2}, 5: nil, 6: {1}},
		ended: map[int]sente.Value{3: sente.Tie, 5: sente.Win},
		want: map[int]sente.Outcome{
			0: {Value: sente.Tie, Remoteness: 2},
			1: {Value: sente.Draw},
			2: {Value: sente.Tie, Remoteness: 1},
			3: {Value: sente.Tie},
			4: {Value: sente.Tie, Remoteness: 2},
			5: {Value: sente.Win},
			6: {Value: sente.Draw},
		},
	}, {
		// One box of dots and boxes: the first player draws one of the
		// four lines (0 -> 1), the second another (1 -> 2), the first a
		// third (2 -> 3); the second closes the box (3 -> 4) and, having
		// completed it, is to move again at the end, which the box wins
		// for them. Negating at every move would make 3 a loss and 0 a
		// win for the first player.
		name:  "a move that keeps the turn",
		kids:  [][]int{0: {1}, 1: {2}, 2: {3}, 3: {4}, 4: nil},
		ended: map[int]sente.Value{4: sente.Win},
		turns: []sente.Player{F, S, F, S, S},
		want: map[int]sente.Outcome{
			0: {Value: sente.Lose, Remoteness: 4},
			1: {Value: sente.Win, Remoteness: 3},
			2: {Value: sente.Lose, Remoteness: 2},
			3: {Value: sente.Win, Remoteness: 1},
			4: {Value: sente.Win},
		},
	}, {
		// The first player moves twice in a row (0 -> 1) on a loop 0 -> 1
		// -> 2 -> 0: from 1 a move to 3 keeps the turn again and loses,
		// and 4 leads to a tie the first player reaches from 0 in 2; every
		// position of the loop ties.
		name:  "loops that keep the turn",
		kids:  [][]int{0: {1, 4}, 1: {2, 3}, 2: {0}, 3: nil, 4: {5}, 5: nil},
		ended: map[int]sente.Value{3: sente.Lose, 5: sente.Tie},
		turns: []sente.Player{F, F, S, F, S, F},
		want: map[int]sente.Outcome{
			0: {Value: sente.Tie, Remoteness: 2},
			1: {Value: sente.Tie, Remoteness: 4},
			2: {Value: sente.Tie, Remoteness: 3},
			3: {Value: sente.Lose},
			4: {Value: sente.Tie, Remoteness: 1},
			5: {Value: sente.Tie},
		},
	}, {
		// The same loop without the tie: going round forever is better for
		// the first player than the loss at 3, and the second player at 2
		// has only the move on.
		name:  "a drawn loop that keeps the turn",
		kids:  [][]int{0: {1}, 1: {2, 3}, 2: {0}, 3: nil},
		ended: map[int]sente.Value{3: sente.Lose},
		turns: []sente.Player{F, F, S, F},
		want: map[int]sente.Outcome{
			0: {Value: sente.Draw},
			1: {Value: sente.Draw},
			2: {Value: sente.Draw},
			3: {Value: sente.Lose},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &graphGame{kids: tt.kids, ended: tt.ended, tier: make([]int, len(tt.kids)), turns: tt.turns}
			ref, err := reference.Reference(g, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solve(context.Background(), g, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for p, w := range tt.want {
				if got, _ := sol.Outcome(p); got != w {
					t.Errorf("engine: %d is %v, want %v", p, got, w)
				}
				if got := ref[p]; got != w {
					t.Errorf("reference: %d is %v, want %v", p, got, w)
				}
			}
		})
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := &graphGame{kids: [][]int{{0}}, ended: map[int]sente.Value{}, tier: []int{0}}
	if _, err := Solve(ctx, g, Options{}); err == nil {
		t.Fatal("solve of a cancelled context succeeded")
	}
}

func ExampleSolve() {
	// Position 0 moves to 1 or 2; 1 has no moves, so its player to move
	// has lost; 2 moves back to 0.
	g := &graphGame{kids: [][]int{{1, 2}, nil, {0}}, ended: map[int]sente.Value{}, tier: make([]int, 3)}
	sol, _ := Solve(context.Background(), g, Options{})
	for p := range 3 {
		o, _ := sol.Outcome(p)
		fmt.Println(p, o)
	}
	// Output:
	// 0 win in 1
	// 1 lose in 0
	// 2 lose in 2
}

// policyGraph adds a policy, "first", that allows only a position's first
// child: a restricted opponent who always plays the first move.
type policyGraph struct{ *graphGame }

func (g policyGraph) Policies() []sente.Policy {
	return []sente.Policy{{Name: "first", Allow: func(_ uint64, children []uint64) []uint64 { return children[:1] }}}
}

// TestRestrictedKeptTurns: against a restricted opponent, on random graphs
// some of whose moves keep the turn (so that a player may meet the policy
// twice in a row, or not at all for a while), the engine agrees with the
// reference solver position by position.
func TestRestrictedKeptTurns(t *testing.T) {
	// One box of dots and boxes, one line a move: the second player,
	// restricted to the first move, still draws the second and the
	// fourth line and wins in 4.
	box := policyGraph{&graphGame{kids: [][]int{{1}, {2}, {3}, {4}, nil}, ended: map[int]sente.Value{4: sente.Win}, tier: make([]int, 5),
		turns: []sente.Player{sente.First, sente.Second, sente.First, sente.Second, sente.Second}}}
	sol, err := Solve(context.Background(), box, Options{Restrict: map[sente.Player]string{sente.Second: "first"}})
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := sol.Outcome(0); o != (sente.Outcome{Value: sente.Lose, Remoteness: 4}) {
		t.Errorf("one box against a restricted second player: the start is %v; want lose in 4", o)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		g := policyGraph{withTurns(r, randomGraph(r, 60))}
		for _, who := range []sente.Player{sente.First, sente.Second} {
			restrict := map[sente.Player]string{who: "first"}
			want, err := reference.Reference(g, nil, restrict)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solve(context.Background(), g, Options{Restrict: restrict})
			if err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
			for p, w := range want {
				if got, ok := sol.Outcome(p); !ok || got != w {
					t.Fatalf("trial %d, %v restricted: position %v: got %v (found %v), reference %v\ngraph %v ended %v turns %v",
						trial, who, p, got, ok, w, g.kids, g.ended, g.turns)
				}
			}
		}
	}
}
