package web

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sente-go/sente/store"
)

// The headline games at their defaults, in the browser against the
// computer, from a fresh server that solves them once by the tier engine
// into its store: teeko always (a minute or two), dōbutsu shōgi and
// connect four 6×5 and 7×4 when SENTE_HEADLINE names them
// ("dobutsu,connect4,connect4-7x4"; minutes each; connect four is read
// from SENTE_HEADLINE_STORE when that holds its tables).

// playOut plays the person's side of the game open in the page, always
// its worst move, so that the perfect computer ends the game, and returns
// the moves played.
func playOut(t *testing.T, ctx context.Context, what string, solve time.Duration) int {
	t.Helper()
	deadline := time.Now().Add(solve)
	for !eval[bool](t, ctx, settled+` && document.querySelectorAll("#moves button.move").length > 0`) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not solved after %v: %s", what, solve, text(t, ctx, "progresstext"))
		}
		time.Sleep(500 * time.Millisecond)
	}
	for plies := 0; ; plies++ {
		if plies > 200 {
			t.Fatalf("%s: no end after 200 moves", what)
		}
		waitJS(t, ctx, what+": your turn", settled+` && (document.getElementById("turn").textContent.includes("game over") || document.querySelector("#moves button.move:not(:disabled)") !== null)`)
		if eval[bool](t, ctx, `document.getElementById("turn").textContent.includes("game over")`) {
			return eval[int](t, ctx, plyJS)
		}
		before := eval[int](t, ctx, plyJS)
		eval[bool](t, ctx, `(() => { const b = document.querySelectorAll("#moves button.move:not(:disabled)"); b[b.length - 1].click(); return true; })()`)
		waitJS(t, ctx, what+": the reply", fmt.Sprintf(`%s && (%s >= %d || document.getElementById("turn").textContent.includes("game over"))`, settled, plyJS, before+2))
	}
}

func TestBrowserHeadlineGames(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test: the server solves full teeko once (a minute or two)")
	}
	ctx, dir := browserFor(t, 2*time.Hour)
	tables := store.Store{Dir: t.TempDir()}
	games := []struct {
		spec  string
		solve time.Duration
	}{{"teeko", 10 * time.Minute}}
	more := os.Getenv("SENTE_HEADLINE")
	if strings.Contains(more, "dobutsu") {
		games = append(games, struct {
			spec  string
			solve time.Duration
		}{"dobutsu", 30 * time.Minute})
	}
	// connect4 plays 6×5, connect4-7x4 plays 7×4: each from its stored
	// tables, which take minutes to solve.
	var c4specs []struct{ spec, name string }
	asked := strings.Split(more, ",")
	if slices.Contains(asked, "connect4") {
		c4specs = append(c4specs, struct{ spec, name string }{"connect4:w=6,h=5", "6x5"})
	}
	if slices.Contains(asked, "connect4-7x4") {
		c4specs = append(c4specs, struct{ spec, name string }{"connect4:w=7,h=4", "7x4"})
	}
	if len(c4specs) > 0 {
		c4 := tables
		if d := os.Getenv("SENTE_HEADLINE_STORE"); d != "" {
			c4 = store.Store{Dir: d}
		}
		_, c4base := serveApp(t, Config{Tables: &c4})
		for _, c4spec := range c4specs {
			for _, phone := range []bool{false, true} {
				size := "desktop"
				if phone {
					size = "phone"
					if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
						t.Fatal(err)
					}
				}
				navigate(t, ctx, c4base+"/?game="+url.QueryEscape(c4spec.spec)+"&mode=first")
				n := playOut(t, ctx, c4spec.spec+" on a "+size, 60*time.Minute)
				t.Logf("%s on a %s: %d moves", c4spec.spec, size, n)
				viewportShot(t, ctx, dir, "headline-connect4-"+c4spec.name+"-"+size+".png")
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1100)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	_, base := serveApp(t, Config{Tables: &tables})
	for _, g := range games {
		began := time.Now()
		navigate(t, ctx, base+"/?game="+g.spec+"&mode=first")
		n := playOut(t, ctx, g.spec, g.solve)
		if !strings.Contains(text(t, ctx, "verdict"), "lost") && !strings.Contains(text(t, ctx, "verdict"), "won") {
			t.Errorf("%s: the game ended with %q", g.spec, text(t, ctx, "verdict"))
		}
		t.Logf("%s: solved and played in %v, %d moves", g.spec, time.Since(began).Round(time.Second), n)
		screenshot(t, ctx, dir, "headline-"+g.spec+"-desktop.png")
		// On a phone, from the stored tables.
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
			t.Fatal(err)
		}
		navigate(t, ctx, base+"/?game="+g.spec+"&mode=second")
		n = playOut(t, ctx, g.spec+" on a phone", time.Minute)
		t.Logf("%s on a phone: %d moves", g.spec, n)
		viewportShot(t, ctx, dir, "headline-"+g.spec+"-phone.png")
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1100)); err != nil {
			t.Fatal(err)
		}
	}
}
