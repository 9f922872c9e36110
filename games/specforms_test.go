package games_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/sente-go/sente"

	"github.com/sente-go/sente/games"
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

// TestMoveNamesHaveNoSpaces: lines of play are move names separated by
// spaces, so no built-in game names a move with one. The first thousand
// positions of every family, breadth first, are looked at.
func TestMoveNamesHaveNoSpaces(t *testing.T) {
	for _, f := range games.All() {
		g, err := games.New(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		queue := []sente.Position{g.Start()}
		for len(queue) > 0 && len(seen) < 1000 {
			p := queue[0]
			queue = queue[1:]
			if _, ended := g.Ended(p); ended {
				continue
			}
			for _, m := range g.Moves(p) {
				if strings.ContainsFunc(m.Name, unicode.IsSpace) {
					t.Fatalf("%s: move %q from %s has a space", f.Name, m.Name, g.FormatPosition(p))
				}
				if text := g.FormatPosition(m.To); !seen[text] {
					seen[text] = true
					queue = append(queue, m.To)
				}
			}
		}
	}
}
