package sente_test

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
)

// Subtraction is a game of one's own, written against sente.Game: a heap
// of tokens, from which each move takes 1, 2 or 3; whoever takes the last
// token wins. The struct holds what a spec would set (the starting heap);
// positions are values of their own.
type Subtraction struct{ Heap int }

// heap is a position. The engines never look inside it, but without an
// Encoder they use positions as map keys, so it must be comparable: ints,
// strings, arrays and structs of those, no slices or maps. It holds whose
// turn it is, because Turn is asked of a position alone.
type heap struct {
	Tokens int
	Turn   sente.Player
}

func (g Subtraction) Start() sente.Position { return heap{g.Heap, sente.First} }

// Moves names each move by what it takes. Names are what a person types
// and what lines of play print, so they have no spaces and differ from
// one another.
func (Subtraction) Moves(p sente.Position) []sente.Move {
	h := p.(heap)
	var moves []sente.Move
	for take := 1; take <= min(3, h.Tokens); take++ {
		moves = append(moves, sente.Move{Name: strconv.Itoa(take), To: heap{h.Tokens - take, h.Turn.Other()}})
	}
	return moves
}

// Ended speaks for the player to move: with no token left, the opponent
// took the last one, and the player to move has lost. (A position with no
// moves that Ended does not end is lost by the player to move anyway; the
// result is stated here so that a reader need not know that.)
func (Subtraction) Ended(p sente.Position) (sente.Value, bool) {
	return sente.Lose, p.(heap).Tokens == 0
}

func (Subtraction) Turn(p sente.Position) sente.Player { return p.(heap).Turn }

// FormatPosition and ParsePosition are one text form, read back exactly:
// the command line, the browser app and stored answers speak it.
func (Subtraction) FormatPosition(p sente.Position) string {
	h := p.(heap)
	return fmt.Sprintf("%d/%s", h.Tokens, h.Turn)
}

func (Subtraction) ParsePosition(s string) (sente.Position, error) {
	tokens, player, _ := strings.Cut(s, "/")
	n, err := strconv.Atoi(tokens)
	turn, errTurn := sente.ParsePlayer(player)
	if err != nil || errTurn != nil || n < 0 {
		return nil, fmt.Errorf("position %q: want TOKENS/PLAYER, as 10/first", s)
	}
	return heap{n, turn}, nil
}

// Alternates is an optional capability, found by type assertion as
// io.WriterTo is: the promise that every move passes the turn, which
// spares the engines asking Turn after each move.
func (Subtraction) Alternates() bool { return true }

// A game is six methods on a type of one's own. Every engine, the
// self-check (package gamecheck) and the explanations (package explain)
// take it as it is.
func ExampleGame() {
	var g sente.Game = Subtraction{Heap: 5}
	p := g.Start()
	fmt.Println("start:", g.FormatPosition(p), "to move:", g.Turn(p))
	for _, m := range g.Moves(p) {
		fmt.Println("move", m.Name, "leads to", g.FormatPosition(m.To))
	}
	end, _ := g.ParsePosition("0/second")
	v, over := g.Ended(end)
	fmt.Println("at 0/second the game is over:", over, "and the second player has", v)
	// Output:
	// start: 5/first to move: first
	// move 1 leads to 4/second
	// move 2 leads to 3/second
	// move 3 leads to 2/second
	// at 0/second the game is over: true and the second player has lose
}
