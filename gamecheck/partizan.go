package gamecheck

import (
	"errors"
	"fmt"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/cgt"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/hashing"
)

const (
	// partizanSolveLimit bounds each small solve of the partizan check; a
	// position whose solve would explore more is not checked.
	partizanSolveLimit = 50000
	// partizanComponents bounds the components valued in all.
	partizanComponents = 200000
	// partizanWhole bounds the positions valued whole, without splitting,
	// for each position whose parts are held to the whole: a sum of many
	// parts has as many positions as the product of theirs.
	partizanWhole = 2000
)

// partizan checks a partizan game's values against its turn-based play:
// at each position sampled, the outcome class of the canonical form must
// say what the hashing engine's solve says, with the side to move there
// first (a solve from the position) and with the other side first (a
// solve of each of its options, after which the side to move is to move
// again). The two roads share nothing but the game's options: cgt sums
// and simplifies values, the engine searches the positions.
func (c *checker) partizan() error {
	pz := c.caps.Partizan
	if c.caps.IsMisere() {
		c.rep.Notes = append(c.rep.Notes, "partizan: the game is under misère play; the values of combinatorial game theory are those of normal play, so they were not checked")
		return nil
	}
	valuer, err := cgt.NewValuer(c.g, cgt.ValuerOptions{MaxComponents: partizanComponents})
	if err != nil {
		return &Error{Check: "partizan", Position: c.g.FormatPosition(c.g.Start()), Msg: err.Error()}
	}
	// Solutions found so far: a position reached by one of them is read
	// there rather than solved again.
	var sols []solve.Solution
	outcome := func(p sente.Position) (sente.Outcome, bool, error) {
		for _, s := range sols {
			if o, ok := s.Outcome(p); ok {
				return o, true, nil
			}
		}
		s, err := hashing.Solve(c.ctx, c.g, hashing.Options{From: p, MaxPositions: partizanSolveLimit})
		if err != nil {
			if cerr := c.ctx.Err(); cerr != nil {
				return sente.Outcome{}, false, cerr
			}
			return sente.Outcome{}, false, nil // too large for a small solve
		}
		sols = append(sols, s)
		o, ok := s.Outcome(p)
		return o, ok, nil
	}
	sampled := c.order
	if n := c.opt.Partizan; n >= 0 && len(sampled) > n {
		// Evenly through the walk, from the start to its deepest.
		picked := make([]visited, 0, n)
		for i := range n {
			picked = append(picked, sampled[i*len(sampled)/n])
		}
		sampled = picked
	}
	checked, skipped := 0, 0
	// A game that splits has each position's value, the sum of its parts',
	// held to the value of the position taken whole, where it is small.
	var whole *cgt.Shapes
	summed, unsummed := 0, 0
	if c.caps.PartizanSplitter != nil {
		whole = cgt.NewShapes()
	}
	for _, v := range sampled {
		if err := c.ctx.Err(); err != nil {
			return err
		}
		val, err := valuer.Value(c.ctx, v.p)
		if errors.Is(err, cgt.ErrTooMany) {
			skipped++
			continue
		}
		if err != nil {
			return err
		}
		if whole != nil {
			wv, err := cgt.NewValuer(unsplit{c.g}, cgt.ValuerOptions{MaxComponents: partizanWhole, Shapes: whole})
			if err != nil {
				return err
			}
			wval, err := wv.Value(c.ctx, v.p)
			switch {
			case errors.Is(err, cgt.ErrTooMany):
				unsummed++
			case err != nil:
				return err
			case wval != val: // canonical forms are hash-consed: equal values are one Game
				return c.fail("partizan", v, "its parts' values add up to %s, but its options, valued whole, give it the value %s: the parts are not independent, or not all of the position (Parts; components(p) in a rules file)", val, wval)
			default:
				summed++
			}
		}
		class := val.Outcome()
		leftToMove := c.g.Turn(v.p) == pz.Left()
		mover, other := "Left", "Right"
		moverWins, otherWins := class.LeftFirstWins(), class.RightFirstWins()
		otherOptions := pz.RightOptions
		if !leftToMove {
			mover, other = other, mover
			moverWins, otherWins = otherWins, moverWins
			otherOptions = pz.LeftOptions
		}
		o, ok, err := outcome(v.p)
		if err != nil {
			return err
		}
		if !ok {
			skipped++
			continue
		}
		if o.Value != sente.Win && o.Value != sente.Lose {
			return c.fail("partizan", v, "the solve gives %v for %s to move; a partizan game under normal play is won or lost", o.Value, mover)
		}
		if (o.Value == sente.Win) != moverWins {
			return c.fail("partizan", v, "its value %s is of outcome class %s, so %s moving first %s; the solve says %s to move %ss", val, class, mover, winsWord(moverWins), mover, o.Value)
		}
		// The other side first: it wins when one of its options leaves
		// the side to move here lost.
		found, known := false, true
		for _, q := range otherOptions(v.p) {
			oq, ok, err := outcome(q)
			if err != nil {
				return err
			}
			if !ok {
				known = false
				break
			}
			if oq.Value == sente.Lose {
				found = true
				break
			}
		}
		if !known {
			skipped++
			continue
		}
		if found != otherWins {
			return c.fail("partizan", v, "its value %s is of outcome class %s, so %s moving first %s; the solves of %s's options say %s", val, class, other, winsWord(otherWins), other, winsWord(found))
		}
		checked++
	}
	c.note(fmt.Sprintf("partizan: the outcome class of the canonical form agrees with the solve with Left first and with Right first, on %d positions", checked))
	if whole != nil {
		c.note(fmt.Sprintf("partizan: the values of the parts add up to the value of the position taken whole, on %d positions", summed))
		if unsummed > 0 {
			c.rep.Notes = append(c.rep.Notes, fmt.Sprintf("partizan: %d positions sampled had more than %d positions to value whole, and their parts were not added up against it", unsummed, partizanWhole))
		}
	}
	if skipped > 0 {
		c.rep.Notes = append(c.rep.Notes, fmt.Sprintf("partizan: %d positions sampled were too large for the check's small solves (%d positions each) and were not checked", skipped, partizanSolveLimit))
	}
	c.rep.PartizanChecked = checked
	return nil
}

func winsWord(wins bool) string {
	if wins {
		return "wins"
	}
	return "loses"
}

// unsplit is a game without its PartizanSplitter: its positions are
// valued whole, by their options alone.
type unsplit struct{ sente.Game }

func (u unsplit) Capabilities() sente.Capabilities {
	caps := sente.CapabilitiesOf(u.Game)
	caps.PartizanSplitter = nil
	return caps
}
