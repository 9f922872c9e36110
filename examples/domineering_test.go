package examples_test

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/solve/tiers"
)

// domineeringWants are outcomes of Domineering on small boards with
// Vertical moving first, w columns by h rows (the h × w board of the
// literature, whose first dimension is the vertical one), and the number of
// positions reachable from the empty board. Published are 2×2, a first-player
// win (Lachmann, Moore and Rapaport, "Who wins Domineering on rectangular
// boards?", 2000), and the square boards up to 8×8, where 3×3 and 4×4 are
// first-player wins and 5×5 a second-player win (Breuker, Uiterwijk and van
// den Herik, "Solving 8×8 Domineering", Theoretical Computer Science 230,
// 2000, which tables m × n boards for m from 2 to 8; 5×5 goes back to
// Conway's On Numbers and Games, 1976). The remoteness and counts are
// sente's, and agree with a plain memoised search (domineeringRef).
var domineeringWants = []struct {
	w, h       int
	value      sente.Value // for Vertical, to move at the start
	remoteness int
	positions  int
	long       bool // ten CPU-seconds and more: with SENTE_LONG only
}{
	{1, 1, sente.Lose, 0, 1, false},
	{2, 2, sente.Win, 1, 3, false},
	{3, 2, sente.Win, 1, 8, false},   // 2 rows, 3 columns
	{4, 2, sente.Lose, 4, 24, false}, // 2 rows, 4 columns: Horizontal wins
	{2, 4, sente.Win, 3, 28, false},
	{3, 3, sente.Win, 3, 46, false},
	{4, 3, sente.Lose, 4, 238, false},
	{3, 4, sente.Win, 5, 255, false},
	{4, 4, sente.Win, 7, 2443, false},
	{5, 4, sente.Win, 9, 24007, false},  // 4 rows, 5 columns
	{4, 5, sente.Lose, 8, 24663, false}, // 5 rows, 4 columns
	{5, 5, sente.Lose, 12, 455317, true},
}

// TestDomineering solves Domineering on small boards with the hashing engine
// and with the tier engine, checks that they agree position by position,
// that the start has its published outcome, and that every position's value
// and the number of positions agree with a plain memoised search.
func TestDomineering(t *testing.T) {
	for _, want := range domineeringWants {
		spec := fmt.Sprintf("domineering:w=%d,h=%d", want.w, want.h)
		t.Run(spec, func(t *testing.T) {
			if want.long {
				testmode.SkipUnlessLong(t, spec+", whose 455,317 positions take half a CPU-minute (5×4 and 4×5 check the same without it)")
			}
			if want.positions > 10_000 {
				testmode.SkipShort(t, spec+", a CPU-second or two (4×4 checks the same)")
			}
			g := loadRules(t, spec)
			if !tiers.Discovers(g) {
				t.Fatalf("%s: the tier engine would not discover its ranks", spec)
			}
			sol, err := hashing.Solve(t.Context(), g, hashing.Options{MaxPositions: maxPositions})
			if err != nil {
				t.Fatal(err)
			}
			if want.long {
				// One solve on the tier engine, against the solve above.
				sameOnTiers(t, spec, g, sol)
			} else {
				compareTiers(t, spec, g) // on one worker and on three
			}
			o, _ := sol.Outcome(g.Start())
			if o.Value != want.value || o.Remoteness != want.remoteness {
				t.Errorf("%s: the start is %v; want %v in %d", spec, o, want.value, want.remoteness)
			}
			if got := sol.Positions(); got != want.positions {
				t.Errorf("%s: %d positions; want %d", spec, got, want.positions)
			}

			// Walk the game from the start, following each move by the cells
			// its name covers, and hold every position to a plain search.
			ref := domineeringRef(want.w, want.h)
			if len(ref) != sol.Positions() {
				t.Errorf("%s: %d positions; a plain search finds %d", spec, sol.Positions(), len(ref))
			}
			seen := map[uint64]bool{0: true}
			stack := []domineeringAt{{g.Start(), 0}}
			bad := 0
			for len(stack) > 0 && bad < 10 {
				at := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				o, _ := sol.Outcome(at.p)
				won, ok := ref[at.covered]
				if !ok || (o.Value == sente.Win) != won || (o.Value != sente.Win && o.Value != sente.Lose) {
					t.Errorf("%s: %s is %v; a plain search says won=%v (reached: %v)", spec, g.FormatPosition(at.p), o, won, ok)
					bad++
				}
				for _, m := range g.Moves(at.p) {
					cells, err := domineeringCells(want.w, m.Name)
					upright := cells&(cells>>1) == 0 // not two cells side by side
					vertical := bits.OnesCount64(at.covered)%4 == 0
					if err != nil || at.covered&cells != 0 || upright != vertical {
						t.Errorf("%s: at %s, the move %q covers %b (%v)", spec, g.FormatPosition(at.p), m.Name, cells, err)
						bad++
						continue
					}
					if next := at.covered | cells; !seen[next] {
						seen[next] = true
						stack = append(stack, domineeringAt{m.To, next})
					}
				}
			}
			if len(seen) != len(ref) {
				t.Errorf("%s: the moves reach %d positions; a plain search, %d", spec, len(seen), len(ref))
			}
		})
	}
}

