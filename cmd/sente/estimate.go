package main

import (
	"fmt"
	"strings"

	"sente"
	"sente/solve"
)

// estimateBytes is solve.EstimateBytes: the positions and bytes a solve of
// g needs by the game's own estimate, and false when the game cannot tell.
func estimateBytes(g sente.Game) (positions, bytes float64, ok bool) {
	return solve.EstimateBytes(g)
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
	var out []string
	for _, fit := range e.games.LargestFitting(spec, func(s sente.Spec) (float64, bool) {
		g, err := gameFlags{Game: s.String(), Misere: f.Misere}.open(e)
		if err != nil {
			return 0, false
		}
		positions, bytes, ok := estimateBytes(g)
		return positions, ok && bytes <= float64(limit)
	}) {
		out = append(out, fmt.Sprintf("%s (up to %s positions)", fit.Spec, formatCount(fit.Positions)))
	}
	return out
}

// formatCount is solve.FormatCount: 4.5e12 as "4.5 trillion".
func formatCount(n float64) string { return solve.FormatCount(n) }

// formatBytes writes an estimate of memory as formatSize does, and past
// 4096T as just that.
func formatBytes(b float64) string {
	if b >= 1<<52 {
		return "more than 4096T"
	}
	return "about " + formatSize(uint64(b))
}
