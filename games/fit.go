package games

import (
	"strconv"

	"sente"
)

// Fitting is a spec that fits where the one asked for did not, with the
// positions its game estimates.
type Fitting struct {
	Spec      sente.Spec
	Positions float64
}

// LargestFitting lists, for each whole-number parameter of the game spec
// names, the spec with that parameter lowered as little as needed for fits
// to accept it, the others kept; fits opens a spec and says how many
// positions its game has and whether it fits. A parameter that does not
// fit even at its least value is left out. Every whole-number parameter is
// spelled out, so that a suggestion reads whole: connect4:w=7,h=4,k=4
// rather than connect4:h=4.
func (c *Catalog) LargestFitting(spec sente.Spec, fits func(sente.Spec) (positions float64, ok bool)) []Fitting {
	bound, err := c.Bind(spec)
	if err != nil {
		return nil
	}
	fam, vals := bound.Family, bound.Values
	full := sente.Spec{Name: spec.Name}
	for _, a := range spec.Args {
		if a.Key == "" {
			full.Args = append(full.Args, a)
		}
	}
	for _, p := range fam.Params {
		switch {
		case p.Kind == sente.Int:
			full.Args = append(full.Args, sente.Arg{Key: p.Name, Value: strconv.Itoa(vals.Int(p.Name))})
		default:
			for _, a := range spec.Args {
				if a.Key == p.Name {
					full.Args = append(full.Args, a)
				}
			}
		}
	}
	with := func(name string, v int) sente.Spec {
		out := sente.Spec{Name: full.Name, Args: append([]sente.Arg(nil), full.Args...)}
		for i := range out.Args {
			if out.Args[i].Key == name {
				out.Args[i].Value = strconv.Itoa(v)
			}
		}
		return out
	}
	var out []Fitting
	for _, p := range fam.Params {
		if p.Kind != sente.Int {
			continue
		}
		cur := vals.Int(p.Name)
		if _, ok := fits(with(p.Name, p.Min)); !ok || cur <= p.Min {
			continue
		}
		// The estimates grow with the size: find the largest value below
		// the one asked for that fits.
		lo, hi := p.Min, cur-1 // lo fits
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			if _, ok := fits(with(p.Name, mid)); ok {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		positions, _ := fits(with(p.Name, lo))
		out = append(out, Fitting{Spec: with(p.Name, lo), Positions: positions})
	}
	return out
}
