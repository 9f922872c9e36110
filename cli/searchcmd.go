package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/explain"
)

// writeSearch prints what a solve by search found: the position's value
// and remoteness, and what the search cost. It knows no counts of
// positions, and no best moves: those take a search of every move, which
// 'sente moves' does.
func (c *solveCmd) writeSearch(e *env, a *answer.Answer, cost answer.SearchCost) error {
	g, root := a.Game, a.Root
	o, _ := a.Solution.Outcome(root)
	turn := g.Turn(root)
	// A game that ends in a score gets its margin by a second search,
	// whose nodes and time the cost then counts.
	margin, margined := explain.MarginOf(a.Solution, root)
	if margined {
		cost = a.Solution.(*answer.SearchSolution).Cost()
	}
	if c.JSON {
		nodes, bytes := cost.Nodes, cost.TableBytes
		var fromBook, bookPlies *int
		if cost.FromBook > 0 {
			fromBook, bookPlies = &cost.FromBook, &cost.BookPlies
		}
		out := explain.SolutionJSON{
			Game:        c.Game,
			Position:    g.FormatPosition(root),
			Turn:        turn,
			Value:       o.Value,
			Winner:      sente.Winner(turn, o.Value),
			Remoteness:  explain.RemotenessJSON(o),
			Restrict:    map[sente.Player]string{},
			Seconds:     cost.Elapsed.Seconds(),
			Method:      answer.Search.String(),
			Nodes:       &nodes,
			TableBytes:  &bytes,
			FromBook:    fromBook,
			BookPlies:   bookPlies,
			BookBestFor: bookBestFor(cost),
			MarginNote:  explain.MarginNote(a.Solution),
		}
		if margined {
			out.Margin, out.MarginRemoteness = &margin.Score, explain.MarginRemotenessJSON(margin)
		}
		return writeJSON(e.stdout, out)
	}
	w := e.stdout
	if margined {
		fmt.Fprintf(w, "%s: %s\n", c.Game, explain.MarginVerdict(turn, margin))
		if margin.Remoteness != o.Remoteness && margin.Remoteness != sente.RemotenessUnknown {
			fmt.Fprintf(w, "  value alone    %s (each side hurrying a win or putting off a loss, whatever the margin)\n", explain.Verdict(turn, o))
		}
	} else {
		fmt.Fprintf(w, "%s: %s\n", c.Game, explain.Verdict(turn, o))
		if note := explain.MarginNote(a.Solution); note != "" {
			fmt.Fprintf(w, "  margin         %s\n", note)
		}
	}
	fmt.Fprintf(w, "  position       %s (%s to move)\n", g.FormatPosition(root), turn)
	sought := "value and remoteness only"
	switch {
	case margined && margin.Remoteness == sente.RemotenessUnknown:
		sought = "margin alone, not how soon it is reached"
	case o.Remoteness == sente.RemotenessUnknown:
		// The game decides positions without search, by what it knows
		// of them (sente.Decider), which tells no remoteness.
		sought = "value only, not how soon it is won (the game decides positions by what it knows of them)"
	}
	fmt.Fprintf(w, "  by search      this position's %s, no positions counted (each move's: %s)\n", sought, c.movesCommand())
	fmt.Fprintf(w, "  time           %s\n", cost.Words())
	if sol, ok := a.Solution.(*answer.SearchSolution); ok {
		// Stored tables hold no margins: a search for margins alone
		// reads none.
		if eg, ok := sol.Endgame(); ok && !sol.MarginOnly() {
			const label, indent = "  endgame        ", "                 "
			fmt.Fprintln(w, label+strings.TrimPrefix(wrap(c.endgameWords(g, eg), indent, 78), indent))
		}
	}
	return nil
}

// endgameWords says whether the game's endgame tables are stored, which
// a search reads as its leaves, and when they are not the command that
// stores them.
func (c *solveCmd) endgameWords(g sente.Game, eg answer.EndgameTables) string {
	words := eg.Words()
	if eg.Whole() {
		return words + ", read as the search's leaves"
	}
	store := ""
	if c.Store != "" {
		store = " --store " + shellWord(c.Store)
	}
	return fmt.Sprintf("%s; the search reads them as its leaves, stored with: sente solve %s --every-position --from %s%s",
		words, shellWord(c.Game), shellWord(g.FormatPosition(eg.From)), store)
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
	line := fmt.Sprintf("the search of %s stopped; proved so far: %s", stopped.Game.FormatPosition(stopped.Position), stopped.Proved())
	if !stopped.InTables {
		// Stopped while the endgame tables were built, it has searched
		// nothing: no cost to tell.
		line += " (" + stopped.Cost.Words() + ")"
	}
	return line, true
}

// searched takes away the progress line of searches made since the
// answer came, before the command prints.
func (e *env) searched() {
	if e.searching != nil {
		e.searching.done()
	}
}

// bookBestFor is the player whose best moves alone the book that answered
// follows, "first" or "second"; "" for a book of every position, or none.
func bookBestFor(cost answer.SearchCost) string {
	if p, ok := cost.BookStrategy.Player(); ok && cost.FromBook > 0 {
		return p.String()
	}
	return ""
}
