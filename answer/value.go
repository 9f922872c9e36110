package answer

import (
	"context"
	"errors"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve/hashing"
)

// Valuation is who wins from one position, found the cheapest sound way:
// the Grundy value of an impartial game under normal play (by its
// components when it splits into a sum), and otherwise a strong solve by
// the engine Solve chooses, stored tables and the tier engine included.
type Valuation struct {
	Value sente.Value // for the player to move
	// Grundy is the position's (generalized, when Loopy) Grundy value,
	// when HasGrundy.
	Grundy    nimber.Nimber
	HasGrundy bool
	Loopy     bool
	// Remoteness is the plies to the end under perfect play, when
	// HasRemoteness (a strong solve).
	Remoteness    int
	HasRemoteness bool
	// Engine is what made a strong solve's answer; Auto for Grundy values.
	Engine Engine
	// NoGrundy is why an impartial game has no Grundy values, when it
	// has none: an error that is nimber.ErrNotNormalPlay (a misère game,
	// an end other than a loss, a move that keeps the turn).
	NoGrundy error
}

// Value says who wins g from opt.From (nil: the start), exploring the game
// once at most, under the same limits as Solve: a game whose estimate does
// not fit in opt.MaxMemory is refused before any work (a *Refusal), tables
// stored whole answer without solving, and a large game goes to the tier
// engine. Grundy values that meet a loop hand the explored space to the
// generalized ones, and a game not under normal play is solved over the
// same space.
func Value(ctx context.Context, g sente.Game, opt Options) (Valuation, error) {
	root := opt.From
	if root == nil {
		root = g.Start()
	}
	caps := sente.CapabilitiesOf(g)
	nopt := nimber.Options{MaxPositions: opt.MaxPositions, Progress: opt.Progress}
	impartial := caps.IsImpartial() && !nimber.IsMisere(g) && len(opt.Restrict) == 0 && !opt.Symmetry
	var noGrundy error
	if impartial && caps.Splitter != nil {
		// A sum is valued by its components, a few kinds of part rather
		// than every combination of them, with no explored space of whole
		// positions to share; only a loop or an end other than normal play
		// sends it to the whole positions below.
		values, err := nimber.Grundy(ctx, g, root, nopt)
		if err == nil {
			v, _ := values.Of(root)
			return grundyValuation(nimber.Nimber{Value: v}, false), nil
		}
		if !errors.Is(err, nimber.ErrLoopy) && !errors.Is(err, nimber.ErrNotNormalPlay) {
			return Valuation{}, err
		}
		if errors.Is(err, nimber.ErrNotNormalPlay) {
			noGrundy = err
		}
	}
	if !impartial {
		a, err := Solve(ctx, g, opt)
		if err != nil {
			return Valuation{}, err
		}
		defer a.Close()
		o, _ := a.Solution.Outcome(a.Root)
		return Valuation{Value: o.Value, Remoteness: o.Remoteness, HasRemoteness: true, Engine: a.Engine, NoGrundy: noGrundy}, nil
	}
	// Grundy values are the hashing engine's explored space's: it must
	// fit.
	hopt := opt
	hopt.Engine, hopt.From = Hashing, root
	if _, err := PlanOf(g, hopt); err != nil {
		return Valuation{}, err
	}
	sopt := hashing.Options{From: root, MaxPositions: opt.MaxPositions, Progress: opt.Progress}
	space, err := hashing.Explore(ctx, g, sopt)
	if err != nil {
		return Valuation{}, gameErr(g, err)
	}
	values, err := nimber.OfSpace(ctx, g, space, nopt)
	if err == nil {
		n, _ := values.Of(root)
		return grundyValuation(n, values.Loopy()), nil
	}
	if !errors.Is(err, nimber.ErrNotNormalPlay) {
		return Valuation{}, err
	}
	// No Grundy values; who wins is still a strong solve away, over the
	// same space.
	sol, serr := hashing.SolveSpace(ctx, g, space, sopt)
	if serr != nil {
		return Valuation{}, gameErr(g, serr)
	}
	o, _ := sol.Outcome(root)
	return Valuation{Value: o.Value, Remoteness: o.Remoteness, HasRemoteness: true, Engine: Hashing, NoGrundy: err}, nil
}

func grundyValuation(n nimber.Nimber, loopy bool) Valuation {
	return Valuation{Value: n.Outcome(), Grundy: n, HasGrundy: true, Loopy: loopy}
}
