package cli

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/sente-go/sente/answer"
	"github.com/sente-go/sente/internal/quantity"
	"github.com/sente-go/sente/solve"
)

// progress shows how far a solve has come on stderr. When stderr is a
// terminal and the solve has run for more than a second, one line redrawn
// in place: the positions done, and the time left once the total is known
// (solving), or the game's own bound on the positions while exploring.
// When it is not (a log of a batch run), a plain line a minute (see
// plainLines), so that long work shows life without filling the log.
type progress struct {
	e     *env
	start time.Time
	last  time.Time
	shown bool
	plain plainLines
	// atMost is the game's bound on its positions (sente.Estimator), 0
	// when it has none.
	atMost float64
	// planned is when a planned solve (answer.DiscoveredPlan) should end,
	// zero when there is no plan: tier by tier, only the plan knows how
	// long the whole takes.
	planned time.Time
	// phase is the phase (of tier) being reported and when it began, for
	// the rate.
	phase      solve.Phase
	tier       int
	phaseStart time.Time
	phaseDone  int
	// wholeStart is when the tier engine first said how far the whole
	// solve has come (solve.Whole), and wholeFrom how far that was (tiers
	// an earlier run stored): the rate of the whole is read from them.
	wholeStart time.Time
	wholeFrom  uint64
	// stored counts the tiers this run stored (solve.PhaseStored), for
	// the line that says where the tables went.
	stored int
	// plan is the tier engine's plan, told once the rate is known.
	plan *tierPlan
}

func newProgress(e *env) *progress {
	start := e.now()
	return &progress{e: e, start: start, plain: plainLines{every: e.progressEvery, last: start}}
}

func (p *progress) report(r solve.Progress) {
	p.e.state.note(r)
	now := p.e.now()
	if r.Phase != p.phase || r.Tier != p.tier {
		p.phase, p.tier, p.phaseStart, p.phaseDone = r.Phase, r.Tier, now, r.Done
		if r.Phase == solve.PhaseStored {
			p.stored++
		}
	}
	if r.Whole.Total > 0 && p.wholeStart.IsZero() {
		p.wholeStart, p.wholeFrom = now, r.Whole.Done
	}
	p.tellPlan(r, now)
	if !p.e.tty {
		if p.plain.due(now) {
			fmt.Fprintf(p.e.stderr, "sente: progress: %s\n", p.plainLine(r, now))
		}
		return
	}
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	var line string
	if r.Whole.Passes > 0 {
		line = p.wholeLine(r, now, "")
	} else {
		line = p.line(r, now)
		if r.Tiered {
			line = fmt.Sprintf("tier %d, %s", r.Tier, line)
		}
		line += p.wholeLeft(now)
	}
	fmt.Fprint(p.e.stderr, "\r\033[K"+line)
}

// wholeLine is the progress line of a solve by the tier engine: how far
// the whole solve has come and the time it has left, which only go
// forward across tiers and passes, then the pass and the tier under way.
// A rules file's forward pass finds the tiers as it goes: until it ends
// the whole is not known, and the line names the pass and gives the plan's
// time left, if any.
func (p *progress) wholeLine(r solve.Progress, now time.Time, rate string) string {
	w := r.Whole
	var b strings.Builder
	if w.Total > 0 {
		fmt.Fprintf(&b, "%d%%", int(100*w.Fraction()))
		if left, ok := p.wholeTimeLeft(w, now); ok {
			b.WriteString(", about " + left + " left")
		}
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "phase %d of %d, %s", w.Pass, w.Passes, tierWords(r.Phase, r.Tier))
	if w.Tiers > 0 {
		fmt.Fprintf(&b, " (%d of %d tiers done)", w.TiersDone, w.Tiers)
	}
	switch {
	case r.Phase == solve.PhaseStored || r.Phase == solve.PhaseResumed || r.Phase == solve.PhaseBorrowing:
	case r.Total > 0 && r.Phase == solve.PhaseDiscovering:
		fmt.Fprintf(&b, ", %d of %d positions found so far", r.Done, r.Total)
	case r.Total > 0:
		fmt.Fprintf(&b, ", %d of %d %s", r.Done, r.Total, ofWhat(r.Phase))
	}
	b.WriteString(rate)
	if w.Total == 0 {
		b.WriteString(p.wholeLeft(now))
	}
	return b.String()
}

