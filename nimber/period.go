package nimber

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/sente-go/sente"
)

// Period says that the values of a heap game repeat: G(n+Length) = G(n) for
// every n >= From. Length is the smallest such period and From the smallest
// start for it (so G(From-1) is the last exception, when From > 0).
//
// Proven says that a theorem guarantees the repetition for every n, not just
// for the values computed; Proof then says which theorem and which values it
// rests on. A Period that is not Proven is a conjecture, and Proof says what
// was seen.
type Period struct {
	From, Length int
	Proven       bool
	Proof        string
}

// heapTheory is what can prove a period of a game.
type heapTheory int

const (
	// heapTheoryMemory: no move splits a heap, so each value is a function of
	// the t values before it.
	heapTheoryMemory heapTheory = iota
	// heapTheoryGuySmith: a finite code whose splits may leave equal heaps.
	heapTheoryGuySmith
	// heapTheoryNone: splits into unequal heaps (Grundy's game). The Guy-Smith
	// argument fails there: a split (a, a+p) of n+p would match (a, a) of n,
	// which is not a move.
	heapTheoryNone
)

// heapTheoryOf returns the theory for r and t, the largest number of tokens a
// move takes.
func heapTheoryOf(r sente.HeapRules) (heapTheory, int) {
	s := newHeapSolver(sente.HeapRules{Digits: r.Digits})
	switch {
	case len(s.splits) == 0:
		return heapTheoryMemory, s.t
	case r.Unequal:
		return heapTheoryNone, s.t
	default:
		return heapTheoryGuySmith, s.t
	}
}

// heapPeriodNeeds returns the N from which on the values G(0) to G(N),
// showing G(n+p) = G(n) for e <= n <= N-p, let the theory th settle the
// period p from e: prove it, or for heapTheoryNone make it a conjecture worth
// stating. It grows with e and with p.
func heapPeriodNeeds(th heapTheory, t, e, p int) int {
	e1 := max(e, 1)
	if th == heapTheoryMemory {
		// G(n+p) = G(n) for e <= n < e1+t.
		return e1 + t + p - 1
	}
	need := 2*e1 + 2*p + t - 1 // G(n+p) = G(n) for e <= n < 2*e1 + p + t
	if th == heapTheoryNone {
		// A conjecture has no theorem behind it, only the values: as for
		// any pattern seen (explain.MinPatternValues), at least six of them
		// in the repeating part.
		need = max(need, e+5)
	}
	return need
}

// HeapPeriod looks in g, the values G(0) to G(N) of the game r (as
// HeapValues returns them), for the smallest period p, with the smallest
// start e, such that G(n+p) = G(n) for e <= n <= N-p, and reports it when g
// is long enough to settle it:
//
//   - Rules that never split a heap have finite memory: for n > t (the
//     largest take) G(n) depends only on G(n-t) to G(n-1), so once t
//     consecutive values recur p later, everything after them does. Proven.
//   - Rules that split, into heaps that may be equal, obey the Guy-Smith
//     periodicity theorem: G(n+p) = G(n) for e <= n < 2e + p + t implies
//     it for all n >= e. Proven. (The argument also covers a digit 0 that
//     splits without taking.)
//   - Rules that split into unequal heaps (Grundy's game) have no theorem:
//     a period is reported as a conjecture, not proven, when it holds on g
//     over the same window the Guy-Smith theorem would ask for.
//
// A proven period is exactly the game's: no smaller period and no earlier
// start hold for all n. ok is false when g settles no period.
func HeapPeriod(r sente.HeapRules, g []int) (per Period, ok bool) {
	per, ok, _ = heapPeriodOf(r, g)
	return per, ok
}

// heapPeriodOf is HeapPeriod, with want: when ok is false, the largest index a
// sequence needs to settle the most promising period seen (one that repeats
// at least once in full), or 0 if none is.
func heapPeriodOf[E int | int32](r sente.HeapRules, g []E) (per Period, ok bool, want int) {
	th, t := heapTheoryOf(r)
	n := len(g) - 1
	lead, leadE := 0, 0 // smallest p seen repeating in full without being settled, and its start
	for p := 1; p <= n; p++ {
		if lead > 0 && p%lead == 0 && (leadE == 0 || leadE-1+p <= n) {
			// A multiple of lead starts no earlier (the exception at
			// leadE-1 is seen by it too) and so needs more values.
			continue
		}
		k := n - p
		for k >= 0 && g[k+p] == g[k] {
			k--
		}
		e := k + 1
		need := heapPeriodNeeds(th, t, e, p)
		if need <= n {
			zero := len(r.Digits) > 0 && r.Digits[0]&4 != 0
			return heapPeriodProof(th, t, e, p, n, zero), true, 0
		}
		if lead == 0 && n-p-e+1 >= p {
			lead, leadE, want = p, e, need
		}
	}
	return Period{}, false, want
}

