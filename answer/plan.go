package answer

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/internal/sandbox"
	"github.com/sente-go/sente/solve"
	"github.com/sente-go/sente/solve/tiers"
)

// Estimate is the memory a solve of g by the hashing engine needs by the
// game's own estimate of its positions: the positions, the bytes, and false
// when the game cannot tell.
func Estimate(g sente.Game) (positions, bytes float64, ok bool) {
	return solve.EstimateBytes(g)
}

// BytesFor is what n positions of g cost at the peak of a solve by the
// hashing engine, for a game whose positions are known only once explored
// (a rules file's, explored in a child).
func BytesFor(g sente.Game, n int) int64 {
	return int64(float64(n) * solve.BytesPerPosition(g))
}

// Plan is what answering a game from a position would take: the engine
// that would answer, and what each engine that can answer would cost.
type Plan struct {
	// Engine is the engine that would answer: Auto's choice, or the one
	// asked for (Hashing or Tiers).
	Engine Engine
	// Positions is the game's own estimate of its positions; 0 when it
	// has none.
	Positions float64
	// Hashing and Tiers are the two engines' costs: nil when the engine
	// cannot answer the game from the position (the tier engine), or has
	// no estimate to go by (the hashing engine).
	Hashing, Tiers *Cost
	// Free is the disk free where the tier engine's tables would go, less
	// nothing for what the game's directory holds already: Stored counts
	// that. Both are 0 when not known.
	Free, Stored float64
	// Dir is where the tier engine's tables would go; empty when in
	// memory.
	Dir string
	// Sample is what a sample of a rules file found, when one was taken
	// (Choose).
	Sample *DiscoveredPlan
}

// Cost is the chosen engine's cost; zero when it has none to go by.
func (p Plan) Cost() Cost {
	if c := p.of(p.Engine); c != nil {
		return *c
	}
	return Cost{Engine: p.Engine}
}

func (p Plan) of(e Engine) *Cost {
	switch e {
	case Hashing:
		return p.Hashing
	case Tiers:
		return p.Tiers
	}
	return nil
}

// PlanOf says which engine would answer g from opt.From (nil: the start)
// under opt, and what it and the other engine would cost, before any work:
// a *Refusal when the engine that would answer cannot fit in the memory
// allowed or on the disk, naming its memory and disk and the largest sizes
// that fit on it (opt.Resize). A rules file (a game whose ranks the tier
// engine discovers) is sampled by Solve; PlanOf leaves it to the hashing
// engine's figures, which it has none of.
func PlanOf(g sente.Game, opt Options) (Plan, error) {
	if r := wideRefusal(g, opt); r != nil {
		return Plan{Engine: opt.Engine}, r
	}
	p := planOf(g, opt)
	return p, p.choose(g, opt)
}

// planOf finds the costs of the engines that can answer.
func planOf(g sente.Game, opt Options) Plan {
	root := opt.From
	if root == nil {
		root = g.Start()
	}
	var p Plan
	positions, _, known := Estimate(g)
	p.Positions = positions
	work, tiered := tierWorkOf(g)
	// A game that ends in a score and has no estimate of its own (Kalah)
	// is planned on the hashing engine too, by its ranks, which bound its
	// positions: both engines find margins, and the one that fits, or the
	// faster, answers.
	if known || tiered && sente.Scored(g) && work.positions > 0 {
		c := hashingCost(g, max(positions, work.positions))
		p.Hashing = &c
	}
	if tiered && tierReason(g, root, opt, false) == "" {
		if c, ok := tierCost(g, work, workers()); ok {
			p.Dir, p.Free, p.Stored = opt.diskRoom()
			if opt.Tables == nil || opt.Name == "" {
				// No store: the tables are held in memory, whole.
				c.Bytes, c.Disk = c.Bytes+c.Disk, 0
			}
			p.Tiers = &c
		}
	}
	return p
}

