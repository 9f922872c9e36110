package explore

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
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

// TestDedupe: repeats go, the first of each stays where the game put it,
// and what comes before from is left alone, for short lists and long ones.
func TestDedupe(t *testing.T) {
	long := func(n int, repeat bool) (in, want []uint64) {
		for i := range n {
			k := uint64(n - i) // descending, so that sorting would show
			in = append(in, k)
			want = append(want, k)
			if repeat && i%3 == 0 {
				in = append(in, k)
			}
		}
		return in, want
	}
	longIn, longWant := long(200, true)
	plainIn, plainWant := long(200, false)
	for _, tt := range []struct {
		name string
		in   []uint64
		from int
		want []uint64
	}{
		{"short", []uint64{9, 5, 3, 5, 1, 3}, 1, []uint64{9, 5, 3, 1}},
		{"none", []uint64{4, 2, 8}, 0, []uint64{4, 2, 8}},
		{"empty", []uint64{7}, 1, []uint64{7}},
		{"long with repeats", longIn, 0, longWant},
		{"long without", plainIn, 0, plainWant},
	} {
		if got := dedupe(slices.Clone(tt.in), tt.from); !slices.Equal(got, tt.want) {
			t.Errorf("%s: dedupe(%v, %d) = %v, want %v", tt.name, tt.in, tt.from, got, tt.want)
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

// slowLadder is a ladder whose every expansion takes a while, as a rules
// file's does on a busy machine.
type slowLadder struct{ ladder }

func (g slowLadder) AppendChildren(dst []uint64, k uint64) []uint64 {
	// Busy, not asleep: a sleep lasts a millisecond or more on some
	// kernels, however short it is asked to be.
	for start := time.Now(); time.Since(start) < 60*time.Microsecond; {
	}
	return g.ladder.AppendChildren(dst, k)
}

// A game too slow to expand 65,536 positions in a moment is still seen to
// advance: the parent of a child process judges by it whose memory it was
// (cli's workState).
func TestProgressOfASlowGame(t *testing.T) {
	g := slowLadder{ladder{countdown: countdown{from: 3000}, tier: func(uint64) int { return 0 }}}
	var found []int
	if _, err := explore(t, g, Options{Progress: func(n int) { found = append(found, n) }}); err != nil {
		t.Fatal(err)
	}
	// A run of 1,024 positions takes 61 ms at least: a report after each.
	if len(found) < 2 || !slices.IsSorted(found) {
		t.Errorf("progress reported %v; want two reports or more, the counts never falling", found)
	}
}
