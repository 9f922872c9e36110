package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sente"
	"sente/store"
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
