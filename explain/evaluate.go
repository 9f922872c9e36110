package explain

import (
	"context"
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/nimber"
	"github.com/sente-go/sente/solve"
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
	// Answer are the answer layer's options for the game (its memory
	// limit, its stored tables); MaxPositions and Progress above are
	// theirs.
	Answer answer.Options
}

// Evaluate says who wins g from root (nil: the start), through the answer
// layer (answer.Value): Grundy values for an impartial game, exploring it
// once at most, and otherwise a strong solve by the engine the answer
// layer chooses; a game that cannot fit is refused before any work.
func Evaluate(ctx context.Context, g sente.Game, root sente.Position, opt EvaluateOptions) (Evaluation, error) {
	if root == nil {
		root = g.Start()
	}
	e := Evaluation{Turn: g.Turn(root)}
	aopt := opt.Answer
	aopt.From, aopt.MaxPositions, aopt.Progress = root, opt.MaxPositions, opt.Progress
	v, err := answer.Value(ctx, g, aopt)
	if err != nil {
		return e, err
	}
	switch {
	case v.HasGrundy && v.Loopy:
		return e.grundy(ByLoopyGrundy, v.Grundy), nil
	case v.HasGrundy:
		return e.grundy(ByGrundy, v.Grundy), nil
	}
	e.NoGrundy = v.NoGrundy
	e.Method, e.Value, e.Remoteness, e.HasRemoteness = ByStrongSolve, v.Value, v.Remoteness, true
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
