package explain

import (
	"fmt"
	"strings"

	"github.com/sente-go/sente"
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
		if o.Remoteness == sente.RemotenessUnknown {
			return fmt.Sprintf("%s player wins", sente.Winner(turn, o.Value))
		}
		return fmt.Sprintf("%s player wins in %s", sente.Winner(turn, o.Value), plies(o.Remoteness))
	case sente.Tie:
		switch o.Remoteness {
		case 0:
			return "the game has ended in a tie"
		case sente.RemotenessUnknown:
			return "tie"
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

// moveWords says what a move leads to for the player making it.
func moveWords(o sente.Outcome) string {
	if o.Remoteness == sente.RemotenessUnknown {
		// Found without how soon (a value or a margin alone).
		switch o.Value {
		case sente.Win:
			return "wins"
		case sente.Lose:
			return "loses"
		case sente.Tie:
			return "ties"
		}
	}
	switch o.Value {
	case sente.Win:
		return "wins in " + plies(o.Remoteness)
	case sente.Lose:
		return "loses in " + plies(o.Remoteness)
	case sente.Tie:
		return "ties in " + plies(o.Remoteness)
	case sente.Draw:
		return "draw (the game goes on forever)"
	}
	return "unknown"
}

// names joins move names: "2, 3, 4 and 5".
func names(moves []string) string {
	switch len(moves) {
	case 0:
		return "none"
	case 1:
		return moves[0]
	}
	return strings.Join(moves[:len(moves)-1], ", ") + " and " + moves[len(moves)-1]
}

// orNames joins move names with "or".
func orNames(moves []string) string {
	if len(moves) < 2 {
		return names(moves)
	}
	return strings.Join(moves[:len(moves)-1], ", ") + " or " + moves[len(moves)-1]
}

func namesWhere(ranked []RankedMove, keep func(sente.Outcome) bool) []string {
	var out []string
	for _, m := range ranked {
		if keep(m.Outcome) {
			out = append(out, m.Name)
		}
	}
	return out
}

func valueIs(v sente.Value) func(sente.Outcome) bool {
	return func(o sente.Outcome) bool { return o.Value == v }
}

// movesSummary sums up the moves from a position whose outcome for the
// player to move (turn) is o.
func movesSummary(turn sente.Player, o sente.Outcome, ranked []RankedMove) string {
	who := fmt.Sprintf("the %s player", turn)
	win, lose := namesWhere(ranked, valueIs(sente.Win)), namesWhere(ranked, valueIs(sente.Lose))
	tie, draw := namesWhere(ranked, valueIs(sente.Tie)), namesWhere(ranked, valueIs(sente.Draw))
	best := namesWhere(ranked, func(m sente.Outcome) bool { return m == o })
	var parts []string
	switch o.Value {
	case sente.Win:
		switch {
		case len(win) == 1:
			parts = append(parts, fmt.Sprintf("The only winning move for %s is %s.", who, win[0]))
		case len(lose)+len(tie)+len(draw) == 0:
			parts = append(parts, fmt.Sprintf("Every move wins for %s: %s.", who, names(win)))
		default:
			parts = append(parts, fmt.Sprintf("Winning moves for %s: %s.", who, names(win)))
		}
		if len(best) < len(win) {
			parts = append(parts, fmt.Sprintf("Fastest (%s): %s.", plies(o.Remoteness), names(best)))
		}
		if len(tie) > 0 {
			parts = append(parts, fmt.Sprintf("Only a tie after %s.", orNames(tie)))
		}
		if len(draw) > 0 {
			parts = append(parts, fmt.Sprintf("Endless play after %s.", orNames(draw)))
		}
		if len(lose) > 0 {
			parts = append(parts, fmt.Sprintf("Losing moves: %s.", names(lose)))
		}
	case sente.Lose:
		if len(best) == len(ranked) {
			parts = append(parts, fmt.Sprintf("Every move loses for %s, each in %s.", who, plies(o.Remoteness)))
		} else {
			parts = append(parts, fmt.Sprintf("Every move loses for %s. Holding out longest (%s): %s; the others lose sooner.", who, plies(o.Remoteness), names(best)))
		}
	case sente.Tie:
		parts = append(parts, fmt.Sprintf("Neither side can force a win. Moves that keep the tie for %s: %s.", who, names(tie)))
		if len(draw) > 0 {
			parts = append(parts, fmt.Sprintf("Moves that would give up the tie for endless play: %s.", names(draw)))
		}
		if len(lose) > 0 {
			parts = append(parts, fmt.Sprintf("Moves that would lose: %s.", names(lose)))
		}
	case sente.Draw:
		parts = append(parts, fmt.Sprintf("Neither side can force a win or even an end. Moves that keep the draw for %s: %s.", who, names(draw)))
		if len(lose) > 0 {
			parts = append(parts, fmt.Sprintf("Moves that would lose: %s.", names(lose)))
		}
	}
	return strings.Join(parts, " ")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func positionsWords(n int) string {
	if n == 1 {
		return "1 position"
	}
	return fmt.Sprintf("%d positions", n)
}
