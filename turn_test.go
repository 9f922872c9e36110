package sente_test

import (
	"testing"

	"github.com/sente-go/sente"
)

// TestMoveOutcome: a move that passes the turn negates its position's
// value for the mover, one that keeps it keeps the value, and either is one
// ply more; ties and draws are the same for both players.
func TestMoveOutcome(t *testing.T) {
	for _, tc := range []struct {
		child sente.Outcome
		keeps bool
		want  sente.Outcome
	}{
		{sente.Outcome{Value: sente.Lose, Remoteness: 3}, false, sente.Outcome{Value: sente.Win, Remoteness: 4}},
		{sente.Outcome{Value: sente.Win, Remoteness: 0}, false, sente.Outcome{Value: sente.Lose, Remoteness: 1}},
		{sente.Outcome{Value: sente.Win, Remoteness: 0}, true, sente.Outcome{Value: sente.Win, Remoteness: 1}},
		{sente.Outcome{Value: sente.Lose, Remoteness: 2}, true, sente.Outcome{Value: sente.Lose, Remoteness: 3}},
		{sente.Outcome{Value: sente.Tie, Remoteness: 2}, true, sente.Outcome{Value: sente.Tie, Remoteness: 3}},
		{sente.Outcome{Value: sente.Tie, Remoteness: 2}, false, sente.Outcome{Value: sente.Tie, Remoteness: 3}},
		{sente.Outcome{Value: sente.Draw}, true, sente.Outcome{Value: sente.Draw}},
		{sente.Outcome{Value: sente.Draw}, false, sente.Outcome{Value: sente.Draw}},
	} {
		if got := sente.MoveOutcome(tc.child, tc.keeps); got != tc.want {
			t.Errorf("MoveOutcome(%v, %v) = %v, want %v", tc.child, tc.keeps, got, tc.want)
		}
	}
}

// boxes is one box of dots and boxes as a bare game: position i is i lines
// drawn; the second player draws the fourth line, completing the box, and
// is to move again at the end, which is theirs.
type boxes struct{ promise bool }

func (boxes) Start() sente.Position { return 0 }
func (boxes) Moves(p sente.Position) []sente.Move {
	if n := p.(int); n < 4 {
		return []sente.Move{{Name: "line", To: n + 1}}
	}
	return nil
}
func (boxes) Ended(p sente.Position) (sente.Value, bool) {
	if p.(int) == 4 {
		return sente.Win, true
	}
	return sente.Unknown, false
}
func (boxes) Turn(p sente.Position) sente.Player {
	if n := p.(int); n%2 == 1 || n == 4 {
		return sente.Second
	}
	return sente.First
}
func (boxes) FormatPosition(p sente.Position) string         { return "" }
func (boxes) ParsePosition(s string) (sente.Position, error) { return 0, nil }
func (b boxes) Alternates() bool                             { return b.promise }
func (boxes) Encode(p sente.Position) uint64                 { return uint64(p.(int)) }
func (boxes) Decode(key uint64) sente.Position               { return int(key) }
func (boxes) EndedKey(key uint64) (sente.Value, bool)        { return boxes{}.Ended(int(key)) }
func (boxes) AppendChildren(dst []uint64, key uint64) []uint64 {
	return append(dst, key+1)
}

// TestKeepsTurn: whether a move keeps the turn is Turn's before and after,
// unless the game promises to alternate; and an engine on keys asks
// nothing of a game that promises it, Turn of the decoded key otherwise.
func TestKeepsTurn(t *testing.T) {
	g := boxes{}
	if sente.KeepsTurn(g, 2, 3) || !sente.KeepsTurn(g, 3, 4) {
		t.Errorf("KeepsTurn: the third line passes the turn and the fourth keeps it")
	}
	caps := sente.CapabilitiesOf(g)
	if caps.Alternates() || caps.Alternating == nil {
		t.Errorf("a game that says it does not alternate: Alternates %v", caps.Alternates())
	}
	turn := caps.KeyTurns(g)
	if turn == nil || turn(3) != sente.Second || turn(2) != sente.First {
		t.Errorf("KeyTurns of a game without TurnKey: not Turn of the decoded key")
	}
	promised := boxes{promise: true}
	if sente.KeepsTurn(promised, 3, 4) || sente.CapabilitiesOf(promised).KeyTurns(promised) != nil {
		t.Errorf("a game that promises to alternate is asked whose turn it is")
	}
}
