package explain_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/games"
)

// TestMisereWorth: the verdict, the reason and the JSON of misère forms,
// written in the notation and of positions of impartial games.
func TestMisereWorth(t *testing.T) {
	for _, tc := range []struct {
		spec, position, notation string
		verdict, why, genus      string
		parts                    int
	}{
		{notation: "*", verdict: "*: whoever starts loses, under misère play", why: "is the nim-heap *1 in misère play too", genus: "1^031"},
		{notation: "*2+*2", verdict: "{*3,*2}: whoever starts loses, under misère play", why: "misère Grundy value of the game is 0", genus: "0^02"},
		{notation: "*[[2],1]", verdict: "{{*2},*}: whoever starts wins, under misère play", why: "beside 1, 2 and 3 copies of *2: 4, 2, 0", genus: "2^1420"},
		{spec: "nim:heaps=1/2/3", verdict: "* + *2 + *3 = {*3,*2}: whoever starts loses, under misère play", why: "misère Grundy value of the sum is 0", genus: "0^02", parts: 3},
		{spec: "kayles:n=5", verdict: "{{*3,*2},*3,*2,*}: whoever starts wins, under misère play", why: "its genus 4^146 gives its normal-play value, 4", genus: "4^146", parts: 1},
	} {
		var w *explain.MisereWorth
		var err error
		if tc.notation != "" {
			w, err = explain.MisereWorthOfNotation(tc.notation)
		} else {
			g, gerr := games.New(tc.spec)
			if gerr != nil {
				t.Fatal(gerr)
			}
			w, err = explain.MisereWorthOf(context.Background(), g, tc.spec, g.Start(), 0)
		}
		if err != nil {
			t.Fatalf("%s%s: %v", tc.spec, tc.notation, err)
		}
		j := w.JSON()
		if w.Verdict() != tc.verdict || !strings.Contains(w.Why(), tc.why) || j.Genus != tc.genus || len(j.Parts) != tc.parts || j.Verdict != tc.verdict {
			t.Errorf("%s%s: verdict %q, why %q, genus %s, %d parts; want %q, %q, %s, %d", tc.spec, tc.notation, w.Verdict(), w.Why(), j.Genus, len(j.Parts), tc.verdict, tc.why, tc.genus, tc.parts)
		}
	}
	g, _ := games.New("domineering:w=2,h=2")
	if _, err := explain.MisereWorthOf(context.Background(), g, "domineering", g.Start(), 0); !errors.Is(err, explain.ErrNoMisereForm) || !explain.IsMisereRefusal(err) {
		t.Errorf("domineering: %v, want ErrNoMisereForm", err)
	}
	if _, err := explain.MisereWorthOfNotation("{*2"); !explain.IsMisereNotationError(err) {
		t.Errorf("{*2: %v, want a notation error", err)
	}
}
