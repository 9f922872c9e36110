package explain

import (
	"strings"
	"testing"

	"sente"
)

func TestFindPeriod(t *testing.T) {
	tests := []struct {
		values []int
		first  int
		want   Period
		ok     bool
	}{
		{[]int{0, 1, 0, 1, 0, 1}, 1, Period{From: 1, Length: 2}, true},
		{[]int{5, 0, 1, 2, 0, 1, 2, 0, 1, 2}, 0, Period{From: 1, Length: 3}, true},
		{[]int{7, 7, 7, 7}, 3, Period{From: 3, Length: 1}, true},
		{[]int{1, 2, 3, 4, 5}, 0, Period{}, false},
		{[]int{0, 1, 2, 0, 1}, 0, Period{}, false}, // not two whole periods
	}
	for _, tt := range tests {
		got, ok := FindPeriod(tt.values, tt.first)
		if got != tt.want || ok != tt.ok {
			t.Errorf("FindPeriod(%v, %d) = %v, %v; want %v, %v", tt.values, tt.first, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFormula(t *testing.T) {
	count := make([]int, 21) // seed 004: G(k) = (21 − k) mod 4 for k = 1..21
	for i := range count {
		count[i] = (21 - (i + 1)) % 4
	}
	tests := []struct {
		values []int
		first  int
		want   string
		ok     bool
	}{
		{count, 1, "(21 − k) mod 4", true},
		{[]int{0, 1, 2, 3, 4, 5}, 0, "k", true},
		{[]int{2, 2, 2}, 0, "2", true},
		{[]int{0, 1, 2, 0, 1, 2, 0}, 0, "k mod 3", true},
		{[]int{1, 2, 0, 1, 2, 0}, 0, "(k + 1) mod 3", true},
		{[]int{0, 1, 0, 2, 0, 1}, 0, "", false},
	}
	for _, tt := range tests {
		got, ok := Formula(tt.values, tt.first, "k")
		if got != tt.want || ok != tt.ok {
			t.Errorf("Formula(%v, %d) = %q, %v; want %q, %v", tt.values, tt.first, got, ok, tt.want, tt.ok)
		}
	}
}

func TestWinnerPattern(t *testing.T) {
	F, S, N := sente.First, sente.Second, sente.Nobody
	tests := []struct {
		winners []sente.Player
		first   int
		want    string
	}{
		{[]sente.Player{F, S, F, S, F, S}, 1, "the first player wins exactly when n is odd (the second player wins otherwise)"},
		{[]sente.Player{F, F, F, F}, 1, "the first player always wins"},
		{[]sente.Player{S, F, F, F, F}, 1, "from n = 2 on, the first player always wins"},
		{[]sente.Player{S, F, F, S, F, F, S}, 0, "the first player wins exactly when n mod 3 is 1 or 2 (the second player wins otherwise)"},
		{[]sente.Player{N, N, N}, 0, "nobody wins (tie or draw)"},
	}
	for _, tt := range tests {
		if got, _ := WinnerPattern(tt.winners, tt.first, "n"); got != tt.want {
			t.Errorf("WinnerPattern(%v) = %q, want %q", tt.winners, got, tt.want)
		}
	}
}

func TestColumnPatterns(t *testing.T) {
	F, S := sente.First, sente.Second
	winners := [][]sente.Player{
		{F, S, F, S, F, S},
		{F, F, F, F, F, F},
		{F, F, F, F, F, F},
		{F, F, F, F, F, F},
	}
	got := ColumnPatterns(winners, 1, "n", []int{1, 2, 3, 4}, "m")
	want := []string{
		"m = 1: the first player wins exactly when n is odd (the second player wins otherwise)",
		"m = 2..4: the first player always wins",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
