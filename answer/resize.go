package answer

import (
	"strconv"

	"github.com/sente-go/sente"
)

// Resize finds smaller sizes of a game for a refusal: the spec the person
// gave, the family it names, and how to open a spec of that family as the
// answer would (misère play included). The answer layer asks no catalogue
// of its own, so that a program that answers for one game carries no other.
type Resize struct {
	Spec   sente.Spec
	Family sente.Family
	Open   func(sente.Spec) (sente.Game, error)
}

// resizeSteps is how many values just below the one asked for
// largestFitting tries one by one before it bisects.
const resizeSteps = 4

// fitting is a spec that fits where the one asked for did not, with what
// the engine would take for it.
type fitting struct {
	spec sente.Spec
	cost Cost
}

// largestFitting lists, for each whole-number parameter of the game r
// names, the spec with that parameter lowered as little as needed for fits
// to accept it, the others kept, and for each parameter of named choices
// (a morris board) the largest choice below the one asked for that fits;
// fits opens a spec and says what it costs and whether it fits. A
// parameter that does not fit even at its least value is left out. Every
// whole-number parameter is spelled out, so that a suggestion reads whole:
// connect4:w=7,h=4,k=4 rather than connect4:h=4.
func largestFitting(r *Resize, fits func(sente.Spec) (Cost, bool)) []fitting {
	if r == nil || r.Open == nil {
		return nil
	}
	vals, err := sente.Bind(r.Spec.Name, r.Family.Params, r.Spec.Args)
	if err != nil {
		return nil
	}
	given := map[string]string{}
	for _, a := range r.Spec.Args {
		key := a.Key
		for _, p := range r.Family.Params {
			if key == "" && p.Positional {
				key = p.Name
			}
		}
		given[key] = a.Value
	}
	// with is the spec with parameter name set to v, its parameters in the
	// family's order: every whole number, and the others given.
	with := func(name, v string) sente.Spec {
		out := sente.Spec{Name: r.Spec.Name}
		for _, p := range r.Family.Params {
			text, ok := given[p.Name]
			switch {
			case p.Name == name:
				text, ok = v, true
			case p.Kind == sente.Int && (vals.Int(p.Name) != 0 || p.Default != "0"):
				// A default of 0 stands for another parameter's value
				// (Othello's w and h, n's): spelled out, it says nothing.
				text, ok = strconv.Itoa(vals.Int(p.Name)), true
			}
			if ok {
				out.Args = append(out.Args, sente.Arg{Key: p.Name, Value: text})
			}
		}
		return out
	}
	var out []fitting
	for _, p := range r.Family.Params {
		switch p.Kind {
		case sente.Int:
			cur := vals.Int(p.Name)
			at := func(v int) sente.Spec { return with(p.Name, strconv.Itoa(v)) }
			if _, ok := fits(at(p.Min)); !ok || cur <= p.Min {
				continue
			}
			// The costs grow with the size: find the largest value below
			// the one asked for that fits. The few just below are tried in
			// turn first, since a game may take only some values (Othello's
			// even sides), which a bisection would step over.
			lo, hi := p.Min, cur-1 // lo fits
			for v := cur - 1; v >= max(p.Min, cur-resizeSteps); v-- {
				if _, ok := fits(at(v)); ok {
					lo, hi = v, v
					break
				}
				hi = v - 1 // the bisection need not try v again
			}
			for lo < hi {
				mid := lo + (hi-lo+1)/2
				if _, ok := fits(at(mid)); ok {
					lo = mid
				} else {
					hi = mid - 1
				}
			}
			cost, _ := fits(at(lo))
			out = append(out, fitting{spec: at(lo), cost: cost})
		case sente.Choice:
			// Choices need not grow in order: the largest by its positions
			// among those smaller than the one asked for.
			asked, ok := fits(r.Spec)
			if ok {
				continue
			}
			best := fitting{}
			for _, c := range p.Choices {
				if c == vals.String(p.Name) {
					continue
				}
				s := with(p.Name, c)
				cost, ok := fits(s)
				if ok && cost.Positions < asked.Positions && cost.Positions > best.cost.Positions {
					best = fitting{spec: s, cost: cost}
				}
			}
			if best.cost.Positions > 0 {
				out = append(out, best)
			}
		}
	}
	return out
}
