package explain_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/explore"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/rules"
)

func family(t *testing.T, name string) sente.Family {
	t.Helper()
	fam, err := games.Default.Family(name)
	if err != nil {
		t.Fatal(err)
	}
	return fam
}

func spec(t *testing.T, text string) sente.Spec {
	t.Helper()
	s, err := sente.ParseSpec(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParseRange(t *testing.T) {
	connect4 := family(t, "connect4")
	tests := []struct {
		text    string
		want    []int
		wantErr string
	}{
		{"w=4..6", []int{4, 5, 6}, ""},
		{"h=5", []int{5}, ""},
		{"w", nil, "want name=low..high (for example n=1..30)"},
		{"x=1..3", nil, `connect4 has no parameter "x"; its whole-number parameters: w, h, k`},
		{"w=a..b", nil, "; want name=low..high"},
		{"w=1..30", nil, "w=10 is out of range; want a whole number from 1 to 9"},
		{"w=4,6", nil, "want consecutive values, low..high"},
	}
	for _, tt := range tests {
		r, err := explain.ParseRange(connect4, tt.text)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseRange(%q) = %v, %v; want an error with %q", tt.text, r, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(r.Values, tt.want) || r.First() != tt.want[0] || r.Last() != tt.want[len(tt.want)-1] {
			t.Errorf("ParseRange(%q) = %v, %v; want values %v", tt.text, r, err, tt.want)
		}
	}
}

func TestWithParam(t *testing.T) {
	tests := []struct{ spec, name, want string }{
		{"connect4", "w", "connect4:w=9"},
		{"connect4:w=5,h=4", "w", "connect4:h=4,w=9"},
		{"subtraction:1,3,4,n=20", "n", "subtraction:1,3,4,n=9"},
	}
	for _, tt := range tests {
		if got := explain.WithParam(spec(t, tt.spec), tt.name, 9).String(); got != tt.want {
			t.Errorf("WithParam(%s, %s, 9) = %s, want %s", tt.spec, tt.name, got, tt.want)
		}
	}
}

func TestFurtherLimit(t *testing.T) {
	for reached, want := range map[int]int{0: 2, 3: 6, 49: 98, 51: 110, 200000: 400000, 517152: 1100000} {
		if got := explain.FurtherLimit(reached); got != want {
			t.Errorf("FurtherLimit(%d) = %d, want %d", reached, got, want)
		}
	}
}

// TestGrundySequence: a heap game's values come from its rules with a
// proven period; another impartial game's from each value's game, with a
// conjecture; a search that stops early says how far it went.
func TestGrundySequence(t *testing.T) {
	ctx := context.Background()
	open := games.Default.OpenSpec
	rangeOf := func(name string, first, last int) explain.ParamRange {
		r := explain.ParamRange{Name: name}
		for v := first; v <= last; v++ {
			r.Values = append(r.Values, v)
		}
		return r
	}

	s, err := explain.GrundySequence(ctx, open, spec(t, "kayles"), rangeOf("n", 0, 20), explain.SequenceOptions{Search: nimber.HeapSearch{Limit: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1}; !slices.Equal(s.Numbers, want) || len(s.Values) != len(want) || s.Values[11].String() != "6" {
		t.Errorf("kayles: values %v (%v)", s.Numbers, s.Values)
	}
	if !s.Heap || s.Period == nil || !s.Period.Proven || s.Period.Length != 12 || s.Period.From != 71 || s.Conjecture != "" {
		t.Errorf("kayles: heap %v, period %+v, conjecture %q; want the proven period 12 from 71", s.Heap, s.Period, s.Conjecture)
	}
	if p, ok := s.PlotPeriod(); !ok || p.Length != 12 || !p.Proven {
		t.Errorf("kayles: plot period %+v, %v", p, ok)
	}

	s, err = explain.GrundySequence(ctx, open, spec(t, "count"), rangeOf("lose", 1, 12), explain.SequenceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "conjecture (observed for lose = 1..12, not proven): G(lose) = (lose + 3) mod 4"; s.Heap || s.Period != nil || s.Conjecture != want {
		t.Errorf("count: heap %v, period %v, conjecture %q; want %q", s.Heap, s.Period, s.Conjecture, want)
	}
	if p, ok := s.PlotPeriod(); !ok || p.Length != 4 || p.Proven {
		t.Errorf("count: plot period %+v, %v; want period 4 observed", p, ok)
	}

	s, err = explain.GrundySequence(ctx, open, spec(t, "subtraction:1,2"), rangeOf("n", 0, 3), explain.SequenceOptions{Search: nimber.HeapSearch{Limit: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Heap || s.Period != nil || s.Reached != 3 || s.OutOfWork {
		t.Errorf("subtraction:1,2 up to 3, no search past it: %+v", s)
	}
	if _, ok := s.PlotPeriod(); ok {
		t.Errorf("subtraction:1,2: a plot period where the search found none")
	}

	_, err = explain.GrundySequence(ctx, open, spec(t, "connect4"), rangeOf("w", 4, 5), explain.SequenceOptions{})
	if !errors.Is(err, explain.ErrNotImpartial) {
		t.Errorf("connect4: %v, want ErrNotImpartial", err)
	}
	_, err = explain.GrundySequence(ctx, open, spec(t, "../rules/testdata/subtract.star:misere=true"), rangeOf("n", 2, 4), explain.SequenceOptions{})
	var notNormal *explain.NotNormalPlayError
	if !errors.As(err, &notNormal) || notNormal.Param != "n" || notNormal.Value != 2 {
		t.Errorf("misère subtraction: %v, want NotNormalPlayError at n=2", err)
	}
	_, err = explain.GrundySequence(ctx, open, spec(t, "count:nosuch=1"), rangeOf("lose", 1, 2), explain.SequenceOptions{})
	if err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("a bad spec: %v, want the opener's error", err)
	}
}

// TestSweepWinners: every combination is evaluated row by row; one that is
// not a game or is too big is a hole, and the patterns are looked for in
// what could be played.
func TestSweepWinners(t *testing.T) {
	ctx := context.Background()
	open := games.Default.OpenSpec
	n := explain.ParamRange{Name: "n", Values: []int{1, 2, 3, 4}}
	k := explain.ParamRange{Name: "k", Values: []int{3, 4}}
	sw, err := explain.SweepWinners(ctx, open, spec(t, "tictactoe:m=3"), n, k, explain.SweepOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range sw.Cells {
		for _, c := range row {
			if c.Err != nil {
				got = append(got, "-")
				continue
			}
			got = append(got, c.Evaluation.Winner.String())
		}
	}
	if want := []string{"none", "-", "none", "-", "none", "-", "first", "none"}; !slices.Equal(got, want) {
		t.Errorf("tictactoe:m=3 over n and k: %v, want %v", got, want)
	}
	if c := sw.Cells[0][1]; c.Spec.String() != "tictactoe:m=3,n=1,k=4" || c.Row != 1 || c.Col != 4 || !strings.Contains(c.Err.Error(), "k=4 cannot be reached") {
		t.Errorf("a skipped cell: %+v", c)
	}
	wantPatterns := []string{"k = 3: no pattern found in n = 1..4", "k = 4: no pattern found in n = 4"}
	if sw.Skipped != 3 || !slices.Equal(sw.Patterns, wantPatterns) || sw.Observed != "observed for n = 1..4 and k = 3..4 except the 3 skipped" {
		t.Errorf("skipped %d, patterns %q, observed %q", sw.Skipped, sw.Patterns, sw.Observed)
	}

	lose := explain.ParamRange{Name: "lose", Values: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}}
	sw, err = explain.SweepWinners(ctx, open, spec(t, "count"), lose, explain.ParamRange{}, explain.SweepOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := "the first player wins exactly when lose mod 4 is 0, 2 or 3 (the second player wins otherwise)"
	if len(sw.Cells[0]) != 1 || !slices.Equal(sw.Patterns, []string{want}) || sw.Observed != "observed for lose = 1..12" {
		t.Errorf("count over lose: patterns %q, observed %q", sw.Patterns, sw.Observed)
	}

	sw, err = explain.SweepWinners(ctx, open, spec(t, "tictactoe:m=3,n=3"), explain.ParamRange{Name: "k", Values: []int{1, 2, 3}}, explain.ParamRange{}, explain.SweepOptions{MaxPositions: 100})
	if err != nil {
		t.Fatal(err)
	}
	if sw.Skipped != 2 || !errors.Is(sw.Cells[1][0].Err, explore.ErrTooMany) || sw.Patterns != nil || sw.NoPattern != "no pattern found in k = 1" {
		t.Errorf("past MaxPositions: skipped %d, %v, patterns %q, no pattern %q", sw.Skipped, sw.Cells[1][0].Err, sw.Patterns, sw.NoPattern)
	}

	_, err = explain.SweepWinners(ctx, open, spec(t, "tictactoe"), explain.ParamRange{Name: "k", Values: []int{3}}, explain.ParamRange{}, explain.SweepOptions{Grundy: true})
	if !errors.Is(err, explain.ErrNoGrundy) {
		t.Errorf("Grundy values of tic-tac-toe: %v, want ErrNoGrundy", err)
	}
}

// TestSweepCompilesOnce: a sweep over a rules file through one catalogue
// reads and checks the file once, and runs its top level once per cell.
func TestSweepCompilesOnce(t *testing.T) {
	var runs atomic.Int64
	files := &games.Catalog{ReadFiles: true, Rules: rules.Options{Print: func(string) { runs.Add(1) }}}
	path := filepath.Join(t.TempDir(), "subtract.star")
	text, err := os.ReadFile("../rules/testdata/subtract.star")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(text, "\nprint(\"top level\")\n"...), 0o600); err != nil {
		t.Fatal(err)
	}
	n := explain.ParamRange{Name: "n", Values: []int{1, 2, 3, 4, 5, 6}}
	sw, err := explain.SweepWinners(context.Background(), files.OpenSpec, sente.Spec{Name: path}, n, explain.ParamRange{}, explain.SweepOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sw.Skipped != 0 || len(sw.Cells) != len(n.Values) || sw.Cells[3][0].Evaluation.Winner != sente.Second {
		t.Errorf("subtract.star over n: %d skipped, cells %+v", sw.Skipped, sw.Cells)
	}
	if got, want := runs.Load(), int64(1+len(n.Values)); got != want {
		t.Errorf("a sweep of %d cells ran the file's top level %d times, want %d (one compile, one run per cell)", len(n.Values), got, want)
	}
}
