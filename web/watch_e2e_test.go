package web

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestPageWatchEnds: the computer playing itself ends a drawn loopy game
// once a position repeats, saying so, and its perfect player chooses among
// equally good moves, the same way for the same seed.
func TestPageWatchEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})

	// Chopsticks is a draw: perfect play goes round a cycle. The seed
	// fixes the perfect player's choices among equal moves, and so how
	// long the cycle takes to close (unseeded, some runs took 34 moves).
	navigate(t, ctx, base+"/?game=chopsticks&mode=watch&speed=200&seed=1")
	// The end is said in the headline, as every end is.
	waitJS(t, ctx, "a draw by repetition", `document.getElementById("verdict").textContent.includes("draw by repetition")`)
	plies := eval[int](t, ctx, plyJS)
	t.Logf("the repetition was seen after %d moves", plies)
	if plies > 30 {
		t.Errorf("the repetition was seen after %d moves", plies)
	}
	if !eval[bool](t, ctx, `document.getElementById("watchplay").disabled && document.getElementById("watchstep").disabled`) {
		t.Error("Play and Step are still offered after the draw by repetition")
	}
	if f := text(t, ctx, "verdict"); !strings.Contains(f, "for ever") || !strings.HasPrefix(f, "Game over") {
		t.Errorf("the headline says %q; it should say the game is over, perfect play going round for ever", f)
	}

	// Tic-tac-toe: every first move keeps the tie, so the perfect player
	// may play any; a seed fixes its choices.
	game := func(seed int) []string {
		t.Helper()
		navigate(t, ctx, fmt.Sprintf("%s/?game=tictactoe&mode=watch&speed=200&seed=%d", base, seed))
		waitJS(t, ctx, "the game's end", `document.getElementById("turn").textContent.includes("game over")`)
		var moves []string
		for _, r := range readRecord(t, ctx) {
			moves = append(moves, r.Move)
		}
		if link := eval[string](t, ctx, `document.getElementById("link").href`); !strings.Contains(link, fmt.Sprintf("seed=%d", seed)) {
			t.Errorf("the game's link %s does not keep its seed", link)
		}
		return moves
	}
	first := game(1)
	if again := game(1); !slices.Equal(again, first) {
		t.Fatalf("seed 1 played %v, then %v", first, again)
	}
	for seed := 2; seed <= 6; seed++ {
		if !slices.Equal(game(seed), first) {
			return
		}
	}
	t.Errorf("seeds 1 to 6 all played %v: the perfect player always takes the same best move", first)
}

// TestPageMistakesKept: a mistake stays marked in a game opened from its
// link, and the computer's own mistakes (playing itself, with mistakes)
// are marked as a person's are.
func TestPageMistakesKept(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips this browser test")
	}
	ctx, _ := browser(t)
	_, base := serveApp(t, Config{})
	marked := func(rec []playedRecord) (n int) {
		for _, r := range rec {
			if strings.Contains(r.Text, "mistake") {
				n++
			}
		}
		return n
	}

	navigate(t, ctx, base+"/?game=cards&mode=first")
	st := waitTurn(t, ctx, "")
	click(t, ctx, `#moves button.move[data-move="1"]`) // the one losing opening
	waitTurn(t, ctx, st.Position)
	if n := marked(readRecord(t, ctx)); n != 1 {
		t.Fatalf("the mistake is not marked: %+v", readRecord(t, ctx))
	}
	navigate(t, ctx, eval[string](t, ctx, `document.getElementById("link").href`))
	waitJS(t, ctx, "the link replayed", plyJS+` === 2`)
	if rec := readRecord(t, ctx); marked(rec) != 1 || !strings.Contains(text(t, ctx, "feedback"), "threw away a win") {
		t.Errorf("opened from its link, the game does not mark the mistake: %+v, feedback %q", rec, text(t, ctx, "feedback"))
	}

	navigate(t, ctx, base+"/?game=tictactoe&mode=watch&speed=200&opponent=erring&err=100&seed=4")
	waitJS(t, ctx, "the game's end", `document.getElementById("turn").textContent.includes("game over")`)
	if n := marked(readRecord(t, ctx)); n == 0 {
		t.Errorf("the computer played at random and made no marked mistake: %+v", readRecord(t, ctx))
	}
}
