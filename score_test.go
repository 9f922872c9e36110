package sente_test

import (
	"testing"

	"github.com/sente-go/sente"
)

// TestMarginOrder: a larger margin is better whatever its plies; at equal
// margins a win or a tie is better sooner and a loss later; a move that
// passes the turn negates the margin and one that keeps it keeps it.
func TestMarginOrder(t *testing.T) {
	for _, tc := range []struct {
		a, b   sente.Margin
		better bool
	}{
		{sente.Margin{Score: 2, Remoteness: 9}, sente.Margin{Score: 1, Remoteness: 1}, true},
		{sente.Margin{Score: 2, Remoteness: 3}, sente.Margin{Score: 2, Remoteness: 5}, true},
		{sente.Margin{Score: 0, Remoteness: 3}, sente.Margin{Score: 0, Remoteness: 5}, true},
		{sente.Margin{Score: -1, Remoteness: 5}, sente.Margin{Score: -1, Remoteness: 3}, true},
		{sente.Margin{Score: -1, Remoteness: 1}, sente.Margin{Score: -2, Remoteness: 9}, true},
		{sente.Margin{Score: 0, Remoteness: 9}, sente.Margin{Score: -1, Remoteness: 9}, true},
		{sente.Margin{Score: 1, Remoteness: 4}, sente.Margin{Score: 1, Remoteness: 4}, false},
	} {
		if got := tc.a.Better(tc.b); got != tc.better {
			t.Errorf("%v better than %v: %v; want %v", tc.a, tc.b, got, tc.better)
		}
		if tc.better && tc.b.Better(tc.a) {
			t.Errorf("%v and %v are each better than the other", tc.a, tc.b)
		}
	}
	child := sente.Margin{Score: 3, Remoteness: 4}
	if got := sente.MoveMargin(child, false); got != (sente.Margin{Score: -3, Remoteness: 5}) {
		t.Errorf("a move that passes the turn to a margin of %v is %v; want -3 in 5", child, got)
	}
	if got := sente.MoveMargin(child, true); got != (sente.Margin{Score: 3, Remoteness: 5}) {
		t.Errorf("a move that keeps the turn to a margin of %v is %v; want 3 in 5", child, got)
	}
	for m, want := range map[sente.Margin]string{{Score: 10, Remoteness: 23}: "win by 10 in 23", {Score: -2, Remoteness: 5}: "lose by 2 in 5", {Remoteness: 7}: "tie in 7"} {
		if got := m.String(); got != want {
			t.Errorf("%#v reads %q; want %q", m, got, want)
		}
	}
}
