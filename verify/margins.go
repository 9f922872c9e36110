package verify

import (
	"fmt"
	"slices"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/store"
)

// The margins of a game that ends in a score (store.Margins and
// store.MarginPlies beside each tier's values) are checked as values
// are, from the children's stored margins and the game's own Score:
//
//   - an ended position's margin is its score (sente.Scorer), in 0 plies;
//   - another's is the best of its moves' by the rules of sente.MoveMargin
//     and Margin.Better: a child's margin negated when the move passes the
//     turn, kept when it keeps it, one ply more; the larger margin, then a
//     win or tie sooner, a loss later;
//   - a position without moves that has not ended has no score, and so
//     tables with margins hold none of it: an inconsistency.
//
// By induction on the plies, as for values: the stored margin is the
// exact margin under perfect play of every position checked. Tables hold
// the margins of every tier or of none.

// storedMargins reports whether gs holds margins beside the values of
// tiers, which it must then hold for each of them: tables with the
// margins of some tiers only were not written by a solve.
func storedMargins(g sente.Game, gs *store.GameStore, tiers []int) (bool, error) {
	var with [2][]int
	for i, kind := range store.MarginKinds {
		ts, err := gs.Tiers(kind)
		if err != nil {
			return false, err
		}
		with[i] = ts
	}
	if len(with[0]) == 0 && len(with[1]) == 0 {
		return false, nil
	}
	if !sente.Scored(g) {
		return false, fmt.Errorf("verify: margins are stored for tiers %v, but the game does not end in a score", with[0])
	}
	for i, kind := range store.MarginKinds {
		if !slices.Equal(with[i], tiers) {
			return false, fmt.Errorf("verify: %s are stored for tiers %v, values for %v: a solve stores both for every tier or for none", kind, with[i], tiers)
		}
	}
	return true, nil
}

// marginFold is the best margin of a move for the mover, over the moves
// folded in so far.
type marginFold struct {
	moves int
	best  sente.Margin
}

// add folds in a child's stored margin cells, which speak for the player
// to move there. It says why it cannot.
func (f *marginFold) add(score, plies store.Cell, keepsTurn bool) string {
	m, ok := storedMargin(score, plies)
	if !ok {
		return fmt.Sprintf("holds no margin (cells %#04x, %#04x)", uint16(score), uint16(plies))
	}
	mm := sente.MoveMargin(m, keepsTurn)
	if f.moves == 0 || mm.Better(f.best) {
		f.best = mm
	}
	f.moves++
	return ""
}

// storedMargin is the margin a rank's two cells hold, and false when
// either holds none.
func storedMargin(score, plies store.Cell) (sente.Margin, bool) {
	s, ok := store.MarginScore(score)
	p, okPlies := store.MarginPliesOf(plies)
	return sente.Margin{Score: s, Remoteness: p}, ok && okPlies
}

// checkEndedMargin checks the stored margin cells of p, which has ended,
// against its score; "" when they agree.
func checkEndedMargin(scorer sente.Scorer, p sente.Position, score, plies store.Cell) string {
	implied := sente.Margin{Score: scorer.Score(p)}
	if m, ok := storedMargin(score, plies); !ok || m != implied {
		return marginWhy(score, plies, fmt.Sprintf("the game has ended with a score of %d", implied.Score))
	}
	return ""
}

// checkFoldedMargin checks the stored margin cells of a position with
// moves against what its children's fold implies; "" when they agree.
func checkFoldedMargin(f marginFold, score, plies store.Cell) string {
	if f.moves == 0 {
		return marginWhy(score, plies, "the position has no moves and has not ended, so it has no score")
	}
	if m, ok := storedMargin(score, plies); !ok || m != f.best {
		return marginWhy(score, plies, fmt.Sprintf("its children's margins imply %v (%+d)", f.best, f.best.Score))
	}
	return ""
}

// marginWhy says a stored margin is wrong, and why.
func marginWhy(score, plies store.Cell, why string) string {
	stored := "no margin"
	if m, ok := storedMargin(score, plies); ok {
		stored = fmt.Sprintf("%v (%+d)", m, m.Score)
	}
	return fmt.Sprintf("its margin is stored as %s, but %s", stored, why)
}
