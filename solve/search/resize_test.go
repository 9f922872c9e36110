package search_test

import (
	"context"
	"testing"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
	"github.com/sente-go/sente/solve/search"
)

// TestResizeTableKeepsProofs: a search's table moved into a larger one (as
// the answer layer does when a search fills its table) answers the same
// position again from what it holds, in a handful of nodes, and a smaller
// one still answers it rightly.
func TestResizeTableKeepsProofs(t *testing.T) {
	_, p, s, first := searchedInSmallTable(t)
	for _, bytes := range []int64{32 << 20, 1 << 20} {
		if err := s.ResizeTable(bytes); err != nil {
			t.Fatal(err)
		}
		if s.TableBytes() != bytes {
			t.Fatalf("resized to %d bytes: %d", bytes, s.TableBytes())
		}
		again, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if again.Outcome != first.Outcome {
			t.Errorf("%d bytes: %v after resizing, %v before", bytes, again.Outcome, first.Outcome)
		}
		if bytes > 4<<20 && again.Nodes > first.Nodes/100 {
			t.Errorf("%d bytes: %d nodes again after growing, %d the first time: the proofs were not kept", bytes, again.Nodes, first.Nodes)
		}
	}
	if err := s.ResizeTable(32); err == nil {
		t.Errorf("a table of 32 bytes: no error")
	}
}

// TestTableTakenOver: a Searcher made with an earlier one's table
// (Options.Table), as a server makes one for each request, answers what
// the earlier one proved in a handful of nodes, and rightly; a table of
// one kind of question is refused by a search for the other.
func TestTableTakenOver(t *testing.T) {
	g, p, first, proved := searchedInSmallTable(t)
	table := first.Table()
	next, err := search.New(g, search.Options{Table: table, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if next.TableBytes() != 4<<20 {
		t.Errorf("the table taken over holds %d bytes, want %d", next.TableBytes(), 4<<20)
	}
	again, err := next.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if again.Outcome != proved.Outcome {
		t.Errorf("%v by the searcher that took the table over, %v by the first", again.Outcome, proved.Outcome)
	}
	if again.Nodes > proved.Nodes/100 {
		t.Errorf("%d nodes again with the table taken over, %d the first time: the proofs were not kept", again.Nodes, proved.Nodes)
	}
	cold, err := search.New(g, search.Options{TableBytes: 4 << 20, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := cold.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if fresh.Outcome != proved.Outcome {
		t.Errorf("%v by a fresh searcher, %v by the first", fresh.Outcome, proved.Outcome)
	}
	if _, err := search.New(g, search.Options{Table: next.Table(), ValueOnly: true}); err == nil {
		t.Error("a table of values and remoteness taken over by a search for values alone: no error")
	}
}

// searchedInSmallTable is connect four 7×6, the benchmark's medium
// position, a one-worker searcher with a table of 4 MB, and what it
// proved of the position.
func searchedInSmallTable(t *testing.T) (sente.Game, sente.Position, *search.Searcher, search.Result) {
	t.Helper()
	g, err := games.NewConnect4(7, 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition(benchPositions[1].moves)
	if err != nil {
		t.Fatal(err)
	}
	s, err := search.New(g, search.Options{TableBytes: 4 << 20, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return g, p, s, res
}

// TestTableBounds: what the table proves of a position, read without a
// search, is true of it. After a search of a position of connect four
// 5×4 (a tie) and of tic-tac-toe (a win), the root's bounds are its
// outcome (the table is large enough to keep it), and every move's
// position's bounds hold that position's outcome, searched afresh,
// between them.
func TestTableBounds(t *testing.T) {
	c4, err := games.NewConnect4(5, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	ttt, err := games.NewTicTacToe(3, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []struct {
		name string
		game sente.Game
		pos  string
	}{
		{"connect4 5×4", c4, "33"},
		{"tictactoe", ttt, "xo./.../..."},
	} {
		g := spec.game
		p, err := g.ParsePosition(spec.pos)
		if err != nil {
			t.Fatal(err)
		}
		s, err := search.New(g, search.Options{TableBytes: 64 << 20})
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		enc := sente.CapabilitiesOf(g).Encoder
		// A win or a loss is in the table exactly; a tie's remoteness is
		// not (its second phase keeps none): the table proves "not a
		// loss" (a draw at least) and "not a win" (a tie in 0 at most).
		wantLow, wantHigh := res.Outcome, res.Outcome
		if res.Outcome.Value == sente.Tie {
			wantLow, wantHigh = sente.Outcome{Value: sente.Draw}, sente.Outcome{Value: sente.Tie}
		}
		if low, high := s.TableBounds(enc.Encode(p)); low != wantLow || high != wantHigh {
			t.Errorf("%s: the table proves %v..%v of the root, searched %v", spec.name, low, high, res.Outcome)
		}
		proved := 0
		for _, m := range g.Moves(p) {
			low, high := s.TableBounds(enc.Encode(m.To))
			fresh, _ := search.New(g, search.Options{TableBytes: 4 << 20})
			r, err := fresh.Solve(context.Background(), m.To)
			if err != nil {
				t.Fatal(err)
			}
			if low.Value != sente.Unknown && low.Better(r.Outcome) || high.Value != sente.Unknown && r.Outcome.Better(high) {
				t.Errorf("%s: move %s: the table proves %v..%v, searched %v", spec.name, m.Name, low, high, r.Outcome)
			}
			if low.Value != sente.Unknown || high.Value != sente.Unknown {
				proved++
			}
		}
		if proved == 0 {
			t.Errorf("%s: the root's search proved nothing of its moves' positions", spec.name)
		}
	}
}
