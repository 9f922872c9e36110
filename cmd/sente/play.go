package main

import (
	"bufio"
	"fmt"
	"strings"

	"sente"
	"sente/explain"
)

type playCmd struct {
	gameFlags
	As   string `help:"Which side you play: first or second." default:"first" enum:"first,second"`
	From string `help:"Start from this position instead of the start." placeholder:"POSITION"`
}

func (c *playCmd) Run(e *env) error {
	you, _ := sente.ParsePlayer(c.As)
	g, p, sol, err := c.solveAt(e, c.From)
	if err != nil {
		return err
	}
	w := e.stdout
	lines := readLines(e)
	fmt.Fprintf(w, "You play %s. Type a move's name, 'hint' for the values of your moves, or 'quit'.\n", you)
	for {
		turn := g.Turn(p)
		o, _ := sol.Outcome(p)
		board := g.FormatPosition(p)
		if d, ok := g.(sente.Drawer); ok {
			board = d.Draw(p)
		}
		fmt.Fprintf(w, "\n%s\n%s to move: %s\n", board, turn, explain.Verdict(turn, o))
		ranked, err := explain.Moves(sol, p)
		if err != nil {
			return err
		}
		if v, ended := g.Ended(p); ended || len(ranked) == 0 {
			if !ended {
				v = sente.Lose
			}
			switch sente.Winner(turn, v) {
			case you:
				fmt.Fprintln(w, "Game over: you win.")
			case you.Other():
				fmt.Fprintln(w, "Game over: you lose.")
			default:
				fmt.Fprintln(w, "Game over: a tie.")
			}
			return nil
		}
		if turn != you {
			m := ranked[0]
			fmt.Fprintf(w, "sente plays %s\n", m.Name)
			p = m.To
			continue
		}
		var names []string
		for _, m := range ranked {
			names = append(names, m.Name)
		}
		var chosen *explain.RankedMove
		for chosen == nil {
			fmt.Fprintf(w, "your move (%s): ", strings.Join(names, " "))
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
			case "quit", "q":
				return nil
			case "hint":
				for _, m := range ranked {
					fmt.Fprintf(w, "  %s: %s\n", m.Name, m.Outcome)
				}
				continue
			}
			for i := range ranked {
				if ranked[i].Name == text {
					chosen = &ranked[i]
				}
			}
			if chosen == nil {
				fmt.Fprintf(w, "no move %q here\n", text)
			}
		}
		if verdict := explain.Judge(chosen.Outcome, ranked[0].Outcome); verdict != "" {
			fmt.Fprintf(w, "%s (best was %s: %s)\n", verdict, ranked[0].Name, ranked[0].Outcome)
		}
		p = chosen.To
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
