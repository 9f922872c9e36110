package explain_test

import (
	"strings"
	"testing"

	"github.com/sente-go/sente/explain"
)

// TestWinningPlan: the winner's plan that 'sente solve' prints in a line,
// when a simple one wins every line: a pattern of positions for the count
// game and nim, a reply rule for Kayles; none for the card game from its
// start (no rule wins every line there) or for a tie.
func TestWinningPlan(t *testing.T) {
	tests := []struct {
		spec, from string
		want       string // in the plan's words; "" for no plan
	}{
		{spec: "count", want: "multiple of 4"},
		{spec: "nim", want: "XOR"},
		{spec: "kayles:n=7", want: "answer every x with x"},
		{spec: "cards", from: "1/1", want: "7 − x"},
		{spec: "cards"},
		{spec: "tictactoe"},
	}
	for _, tt := range tests {
		g, sol := solved(t, tt.spec)
		root := sol.Root()
		if tt.from != "" {
			p, err := g.ParsePosition(tt.from)
			if err != nil {
				t.Fatal(err)
			}
			root = p
		}
		plan := explain.WinningPlan(sol, root)
		switch {
		case tt.want == "" && plan != nil:
			t.Errorf("%s %s: plan %q, want none", tt.spec, tt.from, plan.Words)
		case tt.want != "" && plan == nil:
			t.Errorf("%s %s: no plan, want one saying %q", tt.spec, tt.from, tt.want)
		case tt.want != "" && !strings.Contains(plan.Words, tt.want):
			t.Errorf("%s %s: plan %q, want it to say %q", tt.spec, tt.from, plan.Words, tt.want)
		}
	}
}
