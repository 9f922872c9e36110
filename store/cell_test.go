package store

import "testing"

func TestMarginCells(t *testing.T) {
	for score := -MaxMarginScore; score <= MaxMarginScore; score++ {
		c := MarginCell(score)
		if got, ok := MarginScore(c); !ok || got != score {
			t.Fatalf("MarginScore(MarginCell(%d)) = %d, %v", score, got, ok)
		}
	}
	for score, want := range map[int]Cell{0: 1, -1: 2, 1: 3, -2: 4, 2: 5} {
		if c := MarginCell(score); c != want {
			t.Errorf("MarginCell(%d) = %d, want %d", score, c, want)
		}
	}
	if _, ok := MarginScore(Unreachable); ok {
		t.Error("an unreachable cell has a margin")
	}
	if p, ok := MarginPliesOf(PliesCell(MaxMarginPlies)); !ok || p != MaxMarginPlies {
		t.Errorf("plies %d, %v", p, ok)
	}
}
