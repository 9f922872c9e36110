package cgt_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente/cgt"
)

func parse(t testing.TB, s string) cgt.Game {
	t.Helper()
	g, err := cgt.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return g
}

// bornBy enumerates the canonical forms born by each day up to n: day d+1
// is every {L | R} with L and R antichains of the games born by day d
// (dominated options change nothing, so antichains are enough).
func bornBy(n int) [][]cgt.Game {
	days := [][]cgt.Game{{cgt.Zero}}
	for d := 1; d <= n; d++ {
		prev := days[d-1]
		var chains [][]cgt.Game
		var cur []cgt.Game
		var walk func(i int)
		walk = func(i int) {
			if i == len(prev) {
				chains = append(chains, slices.Clone(cur))
				return
			}
			walk(i + 1)
			for _, c := range cur {
				if c.Compare(prev[i]) != cgt.Confused {
					return
				}
			}
			cur = append(cur, prev[i])
			walk(i + 1)
			cur = cur[:len(cur)-1]
		}
		walk(0)
		seen := map[cgt.Game]bool{}
		var next []cgt.Game
		for _, l := range chains {
			for _, r := range chains {
				if g := cgt.New(l, r); !seen[g] {
					seen[g] = true
					next = append(next, g)
				}
			}
		}
		days = append(days, next)
	}
	return days
}

// TestBornByDay counts the distinct canonical forms born by days 1, 2 and
// 3: 4, 22 and 1474 (Siegel, Combinatorial Game Theory, ch. III, "the
// games born by day n": |G_1| = 4, |G_2| = 22, |G_3| = 1474), and names the
// 22 of day 2.
func TestBornByDay(t *testing.T) {
	days := bornBy(3)
	for d, want := range []int{1, 4, 22, 1474} {
		if got := len(days[d]); got != want {
			t.Errorf("%d games born by day %d; want %d", got, d, want)
		}
		for _, g := range days[d] {
			if g.Birthday() > d {
				t.Errorf("%s is among the games born by day %d but has birthday %d", g, d, g.Birthday())
			}
		}
	}
	var names []string
	for _, g := range days[2] {
		names = append(names, g.String())
	}
	slices.Sort(names)
	// The 22 games born by day 2 (Siegel, ch. III; Winning Ways, ch. 3).
	want := []string{"*", "*2", "+-1", "-1", "-1*", "-1/2", "-2", "0", "1", "1*", "1/2", "2", "^", "^*",
		"v", "v*", "{0,*|-1}", "{0|-1}", "{1|*}", "{1|0,*}", "{1|0}", "{*|-1}"}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("the games born by day 2 are\n%q\nwant\n%q", names, want)
	}
}

