package explain

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/sente-go/sente"
)

// Rule is a reply rule relating a player's reply to the opponent's last
// move, checked on every line the opponent can choose.
type Rule struct {
	// Form is "c-x" (answer a move named by the number x with the move
	// named c − x) or "x" (answer a move with the move of the same name).
	Form  string `json:"form"`
	C     int    `json:"c,omitempty"` // the constant of "c-x"
	Words string `json:"words"`       // "answer every x with 7 − x"
	// Checked is the number of positions the check visited: every position
	// reached when the opponent plays anything and the rule answers, to the
	// end of the game.
	Checked int `json:"checked"`
	// Fastest reports whether every reply the rule gave was also a fastest
	// win; when false the rule wins, but not always in the fewest plies.
	Fastest bool `json:"fastest"`
}

// findRule looks for a reply rule that wins every line for follower from
// s, where the opponent is to move. It returns nil when none holds, and a
// rule of Form "none" when every move of the opponent ends the game.
func (e *storyteller) findRule(s sente.Position, follower sente.Player) *Rule {
	var lasts []string
	var replies [][]RankedMove
	allOver := true
	for _, x := range e.sol.Moves(s) {
		allOver = allOver && e.over(x.To)
		if e.over(x.To) || e.g.Turn(x.To) != follower {
			continue
		}
		lasts = append(lasts, x.Name)
		replies = append(replies, e.winningMoves(x.To))
	}
	if allOver {
		// Every move of the opponent ends the game, and s is won for
		// follower, so each ends it in follower's win.
		return &Rule{Form: "none"}
	}
	if len(lasts) == 0 {
		return nil
	}
	for _, r := range e.candidates(lasts, replies) {
		if ok, checked, fastest := e.holds(s, follower, r); ok {
			r.Checked, r.Fastest = checked, fastest
			return r
		}
	}
	return nil
}

// candidates are the rules that give a winning reply to each of the
// opponent's moves lasts, whose winning replies are replies: "x" when each
// can be answered by itself, and "c-x" for each c that fits every one when
// the names are whole numbers.
func (e *storyteller) candidates(lasts []string, replies [][]RankedMove) []*Rule {
	var out []*Rule
	same := true
	for i, x := range lasts {
		found := false
		for _, y := range replies[i] {
			found = found || y.Name == x
		}
		same = same && found
	}
	if same {
		out = append(out, newRule("x", 0))
	}
	var cs map[int]bool
	for i, x := range lasts {
		xv, err := strconv.Atoi(x)
		if err != nil {
			return out
		}
		fit := map[int]bool{}
		for _, y := range replies[i] {
			if yv, err := strconv.Atoi(y.Name); err == nil && (cs == nil || cs[xv+yv]) {
				fit[xv+yv] = true
			}
		}
		cs = fit
		if len(cs) == 0 {
			return out
		}
	}
	var sorted []int
	for c := range cs {
		sorted = append(sorted, c)
	}
	sort.Ints(sorted)
	for _, c := range sorted {
		out = append(out, newRule("c-x", c))
	}
	return out
}

func newRule(form string, c int) *Rule {
	r := &Rule{Form: form, C: c}
	switch form {
	case "x":
		r.Words = "answer every x with x (the same move)"
	case "c-x":
		r.Words = fmt.Sprintf("answer every x with %s", r.expr())
	}
	return r
}

func (r *Rule) expr() string {
	if r.Form == "x" {
		return "x"
	}
	return fmt.Sprintf("%d − x", r.C)
}

// reply is the rule's answer to the move named x.
func (r *Rule) reply(x string) (string, bool) {
	switch r.Form {
	case "x":
		return x, true
	case "c-x":
		v, err := strconv.Atoi(x)
		if err != nil {
			return "", false
		}
		return strconv.Itoa(r.C - v), true
	}
	return "", false
}

// holds checks that follower wins every line from s (the opponent to move,
// or the game over) when the opponent plays anything and follower answers
// each move by r: every answer must be legal and keep the win, no position
// may come back (play must reach the end), the walk must stay within the
// bounds, and the rule must have answered at least one move. It returns the positions visited and whether every answer
// was also a fastest win.
func (e *storyteller) holds(s sente.Position, follower sente.Player, r *Rule) (ok bool, visited int, fastest bool) {
	w := &walk{e: e, follower: follower, rule: r, state: map[any]uint8{}, fastest: true, limit: e.opt.MaxWalk}
	if e.work < w.limit {
		w.limit = e.work
	}
	// A rule that never had to answer anything says nothing.
	ok = w.visit(s) && w.replies > 0
	e.work -= w.n
	return ok, w.n, w.fastest
}

type walk struct {
	e        *storyteller
	follower sente.Player
	rule     *Rule
	state    map[any]uint8 // 1: on the current line, 2: done
	n, limit int
	replies  int // answers the rule gave
	fastest  bool
}

const (
	onLine = 1
	done   = 2
)

// wins reports whether follower wins at p, by the solution.
func (w *walk) wins(p sente.Position) bool {
	o, ok := w.e.sol.Outcome(p)
	return ok && sente.Winner(w.e.g.Turn(p), o.Value) == w.follower
}

// visit checks the rule from s, where the opponent is to move or the game
// is over.
func (w *walk) visit(s sente.Position) bool {
	k := w.e.key(s)
	switch w.state[k] {
	case onLine:
		return false // the rule lets play go round in a circle
	case done:
		return true
	}
	if w.n++; w.n > w.limit || !w.wins(s) {
		return false
	}
	w.state[k] = onLine
	g, sol := w.e.g, w.e.sol
	if !w.e.over(s) {
		if g.Turn(s) == w.follower {
			return false // the rule has no move to answer
		}
		for _, x := range sol.Moves(s) {
			t := x.To
			if w.e.over(t) || g.Turn(t) != w.follower {
				// The game ended, or the opponent moves again.
				if !w.visit(t) {
					return false
				}
				continue
			}
			if w.n++; w.n > w.limit {
				return false
			}
			name, ok := w.rule.reply(x.Name)
			if !ok {
				return false
			}
			w.replies++
			ot, _ := sol.Outcome(t)
			found := false
			for _, y := range sol.Moves(t) {
				if y.Name != name {
					continue
				}
				found = true
				oy, ok := sol.Outcome(y.To)
				answer := sente.MoveOutcome(oy, sente.KeepsTurn(g, t, y.To))
				if !ok || answer.Value != sente.Win {
					return false
				}
				if answer != ot {
					w.fastest = false
				}
				if !w.e.over(y.To) && g.Turn(y.To) == w.follower {
					return false // the follower moves again: no move to answer
				}
				if !w.visit(y.To) {
					return false
				}
			}
			if !found {
				return false
			}
		}
	}
	w.state[k] = done
	return true
}