// choose settles p.Engine under opt, or refuses. Force lifts the limits,
// but not past what the machine has: the tier engine takes its plan's
// memory at once, and a plan past the machine's would end the process,
// where the hashing engine grows as it explores and is stopped by the
// memory watched (or the positions allowed).
func (p *Plan) choose(g sente.Game, opt Options) error {
	limit := float64(opt.MaxMemory)
	if opt.Force {
		limit = float64(sandbox.Available())
	}
	if limit == 0 {
		limit = math.Inf(1)
	}
	fits := func(c *Cost, margin float64) bool {
		return c != nil && c.Bytes*margin <= limit && (c.Engine != Tiers || opt.Force || p.diskFits(c))
	}
	switch opt.Engine {
	case Hashing:
		p.Engine = Hashing
	case Tiers:
		p.Engine = Tiers
	default:
		p.Engine = Hashing
		h, t := p.Hashing, p.Tiers
		switch {
		case t == nil:
		case h == nil:
			p.Engine = Tiers
		// Time decides among the engines that fit; the hashing engine,
		// whose memory grows with positions a game may have
		// underestimated, fits only with room for more.
		case fits(t, 1) && fits(h, lowEstimate):
			if faster(*t, *h) {
				p.Engine = Tiers
			}
		case fits(t, 1):
			p.Engine = Tiers
		case fits(h, 1) || opt.Force:
		// Neither fits. Where memory refuses both, the refusal names
		// the engine that needs less of it, the one more memory lets
		// answer first; the two times, each from a sample of a few
		// seconds, may swap order on a loaded machine when they are
		// within a few times of each other, and memory does not.
		case t.Bytes > limit && h.Bytes > limit:
			if t.Bytes <= h.Bytes {
				p.Engine = Tiers
			}
		// Otherwise (the tier engine's tables pass the disk) it names
		// the faster, were there room.
		case faster(*t, *h):
			p.Engine = Tiers
		}
	}
	c := p.of(p.Engine)
	if c == nil || opt.Force || fits(c, 1) {
		return nil
	}
	return p.refusal(g, opt, *c)
}

// diskFits reports whether the tier engine's tables of cost c fit on the
// disk free where they would go (counting what is stored there already).
func (p Plan) diskFits(c *Cost) bool {
	return p.Dir == "" || c.Disk-min(p.Stored, c.Disk) <= p.Free
}

// diskRoom is where the tier engine's tables would go, the disk free
// there and what the game's directory holds already; empty and zero when
// they would be held in memory or the disk cannot say.
func (o Options) diskRoom() (dir string, free, stored float64) {
	if o.Tables == nil || o.Name == "" {
		return "", 0, 0
	}
	dir = o.Tables.Dir
	if gs := storedGame(o.Tables, o.tablesName()); gs != nil {
		dir = gs.Dir
		if entries, err := os.ReadDir(gs.Dir); err == nil {
			for _, e := range entries {
				if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() {
					stored += float64(fi.Size())
				}
			}
		}
	}
	// The store's directory may not be made yet: its nearest parent is on
	// the same disk.
	at := dir
	for {
		var fs syscall.Statfs_t
		if err := syscall.Statfs(at, &fs); err == nil {
			return dir, float64(fs.Bavail) * float64(fs.Bsize), stored
		}
		parent := filepath.Dir(at)
		if parent == at {
			return "", 0, 0
		}
		at = parent
	}
}

// Over says which limits refused a solve: one, or both.
type Over int

const (
	// OverMemory: the engine's peak needs more memory than allowed.
	OverMemory Over = 1 << iota
	// OverDisk: its tables need more disk than is free.
	OverDisk
)

// refusal is the Refusal of a game whose engine, of cost c, does not fit:
// its figures, and the largest sizes that fit on the same engine.
func (p Plan) refusal(g sente.Game, opt Options, c Cost) error {
	r := &Refusal{Forcible: true, Engine: c.Engine}
	var msg strings.Builder
	fmt.Fprintf(&msg, "%s: ", opt.name())
	if p.Positions > 0 {
		fmt.Fprintf(&msg, "up to %s positions; ", quantity.FormatCount(p.Positions))
	}
	memory := opt.MaxMemory > 0 && c.Bytes > float64(opt.MaxMemory)
	disk := c.Engine == Tiers && !p.diskFits(&c)
	fmt.Fprintf(&msg, "%s", c.words(p.Positions))
	switch {
	case memory && disk:
		r.Over, r.Need = OverMemory|OverDisk, uint64(finite(c.Bytes))
		fmt.Fprintf(&msg, ", more than %s, and %s", opt.limit(), p.diskWords(c))
	case memory:
		r.Over, r.Need = OverMemory, uint64(finite(c.Bytes))
		fmt.Fprintf(&msg, ", more than %s", opt.limit())
	default:
		r.Over, r.Need = OverDisk, uint64(finite(c.Disk-min(p.Stored, c.Disk)))
		fmt.Fprintf(&msg, "; %s", p.diskWords(c))
	}
	if from, fits, q := p.tiersFromStart(g, opt, c); fits {
		// The game fits, on the tier engine from its start: it is not
		// to be told to shrink.
		fmt.Fprintf(&msg, "; %s", from)
	} else if q != nil {
		// It does not, but the tier engine fits larger sizes than the
		// hashing engine: those are the ones to suggest.
		if fit := q.largestFitting(opt, Tiers); len(fit) > 0 {
			fmt.Fprintf(&msg, "; on the tier engine, from the start, the largest that fit: %s", strings.Join(fit, " or "))
		}
	} else if fit := p.largestFitting(opt, c.Engine); len(fit) > 0 {
		fmt.Fprintf(&msg, "; on the %s, the largest that fit: %s", c.Engine.Words(), strings.Join(fit, " or "))
	}
	r.msg = msg.String()
	return r
}

