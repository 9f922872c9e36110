package misere_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/nimber/misere"
)

func open(t *testing.T, spec string) sente.Game {
	t.Helper()
	g, err := games.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPositionsAgainstSolve: the misère outcome of the canonical form of
// every start below agrees with the strong solver's misère play of the
// game (nimber.Misere), and nim positions are the sums of their heaps.
func TestPositionsAgainstSolve(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{
		"nim:heaps=1/2/3", "nim:heaps=2/2", "nim:heaps=1/1/1", "nim:heaps=4/5",
		"kayles:n=0", "kayles:n=1", "kayles:n=5", "kayles:n=9", "dawson:n=8", "octal:0.137,n=9", "subtraction:1,3,4,n=12",
		"grundy:n=11",
	} {
		g := open(t, spec)
		f, err := misere.Of(ctx, g, nil, misere.ValuerOptions{})
		if err != nil {
			t.Errorf("%s: %v", spec, err)
			continue
		}
		sol, err := nimber.Misere(ctx, g, nil, nimber.Options{})
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		o, _ := sol.Outcome(g.Start())
		v := o.Value
		want := misere.P
		if v == sente.Win {
			want = misere.N
		}
		if f.Outcome() != want {
			t.Errorf("%s: the form %s is %v, but misère play solved says %v", spec, f, f.Outcome(), v)
		}
	}
	g := open(t, "nim:heaps=1/2/3")
	f, _ := misere.Of(ctx, g, nil, misere.ValuerOptions{})
	if want := misere.Sum(misere.Nim(1), misere.Nim(2), misere.Nim(3)); f != want {
		t.Errorf("nim 1/2/3: %s, want *+*2+*3 = %s", f, want)
	}
	// Misère nim is the same tree of moves: the same form.
	if m, err := misere.Of(ctx, open(t, "nim:heaps=1/2/3,misere=true"), nil, misere.ValuerOptions{}); err != nil || m != f {
		t.Errorf("misère nim 1/2/3: %v, %v; want %s", m, err, f)
	}
}

// TestPositionErrors: a partizan game, a bound passed.
func TestPositionErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := misere.Of(ctx, open(t, "domineering:w=2,h=2"), nil, misere.ValuerOptions{}); !errors.Is(err, misere.ErrNotImpartial) {
		t.Errorf("domineering: %v, want ErrNotImpartial", err)
	}
	if _, err := misere.Of(ctx, open(t, "kayles:n=12"), nil, misere.ValuerOptions{MaxComponents: 3}); !errors.Is(err, misere.ErrTooMany) {
		t.Errorf("kayles 12, at most 3 components: %v, want ErrTooMany", err)
	}
}

// TestKaylesGenus: the genus of Kayles heaps K0..K14 as sente computes it.
// These are not copied from a published table: they are held to the
// definition (TestGenusAgainstDefinition holds the recursion to the misère
// Grundy values of G+2+...+2) and the outcome (γ1 = 0 exactly for the
// P-positions) to the strong solver (TestPositionsAgainstSolve). The
// tame heaps are those whose genus is a nim-heap's (K4 is even * itself).
func TestKaylesGenus(t *testing.T) {
	ctx := context.Background()
	want := []string{"0^120", "1^031", "2^20", "3^31", "1^031", "4^146", "3^31", "2^20", "1^13", "4^046", "2^20", "6^46", "4^046", "1^13", "2^20"}
	for n, w := range want {
		g := open(t, "kayles:n="+itoa(n))
		f, err := misere.Of(ctx, g, nil, misere.ValuerOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Genus().String(); got != w {
			t.Errorf("K%d: genus %s, want %s", n, got, w)
		}
		sol, err := nimber.Misere(ctx, g, nil, nimber.Options{})
		if err != nil {
			t.Fatal(err)
		}
		o, _ := sol.Outcome(g.Start())
		if lost := o.Value == sente.Lose; lost != (f.Genus().At(1) == 0) {
			t.Errorf("K%d: genus %s, but misère play solved is %v for the player to move", n, f.Genus(), o.Value)
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
