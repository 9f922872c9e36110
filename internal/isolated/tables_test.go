package isolated

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/store"
)

// TestSolveAndQueryTables: a child finds a file's tables in the store
// under the name 'sente solve FILE --store' gave them, whatever the file
// is called now, and answers positions from them: the position, its
// children and their outcomes, as the file's own game solved has them; a
// position the tables do not reach says so; a game that fits nowhere is
// the answer layer's refusal; a small one comes back as a graph.
func TestSolveAndQueryTables(t *testing.T) {
	ctx := context.Background()
	tables := &store.Store{Dir: t.TempDir()}
	files := &games.Catalog{ReadFiles: true}
	args := []sente.Arg{{Key: "w", Value: "4"}, {Key: "h", Value: "4"}}
	b, err := files.Bind(sente.Spec{Name: "../../examples/cram.star", Args: args})
	if err != nil {
		t.Fatal(err)
	}
	g, err := b.New()
	if err != nil {
		t.Fatal(err)
	}
	direct, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Tiers, Tables: tables, Name: b.Canonical()})
	if err != nil {
		t.Fatal(err)
	}
	defer direct.Close()

	// The same text under another name, as the browser app keeps it.
	pasted := t.TempDir() + "/r0123.star"
	copyFile(t, "../../examples/cram.star", pasted)
	f, err := Load(ctx, pasted, lim)
	if err != nil {
		t.Fatal(err)
	}
	solved, err := f.Solve(ctx, args, SolveOptions{Tables: tables.Dir, MaxMemory: 1 << 30})
	if err != nil || solved.Stored != b.Canonical() || solved.Graph != nil {
		t.Fatalf("solve: %+v %v; want the tables %q", solved, err, b.Canonical())
	}
	for _, text := range []string{"", "..../..../..../##..", "..##/..##/..../...."} {
		n, err := f.Query(ctx, args, tables.Dir, solved.Stored, text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		p := g.Start()
		if text != "" {
			if p, err = g.ParsePosition(text); err != nil {
				t.Fatal(err)
			}
		}
		want, _ := direct.Solution.Outcome(p)
		if got, _ := n.Outcome(n.At()); got != want || n.Game().FormatPosition(n.At()) != g.FormatPosition(p) {
			t.Errorf("%q: %v at %q, want %v", text, got, n.Game().FormatPosition(n.At()), want)
		}
		moves := g.Moves(p)
		got := n.Moves(n.At())
		if len(got) != len(moves) {
			t.Fatalf("%q: %d moves, want %d", text, len(got), len(moves))
		}
		for i, m := range moves {
			wantChild, _ := direct.Solution.Outcome(m.To)
			gotChild, _ := n.Outcome(got[i].To)
			if got[i].Name != m.Name || gotChild != wantChild || n.Game().FormatPosition(got[i].To) != g.FormatPosition(m.To) {
				t.Errorf("%q, %s: %s %v, want %s %v", text, m.Name, got[i].Name, gotChild, m.Name, wantChild)
			}
		}
	}
	if _, err := f.Query(ctx, args, tables.Dir, solved.Stored, "#..#/..../..../...."); !errors.Is(err, ErrMissing) {
		t.Errorf("a position the tables do not reach: %v", err)
	}

	// Cram 5×5 in 64M: neither engine fits.
	if _, err := f.Solve(ctx, nil, SolveOptions{Tables: tables.Dir, MaxMemory: 64 << 20, Label: "cram"}); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "cram: ") || !strings.Contains(err.Error(), "would need") {
		t.Errorf("cram 5×5 in 64M: %v, want the answer layer's refusal", err)
	}
	// Cram 3×4, small: its graph, for the hashing engine.
	small := []sente.Arg{{Key: "w", Value: "3"}, {Key: "h", Value: "4"}}
	if solved, err := f.Solve(ctx, small, SolveOptions{Tables: tables.Dir, MaxMemory: 1 << 30}); err != nil || solved.Graph == nil || solved.Stored != "" {
		t.Errorf("cram 3×4: %+v %v, want its graph", solved, err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	text, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, text, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestMarginsAcrossTheChild: a rules file that ends in a score keeps its
// margins across the process boundary: a position answered from its
// stored tables carries each position's margin, and a graph sent for the
// hashing engine its ended positions' scores, so that the parent's solve
// finds the margins the file's own game has.
func TestMarginsAcrossTheChild(t *testing.T) {
	ctx := context.Background()
	tables := &store.Store{Dir: t.TempDir()}
	files := &games.Catalog{ReadFiles: true}
	args := []sente.Arg{{Key: "pits", Value: "2"}, {Key: "seeds", Value: "3"}}
	b, err := files.Bind(sente.Spec{Name: "../../examples/kalah.star", Args: args})
	if err != nil {
		t.Fatal(err)
	}
	g, err := b.New()
	if err != nil {
		t.Fatal(err)
	}
	direct, err := hashing.Solve(ctx, g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(ctx, "../../examples/kalah.star", lim)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Tiers, Tables: tables, Name: b.Canonical()}); err != nil {
		t.Fatal(err)
	}
	n, err := f.Query(ctx, args, tables.Dir, b.Canonical(), "")
	if err != nil {
		t.Fatal(err)
	}
	if err := n.MarginErr(); err != nil {
		t.Fatalf("the tables' margins: %v", err)
	}
	at := n.At()
	positions := []sente.Position{at}
	for _, m := range n.Moves(at) {
		positions = append(positions, m.To)
	}
	for _, p := range positions {
		q, err := g.ParsePosition(n.Game().FormatPosition(p))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := direct.Margin(q)
		if got, ok := n.Margin(p); !ok || got != want {
			t.Errorf("%s: margin %v (%v), want %v", n.Game().FormatPosition(p), got, ok, want)
		}
	}

	explored, err := f.Explore(ctx, args, "")
	if err != nil {
		t.Fatal(err)
	}
	onGraph, err := hashing.Solve(ctx, explored, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := onGraph.MarginErr(); err != nil || !sente.Scored(explored) {
		t.Fatalf("the graph's margins: %v (scored %v)", err, sente.Scored(explored))
	}
	for i := range explored.Len() {
		q, err := g.ParsePosition(explored.FormatPosition(i))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := direct.Margin(q)
		if got, ok := onGraph.Margin(i); !ok || got != want {
			t.Errorf("graph %s: margin %v (%v), want %v", explored.FormatPosition(i), got, ok, want)
		}
	}
}
