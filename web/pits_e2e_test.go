package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The browser test of the "pits" board: Kalah drawn as two rows of houses
// between two stores, a move played by a click on the house it sows.

// pitsView is the board as the page draws it: the stores' seeds, the
// second player's then the first's, and each house.
type pitsView struct {
	Stores []string  `json:"stores"`
	Pits   []pitView `json:"pits"`
	Right  float64   `json:"right"` // the board's right edge
}

type pitView struct {
	Cell     string `json:"cell"`
	Seeds    string `json:"seeds"`
	Move     string `json:"move"`
	Class    string `json:"class"`
	Label    string `json:"label"`
	Disabled bool   `json:"disabled"`
}

const pitsJS = `JSON.stringify({
  stores: [...document.querySelectorAll("#board.pits .store")].map((s) => s.textContent),
  pits: [...document.querySelectorAll("#board.pits button.pit")].map((b) => ({cell: b.dataset.cell, seeds: b.textContent,
    move: b.dataset.move || "", class: b.className, label: b.getAttribute("aria-label"), disabled: b.disabled})),
  right: document.querySelector("#board.pits .pitgrid").getBoundingClientRect().right,
})`

func readPits(t *testing.T, ctx context.Context) pitsView {
	t.Helper()
	var v pitsView
	if err := json.Unmarshal([]byte(eval[string](t, ctx, pitsJS)), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// kalahCounts reads a Kalah position, "2,0,3:1 2,2,2:0 first": each side's
// houses from that player's left, and its store.
func kalahCounts(pos string) (first, second []string, stores [2]string) {
	f := strings.Fields(pos)
	a, sa, _ := strings.Cut(f[0], ":")
	b, sb, _ := strings.Cut(f[1], ":")
	return strings.Split(a, ","), strings.Split(b, ","), [2]string{sb, sa}
}

// checkPits checks the board drawn at st against the position and the
// server's moves: each house's seeds where a person sitting on the first
// player's side sees them (the second player's row right to left), the
// stores at the ends, and each house of the player to move playing its
// move in the colour of its value, the others disabled.
func checkPits(t *testing.T, ctx context.Context, base, spec string, st pageState) {
	t.Helper()
	want := serverMoves(t, base, spec, st.Position)
	if want.Board == nil || want.Board.Style != "pits" {
		t.Fatalf("%s at %s: the server's board is %+v, not pits", spec, st.Position, want.Board)
	}
	values := map[string]string{}
	for _, m := range want.Moves {
		values[m.Move] = m.Value.String()
	}
	first, second, stores := kalahCounts(st.Position)
	n := len(first)
	v := readPits(t, ctx)
	if len(v.Stores) != 2 || v.Stores[0] != stores[0] || v.Stores[1] != stores[1] {
		t.Errorf("%s at %s: stores drawn %v, want second %s and first %s", spec, st.Position, v.Stores, stores[0], stores[1])
	}
	if len(v.Pits) != 2*n {
		t.Fatalf("%s at %s: %d houses drawn, want %d", spec, st.Position, len(v.Pits), 2*n)
	}
	playable := 0
	for _, p := range v.Pits {
		var r, c int
		fmt.Sscanf(p.Cell, "%d,%d", &r, &c)
		who, house, seeds := "First", c, ""
		if r == 0 {
			who, house = "Second", n-c+1
			seeds = second[house-1]
		} else {
			seeds = first[house-1]
		}
		if p.Seeds != seeds || !strings.HasPrefix(p.Label, fmt.Sprintf("%s player's house %d, %s seed", who, house, seeds)) {
			t.Errorf("%s at %s: cell %s shows %q named %q, want the %s player's house %d with %s", spec, st.Position, p.Cell, p.Seeds, p.Label, who, house, seeds)
		}
		if p.Disabled {
			continue
		}
		playable++
		if p.Move != fmt.Sprint(house) || !strings.Contains(strings.ToLower(who), st.turn()) || !strings.Contains(p.Class, valueClassOf[values[p.Move]]) {
			t.Errorf("%s at %s: cell %s plays %q with class %q; want house %d of the player to move, %s", spec, st.Position, p.Cell, p.Move, p.Class, house, values[p.Move])
		}
	}
	if playable != len(want.Moves) {
		t.Errorf("%s at %s: %d houses play a move, the position has %d", spec, st.Position, playable, len(want.Moves))
	}
}

// turn is who is to move in a Kalah position's text.
func (st pageState) turn() string {
	f := strings.Fields(st.Position)
	return f[len(f)-1]
}

// TestBrowserKalahPits plays whole games of Kalah against the computer by
// clicking houses, checking the board at every position, a capture and an
// extra turn among them; and draws the standard board within a phone's
// width.
func TestBrowserKalahPits(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays Kalah on its board of pits (about 10 s)")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	d := &boardDriver{t: t, ctx: ctx, base: base}

	for _, spec := range []string{"kalah:houses=3,seeds=2", "kalah:houses=2,seeds=3,emptycapture=true"} {
		st := d.open(spec, "first", "")
		for ply := 0; !st.Ended; ply++ {
			if ply > 60 {
				t.Fatalf("%s does not end", spec)
			}
			checkPits(t, ctx, base, spec, st)
			best := serverMoves(t, base, spec, st.Position).Moves[0].Move
			click(t, ctx, fmt.Sprintf(`#board button.pit[data-move=%q]`, best))
			st = waitTurn(t, ctx, st.Position)
		}
		checkPits(t, ctx, base, spec, st)
	}

	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	st := d.open("kalah:houses=6,seeds=1", "first", "")
	checkPits(t, ctx, base, "kalah:houses=6,seeds=1", st)
	if v := readPits(t, ctx); v.Right > 390 {
		t.Errorf("the standard board on a phone ends at %.0f px, past the screen's 390", v.Right)
	}
}
