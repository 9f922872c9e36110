package explain

import (
	"fmt"
	"strings"

	"github.com/sente-go/sente"
)

// Chance is the losing side's best chance: the first position along the
// main line where the winner has a move that does not win, with those
// moves and how the loser then plays.
type Chance struct {
	Player   string    `json:"player"`   // the losing side
	Ply      int       `json:"ply"`      // plies into the main line (0: the position itself)
	At       string    `json:"at"`       // that position
	Mistakes []Mistake `json:"mistakes"` // the winner's moves there that do not win
	Words    string    `json:"words"`
}

// Mistake is a move of the winner that throws the win away.
type Mistake struct {
	Move  string `json:"move"`
	Words string `json:"words"` // what the move leads to for the winner: "loses in 8 plies"
	// Replies are the loser's best replies after the mistake.
	Replies []string `json:"replies"`
	// Strategy is the loser's way to win after the mistake, when it hands
	// them a win.
	Strategy *Strategy `json:"strategy,omitempty"`
	Sentence string    `json:"sentence"`
}

// chance finds where the winner can first go wrong along the main line
// (positions[0] is the story's position, then one per ply). statedTarget says
// that the winner's strategy was stated by the target set, so that the
// loser's need not state it again.
func (e *storyteller) chance(positions []sente.Position, winner sente.Player, statedTarget bool) *Chance {
	for i, q := range positions {
		if e.over(q) || e.g.Turn(q) != winner {
			continue
		}
		ranked, err := Moves(e.sol, q)
		if err != nil {
			return nil
		}
		var mistakes []Mistake
		for _, m := range ranked {
			if m.Outcome.Value != sente.Win {
				mistakes = append(mistakes, e.mistake(m, winner.Other(), statedTarget))
			}
		}
		if len(mistakes) == 0 {
			continue
		}
		c := &Chance{Player: winner.Other().String(), Ply: i, At: e.g.FormatPosition(q), Mistakes: mistakes}
		c.Words = chanceWords(winner, i, c.At, mistakes)
		return c
	}
	return nil
}

// mistake tells what the winner's move m, which does not win, hands the
// loser.
func (e *storyteller) mistake(m RankedMove, loser sente.Player, statedTarget bool) Mistake {
	mk := Mistake{Move: m.Name, Words: moveWords(m.Outcome)}
	best, _ := Best(e.sol, m.To)
	mk.Replies = moveNames(best)
	switch {
	case e.over(m.To):
		after, _ := e.sol.Outcome(m.To)
		mk.Sentence = fmt.Sprintf("%s ends the game at once: %s.", m.Name, Verdict(e.g.Turn(m.To), after))
	case m.Outcome.Value == sente.Lose && e.g.Turn(m.To) != loser:
		// The move keeps the turn: the winner moves again, from a
		// position lost for them.
		mk.Strategy = e.ruleFrom(m.To, loser)
		mk.Sentence = fmt.Sprintf("After %s the %s player moves again, and the %s player wins in %s: %s.",
			m.Name, loser.Other(), loser, plies(m.Outcome.Remoteness), mk.Strategy.Words)
	case m.Outcome.Value == sente.Lose:
		mk.Strategy = e.strategy(m.To, loser, m.Name)
		mk.Sentence = e.refutation(m, loser, mk.Strategy, statedTarget)
	case m.Outcome.Value == sente.Tie:
		mk.Sentence = fmt.Sprintf("After %s the %s player can hold a tie (in %s) with %s.", m.Name, loser, plies(m.Outcome.Remoteness), orNames(mk.Replies))
	case m.Outcome.Value == sente.Draw:
		mk.Sentence = fmt.Sprintf("After %s the %s player can keep the game going forever with %s.", m.Name, loser, orNames(mk.Replies))
	}
	return mk
}

// refutation says how the loser wins after the winner's losing move m,
// following st.
func (e *storyteller) refutation(m RankedMove, loser sente.Player, st *Strategy, statedTarget bool) string {
	var s string
	if len(st.Winning) == 1 {
		s = fmt.Sprintf("After %s the %s player wins in %s; the only winning reply is %s", m.Name, loser, plies(m.Outcome.Remoteness), st.Winning[0])
	} else {
		s = fmt.Sprintf("After %s the %s player wins in %s; the winning replies are %s", m.Name, loser, plies(m.Outcome.Remoteness), names(st.Winning))
	}
	switch t := st.Target; {
	case st.Rule != nil:
		s += fmt.Sprintf(". Answering %s with %s, then from then on %s, wins every line (checked on %s)",
			m.Name, st.Opening, strings.TrimPrefix(st.Rule.Words, "answer "), positionsWords(st.Rule.Checked))
	case st.Opening != "" && e.over(e.after(m.To, st.Opening)):
		s += ", which ends the game at once"
	case t != nil && statedTarget:
		s += fmt.Sprintf(". From then on the same target positions as above win for the %s player", loser)
	case t != nil:
		s += ". From then on: " + t.Words
	default:
		s += ". No simple reply rule wins every line after it"
	}
	return s + "."
}

// chanceWords sums up the loser's chance: the winner's mistakes at ply of
// the main line, at the position at.
func chanceWords(winner sente.Player, ply int, at string, mistakes []Mistake) string {
	where := "right here"
	if ply > 0 {
		where = fmt.Sprintf("after %s of the main line, at %s", plies(ply), at)
	}
	what := fmt.Sprintf("%s is the only move that does not win", mistakes[0].Move)
	if len(mistakes) > 1 {
		var wrong []string
		for _, m := range mistakes {
			wrong = append(wrong, m.Move)
		}
		what = fmt.Sprintf("the moves that do not win are %s", names(wrong))
	}
	hope := "escape defeat"
	for _, m := range mistakes {
		if m.Strategy != nil {
			hope = "win"
		}
	}
	return fmt.Sprintf("The %s player can %s only if the %s player goes wrong. The first chance comes %s: %s.",
		winner.Other(), hope, winner, where, what)
}