// heapPeriodProof states the period p from e of a game of theory th, settled by the
// values up to G(n); zero says that the game splits without taking.
func heapPeriodProof(th heapTheory, t, e, p, n int, zero bool) Period {
	per := Period{From: e, Length: p, Proven: th != heapTheoryNone}
	e1 := max(e, 1)
	var b strings.Builder
	switch {
	case th == heapTheoryMemory && t == 0:
		fmt.Fprintf(&b, "Proven: no heap has a move, so every value is 0: period p = %d from e = %d.", p, e)
	case th == heapTheoryMemory:
		fmt.Fprintf(&b, "Proven by finite memory: no move splits a heap and every move takes at most t = %d tokens, "+
			"so for every n > t all moves are available and G(n) is determined by the t values G(n-t) to G(n-1). ", t)
		fmt.Fprintf(&b, "G(n+%d) = G(n) was checked for %d <= n < %d: the %d values from s = %d recur p = %d later, "+
			"so each value after them recurs too, and G(n+%d) = G(n) for every n >= e = %d.",
			p, e, e1+t, t, e1, p, p, e)
	case th == heapTheoryGuySmith:
		fmt.Fprintf(&b, "Proven by the Guy-Smith periodicity theorem: every move takes at most t = %d tokens and leaves at most two heaps, "+
			"so if G(n+p) = G(n) for all n with e <= n < 2e + p + t, it holds for every n >= e "+
			"(for larger n the larger part of every split of n+p is at least e+p and can be shortened by p, "+
			"giving a split of n worth the same, and the other way round). ", t)
		fmt.Fprintf(&b, "Here p = %d and e = %d, and G(n+%d) = G(n) was checked for %d <= n < %d, "+
			"using the values up to G(%d).", p, e, p, e, 2*e1+p+t, 2*e1+2*p+t-1)
		if e == 0 {
			b.WriteString(" (The theorem is applied from e = 1, since the heaps it shortens must stay non-empty, and G(p) = G(0) was checked too.)")
		}
		if zero {
			b.WriteString(" Splitting a heap without taking (digit 0) is covered by the same argument, as the two heaps may be equal.")
		}
	default:
		fmt.Fprintf(&b, "Conjecture, not proven: G(n+%d) = G(n) holds for %d <= n <= %d, every value computed (up to G(%d)), "+
			"but no theorem applies to rules that split a heap into two unequal heaps, so the pattern may yet break.",
			p, e, n-p, n)
	}
	per.Proof = b.String()
	return per
}

// FindHeapPeriod computes the values of the game r, G(0) up to at most
// G(limit), growing the range by doubling from 1024, until HeapPeriod
// settles a period, and returns it (see HeapPeriod) and whether one was
// found. A proven period may need values well past its start: for the
// Guy-Smith theorem up to G(2*From + 2*Length + t - 1), so limit must reach
// that. For rules with no theorem (unequal splits) it returns the first
// conjecture the values show, which for Grundy's game means computing every
// value up to G(limit) and finding none. HeapValues gives the values
// themselves.
//
// When ctx is done it returns ctx's error.
func FindHeapPeriod(ctx context.Context, r sente.HeapRules, limit int) (Period, bool, error) {
	res, err := SearchHeapPeriod(ctx, r, HeapSearch{Limit: limit})
	return res.Period, res.Found, err
}

// HeapSearch bounds SearchHeapPeriod.
type HeapSearch struct {
	// Limit is the largest heap whose value is computed.
	Limit int
	// MaxWork, when positive, stops the search once it has looked at this
	// many options in all, wherever that is: a bound on time that gives the
	// same answer on every machine. Rules that split heaps cost in
	// proportion to n for each value of the plain method, so this is what
	// keeps a search to a few seconds where Limit alone would take hours.
	MaxWork int64
	// Progress, when set, is called now and then with the heap reached and
	// the fraction of the search done, by an estimate.
	Progress func(reached int, fraction float64)
}

