package web

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/store"
)

// cliTables solves the rules file at path with args into tables by the
// tier engine, under the name 'sente solve FILE --store' gives them, and
// returns that name.
func cliTables(t *testing.T, tables *store.Store, path, args string) string {
	t.Helper()
	spec, err := sente.ParseSpec(path + args)
	if err != nil {
		t.Fatal(err)
	}
	files := &games.Catalog{ReadFiles: true}
	b, err := files.Bind(spec)
	if err != nil {
		t.Fatal(err)
	}
	g, err := b.New()
	if err != nil {
		t.Fatal(err)
	}
	a, err := answer.Solve(context.Background(), g, answer.Options{Engine: answer.Tiers, Tables: tables, Name: b.Canonical()})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	return b.Canonical()
}

// TestRulesFileFromStoredTables: a pasted rules file is answered from the
// tables that 'sente solve FILE --store' made of the same file, at once and
// without solving it again, a position at a time by a child that reads
// them with the file's code; a position the tables do not reach is solved
// from itself, as before.
func TestRulesFileFromStoredTables(t *testing.T) {
	needSandbox(t)
	tables := &store.Store{Dir: t.TempDir()}
	name := cliTables(t, tables, "../examples/cram.star", ":w=4,h=4")
	s := newTestServer(t, Config{Tables: tables})
	h := s.Handler()
	spec := pasteFile(t, h, "../examples/cram.star") + ":w=4,h=4"
	start := time.Now()
	info := ready(t, h, spec, "")
	if info.Value != sente.Lose || remoteness(info.Remoteness) != 8 || info.Positions != 5700 || len(info.Moves) != 24 {
		t.Fatalf("cram 4×4 from the tables: %s in %d, %d positions, %d moves; want a second-player win in 8, 5700 positions, 24 moves", info.Value, remoteness(info.Remoteness), info.Positions, len(info.Moves))
	}
	s.cache.mu.Lock()
	j := s.cache.jobs[spec]
	s.cache.mu.Unlock()
	if j == nil || j.stored != name {
		t.Fatalf("answered from %q, want the command line's tables %q", j.stored, name)
	}
	if games, err := tables.List(); err != nil || len(games) != 1 {
		t.Errorf("the store holds %d games (%v), want the one solved before", len(games), err)
	}
	t.Logf("answered from the stored tables in %v", time.Since(start))

	// A move, then a position two moves on, each from the tables.
	next := ready(t, h, spec, info.Moves[0].Position)
	if next.Value != sente.Win || len(next.Moves) == 0 || next.Position != info.Moves[0].Position {
		t.Fatalf("after %s: %+v", info.Moves[0].Move, next)
	}
	for _, m := range next.Moves {
		if m.Value == sente.Unknown {
			t.Errorf("after %s, %s has no value", info.Moves[0].Move, m.Move)
		}
	}
	// Not reached from the start (two cells apart cannot hold one
	// domino), yet a position the file reads: explored from itself.
	apart := ready(t, h, spec, "#..#/..../..../....")
	if apart.Value == sente.Unknown || apart.Turn != sente.Second {
		t.Errorf("two cells apart: %+v", apart)
	}
	s.cache.mu.Lock()
	from := s.cache.jobs[spec+"\x00from\x00#..#/..../..../...."]
	s.cache.mu.Unlock()
	if from == nil || from.stored != "" || from.game == nil {
		t.Errorf("the position the tables do not reach was not explored from itself: %+v", from)
	}
	code, _, body := get(t, h, "/api/position?game="+url.QueryEscape(spec)+"&pos="+url.QueryEscape("###./..../..../...."))
	if code != 400 || !strings.Contains(body, "even") {
		t.Errorf("a position with three covered cells: %d %s", code, body)
	}
}

