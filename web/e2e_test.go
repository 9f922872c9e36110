package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/internal/testmode"
)

// The end-to-end test plays whole games in real headless Chromium against
// the server. It is skipped only when Chromium is missing and CI is unset.
// SENTE_CHROMIUM names the browser; SENTE_SCREENSHOTS a directory for the
// screenshots (default: the test's temporary directory).

func chromiumPath(t *testing.T) string {
	for _, p := range []string{os.Getenv("SENTE_CHROMIUM"), "/usr/bin/chromium"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	testmode.Missing(t, "Chromium", "on Debian: apt-get install chromium")
	return ""
}

func browser(t *testing.T) (context.Context, string) {
	return browserFor(t, 3*time.Minute)
}

// browserFor is browser for a test that may take up to d.
func browserFor(t *testing.T, d time.Duration) (context.Context, string) {
	path := chromiumPath(t)
	// Not t.TempDir: Chromium's helper processes may still be writing to
	// their profile for a moment after the browser has exited, which fails
	// TempDir's cleanup. This one is removed once they have stopped.
	profile, err := os.MkdirTemp("", "sente-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 1100),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		cancelC()
		cancelA()
		os.RemoveAll(profile)
		t.Fatalf("starting %s: %v", path, err)
	}
	ctx, cancelT := context.WithTimeout(ctx, d)
	t.Cleanup(func() {
		cancelT()
		cancelC()
		cancelA()
		for try := 0; os.RemoveAll(profile) != nil && try < 50; try++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	dir := os.Getenv("SENTE_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return ctx, dir
}

// pageState is what the page shows, read from the DOM.
type pageState struct {
	Position string `json:"position"`
	Verdict  string `json:"verdict"`
	Ended    bool   `json:"ended"`
	Busy     bool   `json:"busy"` // solving, loading or the perfect player's turn
	// Pending: an answer by search shows what it knows at once, and the
	// page waits for the rest (every move's remoteness).
	Pending bool `json:"pending"`
	Moves   []struct {
		Name     string `json:"name"`
		Value    string `json:"value"`
		Class    string `json:"class"`
		BG       []int  `json:"bg"`
		Disabled bool   `json:"disabled"`
	} `json:"moves"`
}

const readPage = `(() => {
  const rgb = (s) => (s.match(/\d+/g) || []).slice(0, 3).map(Number);
  const moves = [...document.querySelectorAll("#moves button.move")].map((b) => ({
    name: b.dataset.move, value: b.dataset.value, class: b.className,
    bg: rgb(getComputedStyle(b).backgroundColor), disabled: b.disabled,
  }));
  const pos = document.getElementById("position").textContent;
  const ended = document.getElementById("turn").textContent.includes("game over");
  const busy = !document.getElementById("progress").hidden || (!ended && (moves.length === 0 || moves.every((m) => m.disabled)));
  const pending = document.getElementById("moves").dataset.pending === "true";
  return JSON.stringify({position: pos, verdict: document.getElementById("verdict").textContent, ended, busy, pending, moves});
})()`

func readState(ctx context.Context) (pageState, error) {
	var st pageState
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](readPage))
	if err != nil {
		return st, err
	}
	err = json.Unmarshal([]byte(s), &st)
	return st, err
}

// waitTurn waits until it is the person's turn or the game is over, at a
// position other than not.
func waitTurn(t *testing.T, ctx context.Context, not string) pageState {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		st, err := readState(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.Position != "" && st.Position != not && (st.Ended || !st.Busy) {
			return st
		}
		time.Sleep(100 * time.Millisecond)
	}
	st, _ := readState(ctx)
	t.Fatalf("the page did not get to the player's turn; it shows %+v", st)
	return st
}

// serverMoves asks the API for the values of the moves at a position.
func serverMoves(t *testing.T, base, spec, pos string) *PositionInfo {
	t.Helper()
	resp, err := http.Get(base + "/api/position?game=" + url.QueryEscape(spec) + "&pos=" + url.QueryEscape(pos))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var info PositionInfo
	if err := json.NewDecoder(resp.Body).Decode(&info); err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET position %q: status %d, %v", pos, resp.StatusCode, err)
	}
	return &info
}

// checkColours checks every move button against the server's values, by
// class and by the colour actually drawn.
func checkColours(t *testing.T, st pageState, want *PositionInfo) {
	t.Helper()
	if len(st.Moves) != len(want.Moves) {
		t.Fatalf("at %s the page shows %d moves, the server %d", st.Position, len(st.Moves), len(want.Moves))
	}
	values := map[string]string{}
	for _, m := range want.Moves {
		values[m.Move] = m.Value.String()
	}
	for _, m := range st.Moves {
		v := values[m.Name]
		if m.Value != v {
			t.Errorf("at %s move %s shows value %q, server says %q", st.Position, m.Name, m.Value, v)
		}
		if len(m.BG) != 3 {
			t.Fatalf("move %s: no background colour", m.Name)
		}
		r, g, b := m.BG[0], m.BG[1], m.BG[2]
		var ok bool
		switch v {
		case "win": // blue
			ok = strings.Contains(m.Class, "win") && b > r+20 && b > g
		case "lose": // orange
			ok = strings.Contains(m.Class, "lose") && r > b+20 && r > g
		case "tie", "draw": // grey, darker than the white of a plain move
			ok = strings.Contains(m.Class, "tie") && max(r, g, b)-min(r, g, b) < 12 && r < 245
		}
		if !ok {
			t.Errorf("at %s move %s (%s) is drawn in rgb(%d,%d,%d) with class %q", st.Position, m.Name, v, r, g, b, m.Class)
		}
	}
}

// playWhole plays a whole game as the first player, always a best move,
// clicking on the board when click is set, and returns the final state.
func playWhole(t *testing.T, ctx context.Context, dir, base, spec string, first func(pageState, *PositionInfo), click func(name string) string) pageState {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?game="+url.QueryEscape(spec)+"&mode=first")); err != nil {
		t.Fatal(err)
	}
	st := waitTurn(t, ctx, "")
	for ply := 0; !st.Ended; ply++ {
		if ply > 40 {
			t.Fatal("the game does not end")
		}
		want := serverMoves(t, base, spec, st.Position)
		if ply == 0 {
			first(st, want)
		}
		checkColours(t, st, want)
		if want.Value == sente.Win && !strings.HasPrefix(st.Verdict, "You are winning") {
			t.Errorf("at %s the server says win, the page says %q", st.Position, st.Verdict)
		}
		if want.Value == sente.Tie && !strings.Contains(st.Verdict, "tie") {
			t.Errorf("at %s the server says tie, the page says %q", st.Position, st.Verdict)
		}
		best := want.Moves[0].Move
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(click(best)))); err != nil {
			t.Fatal(err)
		}
		st = waitTurn(t, ctx, st.Position)
		if ply == 1 {
			screenshot(t, ctx, dir, strings.SplitN(spec, ":", 2)[0]+"-playing.png")
		}
	}
	return st
}

