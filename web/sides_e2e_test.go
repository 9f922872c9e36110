package web

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// playerWords is everything the page says about the players: the headline
// and the sentence under it, the board's caption and its cells' and hands'
// names, whose turn it is, who plays which side, the moves' title and the
// remarks on them, the chart's scale and the moves played.
const playerWords = `(() => {
	const texts = [];
	for (const id of ["verdict", "why", "feedback", "turn", "movestitle", "sides"]) texts.push(document.getElementById(id).textContent);
	for (const e of document.querySelectorAll("#board .caption, #board .dwho, #chart text.axis, #record .plyby")) texts.push(e.textContent);
	for (const e of document.querySelectorAll("#board [aria-label], #board [title]")) texts.push(e.getAttribute("aria-label") || "", e.getAttribute("title") || "");
	texts.push(document.getElementById("chart").getAttribute("aria-label"));
	return texts.filter((s) => s).join(" | ");
})()`

// TestPageSidesNamedByPieces: the morris games and Gobblet Gobblers name
// their players by the pieces the board shows, white and black, blue and
// purple, everywhere the page speaks of them, never as x and o or the
// first and second player; and the page says which side the person plays.
func TestPageSidesNamedByPieces(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	letter := regexp.MustCompile(`(^|[\s(,;:'"])[xoXO]($|[\s),.;:'"])`)
	numbered := regexp.MustCompile(`(?i)\b(first|second) player`)
	for _, tt := range []struct{ spec, you, them string }{
		{"morris:board=six,men=3", "white", "black"},
		{"gobblet:sizes=2,pieces=1", "blue", "purple"},
	} {
		name := strings.SplitN(tt.spec, ":", 2)[0]
		navigate(t, ctx, base+"/?game="+url.QueryEscape(tt.spec)+"&mode=first")
		waitJS(t, ctx, tt.spec, settled+` && document.querySelector("#moves button.move:not(:disabled)") !== null`)
		click(t, ctx, `#moves button.move:not(:disabled)`)
		waitJS(t, ctx, tt.spec+": the computer's reply", settled+` && `+plyJS+` === 2 && document.querySelector("#moves button.move:not(:disabled)") !== null`)
		screenshot(t, ctx, dir, "sides-"+name+".png")
		if got, want := text(t, ctx, "sides"), "You play "+tt.you+"; the computer plays "+tt.them+"."; got != want {
			t.Errorf("%s: the page says %q, want %q", tt.spec, got, want)
		}
		words := eval[string](t, ctx, playerWords)
		for _, side := range []string{tt.you, tt.them} {
			if !strings.Contains(strings.ToLower(words), side) {
				t.Errorf("%s: the page never names %s: %s", tt.spec, side, words)
			}
		}
		if m := letter.FindString(words); m != "" {
			t.Errorf("%s: the page names a player by a letter (%q): %s", tt.spec, m, words)
		}
		if m := numbered.FindString(words); m != "" {
			t.Errorf("%s: the page speaks of the %q rather than its colour: %s", tt.spec, m, words)
		}
		if got := text(t, ctx, "turn"); got != "("+tt.you+" to move)" {
			t.Errorf("%s: the turn reads %q", tt.spec, got)
		}
	}
}
