package main

import (
	"context"
	"strings"
	"testing"
)

// TestCheck: check runs the self-check on a built-in game and on a rules
// file, after the file's own check, and says what it checked.
func TestCheck(t *testing.T) {
	for _, tt := range []struct {
		args  []string
		first string
		want  []string
	}{
		{[]string{"check", "cards"}, "cards: the self-check passed on", []string{"encoder:", "ranks:", "tiers:", "stable keys:", "(required: the game has a Ranker)"}},
		{[]string{"check", "tictactoe", "--positions", "300", "--playouts", "5"}, "tictactoe: the self-check passed on", []string{"5 random playouts", "symmetries:"}},
		{[]string{"check", "../../examples/count.star"}, "../../examples/count.star: every function answered well on all 40 positions", []string{"the self-check passed on 40 positions", "stable keys:"}},
	} {
		r := runCLI(t, context.Background(), "", tt.args...)
		if r.status != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, tt.first) {
			t.Errorf("sente %s: status %d, stderr %q, stdout %q; want 0, nothing and a first line %q", strings.Join(tt.args, " "), r.status, r.stderr, r.stdout, tt.first)
		}
		for _, w := range tt.want {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("sente %s: %q lacks %q", strings.Join(tt.args, " "), r.stdout, w)
			}
		}
	}
}
