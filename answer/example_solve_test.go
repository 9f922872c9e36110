package answer_test

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

// Impartial says both players have the same moves, which gives the game
// Grundy values (sente.Impartial, found by type assertion).
func (subtraction) Impartial() bool { return true }

// Solve takes a game of one's own as it takes a built-in one: it chooses
// the engine, solves every position the start reaches, and answers for
// each of them. explain.Best reads the best moves off the solution.
func ExampleSolve() {
	ctx := context.Background()
	g := subtraction{heap: 10}
	a, err := answer.Solve(ctx, g, answer.Options{Grundy: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()

	o, _ := a.Solution.Outcome(g.Start())
	fmt.Println("from 10 tokens the first player has a", o.Value, "in", o.Remoteness, "plies")
	best, _ := explain.Best(a.Solution, g.Start())
	for _, m := range best {
		fmt.Println("best move: take", m.Name, "-", m.Outcome)
	}
	for _, text := range []string{"8/first", "7/first"} {
		p, _ := g.ParsePosition(text)
		o, _ := a.Solution.Outcome(p)
		n, _ := a.Grundy(p)
		fmt.Printf("%s: %v, Grundy value %v\n", text, o, n)
	}
	// Output:
	// from 10 tokens the first player has a win in 5 plies
	// best move: take 2 - win in 5
	// 8/first: lose in 4, Grundy value 0
	// 7/first: win in 3, Grundy value 3
}