// DefaultHeapSearch is the search for a heap game's period when nobody
// names a limit: values up to G(1000000), but no more than 2·10⁹ options
// looked at, two or three seconds on a small machine. That is far enough
// for most proofs the theory gives (0.16 is proven from G(517152) at a
// twentieth of it) and keeps rules that split into many unequal parts,
// whose plain values cost in proportion to n each, from running for hours.
func DefaultHeapSearch() HeapSearch {
	return HeapSearch{Limit: 1_000_000, MaxWork: 2_000_000_000}
}

// HeapSearchResult is what SearchHeapPeriod found.
type HeapSearchResult struct {
	Period Period
	Found  bool
	// Reached is the largest heap whose value was computed.
	Reached int
	// OutOfWork says that the search stopped at MaxWork before Limit.
	OutOfWork bool
}

// SearchHeapPeriod is FindHeapPeriod within the bounds of b.
func SearchHeapPeriod(ctx context.Context, r sente.HeapRules, b HeapSearch) (HeapSearchResult, error) {
	per, ok, s, err := findHeapPeriodWith(ctx, r, b)
	res := HeapSearchResult{Period: per, Found: ok}
	if s != nil {
		res.Reached = s.len() - 1
	}
	if errors.Is(err, errBudget) {
		res.OutOfWork, err = true, nil
		// The values computed before the budget ran out may still settle
		// a period.
		if s.len() > 0 {
			if len(s.splits) == 0 {
				res.Period, res.Found, _ = heapPeriodOf(r, s.gi)
			} else {
				res.Period, res.Found, _ = heapPeriodOf(r, s.g)
			}
		}
	}
	return res, err
}

// findHeapPeriod is FindHeapPeriod, also returning the solver that holds
// the values computed.
func findHeapPeriod(ctx context.Context, r sente.HeapRules, limit int) (Period, bool, *heapSolver, error) {
	return findHeapPeriodWith(ctx, r, HeapSearch{Limit: limit})
}

func findHeapPeriodWith(ctx context.Context, r sente.HeapRules, b HeapSearch) (Period, bool, *heapSolver, error) {
	limit := b.Limit
	if limit < 0 {
		return Period{}, false, nil, fmt.Errorf("nimber: negative heap size %d", limit)
	}
	s := newHeapSolver(r)
	s.budget = b.MaxWork
	if b.Progress != nil {
		s.tick = heapProgress(s, b)
	}
	n := min(limit, 1024)
	for {
		if err := s.extend(ctx, n); err != nil {
			return Period{}, false, s, err
		}
		var per Period
		var ok bool
		var want int
		if len(s.splits) == 0 {
			per, ok, want = heapPeriodOf(r, s.gi)
		} else {
			per, ok, want = heapPeriodOf(r, s.g)
		}
		if ok || n >= limit {
			return per, ok, s, nil
		}
		next := min(2*n, limit)
		if want > n && want < next {
			next = want
		}
		n = next
	}
}

// heapProgress returns a tick for s that estimates the fraction of the
// search done: the work so far against the work so far plus the work to
// come, at the cost per value of the last stretch, which for the plain
// method of rules that split grows in proportion to the heap (so the rest
// costs (Limit² − n²) / 2n times as much as a value now), or against MaxWork
// when that comes first.
func heapProgress(s *heapSolver, b HeapSearch) func(int) {
	lastN, lastWork := 0, int64(0)
	return func(n int) {
		if n <= lastN || b.Limit <= 0 {
			return
		}
		perValue := float64(s.work-lastWork) / float64(n-lastN)
		lastN, lastWork = n, s.work
		rest := float64(max(b.Limit-n, 0))
		if len(s.splits) > 0 && !s.sparse {
			rest *= float64(b.Limit+n) / float64(2*n)
		}
		total := float64(s.work) + perValue*rest
		if b.MaxWork > 0 {
			total = min(total, float64(b.MaxWork))
		}
		if total <= 0 {
			return
		}
		b.Progress(n, min(float64(s.work)/total, 1))
	}
}