// TestWorkedValues pins values worked in the books, in the text form.
func TestWorkedValues(t *testing.T) {
	for _, tc := range []struct {
		expr, want string
		why        string
	}{
		// Canonical forms of the infinitesimals (Siegel, CGT, II.4;
		// Winning Ways, ch. 3).
		{"{0|*}", "^", "↑ = {0|*}"},
		{"{0,*|0}", "^*", "↑* = {0,*|0}"},
		{"{0|^*}", "^^", "⇑ = {0|↑*}"},
		{"{0|^}", "^^*", "⇑* = {0|↑}"},
		{"^+^+*", "^^*", "↑ + ↑ + * = ⇑*"},
		{"^+^", "^^", "↑ + ↑ = ⇑"},
		{"^+v", "0", "↑ + ↓ = 0"},
		{"{0|*2}", "^*3", "{0 | *n} = ↑*(n⊕1) for n ≥ 2: ↑*3 = {0|*2}"},
		{"^+*2", "^*2", "↑ + *2 = ↑*2"},
		{"{0|^*2}", "^^*3", "the same rule one level up"},
		{"*2+*3", "*", "nim-sum: 2 ⊕ 3 = 1"},
		{"*+*", "0", "* + * = 0"},
		{"{*|*}", "0", "the reversible option * is bypassed"},
		{"{^|v}", "*", "±↑ = {↑|↓} = *: both options reverse through *"},
		// Numbers by the simplicity rule (Conway, ONAG, ch. 2).
		{"{0|1}", "1/2", "{0|1} = 1/2"},
		{"{1/2|1}", "3/4", "{1/2|1} = 3/4"},
		{"{0|}", "1", "{0|} = 1"},
		{"{|}", "0", "{|} = 0"},
		{"{-1|5}", "0", "the simplest number between -1 and 5"},
		{"{1|4}", "2", "the simplest number between 1 and 4"},
		{"{5/8|7/8}", "3/4", "the simplest number between 5/8 and 7/8"},
		{"1/2+1/2", "1", "1/2 + 1/2 = 1"},
		{"{*|}", "0", "{*|} = 0: Left's move to * reverses through 0"},
		// Switches and hot games (Winning Ways, ch. 6).
		{"{1|-1}", "+-1", "±1"},
		{"+-1++-1", "0", "±1 + ±1 = 0"},
		{"{1|0}+{1|0}", "1", "{1|0} + {1|0} = 1"},
		{"3+-1", "{4|2}", "3 ± 1 = {4|2}"},
		{"+-{2|1}", "+-{2|1}", "±{2|1} = {{2|1}|{-1|-2}}"},
		{"{{2|1}|{-1|-2}}", "+-{2|1}", "the same switch written out"},
		{"{3|{2|1}}", "{3||2|1}", "a lone option's braces dropped, two bars"},
		{"{0|{0|-1}}", "{0||0|-1}", "tiny-one"},
		{"{1,*|-1,*}", "+-1", "* dominated on both sides"},
		{"{0,1|}", "2", "0 dominated by 1"},
	} {
		g := parse(t, tc.expr)
		if got := g.String(); got != tc.want {
			t.Errorf("%s = %s; want %s (%s)", tc.expr, got, tc.want, tc.why)
		}
	}
}

// TestComparisons pins comparisons the books state.
func TestComparisons(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want cgt.Relation
	}{
		{"^*", "0", cgt.Confused}, // ↑* ‖ 0 (Siegel, II.4)
		{"^", "0", cgt.Greater},   // ↑ > 0
		{"^", "*", cgt.Confused},  // ↑ ‖ *
		{"^^", "*", cgt.Greater},  // ⇑ > * (⇑* > 0)
		{"^^*", "0", cgt.Greater},
		{"*", "0", cgt.Confused},
		{"+-1", "0", cgt.Confused},
		{"1/2", "^", cgt.Greater}, // every positive number exceeds every infinitesimal
		{"{0||0|-1}", "0", cgt.Greater},
		{"{0||0|-1}", "^", cgt.Less}, // tiny-one is below ↑
		{"{1|0}", "1/2", cgt.Confused},
		{"*2+*3", "*", cgt.Equal},
	} {
		if got := parse(t, tc.a).Compare(parse(t, tc.b)); got != tc.want {
			t.Errorf("%s %s %s; want %s", tc.a, got, tc.b, tc.want)
		}
	}
}

// TestOutcomes: the outcome class is the sign of the game.
func TestOutcomes(t *testing.T) {
	for expr, want := range map[string]cgt.Outcome{
		"0": cgt.P, "*": cgt.N, "^": cgt.L, "v": cgt.R, "^*": cgt.N, "+-1": cgt.N, "1/2": cgt.L, "-3": cgt.R,
		"{0||0|-1}": cgt.L, "^^*": cgt.L, "*2+*2": cgt.P,
	} {
		if got := parse(t, expr).Outcome(); got != want {
			t.Errorf("%s: outcome %s; want %s", expr, got, want)
		}
	}
}

