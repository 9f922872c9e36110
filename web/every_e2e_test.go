package web

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente/store"
)

// TestBrowserMorrisDatabase: nine men's morris, too large for the server's
// budget from its start, played in the browser from a position of a
// database of its endings that the store holds whole (sente solve
// --every-position; three men against three): the page shows the
// position's value, and the person's worst moves meet the perfect
// player's answers, read from those tables, until the game ends.
func TestBrowserMorrisDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays nine men's morris's three against three (about 10 s)")
	}
	tables := store.Store{Dir: t.TempDir()}
	root := "x../.o./..x/o....x/.../.o./... x"
	storeEveryPosition(t, &tables, "morris", root)
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{Memory: 64 << 20, Tables: &tables})
	navigate(t, ctx, base+"/?game=morris&mode=first&pos="+url.QueryEscape(root))
	n := playOut(t, ctx, "nine men's morris, three against three", time.Minute)
	verdict := text(t, ctx, "verdict")
	if !strings.Contains(verdict, "lost") && !strings.Contains(verdict, "won") {
		t.Errorf("the game ended with %q", verdict)
	}
	if n < 2 {
		t.Errorf("%d moves played, want the person's and the computer's", n)
	}
	t.Logf("three against three: %d moves, %q", n, verdict)
	screenshot(t, ctx, dir, "morris-three-against-three.png")
}
