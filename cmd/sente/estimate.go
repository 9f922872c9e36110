package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"sente"
)

// Bytes a position costs at the peak of a solve, for turning a game's
// estimate of its positions into memory. BENCHMARKS.md measures 27 to 30
// bytes a position for a game with integer keys and tiers (connect four
// 6×4, peak resident set over positions; tic-tac-toe 4×4 and consecutive
// n=20 measure 30 and 36). A game without tiers is one tier with every move
// inside it, which adds 16 bytes a position and 12 a move while it is
// solved: kayles n=50 measures 793 bytes a position. Games without keys
// intern every position as well; the figure for them is a rough floor, not
// a measurement.
const (
	bytesPerKeyedPosition  = 30
	bytesPerInTierPosition = 16
	bytesPerInTierMove     = 12
	bytesPerInterned       = 90
)

// estimateBytes is the memory a solve of g needs by its own estimate of its
// positions: the positions, the bytes, and false when the game cannot tell.
// The moves a position has are taken to be those of the start, which for
// the built-in games has about as many as any position.
func estimateBytes(g sente.Game) (positions, bytes float64, ok bool) {
	caps := sente.CapabilitiesOf(g)
	if caps.Estimator == nil {
		return 0, 0, false
	}
	positions = caps.Estimator.EstimatePositions()
	if positions <= 0 || math.IsNaN(positions) {
		return 0, 0, false
	}
	per := float64(bytesPerKeyedPosition)
	if caps.Tiered == nil {
		moves := 0
		if _, ended := g.Ended(g.Start()); !ended {
			moves = len(g.Moves(g.Start()))
		}
		per += bytesPerInTierPosition + bytesPerInTierMove*float64(moves)
	}
	if caps.Encoder == nil {
		per += bytesPerInterned
	}
	return positions, positions * per, true
}

// checkFits refuses, before any work, a solve of g that by the game's own
// estimate needs more memory than --max-memory allows (e.maxMemory; 0: no
// limit): a one-line error with the estimate and the largest sizes that
// fit. --force skips it.
func (f gameFlags) checkFits(e *env, g sente.Game) error {
	limit := e.maxMemory
	if limit == 0 || f.Force {
		return nil
	}
	positions, bytes, ok := estimateBytes(g)
	if !ok || bytes <= float64(limit) {
		return nil
	}
	msg := fmt.Sprintf("%s: up to %s positions, needing %s of memory to solve, more than --max-memory %s allows",
		f.Game, formatCount(positions), formatBytes(bytes), formatSize(limit))
	if fits := f.largestFitting(e); len(fits) > 0 {
		msg += "; the largest that fit: " + strings.Join(fits, " or ")
	}
	return badInput("%s; --force tries anyway", msg)
}

// largestFitting lists, for each whole-number parameter of the game, the
// spec with that parameter lowered as little as needed for the estimate
// to fit in --max-memory (the others kept), with its estimate.
func (f gameFlags) largestFitting(e *env) []string {
	limit := e.maxMemory
	spec, err := sente.ParseSpec(f.Game)
	if err != nil {
		return nil
	}
	bound, err := e.games.Bind(spec)
	if err != nil {
		return nil
	}
	fam, vals := bound.Family, bound.Values
	// Every whole-number parameter is spelled out, so that a suggestion
	// reads whole: connect4:w=7,h=4,k=4 rather than connect4:h=4.
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
	fits := func(name string, v int) (float64, bool) {
		g, err := gameFlags{Game: with(name, v).String(), Misere: f.Misere}.open(e)
		if err != nil {
			return 0, false
		}
		positions, bytes, ok := estimateBytes(g)
		return positions, ok && bytes <= float64(limit)
	}
	var out []string
	for _, p := range fam.Params {
		if p.Kind != sente.Int {
			continue
		}
		cur := vals.Int(p.Name)
		if _, ok := fits(p.Name, p.Min); !ok || cur <= p.Min {
			continue
		}
		// The estimates grow with the size: find the largest value below
		// the one asked for that fits.
		lo, hi := p.Min, cur-1 // lo fits
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			if _, ok := fits(p.Name, mid); ok {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		positions, _ := fits(p.Name, lo)
		out = append(out, fmt.Sprintf("%s (up to %s positions)", with(p.Name, lo), formatCount(positions)))
	}
	return out
}

// formatCount writes a count of positions for people: 4.5e12 as "4.5
// trillion", small counts whole.
func formatCount(n float64) string {
	switch {
	case math.IsInf(n, 1):
		return "more than 1e308"
	case n < 1e6:
		return strconv.FormatFloat(math.Ceil(n), 'f', 0, 64)
	case n < 1e9:
		return strconv.FormatFloat(n/1e6, 'f', 1, 64) + " million"
	case n < 1e12:
		return strconv.FormatFloat(n/1e9, 'f', 1, 64) + " billion"
	case n < 1e15:
		return strconv.FormatFloat(n/1e12, 'f', 1, 64) + " trillion"
	}
	return strconv.FormatFloat(n, 'g', 2, 64)
}

// formatBytes writes an estimate of memory as formatSize does, and past
// 4096T as just that.
func formatBytes(b float64) string {
	if b >= 1<<52 {
		return "more than 4096T"
	}
	return "about " + formatSize(uint64(b))
}
