package web

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// slowNetwork makes every request of the page wait latency before its
// answer, as a phone on a slow network or a busy server would.
func slowNetwork(t *testing.T, ctx context.Context, latency time.Duration) {
	t.Helper()
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	_, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{Latency: float64(latency.Milliseconds()), DownloadThroughput: -1, UploadThroughput: -1}},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// catchErrors records the page's uncaught errors in window.__errors.
const catchErrors = `window.__errors = [];
window.addEventListener("error", (e) => window.__errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.__errors.push(String(e.reason)));
true`

// settled is true once the page shows the position it loads, its moves
// playable or the game over.
const settled = `(document.getElementById("play") !== null && !document.getElementById("play").hasAttribute("aria-busy"))`

// TestPageClicksWhileLoading: with 300 ms on every request, clicks made
// while the next position loads are not played from the position still on
// screen: no error, the moves played are the moves shown, and the game's
// link replays the same game.
func TestPageClicksWhileLoading(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	slowNetwork(t, ctx, 300*time.Millisecond)

	check := func(what string, wantMoves int) {
		t.Helper()
		waitJS(t, ctx, what+": settled", settled)
		time.Sleep(400 * time.Millisecond) // a stray reply would land now
		waitJS(t, ctx, what+": settled", settled)
		if errs := eval[[]string](t, ctx, `window.__errors`); len(errs) > 0 {
			t.Fatalf("%s: the page threw %q", what, errs)
		}
		record := readRecord(t, ctx)
		if len(record) != wantMoves {
			t.Fatalf("%s: %d moves recorded (%+v), want %d", what, len(record), record, wantMoves)
		}
		// The moves recorded, replayed by the link in a fresh page, reach
		// the position on screen.
		shown := text(t, ctx, "position")
		link := eval[string](t, ctx, `document.getElementById("link").href`)
		navigate(t, ctx, link)
		eval[bool](t, ctx, catchErrors)
		waitJS(t, ctx, what+": the link replayed", settled+` && document.getElementById("position").textContent !== ""`)
		if got := text(t, ctx, "position"); got != shown {
			t.Fatalf("%s: the page showed %s, its link replays to %s", what, shown, got)
		}
		if got := readRecord(t, ctx); fmt.Sprint(got) != fmt.Sprint(record) {
			t.Fatalf("%s: the page recorded %+v, its link replays %+v", what, record, got)
		}
	}

	// Two quick clicks, two people at one screen: the second is a move of
	// the position being left, and is not played.
	navigate(t, ctx, base+"/?game=tictactoe&mode=two")
	eval[bool](t, ctx, catchErrors)
	waitJS(t, ctx, "the start", settled+` && document.querySelectorAll("#moves button.move:not(:disabled)").length === 9`)
	eval[bool](t, ctx, `(() => {
		const b = document.querySelectorAll("#moves button.move");
		b[0].click(); b[4].click(); b[8].click();
		return true;
	})()`)
	check("two quick clicks", 1)

	// After Undo, a click while the earlier position loads.
	navigate(t, ctx, base+"/?game=tictactoe&mode=first")
	eval[bool](t, ctx, catchErrors)
	waitJS(t, ctx, "the start", settled+` && document.querySelectorAll("#moves button.move:not(:disabled)").length === 9`)
	click(t, ctx, `#moves button.move[data-move="b2"]`)
	waitJS(t, ctx, "the computer's reply", settled+` && `+plyJS+` === 2`)
	eval[bool](t, ctx, `(() => {
		document.getElementById("undo").click();
		const b = document.querySelectorAll("#moves button.move");
		b[b.length - 1].click();
		return true;
	})()`)
	waitJS(t, ctx, "back at the start", settled+` && `+plyJS+` === 0`)
	check("a click after undo", 2)
}
