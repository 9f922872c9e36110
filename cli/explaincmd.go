package cli

import (
	"fmt"

	"github.com/sente-go/sente/explain"
)

type explainCmd struct {
	gameFlags
	Position string `arg:"" optional:"" help:"The position to explain (default: the start)."`
	JSON     bool   `name:"json" help:"Print JSON."`
}

func (c *explainCmd) Run(e *env) error {
	g, err := c.open(e)
	if err != nil {
		return err
	}
	p, err := parsePosition(g, c.Position)
	if err != nil {
		return err
	}
	// Solving from the start lets the story name the move that led to p
	// ("answer 1 with 1"); a position the start does not reach is solved
	// on its own.
	// An answer by search searches p, not the start.
	c.search, c.searchFirst = true, p
	a, err := c.answerFrom(e, g, g.Start(), false)
	if err != nil {
		return err
	}
	if _, reached := a.Solution.Outcome(p); !reached {
		if a, err = c.answerFrom(e, g, p, false); err != nil {
			return err
		}
	}
	story, err := explain.Explain(a.Solution, p)
	e.searched()
	if err != nil {
		return err
	}
	if c.JSON {
		return writeJSON(e.stdout, story)
	}
	if err := story.WriteText(e.stdout); err != nil {
		return err
	}
	if cost, ok := a.SearchCost(); ok {
		fmt.Fprintf(e.stdout, "\nBy search, each position on its own: %s.\n", cost.Words())
	}
	return nil
}
