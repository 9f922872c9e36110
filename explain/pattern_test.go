package explain

import (
	"strings"
	"testing"

	"github.com/sente-go/sente"
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
		{[]int{7, 7, 7, 7, 7, 7}, 3, Period{From: 3, Length: 1}, true},
		{[]int{1, 2, 3, 4, 5}, 0, Period{}, false},
		{[]int{0, 1, 2, 0, 1}, 0, Period{}, false}, // not two whole periods
		// A constant tail too short to state: five equal values.
		{[]int{0, 1, 2, 3, 4, 7, 7, 7, 7, 7}, 0, Period{}, false},
		{[]int{0, 1, 2, 3, 7, 7, 7, 7, 7, 7}, 0, Period{From: 4, Length: 1}, true},
		// A period that shows only once in full after its first
		// appearance is stated; one that shows less is not.
		{[]int{9, 8, 1, 2, 3, 4, 1, 2, 3}, 0, Period{}, false},
		{[]int{9, 8, 1, 2, 3, 4, 1, 2, 3, 4}, 0, Period{From: 2, Length: 4}, true},
		// The shortest period wins over an earlier start of a longer one,
		// and among starts of it the earliest.
		{[]int{1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0}, 5, Period{From: 5, Length: 3}, true},
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
		{[]int{2, 2, 2, 2, 2, 2}, 0, "2", true},
		{[]int{2, 2, 2}, 0, "", false},             // too few values
		{[]int{0, 1, 2, 3, 0, 1, 2}, 0, "", false}, // mod 4 seen less than twice
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
		{[]sente.Player{F, F, F, F, F, F}, 1, "the first player always wins"},
		{[]sente.Player{S, F, F, F, F, F, F}, 1, "from n = 2 on, the first player always wins"},
		{[]sente.Player{S, F, F, S, F, F, S}, 0, "the first player wins exactly when n mod 3 is 1 or 2 (the second player wins otherwise)"},
		{[]sente.Player{N, N, N, N, N, N}, 0, "nobody wins (tie or draw)"},
		// Too little evidence: no pattern.
		{[]sente.Player{N, N, N}, 0, ""},
		{[]sente.Player{S, F, F, S, F, F, S, F, F, F, F}, 0, ""},
	}
	for _, tt := range tests {
		got, ok := WinnerPattern(tt.winners, tt.first, "n")
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("WinnerPattern(%v) = %q, %v; want %q", tt.winners, got, ok, tt.want)
		}
	}
}

// TestWinnerPatternCount is the count game with at most 2 numbers a turn
// for lose = 1..30: the second player wins at lose = 1, 4, 7, ..., a period
// of 3, though the last two values alike look like a constant tail.
func TestWinnerPatternCount(t *testing.T) {
	var winners []sente.Player
	for lose := 1; lose <= 30; lose++ {
		w := sente.First
		if (lose-1)%3 == 0 {
			w = sente.Second
		}
		winners = append(winners, w)
	}
	got, ok := WinnerPattern(winners, 1, "lose")
	want := "the first player wins exactly when lose mod 3 is 0 or 2 (the second player wins otherwise)"
	if !ok || got != want {
		t.Errorf("WinnerPattern(count:most=2) = %q, %v; want %q", got, ok, want)
	}
}

func TestColumnPatterns(t *testing.T) {
	F, S := sente.First, sente.Second
	winners := [][]sente.Player{
		{F, S, F, S, F, S},
		{F, F, F, F, F, F},
		{F, F, F, F, F, F},
		{F, F, F, F, F, F},
		{S, F, S, F, F},
		{F, S},
	}
	got := ColumnPatterns(winners, []int{1, 1, 1, 1, 1, 3}, "n", []int{1, 2, 3, 4, 5, 6}, "m")
	want := []string{
		"m = 1: the first player wins exactly when n is odd (the second player wins otherwise)",
		"m = 2..4: the first player always wins",
		"m = 5: no pattern found in n = 1..5",
		"m = 6: no pattern found in n = 3..4",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
