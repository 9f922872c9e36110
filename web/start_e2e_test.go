package web

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPageStartHereBadPosition: on the desktop, "Start here" with a
// position the game cannot read says why beside the button, on the
// screen, and leaves the game on the board as it was; a good one starts.
func TestPageStartHereBadPosition(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, base+"/?game=tictactoe&mode=two&moves=b2")
	waitJS(t, ctx, "tic-tac-toe", settled+` && `+plyJS+` === 1`)
	shown := text(t, ctx, "position")
	eval[bool](t, ctx, `(document.getElementById("startpos").closest("details").open = true, true)`)
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#startpos"), "xxx/ooo/zzz")); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#startbtn")
	waitJS(t, ctx, "the position's error", `[...document.querySelectorAll("[role=alert]")].some((e) => !e.hidden && e.offsetParent !== null && e.textContent.includes("zzz"))`)
	viewportShot(t, ctx, dir, "desktop-start-here-error.png")
	if where := alertInView(t, ctx, "zzz"); where != "" {
		t.Errorf("the bad position's error: %s", where)
	}
	if eval[bool](t, ctx, `document.getElementById("play").classList.contains("empty")`) ||
		eval[int](t, ctx, `[...document.querySelectorAll("#board button.cell")].filter((b) => b.offsetParent !== null).length`) != 9 {
		t.Error("the bad position blanked the game on the board")
	}
	if got := text(t, ctx, "position"); got != shown || eval[int](t, ctx, plyJS) != 1 {
		t.Errorf("the bad position changed the game: %s, move %d; was %s, move 1", got, eval[int](t, ctx, plyJS), shown)
	}
	// A position it reads starts there, and the error is gone.
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#startpos"), "x../.o./...")); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#startbtn")
	waitJS(t, ctx, "the game from the position", settled+` && document.getElementById("position").textContent === "x../.o./..."`)
	if eval[bool](t, ctx, `!document.getElementById("starterror").hidden`) {
		t.Error("the error stays once a good position started")
	}
}

// TestPageChartTiesAndDraws: a tied position has its moves left on the
// chart, a grey bar across the line as long each way as they are, its
// number above; a drawn one, which has none, a ring on the line marked ∞,
// beside the scale's "draw".
func TestPageChartTiesAndDraws(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game=tictactoe&mode=two&moves=b2,a1")
	waitJS(t, ctx, "tic-tac-toe", settled+` && `+plyJS+` === 2`)
	screenshot(t, ctx, dir, "chart-tie.png")
	type bar struct {
		Found       bool
		Y, H, Label float64
		Mid, Scale  float64
	}
	// The scale's 5 is 5 moves above the line: mid - 5·scale.
	read := `((ply) => {
		const p = document.querySelector('#chart .point[data-ply="' + ply + '"]');
		const b = p && p.querySelector("rect.bar.tie");
		const line = document.querySelector("#chart line.zero");
		const five = [...document.querySelectorAll("#chart text.scale")].find((t) => t.textContent === "5");
		const mid = Number(line.getAttribute("y1"));
		const scale = five ? (mid - (Number(five.getAttribute("y")) - 4)) / 5 : 0;
		const label = p ? [...p.querySelectorAll("text.barlabel")].map((t) => Number(t.textContent))[0] : NaN;
		return b ? {Found: true, Y: Number(b.getAttribute("y")), H: Number(b.getAttribute("height")), Label: label, Mid: mid, Scale: scale} : {Found: false, Mid: mid, Scale: scale};
	})`
	for ply, r := range map[int]int{0: 9, 1: 8, 2: 7} {
		got := eval[bar](t, ctx, read+`(`+strconv.Itoa(ply)+`)`)
		if !got.Found {
			t.Errorf("the tie after move %d (%d moves left) has no bar on the chart", ply, r)
			continue
		}
		top := got.Mid - float64(r)*got.Scale
		if math.Abs(got.Y-top) > 1 || math.Abs(got.H-2*float64(r)*got.Scale) > 1 || got.Label != float64(r) {
			t.Errorf("the tie after move %d is drawn from y %.1f, %.1f high, labelled %v; want from %.1f (%d moves above the line), %.1f high, labelled %d",
				ply, got.Y, got.H, got.Label, top, r, 2*float64(r)*got.Scale, r)
		}
	}

	navigate(t, ctx, base+"/?game=chopsticks&mode=two")
	waitJS(t, ctx, "chopsticks", settled+` && document.querySelectorAll("#chart .point").length === 1`)
	screenshot(t, ctx, dir, "chart-draw.png")
	if !eval[bool](t, ctx, `(() => {
		const p = document.querySelector('#chart .point[data-ply="0"]');
		return !!p && !!p.querySelector(".drawmark") && [...p.querySelectorAll("text")].some((t) => t.textContent === "∞");
	})()`) {
		t.Error("the drawn start has no draw mark (∞) on the chart")
	}
	if axis := eval[string](t, ctx, `[...document.querySelectorAll("#chart text.axis")].map((t) => t.textContent).join(" | ")`); !strings.Contains(axis, "draw") || !strings.Contains(axis, "tie") {
		t.Errorf("the chart's scale does not name ties and draws: %s", axis)
	}
}
