package explain_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explain"
)

// subtraction is a game of one's own (written out and explained in the
// example of sente.Game): a heap of tokens, each move takes 1, 2 or 3 of
// them, and whoever takes the last token wins.
type subtraction struct{ heap int }

type heap struct {
	Tokens int
	Turn   sente.Player
}

func (g subtraction) Start() sente.Position { return heap{g.heap, sente.First} }

func (subtraction) Moves(p sente.Position) []sente.Move {
	h := p.(heap)
	var moves []sente.Move
	for take := 1; take <= min(3, h.Tokens); take++ {
		moves = append(moves, sente.Move{Name: strconv.Itoa(take), To: heap{h.Tokens - take, h.Turn.Other()}})
	}
	return moves
}

func (subtraction) Ended(p sente.Position) (sente.Value, bool) {
	return sente.Lose, p.(heap).Tokens == 0
}

func (subtraction) Turn(p sente.Position) sente.Player { return p.(heap).Turn }

func (subtraction) FormatPosition(p sente.Position) string {
	return fmt.Sprintf("%d/%s", p.(heap).Tokens, p.(heap).Turn)
}

func (subtraction) ParsePosition(s string) (sente.Position, error) {
	tokens, player, _ := strings.Cut(s, "/")
	n, err := strconv.Atoi(tokens)
	turn, errTurn := sente.ParsePlayer(player)
	if err != nil || errTurn != nil || n < 0 {
		return nil, fmt.Errorf("position %q: want TOKENS/PLAYER, as 10/first", s)
	}
	return heap{n, turn}, nil
}

// Features names the numbers of a position that a strategy may be stated
// by (sente.Featured): with it, explain can say which positions to move
// into, not only which move to make.
func (g subtraction) Features() []sente.Feature {
	return []sente.Feature{{
		Name: "tokens", Doc: "the tokens left", Size: g.heap + 1,
		Of: func(p sente.Position) int { return p.(heap).Tokens },
	}}
}

// Explain tells the story of a position of a solved game in words: who
// wins, which moves do, and the winner's plan, stated as a reply rule that
// was checked on every line. Judge says what a move threw away, and
// FindTarget states the plan as the positions to move into, by the
// game's features.
func ExampleExplain() {
	g := subtraction{heap: 10}
	a, err := answer.Solve(context.Background(), g, answer.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()

	story, _ := explain.Explain(a.Solution, nil) // nil: the position solved from
	fmt.Println(story.Verdict)
	fmt.Println(story.MovesSummary)
	fmt.Println("plan:", story.Strategy.Words)

	moves, _ := explain.Moves(a.Solution, g.Start()) // best first
	for _, m := range moves[1:] {
		fmt.Printf("taking %s: %s (%v)\n", m.Name, explain.Judge(m.Outcome, moves[0].Outcome), m.Outcome)
	}
	fmt.Println("in other words:", explain.FindTarget(a.Solution).Words)
	// Output:
	// first player wins in 5 plies
	// The only winning move for the first player is 2. Losing moves: 1 and 3.
	// plan: play 2 (the only winning move); from then on, answer every x with 4 − x
	// taking 1: that move threw away a win (lose in 6)
	// taking 3: that move threw away a win (lose in 4)
	// in other words: always move to a position where the tokens left is a multiple of 4
}
