package sente

import (
	"fmt"
	"strings"
)

// Value is the game-theoretic value of a position for the player to move
// (Game.Turn).
type Value uint8

const (
	Unknown Value = iota // not solved (yet)
	Win                  // the player to move can force a win
	Lose                 // the opponent of the player to move can force a win
	Tie                  // the game ends level under perfect play
	Draw                 // the game never ends under perfect play
)

var valueNames = [...]string{Unknown: "unknown", Win: "win", Lose: "lose", Tie: "tie", Draw: "draw"}

func (v Value) String() string {
	if int(v) < len(valueNames) {
		return valueNames[v]
	}
	return fmt.Sprintf("Value(%d)", uint8(v))
}

// ParseValue parses the names String returns (win, lose, tie, draw).
func ParseValue(s string) (Value, error) {
	for v, name := range valueNames {
		if v != int(Unknown) && strings.EqualFold(s, name) {
			return Value(v), nil
		}
	}
	return Unknown, fmt.Errorf("unknown value %q (want win, lose, tie or draw)", s)
}

// Flip returns the value of the same position for the other player: a win for
// one is a loss for the other; ties and draws are shared.
func (v Value) Flip() Value {
	switch v {
	case Win:
		return Lose
	case Lose:
		return Win
	}
	return v
}

// Outcome is a solved value with its remoteness, the number of plies to the
// end under perfect play, every move one ply whoever makes it. Remoteness is
// zero for a draw, and RemotenessUnknown for a win or a loss found by a
// search that sought the value alone (a game that decides positions
// without search, Decider).
type Outcome struct {
	Value      Value
	Remoteness int
}

// RemotenessUnknown is the Remoteness of a win or a loss whose distance
// to the end was not sought.
const RemotenessUnknown = -1

func (o Outcome) String() string {
	switch {
	case o.Value == Draw || o.Value == Unknown || o.Remoteness == RemotenessUnknown:
		return o.Value.String()
	}
	return fmt.Sprintf("%s in %d", o.Value, o.Remoteness)
}

// MoveOutcome is the outcome of a move for the player making it, given the
// outcome of the position the move leads to, which is stated for the
// player to move there, and whether the move keeps the turn (that player
// is the mover again: KeepsTurn). A move that passes the turn hands the
// opponent the position, and its value is negated for the mover; a move
// that keeps it leaves the mover to move again, and its value is the
// mover's as it is. Either way the move is one ply more.
func MoveOutcome(child Outcome, keepsTurn bool) Outcome {
	if child.Value == Draw || child.Value == Unknown {
		return Outcome{Value: child.Value}
	}
	v := child.Value
	if !keepsTurn {
		v = v.Flip()
	}
	if child.Remoteness == RemotenessUnknown {
		return Outcome{Value: v, Remoteness: RemotenessUnknown}
	}
	return Outcome{Value: v, Remoteness: child.Remoteness + 1}
}

// KeepsTurn reports whether the move from p to the position to keeps the
// turn: the same player is to move at both. A game that promises to
// alternate (Alternating) is taken at its word.
func KeepsTurn(g Game, p, to Position) bool {
	if CapabilitiesOf(g).Alternates() {
		return false
	}
	return g.Turn(p) == g.Turn(to)
}

// preference ranks values for the player choosing: a win is best, then a tie,
// then endless play, then a loss.
var preference = [...]int{Win: 4, Tie: 3, Draw: 2, Lose: 1, Unknown: 0}

// Better reports whether o is preferable to p for the player who gets it:
// a faster win, a tie over a draw, a faster tie, a draw over a loss, a slower
// loss. It orders moves best first.
func (o Outcome) Better(p Outcome) bool {
	if o.Value != p.Value {
		return preference[o.Value] > preference[p.Value]
	}
	if o.Remoteness == RemotenessUnknown || p.Remoteness == RemotenessUnknown {
		return false // no distance to compare
	}
	switch o.Value {
	case Win, Tie:
		return o.Remoteness < p.Remoteness
	case Lose:
		return o.Remoteness > p.Remoteness
	}
	return false
}
