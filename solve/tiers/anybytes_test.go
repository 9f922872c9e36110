package tiers

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sente-go/sente"
)

// squares is subtract-a-square as a program of one's own writes it
// (examples/golib): the Game contract and nothing else.
type squares struct{ n int }
type squaresPos struct{ n, t int }

func (g squares) Start() sente.Position            { return squaresPos{g.n, 0} }
func (squares) Turn(p sente.Position) sente.Player { return sente.Player(p.(squaresPos).t) }
func (squares) Ended(p sente.Position) (sente.Value, bool) {
	return sente.Lose, p.(squaresPos).n == 0
}
func (squares) FormatPosition(p sente.Position) string {
	return fmt.Sprint(p.(squaresPos).n, "/", p.(squaresPos).t)
}
func (squares) ParsePosition(s string) (sente.Position, error) {
	var q squaresPos
	if _, err := fmt.Sscanf(s, "%d/%d", &q.n, &q.t); err != nil || q.n < 0 || q.t&^1 != 0 {
		return nil, fmt.Errorf("position %q: want TOKENS/TURN", s)
	}
	return q, nil
}
func (squares) Moves(p sente.Position) (moves []sente.Move) {
	for k, q := 1, p.(squaresPos); k*k <= q.n; k++ {
		moves = append(moves, sente.Move{Name: fmt.Sprint(k * k), To: squaresPos{q.n - k*k, 1 - q.t}})
	}
	return moves
}

// keyedSquares adds keys and tiers (a move takes tokens, so the tokens
// taken are the tier): without Ranker its keys need not be stable, and its
// bytes are its text.
type keyedSquares struct{ squares }

func (keyedSquares) Encode(p sente.Position) uint64 {
	return uint64(p.(squaresPos).n<<1 | p.(squaresPos).t)
}
func (keyedSquares) Decode(k uint64) sente.Position { return squaresPos{int(k >> 1), int(k & 1)} }
func (g keyedSquares) AppendChildren(dst []uint64, k uint64) []uint64 {
	for _, m := range g.Moves(g.Decode(k)) {
		dst = append(dst, g.Encode(m.To))
	}
	return dst
}
func (g keyedSquares) EndedKey(k uint64) (sente.Value, bool) { return g.Ended(g.Decode(k)) }
func (g keyedSquares) Tier(k uint64) int                     { return g.n - int(k>>1) }

// rankedSquares is a Ranker: its bytes are its keys.
type rankedSquares struct{ keyedSquares }

func (g rankedSquares) RankSize() uint64   { return uint64(2*g.n + 2) }
func (rankedSquares) Rank(k uint64) uint64 { return k }

// plain is a game seen through the Game contract alone.
type plain struct{ sente.Game }

// keyedGraph is a tier graph seen as one loopy tier of stable keys
// (Encoder, Ranker, Unmover), without its tiers.
type keyedGraph struct{ g *tierGraph }

func (k keyedGraph) Start() sente.Position                          { return k.g.Start() }
func (k keyedGraph) Moves(p sente.Position) []sente.Move            { return k.g.Moves(p) }
func (k keyedGraph) Ended(p sente.Position) (sente.Value, bool)     { return k.g.Ended(p) }
func (k keyedGraph) Turn(p sente.Position) sente.Player             { return k.g.Turn(p) }
func (k keyedGraph) FormatPosition(p sente.Position) string         { return k.g.FormatPosition(p) }
func (k keyedGraph) ParsePosition(s string) (sente.Position, error) { return k.g.ParsePosition(s) }
func (k keyedGraph) Encode(p sente.Position) uint64                 { return k.g.Encode(p) }
func (k keyedGraph) Decode(key uint64) sente.Position               { return k.g.Decode(key) }
func (k keyedGraph) EndedKey(key uint64) (sente.Value, bool)        { return k.g.EndedKey(key) }
func (k keyedGraph) AppendChildren(dst []uint64, key uint64) []uint64 {
	return k.g.AppendChildren(dst, key)
}
func (k keyedGraph) RankSize() uint64       { return 1 << 40 }
func (k keyedGraph) Rank(key uint64) uint64 { return key }
func (k keyedGraph) AppendParents(dst []uint64, key uint64) []uint64 {
	return unmoveTierGraph{k.g}.AppendParents(dst, key)
}

// TestWithBytesMatchesReference solves games that give no ranks by tiers
// on the tier engine, through the canonical bytes WithBytes gives them
// (their text, or their keys), and checks every position the reference
// solver reaches: subtract-a-square (the golib example's game) by its text
// as one loopy tier, by its text with tiers, and by its keys with tiers;
// random graphs with cycles, draws, ties and moves that keep the turn, by
// their text and by their keys with un-moves, as one loopy tier each.
func TestWithBytesMatchesReference(t *testing.T) {
	games := map[string]sente.Game{
		"squares by text":         squares{30},
		"squares by text, tiered": keyedSquares{squares{30}},
		"squares by keys, tiered": rankedSquares{keyedSquares{squares{30}}},
		"squares by text, n=0":    squares{0},
	}
	r := rand.New(rand.NewPCG(49, 1))
	trials := 40
	if testing.Short() {
		trials = 8
	}
	for trial := range trials {
		g := randomTierGraph(r, 4, 30)
		if trial%2 == 1 {
			g = withTierTurns(r, g)
		}
		games[fmt.Sprintf("graph %d by text", trial)] = plain{g}
		games[fmt.Sprintf("graph %d by keys", trial)] = keyedGraph{g}
	}
	var draws, ties uint64
	for name, g := range games {
		x := sente.WithBytes(g)
		if !Discovers(x) {
			t.Fatalf("%s: the tier engine would not discover the ranks of WithBytes", name)
		}
		caps := sente.CapabilitiesOf(x)
		byKeys := strings.Contains(name, "by keys")
		if b, _ := caps.Expander.AppendBytes(nil, g.Start()); byKeys && len(b) != 8 || !byKeys && string(b) != g.FormatPosition(g.Start())+"\x00" {
			t.Fatalf("%s: start's bytes %q", name, b)
		}
		if (caps.ExpandUnmover != nil) != (byKeys && strings.HasPrefix(name, "graph")) {
			t.Fatalf("%s: un-moves %v", name, caps.ExpandUnmover != nil)
		}
		for _, workers := range []int{1, 2} {
			sol, err := SolveTiers(t.Context(), x, TierOptions{Workers: workers})
			if err != nil {
				t.Fatalf("%s on %d workers: %v", name, workers, err)
			}
			checkAgainstReference(t, fmt.Sprintf("%s on %d workers", name, workers), g, sol)
			draws, ties = draws+sol.Totals.Draw, ties+sol.Totals.Tie
		}
	}
	if draws == 0 || ties == 0 {
		t.Errorf("the games had %d draws and %d ties, want some of each", draws, ties)
	}
}

// badText is a game whose positions' text does not read back as itself.
type badText struct{ squares }

func (badText) FormatPosition(p sente.Position) string {
	return fmt.Sprint(p.(squaresPos).n) // the turn left out
}

// TestWithBytesRefusesTextThatDoesNotReadBack: a game whose text does not
// read back as itself cannot be stored by it, and the tier engine says so
// in one line naming the position.
func TestWithBytesRefusesTextThatDoesNotReadBack(t *testing.T) {
	_, err := SolveTiers(t.Context(), sente.WithBytes(badText{squares{5}}), TierOptions{})
	if !errors.Is(err, sente.ErrTextForm) || !strings.Contains(err.Error(), `position "5" does not read back through ParsePosition`) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("solve of a game whose text does not read back: %v", err)
	}
}