// sameOnTiers solves g on the tier engine and checks it against the hashing
// engine's solution hs, position by position.
func sameOnTiers(t *testing.T, name string, g sente.Game, hs solve.Solution) {
	t.Helper()
	ts, err := tiers.SolveTiers(t.Context(), g, tiers.TierOptions{})
	if err != nil {
		t.Fatalf("%s: tier engine: %v", name, err)
	}
	defer ts.Close()
	if got, want := ts.Totals.Positions, uint64(hs.Positions()); got != want {
		t.Errorf("%s: %d positions on the tier engine, %d on the hashing engine", name, got, want)
	}
	bad := 0
	hs.Each(func(p sente.Position, o sente.Outcome) bool {
		if got, ok := ts.Outcome(p); !ok || got != o {
			t.Errorf("%s: %s is %v (%v) on the tier engine, %v on the hashing engine", name, g.FormatPosition(p), got, ok, o)
			bad++
		}
		return bad < 10
	})
}

// TestDomineeringText checks the text form and the names of moves.
func TestDomineeringText(t *testing.T) {
	g := loadRules(t, "domineering:w=3,h=2")
	if got, want := g.FormatPosition(g.Start()), ".../..."; got != want {
		t.Errorf("the start is %q; want %q", got, want)
	}
	var names []string
	for _, m := range g.Moves(g.Start()) {
		names = append(names, m.Name)
	}
	if got, want := strings.Join(names, " "), "a1-a2 b1-b2 c1-c2"; got != want {
		t.Errorf("Vertical's moves from the start are %s; want %s", got, want)
	}
	p, err := g.ParsePosition(".##/...")
	if err != nil {
		t.Fatal(err)
	}
	names = names[:0]
	for _, m := range g.Moves(p) {
		names = append(names, m.Name)
	}
	// Horizontal is to move (one domino is down): only the bottom row is free.
	if got, want := strings.Join(names, " "), "a1-b1 b1-c1"; got != want {
		t.Errorf("Horizontal's moves from .##/... are %s; want %s", got, want)
	}
	for _, bad := range []string{".#./...", "..../....", "..x/..."} {
		if _, err := g.ParsePosition(bad); err == nil {
			t.Errorf("ParsePosition(%q) read it; want an error", bad)
		}
	}
}

// domineeringAt is a position of the rules file and its covered cells.
type domineeringAt struct {
	p       sente.Position
	covered uint64
}

// domineeringCells reads a move's name, such as "a1-a2", into the bits of
// the two cells it covers.
func domineeringCells(w int, name string) (uint64, error) {
	var c1, c2 rune
	var r1, r2 int
	if _, err := fmt.Sscanf(name, "%c%d-%c%d", &c1, &r1, &c2, &r2); err != nil {
		return 0, err
	}
	bit := func(c rune, r int) uint64 { return 1 << ((r-1)*w + int(c-'a')) }
	if !(c1 == c2 && r2 == r1+1) && !(r1 == r2 && c2 == c1+1) {
		return 0, fmt.Errorf("not two neighbouring cells")
	}
	return bit(c1, r1) | bit(c2, r2), nil
}

// domineeringRef searches Domineering plainly from the empty board, with a
// memo over covered cells (whose count says who moves), and returns whether
// the player to move wins at each reachable position.
func domineeringRef(w, h int) map[uint64]bool {
	var vertical, horizontal []uint64
	for r := range h {
		for c := range w {
			bit := uint64(1) << (r*w + c)
			if r+1 < h {
				vertical = append(vertical, bit|bit<<w)
			}
			if c+1 < w {
				horizontal = append(horizontal, bit|bit<<1)
			}
		}
	}
	memo := map[uint64]bool{}
	var wins func(covered uint64, down int) bool
	wins = func(covered uint64, down int) bool {
		if won, ok := memo[covered]; ok {
			return won
		}
		dominoes := horizontal
		if down%2 == 0 {
			dominoes = vertical
		}
		won := false
		for _, d := range dominoes {
			if covered&d == 0 && !wins(covered|d, down+1) {
				won = true // every move is still searched, to reach every position
			}
		}
		memo[covered] = won
		return won
	}
	wins(0, 0)
	return memo
}
