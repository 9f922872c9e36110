package nimber_test

import (
	"context"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/rules"
)

// TestComponentsMetLate: when a game's parts keep the turn of the whole
// position, a part with the other player to move may never be produced as a
// part by the moves from the root, only met as a part of a position; its
// value is computed when asked for, and equals the value of the whole
// position computed without components.
func TestComponentsMetLate(t *testing.T) {
	fam, err := rules.Load("../cli/testdata/nimturn.star", rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	vals, err := sente.Bind(fam.Name, fam.Params, []sente.Arg{{Key: "heaps", Value: "1/2/3"}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := fam.New(vals)
	if err != nil {
		t.Fatal(err)
	}
	byParts, err := nimber.Grundy(context.Background(), g, nil, nimber.Options{})
	if err != nil {
		t.Fatal(err)
	}
	whole, err := nimber.Grundy(context.Background(), g, nil, nimber.Options{Whole: true})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	whole.Each(func(p sente.Position, want int) bool {
		n++
		got, ok := byParts.Of(p)
		if !ok || got != want {
			t.Errorf("%s: by parts %d (%v), whole %d", g.FormatPosition(p), got, ok, want)
		}
		return true
	})
	if n < 40 {
		t.Errorf("only %d positions", n)
	}
}
