package rules_test

import (
	"context"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/rules"
	"github.com/sente-go/sente/solve/hashing"
)

// BenchmarkSolve solves tic-tac-toe (testdata/ttt.star) and connect four
// on a 5×4 board (examples/connect4.star) written as rules files, and the
// built-in Go games, on the same machine, and reports positions per second. Each rules iteration makes a fresh game
// (running the file's top level and starting an empty intern table), since
// a game caches what its file said about every position it met.
func BenchmarkSolve(b *testing.B) {
	for _, bench := range []struct {
		name, file, spec string
		args             []sente.Arg
	}{
		{"rules/ttt.star", "testdata/ttt.star", "", nil},
		{"go/tictactoe", "", "tictactoe", nil},
		{"rules/connect4.star:w=5,h=4", "../examples/connect4.star", "", []sente.Arg{{Key: "w", Value: "5"}, {Key: "h", Value: "4"}}},
		{"go/connect4:w=5,h=4", "", "connect4:w=5,h=4", nil},
	} {
		b.Run(bench.name, func(b *testing.B) {
			newGame := func() sente.Game {
				if bench.spec != "" {
					g, err := games.New(bench.spec)
					if err != nil {
						b.Fatal(err)
					}
					return g
				}
				fam, err := rules.Load(bench.file, rules.Options{})
				if err != nil {
					b.Fatal(err)
				}
				vals, err := sente.Bind(fam.Name, fam.Params, bench.args)
				if err != nil {
					b.Fatal(err)
				}
				g, err := fam.New(vals)
				if err != nil {
					b.Fatal(err)
				}
				return g
			}
			positions := 0
			for b.Loop() {
				// A rules game caches what its file said per position, so
				// every run gets a fresh one.
				sol, err := hashing.Solve(context.Background(), newGame(), hashing.Options{})
				if err != nil {
					b.Fatal(err)
				}
				positions = sol.Positions()
			}
			b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkNotakto solves Notakto on two boards written two ways
// (testdata/notakto.star, plainly, with a canonical() that works each
// image out; testdata/notakto_fast.star, with tables worked out in
// setup()), with and without --symmetry, on the hashing engine (which
// --symmetry takes), and reports positions (classes, with symmetry) per
// second and the solve's peak heap a position: what docs/rules.md's
// advice on a fast canonical() rests on.
func BenchmarkNotakto(b *testing.B) {
	for _, file := range []string{"notakto", "notakto_fast"} {
		b.Run(file, func(b *testing.B) {
			for _, symmetry := range []bool{false, true} {
				name := "plain"
				if symmetry {
					name = "symmetry"
				}
				b.Run(name, func(b *testing.B) {
					fam, err := rules.Load("testdata/"+file+".star", rules.Options{})
					if err != nil {
						b.Fatal(err)
					}
					vals, err := sente.Bind(fam.Name, fam.Params, []sente.Arg{{Key: "boards", Value: "2"}})
					if err != nil {
						b.Fatal(err)
					}
					positions := 0
					for b.Loop() {
						g, err := fam.New(vals)
						if err != nil {
							b.Fatal(err)
						}
						sol, err := hashing.Solve(context.Background(), g, hashing.Options{Symmetry: symmetry})
						if err != nil {
							b.Fatal(err)
						}
						positions = sol.Positions()
					}
					b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
				})
			}
		})
	}
}
