package nimber

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
)

// heapCode reads an octal code such as "0.77", ".07" or "4.7".
func heapCode(t testing.TB, code string) sente.HeapRules {
	t.Helper()
	before, after, ok := strings.Cut(code, ".")
	if !ok || len(before) > 1 {
		t.Fatalf("bad octal code %q", code)
	}
	if before == "" {
		before = "0"
	}
	var digits []uint8
	for _, c := range before + after {
		if c < '0' || c > '7' {
			t.Fatalf("bad octal code %q", code)
		}
		digits = append(digits, uint8(c-'0'))
	}
	return sente.HeapRules{Digits: digits}
}

// heapGrundysGame splits a heap into two unequal heaps.
var heapGrundysGame = sente.HeapRules{Digits: []uint8{4}, Unequal: true}

// heapSubtraction is the subtraction game with the given set.
func heapSubtraction(set ...int) sente.HeapRules {
	digits := make([]uint8, slices.Max(set)+1)
	for _, i := range set {
		digits[i] = 3
	}
	return sente.HeapRules{Digits: digits}
}

func heapRulesName(r sente.HeapRules) string {
	var b strings.Builder
	for i, d := range r.Digits {
		if i == 1 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.Itoa(int(d)))
	}
	if len(r.Digits) == 1 {
		b.WriteByte('.')
	}
	if r.Unequal {
		b.WriteString(" unequal")
	}
	return b.String()
}

// heapReadValues reads a testdata file of comma-separated values, with # comments.
func heapReadValues(t *testing.T, name string) []int {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' }) {
			v, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out = append(out, v)
		}
	}
	return out
}

// heapSolve computes G(0..n) with a solver set up by setup.
func heapSolve(t testing.TB, r sente.HeapRules, n int, setup func(*heapSolver)) (*heapSolver, []int) {
	t.Helper()
	s := newHeapSolver(r)
	if setup != nil {
		setup(s)
	}
	if err := s.extend(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	return s, s.values()
}

func heapDiff(got, want []int) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d values, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			return fmt.Sprintf("G(%d) = %d, want %d", i, got[i], want[i])
		}
	}
	return ""
}

func TestPlainHeapValuesPublished(t *testing.T) {
	grundy := heapReadValues(t, "testdata/heap_a002188.txt")
	chess := heapReadValues(t, "testdata/heap_a002187.txt")
	kayles := append([]int{0}, chess[:len(chess)-1]...)
	tests := []struct {
		name string
		r    sente.HeapRules
		want []int
	}{
		{"Grundy's game (A002188)", heapGrundysGame, grundy},
		{"Grundy's game (brief)", heapGrundysGame, []int{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0}},
		{"Dawson's chess 0.137 (A002187)", heapCode(t, "0.137"), chess},
		{"Dawson's Kayles 0.07 (A002187 shifted)", heapCode(t, "0.07"), kayles},
		{"subtraction {1,3,4}", heapSubtraction(1, 3, 4), []int{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}},
		{"0.3033 is subtraction {1,3,4}", heapCode(t, "0.3033"), []int{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}},
		{"Kayles 0.77", heapCode(t, "0.77"), []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7}},
		{"nim to 3 (0.333)", heapCode(t, "0.333"), []int{0, 1, 2, 3, 0, 1, 2, 3, 0}},
		{"no moves", sente.HeapRules{}, []int{0, 0, 0, 0}},
		{"splitting only (4.)", heapCode(t, "4."), []int{0, 0, 1, 0, 1, 0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.want) < 4 {
				t.Fatalf("only %d values", len(tt.want))
			}
			n := len(tt.want) - 1
			if d := heapDiff(PlainHeapValues(tt.r, n), tt.want); d != "" {
				t.Errorf("PlainHeapValues: %s", d)
			}
			got, err := HeapValues(context.Background(), tt.r, n)
			if err != nil {
				t.Fatal(err)
			}
			if d := heapDiff(got, tt.want); d != "" {
				t.Errorf("HeapValues: %s", d)
			}
		})
	}
}

