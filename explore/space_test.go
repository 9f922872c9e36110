package explore

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"sente"
)

// countdown is a game with no Encoder: from n a player may say n-1 or n-2,
// down to 0. Exploration must intern its positions.
type countdown struct{ from int }

func (g countdown) Start() sente.Position { return g.from }
func (g countdown) Moves(p sente.Position) []sente.Move {
	var moves []sente.Move
	for d := 1; d <= 2 && p.(int)-d >= 0; d++ {
		moves = append(moves, sente.Move{Name: strconv.Itoa(d), To: p.(int) - d})
	}
	return moves
}
func (g countdown) Ended(p sente.Position) (sente.Value, bool)     { return sente.Unknown, false }
func (g countdown) Turn(p sente.Position) sente.Player             { return sente.First }
func (g countdown) FormatPosition(p sente.Position) string         { return strconv.Itoa(p.(int)) }
func (g countdown) ParsePosition(s string) (sente.Position, error) { return strconv.Atoi(s) }

// ladder is an encoded game whose tiers are given by a function, to test
// the checks on tiers and keys.
type ladder struct {
	countdown
	tier func(key uint64) int
}

func (g ladder) Encode(p sente.Position) uint64        { return uint64(p.(int)) }
func (g ladder) Decode(k uint64) sente.Position        { return int(k) }
func (g ladder) EndedKey(k uint64) (sente.Value, bool) { return sente.Unknown, false }
func (g ladder) Tier(k uint64) int                     { return g.tier(k) }
func (g ladder) AppendChildren(dst []uint64, k uint64) []uint64 {
	for _, m := range g.Moves(int(k)) {
		dst = append(dst, uint64(m.To.(int)))
	}
	return dst
}

func explore(t *testing.T, g sente.Game, opt Options) (*Space, error) {
	t.Helper()
	graph, err := KeyGraphOf(g, KeyGraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return Explore(context.Background(), graph, graph.Key(g.Start()), opt)
}

func TestExploreDenseIDs(t *testing.T) {
	for _, g := range []sente.Game{
		countdown{from: 50},
		ladder{countdown{from: 50}, func(k uint64) int { return 0 }},
		ladder{countdown{from: 50}, func(k uint64) int { return 50 - int(k) }},
		ladder{countdown{from: 50}, func(k uint64) int { return (50 - int(k)) / 7 }},
	} {
		s, err := explore(t, g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if s.Len() != 51 {
			t.Fatalf("%T: %d positions, want 51", g, s.Len())
		}
		graph := s.Graph()
		seen := make([]bool, s.Len())
		for n := 0; n <= 50; n++ {
			id, ok := s.ID(graph.Key(n))
			if !ok || id < 0 || id >= s.Len() || seen[id] {
				t.Fatalf("%T: position %d has id %d (found %v), ids must be dense and distinct", g, n, id, ok)
			}
			seen[id] = true
		}
		if _, ok := s.ID(graph.Key(51)); ok {
			t.Errorf("%T: an unreached position has an id", g)
		}
	}
}

func TestExploreErrors(t *testing.T) {
	tests := []struct {
		name string
		g    sente.Game
		opt  Options
		want string
	}{
		{"lower tier", ladder{countdown{from: 10}, func(k uint64) int { return int(k) }}, Options{}, "back to tier"},
		{"negative tier", ladder{countdown{from: 10}, func(k uint64) int { return -1 }}, Options{}, "outside"},
		{"too many", countdown{from: 1000}, Options{MaxPositions: 100}, "more than 100 positions"},
	}
	for _, tt := range tests {
		_, err := explore(t, tt.g, tt.opt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
	_, err := explore(t, countdown{from: 1000}, Options{MaxPositions: 100})
	if !errors.Is(err, ErrTooMany) {
		t.Errorf("error %v is not ErrTooMany", err)
	}
}

func TestDedupe(t *testing.T) {
	got := dedupe([]uint64{9, 5, 3, 5, 1, 3}, 1)
	want := []uint64{9, 1, 3, 5}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestIndexGrowth(t *testing.T) {
	tier := newTier(0, KeyGraph{}, nil)
	for k := uint64(0); k < 100000; k++ {
		if !tier.insert(k * 0x10000) {
			t.Fatalf("key %d reported present", k)
		}
	}
	for k := uint64(0); k < 100000; k++ {
		if id, ok := tier.Find(k * 0x10000); !ok || id != int(k) {
			t.Fatalf("key %d: id %d found %v", k, id, ok)
		}
		if tier.insert(k * 0x10000) {
			t.Fatalf("key %d inserted twice", k)
		}
	}
	if _, ok := tier.Find(1); ok {
		t.Fatal("found a key never inserted")
	}
}
