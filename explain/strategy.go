package explain

import (
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// Strategy is how one player wins from a position where they are to move
// or where their opponent is: an opening move, when they are to move, and
// then, when a simple one was found, a reply rule that wins every line.
type Strategy struct {
	Player string `json:"player"` // who follows it
	// Answer is the opponent's last move, when the strategy starts by
	// answering it (the refutation of a mistake); "" otherwise.
	Answer string `json:"answer,omitempty"`
	// Opening is the move the player makes first, when they are to move;
	// "" when the rule starts at once (the opponent is to move).
	Opening string `json:"opening,omitempty"`
	// Winning are all the player's winning moves where the strategy starts
	// (when they are to move), best first.
	Winning []string `json:"winning,omitempty"`
	// Rule is the reply rule that wins every line after the opening; nil
	// when no simple rule was found (or none is needed, see Words).
	Rule *Rule `json:"rule,omitempty"`
	// Target is the set of positions to move into, when a pattern over
	// the position's features describes it exactly (see FindTarget); the
	// strategy is stated by it when no reply rule was found.
	Target *Target `json:"target,omitempty"`
	Words  string  `json:"words"` // the whole strategy in a sentence
}

// strategy finds how follower, to move at q and winning there, wins: the
// opening move and the reply rule after it. last is the opponent's move
// that led to q, when known: a rule may then start by answering it.
func (e *storyteller) strategy(q sente.Position, follower sente.Player, last string) *Strategy {
	win := e.winningMoves(q)
	st := &Strategy{Player: follower.String(), Answer: last, Winning: moveNames(win)}
	if len(win) == 0 {
		st.Words = fmt.Sprintf("the %s player has no winning move here", follower)
		return st
	}
	choice := "the only winning move"
	if len(win) > 1 {
		choice = "one of the winning moves " + names(st.Winning)
	}
	// A rule that starts by answering the opponent's last move itself.
	if last != "" {
		for _, r := range e.candidates([]string{last}, [][]RankedMove{win}) {
			reply, ok := r.reply(last)
			if !ok {
				continue
			}
			for _, w := range win {
				if w.Name != reply {
					continue
				}
				if ok, checked, fastest := e.holds(w.To, follower, r); ok {
					r.Checked, r.Fastest = checked, fastest && w.Outcome == win[0].Outcome
					st.Opening, st.Rule = w.Name, r
					st.Words = fmt.Sprintf("answer %s with %s (%s), and from then on %s", last, w.Name, choice, r.Words)
					return st
				}
				break
			}
		}
	}
	for _, w := range win {
		if e.over(w.To) {
			st.Opening = w.Name
			st.Words = fmt.Sprintf("%s %s (%s): it wins at once", e.play(last), w.Name, choice)
			return st
		}
		if r := e.findRule(w.To, follower); r != nil {
			st.Opening, st.Rule = w.Name, r
			if r.Form == "none" {
				st.Rule = nil
				st.Words = fmt.Sprintf("%s %s (%s): after it every move of the opponent ends the game in the %s player's win", e.play(last), w.Name, choice, follower)
				return st
			}
			st.Words = fmt.Sprintf("%s %s (%s); from then on, %s", e.play(last), w.Name, choice, r.Words)
			return st
		}
	}
	st.Opening = win[0].Name
	if t := e.targetSet(); t != nil {
		st.Target = t
		st.Words = fmt.Sprintf("%s %s (%s), and from then on %s", e.play(last), win[0].Name, choice, t.Words)
		return st
	}
	st.Words = fmt.Sprintf("%s %s (%s), then keep choosing winning moves: %s", e.play(last), win[0].Name, choice, noRule)
	return st
}

// noRule says which rules were tried in vain.
const noRule = "no simple reply rule wins every line (tried: answering x with x, and with c − x when moves are named by numbers)"

func (e *storyteller) play(last string) string {
	if last == "" {
		return "play"
	}
	return "answer " + last + " with"
}

// ruleFrom finds a rule for follower from s, where the opponent is to move.
func (e *storyteller) ruleFrom(s sente.Position, follower sente.Player) *Strategy {
	st := &Strategy{Player: follower.String()}
	r := e.findRule(s, follower)
	if r != nil && r.Form == "none" {
		st.Words = fmt.Sprintf("nothing to do: every move of the opponent ends the game in the %s player's win", follower)
		return st
	}
	if r != nil {
		st.Rule = r
		st.Words = fmt.Sprintf("%s; this wins every line", capitalize(r.Words))
		return st
	}
	if t := e.targetSet(); t != nil {
		st.Target = t
		st.Words = t.Words
		return st
	}
	st.Words = fmt.Sprintf("keep choosing winning moves: %s", noRule)
	return st
}

// WinningPlan is the winner's plan at p (nil: the solution's root) when a
// simple one wins every line: a reply rule, or a pattern of positions to
// move into, checked as Explain checks them (within its default bounds).
// It is nil for a tie, a draw, an ended game, or a game where no simple
// plan was found; 'sente solve' shows it in a line and points to explain
// for the rest.
func WinningPlan(sol solve.Solution, p sente.Position) *Strategy {
	if p == nil {
		p = sol.Root()
	}
	o, ok := sol.Outcome(p)
	if !ok || o.Value != sente.Win && o.Value != sente.Lose {
		return nil
	}
	g := sol.Game()
	if _, ended := g.Ended(p); ended {
		return nil
	}
	e := newStoryteller(sol, StoryOptions{MaxLine: 200, MaxWalk: 100000, MaxWork: 1000000})
	turn := g.Turn(p)
	winner := sente.Winner(turn, o.Value)
	var st *Strategy
	if turn == winner {
		last, _ := e.lastMove(p)
		st = e.strategy(p, winner, last)
	} else {
		st = e.ruleFrom(p, winner)
	}
	if st == nil || st.Rule == nil && st.Target == nil {
		return nil
	}
	return st
}
