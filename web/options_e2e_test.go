package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPageStrengthsAndDelta: watching, each side plays at a strength of its
// own; the computer's pause before its move is a choice; Δ says how many
// moves a move adds to the end against the best. All kept in the link.
func TestPageStrengthsAndDelta(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})

	// The first player perfect, the second at random: only the second
	// makes mistakes, and it makes some.
	mistakes := map[string]int{}
	for _, seed := range []string{"1", "2", "3"} {
		navigate(t, ctx, base+"/?game=tictactoe&mode=watch&speed=200&opponent2=random&seed="+seed)
		waitJS(t, ctx, "the game's end", `document.getElementById("turn").textContent.includes("game over")`)
		for _, r := range readRecord(t, ctx) {
			if strings.Contains(r.Text, "mistake") {
				mistakes[r.Who]++
			}
		}
		if link := eval[string](t, ctx, `document.getElementById("link").href`); !strings.Contains(link, "opponent2=random") {
			t.Errorf("the link %s does not keep the second player's strength", link)
		}
	}
	if mistakes["1st"] != 0 || mistakes["2nd"] == 0 {
		t.Errorf("mistakes by side %v: want none by the perfect first player, some by the random second", mistakes)
	}

	// A slow computer has not moved after half a second, and moves.
	navigate(t, ctx, base+"/?game=tictactoe&mode=first&delay=1500")
	waitJS(t, ctx, "the start", settled+` && document.querySelectorAll("#moves button.move:not(:disabled)").length === 9`)
	click(t, ctx, `#moves button.move[data-move="b2"]`)
	waitJS(t, ctx, "your move shown", plyJS+` === 1`)
	time.Sleep(500 * time.Millisecond)
	if n := eval[int](t, ctx, plyJS); n != 1 {
		t.Errorf("the computer asked to move slowly replied within half a second (at move %d)", n)
	}
	waitJS(t, ctx, "the slow reply", plyJS+` === 2`)

	// Δ: two winning steps in one move, two in three.
	navigate(t, ctx, base+"/?game=teeko:n=4,pieces=2&mode=two&delta=1&pos="+"xox./..../..../...o%20x")
	waitJS(t, ctx, "the position", settled+` && document.querySelectorAll("#moves button.move").length > 0`)
	deltas := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("#moves button.move")].map((b) => [b.dataset.move, (b.querySelector(".delta") || {}).textContent || ""]))`)
	want := map[string]string{"a4-b3": "Δ0", "c4-b3": "Δ0", "a4-a3": "Δ+2", "c4-c3": "Δ+2", "c4-d4": "", "c4-d3": ""}
	for m, d := range want {
		if deltas[m] != d {
			t.Errorf("move %s shows %q, want %q (all: %v)", m, deltas[m], d, deltas)
		}
	}
}

// TestPageSaveAndOpenFile: a game saved as a file opens again, the same
// moves to the same position.
func TestPageSaveAndOpenFile(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	navigate(t, ctx, base+"/?game=tictactoe&mode=two&moves=b2,a1,c3")
	waitJS(t, ctx, "the game", settled+` && `+plyJS+` === 3`)
	shown, record := text(t, ctx, "position"), readRecord(t, ctx)
	// The page saves by a click on a link with a download name to a Blob
	// of the file's contents, which the test catches in the page: letting Chromium
	// save it (Browser.setDownloadBehavior) would lean on an experimental
	// method of the DevTools protocol that may change with its version.
	eval[bool](t, ctx, `(() => {
		const made = new Map(), object = URL.createObjectURL;
		URL.createObjectURL = (b) => { const u = object(b); made.set(u, b); return u; };
		const click = HTMLAnchorElement.prototype.click;
		HTMLAnchorElement.prototype.click = function () {
			if (!this.download || !made.has(this.href)) return click.call(this);
			const name = this.download;
			made.get(this.href).text().then((text) => { window.__saved = {name, text}; });
		};
		return true;
	})()`)
	click(t, ctx, "#savefile")
	waitJS(t, ctx, "the file saved", `window.__saved !== undefined`)
	type savedFile struct{ Name, Text string }
	got := eval[savedFile](t, ctx, `window.__saved`)
	if !strings.HasPrefix(got.Name, "sente-") || !strings.HasSuffix(got.Name, ".txt") || !strings.Contains(got.Text, "1. first b2") || !strings.Contains(got.Text, "moves=b2,a1,c3") {
		t.Fatalf("the saved file: %+v", got)
	}
	saved := filepath.Join(t.TempDir(), got.Name)
	if err := os.WriteFile(saved, []byte(got.Text), 0o644); err != nil {
		t.Fatal(err)
	}

	navigate(t, ctx, base+"/?game=nim")
	waitJS(t, ctx, "another game", settled+` && location.search.includes("game=nim")`)
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("#openfile"), []string{saved})); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the saved game opened", settled+` && location.search.includes("game=tictactoe") && `+plyJS+` === 3`)
	if got := text(t, ctx, "position"); got != shown {
		t.Errorf("the saved game opens at %s, was at %s", got, shown)
	}
	if got := readRecord(t, ctx); len(got) != len(record) || got[2].Move != record[2].Move {
		t.Errorf("the saved game opens with moves %+v, was %+v", got, record)
	}
}
