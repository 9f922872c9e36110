package answer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/solve/hashing"
	"github.com/sente-go/sente/store"
	"github.com/sente-go/sente/store/book"
)

// TestAnswersFromTheBook: an answer by search takes the positions the
// game's opening book holds from it, none searched, and says so; it
// searches those beyond it; the outcomes are the tables' either way.
func TestAnswersFromTheBook(t *testing.T) {
	const spec, plies = "connect4:w=4,h=4", 4
	ctx := context.Background()
	g := open(t, spec)
	tables := &store.Store{Dir: t.TempDir()}
	gs, err := tables.Game(spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := book.Build(ctx, g, gs, book.Options{Plies: plies, TableBytes: 1 << 20}); err != nil {
		t.Fatal(err)
	}
	ref, err := hashing.Solve(ctx, g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	check := func(sol interface {
		Outcome(sente.Position) (sente.Outcome, bool)
	}, p sente.Position) {
		t.Helper()
		got, ok := sol.Outcome(p)
		want, _ := ref.Outcome(p)
		if !ok || got != want {
			t.Errorf("%s: %v, want %v", g.FormatPosition(p), got, want)
		}
	}

	a, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Search, Tables: tables, Name: spec})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	start := g.Start()
	check(a.Solution, start)
	for _, m := range g.Moves(start) {
		check(a.Solution, m.To)
	}
	cost, _ := a.SearchCost()
	if cost.Searches != 0 || cost.Nodes != 0 || cost.FromBook != 1+len(g.Moves(start)) || cost.BookPlies != plies {
		t.Errorf("the start and its moves: %+v, want every one from the book of %d plies and no search", cost, plies)
	}
	if w := cost.Words(); !strings.Contains(w, "from the opening book of 4 plies, none searched") {
		t.Errorf("words %q do not say the book answered", w)
	}

	// Five stones: beyond the book, searched.
	p := start
	for range plies + 1 {
		p = g.Moves(p)[0].To
	}
	check(a.Solution, p)
	cost, _ = a.SearchCost()
	if cost.Searches != 1 || cost.Nodes == 0 {
		t.Errorf("a position beyond the book: %+v, want it searched", cost)
	}
	if w := cost.Words(); !strings.Contains(w, "from the opening book of 4 plies; 1 searched: ") {
		t.Errorf("words %q", w)
	}

	// No book under the game's name: everything searched.
	b, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Search, Tables: tables, Name: spec + ":other"})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if cost, _ := b.SearchCost(); cost.FromBook != 0 || cost.Searches != 1 {
		t.Errorf("without a book: %+v", cost)
	}
}

// TestAnswersFromAPlayersLines: a book of one player's best moves answers
// the positions it holds, each the hashing engine's outcome, and the
// answer's words and cost name it as such.
func TestAnswersFromAPlayersLines(t *testing.T) {
	const spec, plies = "connect4:w=4,h=4", 4
	ctx := context.Background()
	g := open(t, spec)
	tables := &store.Store{Dir: t.TempDir()}
	gs, err := tables.Game(spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := book.Build(ctx, g, gs, book.Options{Plies: plies, Strategy: book.BestSecond, TableBytes: 1 << 20}); err != nil {
		t.Fatal(err)
	}
	ref, err := hashing.Solve(ctx, g, hashing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The second player's turn after any first move: every move's
	// position is in the book.
	p := g.Moves(g.Start())[1].To
	a, err := answer.Solve(ctx, g, answer.Options{Engine: answer.Search, Tables: tables, Name: spec, From: p})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	for _, q := range append([]sente.Position{p}, func() (to []sente.Position) {
		for _, m := range g.Moves(p) {
			to = append(to, m.To)
		}
		return to
	}()...) {
		got, ok := a.Solution.Outcome(q)
		want, _ := ref.Outcome(q)
		if !ok || got != want {
			t.Errorf("%s: %v, want %v", g.FormatPosition(q), got, want)
		}
	}
	cost, _ := a.SearchCost()
	if cost.Searches != 0 || cost.BookStrategy != book.BestSecond || cost.BookPlies != plies {
		t.Errorf("%+v, want every position from the second player's lines of %d plies", cost, plies)
	}
	if w := cost.Words(); !strings.Contains(w, "from the opening book of 4 plies of the second player's best moves, none searched") {
		t.Errorf("words %q do not name the book", w)
	}
}
