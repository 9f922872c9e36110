package main

import (
	"errors"
	"fmt"

	"sente"
	"sente/answer"
	"sente/explain"
)

// writeSearch prints what a solve by search found: the position's value
// and remoteness, and what the search cost. It knows no counts of
// positions, and no best moves: those take a search of every move, which
// 'sente moves' does.
func (c *solveCmd) writeSearch(e *env, a *answer.Answer, cost answer.SearchCost) error {
	g, root := a.Game, a.Root
	o, _ := a.Solution.Outcome(root)
	turn := g.Turn(root)
	if c.JSON {
		nodes, bytes := cost.Nodes, cost.TableBytes
		return writeJSON(e.stdout, explain.SolutionJSON{
			Game:       c.Game,
			Position:   g.FormatPosition(root),
			Turn:       turn,
			Value:      o.Value,
			Winner:     sente.Winner(turn, o.Value),
			Remoteness: explain.RemotenessJSON(o),
			Restrict:   map[sente.Player]string{},
			Seconds:    cost.Elapsed.Seconds(),
			Method:     answer.Search.String(),
			Nodes:      &nodes,
			TableBytes: &bytes,
		})
	}
	w := e.stdout
	fmt.Fprintf(w, "%s: %s\n", c.Game, explain.Verdict(turn, o))
	fmt.Fprintf(w, "  position       %s (%s to move)\n", g.FormatPosition(root), turn)
	fmt.Fprintf(w, "  by search      this position's value and remoteness only, no positions counted (each move's: %s)\n", c.movesCommand())
	fmt.Fprintf(w, "  time           %s\n", cost.Words())
	return nil
}

// movesCommand is the command line that gives the value of every move
// from the position solve answered for.
func (c *solveCmd) movesCommand() string {
	words := "sente moves " + shellWord(c.Game)
	if c.From != "" {
		words += " " + shellWord(c.From)
	}
	return words
}

// stoppedSearch is what a search stopped by an interrupt had proved, for
// the line before the command line says it was interrupted.
func stoppedSearch(err error) (string, bool) {
	var stopped *answer.SearchStopped
	if !errors.As(err, &stopped) {
		return "", false
	}
	return fmt.Sprintf("the search of %s stopped; proved so far: %s (%s)",
		stopped.Game.FormatPosition(stopped.Position), stopped.Proved(), stopped.Cost.Words()), true
}

// searched takes away the progress line of searches made since the
// answer came, before the command prints.
func (e *env) searched() {
	if e.searching != nil {
		e.searching.done()
	}
}