func TestHeapValuesEdges(t *testing.T) {
	if g := PlainHeapValues(heapGrundysGame, -1); g != nil {
		t.Errorf("PlainHeapValues(-1) = %v, want nil", g)
	}
	if _, err := HeapValues(context.Background(), heapGrundysGame, -1); err == nil {
		t.Error("HeapValues(-1) gave no error")
	}
	for _, r := range []sente.HeapRules{heapGrundysGame, heapSubtraction(1, 2), {}, {Digits: []uint8{0, 0, 0}}} {
		g, err := HeapValues(context.Background(), r, 0)
		if err != nil || !slices.Equal(g, []int{0}) {
			t.Errorf("%s: HeapValues(0) = %v, %v; want [0]", heapRulesName(r), g, err)
		}
	}
	// Bits above 4 in a digit mean nothing, as in Options.
	odd := sente.HeapRules{Digits: []uint8{8, 9, 0xfe, 8}}
	got, err := HeapValues(context.Background(), odd, 200)
	if err != nil {
		t.Fatal(err)
	}
	if d := heapDiff(got, PlainHeapValues(odd, 200)); d != "" {
		t.Error(d)
	}
}

// heapCheckSolvers compares, for r, PlainHeapValues with HeapValues, the plain
// method forced, the automatic choice made early, and the sparse method
// forced with every choice in masks.
func heapCheckSolvers(t *testing.T, r sente.HeapRules, n int, masks []uint32) {
	t.Helper()
	want := PlainHeapValues(r, n)
	got, err := HeapValues(context.Background(), r, n)
	if err != nil {
		t.Fatal(err)
	}
	if d := heapDiff(got, want); d != "" {
		t.Fatalf("%s: HeapValues: %s", heapRulesName(r), d)
	}
	if _, got := heapSolve(t, r, n, (*heapSolver).forcePlain); heapDiff(got, want) != "" {
		t.Fatalf("%s: plain method: %s", heapRulesName(r), heapDiff(got, want))
	}
	if _, got := heapSolve(t, r, n, func(s *heapSolver) { s.checkpoint = 32 }); heapDiff(got, want) != "" {
		t.Fatalf("%s: choosing from 32 on: %s", heapRulesName(r), heapDiff(got, want))
	}
	for _, m := range masks {
		for w := range uint32(2) {
			for rl := range uint32(2) {
				_, got := heapSolve(t, r, n, func(s *heapSolver) { s.forceSparse(m, w, rl) })
				if d := heapDiff(got, want); d != "" {
					t.Fatalf("%s: sparse method, mask %#x twist %d rare label %d: %s", heapRulesName(r), m, w, rl, d)
				}
			}
		}
	}
}

func TestHeapValuesAllThreeDigitCodes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this long sweep: both heap solvers on all 512 three-digit octal codes (about 1 s)")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for code := range 512 {
		r := sente.HeapRules{Digits: []uint8{0, uint8(code >> 6), uint8(code >> 3 & 7), uint8(code & 7)}}
		heapCheckSolvers(t, r, 300, []uint32{rng.Uint32() & 15, ^rng.Uint32() & 7})
	}
}

func TestHeapValuesRandomCodes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this long sweep: both heap solvers on 150 random octal codes (about 1 s)")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 150 {
		var r sente.HeapRules
		switch rng.IntN(3) {
		case 0: // 0.d1d2d3d4
			r.Digits = []uint8{0, uint8(rng.IntN(8)), uint8(rng.IntN(8)), uint8(rng.IntN(8)), uint8(rng.IntN(8))}
		case 1: // 4.d1 to 4.d1d2d3
			r.Digits = []uint8{4}
			for range 1 + rng.IntN(3) {
				r.Digits = append(r.Digits, uint8(rng.IntN(8)))
			}
		default: // longer codes, sometimes unequal
			for range 2 + rng.IntN(7) {
				r.Digits = append(r.Digits, uint8(rng.IntN(8)))
			}
			r.Digits[0] &= 4
			r.Unequal = rng.IntN(2) == 0
		}
		heapCheckSolvers(t, r, 400, []uint32{0, rng.Uint32() & 31, ^uint32(1)})
	}
}

