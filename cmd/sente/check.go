package main

import (
	"fmt"

	"sente/rules"
)

type checkCmd struct {
	Game         string `arg:"" help:"A rules file, with parameters if any: FILE.star or FILE.star:key=value,..."`
	MaxPositions int    `help:"Check at most this many positions." default:"1000000"`
}

// Run asks every function of a rules file about every position reachable
// from the start, so that its author meets the file's mistakes at once
// rather than in the middle of a solve.
func (c *checkCmd) Run(e *env) error {
	g, err := e.openGame(c.Game)
	if err != nil {
		return err
	}
	file, ok := rules.Of(g)
	if !ok {
		return badInput("check is for rules files (FILE.star); %s is a built-in game", c.Game)
	}
	n, err := file.Check(e.ctx, c.MaxPositions)
	if err != nil {
		return err
	}
	if c.MaxPositions > 0 && n >= c.MaxPositions {
		fmt.Fprintf(e.stdout, "%s: every function answered well on the first %d positions reached from the start (the limit; --max-positions checks more)\n", c.Game, n)
		return nil
	}
	fmt.Fprintf(e.stdout, "%s: every function answered well on all %d positions reachable from the start\n", c.Game, n)
	return nil
}
