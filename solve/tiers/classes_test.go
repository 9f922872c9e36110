package tiers

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve/reference"
)

// mirroredGraph is two copies of a tier graph, a position's copy the low bit of
// its key, whose moves cross from one copy to the other or not, at random
// but alike in both: swapping the copies is a symmetry, and a class is a
// position of the graph. Its tiers are the graph's, numbered upwards.
type mirroredGraph struct {
	g     *tierGraph
	cross map[uint64][]uint64 // by the graph's key, each move's: 1 crosses
}

func mirrorGraph(r *rand.Rand, g *tierGraph) *mirroredGraph {
	m := &mirroredGraph{g: g, cross: map[uint64][]uint64{}}
	for k, kids := range g.kids {
		for range kids {
			m.cross[k] = append(m.cross[k], uint64(r.IntN(2)))
		}
	}
	return m
}

func (m *mirroredGraph) Start() sente.Position { return m.g.start << 1 }
func (m *mirroredGraph) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	for _, k := range m.AppendChildren(nil, p.(uint64)) {
		moves = append(moves, sente.Move{Name: m.FormatPosition(k), To: k})
	}
	return moves
}
func (m *mirroredGraph) Ended(p sente.Position) (sente.Value, bool) {
	return m.g.Ended(p.(uint64) >> 1)
}
func (m *mirroredGraph) Turn(p sente.Position) sente.Player { return m.g.Turn(p.(uint64) >> 1) }
func (m *mirroredGraph) Alternates() bool                   { return m.g.Alternates() }
func (m *mirroredGraph) FormatPosition(p sente.Position) string {
	return fmt.Sprintf("%d/%d", p.(uint64)>>1, p.(uint64)&1)
}
func (m *mirroredGraph) ParsePosition(s string) (sente.Position, error) {
	var k, c uint64
	if _, err := fmt.Sscanf(s, "%d/%d", &k, &c); err != nil || c > 1 {
		return nil, fmt.Errorf("position %q: want KEY/COPY", s)
	}
	return k<<1 | c, nil
}
func (m *mirroredGraph) Encode(p sente.Position) uint64 { return p.(uint64) }
func (m *mirroredGraph) Decode(k uint64) sente.Position { return k }
func (m *mirroredGraph) EndedKey(k uint64) (sente.Value, bool) {
	return m.Ended(k)
}
func (m *mirroredGraph) AppendChildren(dst []uint64, k uint64) []uint64 {
	for i, kid := range m.g.kids[k>>1] {
		dst = append(dst, kid<<1|(k&1^m.cross[k>>1][i]))
	}
	return dst
}
func (m *mirroredGraph) Tier(k uint64) int         { return len(m.g.sizes) - 1 - int(k>>33) }
func (m *mirroredGraph) Canonical(k uint64) uint64 { return k &^ 1 }

// mirroredKeys is a Ranker too, so that its bytes are its keys.
type mirroredKeys struct{ *mirroredGraph }

func (m mirroredKeys) RankSize() uint64   { return 1 << 41 }
func (mirroredKeys) Rank(k uint64) uint64 { return k }

// TestClassesMatchReference solves games with a symmetry on the tier engine
// with one position a class (sente.WithClassBytes), and checks every
// position the reference solver reaches, the mirror images of the classes
// solved among them, and that as many positions were solved as the
// reference reaches classes: random tier graphs with cycles, draws, ties
// and moves that keep the turn, mirroredGraph, their bytes their text (folded
// through positions) or their keys (folded as keys).
func TestClassesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 2))
	trials := 40
	if testing.Short() {
		trials = 12
	}
	var draws, ties, folded uint64
	for trial := range trials {
		g := randomTierGraph(r, 4, 30)
		if trial%2 == 1 {
			g = withTierTurns(r, g)
		}
		m := mirrorGraph(r, g)
		for _, game := range []struct {
			name string
			g    sente.Game
		}{{"by text", m}, {"by keys", mirroredKeys{m}}} {
			name := fmt.Sprintf("graph %d %s", trial, game.name)
			x, ok := sente.WithClassBytes(sente.WithBytes(game.g))
			if !ok || !Discovers(x) {
				t.Fatalf("%s: WithClassBytes: %v, discovers %v", name, ok, Discovers(x))
			}
			if _, ok := sente.CapabilitiesOf(x).Expander.(sente.ClassExpander); !ok {
				t.Fatalf("%s: the Expander is not a ClassExpander", name)
			}
			ref, err := reference.Reference(game.g, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			classes := map[uint64]bool{}
			for p := range ref {
				classes[p.(uint64)&^1] = true
			}
			for _, workers := range []int{1, 2} {
				sol, err := SolveTiers(t.Context(), x, TierOptions{Workers: workers})
				if err != nil {
					t.Fatalf("%s on %d workers: %v", name, workers, err)
				}
				checkAgainstReference(t, fmt.Sprintf("%s on %d workers", name, workers), game.g, sol)
				for p, want := range ref {
					image := p.(uint64) ^ 1
					if _, reached := ref[image]; reached {
						continue
					}
					if got, ok := sol.Outcome(image); !ok || got != want {
						t.Fatalf("%s: %s, the image of a position reached: got %v (found %v), want %v", name, m.FormatPosition(image), got, ok, want)
					}
				}
				n := sol.Totals.Win + sol.Totals.Lose + sol.Totals.Tie + sol.Totals.Draw
				if n != uint64(len(classes)) {
					t.Fatalf("%s: %d positions solved, for %d classes of the %d positions reached", name, n, len(classes), len(ref))
				}
				draws, ties, folded = draws+sol.Totals.Draw, ties+sol.Totals.Tie, folded+uint64(len(ref)-len(classes))
			}
		}
	}
	if draws == 0 || ties == 0 || folded == 0 {
		t.Errorf("the games had %d draws, %d ties and %d positions folded, want some of each", draws, ties, folded)
	}
}
