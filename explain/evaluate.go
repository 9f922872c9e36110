package explain

import (
	"context"
	"errors"
	"fmt"

	"sente"
	"sente/nimber"
	"sente/solve"
)

// Method is how Evaluate found who wins.
type Method int

const (
	// ByGrundy: the Grundy value of an impartial game (0 loses).
	ByGrundy Method = iota + 1
	// ByLoopyGrundy: the generalized Grundy value of a loopy impartial
	// game.
	ByLoopyGrundy
	// ByStrongSolve: retrograde analysis, for any other game.
	ByStrongSolve
)

var methodNames = [...]string{ByGrundy: "Grundy values", ByLoopyGrundy: "generalized Grundy values", ByStrongSolve: "strong solve"}

func (m Method) String() string {
	if m <= 0 || int(m) >= len(methodNames) {
		return fmt.Sprintf("Method(%d)", int(m))
	}
	return methodNames[m]
}

// MarshalText writes the method in words, as JSON gives it.
func (m Method) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// Evaluation is who wins from one position, found by the cheapest sound
// method: Grundy values for an impartial game (by components when it splits
// into a sum), generalized Grundy values for a loopy impartial game, and a
// strong solve for any other.
type Evaluation struct {
	Turn   sente.Player
	Value  sente.Value // for the player to move
	Winner sente.Player
	Method Method
	// Grundy is the position's (generalized) Grundy value, when HasGrundy
	// (an impartial game under normal play).
	Grundy    nimber.Nimber
	HasGrundy bool
	// NoGrundy is why an impartial game has no Grundy values, when it
	// has none: an error that is nimber.ErrNotNormalPlay (a misère game,
	// an end other than a loss, a move that keeps the turn).
	NoGrundy error
	// Remoteness is the plies to the end under perfect play, when
	// HasRemoteness (Method is a strong solve).
	Remoteness    int
	HasRemoteness bool
}

// EvaluateOptions limit the work of Evaluate.
type EvaluateOptions struct {
	MaxPositions int
	Progress     func(solve.Progress)
}

// Evaluate says who wins g from root (nil: the start). It explores the game
// once at most: Grundy values that meet a loop hand the explored space to
// the generalized ones, and a game not under normal play is solved over
// the same space.
func Evaluate(ctx context.Context, g sente.Game, root sente.Position, opt EvaluateOptions) (Evaluation, error) {
	if root == nil {
		root = g.Start()
	}
	e := Evaluation{Turn: g.Turn(root)}
	nopt := nimber.Options{MaxPositions: opt.MaxPositions, Progress: opt.Progress}
	impartial := sente.CapabilitiesOf(g).IsImpartial() && !nimber.IsMisere(g)
	if impartial && sente.CapabilitiesOf(g).Splitter != nil {
		// A sum is valued by its components, a few kinds of part rather
		// than every combination of them, with no explored space of whole
		// positions to share; only a loop or an end other than normal play
		// sends it to the whole positions below.
		values, err := nimber.Grundy(ctx, g, root, nopt)
		if err == nil {
			v, _ := values.Of(root)
			return e.grundy(ByGrundy, nimber.Nimber{Value: v}), nil
		}
		if !errors.Is(err, nimber.ErrLoopy) && !errors.Is(err, nimber.ErrNotNormalPlay) {
			return e, err
		}
		if errors.Is(err, nimber.ErrNotNormalPlay) {
			e.NoGrundy = err
		}
	}
	sopt := solve.Options{From: root, MaxPositions: opt.MaxPositions, Progress: opt.Progress}
	space, err := solve.Explore(ctx, g, sopt)
	if err != nil {
		return e, gameErr(g, err)
	}
	if impartial {
		values, err := nimber.OfSpace(ctx, g, space, nopt)
		if err == nil {
			n, _ := values.Of(root)
			method := ByGrundy
			if values.Loopy() {
				method = ByLoopyGrundy
			}
			return e.grundy(method, n), nil
		}
		if !errors.Is(err, nimber.ErrNotNormalPlay) {
			return e, err
		}
		// No Grundy values; who wins is still a strong solve away.
		e.NoGrundy = err
	}
	sol, err := solve.SolveSpace(ctx, g, space, sopt)
	if err != nil {
		return e, gameErr(g, err)
	}
	o, _ := sol.Outcome(root)
	e.Method, e.Value, e.Remoteness, e.HasRemoteness = ByStrongSolve, o.Value, o.Remoteness, true
	e.Winner = sente.Winner(e.Turn, e.Value)
	return e, nil
}

// grundy completes e from the position's Grundy value n.
func (e Evaluation) grundy(m Method, n nimber.Nimber) Evaluation {
	e.Method, e.Grundy, e.HasGrundy = m, n, true
	e.Value = n.Outcome()
	e.Winner = sente.Winner(e.Turn, e.Value)
	return e
}

// gameErr prefers a failure of the game's own logic (sente.Erring) to err,
// since a game that failed may have given the engine nonsense.
func gameErr(g sente.Game, err error) error {
	if gerr := sente.CapabilitiesOf(g).Err(); gerr != nil {
		return gerr
	}
	return err
}