// TestStopsAndBirthdays pins stops and birthdays by their definitions.
func TestStopsAndBirthdays(t *testing.T) {
	for _, tc := range []struct {
		expr     string
		ls, rs   string
		birthday int
	}{
		{"0", "0", "0", 0},
		{"3", "3", "3", 3},
		{"-1/4", "-1/4", "-1/4", 3},
		{"3/2", "3/2", "3/2", 3},
		{"*", "0", "0", 1},
		{"*3", "0", "0", 3},
		{"^", "0", "0", 2},
		{"^*", "0", "0", 2},
		{"^^*", "0", "0", 3},
		{"^3", "0", "0", 4},
		{"+-1", "1", "-1", 2},
		{"{3||2|1}", "3", "2", 4},
		{"{2|-1}", "2", "-1", 3},
		{"1/2^*", "1/2", "1/2", 4},
	} {
		g := parse(t, tc.expr)
		if g.LeftStop().String() != tc.ls || g.RightStop().String() != tc.rs || g.Birthday() != tc.birthday {
			t.Errorf("%s: stops %s, %s, birthday %d; want %s, %s, %d", tc.expr, g.LeftStop(), g.RightStop(), g.Birthday(), tc.ls, tc.rs, tc.birthday)
		}
	}
}

// TestThermographs pins means, temperatures and walls. A switch {a|b} of
// numbers a > b has mean (a+b)/2 and temperature (a-b)/2; {3||2|1} cools
// to {3-t | 2} below 1/2 and {3-t | 3/2+t} above, which meet at t = 3/4,
// 9/4 (Winning Ways, ch. 6, "The Heat of Battle"; Siegel, II.5).
func TestThermographs(t *testing.T) {
	for _, tc := range []struct {
		expr, mean, temp string
		left, right      string // Trajectory.String
	}{
		{"+-1", "0", "1", "2@-1/-1 0@1/0", "-2@-1/1 0@1/0"},
		{"{2|-1}", "1/2", "3/2", "3@-1/-1 1/2@3/2/0", "-2@-1/1 1/2@3/2/0"},
		{"{3||2|1}", "9/4", "3/4", "4@-1/-1 9/4@3/4/0", "2@-1/0 2@1/2/1 9/4@3/4/0"},
		{"{4|2}", "3", "1", "5@-1/-1 3@1/0", "1@-1/1 3@1/0"},
		{"*", "0", "0", "1@-1/-1 0@0/0", "-1@-1/1 0@0/0"},
		{"^", "0", "0", "1@-1/-1 0@0/0", "0@-1/0"},
		{"{1|*}", "1/2", "1/2", "2@-1/-1 1/2@1/2/0", "0@-1/0 0@0/1 1/2@1/2/0"},
		{"{0|-1}", "-1/2", "1/2", "1@-1/-1 -1/2@1/2/0", "-2@-1/1 -1/2@1/2/0"},
		{"3", "3", "-1", "3@-1/0", "3@-1/0"},
		{"3/4", "3/4", "-1/4", "3/4@-1/0", "3/4@-1/0"},
	} {
		th := parse(t, tc.expr).Thermograph()
		if th.Mean.String() != tc.mean || th.Temperature.String() != tc.temp || th.Left.String() != tc.left || th.Right.String() != tc.right {
			t.Errorf("%s: mean %s, temperature %s, walls %q and %q; want %s, %s, %q, %q",
				tc.expr, th.Mean, th.Temperature, th.Left, th.Right, tc.mean, tc.temp, tc.left, tc.right)
		}
	}
}

