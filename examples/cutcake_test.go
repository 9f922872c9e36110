package examples_test

import (
	"fmt"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/hashing"
)

// cutcakeValues are values of Cutcake positions, written as cutcake.star
// and the built-in ruleset both write them: single pieces, which
// cutcakePiece gives too, and sums of them.
var cutcakeValues = []struct {
	position string
	value    string
}{
	{"- left", "0"},
	{"2x1 left", "1"},
	{"1x2 right", "-1"},
	{"2x2 left", "0"},
	{"3x1 right", "2"},
	{"4x1 left", "3"},
	{"4x2 left", "1"},
	{"4x3 left", "1"},
	{"3x4 left", "-1"},
	{"8x3 right", "3"},
	{"2x5 left", "-1"},
	{"6x4 left", "0"},
	{"4x3/2x5 right", "0"},
	{"8x3/5x1/2x2/1x7 left", "1"},
	{"8x1/7x2/3x3 right", "9"},
}

// cutcakePiece is the value of one piece w wide and h high, as Winning
// Ways works it out (chapter 2, "Cutcake"): with 2^k <= h < 2^(k+1), a
// piece at least as wide as high is worth w/2^k - 1 moves to Left,
// rounded down, and never less than 0; turned a quarter turn, a piece is
// worth the negative (Left and Right exchange their cuts).
func cutcakePiece(w, h int) int {
	if w < h {
		return -cutcakePiece(h, w)
	}
	k := 1
	for 2*k <= h {
		k *= 2
	}
	return max(0, w/k-1)
}

// TestCutcake values positions of examples/cutcake.star (its left_moves,
// right_moves and components) and of the built-in Cutcake, which share
// nothing but the rules, and holds both to the values above; and plays
// the file turn by turn against the built-in, Left first and Right first,
// position by position.
func TestCutcake(t *testing.T) {
	file := loadRules(t, "cutcake")
	builtin, err := games.NewCutcake("4x3", true)
	if err != nil {
		t.Fatal(err)
	}
	if sente.CapabilitiesOf(file).PartizanSplitter == nil {
		t.Fatal("cutcake.star: no components")
	}
	fileValues, err := cgt.NewValuer(file, cgt.ValuerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	builtinValues, err := cgt.NewValuer(builtin, cgt.ValuerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range cutcakeValues {
		value := func(g sente.Game, v *cgt.Valuer) string {
			p, err := g.ParsePosition(want.position)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.FormatPosition(p); got != want.position {
				t.Errorf("%s is written %q", want.position, got)
			}
			val, err := v.Value(t.Context(), p)
			if err != nil {
				t.Fatalf("%s: %v", want.position, err)
			}
			return val.String()
		}
		if got := value(file, fileValues); got != want.value {
			t.Errorf("cutcake.star %s: %s; want %s", want.position, got, want.value)
		}
		if got := value(builtin, builtinValues); got != want.value {
			t.Errorf("cutcake %s: %s; want %s", want.position, got, want.value)
		}
	}

	for w := 1; w <= 10; w++ {
		for h := 1; h <= 10; h++ {
			want := cutcakePiece(w, h)
			for _, g := range []struct {
				name string
				game sente.Game
				v    *cgt.Valuer
			}{{"cutcake.star", file, fileValues}, {"cutcake", builtin, builtinValues}} {
				p, err := g.game.ParsePosition(fmt.Sprintf("%dx%d left", w, h))
				if err != nil {
					t.Fatal(err)
				}
				if got, err := g.v.Value(t.Context(), p); err != nil || got != cgt.Integer(int64(want)) {
					t.Errorf("%s %dx%d: %v (%v); want %d", g.name, w, h, got, err, want)
				}
			}
		}
	}

	for _, first := range []string{"left", "right"} {
		for _, size := range [][2]int{{4, 3}, {3, 5}, {5, 2}} {
			spec := fmt.Sprintf("cutcake:w=%d,h=%d,first=%s", size[0], size[1], first)
			g := loadRules(t, spec)
			b, err := games.NewCutcake(fmt.Sprintf("%dx%d", size[0], size[1]), first == "left")
			if err != nil {
				t.Fatal(err)
			}
			sameOutcomes(t, spec, g, b)
		}
	}
}

// sameOutcomes solves the file and the built-in and compares every
// position of the built-in's, found in the file by its text.
func sameOutcomes(t *testing.T, spec string, file, builtin sente.Game) {
	t.Helper()
	fs, err := hashing.Solve(t.Context(), file, hashing.Options{MaxPositions: maxPositions})
	if err != nil {
		t.Fatal(err)
	}
	bs, err := hashing.Solve(t.Context(), builtin, hashing.Options{MaxPositions: maxPositions})
	if err != nil {
		t.Fatal(err)
	}
	if fs.Positions() != bs.Positions() {
		t.Errorf("%s: %d positions; the built-in has %d", spec, fs.Positions(), bs.Positions())
	}
	compared := 0
	bs.Each(func(p sente.Position, want sente.Outcome) bool {
		q, err := file.ParsePosition(builtin.FormatPosition(p))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := fs.Outcome(q)
		if !ok || got != want {
			t.Errorf("%s: %s is %v; the built-in says %v", spec, builtin.FormatPosition(p), got, want)
			return false
		}
		compared++
		return true
	})
	if compared == 0 {
		t.Errorf("%s: no positions compared", spec)
	}
}