// tiersFromStart says, for a refusal of the hashing engine, that the tier
// engine fits the game from its start when it does, with its figures: the
// tier engine solves from the start only (its tables hold every position
// the start reaches), so a position other than the start, or the hashing
// engine asked for, leaves it out of the plan, though it answers the
// position once it has solved the game.
func (p Plan) tiersFromStart(g sente.Game, opt Options, c Cost) (words string, fits bool, tiers *Plan) {
	if c.Engine != Hashing {
		return "", false, nil
	}
	start := opt
	start.From, start.Engine = nil, Tiers
	q := planOf(g, start)
	t := q.Tiers
	if t == nil {
		return "", false, nil
	}
	if opt.MaxMemory > 0 && t.Bytes > float64(opt.MaxMemory) || !q.diskFits(t) {
		return "", false, &q
	}
	words = fmt.Sprintf("the %s fits the game from its start, with %s of memory", t.Engine.Words(), quantity.FormatBytes(t.Bytes))
	if t.Disk > 0 {
		words += fmt.Sprintf(" and %s of disk", quantity.FormatBytes(t.Disk))
	}
	if t.Seconds > 0 {
		words += " (" + durationWords(t.Seconds) + ")"
	}
	if opt.From != nil && g.FormatPosition(opt.From) != g.FormatPosition(g.Start()) {
		words += ", and its tables then answer every position the start reaches"
	}
	return words, true, &q
}

// words says what an engine would take: "the tier engine would need about
// 31T of memory and about 47T of disk at its peak (70.7 trillion ranks,
// about 96 days)". Positions said already (the game's estimate) are not
// said again.
func (c Cost) words(said float64) string {
	what := fmt.Sprintf("the %s would need %s of memory", c.Engine.Words(), quantity.FormatBytes(c.Bytes))
	var also []string
	switch {
	case c.Sampled:
		if c.Engine == Tiers && c.Disk > 0 {
			what += fmt.Sprintf(" and %s of disk", quantity.FormatBytes(c.Disk))
		}
		also = append(also, "about "+quantity.FormatCount(c.Positions)+" positions by a sample")
	case c.Engine == Tiers:
		if c.Disk > 0 {
			what += fmt.Sprintf(" and %s of disk", quantity.FormatBytes(c.Disk))
		}
		if c.Positions != said {
			also = append(also, quantity.FormatCount(c.Positions)+" ranks")
		}
	case c.Positions != said:
		also = append(also, quantity.FormatCount(c.Positions)+" positions")
	}
	if c.Seconds > 0 {
		also = append(also, durationWords(c.Seconds))
	}
	what += " at its peak"
	if len(also) > 0 {
		what += " (" + strings.Join(also, ", ") + ")"
	}
	return what
}

// diskWords says how the tables of cost c pass the disk free.
func (p Plan) diskWords(c Cost) string {
	need := c.Disk - min(p.Stored, c.Disk)
	if p.Stored == 0 {
		return fmt.Sprintf("its tables need %s of disk in %s at their peak (its tiers compact once solved), and %s is free",
			quantity.FormatBytes(need), p.Dir, quantity.FormatBytes(p.Free))
	}
	return fmt.Sprintf("its tables need %s more of disk in %s at their peak (%s in all, its tiers compact once solved), and %s is free",
		quantity.FormatBytes(need), p.Dir, quantity.FormatBytes(c.Disk), quantity.FormatBytes(p.Free))
}

// durationWords is a time to expect: "about 3 s", "about 40 days".
func durationWords(seconds float64) string {
	switch {
	case seconds > 1e9:
		return "more than 30 years"
	case seconds < 1:
		return "under a second"
	}
	return "about " + quantity.FormatDuration(time.Duration(seconds*float64(time.Second)))
}

