package explore

import (
	"slices"
	"testing"
)

func TestPredecessors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		edges [][]Edge
		want  [][]uint32 // predecessors of each position
	}{
		{"none", 0, nil, [][]uint32{}},
		{"no moves", 2, [][]Edge{nil, {}}, [][]uint32{{}, {}}},
		{"a cycle", 3, [][]Edge{{{0, 1}, {1, 2}, {2, 0}}}, [][]uint32{{2}, {0}, {1}}},
		{"split among workers, in their order", 3, [][]Edge{{{2, 1}, {0, 0}}, {{1, 1}, {0, 1}}},
			[][]uint32{{0}, {2, 1, 0}, {}}},
		{"repeated moves and loops", 2, [][]Edge{{{0, 1}, {0, 1}, {1, 1}}}, [][]uint32{{}, {0, 0, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			check(t, Predecessors(tc.n, tc.edges), tc.want)
		})
	}
}

func TestReverse(t *testing.T) {
	succ := Adjacency{Start: []uint32{0, 2, 2, 5}, List: []uint32{1, 2, 2, 0, 2}}
	check(t, succ.Reverse(), [][]uint32{{2}, {0}, {0, 2, 2}})
	check(t, succ.Reverse().Reverse(), [][]uint32{{1, 2}, {}, {0, 2, 2}})
}

func check(t *testing.T, got Adjacency, want [][]uint32) {
	t.Helper()
	if got.Len() != len(want) {
		t.Fatalf("Len() = %d, want %d", got.Len(), len(want))
	}
	for v, w := range want {
		if l := got.Of(uint32(v)); !slices.Equal(l, w) && len(l)+len(w) > 0 {
			t.Errorf("list of %d = %v, want %v", v, l, w)
		}
	}
}
