package cgt

import (
	"context"

	"github.com/sente-go/sente"
)

// SumOutcome is the outcome class of g1 + … + gk, decided from the parts
// without building the canonical form of the whole sum wherever the theory
// lets it:
//
//   - the parts that are numbers, ups and nimbers (number-up-star) add in
//     closed form, x + k·↑ + *m, whose class is read off at once
//     (x + k↑ + *m ≥ 0 exactly when x > 0, or x = 0 and k ≥ 2, or k = 1
//     and m ≠ 1, or k = m = 0; Winning Ways, ch. 3);
//   - what is left, h1 + … + hj, is compared with the negative of that
//     closed form s rather than added to it: the sum is ≥ 0 exactly when
//     h1 + … + hj ≥ −s, and ≤ 0 exactly when it is ≤ −s (games form a
//     group; Conway, On Numbers and Games, ch. 1), so the class needs two
//     comparisons, which stops often settle at once (Siegel, CGT, II.4);
//   - of the parts that are not number-up-stars, all but the one born
//     last are summed, and that one is compared with the negative of the
//     rest in the same way.
//
// A Domineering position split into regions whose values are numbers and
// infinitesimals is thus decided by arithmetic, and one with a single hot
// region by two comparisons, where the turn-based engines search the
// whole sum.
func SumOutcome(gs ...Game) Outcome {
	mu.Lock()
	defer mu.Unlock()
	return tab.sumOutcome(gs)
}

func (t *table) sumOutcome(gs []Game) Outcome {
	var x Dyadic
	var ups int32
	var nim uint32
	var hot []Game
	for _, g := range gs {
		n := &t.nodes[g]
		if n.nus {
			x, ups, nim = x.Add(n.num), ups+n.ups, nim^n.nim
			continue
		}
		hot = append(hot, g)
	}
	if len(hot) == 0 {
		ge, le := nusGeqZero(x, ups, nim), nusGeqZero(x.Neg(), -ups, nim)
		return classOf(ge, le)
	}
	// The part compared is the one born last: the others, summed, are
	// the smaller games to build.
	last := 0
	for i, h := range hot {
		if t.nodes[h].birthday > t.nodes[hot[last]].birthday {
			last = i
		}
	}
	rest := t.nus(x, ups, nim)
	for i, h := range hot {
		if i != last {
			rest = t.add(rest, h)
		}
	}
	h, negRest := hot[last], t.neg(rest)
	return classOf(t.leq(negRest, h), t.leq(h, negRest))
}

// classOf is the class of a game that is ≥ 0 (ge) and ≤ 0 (le) or not.
func classOf(ge, le bool) Outcome {
	switch {
	case ge && le:
		return P
	case ge:
		return L
	case le:
		return R
	}
	return N
}

// Outcome is the outcome class of the position p: the class of the sum of
// its parts' values (SumOutcome), each part valued once by its shape as
// Value values it, the sum itself never built when a comparison settles
// it. It is what the turn-based solve of p finds with Left first and with
// Right first, found without searching the sum.
func (v *Valuer) Outcome(ctx context.Context, p sente.Position) (Outcome, error) {
	gs, err := v.partValues(ctx, p)
	if err != nil {
		return 0, err
	}
	return SumOutcome(gs...), nil
}

// Wins reports whether the player to move at p wins it, from p's outcome
// class: Left to move wins an L or N position, Right to move an R or N
// one. With ValuerOptions.MaxComponents it gives up (ErrTooMany) once the
// Valuer has valued that many components in all, keeping in its table of
// shapes those it finished, for the next position.
func (v *Valuer) Wins(ctx context.Context, p sente.Position) (bool, error) {
	o, err := v.Outcome(ctx, p)
	if err != nil {
		return false, err
	}
	if v.g.Turn(p) == v.caps.Partizan.Left() {
		return o.LeftFirstWins(), nil
	}
	return o.RightFirstWins(), nil
}
