package games_test

import (
	"testing"

	"sente/games"
)

// TestSubtractionSetForms: every form of the set that subtraction's help
// shows makes the same game.
func TestSubtractionSetForms(t *testing.T) {
	want, err := games.New("subtraction:set=1/3/4,n=12")
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"subtraction:set=1,3,4,n=12", "subtraction:n=12,set=1,3,4", "subtraction:1,3,4,n=12", "subtraction:1/3/4,n=12"} {
		g, err := games.New(spec)
		if err != nil {
			t.Errorf("%s: %v", spec, err)
			continue
		}
		if got, w := len(g.Moves(g.Start())), len(want.Moves(want.Start())); got != w {
			t.Errorf("%s: %d moves from the start, want %d", spec, got, w)
		}
	}
}
