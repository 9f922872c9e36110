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

// FindPeriod returns the shortest period of values, indexed from first (the
// parameter of values[0]), and the earliest start it holds from, provided the
// repeating part shows at least two whole periods. It is what was observed,
// not a proof.
func FindPeriod(values []int, first int) (Period, bool) {
	n := len(values)
	for p := 1; 2*p <= n; p++ {
		// The earliest e from which values[k+p] == values[k] to the end.
		e := n - p
		for e > 0 && values[e-1] == values[e-1+p] {
			e--
		}
		if n-e >= 2*p {
			return Period{From: first + e, Length: p}, true
		}
	}
	return Period{}, false
}

// Formula looks for a closed form of values, indexed from first, among the
// simple ones sequences of games tend to follow: a constant, the parameter
// itself, and (c − k) mod p or (k + c) mod p. It returns the formula in the
// parameter's name, or false.
func Formula(values []int, first int, name string) (string, bool) {
	if len(values) < 3 {
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
	for p := 2; p <= 64 && p < len(values); p++ {
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
