package web

import (
	"strings"
	"testing"

	"sente"
	"sente/store"
)

// TestTierSolves: a built-in game the hashing engine would need more than
// the budget for is solved by the tier engine in the large lane, its
// tables stored, and answered from them from then on, by this server and
// by the next; without a store it is refused as before.
func TestTierSolves(t *testing.T) {
	const spec = "connect4:w=5,h=4" // 160.8M by the hashing engine's estimate
	cfg := Config{Memory: 256 << 20}
	h := newTestServer(t, cfg).Handler()
	if code, _, body := get(t, h, "/api/position?game=connect4:w%3D5,h%3D4"); code != 400 || !strings.Contains(body, "memory") {
		t.Fatalf("without a store: status %d: %s", code, body)
	}

	tables := store.Store{Dir: t.TempDir()}
	cfg.Tables = &tables
	h = newTestServer(t, cfg).Handler()
	info := ready(t, h, spec, "")
	if info.Value != sente.Tie || remoteness(info.Remoteness) != 20 {
		t.Fatalf("%s: %s in %d, want a tie in 20", spec, info.Value, remoteness(info.Remoteness))
	}
	next := ready(t, h, spec, info.Moves[0].Position)
	if next.Value == sente.Unknown || len(next.Moves) == 0 {
		t.Fatalf("after a move: %+v", next)
	}
	if games, err := tables.List(); err != nil || len(games) != 1 || games[0].Spec != "connect4:w=5,h=4,k=4" {
		t.Fatalf("the store holds %+v (%v)", games, err)
	}
	// A new server answers from the stored tables at once.
	h = newTestServer(t, cfg).Handler()
	if again := position(t, h, spec, ""); again.Status != "ready" || again.Value != sente.Tie {
		t.Fatalf("a new server: %+v", again)
	}
}