func TestHeapValuesSubtraction(t *testing.T) {
	for _, set := range [][]int{{1}, {2}, {1, 2}, {1, 2, 3}, {1, 3, 4}, {2, 5, 7}, {1, 4, 9, 16, 25}, {3, 5, 8, 13, 21, 34}, {1, 2, 4, 8, 16, 32, 64}} {
		r := heapSubtraction(set...)
		want := PlainHeapValues(r, 3000)
		got, err := HeapValues(context.Background(), r, 3000)
		if err != nil {
			t.Fatal(err)
		}
		if d := heapDiff(got, want); d != "" {
			t.Errorf("subtraction %v: %s", set, d)
		}
	}
}

// TestSparseMasks forces the sparse method with good, poor and silly masks
// on games that split, from G(0) on; it must be exact whatever the mask.
func TestSparseMasks(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this long sweep: the sparse method under 11 masks on six splitting games to G(1500) (about 1 s)")
	}
	masks := []uint32{0, 1, 2, 3, 6, 0x15, 0xff, ^uint32(0), ^uint32(1), ^uint32(6), 0x80000000}
	games := []sente.HeapRules{heapGrundysGame, heapCode(t, "0.16"), heapCode(t, "0.77"), heapCode(t, "0.137"), heapCode(t, "0.127"), heapCode(t, "4.7"), heapCode(t, "0.4"), {Digits: []uint8{0, 4, 4}, Unequal: true}}
	for _, r := range games {
		heapCheckSolvers(t, r, 1500, masks)
	}
}

func TestHeapValuesGrundysGame(t *testing.T) {
	const n = 3000
	want := PlainHeapValues(heapGrundysGame, n)
	got, err := HeapValues(context.Background(), heapGrundysGame, n)
	if err != nil {
		t.Fatal(err)
	}
	if d := heapDiff(got, want); d != "" {
		t.Fatal(d)
	}
	// Flammenkamp's bitstring 0111... (all bits but the lowest): rare heaps
	// are those whose value, less its lowest bit, has an even number of ones.
	s, got := heapSolve(t, heapGrundysGame, n, func(s *heapSolver) { s.forceSparse(^uint32(1), 0, 0) })
	if d := heapDiff(got, want); d != "" {
		t.Fatal(d)
	}
	if len(s.rare) > n/4 {
		t.Errorf("%d rare heaps up to %d with the published mask", len(s.rare), n)
	}
}

// TestHeapValuesChoosesSparse checks, past the first checkpoint, that the
// sparse method is chosen with a good mask for games known to have a sparse
// space, and that its values equal the plain method's.
func TestHeapValuesChoosesSparse(t *testing.T) {
	n := 3 * sparseStretch
	if testing.Short() {
		n = sparseStretch + 500
	}
	for _, tt := range []struct {
		r       sente.HeapRules
		maxRare int
	}{
		{heapGrundysGame, 1300}, // Flammenkamp knows 1287 rare values in all
		{heapCode(t, "0.16"), 100},
	} {
		s, got := heapSolve(t, tt.r, n, nil)
		if !s.sparse {
			t.Errorf("%s: the sparse method was not chosen", heapRulesName(tt.r))
		}
		if len(s.rare) > tt.maxRare {
			t.Errorf("%s: %d rare heaps up to %d with mask %#x, want at most %d", heapRulesName(tt.r), len(s.rare), n, s.mask, tt.maxRare)
		}
		_, want := heapSolve(t, tt.r, n, (*heapSolver).forcePlain)
		if d := heapDiff(got, want); d != "" {
			t.Errorf("%s: %s", heapRulesName(tt.r), d)
		}
	}
}

