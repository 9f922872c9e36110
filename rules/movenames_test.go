package rules_test

import (
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/rules"
)

// TestMoveNameWithSpace: a move name with a space is refused, since lines of
// play are move names separated by spaces.
func TestMoveNameWithSpace(t *testing.T) {
	for _, name := range []string{"take 1", "a\tb", " x"} {
		path := write(t, "spaced.star", `
def start():
    return 0
def moves(p):
    return [(`+"\""+strings.ReplaceAll(name, "\t", `\t`)+"\""+`, p + 1)] if p < 3 else []
def turn(p):
    return "first" if p % 2 == 0 else "second"
`)
		fam, err := rules.Load(path, rules.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g, err := fam.New(sente.ParamValues{})
		if err != nil {
			t.Fatal(err)
		}
		if moves := g.Moves(g.Start()); moves != nil {
			t.Errorf("%q: moves %v, want none and an error", name, moves)
		}
		err = g.(sente.Erring).Err()
		if err == nil || !strings.Contains(err.Error(), "whose name has a space") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line saying the name has a space", name, err)
		}
	}
}
