package gamecheck_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
)

// subtraction is a game of one's own (written out and explained in the
// examples of sente.Game and sente.Encoder): a heap of tokens, each move
// takes 1, 2 or 3 of them, and whoever takes the last token wins.
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

// keyed adds the Encoder fast path: the tokens, then a bit for the player
// to move.
type keyed struct{ subtraction }

func (keyed) Encode(p sente.Position) uint64 {
	return uint64(p.(heap).Tokens)<<1 | uint64(p.(heap).Turn)
}

func (keyed) Decode(key uint64) sente.Position { return heap{int(key >> 1), sente.Player(key & 1)} }

func (keyed) AppendChildren(dst []uint64, key uint64) []uint64 {
	for take := uint64(1); take <= min(3, key>>1); take++ {
		dst = append(dst, (key>>1-take)<<1|key&1^1)
	}
	return dst
}

func (keyed) EndedKey(key uint64) (sente.Value, bool) { return sente.Lose, key>>1 == 0 }

// offByOne is keyed with a bug of the kind a fast path grows: its loop
// stops one move short, so that on keys nobody may take 3 tokens. Every
// engine would run on the keys and answer wrongly, with no error.
type offByOne struct{ keyed }

func (offByOne) AppendChildren(dst []uint64, key uint64) []uint64 {
	for take := uint64(1); take < min(3, key>>1); take++ {
		dst = append(dst, (key>>1-take)<<1|key&1^1)
	}
	return dst
}

// Check walks the game's positions and holds every method to the
// contract: here the keys to Moves and Ended. Run it in a test of one's
// game; a broken fast path is met there, with the position and what
// failed, rather than as a wrong value far away in a solve.
func ExampleCheck() {
	ctx := context.Background()
	report, err := gamecheck.Check(ctx, keyed{subtraction{heap: 10}}, gamecheck.Options{})
	fmt.Println("keyed:", report.Positions, "positions checked, error:", err)

	_, err = gamecheck.Check(ctx, offByOne{keyed{subtraction{heap: 10}}}, gamecheck.Options{})
	var breach *gamecheck.Error
	if errors.As(err, &breach) {
		fmt.Println("offByOne fails the", breach.Check, "check at", breach.Position)
		fmt.Println(breach.Msg)
	}
	// Output:
	// keyed: 20 positions checked, error: <nil>
	// offByOne fails the encoder check at 10/first
	// AppendChildren lacks the key 0xf of the move 3
}