// TestThermographLaws checks, over every game born by day 2 and their
// sums in pairs, that the mean is additive (Conway's mean value theorem),
// that a sum is no hotter than its hotter part, that the stops lie on the
// walls at temperature 0 for games that are not numbers, and that a game
// is within its temperature of its mean.
func TestThermographLaws(t *testing.T) {
	days := bornBy(2)
	games := days[2]
	for _, g := range games {
		th := g.Thermograph()
		if !g.IsNumber() && th.Temperature.Sign() >= 0 {
			zero := cgt.Int(0)
			if th.Left.At(zero) != g.LeftStop() || th.Right.At(zero) != g.RightStop() {
				t.Errorf("%s: walls at 0 are %s and %s; stops %s and %s", g, th.Left.At(zero), th.Right.At(zero), g.LeftStop(), g.RightStop())
			}
		}
		for _, h := range games {
			s := g.Add(h)
			if got, want := s.Mean(), g.Mean().Add(h.Mean()); got != want {
				t.Errorf("mean(%s + %s) = %s; the means add to %s", g, h, got, want)
			}
			hot := g.Temperature()
			if hot.Less(h.Temperature()) {
				hot = h.Temperature()
			}
			if hot.Less(s.Temperature()) {
				t.Errorf("%s + %s = %s has temperature %s, above its parts' %s and %s", g, h, s, s.Temperature(), g.Temperature(), h.Temperature())
			}
		}
	}
}

// TestAtomicWeights pins atomic weights (Winning Ways, ch. 8; Siegel,
// II.7) and checks that they add over sums of all-small games born by day 3.
func TestAtomicWeights(t *testing.T) {
	for expr, want := range map[string]string{
		"0": "0", "*": "0", "*2": "0", "^": "1", "v": "-1", "^*": "1", "^^*": "2", "^3*2": "3",
		"{0||0|-1}": "",  // not all-small: {0|-1} has a Right move to -1, which has none for Left... -1 is not all-small
		"{0|^^*}":   "3", // ↑3* = {0|⇑}... rather {0 | ⇑*} is ↑3: atomic weight 3
	} {
		g := parse(t, expr)
		w, err := g.AtomicWeight()
		if want == "" {
			if err == nil {
				t.Errorf("%s: atomic weight %s; want an error, the game is not all-small", expr, w)
			}
			continue
		}
		if err != nil || w.String() != want {
			t.Errorf("%s: atomic weight %s (%v); want %s", expr, w, err, want)
		}
	}
	var small []cgt.Game
	for _, g := range bornBy(3)[3] {
		if g.IsAllSmall() {
			small = append(small, g)
		}
	}
	if len(small) < 20 {
		t.Fatalf("only %d all-small games born by day 3", len(small))
	}
	for i, g := range small {
		h := small[(i*7+3)%len(small)]
		wg, _ := g.AtomicWeight()
		wh, _ := h.AtomicWeight()
		ws, err := g.Add(h).AtomicWeight()
		if err != nil || ws != wg.Add(wh) {
			t.Errorf("aw(%s + %s) = %s (%v); aw(%s) + aw(%s) = %s + %s", g, h, ws, err, g, h, wg, wh)
		}
	}
}

// TestReduced pins reduced canonical forms (Siegel, II.6) and checks over
// the games born by day 3 that a game and its reduced form differ by an
// infinitesimal, that reducing is idempotent and that it never makes a
// game older.
func TestReduced(t *testing.T) {
	for expr, want := range map[string]string{
		"^": "0", "*": "0", "^^*": "0", "1/2^*": "1/2", "+-1+^": "+-1", "{1|^}": "{1|0}", "{2|-1}": "{2|-1}",
		"{1|0}+*": "{1|0}", "{0||0|-1}": "0",
	} {
		if got := parse(t, expr).Reduced().String(); got != want {
			t.Errorf("rcf(%s) = %s; want %s", expr, got, want)
		}
	}
	for _, g := range bornBy(3)[3] {
		r := g.Reduced()
		d := g.Sub(r)
		if !d.IsInfinitesimal() {
			t.Errorf("%s - rcf %s = %s is not infinitesimal", g, r, d)
		}
		if r.Reduced() != r {
			t.Errorf("rcf(%s) = %s, but rcf(%s) = %s", g, r, r, r.Reduced())
		}
		if r.Birthday() > g.Birthday() {
			t.Errorf("rcf(%s) = %s is born later", g, r)
		}
	}
}