// TestHeapValuesNoSparseSpace checks a game whose values have no sparse
// space (Kayles-like codes with every take splitting) still comes out right
// past the first checkpoint, whichever method is chosen.
func TestHeapValuesNoSparseSpace(t *testing.T) {
	for _, code := range []string{"0.777", "0.6", "4.4"} {
		r := heapCode(t, code)
		n := sparseStretch + 1000
		got, err := HeapValues(context.Background(), r, n)
		if err != nil {
			t.Fatal(err)
		}
		_, want := heapSolve(t, r, n, (*heapSolver).forcePlain)
		if d := heapDiff(got, want); d != "" {
			t.Errorf("%s: %s", code, d)
		}
	}
}

func TestHeapValuesCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, r := range []sente.HeapRules{heapGrundysGame, heapSubtraction(1, 2)} {
		g, err := HeapValues(ctx, r, 1<<20)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: error %v, want context.Canceled", heapRulesName(r), err)
		}
		if len(g) > 1<<20 {
			t.Errorf("%s: %d values after cancelling", heapRulesName(r), len(g))
		}
		if d := heapDiff(g, PlainHeapValues(r, len(g)-1)); d != "" {
			t.Errorf("%s: the prefix returned is wrong: %s", heapRulesName(r), d)
		}
	}
	if _, _, err := FindHeapPeriod(ctx, heapCode(t, "0.16"), 1<<20); !errors.Is(err, context.Canceled) {
		t.Errorf("FindHeapPeriod: error %v, want context.Canceled", err)
	}
}

// TestFindHeapPeriodPublished pins published periods and preperiods.
func TestFindHeapPeriodPublished(t *testing.T) {
	tests := []struct {
		name     string
		r        sente.HeapRules
		from     int // the smallest e with G(n+p) = G(n) for n >= e
		length   int
		theorem  string
		slowOnly bool
	}{
		// Period 12; the last exceptional value is G(70).
		{"Kayles 0.77", heapCode(t, "0.77"), 71, 12, "Guy-Smith", false},
		// A002187: Dawson's chess has period 34 with exceptions at 0, 14,
		// 16, 17, 31, 34 and 51; Dawson's Kayles is the same shifted by one.
		{"Dawson's chess 0.137", heapCode(t, "0.137"), 52, 34, "Guy-Smith", false},
		{"Dawson's Kayles 0.07", heapCode(t, "0.07"), 53, 34, "Guy-Smith", false},
		{"subtraction {1,3,4}", heapSubtraction(1, 3, 4), 0, 7, "finite memory", false},
		{"0.3033", heapCode(t, "0.3033"), 0, 7, "finite memory", false},
		{"subtraction {1,2,3} (the count game)", heapSubtraction(1, 2, 3), 0, 4, "finite memory", false},
		{"subtraction {2,5,7}", heapSubtraction(2, 5, 7), 0, 22, "finite memory", false},
		{"nim to 3 (0.333)", heapCode(t, "0.333"), 0, 4, "finite memory", false},
		{"no moves", sente.HeapRules{}, 0, 1, "no heap has a move", false},
		// A071435: period 20, last exception at 496.
		{"0.177", heapCode(t, "0.177"), 497, 20, "Guy-Smith", false},
		// A071453: period 48, exceptions up to 46; 0.051 is it shifted.
		{"0.117", heapCode(t, "0.117"), 47, 48, "Guy-Smith", false},
		{"0.051", heapCode(t, "0.051"), 48, 48, "Guy-Smith", false},
		// A071452: period 32, last exception at 186.
		{"0.11377", heapCode(t, "0.11377"), 187, 32, "Guy-Smith", false},
		// A125829: period 14, the only exception at 0.
		{"0.115", heapCode(t, "0.115"), 1, 14, "Guy-Smith", false},
		// A071464 (Gangolli and Plambeck): period 4, last exception at 46577.
		{"0.127", heapCode(t, "0.127"), 46578, 4, "Guy-Smith", true},
		// Splitting into any two heaps: 1 for odd heaps, 0 for even, from 1.
		{"4.", heapCode(t, "4."), 1, 2, "digit 0", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.slowOnly && testing.Short() {
				t.Skip("slow")
			}
			per, ok, s, err := findHeapPeriod(context.Background(), tt.r, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if !ok || !per.Proven {
				t.Fatalf("no proven period: %+v, %v", per, ok)
			}
			if per.From != tt.from || per.Length != tt.length {
				t.Errorf("period %d from %d, want %d from %d", per.Length, per.From, tt.length, tt.from)
			}
			if !strings.Contains(per.Proof, tt.theorem) {
				t.Errorf("proof does not name %s: %s", tt.theorem, per.Proof)
			}
			for _, want := range []string{fmt.Sprintf("p = %d", tt.length), fmt.Sprintf("e = %d", tt.from)} {
				if !strings.Contains(per.Proof, want) {
					t.Errorf("proof does not say %q: %s", want, per.Proof)
				}
			}
			// The values computed go no further than the proof needs.
			th, mt := heapTheoryOf(tt.r)
			if need := heapPeriodNeeds(th, mt, tt.from, tt.length); s.len() > max(2*need, 1025) {
				t.Errorf("computed %d values; the proof needs %d", s.len(), need+1)
			}
			p2, ok2, err := FindHeapPeriod(context.Background(), tt.r, 1<<20)
			if err != nil || !ok2 || p2 != per {
				t.Errorf("FindHeapPeriod = %+v, %v, %v; want %+v", p2, ok2, err, per)
			}
		})
	}
}

