package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/testmode"
	"github.com/sente-go/sente/solve/tiers"
	"github.com/sente-go/sente/store"
)

// TestStoredTables: a game whose tables the store holds is answered from
// them, though it is past the server's own limit on a solve, with the
// values a solve gives; a game the store lacks is solved as before.
func TestStoredTables(t *testing.T) {
	tables := store.Store{Dir: t.TempDir()}
	storeTables(t, &tables, "tictactoe")

	s := newTestServer(t, Config{MaxPositions: 100, Tables: &tables})
	h := s.Handler()
	info := ready(t, h, "tictactoe", "")
	if info.Value != sente.Tie || remoteness(info.Remoteness) != 9 || info.Positions != 5478 {
		t.Fatalf("tictactoe from the store: %s in %d, %d positions; want a tie in 9 of 5478", info.Value, remoteness(info.Remoteness), info.Positions)
	}
	next := ready(t, h, "tictactoe", info.Moves[0].Position)
	if next.Value == sente.Unknown || len(next.Moves) == 0 {
		t.Fatalf("after a move: %+v", next)
	}
	// The store does not hold connect four: the server's own limit holds.
	deadline := time.Now().Add(30 * time.Second)
	for {
		code, m, body := get(t, h, "/api/position?game=connect4:w%3D4,h%3D4")
		if code == 400 && strings.Contains(body, "at most 100 positions") {
			break
		}
		if code != 200 || m["status"] != "solving" || time.Now().After(deadline) {
			t.Fatalf("connect four 4×4, past the limit and not stored: status %d: %s", code, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestEveryPositionTables: nine men's morris, too large for the server's
// budget from its start, is answered at the positions of the tiers whose
// every position the store holds (sente solve --every-position; here
// three men against three), with the values of the solve that stored
// them and the positions it counted; a position above them is refused as
// before.
func TestEveryPositionTables(t *testing.T) {
	testmode.SkipShort(t, "every position of nine men's morris with three men against three, five CPU-seconds")
	tables := store.Store{Dir: t.TempDir()}
	spec, root := "morris", "x../.o./..x/o....x/.../.o./... x"
	g, sol := storeEveryPosition(t, &tables, spec, root)
	small := Config{Memory: 64 << 20}
	// Not answered from tables: too large for the budget, searched
	// instead, saying why.
	refused := func(h http.Handler, pos string) {
		t.Helper()
		code, m, body := get(t, h, "/api/position?game="+url.QueryEscape(spec)+"&pos="+url.QueryEscape(pos))
		// Searched, saying why; or, when the search meets a repeated
		// position within the server's wait, that refusal at once.
		loops := code == 400 && strings.Contains(fmt.Sprint(m["error"]), "can return to a position")
		if !loops && (code != 200 || !strings.Contains(fmt.Sprint(m["why_search"]), "memory budget")) {
			t.Errorf("%s at %q: %d %.300s, want it searched for the budget", spec, pos, code, body)
		}
	}
	refused(newTestServer(t, small).Handler(), root)
	small.Tables = &tables
	h := newTestServer(t, small).Handler()
	// The root, a position it leads to, and one it does not reach, with
	// the other player to move and flights that take a man.
	for _, pos := range []string{root, ".../.o./..x/o....x/.../.o./..x o", "x.x/.o./..x/o.....//.o./... o"} {
		p, err := g.ParsePosition(strings.ReplaceAll(pos, "//", "/.../"))
		if err != nil {
			t.Fatal(err)
		}
		pos = g.FormatPosition(p)
		want, ok := sol.Outcome(p)
		if !ok {
			t.Fatalf("%s: the solve from the root does not value it", pos)
		}
		wantIn := want.Remoteness
		if want.Value == sente.Draw {
			wantIn = -1 // endless: no remoteness
		}
		info := position(t, h, spec, pos)
		if info.Status != "ready" || info.Value != want.Value || remoteness(info.Remoteness) != wantIn || info.Positions != sol.Positions() {
			t.Errorf("%s from the tables of every position: %s %s in %d, %d positions; want ready, %s in %d, %d positions",
				pos, info.Status, info.Value, remoteness(info.Remoteness), info.Positions, want.Value, wantIn, sol.Positions())
		}
		if len(info.Moves) == 0 {
			t.Errorf("%s: no moves", pos)
		}
		for _, m := range info.Moves {
			to, err := g.ParsePosition(m.Position)
			if err != nil {
				t.Fatal(err)
			}
			// A move's value is for the player who makes it.
			if o, _ := sol.Outcome(to); m.Value != o.Value.Flip() {
				t.Errorf("%s, move %s: %s, want %s", pos, m.Move, m.Value, o.Value.Flip())
			}
		}
	}
	// Four men against three: not stored.
	refused(h, "x.x/.o./..x/o....x/.../.o./... x")
}

// TestDamagedStoredTable: a stored table with a flipped bit in a block
// the answer reads is an error naming the file and the way out, never a
// position without moves, nor a solve of its own.
func TestDamagedStoredTable(t *testing.T) {
	tables := store.Store{Dir: t.TempDir()}
	storeTables(t, &tables, "tictactoe")
	infos, err := tables.List()
	if err != nil || len(infos) != 1 {
		t.Fatalf("store lists %v (%v)", infos, err)
	}
	// Tier 1, the boards of one mark, which the start's moves reach.
	path := filepath.Join(infos[0].Dir, "tier-000001.values")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[4096+len(b[4096:])/2] ^= 0x10
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	s := newTestServer(t, Config{MaxPositions: 100, Tables: &tables})
	code, _, body := get(t, s.Handler(), "/api/position?game=tictactoe")
	if code != 500 || !strings.Contains(body, "tier-000001.values") || !strings.Contains(body, "fails its checksum") || !strings.Contains(body, "sente solve tictactoe") {
		t.Fatalf("a damaged table: status %d: %s", code, body)
	}
}

// TestRepairedStoredTable: once a solve of the game has repaired a damaged
// table that the server met (sente solve writes the tier again, a file of
// its own), the server answers from the repaired table, without a
// restart; until then it keeps saying what is damaged.
func TestRepairedStoredTable(t *testing.T) {
	tables := store.Store{Dir: t.TempDir()}
	storeTables(t, &tables, "tictactoe")
	infos, err := tables.List()
	if err != nil || len(infos) != 1 {
		t.Fatalf("store lists %v (%v)", infos, err)
	}
	path := filepath.Join(infos[0].Dir, "tier-000001.values")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[4096+len(b[4096:])/2] ^= 0x10
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	s := newTestServer(t, Config{MaxPositions: 100, Tables: &tables})
	h := s.Handler()
	for range 2 {
		if code, _, body := get(t, h, "/api/position?game=tictactoe"); code != 500 || !strings.Contains(body, "tier-000001.values") {
			t.Fatalf("a damaged table: status %d: %s", code, body)
		}
	}
	// The repair, as sente solve does it: every block checked, the
	// damaged tier solved again.
	_, g := bindGame(t, "tictactoe")
	gs, err := tables.Game(infos[0].Spec)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := tiers.SolveTiers(context.Background(), g, tiers.TierOptions{Sink: gs, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	ts.Close()
	info := ready(t, h, "tictactoe", "")
	if info.Value != sente.Tie || remoteness(info.Remoteness) != 9 || len(info.Moves) != 9 {
		t.Fatalf("after the repair: %s in %d, %d moves; want a tie in 9, 9 moves", info.Value, remoteness(info.Remoteness), len(info.Moves))
	}
	if s.Solves() > 2 {
		t.Errorf("%d solves started; the repaired tables answer without one", s.Solves())
	}
}
