package cli

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/render"
)

type playCmd struct {
	gameFlags
	As    string `help:"Which side you play: first or second." default:"first" enum:"first,second"`
	From  string `help:"Start from this position instead of the start." placeholder:"POSITION"`
	Hints bool   `help:"Show who wins at every turn and the value of every move, best first (without it, type 'hint' when you want them)."`
}

// Run plays a game on the terminal. Without --hints it keeps the answer to
// itself: moves come in the game's own order, with no values, until the
// player asks (hint). After each of the player's moves it says whether the
// move gave anything away, which is the point of playing a perfect opponent.
func (c *playCmd) Run(e *env) error {
	you, _ := sente.ParsePlayer(c.As)
	c.search = true
	a, err := c.answerAt(e, c.From, false)
	if err != nil {
		return err
	}
	g, p, sol := a.Game, a.Root, a.Solution
	w := e.stdout
	lines := readLines(e)
	// trail holds the positions played before p, in order; before, where
	// in it the player moved, latest last, so that undo can go back there
	// and say how many of sente's moves it took back too (none when the
	// player's move kept the turn).
	var trail []sente.Position
	var before []int
	fmt.Fprintf(w, "You play %s. Type a move, or hint (the value of every move here), undo (take back your last move and the reply) or quit.\n", you)
	for {
		turn := g.Turn(p)
		o, _ := sol.Outcome(p)
		board := g.FormatPosition(p)
		if caps := sente.CapabilitiesOf(g); caps.Drawer != nil {
			board = caps.Drawer.Draw(p)
		} else if caps.Boarder != nil {
			if b := caps.Boarder.Board(p); b.Style == "" || b.Style == "grid" {
				board = render.BoardText(b)
			}
		}
		// In a game that ends in a score, sente plays for the most, and
		// hints and judgements speak of margins.
		margin, margined := explain.MarginOf(sol, p)
		marginMoves, _ := explain.MarginMoves(sol, p)
		verdict := explain.Verdict(turn, o)
		if margined {
			verdict = explain.MarginVerdict(turn, margin)
		}
		// A move that keeps the turn (Kalah's last seed in the store, a box
		// completed, an opponent with no move) leaves the same player to
		// move again, which the player is told.
		again := ""
		if len(trail) > 0 && g.Turn(trail[len(trail)-1]) == turn {
			again = " again"
		}
		fmt.Fprintf(w, "\n%s\n%s to move%s", board, turn, again)
		if c.Hints {
			fmt.Fprintf(w, ": %s", verdict)
		}
		fmt.Fprintln(w)
		ranked, err := explain.Moves(sol, p)
		e.searched()
		if err != nil {
			return err
		}
		if v, ended := g.Ended(p); ended || len(ranked) == 0 {
			if !ended {
				v = sente.Lose
			}
			fmt.Fprintln(w, explain.Audience{}.For(you).Verdict(turn, sente.Outcome{Value: v}, true))
			if margined {
				fmt.Fprintf(w, "final score: %s\n", verdict)
			}
			return nil
		}
		marginOf := map[string]sente.Margin{}
		for _, m := range marginMoves {
			marginOf[m.Name] = m.Margin
		}
		hint := func(m explain.RankedMove) string {
			if mm, ok := marginOf[m.Name]; ok {
				return fmt.Sprintf("%s: %s, %s", m.Name, m.Outcome, explain.MarginWords(mm))
			}
			return fmt.Sprintf("%s: %s", m.Name, m.Outcome)
		}
		if turn != you {
			m := ranked[0].Move
			if len(marginMoves) > 0 {
				m = marginMoves[0].Move
			}
			fmt.Fprintf(w, "sente plays %s\n", m.Name)
			trail, p = append(trail, p), m.To
			continue
		}
		var prompt []string
		if c.Hints {
			for _, m := range ranked {
				prompt = append(prompt, hint(m))
			}
		} else {
			for _, m := range sol.Moves(p) {
				prompt = append(prompt, m.Name)
			}
		}
		var chosen *explain.RankedMove
		undone := false
		for chosen == nil && !undone {
			fmt.Fprintf(w, "your move (%s): ", strings.Join(prompt, ", "))
			var text string
			select {
			case <-e.ctx.Done():
				fmt.Fprintln(w)
				return e.ctx.Err()
			case line, ok := <-lines:
				if !ok {
					fmt.Fprintln(w)
					return nil
				}
				text = strings.TrimSpace(line)
			}
			switch text {
			case "":
				continue
			case "quit", "q":
				return nil
			case "hint":
				fmt.Fprintf(w, "%s to move: %s\n", turn, verdict)
				for _, m := range ranked {
					fmt.Fprintf(w, "  %s\n", hint(m))
				}
				continue
			case "undo":
				if len(before) == 0 {
					fmt.Fprintln(w, "nothing to undo: you have not moved yet")
					continue
				}
				at := before[len(before)-1]
				n := len(trail) - at - 1 // sente's moves since
				p, trail, before = trail[at], trail[:at], before[:len(before)-1]
				switch n {
				case 0:
					fmt.Fprintln(w, "took back your last move")
				case 1:
					fmt.Fprintln(w, "took back your last move and the reply")
				default:
					fmt.Fprintf(w, "took back your last move and the %d moves of the reply\n", n)
				}
				undone = true
				continue
			}
			for i := range ranked {
				if ranked[i].Name == text {
					chosen = &ranked[i]
				}
			}
			if chosen == nil {
				fmt.Fprintf(w, "no move %q here; type one of the moves, or hint, undo or quit\n", text)
			}
		}
		if undone {
			continue
		}
		if len(marginMoves) > 0 {
			if verdict := explain.JudgeMargin(marginOf[chosen.Name], marginMoves[0].Margin); verdict != "" {
				fmt.Fprintf(w, "%s (%s keeps the most)\n", verdict, marginMoves[0].Name)
			}
		} else if verdict := explain.Judge(chosen.Outcome, ranked[0].Outcome); verdict != "" {
			fmt.Fprintf(w, "%s (best was %s: %s)\n", verdict, ranked[0].Name, ranked[0].Outcome)
		}
		before = append(before, len(trail))
		trail, p = append(trail, p), chosen.To
	}
}

// readLines delivers the lines of standard input on a channel, closed at
// the end of input, so that the player's prompt can also wait for Ctrl-C.
func readLines(e *env) <-chan string {
	lines := make(chan string)
	go func() {
		defer close(lines)
		in := bufio.NewScanner(e.stdin)
		for in.Scan() {
			select {
			case lines <- in.Text():
			case <-e.ctx.Done():
				return
			}
		}
	}()
	return lines
}
