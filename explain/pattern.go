package explain

import (
	"fmt"
	"strings"
)

// Period is a repetition seen in a sequence: value(k+Length) = value(k) for
// every k >= From in the range observed.
type Period struct {
	From, Length int
}

// MinPatternValues is the fewest values a pattern is stated on. A pattern
// seen only in the last few values of a range is chance as often as not (a
// period-3 sequence ends in two equal values one time in three), so the
// repeating part of a period must hold at least two whole periods and at
// least this many values: a constant tail needs six equal values in a row.
const MinPatternValues = 6

// evidenced reports whether a repeating part of span values with period p
// is long enough to state.
func evidenced(span, p int) bool {
	return span >= 2*p && span >= MinPatternValues
}

// FindPeriod returns the simplest period of values, indexed from first (the
// parameter of values[0]): the shortest one, from the earliest start it holds
// from, among those whose repeating part holds at least two whole periods and
// MinPatternValues values. It is what was observed, not a proof.
func FindPeriod(values []int, first int) (Period, bool) {
	n := len(values)
	for p := 1; evidenced(n, p); p++ {
		// The earliest e from which values[k+p] == values[k] to the end.
		e := n - p
		for e > 0 && values[e-1] == values[e-1+p] {
			e--
		}
		if evidenced(n-e, p) {
			return Period{From: first + e, Length: p}, true
		}
	}
	return Period{}, false
}

// NoPattern says that no pattern was found over the range first..last of the
// parameter name.
func NoPattern(name string, first, last int) string {
	return "no pattern found in " + span(name, first, last)
}

// span names a range of a parameter: "n = 1..30", or "n = 4" for one value.
func span(name string, first, last int) string {
	if first == last {
		return fmt.Sprintf("%s = %d", name, first)
	}
	return fmt.Sprintf("%s = %d..%d", name, first, last)
}

// Observed says what a pattern was checked on: "observed for n = 1..30, not
// proven".
func Observed(name string, first, last int) string {
	return "observed for " + span(name, first, last) + ", not proven"
}

// Formula looks for a closed form of values, indexed from first, among the
// simple ones sequences of games tend to follow: a constant, the parameter
// itself, and (c − k) mod p or (k + c) mod p. It returns the formula in the
// parameter's name, or false. Like FindPeriod it asks for evidence: at least
// MinPatternValues values, and two whole periods of a residue mod p.
func Formula(values []int, first int, name string) (string, bool) {
	if len(values) < MinPatternValues {
		return "", false
	}
	fits := func(f func(k int) int) bool {
		for i, v := range values {
			if f(first+i) != v {
				return false
			}
		}
		return true
	}
	last := first + len(values) - 1
	switch {
	case fits(func(int) int { return values[0] }):
		return fmt.Sprintf("%d", values[0]), true
	case fits(func(k int) int { return k }):
		return name, true
	}
	mod := func(a, p int) int { return ((a % p) + p) % p }
	for p := 2; p <= 64 && evidenced(len(values), p); p++ {
		for c := 0; c < p; c++ {
			if fits(func(k int) int { return mod(c-k, p) }) {
				// Name c by its representative at the top of the range, as
				// people do: (21 − k) mod 4 rather than (1 − k) mod 4.
				top := last - mod(last-c, p)
				return fmt.Sprintf("(%d − %s) mod %d", top, name, p), true
			}
			if fits(func(k int) int { return mod(k+c, p) }) {
				if c == 0 {
					return fmt.Sprintf("%s mod %d", name, p), true
				}
				return fmt.Sprintf("(%s + %d) mod %d", name, c, p), true
			}
		}
	}
	return "", false
}

// Describe says in words what the sequence values (indexed from first by the
// parameter name) was seen to do: a formula, else a period, else nothing.
func Describe(values []int, first int, name string) (string, bool) {
	if f, ok := Formula(values, first, name); ok {
		return fmt.Sprintf("G(%s) = %s", name, f), true
	}
	if p, ok := FindPeriod(values, first); ok {
		start := values[p.From-first : p.From-first+p.Length]
		return fmt.Sprintf("periodic with period %d from %s = %d, repeating %s", p.Length, name, p.From, ints(start)), true
	}
	return "", false
}

func ints(values []int) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, " ")
}
