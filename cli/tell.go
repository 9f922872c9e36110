package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/tiers"
)

// A solve by the tier engine tells what it takes as it starts (its plan,
// with the time once its first seconds give a rate), and where its tables
// went once done: they stay on disk, and a person should know where and
// how much.

// planAfter is how long the whole solve runs before its plan is told with
// the time it takes: its first seconds give the rate. A solve done sooner
// was not worth a line.
const planAfter = 3 * time.Second

// tierPlan is the tier engine's plan for the solve under way, until told.
type tierPlan struct {
	game string
	dir  string // where the tables go, "" in memory
	st   tiers.TierStart
	told bool
}

// starting is answer.Options.Starting for the game named game: the plan
// is kept, to be told with the time once the rate is known.
func (p *progress) starting(game string) func(dir string, st tiers.TierStart) {
	return func(dir string, st tiers.TierStart) {
		// A rules file's plan was told before its forward pass.
		p.plan = &tierPlan{game: game, dir: dir, st: st, told: !p.planned.IsZero()}
	}
}

// tellPlan tells the plan once the whole solve has run planAfter, with the
// time it has left at the rate seen.
func (p *progress) tellPlan(r solve.Progress, now time.Time) {
	pl := p.plan
	if pl == nil || pl.told || r.Whole.Total == 0 || now.Sub(p.wholeStart) < planAfter {
		return
	}
	if !p.e.tty && p.plain.every == noPlainProgress {
		// Told after the first seconds, it depends on the machine's
		// speed, as progress does: SENTE_PROGRESS_EVERY=off has none.
		return
	}
	left, ok := p.wholeTimeLeft(r.Whole, now)
	if !ok {
		return
	}
	pl.told = true
	p.clear()
	fmt.Fprintf(p.e.stderr, "sente: %s: %s; about %s more at the rate of its first seconds\n", pl.game, pl.words(), left)
	p.last = time.Time{} // the progress line again at once
}

// words are the plan in words.
func (pl *tierPlan) words() string {
	var b strings.Builder
	what := "positions"
	if pl.st.Classes {
		what = "classes of symmetric positions"
	}
	fmt.Fprintf(&b, "the tier engine solves %s of up to %s %s", tierCount(pl.st.Tiers), quantity.FormatCount(float64(pl.st.Ranks)), what)
	if pl.st.Stored > 0 {
		fmt.Fprintf(&b, " (%d of them stored before)", pl.st.Stored)
	}
	fmt.Fprintf(&b, ", holding %s of memory", quantity.FormatBytes(float64(pl.st.PeakBytes)))
	if pl.st.PeakDisk > 0 {
		fmt.Fprintf(&b, " and %s of disk", quantity.FormatSize(pl.st.PeakDisk))
	}
	b.WriteString(" at the peak")
	if pl.dir != "" {
		fmt.Fprintf(&b, ", its tables in %s", displayPath(pl.dir))
	}
	return b.String()
}

// tellStored says, after a solve that stored tiers in a store, where its
// tables are and what they take on disk, and how to remove them.
func (p *progress) tellStored(f gameFlags) {
	if p.plan == nil || p.plan.dir == "" || p.stored == 0 {
		return
	}
	entries, err := os.ReadDir(p.plan.dir)
	if err != nil {
		return
	}
	var bytes int64
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			bytes += info.Size()
		}
	}
	rm := []string{"sente", "store", "rm", shellWord(f.Game)}
	switch {
	case f.every:
		rm = append(rm, "--every-position")
	case f.Symmetry:
		// Only tables of one position a class are stored with it.
		rm = append(rm, "--symmetry")
	}
	if f.Store != "" {
		rm = append(rm, "--store", shellWord(f.Store))
	}
	fmt.Fprintf(p.e.stderr, "sente: %s: tables stored in %s (%s, %s on disk); later answers read them, and '%s' removes them\n",
		f.Game, displayPath(p.plan.dir), tierCount(p.plan.st.Tiers), quantity.FormatSize(uint64(bytes)), strings.Join(rm, " "))
}

// tierCount is "1 tier" or "21 tiers".
func tierCount(n int) string {
	if n == 1 {
		return "1 tier"
	}
	return fmt.Sprintf("%d tiers", n)
}

// displayPath writes a path under the home directory as ~/..., as a
// person reads it.
func displayPath(path string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" || home == "/" {
		return path
	}
	if rel, err := filepath.Rel(home, path); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return filepath.Join("~", rel)
	}
	return path
}
