package explain

import (
	"fmt"

	"sente"
)

// Verdict says in words who wins a position whose outcome for the player to
// move (turn) is o: "first player wins in 7 plies", "draw", "tie in 9 plies",
// and at the end "second player has won".
func Verdict(turn sente.Player, o sente.Outcome) string {
	switch o.Value {
	case sente.Win, sente.Lose:
		if o.Remoteness == 0 {
			return fmt.Sprintf("%s player has won", sente.Winner(turn, o.Value))
		}
		return fmt.Sprintf("%s player wins in %s", sente.Winner(turn, o.Value), plies(o.Remoteness))
	case sente.Tie:
		if o.Remoteness == 0 {
			return "the game has ended in a tie"
		}
		return fmt.Sprintf("tie in %s", plies(o.Remoteness))
	case sente.Draw:
		return "draw (endless play)"
	}
	return "unknown"
}

func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// Judge says what a move did to the mover's prospects, comparing its outcome
// with the best move's: "" for a best move, otherwise a sentence such as
// "that move threw away a win".
func Judge(chosen, best sente.Outcome) string {
	if chosen == best {
		return ""
	}
	switch {
	case best.Value == sente.Win && chosen.Value != sente.Win:
		return "that move threw away a win"
	case best.Value == sente.Win:
		return fmt.Sprintf("that move still wins, but in %s instead of %s", plies(chosen.Remoteness), plies(best.Remoteness))
	case (best.Value == sente.Tie || best.Value == sente.Draw) && chosen.Value == sente.Lose:
		return fmt.Sprintf("that move threw away a %s", best.Value)
	case best.Value == sente.Tie && chosen.Value == sente.Draw:
		return "that move gave up a tie for endless play"
	case best.Value == sente.Lose:
		return fmt.Sprintf("that move loses sooner: in %s instead of %s", plies(chosen.Remoteness), plies(best.Remoteness))
	}
	return ""
}
