package explain_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
)

// TestWorthOfNotation: the verdict, the winners with each side starting,
// and the reason given, for games of each kind the reasons tell apart.
func TestWorthOfNotation(t *testing.T) {
	for _, tc := range []struct {
		text, verdict, leftFirst, rightFirst, why string
	}{
		{"0", "0: whoever starts loses", "right", "left", "is 0: every move has an answer"},
		{"2", "2: Left wins whoever starts", "left", "left", "is the number 2: Left is 2 moves ahead"},
		{"-1", "-1: Right wins whoever starts", "right", "right", "Right is 1 move ahead"},
		{"1/2+^", "1/2↑: Left wins whoever starts", "left", "left", "the number 1/2 plus ↑, which is infinitesimal"},
		{"-1v*", "-1↓*: Right wins whoever starts", "right", "right", "the number -1 plus ↓*"},
		{"*", "*: whoever starts wins", "left", "right", "confused with 0, as * is"},
		{"^", "↑: Left wins whoever starts", "left", "left", "infinitesimal (both stops are 0) but positive"},
		{"v", "↓: Right wins whoever starts", "right", "right", "but negative"},
		{"{0|*||*}", "{↑|*}: Left wins whoever starts", "left", "left", "but positive"},
		{"+-1", "±1: whoever starts wins", "left", "right", "hot (temperature 1, mean 0)"},
		{"{2|-1/2}", "{2|-1/2}: whoever starts wins", "left", "right", "Left moving first reaches the stop 2, so she wins; Right moving first reaches the stop -1/2, so he wins"},
		{"{3|1}", "{3|1}: Left wins whoever starts", "left", "left", "Right moving first reaches the stop 1, so he loses"},
		{"{1|0}", "{1|0}: whoever starts wins", "left", "right", "Right moving first reaches the stop 0, where the infinitesimals decide: he wins"},
		{"{1|^}", "{1|↑}: Left wins whoever starts", "left", "left", "Right moving first reaches the stop 0, where the infinitesimals decide: he loses"},
	} {
		w, err := explain.WorthOfNotation(tc.text)
		if err != nil {
			t.Fatalf("%s: %v", tc.text, err)
		}
		if got := w.Verdict(); got != tc.verdict {
			t.Errorf("%s: verdict %q, want %q", tc.text, got, tc.verdict)
		}
		if lf, rf := w.WinnerLeftFirst(), w.WinnerRightFirst(); lf != tc.leftFirst || rf != tc.rightFirst {
			t.Errorf("%s: Left first %s, Right first %s; want %s, %s", tc.text, lf, rf, tc.leftFirst, tc.rightFirst)
		}
		if got := w.Why(); !strings.Contains(got, tc.why) {
			t.Errorf("%s: why %q, want it to say %q", tc.text, got, tc.why)
		}
	}
	if _, err := explain.WorthOfNotation("{0|*"); !explain.IsNotationError(err) {
		t.Errorf("{0|*: %v, want a notation error", err)
	}
}

// TestWorthOfParts: a Domineering board of three regions is valued part by
// part, and the verdict writes the sum; the reason names the hottest part.
func TestWorthOfParts(t *testing.T) {
	g, err := games.New("domineering:board=..#.../..#.../####.#/#..#.#")
	if err != nil {
		t.Fatal(err)
	}
	w, err := explain.WorthOf(context.Background(), g, "domineering", g.Start(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := w.Verdict(), "-1 + {3|1/2} + ±1 = {3|1||1/2|-3/2}: Left wins whoever starts"; got != want {
		t.Errorf("verdict %q, want %q", got, want)
	}
	if got, want := w.Why(), "The hottest part is part 2 ({3|1/2}, temperature 5/4)"; !strings.Contains(got, want) {
		t.Errorf("why %q, want it to say %q", got, want)
	}
	j := w.JSON()
	if len(j.Parts) != 3 || j.OutcomeClass != "L" || j.Mean != "3/4" || j.AtomicWeight != "" {
		t.Errorf("JSON %+v", j)
	}
	if _, err := explain.WorthOf(context.Background(), g, "domineering", g.Start(), 2); err == nil {
		t.Error("valued three parts within a bound of two")
	}
	nim, err := games.New("nim")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := explain.WorthOf(context.Background(), nim, "nim", nim.Start(), 0); err != explain.ErrNotPartizan {
		t.Errorf("nim: %v, want ErrNotPartizan", err)
	}
}

// TestThermographPlot: the walls' corners of {2|-1/2} (Left's wall 2 − t,
// Right's −1/2 + t, meeting at 3/4 at the temperature 5/4) up to one
// degree above the temperature rounded up.
func TestThermographPlot(t *testing.T) {
	w, err := explain.WorthOfNotation("{2|-1/2}")
	if err != nil {
		t.Fatal(err)
	}
	th := w.Thermograph("x")
	text := func(pts []explain.ThermoPoint) string {
		var s []string
		for _, p := range pts {
			s = append(s, p.Value.String()+"@"+p.Temperature.String())
		}
		return strings.Join(s, " ")
	}
	if got, want := text(th.Left), "3@-1 3/4@5/4 3/4@3"; got != want {
		t.Errorf("Left's wall %s, want %s", got, want)
	}
	if got, want := text(th.Right), "-3/2@-1 3/4@5/4 3/4@3"; got != want {
		t.Errorf("Right's wall %s, want %s", got, want)
	}
	if th.Mean.String() != "3/4" || th.Temperature.String() != "5/4" || th.Top.String() != "3" {
		t.Errorf("mean %s, temperature %s, top %s", th.Mean, th.Temperature, th.Top)
	}
}
