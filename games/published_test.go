package games_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sente-go/sente/cgt"
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
