// Command squares is sente with a game of its own, written in Go.
package main

import (
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cli"
)

type squares struct{ n int } // subtract a square: n tokens, a move takes 1, 4, 9, ... of them
type pos struct{ n, t int }  // n tokens left; t is whose turn: 0 the first player's, 1 the second's

func (g squares) Start() sente.Position                    { return pos{g.n, 0} }
func (squares) Turn(p sente.Position) sente.Player         { return sente.Player(p.(pos).t) }
func (squares) Ended(p sente.Position) (sente.Value, bool) { return sente.Lose, p.(pos).n == 0 }
func (squares) FormatPosition(p sente.Position) string     { return fmt.Sprint(p.(pos).n, "/", p.(pos).t) }
func (squares) ParsePosition(s string) (sente.Position, error) {
	var q pos
	if _, err := fmt.Sscanf(s, "%d/%d", &q.n, &q.t); err != nil || q.n < 0 || q.t&^1 != 0 {
		return nil, fmt.Errorf("position %q: want TOKENS/TURN, as 20/0", s)
	}
	return q, nil
}
func (squares) Moves(p sente.Position) (moves []sente.Move) {
	for k, q := 1, p.(pos); k*k <= q.n; k++ {
		moves = append(moves, sente.Move{Name: fmt.Sprint(k * k), To: pos{q.n - k*k, 1 - q.t}})
	}
	return moves
}

func main() {
	cli.Main(sente.Family{Name: "squares", Summary: "subtract a square: take 1, 4, 9, ... tokens; who takes the last wins",
		Params: []sente.Param{{Name: "n", Doc: "the tokens at the start", Kind: sente.Int, Default: "20", Min: 0, Max: 1 << 20}},
		New:    func(v sente.ParamValues) (sente.Game, error) { return squares{v.Int("n")}, nil }})
}
