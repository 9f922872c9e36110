package cli_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cli"
)

// squares is a game of one's own (see the example of sente.Game for one
// written out and explained): a heap of tokens, each move takes a square
// number of them (1, 4, 9, ...), and whoever takes the last one wins.
type squares struct{ n int }

type heap struct {
	Tokens int
	Turn   sente.Player
}

func (g squares) Start() sente.Position { return heap{g.n, sente.First} }

func (squares) Moves(p sente.Position) []sente.Move {
	h := p.(heap)
	var moves []sente.Move
	for k := 1; k*k <= h.Tokens; k++ {
		moves = append(moves, sente.Move{Name: strconv.Itoa(k * k), To: heap{h.Tokens - k*k, h.Turn.Other()}})
	}
	return moves
}

func (squares) Ended(p sente.Position) (sente.Value, bool) {
	return sente.Lose, p.(heap).Tokens == 0
}

func (squares) Turn(p sente.Position) sente.Player { return p.(heap).Turn }

func (squares) FormatPosition(p sente.Position) string {
	return fmt.Sprintf("%d/%s", p.(heap).Tokens, p.(heap).Turn)
}

func (squares) ParsePosition(s string) (sente.Position, error) {
	tokens, player, _ := strings.Cut(s, "/")
	n, err := strconv.Atoi(tokens)
	turn, errTurn := sente.ParsePlayer(player)
	if err != nil || errTurn != nil || n < 0 {
		return nil, fmt.Errorf("position %q: want TOKENS/PLAYER, as 10/first", s)
	}
	return heap{n, turn}, nil
}

// family makes the game from a spec's parameters: squares, squares:n=30.
var family = sente.Family{
	Name:    "squares",
	Summary: "subtract a square: take 1, 4, 9, ... tokens; whoever takes the last one wins",
	Params:  []sente.Param{{Name: "n", Doc: "the tokens at the start", Kind: sente.Int, Default: "20", Min: 0, Max: 10000}},
	New:     func(v sente.ParamValues) (sente.Game, error) { return squares{v.Int("n")}, nil },
}

// Run is the whole command line, with a program's own games beside the
// built-in ones: here the moves of a position of one, and a mistake in a
// position, which ends with a line on stderr and status 2, as in sente.
func ExampleRun() {
	ctx := context.Background()
	status := cli.Run(ctx, []string{"moves", "squares:n=11"}, os.Stdin, os.Stdout, os.Stderr, family)
	fmt.Println("status", status)
	status = cli.Run(ctx, []string{"moves", "squares", "5/third"}, os.Stdin, os.Stdout, os.Stdout, family)
	fmt.Println("status", status)
	// Output:
	// 11/first (first to move): first player wins in 3 plies
	// move  value  remoteness  leads to
	// 9     win    3           2/second
	// 1     win    5           10/second
	// 4     win    5           7/second
	// status 0
	// sente: position "5/third": want TOKENS/PLAYER, as 10/first
	// status 2
}

// Main is the whole program: sente's command line, every command and the
// browser app, with the program's own games beside the built-in ones
// (examples/golib in the repository is such a program, whole).
//
//	$ squares solve squares:n=30
//	squares:n=30: first player wins in 3 plies
//	$ squares serve
//	sente: serving on http://127.0.0.1:8080/ (Ctrl-C stops)
func ExampleMain() {
	cli.Main(family)
}
