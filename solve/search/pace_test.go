package search

import (
	"testing"
	"time"
)

// TestPace: the count between looks halves while looks are slow, doubles
// while they are fast, stays within 1 and paceMost, and the looks fall on
// its multiples.
func TestPace(t *testing.T) {
	start := time.Unix(0, 0)
	tests := []struct {
		name  string
		every uint64 // before the look; 0: a new pace
		gap   time.Duration
		want  uint64
	}{
		{"new, fast", 0, time.Millisecond, 2 * paceFirst},
		{"new, slow", 0, time.Second, paceFirst / 2},
		{"new, in between", 0, 10 * time.Millisecond, paceFirst},
		{"fast at the most", paceMost, time.Microsecond, paceMost},
		{"slow at one", 1, time.Second, 1},
		{"slow", 256, paceSlow + 1, 128},
		{"just not slow", 256, paceSlow, 256},
		{"just not fast", 256, paceFast, 256},
		{"fast", 256, paceFast - 1, 512},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := pace{every: tt.every}
			p.restart(1000, start)
			p.checked(p.next, start.Add(tt.gap))
			if p.every != tt.want {
				t.Errorf("every = %d; want %d", p.every, tt.want)
			}
			if p.next%p.every != 0 || p.next <= 1000 {
				t.Errorf("next look at %d, every %d, after a look past 1000", p.next, p.every)
			}
		})
	}
}

// TestPaceAfter: the next look is the first multiple of the count past
// the nodes searched.
func TestPaceAfter(t *testing.T) {
	for _, tt := range []struct{ every, nodes, want uint64 }{
		{1024, 0, 1024}, {1024, 1023, 1024}, {1024, 1024, 2048}, {64, 65, 128}, {1, 7, 8},
	} {
		p := pace{every: tt.every}
		if got := p.after(tt.nodes); got != tt.want {
			t.Errorf("every %d, after %d nodes: %d; want %d", tt.every, tt.nodes, got, tt.want)
		}
	}
}
