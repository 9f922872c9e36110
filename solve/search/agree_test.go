package search_test

import (
	"context"
	"testing"

	"sente"
	"sente/games"
	"sente/solve"
	"sente/solve/search"
)

// solved is every position of spec with its outcome, by the hashing
// engine.
func solved(t testing.TB, spec string) (sente.Game, []sente.Position, []sente.Outcome) {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := solve.Solve(context.Background(), g, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ps []sente.Position
	var os []sente.Outcome
	sol.Each(func(p sente.Position, o sente.Outcome) bool {
		ps = append(ps, p)
		os = append(os, o)
		return true
	})
	return g, ps, os
}

// TestAgreesEverywhere: on every position of small games, search gives the
// hashing engine's value and remoteness.
func TestAgreesEverywhere(t *testing.T) {
	for _, tt := range []struct {
		spec string
		opt  search.Options
		long bool
	}{
		{spec: "tictactoe"},
		{spec: "tictactoe", opt: search.Options{TableBytes: 64, Workers: 1}},
		{spec: "tictactoe", opt: search.Options{Workers: 2}},
		{spec: "connect4:w=4,h=4"},
		{spec: "connect4:w=4,h=4", opt: search.Options{TableBytes: 1 << 12, Workers: 2}},
		{spec: "connect4:w=5,h=4", long: true},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			if tt.long && testing.Short() {
				t.Skip("long")
			}
			g, ps, os := solved(t, tt.spec)
			s, err := search.New(g, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			bad := 0
			for i, p := range ps {
				res, err := s.Solve(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				if res.Outcome != os[i] {
					bad++
					if bad < 10 {
						t.Errorf("%s: search %v, tables %v", g.FormatPosition(p), res.Outcome, os[i])
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d positions wrong", bad, len(ps))
			}
		})
	}
}
