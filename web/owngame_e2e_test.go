package web

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/games"
)

// takeSquares is a program's own game, not the catalogue's: subtract a
// square from a heap of tokens; whoever takes the last one wins.
type takeSquares struct{ n int }

type squaresPos struct{ n, turn int }

func (g takeSquares) Start() sente.Position { return squaresPos{g.n, 0} }

func (takeSquares) Moves(p sente.Position) []sente.Move {
	q := p.(squaresPos)
	var moves []sente.Move
	for k := 1; k*k <= q.n; k++ {
		moves = append(moves, sente.Move{Name: strconv.Itoa(k * k), To: squaresPos{q.n - k*k, 1 - q.turn}})
	}
	return moves
}

func (takeSquares) Ended(p sente.Position) (sente.Value, bool) {
	return sente.Lose, p.(squaresPos).n == 0
}

func (takeSquares) Turn(p sente.Position) sente.Player { return sente.Player(p.(squaresPos).turn) }

func (takeSquares) FormatPosition(p sente.Position) string {
	return fmt.Sprintf("%d/%d", p.(squaresPos).n, p.(squaresPos).turn)
}

func (takeSquares) ParsePosition(s string) (sente.Position, error) {
	var q squaresPos
	if _, err := fmt.Sscanf(s, "%d/%d", &q.n, &q.turn); err != nil || q.n < 0 || q.turn&^1 != 0 {
		return nil, fmt.Errorf("position %q: want TOKENS/TURN, as 20/0", s)
	}
	return q, nil
}

// TestBrowserPlaysOwnGame: a server given a catalogue with a program's own
// family lists it in the page's choice of games, and the page plays it to
// the end against the perfect player, every move coloured by the server's
// value, as it plays a built-in game.
func TestBrowserPlaysOwnGame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser end-to-end test: headless Chromium plays a game of the program's own")
	}
	catalog := &games.Catalog{}
	err := catalog.Add(sente.Family{
		Name:    "squares",
		Summary: "subtract a square: take 1, 4, 9, ... tokens; whoever takes the last one wins",
		Params:  []sente.Param{{Name: "n", Doc: "the tokens at the start", Kind: sente.Int, Default: "20", Min: 0, Max: 1000}},
		New:     func(v sente.ParamValues) (sente.Game, error) { return takeSquares{v.Int("n")}, nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, dir := browser(t)
	_, base := serveApp(t, Config{Games: catalog})

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
		t.Fatal(err)
	}
	listed, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#game option")].map((o) => o.value + "=" + o.textContent).join(";")`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(";"+listed+";", ";squares=Subtract a square;") || !strings.Contains(listed, "tictactoe=") {
		t.Errorf("the page's games are %q, want squares (Subtract a square) among the built-in ones", listed)
	}

	// From 11 tokens the first player wins in 3 plies (9, then 1).
	st := playWhole(t, ctx, dir, base, "squares:n=11",
		func(st pageState, want *PositionInfo) {
			if want.Value != sente.Win || remoteness(want.Remoteness) != 3 || len(st.Moves) != 3 {
				t.Errorf("squares:n=11 start: server %s in %d, page %d moves", want.Value, remoteness(want.Remoteness), len(st.Moves))
			}
			if st.Verdict != "You are winning: you can force a win in 3 moves." {
				t.Errorf("squares:n=11 start verdict %q", st.Verdict)
			}
		},
		func(name string) string { return fmt.Sprintf(`#moves button.move[data-move=%q]`, name) })
	if st.Verdict != "Game over: you won!" {
		t.Errorf("squares:n=11 ended with %q, want a win", st.Verdict)
	}
	screenshot(t, ctx, dir, "squares.png")
}
