package sente_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/games"
)

// TestExampleGames keeps the games of the examples honest: they pass the
// self-check, and every position they reach has the outcome the built-in
// subtraction game gives it.
func TestExampleGames(t *testing.T) {
	ctx := context.Background()
	for _, heap := range []int{0, 1, 4, 13} {
		builtin, err := games.New(fmt.Sprintf("subtraction:1,2,3,n=%d", heap))
		if err != nil {
			t.Fatal(err)
		}
		want, err := answer.Solve(ctx, builtin, answer.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer want.Close()
		for _, g := range []sente.Game{Subtraction{Heap: heap}, KeyedSubtraction{Subtraction{Heap: heap}}} {
			name := fmt.Sprintf("%T{%d}", g, heap)
			if _, err := gamecheck.Check(ctx, g, gamecheck.Options{}); err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			got, err := answer.Solve(ctx, g, answer.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer got.Close()
			if got.Solution.Positions() != want.Solution.Positions() {
				t.Errorf("%s: %d positions, the built-in game %d", name, got.Solution.Positions(), want.Solution.Positions())
			}
			got.Solution.Each(func(p sente.Position, o sente.Outcome) bool {
				text := g.FormatPosition(p)
				q, err := builtin.ParsePosition(strings.Replace(text, "/", " ", 1))
				if err != nil {
					t.Fatalf("%s: %s: %v", name, text, err)
				}
				if w, ok := want.Solution.Outcome(q); !ok || w != o {
					t.Errorf("%s: %s is %v, the built-in game says %v (reached: %v)", name, text, o, w, ok)
				}
				return true
			})
		}
	}
}
