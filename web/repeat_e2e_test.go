package web

import (
	"net/url"
	"strings"
	"testing"
)

// TestPageRepetitionAgainstTheComputer: against the computer, a position
// that comes for the third time ends the game as a draw by repetition, in
// the headline where every end is said; the computer stops, no move is
// offered, and Undo goes back. Gobblet Gobblers' large pieces stepping to
// and fro go round such a cycle.
func TestPageRepetitionAgainstTheComputer(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	cycle := "a1-a2,c3-c2,a2-a1,c2-c3"
	moves := "La1,Lc3," + cycle + "," + cycle
	navigate(t, ctx, base+"/?game="+url.QueryEscape("gobblet:sizes=2,pieces=1")+"&mode=first&moves="+moves)
	waitJS(t, ctx, "the game replayed", settled+` && `+plyJS+` === 10`)
	screenshot(t, ctx, dir, "repetition-computer.png")
	verdict := text(t, ctx, "verdict")
	if !strings.Contains(verdict, "draw by repetition") || !strings.Contains(verdict, "three times: after move 2, after move 6 and now") {
		t.Errorf("the third time the position comes, the headline says %q", verdict)
	}
	if !eval[bool](t, ctx, `document.getElementById("verdict").classList.contains("repeated")`) {
		t.Error("the headline is not drawn as a game's end")
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#moves button.move:not(:disabled), #board button:not(:disabled)").length`); n != 0 {
		t.Errorf("%d moves are still offered after the draw by repetition", n)
	}
	if !strings.Contains(text(t, ctx, "turn"), "game over") {
		t.Errorf("the turn reads %q after the draw by repetition", text(t, ctx, "turn"))
	}
	click(t, ctx, "#undo")
	waitJS(t, ctx, "undone", settled+` && `+plyJS+` === 8 && document.querySelector("#moves button.move:not(:disabled)") !== null`)
	if strings.Contains(text(t, ctx, "verdict"), "repetition") {
		t.Errorf("after Undo the headline still says %q", text(t, ctx, "verdict"))
	}
}
