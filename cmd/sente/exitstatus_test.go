package main

import "testing"

// TestMemoryStatus: running out of --max-memory is a failure while working
// (1) for a built-in game, and bad input (2) when a rules file's code grew.
func TestMemoryStatus(t *testing.T) {
	defer func() { opened = nil }()
	tests := []struct {
		specs []string
		want  int
	}{
		{nil, 1},
		{[]string{"connect4:w=5,h=5"}, 1},
		{[]string{"../../examples/count.star"}, 2},
		{[]string{"nim", "../../examples/count.star"}, 2},
	}
	for _, tt := range tests {
		opened = nil
		for _, spec := range tt.specs {
			if _, err := openGame(spec); err != nil {
				t.Fatal(err)
			}
		}
		if got := memoryStatus(); got != tt.want {
			t.Errorf("games %q: status %d, want %d", tt.specs, got, tt.want)
		}
	}
}
