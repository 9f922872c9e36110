package web

import (
	"net/url"
	"strings"
	"testing"
)

// TestPageShowsWorth: on a Domineering board the page shows the value the
// server gives, canonical form, outcome class, who wins with each side
// moving first, mean and temperature, and each move's button the value of
// the position it leads to; a board that splits lists its parts with
// theirs; and a position too large to value says so in one line.
func TestPageShowsWorth(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})

	navigate(t, ctx, base+"/?game="+url.QueryEscape("domineering:w=3,h=2"))
	waitJS(t, ctx, "domineering 3×2", settled+` && !document.getElementById("worth").hidden && document.querySelector("#moves button.move .cgt") !== null`)
	want := "Value {2|-1/2}, outcome class N: with Left moving first Left wins, with Right moving first Right wins. Mean 3/4, temperature 5/4."
	if got := text(t, ctx, "worthvalue"); got != want {
		t.Errorf("3×2: the value reads %q, want %q", got, want)
	}
	// Left's middle domino leaves two single columns for her, 2; an end
	// one leaves a 2×2 square, ±1.
	for move, value := range map[string]string{"b1-b2": "→ 2", "a1-a2": "→ ±1"} {
		got := eval[string](t, ctx, `document.querySelector('#moves button.move[data-move="`+move+`"] .cgt').textContent`)
		if got != value {
			t.Errorf("3×2: move %s shows %q, want %q", move, got, value)
		}
	}
	if !eval[bool](t, ctx, `document.getElementById("worthparts").hidden`) {
		t.Errorf("3×2: a board of one region lists parts")
	}
	screenshot(t, ctx, dir, "worth-domineering.png")

	split := "domineering:board=..#.../..#.../####.#/#..#.#"
	navigate(t, ctx, base+"/?game="+url.QueryEscape(split))
	waitJS(t, ctx, split, settled+` && !document.getElementById("worth").hidden && !document.getElementById("worthparts").hidden`)
	if got := text(t, ctx, "worthvalue"); !strings.HasPrefix(got, "Value {3|1||1/2|-3/2}, outcome class L:") {
		t.Errorf("split board: the value reads %q", got)
	}
	parts := eval[[]string](t, ctx, `[...document.querySelectorAll("#worthpartlist .worthpart")].map((e) => e.textContent)`)
	if strings.Join(parts, " + ") != "-1 + {3|1/2} + ±1" {
		t.Errorf("split board: parts %q, want -1, {3|1/2} and ±1", parts)
	}
	screenshot(t, ctx, dir, "worth-domineering-parts.png")

	// A bound of 10 parts valued: the 4×4 board is too large, one line.
	defer func(n int) { worthComponents = n }(worthComponents)
	worthComponents = 10
	navigate(t, ctx, base+"/?game="+url.QueryEscape("domineering:w=4,h=4"))
	waitJS(t, ctx, "domineering 4×4", settled+` && !document.getElementById("worth").hidden`)
	if got := text(t, ctx, "worthvalue"); !strings.HasPrefix(got, "Too large to value here: it has more than 10 parts") {
		t.Errorf("4×4 past the bound: the value reads %q", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#moves .cgt").length`); n != 0 {
		t.Errorf("4×4 past the bound: %d moves show a value", n)
	}
}