func screenshot(t *testing.T, ctx context.Context, dir, name string) {
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

func TestBrowserPlaysWholeGames(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays whole games (about 12 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{})

	// Tic-tac-toe: perfect play on both sides is a tie; the moves are
	// played by clicking the board's cells.
	st := playWhole(t, ctx, dir, base, "tictactoe",
		func(st pageState, want *PositionInfo) {
			if want.Value != sente.Tie || remoteness(want.Remoteness) != 9 || len(st.Moves) != 9 {
				t.Errorf("tic-tac-toe start: server %s in %d, page %d moves", want.Value, remoteness(want.Remoteness), len(st.Moves))
			}
			if !strings.Contains(st.Verdict, "tie in 9 moves") {
				t.Errorf("tic-tac-toe start verdict %q", st.Verdict)
			}
		},
		func(name string) string { return fmt.Sprintf(`#board button.cell[data-move=%q]`, name) })
	if st.Verdict != "Game over: a tie." {
		t.Errorf("tic-tac-toe ended with %q, want a tie", st.Verdict)
	}
	screenshot(t, ctx, dir, "tictactoe.png")

	// Seed 000's cards: the first player wins in 9 plies; the cards are
	// played by clicking them in the hand.
	st = playWhole(t, ctx, dir, base, "cards",
		func(st pageState, want *PositionInfo) {
			if want.Value != sente.Win || remoteness(want.Remoteness) != 9 {
				t.Errorf("cards start: server %s in %d", want.Value, remoteness(want.Remoteness))
			}
			if st.Verdict != "You are winning: you can force a win in 9 moves." {
				t.Errorf("cards start verdict %q", st.Verdict)
			}
			reds := 0
			for _, m := range st.Moves {
				if m.Value == "lose" {
					reds++
				}
			}
			if reds != 1 { // opening 1 loses
				t.Errorf("cards start: %d losing moves shown, want 1", reds)
			}
		},
		func(name string) string { return fmt.Sprintf(`#board button.card[data-move=%q]`, name) })
	if st.Verdict != "Game over: you won!" {
		t.Errorf("cards ended with %q, want a win", st.Verdict)
	}
	screenshot(t, ctx, dir, "cards.png")
}

// TestBrowserViews opens the other views: a background solve with its
// progress, the hands of chopsticks with the perfect player moving first,
// a game without a board, two people without hints, and a pasted rules
// file.
func TestBrowserViews(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium opens every view (about 12 s)")
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{Moment: time.Millisecond})

	text := func(sel string) string {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(`+fmt.Sprintf("%q", sel)+`).textContent`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	waitFor := func(what, js string) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("%s: timed out; verdict %q, error %q", what, text("#verdict"), text("#error"))
	}
	open := func(query string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?"+query)); err != nil {
			t.Fatal(err)
		}
	}

	// A solve of about a second shows its progress, then the values.
	open("game=" + url.QueryEscape("connect4:w=5,h=4") + "&mode=two")
	waitFor("progress", `!document.getElementById("progress").hidden`)
	screenshot(t, ctx, dir, "connect4-solving.png")
	waitFor("connect4 solved", `document.querySelectorAll("#moves button.move.win, #moves button.move.tie, #moves button.move.lose").length === 5`)
	if v := text("#verdict"); !strings.Contains(v, "tie in 20 moves") {
		t.Errorf("connect4:w=5,h=4 verdict %q", v)
	}
	screenshot(t, ctx, dir, "connect4.png")

	// Chopsticks, the perfect player moving first: it moves by itself.
	open("game=chopsticks&mode=second&pos=" + url.QueryEscape("1,1 1,1 first"))
	waitFor("chopsticks reply", `document.getElementById("position").textContent.endsWith("second") && document.querySelectorAll(".hand").length === 4`)
	if v := text("#verdict"); !strings.Contains(v, "never ends") {
		t.Errorf("chopsticks verdict %q", v)
	}
	screenshot(t, ctx, dir, "chopsticks.png")

	// Kayles has no board: its text form, with Grundy values.
	open("game=" + url.QueryEscape("kayles") + "&mode=two")
	waitFor("kayles", `document.querySelector("#moves button.move .mval") !== null && document.getElementById("why").textContent.includes("Grundy value")`)
	screenshot(t, ctx, dir, "kayles.png")

	// Two people without hints: no colours, no values.
	open("game=tictactoe&mode=two&hints=0")
	waitFor("no hints", `document.querySelectorAll("#moves button.move.plain:not(:disabled)").length === 9`)
	if v := text("#verdict"); v != "The first player (X) to move." {
		t.Errorf("no hints verdict %q", v)
	}

	// A move that keeps the turn: in Kalah(2,2) the first house's last
	// seed falls in the store, and the same player moves again.
	open("game=" + url.QueryEscape("kalah:houses=2,seeds=2") + "&mode=two&hints=0")
	waitFor("kalah", `document.querySelectorAll("#moves button.move.plain:not(:disabled)").length === 2`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#moves button.move[data-move="1"]`))); err != nil {
		t.Fatal(err)
	}
	waitFor("kalah's extra turn", `document.getElementById("verdict").textContent.endsWith("to move again.")`)

	// A pasted rules file, where the server can contain it.
	if !sandbox.Supported() {
		t.Log("pasted rules files need hard memory limits, which this build cannot set (the race detector)")
		return
	}
	src, err := os.ReadFile("../examples/count.star")
	if err != nil {
		t.Fatal(err)
	}
	open("game=tictactoe")
	waitFor("page", `document.querySelectorAll("#moves button.move").length === 9`)
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS("#game"), "__rules"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("game").dispatchEvent(new Event("change"))`),
		chromedp.SetValue(chromedp.CSS("#rulestext"), string(src)),
		chromedp.Click(chromedp.CSS("#rulesload")),
	); err != nil {
		t.Fatal(err)
	}
	waitFor("rules loaded", `document.querySelectorAll("#params [data-param]").length === 3`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#newgame"))); err != nil {
		t.Fatal(err)
	}
	waitFor("rules game", `location.search.includes("rules%3A") && document.getElementById("verdict").textContent.startsWith("You are losing")`)
	screenshot(t, ctx, dir, "rules.png")
}
