package explain_test

import (
	"context"
	"fmt"
	"os"

	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explain"
)

// WriteText prints a story as the command `sente explain` does. Here the
// game is the subtraction game of the example of Explain, told from a
// position after the first player went wrong.
func ExampleStory_WriteText() {
	g := subtraction{heap: 10}
	a, err := answer.Solve(context.Background(), g, answer.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	p, _ := g.ParsePosition("7/second") // the first player took 3
	story, _ := explain.Explain(a.Solution, p)
	story.WriteText(os.Stdout)
	// Output:
	// Position: 7/second (second player to move)
	// With perfect play from both sides: second player wins in 3 plies (a ply is one move by one player).
	//
	// Main line of perfect play (the winner wins as fast as possible, the loser holds out as long as possible):
	//   1. second plays 3
	//   2. first plays 1
	//   3. second plays 3
	//   Then: second player has won (position 0/first).
	//
	// Moves for the second player here, best first:
	//   3  wins in 3 plies
	//   1  loses in 4 plies
	//   2  loses in 4 plies
	//   The only winning move for the second player is 3. Losing moves: 1 and 2.
	//
	// Strategy of the second player (the winner):
	//   Play 3 (the only winning move); from then on, answer every x with 4 − x.
	//   Checked on every line the opponent can choose, to the end of the game: 5
	//   positions. Every reply the rule gives is also a fastest win.
	//
	// The losing side's best chance (the first player's):
	//   The first player can win only if the second player goes wrong. The first
	//   chance comes right here: the moves that do not win are 1 and 2.
	//   - After 1 the first player wins in 4 plies; the only winning reply is 2.
	//     Answering 1 with 2, then from then on every x with 4 − x, wins every line
	//     (checked on 5 positions).
	//   - After 2 the first player wins in 4 plies; the only winning reply is 1.
	//     Answering 2 with 1, then from then on every x with 4 − x, wins every line
	//     (checked on 5 positions).
}
