package games_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/games"
)

// TestToadsErickson: Erickson's formulas for starting positions of Toads
// and Frogs with the blanks in the middle, conjectured from his table of
// values (J. Erickson, "New Toads and Frogs results", Games of No Chance,
// MSRI Publications 29, 1996) and listed as E1–E3 in T. Thanatipanonda,
// "Further Hopping with Toads and Frogs", Electronic Journal of
// Combinatorics 18 (2011), which with Thanatipanonda and Zeilberger's
// finite-state method takes up their proofs:
//
//	E1: T^a □□ F^b  = {{a−3 | a−b} | {* | 3−b}}  for a > b ≥ 2
//	E2: T^a □□□ FF  = {a−2 | a−2}                for a ≥ 2
//	E3: T^a □□□ FFF = a − 7/2                    for a ≥ 5
//
// each checked here for every a up to 8 (6 under -short), with Left's
// toads moving right: 32 positions (17).
func TestToadsErickson(t *testing.T) {
	most := 8
	if testing.Short() {
		most = 6
	}
	strip := func(a int, blanks string, b int) string {
		return strings.Repeat("T", a) + blanks + strings.Repeat("F", b)
	}
	type tc struct{ strip, want, rule string }
	var cases []tc
	for a := 3; a <= most; a++ {
		for b := 2; b < a; b++ {
			cases = append(cases, tc{strip(a, "..", b), fmt.Sprintf("{{%d|%d}|{*|%d}}", a-3, a-b, 3-b), "E1"})
		}
	}
	for a := 2; a <= most; a++ {
		cases = append(cases, tc{strip(a, "...", 2), fmt.Sprintf("{%d|%d}", a-2, a-2), "E2"})
	}
	for a := 5; a <= most; a++ {
		cases = append(cases, tc{strip(a, "...", 3), fmt.Sprintf("%d-7/2", a), "E3"})
	}
	for _, c := range cases {
		want, err := cgt.Parse(c.want)
		if err != nil {
			t.Fatalf("%s: %v", c.want, err)
		}
		if got := valueOf(t, "toads:strip="+c.strip, ""); got != want {
			t.Errorf("%s: %s; Erickson's %s says %s = %s", c.strip, got, c.rule, c.want, want)
		}
	}
}

// TestDomineeringPublished pins what the literature says of Domineering
// boards, with Left (Vertical) placing upright:
//   - the 5×5 board is a second-player win, value 0 (Conway, On Numbers
//     and Games, 1976; the smallest square board on which the first
//     player loses, recomputed by every Domineering solver since);
//   - the 2×2 square is ±1, the 2×3 board (3 wide, 2 high) {2|-1/2} and
//     its quarter turn {1/2|-2} (Winning Ways, ch. 1 and 6; Siegel, CGT,
//     ch. I), so that 2×2 is won by whoever starts and 2×3 too.
//
// The 5×5 board takes about half a CPU-second; -short leaves it out.
func TestDomineeringPublished(t *testing.T) {
	for _, tc := range []struct {
		spec, value string
		class       cgt.Outcome
		long        bool
	}{
		{"domineering:w=2,h=2", "+-1", cgt.N, false},
		{"domineering:w=3,h=2", "{2|-1/2}", cgt.N, false},
		{"domineering:w=2,h=3", "{1/2|-2}", cgt.N, false},
		{"domineering:w=5,h=5", "0", cgt.P, true},
	} {
		if tc.long && testing.Short() {
			continue
		}
		v := valueOf(t, tc.spec, "")
		if v.String() != tc.value || v.Outcome() != tc.class {
			t.Errorf("%s: %s (%s), want %s (%s)", tc.spec, v, v.Outcome(), tc.value, tc.class)
		}
	}
}

