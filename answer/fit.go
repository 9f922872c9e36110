package answer

import (
	"fmt"
	"os"
	"strings"
	"syscall"

	"sente"
	"sente/solve"
)

// Estimate is the memory a solve of g by the hashing engine needs by the
// game's own estimate of its positions: the positions, the bytes, and false
// when the game cannot tell.
func Estimate(g sente.Game) (positions, bytes float64, ok bool) {
	return solve.EstimateBytes(g)
}

// small reports whether g is small enough for the hashing engine under
// Auto. A game without an estimate is not.
func small(g sente.Game) bool {
	positions, _, ok := Estimate(g)
	return ok && positions < SmallGame
}

// Plan is what answering g from its start would take, as Solve chooses.
type Plan struct {
	Engine    Engine  // Hashing or Tiers, as Auto would choose
	Positions float64 // the game's estimate of its positions
	// Bytes is the memory at the peak: the tier engine's plan, or the
	// hashing engine's estimate.
	Bytes float64
	// HashingBytes is what the hashing engine would need.
	HashingBytes float64
	Ranks        uint64 // the tier engine's ranks, when it would solve
}

// PlanOf says which engine Auto gives g and what it needs; false when the
// game has no estimate of its positions.
func PlanOf(g sente.Game) (Plan, bool) {
	positions, bytes, ok := Estimate(g)
	if !ok {
		return Plan{}, false
	}
	p := Plan{Engine: Hashing, Positions: positions, Bytes: bytes, HashingBytes: bytes}
	if small(g) {
		return p, true
	}
	if peak, ranks, err := solve.PlanTiers(g, 0); err == nil {
		p.Engine, p.Bytes, p.Ranks = Tiers, float64(peak), ranks
	}
	return p, true
}

// TierPlan is the tier engine's plan for g from its start: the memory at
// its peak and the ranks of its tiers; false when g has no tiers and ranks
// of its own (sente.TierRanker).
func TierPlan(g sente.Game) (peak int64, ranks uint64, ok bool) {
	if sente.CapabilitiesOf(g).TierRanker == nil {
		return 0, 0, false
	}
	peak, ranks, err := solve.PlanTiers(g, 0)
	return peak, ranks, err == nil
}

// BytesFor is what n positions of g cost at the peak of a solve by the
// hashing engine, for a game whose positions are known only once explored
// (a rules file's, explored in a child).
func BytesFor(g sente.Game, n int) int64 {
	return int64(float64(n) * solve.BytesPerPosition(g))
}

// Fits refuses, before any work, a solve by the hashing engine that by the
// game's own estimate needs more memory than opt.MaxMemory: a Refusal with
// its estimate and the largest sizes that fit. Solve asks it; a server that
// plans its memory before solving asks it too.
func Fits(g sente.Game, opt Options) error {
	if opt.MaxMemory == 0 || opt.Force {
		return nil
	}
	positions, bytes, ok := Estimate(g)
	if !ok || bytes <= float64(opt.MaxMemory) {
		return nil
	}
	return tooBig(g, positions, bytes, opt)
}

// tooBig is the refusal of a game of positions needing bytes.
func tooBig(g sente.Game, positions, bytes float64, opt Options) error {
	msg := fmt.Sprintf("%s: up to %s positions, needing %s of memory to solve, more than %s",
		opt.name(), solve.FormatCount(positions), solve.FormatBytes(bytes), opt.limit())
	if fit := LargestFitting(opt.Resize, float64(opt.MaxMemory)); len(fit) > 0 {
		msg += "; the largest that fit: " + strings.Join(fit, " or ")
	}
	return &Refusal{msg: msg, Forcible: true}
}

// name is how a refusal names the game.
func (o Options) name() string {
	if o.Label != "" {
		return o.Label
	}
	return "the game"
}

// limit is how a refusal names the memory allowed.
func (o Options) limit() string {
	if o.Limit != "" {
		return o.Limit
	}
	return solve.FormatSize(o.MaxMemory) + " allows"
}

// LargestFitting lists, for each whole-number parameter of the game r
// names, the spec with that parameter lowered as little as needed for the
// hashing engine's estimate to fit in limit bytes (the others kept), with
// its positions: "connect4:w=5,h=4,k=4 (up to 1.2 million positions)".
func LargestFitting(r *Resize, limit float64) []string {
	if r == nil || r.Catalog == nil {
		return nil
	}
	open := r.Open
	if open == nil {
		open = r.Catalog.OpenSpec
	}
	var out []string
	for _, fit := range r.Catalog.LargestFitting(r.Spec, func(s sente.Spec) (float64, bool) {
		g, err := open(s)
		if err != nil {
			return 0, false
		}
		positions, bytes, ok := Estimate(g)
		return positions, ok && bytes <= limit
	}) {
		out = append(out, fmt.Sprintf("%s (up to %s positions)", fit.Spec, solve.FormatCount(fit.Positions)))
	}
	return out
}

// checkDisk refuses, before any work, a solve whose tables would not fit
// on the disk that keeps them in dir: the peak of the solve
// (solve.PeakDiskBytes), less what the game's directory holds already.
func checkDisk(g sente.Game, dir string, opt Options) error {
	peak, ok := solve.PeakDiskBytes(g)
	if !ok {
		return nil
	}
	var stored uint64
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() {
				stored += uint64(fi.Size())
			}
		}
	}
	need := float64(peak) - float64(min(stored, peak))
	var fs syscall.Statfs_t
	if err := syscall.Statfs(dir, &fs); err != nil {
		return nil
	}
	free := float64(fs.Bavail) * float64(fs.Bsize)
	if need > free && !opt.Force {
		return &Refusal{msg: fmt.Sprintf("%s: its tables need %s more of disk in %s at their peak (%s in all, its tiers compact once solved), and %s is free; free some (sente store rm) or choose another place with --store",
			opt.name(), solve.FormatBytes(need), dir, solve.FormatBytes(float64(peak)), solve.FormatBytes(free)), Forcible: true}
	}
	return nil
}