func TestFindHeapPeriodProofText(t *testing.T) {
	per, ok, err := FindHeapPeriod(context.Background(), heapCode(t, "0.77"), 10000)
	if err != nil || !ok {
		t.Fatal(per, ok, err)
	}
	for _, want := range []string{"Guy-Smith periodicity theorem", "t = 2", "p = 12", "e = 71", "71 <= n < 156", "G(167)"} {
		if !strings.Contains(per.Proof, want) {
			t.Errorf("Kayles proof lacks %q: %s", want, per.Proof)
		}
	}
	per, ok, err = FindHeapPeriod(context.Background(), heapSubtraction(1, 3, 4), 10000)
	if err != nil || !ok {
		t.Fatal(per, ok, err)
	}
	for _, want := range []string{"finite memory", "t = 4", "p = 7", "s = 1"} {
		if !strings.Contains(per.Proof, want) {
			t.Errorf("subtraction proof lacks %q: %s", want, per.Proof)
		}
	}
}

func TestFindHeapPeriodGrundysGame(t *testing.T) {
	per, ok, s, err := findHeapPeriod(context.Background(), heapGrundysGame, 20000)
	if err != nil {
		t.Fatal(err)
	}
	if per.Proven {
		t.Errorf("Grundy's game has a proven period: %+v", per)
	}
	if ok {
		t.Errorf("Grundy's game shows a period up to 20000: %+v", per)
	}
	if s.len() != 20001 {
		t.Errorf("computed %d values, want all 20001", s.len())
	}
}

