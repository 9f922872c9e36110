package games

import (
	"testing"

	"github.com/sente-go/sente"
)

// mustGame makes the game of spec as its concrete type G.
func mustGame[G sente.Game](t testing.TB, spec string) G {
	t.Helper()
	g, err := New(spec)
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	return g.(G)
}

// mustParse reads the position s of g as its concrete type P.
func mustParse[P sente.Position](t testing.TB, g sente.Game, s string) P {
	t.Helper()
	p, err := g.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p.(P)
}
