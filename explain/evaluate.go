package explain

import (
	"context"
	"errors"
	"fmt"

	"sente"
	"sente/nimber"
	"sente/solve"
)

// Evaluation is who wins from one position, found by the cheapest sound
// method: Grundy values for an impartial game (by components when it splits
// into a sum), generalized Grundy values for a loopy impartial game, and a
// strong solve for any other.
type Evaluation struct {
	Turn    sente.Player
	Value   sente.Value // for the player to move
	Winner  sente.Player
	Method  string // "Grundy values", "generalized Grundy values", "strong solve"
	Grundy  string // the position's (generalized) Grundy value, "" when not impartial
	Nimber  int    // the Grundy value when finite, -1 otherwise
	Remote  int    // remoteness, when Method is a strong solve
	HasRemo bool
}

// EvaluateOptions limit the work of Evaluate.
type EvaluateOptions struct {
	MaxPositions int
	Progress     func(solve.Progress)
}

// Evaluate says who wins g from root (nil: the start).
func Evaluate(ctx context.Context, g sente.Game, root sente.Position, opt EvaluateOptions) (Evaluation, error) {
	if root == nil {
		root = g.Start()
	}
	e := Evaluation{Turn: g.Turn(root), Nimber: -1}
	nopt := nimber.Options{MaxPositions: opt.MaxPositions, Progress: opt.Progress}
	if sente.CapabilitiesOf(g).IsImpartial() && !nimber.IsMisere(g) {
		values, err := nimber.Grundy(ctx, g, root, nopt)
		switch {
		case err == nil:
			v, _ := values.Of(root)
			e.Method, e.Nimber, e.Grundy = "Grundy values", v, fmt.Sprint(v)
			e.Value = sente.Lose
			if v != 0 {
				e.Value = sente.Win
			}
			e.Winner = sente.Winner(e.Turn, e.Value)
			return e, nil
		case errors.Is(err, nimber.ErrLoopy):
			loopy, err := nimber.Loopy(ctx, g, root, nopt)
			if err != nil {
				return e, err
			}
			n, _ := loopy.Of(root)
			e.Method, e.Grundy = "generalized Grundy values", n.String()
			if !n.Infinite {
				e.Nimber = n.Value
			}
			e.Value = n.Outcome()
			e.Winner = sente.Winner(e.Turn, e.Value)
			return e, nil
		case errors.Is(err, nimber.ErrNotNormalPlay):
			// No Grundy values; who wins is still a strong solve away.
		default:
			return e, err
		}
	}
	sol, err := solve.Solve(ctx, g, solve.Options{From: root, MaxPositions: opt.MaxPositions, Progress: opt.Progress})
	if err != nil {
		return e, err
	}
	o, _ := sol.Outcome(root)
	e.Method, e.Value, e.Remote, e.HasRemo = "strong solve", o.Value, o.Remoteness, true
	e.Winner = sente.Winner(e.Turn, e.Value)
	return e, nil
}

// GrundyOf returns, for an impartial game, a function giving the
// (generalized) Grundy value of every position reachable from root as text;
// nil for a game that is not impartial or not under normal play (misère
// games have win/lose values but no Grundy values).
func GrundyOf(ctx context.Context, g sente.Game, root sente.Position, maxPositions int) (func(sente.Position) string, error) {
	if !sente.CapabilitiesOf(g).IsImpartial() || nimber.IsMisere(g) {
		return nil, nil
	}
	opt := nimber.Options{MaxPositions: maxPositions}
	values, err := nimber.Grundy(ctx, g, root, opt)
	if errors.Is(err, nimber.ErrNotNormalPlay) {
		return nil, nil
	}
	if err == nil {
		return func(p sente.Position) string {
			v, ok := values.Of(p)
			if !ok {
				return "?"
			}
			return fmt.Sprint(v)
		}, nil
	}
	if !errors.Is(err, nimber.ErrLoopy) {
		return nil, err
	}
	loopy, err := nimber.Loopy(ctx, g, root, opt)
	if errors.Is(err, nimber.ErrNotNormalPlay) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return func(p sente.Position) string {
		n, ok := loopy.Of(p)
		if !ok {
			return "?"
		}
		return n.String()
	}, nil
}
