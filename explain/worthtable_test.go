package explain_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/cgt/reference"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
)

// domineering2xn is Domineering on 2 rows of n cells by the game's
// definition alone: a position is the set of filled cells (bit r*n+c),
// Left places a domino in a column, Right in a row.
func domineering2xn(n int) *reference.Game {
	cell := func(r, c int) uint32 { return 1 << (r*n + c) }
	left := func(f uint32) []uint32 {
		var out []uint32
		for c := range n {
			if d := cell(0, c) | cell(1, c); f&d == 0 {
				out = append(out, f|d)
			}
		}
		return out
	}
	right := func(f uint32) []uint32 {
		var out []uint32
		for r := range 2 {
			for c := 0; c+1 < n; c++ {
				if d := cell(r, c) | cell(r, c+1); f&d == 0 {
					out = append(out, f|d)
				}
			}
		}
		return out
	}
	return reference.Build(uint32(0), left, right, func(f uint32) string { return strconv.FormatUint(uint64(f), 2) })
}

// inCGT builds a canonical reference tree in package cgt, option by option.
func inCGT(g *reference.Game) cgt.Game {
	var l, r []cgt.Game
	for _, o := range g.L {
		l = append(l, inCGT(o))
	}
	for _, o := range g.R {
		r = append(r, inCGT(o))
	}
	return cgt.New(l, r)
}

// TestWorthTableDomineering2xn: the values of Domineering 2×n, n ≤ 6, over
// the family's parameter, are those the definition gives (the game tree
// built from the rules and reduced by the reference's plain canonical
// form), and those pinned here in CGSuite's notation.
func TestWorthTableDomineering2xn(t *testing.T) {
	want := []struct {
		canonical, class, mean, temperature string
	}{
		{"1", "L", "1", "-1"},
		{"+-1", "N", "0", "1"},
		{"{2|-1/2}", "N", "3/4", "5/4"},
		{"{2|0||0}", "R", "0", "0"},
		{"1/2", "L", "1/2", "-1/2"},
		{"{3|1||1|||-1}", "N", "0", "1"},
	}
	rows, err := explain.WorthTable(context.Background(), games.Default.OpenSpec, sente.Spec{Name: "domineering", Args: []sente.Arg{{Key: "h", Value: "2"}}},
		explain.ParamRange{Name: "w", Values: []int{1, 2, 3, 4, 5, 6}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	c := reference.NewChecker()
	for i, r := range rows {
		n := i + 1
		if r.Param != n || r.Spec != "domineering:h=2,w="+strconv.Itoa(n) {
			t.Errorf("row %d: param %d spec %q, want %d and domineering:h=2,w=%d", i, r.Param, r.Spec, n, n)
		}
		direct := inCGT(c.Canonical(domineering2xn(n)))
		if r.Worth.Value != direct {
			t.Errorf("2×%d: value %s, the definition gives %s", n, r.Worth.Value, direct)
		}
		j := r.JSON("w")
		got := [4]string{j.Canonical, j.OutcomeClass, j.Mean, j.Temperature}
		if w := want[i]; got != [4]string{w.canonical, w.class, w.mean, w.temperature} {
			t.Errorf("2×%d: %v, want %v", n, got, w)
		}
		if j.ParamValues["w"] != n {
			t.Errorf("2×%d: param_values %v", n, j.ParamValues)
		}
	}
}

// TestWorthTableRefusals: a family that is not partizan, and a member past
// the bound on components, stop the table with the error naming the member.
func TestWorthTableRefusals(t *testing.T) {
	_, err := explain.WorthTable(context.Background(), games.Default.OpenSpec, sente.Spec{Name: "kayles"},
		explain.ParamRange{Name: "n", Values: []int{1, 2}}, 0)
	if !errors.Is(err, explain.ErrNotPartizan) {
		t.Errorf("kayles: %v, want ErrNotPartizan", err)
	}
	_, err = explain.WorthTable(context.Background(), games.Default.OpenSpec, sente.Spec{Name: "domineering", Args: []sente.Arg{{Key: "h", Value: "3"}}},
		explain.ParamRange{Name: "w", Values: []int{3}}, 2)
	if !errors.Is(err, explain.ErrTooManyComponents) {
		t.Errorf("domineering 3×3 with 2 components: %v, want ErrTooManyComponents", err)
	}
}