// TestFindHeapPeriodConjecture: splits into unequal heaps have no theorem,
// so a period seen is only a conjecture.
func TestFindHeapPeriodConjecture(t *testing.T) {
	r := sente.HeapRules{Digits: []uint8{4, 3, 3}, Unequal: true} // 0 1 2 0 3 1 2 0 3 1 2 ...
	per, ok, err := FindHeapPeriod(context.Background(), r, 5000)
	if err != nil {
		t.Fatal(err)
	}
	if !ok || per.Proven || !strings.Contains(per.Proof, "Conjecture") || per.From != 1 || per.Length != 4 {
		t.Fatalf("want a conjecture, got %+v, %v", per, ok)
	}
	g := PlainHeapValues(r, 5000)
	for n := per.From; n+per.Length <= 5000; n++ {
		if g[n+per.Length] != g[n] {
			t.Fatalf("conjecture %+v fails at %d", per, n)
		}
	}
}

// TestFindHeapPeriodHoldsFurther checks every proven period of the three
// digit codes and of codes 4.d1d2 far past the values its proof used, and
// that no smaller period or earlier start holds there: the theorems, and
// their windows, are applied right.
func TestFindHeapPeriodHoldsFurther(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this long sweep: every proven period of the three-digit octal codes and of 4.d1d2 checked far past its proof (about 4 s)")
	}
	var rules []sente.HeapRules
	for code := range 512 {
		rules = append(rules, sente.HeapRules{Digits: []uint8{0, uint8(code >> 6), uint8(code >> 3 & 7), uint8(code & 7)}})
	}
	for code := range 64 {
		rules = append(rules, sente.HeapRules{Digits: []uint8{4, uint8(code >> 3), uint8(code & 7)}})
	}
	proven := 0
	for _, r := range rules {
		per, ok, s, err := findHeapPeriod(context.Background(), r, 4000)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		if !per.Proven {
			t.Errorf("%s: a period that is not proven: %+v", heapRulesName(r), per)
			continue
		}
		proven++
		n := max(4*s.len(), 2000)
		_, g := heapSolve(t, r, n, nil)
		for k := per.From; k+per.Length <= n; k++ {
			if g[k+per.Length] != g[k] {
				t.Fatalf("%s: %+v fails at %d", heapRulesName(r), per, k)
			}
		}
		if per.From > 0 && g[per.From-1+per.Length] == g[per.From-1] {
			t.Errorf("%s: %+v also holds from %d", heapRulesName(r), per, per.From-1)
		}
		for q := 1; q < per.Length; q++ {
			if per.Length%q == 0 && g[n-q] == g[n] {
				holds := true
				for k := n - q; k >= n/2; k-- {
					if g[k+q] != g[k] {
						holds = false
						break
					}
				}
				if holds {
					t.Errorf("%s: %+v, but period %d holds over the upper half of %d values", heapRulesName(r), per, q, n)
				}
			}
		}
	}
	if proven < 300 {
		t.Errorf("only %d of %d codes proven periodic up to 4000", proven, len(rules))
	}
	t.Logf("%d of %d codes proven periodic", proven, len(rules))
}

func TestHeapPeriod(t *testing.T) {
	r := heapSubtraction(1, 3, 4)
	g := PlainHeapValues(r, 11) // s + t + p - 1 = 1 + 4 + 7 - 1
	per, ok := HeapPeriod(r, g)
	if !ok || !per.Proven || per.From != 0 || per.Length != 7 {
		t.Errorf("HeapPeriod(%v) = %+v, %v; want 7 from 0, proven", g, per, ok)
	}
	if per, ok := HeapPeriod(r, g[:11]); ok {
		t.Errorf("HeapPeriod(%v) = %+v; want none from too few values", g[:11], per)
	}
	if _, ok := HeapPeriod(r, nil); ok {
		t.Error("a period from no values")
	}
	// Kayles needs G(0..167) for its proof.
	k := heapCode(t, "0.77")
	if per, ok := HeapPeriod(k, PlainHeapValues(k, 166)); ok {
		t.Errorf("Kayles settled from 167 values: %+v", per)
	}
	if per, ok := HeapPeriod(k, PlainHeapValues(k, 167)); !ok || per.From != 71 || per.Length != 12 {
		t.Errorf("Kayles from 168 values: %+v, %v", per, ok)
	}
}