// TestRulesFileByTheTierEngine: a pasted rules file the answer layer gives
// the tier engine is solved by it, in a child under the rules files' hard
// memory limit, into the server's store: its progress counts positions
// from the first report on, it goes on while nobody asks (a page that
// polls less often than the server abandons solves), and a new server,
// the same file pasted again, answers from its tables at once.
func TestRulesFileByTheTierEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips solving Cram 4×6 by the tier engine (607,752 positions, about 10 CPU-seconds)")
	}
	needSandbox(t)
	tables := &store.Store{Dir: t.TempDir()}
	cfg := Config{Tables: tables, RulesMemory: 512 << 20, Abandon: time.Second, Moment: 10 * time.Millisecond}
	s := newTestServer(t, cfg)
	h := s.Handler()
	spec := pasteFile(t, h, "../examples/cram.star") + ":w=4,h=6"
	deadline := time.Now().Add(10 * time.Minute)
	var info PositionInfo
	counted := false
	for {
		info = position(t, h, spec, "")
		if info.Status == "ready" {
			break
		}
		if strings.Contains(info.Verdict, " 0 of 0 ") {
			t.Errorf("progress: %q", info.Verdict)
		}
		if pr := info.Progress; pr != nil && pr.Done > 0 && pr.Total >= pr.Done {
			counted = true
		}
		if time.Now().After(deadline) {
			t.Fatalf("still solving: %q", info.Verdict)
		}
		// Less often than the server abandons a solve nobody asks for.
		time.Sleep(3 * cfg.Abandon)
	}
	if !counted {
		t.Error("the solve's progress never counted positions out of a total")
	}
	if info.Value != sente.Lose || remoteness(info.Remoteness) != 12 || info.Positions != 607752 {
		t.Fatalf("cram 4×6: %s in %d, %d positions; want a second-player win in 12, 607752 positions", info.Value, remoteness(info.Remoteness), info.Positions)
	}
	s.cache.mu.Lock()
	j := s.cache.jobs[spec]
	s.cache.mu.Unlock()
	if j == nil || j.stored == "" || !j.tiers {
		t.Fatalf("not solved by the tier engine into the store: %+v", j)
	}
	if n := s.Solves(); n != 1 {
		t.Errorf("%d solves started, want one that went on while nobody asked", n)
	}

	// A new server: the file pasted again is answered from the tables.
	s = newTestServer(t, cfg)
	h = s.Handler()
	spec = pasteFile(t, h, "../examples/cram.star") + ":w=4,h=6"
	start := time.Now()
	if again := ready(t, h, spec, ""); again.Value != sente.Lose || again.Positions != 607752 {
		t.Errorf("a new server: %+v", again)
	}
	t.Logf("a new server answered from the tables in %v", time.Since(start))
}

// TestRulesFileMargins: a pasted rules file that ends in a score shows
// its margin, whichever way the server answers it: from the graph its
// child explored, solved by the hashing engine here, and from the tables
// the tier engine stored in its child (Kalah with two pits of three
// seeds: the second player's by 2 in 5 plies).
func TestRulesFileMargins(t *testing.T) {
	needSandbox(t)
	for _, tiers := range []bool{false, true} {
		cfg := Config{Tables: &store.Store{Dir: t.TempDir()}}
		if tiers {
			// Its tables stored by 'sente solve FILE --engine tiers
			// --store', which the server finds under any file name.
			files := &games.Catalog{ReadFiles: true}
			b, err := files.Bind(sente.Spec{Name: "../examples/kalah.star", Args: []sente.Arg{{Key: "pits", Value: "2"}, {Key: "seeds", Value: "3"}}})
			if err != nil {
				t.Fatal(err)
			}
			g, err := b.New()
			if err != nil {
				t.Fatal(err)
			}
			a, err := answer.Solve(t.Context(), g, answer.Options{Engine: answer.Tiers, Tables: cfg.Tables, Name: b.Canonical()})
			if err != nil {
				t.Fatal(err)
			}
			a.Close()
		}
		s := newTestServer(t, cfg)
		h := s.Handler()
		spec := pasteFile(t, h, "../examples/kalah.star") + ":pits=2,seeds=3"
		info := ready(t, h, spec, "")
		if info.MarginJSON == nil || info.Margin == nil || *info.Margin != -2 || info.MarginRemoteness == nil || *info.MarginRemoteness != 5 || info.MarginNote != "" {
			t.Errorf("tiers %v: %+v, want a margin of -2 in 5 plies", tiers, info.MarginJSON)
		}
	}
}
