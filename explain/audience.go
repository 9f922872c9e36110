package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/nimber"
)

// Audience is whom the browser app's sentences address: a person playing
// one side against the computer (You), or nobody in particular (two people
// at one screen, or watching the computer play both sides). The page shows
// these sentences as they are; it writes none of its own about who wins.
type Audience struct {
	// You is the side the person plays; nil when nobody is addressed.
	You *sente.Player
	// Marks names the players by their marks, X and O, as a board of marks
	// shows them.
	Marks bool
	// Sides, when not nil, names the first and the second player as the
	// board's pieces show them (sente.Board.Players: "white", "black"),
	// in place of "the first player" and "the second player"; a person
	// playing a side is told which ("You (white) are winning").
	Sides []string
}

// For is the audience of a person playing you, with a's marks.
func (a Audience) For(you sente.Player) Audience {
	a.You = &you
	return a
}

// Repetition is the verdict on a game the browser app ends because a
// position came round a third time (or, watching perfect play draw, a
// second): the page adds when the position came.
func (a Audience) Repetition() string { return "Game over: a draw by repetition." }

// player names p: "the first player", "the first player (X)" on a board
// of marks, or its side's name ("white").
func (a Audience) player(p sente.Player) string {
	if len(a.Sides) == 2 && (p == sente.First || p == sente.Second) {
		return a.Sides[map[sente.Player]int{sente.First: 0, sente.Second: 1}[p]]
	}
	mark := map[sente.Player]string{sente.First: " (X)", sente.Second: " (O)"}[p]
	if !a.Marks {
		mark = ""
	}
	return "the " + p.String() + " player" + mark
}

// moves counts plies as the page does, both players' moves alike.
func moves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

func capitalized(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// Verdict says who wins from a position worth o for turn, to move, and in
// how many moves; ended says that the game is over there.
func (a Audience) Verdict(turn sente.Player, o sente.Outcome, ended bool) string {
	winner := sente.Winner(turn, o.Value)
	you := a.You
	if ended {
		switch {
		case o.Value != sente.Win && o.Value != sente.Lose:
			return "Game over: a tie."
		case you != nil && winner == *you:
			return "Game over: you won!"
		case you != nil:
			return "Game over: the computer won."
		}
		return "Game over: " + a.player(winner) + " won."
	}
	r := moves(o.Remoteness)
	// "You", or on a board whose pieces name the sides "You (white)".
	yourself := "You"
	if you != nil && len(a.Sides) == 2 {
		yourself += " (" + a.player(*you) + ")"
	}
	switch {
	case o.Value == sente.Tie:
		return "Nobody is winning: with perfect play the game ends in a tie in " + r + "."
	case o.Value == sente.Draw:
		return "Nobody is winning: with perfect play the game never ends (a draw)."
	case you != nil && winner == *you && turn == *you:
		return yourself + " are winning: you can force a win in " + r + "."
	case you != nil && winner == *you:
		return yourself + " are winning: whatever the computer does, you can win within " + r + "."
	case you != nil && turn == *you:
		return yourself + " are losing: the computer can force a win within " + r + ", whatever you do."
	case you != nil:
		return yourself + " are losing: the computer can force a win in " + r + "."
	case turn == winner:
		return capitalized(a.player(winner)) + " is winning: they can force a win in " + r + "."
	}
	return capitalized(a.player(winner)) + " is winning: whatever " + a.player(turn) + " does, they can win within " + r + "."
}

// Why says what the moves from a position (best first, with their
// values) offer turn, to move, as the page colours them, and what the
// position's Grundy value says when it has one.
func (a Audience) Why(turn sente.Player, ms []MoveJSON, grundy *nimber.Nimber) string {
	if len(ms) == 0 {
		return ""
	}
	count := map[string]int{}
	for _, m := range ms {
		switch m.Value {
		case sente.Win:
			count["win"]++
		case sente.Lose:
			count["lose"]++
		default:
			count["tie"]++
		}
	}
	who := capitalized(a.player(turn)) + " has"
	if a.You != nil {
		who = "The computer has"
		if turn == *a.You {
			who = "You have"
		}
	}
	var parts []string
	for _, c := range []struct{ key, words string }{{"win", "winning (▲)"}, {"tie", "holding a tie or draw (=)"}, {"lose", "losing (▼)"}} {
		if count[c.key] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", count[c.key], c.words))
		}
	}
	plural := "s"
	if len(ms) == 1 {
		plural = ""
	}
	s := fmt.Sprintf("%s %d possible move%s: %s.", who, len(ms), plural, strings.Join(parts, ", "))
	var best []string
	for _, m := range ms {
		if m.Best {
			best = append(best, m.Move)
		}
	}
	if len(best) > 0 {
		b := ms[0]
		what := "draw"
		if b.Value != sente.Draw && b.Remoteness != nil {
			what = b.Value.String() + " in " + moves(*b.Remoteness)
		}
		s += " Best: " + strings.Join(best, ", ") + " (" + what + ")."
	}
	if grundy != nil {
		s += " " + grundyWords(*grundy)
	}
	return s
}

// grundyWords says what a position's (generalized) Grundy value tells the
// player to move.
func grundyWords(n nimber.Nimber) string {
	switch {
	case !n.Infinite && n.Value == 0:
		return "Grundy value 0: the player to move loses."
	case !n.Infinite:
		return fmt.Sprintf("Grundy value %d: non-zero, so the player to move wins by moving to a position of Grundy value 0.", n.Value)
	case slices.Contains(n.K, 0):
		return fmt.Sprintf("Grundy value %s: infinite with 0 among its options, so the player to move wins by moving to a position of Grundy value 0.", n)
	}
	return fmt.Sprintf("Grundy value %s: infinite with no 0 among its options, so neither player can force a win (a draw).", n)
}