// TestTextRoundTrip: every game born by day 3, and sums of them, read back
// from String and from Pretty as themselves.
func TestTextRoundTrip(t *testing.T) {
	games := bornBy(3)[3]
	for i, g := range games {
		for _, text := range []string{g.String(), g.Pretty()} {
			if back := parse(t, text); back != g {
				t.Errorf("%s reads back as %s", text, back)
			}
		}
		if i%37 == 0 {
			s := g.Add(games[(i*13)%len(games)])
			if back := parse(t, s.String()); back != s {
				t.Errorf("%s reads back as %s", s, back)
			}
		}
	}
}

// TestParseForms reads the other forms the books and CGSuite use.
func TestParseForms(t *testing.T) {
	for expr, want := range map[string]string{
		"↑":             "^",
		"⇑*":            "^^*",
		"^2":            "^^",
		"^2*3":          "^^*3",
		"v3":            "v3",
		"vvv":           "v3",
		"±1":            "+-1",
		"± 1":           "+-1",
		"1/2 + ^":       "1/2^",
		"-1/4":          "-1/4",
		"{ 0 , * | 0 }": "^*",
		"{3|{2|1}}":     "{3||2|1}",
		"(1+*)+(-1)":    "*",
		"-^":            "v",
		"-(1/2^*)":      "-1/2v*",
		"-1v*":          "-1v*",
		"+-(1,2)":       "+-2",
		"{a|b}":         "",
		"{1||2||3}":     "",
		"{1|2":          "",
		"1/3":           "",
		"*x":            "",
		"":              "",
		"{1}":           "",
		"**":            "",
	} {
		g, err := cgt.Parse(expr)
		if want == "" {
			if err == nil {
				t.Errorf("Parse(%q) = %s; want an error", expr, g)
			} else if !strings.Contains(err.Error(), "want") {
				t.Errorf("Parse(%q): %v does not say what is wanted", expr, err)
			}
			continue
		}
		if err != nil || g.String() != want {
			t.Errorf("Parse(%q) = %s (%v); want %s", expr, g, err, want)
		}
	}
}

// TestParseLimits: input that would take too long is refused, not run.
func TestParseLimits(t *testing.T) {
	for _, expr := range []string{
		strings.Repeat("{", 40) + "0|" + strings.Repeat("}", 40),
		"*100000",
		"^5000",
		"1/1099511627776",
		"99999999999999999999",
		strings.Repeat("{1|-1}+", 2000) + "0",
		// Few forms, but options compared pair by pair over and over: a
		// bound on forms alone let these run for seconds to minutes.
		"*400+{1|0}",
		"^1024*1000+v1000*3+{^1000|v900}+{1|^1000*7}",
	} {
		if g, err := cgt.Parse(expr); err == nil {
			t.Errorf("Parse(%.40q…) = %s; want an error", expr, g)
		}
	}
}

// FuzzParse: parsing never panics, an error says what is wanted, and
// what parses prints in a form that reads back as the same game.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "{1|*}", "^*", "v", "+-1", "1/2", "{3||2|1}", "*2", "+-{2|1}", "^^*3", "{0,*|0}", "-1/4", "{|}",
		"1/2+^", "{1|0}+{1|0}", "±(1,*)", "{0||0|-1}", "⇑*", "{{1|0}|{0|-1}}", "3+-1", "(1+*)", "-1v*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return
		}
		g, err := cgt.Parse(s)
		if err != nil {
			if !strings.Contains(err.Error(), "want") {
				t.Errorf("Parse(%q): %v does not say what is wanted", s, err)
			}
			return
		}
		for _, text := range []string{g.String(), g.Pretty()} {
			back, err := cgt.Parse(text)
			if err != nil || back != g {
				t.Fatalf("Parse(%q) = %s, written %q, which reads back as %v (%v)", s, g, text, back, err)
			}
		}
	})
}
