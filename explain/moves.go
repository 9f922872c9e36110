package explain

import (
	"fmt"
	"slices"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve"
)

// RankedMove is a move with its outcome for the player making it.
type RankedMove struct {
	sente.Move
	Outcome sente.Outcome
}

// Moves returns the moves from p that the solution considered, each with its
// outcome for the player making it, best first: the fastest win, then ties
// (fastest first), draws, and losses (slowest first). Moves of equal outcome
// keep the game's order. A move after which the same player is to move
// again keeps its position's value for that player (sente.MoveOutcome).
func Moves(sol solve.Solution, p sente.Position) ([]RankedMove, error) {
	var ranked []RankedMove
	g := sol.Game()
	alternates := sente.CapabilitiesOf(g).Alternates()
	turn := g.Turn(p)
	for _, m := range sol.Moves(p) {
		child, ok := sol.Outcome(m.To)
		if !ok {
			// Stored tables that could not be read say why.
			if err := sol.Damage(); err != nil {
				return nil, fmt.Errorf("move %s: %w", m.Name, err)
			}
			return nil, fmt.Errorf("move %s leads to a position the solve did not reach", m.Name)
		}
		keeps := !alternates && g.Turn(m.To) == turn
		ranked = append(ranked, RankedMove{Move: m, Outcome: sente.MoveOutcome(child, keeps)})
	}
	slices.SortStableFunc(ranked, bestFirst)
	return ranked, nil
}

// bestFirst orders moves by their outcomes for the player making them,
// the best first (sente.Outcome.Better); an unknown outcome is last.
func bestFirst(a, b RankedMove) int {
	switch {
	case a.Outcome.Better(b.Outcome):
		return -1
	case b.Outcome.Better(a.Outcome):
		return 1
	}
	return 0
}

// Best returns the moves that reach the value of p itself, at its
// remoteness: every optimal move.
func Best(sol solve.Solution, p sente.Position) ([]RankedMove, error) {
	ranked, err := Moves(sol, p)
	if err != nil || len(ranked) == 0 {
		return nil, err
	}
	var best []RankedMove
	for _, m := range ranked {
		if m.Outcome == ranked[0].Outcome {
			best = append(best, m)
		}
	}
	return best, nil
}

// Find returns the move from p named name; its error lists the names.
func Find(g sente.Game, p sente.Position, name string) (sente.Move, error) {
	moves := g.Moves(p)
	var names []string
	for _, m := range moves {
		if m.Name == name {
			return m, nil
		}
		names = append(names, m.Name)
	}
	if len(names) == 0 {
		return sente.Move{}, fmt.Errorf("no move %q: the game is over", name)
	}
	return sente.Move{}, fmt.Errorf("no move %q here (moves: %v)", name, names)
}

// Line returns the main line of perfect play from p, at most max plies: the
// winner takes the fastest win, the loser holds out longest, a tie is
// reached soonest. A drawn line stops where a position repeats.
func Line(sol solve.Solution, p sente.Position, max int) ([]RankedMove, error) {
	var line []RankedMove
	seen := map[string]bool{}
	g := sol.Game()
	for len(line) < max {
		key := g.FormatPosition(p)
		if seen[key] {
			break
		}
		seen[key] = true
		if _, ended := g.Ended(p); ended {
			break
		}
		best, err := Best(sol, p)
		if err != nil || len(best) == 0 {
			return line, err
		}
		line = append(line, best[0])
		p = best[0].To
	}
	return line, nil
}