// wholeTimeLeft is the time the whole solve has left at the rate it has
// gone so far in this run: from the whole's figures, not a tier's, so
// that it does not start again at every tier.
func (p *progress) wholeTimeLeft(w solve.Whole, now time.Time) (string, bool) {
	elapsed := now.Sub(p.wholeStart)
	if w.Done <= p.wholeFrom || elapsed < 2*time.Second {
		return "", false
	}
	rate := float64(w.Done-p.wholeFrom) / elapsed.Seconds()
	return quantity.FormatDuration(time.Duration(float64(w.Total-w.Done) / rate * float64(time.Second))), true
}

// tierWords says what the tier engine does to tier t in phase, in words.
func tierWords(phase solve.Phase, t int) string {
	switch phase {
	case solve.PhaseReaching:
		return fmt.Sprintf("finding the positions of tier %d", t)
	case solve.PhaseDiscovering:
		return fmt.Sprintf("discovering tier %d", t)
	case solve.PhaseSolving:
		return fmt.Sprintf("solving tier %d", t)
	case solve.PhaseSettlingLoops:
		return fmt.Sprintf("settling the loops of tier %d", t)
	case solve.PhaseStored:
		return fmt.Sprintf("tier %d stored", t)
	case solve.PhaseResumed:
		return fmt.Sprintf("tier %d stored before", t)
	case solve.PhaseBorrowing:
		return fmt.Sprintf("tier %d taken from the tables of every position", t)
	case solve.PhaseCounting:
		return fmt.Sprintf("counting the positions of tier %d", t)
	}
	return fmt.Sprintf("%s, tier %d", phase, t)
}

// wholeLeft says how long the whole solve has left by its plan.
func (p *progress) wholeLeft(now time.Time) string {
	if p.planned.IsZero() {
		return ""
	}
	left := p.planned.Sub(now)
	if left <= 0 {
		return "; the whole solve is taking longer than planned"
	}
	return "; about " + quantity.FormatDuration(left) + " left in all, by the plan"
}

// clear takes the progress line away, for a line of its own.
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.e.stderr, "\r\033[K")
	}
}

// line is the progress line for r at now.
func (p *progress) line(r solve.Progress, now time.Time) string {
	if r.Total > 0 {
		s := fmt.Sprintf("%s: %d of %d %s (%.0f%%)", r.Phase, r.Done, r.Total, ofWhat(r.Phase), 100*float64(r.Done)/float64(r.Total))
		if left, ok := quantity.TimeLeft(int64(r.Done-p.phaseDone), int64(r.Total-r.Done), now.Sub(p.phaseStart)); ok {
			s += ", " + leftWord(r.Phase) + " " + left + " left"
		}
		return s
	}
	if p.atMost > 0 {
		s := fmt.Sprintf("%s: %s (at most %s)", r.Phase, positionCount(r.Done), quantity.FormatCount(p.atMost))
		if left, ok := quantity.TimeLeft(int64(r.Done-p.phaseDone), int64(min(p.atMost, 1<<62))-int64(r.Done), now.Sub(p.phaseStart)); ok {
			s += ", at most " + left + " left"
		}
		return s
	}
	return fmt.Sprintf("%s: %s", r.Phase, positionCount(r.Done))
}

// positionCount is "1 position", else "n positions", n in digits alone as
// the progress lines write counts.
func positionCount(n int) string {
	if n == 1 {
		return "1 position"
	}
	return fmt.Sprintf("%d positions", n)
}

