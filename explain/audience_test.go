package explain

import (
	"testing"

	"github.com/sente-go/sente"
)

// TestAudienceSides: on a board whose pieces name the sides, the page's
// sentences name the players so ("White is winning"), and tell a person
// which side they play ("You (white) are losing"); elsewhere they speak
// of the first and the second player, or X and O on a board of marks.
func TestAudienceSides(t *testing.T) {
	colours := Audience{Sides: []string{"white", "black"}}
	marks := Audience{Marks: true}
	win := sente.Outcome{Value: sente.Win, Remoteness: 5}
	lose := sente.Outcome{Value: sente.Lose, Remoteness: 4}
	two := 2
	ms := []MoveJSON{{Move: "a1", Value: sente.Win, Remoteness: &two, Best: true}, {Move: "a2", Value: sente.Lose, Remoteness: &two}}
	for _, tt := range []struct {
		what, got, want string
	}{
		{"winning, nobody addressed", colours.Verdict(sente.First, win, false), "White is winning: they can force a win in 5 moves."},
		{"losing, nobody addressed", colours.Verdict(sente.First, lose, false), "Black is winning: whatever white does, they can win within 4 moves."},
		{"over, nobody addressed", colours.Verdict(sente.Second, sente.Outcome{Value: sente.Lose}, true), "Game over: white won."},
		{"you, winning", colours.For(sente.First).Verdict(sente.First, win, false), "You (white) are winning: you can force a win in 5 moves."},
		{"you, losing", colours.For(sente.Second).Verdict(sente.First, win, false), "You (black) are losing: the computer can force a win in 5 moves."},
		{"you, over", colours.For(sente.Second).Verdict(sente.Second, sente.Outcome{Value: sente.Lose}, true), "Game over: the computer won."},
		{"why, nobody addressed", colours.Why(sente.Second, ms, nil), "Black has 2 possible moves: 1 winning (▲), 1 losing (▼). Best: a1 (win in 2 moves)."},
		{"why, you", colours.For(sente.Second).Why(sente.Second, ms, nil), "You have 2 possible moves: 1 winning (▲), 1 losing (▼). Best: a1 (win in 2 moves)."},
		{"marks", marks.Verdict(sente.First, win, false), "The first player (X) is winning: they can force a win in 5 moves."},
		{"marks, you", marks.For(sente.First).Verdict(sente.First, win, false), "You are winning: you can force a win in 5 moves."},
		{"neither", Audience{}.Verdict(sente.Second, win, false), "The second player is winning: they can force a win in 5 moves."},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %q, want %q", tt.what, tt.got, tt.want)
		}
	}
}
