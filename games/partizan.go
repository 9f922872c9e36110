package games

import (
	"fmt"
	"strings"

	"github.com/sente-go/sente"
)

// What the partizan rulesets (Domineering, Clobber, Toads and Frogs,
// Hackenbush, Cutcake) share: every position records whose turn it is,
// Left or Right, so that the same board can be played with either side to
// move; a parameter says who starts; and the text of a position ends with
// "left" or "right", the side to move.

// partizanRightBit marks, in a position's key, that Right is to move;
// the bits below it hold the board.
const partizanRightBit = 1 << 62

// packSides is the key of a board held as two sets of 30 cells each
// (Left's and Right's pieces) with the side to move.
func packSides(left, right uint32, leftToMove bool) uint64 {
	k := uint64(left) | uint64(right)<<30
	if !leftToMove {
		k |= partizanRightBit
	}
	return k
}

// unpackSides is packSides undone.
func unpackSides(key uint64) (left, right uint32, leftToMove bool) {
	return uint32(key & (1<<30 - 1)), uint32(key >> 30 & (1<<30 - 1)), key&partizanRightBit == 0
}

// partizanFirst is the parameter that says who starts.
var partizanFirst = sente.Param{Name: "first", Kind: sente.Choice, Choices: []string{"left", "right"}, Default: "left",
	Doc: "who moves first, left or right"}

// partizanTurn is Turn for a game whose positions say whether Left is to
// move: Left is First when Left starts.
func partizanTurn(leftFirst, leftToMove bool) sente.Player {
	if leftFirst == leftToMove {
		return sente.First
	}
	return sente.Second
}

// partizanLeft is Partizan's Left: the player who plays Left.
func partizanLeft(leftFirst bool) sente.Player {
	if leftFirst {
		return sente.First
	}
	return sente.Second
}

func sideWord(leftToMove bool) string {
	if leftToMove {
		return "left"
	}
	return "right"
}

// splitSide cuts the side to move ("left" or "right", the last word) off a
// position's text; without one, the side that starts moves.
func splitSide(s string, leftFirst bool) (body string, leftToMove bool, err error) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return "", false, fmt.Errorf("empty")
	}
	last := strings.ToLower(fields[len(fields)-1])
	switch last {
	case "left":
		return strings.Join(fields[:len(fields)-1], " "), true, nil
	case "right":
		return strings.Join(fields[:len(fields)-1], " "), false, nil
	}
	return strings.Join(fields, " "), leftFirst, nil
}

// partizanMark is what a board shows for a piece of Left's (or Right's):
// x for the first player's and o for the second's, as every board of the
// page draws them.
func partizanMark(leftFirst, left bool) string {
	if leftFirst == left {
		return "x"
	}
	return "o"
}

// partizanCaption says whose turn it is on a board.
// partizanPlayers names the players as the theory does, the one who
// starts first: a page then says "you play Left" where it would otherwise
// name the players by marks the board does not show.
func partizanPlayers(leftFirst bool) []string {
	if leftFirst {
		return []string{"Left", "Right"}
	}
	return []string{"Right", "Left"}
}

func partizanCaption(leftToMove bool, left, right string) string {
	if leftToMove {
		return "Left (" + left + ") to move"
	}
	return "Right (" + right + ") to move"
}