// TestDomineeringPositionCounts holds the positions play reaches on the n×n
// square to a count that shares nothing with the game's moves. The count
// is checked in turn against a published one. OEIS A332714 ("the number of
// play positions of n X n Domineering"; Huntemann and McKay, "Counting
// Domineering Positions", 2019) counts the placements of dominoes in which
// the upright and the flat ones differ by at most one: 1, 5, 75, 4632 and
// 1076492 for n = 1 to 5. The enumeration below (dominoPlacements)
// reproduces them.
//
// A position of the game is the cells filled, not the dominoes that fill
// them: two flat dominoes or two upright ones fill a 2×2 block alike, and
// what follows is the same game. So the game reaches, with Left first, the
// filled sets of the placements with as many upright dominoes as flat or
// one more (Left to move, or Right). Each domino of such a placement is
// free until it is placed, so every one is reached. For n = 1 to 5 that
// is 1, 3, 46, 2443 and 455317. With Right first, the game reaches the
// filled sets of the placements with one flat domino more instead.
// -short stops at 4×4.
func TestDomineeringPositionCounts(t *testing.T) {
	for n := 1; n <= 5; n++ {
		if n == 5 && testing.Short() {
			continue
		}
		placements, leftFirst, rightFirst := dominoPlacements(n)
		if want := []int{1: 1, 2: 5, 3: 75, 4: 4632, 5: 1076492}[n]; placements != want {
			t.Fatalf("%d×%d: %d placements counted, want %d (OEIS A332714)", n, n, placements, want)
		}
		for first, want := range map[string]map[uint64]bool{"left": leftFirst, "right": rightFirst} {
			g, err := games.New(fmt.Sprintf("domineering:w=%d,h=%d,first=%s", n, n, first))
			if err != nil {
				t.Fatal(err)
			}
			reached := 0
			enc := sente.CapabilitiesOf(g).Encoder
			start := enc.Encode(g.Start())
			seen := map[uint64]bool{start: true}
			next := []uint64{start}
			var children []uint64
			for len(next) > 0 {
				key := next[len(next)-1]
				next = next[:len(next)-1]
				reached++
				if filled := enc.Decode(key).(games.DomineeringPosition).Filled; !want[filled] {
					t.Fatalf("%d×%d, %s first: reaches %s, which no placement fills with the right count of each domino", n, n, first, g.FormatPosition(enc.Decode(key)))
				}
				children = enc.AppendChildren(children[:0], key)
				for _, c := range children {
					if !seen[c] {
						seen[c] = true
						next = append(next, c)
					}
				}
			}
			if reached != len(want) {
				t.Errorf("%d×%d, %s first: %d positions reached, want %d", n, n, first, reached, len(want))
			}
		}
	}
}

// dominoPlacements counts the placements of dominoes on the n×n square
// whose upright and flat ones differ by at most one, cell by cell in
// reading order, each cell empty, the left of a flat domino or the top of
// an upright one. It returns also the cells filled by those with as many
// upright as flat or one upright more (reached with Left first), and by
// those with as many or one flat more (Right first), a cell r*n+c a bit.
func dominoPlacements(n int) (placements int, leftFirst, rightFirst map[uint64]bool) {
	leftFirst, rightFirst = map[uint64]bool{}, map[uint64]bool{}
	var place func(cell int, filled uint64, upright, flat int)
	place = func(cell int, filled uint64, upright, flat int) {
		if cell == n*n {
			switch upright - flat {
			case 0:
				leftFirst[filled], rightFirst[filled] = true, true
			case 1:
				leftFirst[filled] = true
			case -1:
				rightFirst[filled] = true
			default:
				return
			}
			placements++
			return
		}
		place(cell+1, filled, upright, flat)
		if filled&(1<<cell) != 0 {
			return
		}
		if cell%n+1 < n && filled&(1<<(cell+1)) == 0 {
			place(cell+1, filled|1<<cell|1<<(cell+1), upright, flat+1)
		}
		if cell+n < n*n {
			place(cell+1, filled|1<<cell|1<<(cell+n), upright+1, flat)
		}
	}
	place(0, 0, 0, 0)
	return placements, leftFirst, rightFirst
}
