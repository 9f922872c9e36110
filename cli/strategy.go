package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/explain"
	"github.com/sente-go/sente/solve"
)

// planPositions is the most positions a solve may have for 'sente solve'
// to look for the winner's simple plan itself (explain.WinningPlan, a
// check of every line): a few milliseconds' more work. Past it, solve
// points to explain.
const planPositions = 100_000

// writeStrategy prints solve's line on how the winner keeps winning, when
// someone wins from root: the plan in a sentence when a simple one wins
// every line and the game is small, and in every case the explain command
// that says more (its strategy, and the loser's best chance).
func (c *solveCmd) writeStrategy(w io.Writer, sol solve.Solution, root sente.Position) {
	o, _ := sol.Outcome(root)
	if o.Value != sente.Win && o.Value != sente.Lose {
		return
	}
	turn := sol.Game().Turn(root)
	winner, loser := sente.Winner(turn, o.Value), sente.Winner(turn, o.Value).Other()
	more := c.explainCommand()
	if sol.Positions() <= planPositions {
		if plan := explain.WinningPlan(sol, root); plan != nil {
			fmt.Fprintf(w, "  strategy       the %s player: %s (more: %s)\n", winner, plan.Words, more)
			return
		}
	}
	fmt.Fprintf(w, "  strategy       how the %s player keeps winning, and the %s player's best chance: %s\n", winner, loser, more)
}

// explainCommand is the command line that explains the position solve
// answered for, as a person types it.
func (c *solveCmd) explainCommand() string {
	words := []string{"sente", "explain", shellWord(c.Game)}
	if c.From != "" {
		words = append(words, shellWord(c.From))
	}
	for _, r := range c.Restrict {
		words = append(words, "--restrict", shellWord(r))
	}
	if c.Misere {
		words = append(words, "--misere")
	}
	if c.Symmetry {
		words = append(words, "--symmetry")
	}
	if c.Store != "" {
		words = append(words, "--store", shellWord(c.Store))
	}
	return strings.Join(words, " ")
}
