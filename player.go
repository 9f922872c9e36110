package sente

import (
	"fmt"
	"strings"
)

// Player names a side of the game by the order of play.
type Player uint8

const (
	First  Player = iota // the player who moves from the start position
	Second               // the other player
	Nobody               // no player: the winner of a tie or a draw
)

func (p Player) String() string {
	switch p {
	case First:
		return "first"
	case Second:
		return "second"
	case Nobody:
		return "none"
	}
	return fmt.Sprintf("Player(%d)", uint8(p))
}

// Other returns the opponent of p; Nobody has none and stays Nobody.
func (p Player) Other() Player {
	switch p {
	case First:
		return Second
	case Second:
		return First
	}
	return p
}

// ParsePlayer accepts first or second (also 1 or 2).
func ParsePlayer(s string) (Player, error) {
	switch strings.ToLower(s) {
	case "first", "1":
		return First, nil
	case "second", "2":
		return Second, nil
	}
	return Nobody, fmt.Errorf("unknown player %q (want first or second)", s)
}

// Winner returns who wins a position whose value for the player to move
// (turn) is v: turn for a win, the opponent for a loss, Nobody otherwise.
func Winner(turn Player, v Value) Player {
	switch v {
	case Win:
		return turn
	case Lose:
		return turn.Other()
	}
	return Nobody
}