// largestFitting lists the largest sizes of the game opt.Resize names that
// fit on engine e, with their figures.
func (p Plan) largestFitting(opt Options, e Engine) []string {
	limit := float64(opt.MaxMemory)
	if limit == 0 {
		limit = math.Inf(1)
	}
	r := opt.Resize
	fits := func(s sente.Spec) (Cost, bool) {
		g, err := r.Open(s)
		if err != nil {
			return Cost{}, false
		}
		q := planOf(g, Options{Tables: opt.Tables, Name: opt.Name})
		c := q.of(e)
		if c == nil {
			return Cost{}, false
		}
		return *c, c.Bytes <= limit && (e != Tiers || q.Dir == "" || c.Disk <= p.Free)
	}
	var out []string
	for _, f := range largestFitting(r, fits) {
		if e == Tiers {
			disk := ""
			if f.cost.Disk > 0 {
				disk = ", " + quantity.FormatBytes(f.cost.Disk) + " of disk"
			}
			out = append(out, fmt.Sprintf("%s (%s ranks, %s of memory%s)", f.spec, quantity.FormatCount(f.cost.Positions), quantity.FormatBytes(f.cost.Bytes), disk))
			continue
		}
		out = append(out, fmt.Sprintf("%s (up to %s positions, %s of memory)", f.spec, quantity.FormatCount(f.cost.Positions), quantity.FormatBytes(f.cost.Bytes)))
	}
	return out
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
	return "the memory allowed (" + quantity.FormatSize(o.MaxMemory) + ")"
}

// Words names an engine in a sentence: "the tier engine would ...".
func (e Engine) Words() string {
	switch e {
	case Hashing:
		return "hashing engine"
	case Tiers:
		return "tier engine"
	case Stored:
		return "stored tables"
	}
	return "engine " + e.String()
}

// checkDisk refuses, before any work, a solve whose tables would not fit
// on the disk that keeps them in dir: the peak of the solve
// (tiers.PeakDiskBytes), less what the game's directory holds already.
// PlanOf checks the same for a solve it plans; a solve of every position,
// or one resumed, is checked here.
func checkDisk(g sente.Game, dir string, opt Options) error {
	peak, ok := tiers.PeakDiskBytes(g)
	if !ok {
		return nil
	}
	p := Plan{Dir: dir}
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			if fi, err := e.Info(); err == nil && fi.Mode().IsRegular() {
				p.Stored += float64(fi.Size())
			}
		}
	}
	var fs syscall.Statfs_t
	if err := syscall.Statfs(dir, &fs); err != nil {
		return nil
	}
	p.Free = float64(fs.Bavail) * float64(fs.Bsize)
	c := Cost{Engine: Tiers, Disk: float64(peak)}
	if p.diskFits(&c) {
		return nil
	}
	return &Refusal{msg: fmt.Sprintf("%s: %s", opt.name(), p.diskWords(c)), Forcible: true, Over: OverDisk, Engine: Tiers,
		Need: uint64(c.Disk - min(p.Stored, c.Disk))}
}

// Words says the plan for a person deciding whether to solve: the
// positions, the engine that would answer with its time, memory and disk,
// and what the other engine would take.
func (p Plan) Words() string {
	var parts []string
	if p.Positions > 0 {
		parts = append(parts, "at most "+quantity.FormatCount(p.Positions)+" positions with these parameters")
	}
	c := p.of(p.Engine)
	if c == nil {
		return strings.Join(parts, "; ")
	}
	what := fmt.Sprintf("the %s would answer", p.Engine.Words())
	if c.Seconds > 0 {
		what += " in " + durationWords(c.Seconds)
	}
	what += ", holding " + quantity.FormatBytes(c.Bytes) + " of memory"
	if c.Engine == Tiers {
		if c.Disk > 0 {
			what += fmt.Sprintf(" and %s of disk", quantity.FormatBytes(c.Disk))
		}
		what += fmt.Sprintf(" at its peak (%s ranks)", quantity.FormatCount(c.Positions))
	} else {
		what += " at its peak"
	}
	parts = append(parts, what)
	other := p.Hashing
	if p.Engine == Hashing {
		other = p.Tiers
	}
	if other != nil {
		parts = append(parts, fmt.Sprintf("the %s would take %s and %s of memory", other.Engine.Words(), durationWords(other.Seconds), quantity.FormatBytes(other.Bytes)))
	}
	return strings.Join(parts, "; ")
}
