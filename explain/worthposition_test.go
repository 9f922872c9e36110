package explain_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
)

// TestPositionWorth: the browser app's value of a position and of each
// move's result, with the parts of a board that splits, and one line for
// a position past the bound.
func TestPositionWorth(t *testing.T) {
	g, err := games.New("domineering:board=..#.../..#.../####.#/#..#.#")
	if err != nil {
		t.Fatal(err)
	}
	p := g.Start()
	moves := g.Moves(p)
	pos, after := explain.PositionWorth(context.Background(), g, p, moves, explain.WorthBound{})
	if pos.Canonical != "{3|1||1/2|-3/2}" || pos.OutcomeClass != "L" || pos.Temperature != "5/4" || len(pos.Parts) != 3 || pos.Reason != "" {
		t.Errorf("split board: %+v", pos)
	}
	if len(after) != len(moves) {
		t.Fatalf("%d move values for %d moves", len(after), len(moves))
	}
	for i, m := range moves {
		want, err := explain.WorthOf(context.Background(), g, "", m.To, 0)
		if err != nil {
			t.Fatal(err)
		}
		if after[i].Canonical != want.Value.String() {
			t.Errorf("move %s: %s, want %s", m.Name, after[i].Canonical, want.Value)
		}
	}
	pos, after = explain.PositionWorth(context.Background(), g, p, moves, explain.WorthBound{MaxComponents: 2})
	if !strings.HasPrefix(pos.Reason, "Too large to value here") || pos.Canonical != "" || after != nil {
		t.Errorf("past the bound: %+v, %v", pos, after)
	}
	nim, _ := games.New("nim")
	if pos, _ := explain.PositionWorth(context.Background(), nim, nim.Start(), nil, explain.WorthBound{}); pos != nil {
		t.Errorf("nim: %+v, want nil", pos)
	}
}
