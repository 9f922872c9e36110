package web

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
)

// marginView is what the page shows of margins: each move button's
// margin label, and the sentence under the verdict.
type marginView struct {
	Moves map[string]string `json:"moves"`
	Why   string            `json:"why"`
	// Legend: the legend says what the signed numbers are.
	Legend bool `json:"legend"`
}

const marginJS = `JSON.stringify({
  moves: Object.fromEntries([...document.querySelectorAll("#moves button.move")].map((b) => [b.dataset.move, (b.querySelector(".mval.margin") || {textContent: ""}).textContent])),
  why: document.getElementById("why").textContent,
  legend: !document.getElementById("mlegend").hidden,
})`

// signedMargin is a margin as the page writes it.
func signedMargin(m int) string {
	switch {
	case m > 0:
		return fmt.Sprintf("+%d", m)
	case m < 0:
		return fmt.Sprintf("−%d", -m)
	}
	return "±0"
}

// TestBrowserKalahMargins plays games of Kalah with hints on, two people at
// the page, and checks at every position that each move shows the margin
// the server gives it, that the moves keeping the most are the ones the
// server names, and that the sentence under the verdict says the
// position's margin; and that a game without a score shows none.
func TestBrowserKalahMargins(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium shows Kalah's margins (about 10 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	d := &boardDriver{t: t, ctx: ctx, base: base}

	for _, tt := range []struct {
		spec string
		// pick chooses the move to play from the server's, the best
		// first: the best, or the last (a mistake, when there is one).
		last bool
	}{
		{"kalah:houses=3,seeds=2", false},
		{"kalah:houses=3,seeds=2", true},
		{"kalah:houses=2,seeds=3,emptycapture=true", false},
	} {
		st := d.open(tt.spec, "two", "")
		for ply := 0; ; ply++ {
			if ply > 60 {
				t.Fatalf("%s does not end", tt.spec)
			}
			info := serverMoves(t, base, tt.spec, st.Position)
			if info.MarginJSON == nil || info.Margin == nil {
				t.Fatalf("%s at %s: the server gives no margin: %+v", tt.spec, st.Position, info.MarginJSON)
			}
			var v marginView
			if err := json.Unmarshal([]byte(eval[string](t, ctx, marginJS)), &v); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(v.Why, info.MarginVerdict) {
				t.Errorf("%s at %s: the page says %q, without the server's %q", tt.spec, st.Position, v.Why, info.MarginVerdict)
			}
			m := sente.Margin{Score: *info.Margin, Remoteness: *info.MarginRemoteness}
			if want := (explain.Audience{Sides: info.Board.Players}).MarginVerdict(info.Turn, m, info.MostKept); info.MarginVerdict != want {
				t.Errorf("%s at %s: the margin is said as %q, want %q", tt.spec, st.Position, info.MarginVerdict, want)
			}
			if by := regexp.MustCompile(fmt.Sprintf(`\bby %d\b`, max(m.Score, -m.Score))); m.Score != 0 && !by.MatchString(info.MarginVerdict) {
				t.Errorf("%s at %s: the margin is said as %q, without %q", tt.spec, st.Position, info.MarginVerdict, by)
			}
			if st.Ended {
				break
			}
			if !v.Legend {
				t.Errorf("%s at %s: the legend does not say what the margins are", tt.spec, st.Position)
			}
			// The moves come best first by value and plies; the margin
			// ranks them otherwise (a loss by less may take fewer plies).
			best := math.MinInt
			for _, mv := range info.Moves {
				if mv.Margin == nil {
					t.Fatalf("%s at %s: move %s has no margin", tt.spec, st.Position, mv.Move)
				}
				if got, want := v.Moves[mv.Move], signedMargin(*mv.Margin); got != want {
					t.Errorf("%s at %s: move %s shows margin %q, the server gives %s", tt.spec, st.Position, mv.Move, got, want)
				}
				best = max(best, *mv.Margin)
			}
			var kept []string
			for _, mv := range info.Moves {
				if *mv.Margin == best {
					kept = append(kept, mv.Move)
				}
			}
			slices.Sort(kept)
			most := slices.Sorted(slices.Values(info.MostKept))
			if best != *info.Margin {
				t.Errorf("%s at %s: the position's margin is %d, its best move keeps %d", tt.spec, st.Position, *info.Margin, best)
			}
			if !slices.Equal(kept, most) {
				t.Errorf("%s at %s: the moves keeping the most are %v, the server names %v", tt.spec, st.Position, kept, info.MostKept)
			}
			pick := info.Moves[0].Move
			if tt.last {
				pick = info.Moves[len(info.Moves)-1].Move
			}
			if ply == 2 && !tt.last && tt.spec == "kalah:houses=3,seeds=2" {
				screenshot(t, ctx, dir, "web-kalah-margins.png")
			}
			click(t, ctx, fmt.Sprintf(`#moves button.move[data-move=%q]`, pick))
			st = waitTurn(t, ctx, st.Position)
		}
	}

	// A game without a score says nothing of margins.
	st := d.open("tictactoe", "two", "")
	info := serverMoves(t, base, "tictactoe", st.Position)
	if info.MarginJSON != nil {
		t.Errorf("tic-tac-toe has a margin: %+v", info.MarginJSON)
	}
	if got := eval[string](t, ctx, `String(document.querySelectorAll("#moves .mval.margin").length)`); got != "0" {
		t.Errorf("tic-tac-toe's moves show %s margins", got)
	}
	if eval[bool](t, ctx, `!document.getElementById("mlegend").hidden`) {
		t.Errorf("tic-tac-toe's legend speaks of margins")
	}
}