// plainLine is the line a minute for r at now: the tier if any, the
// phase, the positions done (of the total, when known), the rate, and the
// time left when known.
func (p *progress) plainLine(r solve.Progress, now time.Time) string {
	var b strings.Builder
	if r.Whole.Passes > 0 {
		rate := ""
		if elapsed, done := now.Sub(p.phaseStart), r.Done-p.phaseDone; elapsed > 0 && done > 0 {
			rate = ", " + rateWords(done, elapsed)
		}
		return p.wholeLine(r, now, rate)
	}
	if r.Tiered {
		fmt.Fprintf(&b, "tier %d, ", r.Tier)
	}
	if r.Total > 0 {
		fmt.Fprintf(&b, "%s: %d of %d %s (%.0f%%)", r.Phase, r.Done, r.Total, ofWhat(r.Phase), 100*float64(r.Done)/float64(r.Total))
	} else {
		fmt.Fprintf(&b, "%s: %s", r.Phase, positionCount(r.Done))
	}
	elapsed := now.Sub(p.phaseStart)
	done := r.Done - p.phaseDone
	if elapsed > 0 && done > 0 {
		b.WriteString(", " + rateWords(done, elapsed))
	}
	switch {
	case r.Total > 0:
		if left, ok := quantity.TimeLeft(int64(done), int64(r.Total-r.Done), elapsed); ok {
			b.WriteString(", " + leftWord(r.Phase) + " " + left + " left")
		}
	case p.atMost > 0:
		if left, ok := quantity.TimeLeft(int64(done), int64(min(p.atMost, 1<<62))-int64(r.Done), elapsed); ok {
			b.WriteString(", at most " + left + " left")
		}
	}
	b.WriteString(p.wholeLeft(now))
	return b.String()
}

// rateWords is the pace of done things in elapsed: "1,234 a second", or
// where that is fewer than one, "one every 3 min 20 s".
func rateWords(done int, elapsed time.Duration) string {
	if per := float64(done) / elapsed.Seconds(); per < 1 {
		return "one every " + quantity.FormatDuration(elapsed/time.Duration(done))
	}
	return quantity.FormatCount(float64(done)/elapsed.Seconds()) + " a second"
}

// plainLines paces the progress lines written where stderr is not a
// terminal: one every interval (a minute, unless SENTE_PROGRESS_EVERY or a
// test says otherwise), the first an interval after the work began.
type plainLines struct {
	every time.Duration
	last  time.Time
}

// plainProgressEvery is how often plain progress lines are written,
// unless SENTE_PROGRESS_EVERY says otherwise.
const plainProgressEvery = time.Minute

// progressEveryEnv names the environment variable that sets how often
// plain progress lines are written: a duration (10m for a log of a
// night's solve, 5s to watch a short one), or off for none, as scripts
// that compare stderr want whatever the machine's speed.
const progressEveryEnv = "SENTE_PROGRESS_EVERY"

// noPlainProgress is the interval that writes no plain lines at all.
const noPlainProgress time.Duration = -1

// progressEveryFromEnv reads SENTE_PROGRESS_EVERY: 0 when unset (the
// default, a minute), noPlainProgress for off.
func progressEveryFromEnv() (time.Duration, error) {
	s := os.Getenv(progressEveryEnv)
	switch s {
	case "":
		return 0, nil
	case "off":
		return noPlainProgress, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s=%q is not an interval: want a positive duration such as 30s or 10m, or off", progressEveryEnv, s)
	}
	return d, nil
}

// due reports whether a line is due at now, and if so counts it written.
func (l *plainLines) due(now time.Time) bool {
	every := l.every
	if every < 0 {
		return false
	}
	if every == 0 {
		every = plainProgressEvery
	}
	if now.Sub(l.last) < every {
		return false
	}
	l.last = now
	return true
}

// ofWhat names what a phase's Total counts. A loopy tier's retrograde
// analysis counts the positions its first pass left open, most of which
// may be draws that never settle (nine men's morris's moving tiers).
func ofWhat(phase solve.Phase) string {
	if phase == solve.PhaseSettlingLoops {
		return "open positions settled"
	}
	return "positions"
}

// leftWord qualifies the time left at the current rate: a bound, for a
// phase that may end before its Total is done.
func leftWord(phase solve.Phase) string {
	if phase == solve.PhaseSettlingLoops {
		return "at most"
	}
	return "about"
}

func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.e.stderr, "\r\033[K")
	}
}

// search shows how far the search of a position has come: what it has
// proved, the question it is asking, its nodes a second, its table's fill
// and the time, on a line redrawn in place on a terminal, or a plain line
// a minute.
func (p *progress) search(r answer.SearchProgress) {
	now := p.e.now()
	line := searchLine(r)
	if !p.e.tty {
		if p.plain.due(now) {
			fmt.Fprintf(p.e.stderr, "sente: progress: %s\n", line)
		}
		return
	}
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	fmt.Fprint(p.e.stderr, "\r\033[K"+line)
}

// searchLine is a search's progress in one line, in the answer layer's
// words.
func searchLine(r answer.SearchProgress) string { return answer.SearchLine(r) }
