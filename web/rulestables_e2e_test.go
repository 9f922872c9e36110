package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sente-go/sente/store"
)

// TestBrowserRulesFileFromTables: a rules file pasted into a server whose
// store holds the tables 'sente solve FILE --store' made of it is played
// from those tables at once, every position read by a child with the
// file's code: a whole game of Cram 4×4 against the perfect player, each
// move coloured as the tables value it.
func TestBrowserRulesFileFromTables(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	needSandbox(t)
	tables := &store.Store{Dir: t.TempDir()}
	name := cliTables(t, tables, "../examples/cram.star", ":w=4,h=4")
	ctx, dir := browser(t)
	srv, base := serveApp(t, Config{Tables: tables})
	spec := pasteFile(t, srv.Handler(), "../examples/cram.star") + ":w=4,h=4"
	st := playWhole(t, ctx, dir, base, spec, func(st pageState, info *PositionInfo) {
		if !strings.Contains(st.Verdict, "losing") || info.Positions != 5700 {
			t.Errorf("the start of Cram 4×4: the page says %q, the server %d positions; want the first player losing, from the 5700 positions of the tables", st.Verdict, info.Positions)
		}
	}, func(name string) string { return fmt.Sprintf(`#moves button.move[data-move=%q]`, name) })
	if !st.Ended {
		t.Errorf("the game did not end: %+v", st)
	}
	srv.cache.mu.Lock()
	j := srv.cache.jobs[spec]
	srv.cache.mu.Unlock()
	if j == nil || j.stored != name {
		t.Errorf("the game was not answered from the tables %q: %+v", name, j)
	}
	screenshot(t, ctx, dir, "cram-from-tables.png")
}