// TestSparseSwitchesMask starts the sparse method with a poor mask and lets
// the checkpoints choose again: the mask changes, the list of rare heaps is
// rebuilt, and the values stay exact.
func TestSparseSwitchesMask(t *testing.T) {
	const n = 3000
	for _, r := range []sente.HeapRules{heapGrundysGame, heapCode(t, "0.16")} {
		want := PlainHeapValues(r, n)
		s, got := heapSolve(t, r, n, func(s *heapSolver) {
			s.forceSparse(1, 1, 1)
			s.chosen, s.checkpoint = true, 256
		})
		if d := heapDiff(got, want); d != "" {
			t.Fatalf("%s: %s", heapRulesName(r), d)
		}
		if s.switches == 0 || s.mask == 1 {
			t.Errorf("%s: no switch from the poor mask: mask %#x, %d switches", heapRulesName(r), s.mask, s.switches)
		}
		var rare []int32
		for a := 1; a <= n; a++ {
			if s.sparse && s.isRare(a, int32(want[a])) {
				rare = append(rare, int32(a))
			}
		}
		if !slices.Equal(rare, s.rare) || len(s.rareVal) != len(s.rare) {
			t.Errorf("%s: the rare list is not the rare heaps", heapRulesName(r))
		}
	}
}

// TestHeapValuesDeadline stops a long computation part way.
func TestHeapValuesDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	g, err := HeapValues(ctx, heapGrundysGame, 1<<22)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopped after %v", d)
	}
	if len(g) > 1<<22 {
		t.Fatalf("%d values", len(g))
	}
	m := min(len(g), 2000)
	if d := heapDiff(g[:m], PlainHeapValues(heapGrundysGame, m-1)); m > 0 && d != "" {
		t.Error(d)
	}
}

// TestHeapValuesLargeValues: values past 255, and past the 10 bits that the
// chooser picks masks among, grow the stamp array and still come out right.
func TestHeapValuesLargeValues(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this long sweep: heap games whose values pass 255 and 1023 (about 1 s)")
	}
	for _, tt := range []struct {
		r   sente.HeapRules
		max int
	}{
		{sente.HeapRules{Digits: []uint8{0, 6, 6, 6, 6, 6, 6}}, 600},
		{sente.HeapRules{Digits: []uint8{0, 7, 7, 7, 7, 7, 7, 7, 7}, Unequal: true}, 800},
		{sente.HeapRules{Digits: slices.Repeat([]uint8{4}, 16), Unequal: true}, 1100},
	} {
		heapCheckSolvers(t, tt.r, 2000, []uint32{0x3ff, ^uint32(0x155)})
		if g := PlainHeapValues(tt.r, 2000); slices.Max(g) < tt.max {
			t.Errorf("%s: largest value %d, want at least %d", heapRulesName(tt.r), slices.Max(g), tt.max)
		}
	}
}

// TestDawsonExceptions pins A002187's "period 34 with the only exceptions at
// n=0, 14, 16, 17, 31, 34 and 51" for Dawson's chess, 0.137, and the same
// shifted by one for Dawson's Kayles, 0.07 (whose heap of 0 is one more).
func TestDawsonExceptions(t *testing.T) {
	for _, tt := range []struct {
		code  string
		shift int
	}{{"0.137", 0}, {"0.07", 1}} {
		g := PlainHeapValues(heapCode(t, tt.code), 400)
		var got []int
		for n := 0; n < 300; n++ {
			if g[n] != g[300+(n-300)%34+34] { // the periodic value, from far on
				got = append(got, n)
			}
		}
		want := []int{0, 14, 16, 17, 31, 34, 51}
		for i := range want {
			want[i] += tt.shift
		}
		if tt.shift > 0 {
			want = append([]int{0}, want...) // the empty row of 0.07 too
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: exceptions %v, want %v", tt.code, got, want)
		}
	}
}
