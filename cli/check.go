package cli

import (
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/gamecheck"
	"github.com/sente-go/sente/rules"
)

type checkCmd struct {
	Game         string `arg:"" help:"A game: a built-in name or a rules file, with parameters if any (NAME:key=value,...)."`
	MaxPositions int    `help:"Ask a rules file's functions about at most this many positions (0 for no limit)." default:"1000000"`
	Positions    int    `help:"Self-check at most this many positions breadth first from the start." default:"2000"`
	Playouts     int    `help:"Self-check this many random playouts from the start." default:"20"`
	Seed         uint64 `help:"Seed of the random playouts." default:"1"`
}

// Run checks a game: for a rules file it first asks every function of the
// file about every position reachable from the start, so that its author
// meets the file's mistakes at once rather than in the middle of a solve;
// then, for every game, it runs the self-check (package gamecheck), which
// tests the contract the engines rely on, and says what it checked.
func (c *checkCmd) Run(e *env) error {
	if err := firstRefusal(
		atLeast("--max-positions", c.MaxPositions, 0, " (0 for no limit)"),
		atLeast("--positions", c.Positions, 1, ""),
		atLeast("--playouts", c.Playouts, 1, ""),
	); err != nil {
		return err
	}
	g, err := e.openGame(c.Game)
	if err != nil {
		return err
	}
	if file, ok := rules.Of(g); ok {
		n, err := file.Check(e.ctx, c.MaxPositions)
		if err != nil {
			return err
		}
		if c.MaxPositions > 0 && n >= c.MaxPositions {
			fmt.Fprintf(e.stdout, "%s: every function answered well on the first %d positions reached from the start (the limit; --max-positions checks more)\n", c.Game, n)
		} else {
			fmt.Fprintf(e.stdout, "%s: every function answered well on all %d positions reachable from the start\n", c.Game, n)
		}
	}
	opt := gamecheck.Options{Positions: c.Positions, Playouts: c.Playouts, Seed: c.Seed}
	// A second game from the same spec, for the stability of keys.
	if spec, err := sente.ParseSpec(c.Game); err == nil {
		if b, err := e.games.Bind(spec); err == nil {
			opt.Family, opt.Values = &b.Family, b.Values
		}
	}
	rep, err := gamecheck.Check(e.ctx, g, opt)
	if err != nil {
		return fmt.Errorf("%s: the self-check failed: %w", c.Game, err)
	}
	fmt.Fprintf(e.stdout, "%s: the self-check passed on %d positions:\n", c.Game, rep.Positions)
	for _, line := range rep.Checks {
		fmt.Fprintf(e.stdout, "  %s\n", line)
	}
	for _, line := range rep.Notes {
		fmt.Fprintf(e.stdout, "  note: %s\n", line)
	}
	return nil
}
