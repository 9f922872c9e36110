package cgt

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// Dyadic is an exact dyadic rational Num/2^Exp, the numbers of short games
// and the coordinates of their thermographs. It is kept in lowest terms
// (Num odd whenever Exp > 0), so that equal numbers are equal values and
// can be compared with ==. The zero value is 0.
type Dyadic struct {
	num int64
	exp uint8
}

// maxExp bounds the exponent of a dyadic: past it, and past a numerator of
// 62 bits, arithmetic stops with a RangeError rather than losing exactness.
const maxExp = 62

// RangeError reports arithmetic that would leave the exact range of a
// Dyadic (a numerator of 62 bits over at most 2^62). Short games of any
// size people play stay far inside it; the parser refuses input that could
// leave it, and the functions that compute from games built otherwise
// panic with a *RangeError rather than return an inexact answer.
type RangeError struct{ Op string }

func (e *RangeError) Error() string {
	return "cgt: " + e.Op + " leaves the exact range of dyadic numbers (62-bit numerators over at most 2^62)"
}

func overflow(op string) { panic(&RangeError{Op: op}) }

// Int is the integer n as a Dyadic.
func Int(n int64) Dyadic {
	if n > math.MaxInt64>>1 || n < -(math.MaxInt64>>1) {
		overflow("an integer")
	}
	return Dyadic{num: n}
}

// NewDyadic is num/2^exp, reduced to lowest terms.
func NewDyadic(num int64, exp int) Dyadic {
	if exp < 0 || exp > maxExp {
		overflow("a denominator")
	}
	d := Dyadic{num: num, exp: uint8(exp)}
	d.normalize()
	if d.num > math.MaxInt64>>1 || d.num < -(math.MaxInt64>>1) {
		overflow("a numerator")
	}
	return d
}

func (d *Dyadic) normalize() {
	if d.num == 0 {
		d.exp = 0
		return
	}
	if tz := bits.TrailingZeros64(uint64(d.num)); tz > 0 && d.exp > 0 {
		s := min(uint8(tz), d.exp)
		d.num >>= s
		d.exp -= s
	}
}

// Num and Exp give the dyadic as Num/2^Exp in lowest terms.
func (d Dyadic) Num() int64 { return d.num }
func (d Dyadic) Exp() int   { return int(d.exp) }

// IsInteger reports whether d is a whole number.
func (d Dyadic) IsInteger() bool { return d.exp == 0 }

// Sign is -1, 0 or 1.
func (d Dyadic) Sign() int {
	switch {
	case d.num < 0:
		return -1
	case d.num > 0:
		return 1
	}
	return 0
}

// align returns the numerators of a and b over the larger denominator.
func align(a, b Dyadic, op string) (x, y int64, exp uint8) {
	exp = max(a.exp, b.exp)
	return shiftUp(a.num, exp-a.exp, op), shiftUp(b.num, exp-b.exp, op), exp
}

func shiftUp(n int64, by uint8, op string) int64 {
	if by == 0 {
		return n
	}
	if by >= 62 || n > math.MaxInt64>>(by+1) || n < -(math.MaxInt64>>(by+1)) {
		overflow(op)
	}
	return n << by
}

// Add is d+e.
func (d Dyadic) Add(e Dyadic) Dyadic {
	x, y, exp := align(d, e, "a sum")
	s := Dyadic{num: x + y, exp: exp}
	s.normalize()
	return s
}

// Sub is d-e.
func (d Dyadic) Sub(e Dyadic) Dyadic { return d.Add(e.Neg()) }

// Neg is -d.
func (d Dyadic) Neg() Dyadic { return Dyadic{num: -d.num, exp: d.exp} }

// Half is d/2.
func (d Dyadic) Half() Dyadic {
	if d.exp >= maxExp {
		overflow("a halving")
	}
	h := Dyadic{num: d.num, exp: d.exp + 1}
	h.normalize()
	return h
}

// Twice is 2d.
func (d Dyadic) Twice() Dyadic { return d.Add(d) }

// MulInt is d·k for a small k.
func (d Dyadic) MulInt(k int64) Dyadic {
	hi, lo := bits.Mul64(uint64(abs64(d.num)), uint64(abs64(k)))
	if hi != 0 || lo > math.MaxInt64>>1 {
		overflow("a product")
	}
	n := int64(lo)
	if (d.num < 0) != (k < 0) {
		n = -n
	}
	p := Dyadic{num: n, exp: d.exp}
	p.normalize()
	return p
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// Cmp is -1, 0 or 1 as d is less than, equal to or greater than e.
func (d Dyadic) Cmp(e Dyadic) int {
	if d.exp == e.exp {
		switch {
		case d.num < e.num:
			return -1
		case d.num > e.num:
			return 1
		}
		return 0
	}
	x, y, _ := align(d, e, "a comparison")
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// Less reports d < e.
func (d Dyadic) Less(e Dyadic) bool { return d.Cmp(e) < 0 }

// Floor is the largest integer at most d.
func (d Dyadic) Floor() int64 { return d.num >> d.exp }

// Ceil is the smallest integer at least d.
func (d Dyadic) Ceil() int64 {
	f := d.Floor()
	if d.exp > 0 {
		f++
	}
	return f
}

// Float is d as a float64, for drawing.
func (d Dyadic) Float() float64 { return math.Ldexp(float64(d.num), -int(d.exp)) }

// String writes d as CGSuite and the books do: "3", "-1/4", "5/8".
func (d Dyadic) String() string {
	if d.exp == 0 {
		return strconv.FormatInt(d.num, 10)
	}
	return strconv.FormatInt(d.num, 10) + "/" + strconv.FormatUint(1<<d.exp, 10)
}

// ParseDyadic reads a dyadic rational written as String writes it: an
// integer, or a fraction whose denominator is a power of two ("-3/8").
func ParseDyadic(s string) (Dyadic, error) {
	t := strings.TrimSpace(s)
	neg := strings.HasPrefix(t, "-")
	if neg {
		t = t[1:]
	}
	whole, frac, isFrac := strings.Cut(t, "/")
	bad := func(why string) (Dyadic, error) {
		return Dyadic{}, fmt.Errorf("number %q: %s; want an integer or a fraction over a power of two, e.g. 3, -1/4 or 5/8", s, why)
	}
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || n < 0 || strings.HasPrefix(whole, "+") {
		return bad("not a whole number")
	}
	if n > maxParsedInt {
		return bad(fmt.Sprintf("more than %d", maxParsedInt))
	}
	exp := 0
	if isFrac {
		den, err := strconv.ParseUint(frac, 10, 64)
		if err != nil || strings.HasPrefix(frac, "+") || den == 0 || den&(den-1) != 0 {
			return bad("the denominator is not a power of two")
		}
		exp = bits.TrailingZeros64(den)
		if exp > maxParsedExp {
			return bad(fmt.Sprintf("the denominator is over 2^%d", maxParsedExp))
		}
	}
	if neg {
		n = -n
	}
	return NewDyadic(n, exp), nil
}

// The parser's bounds on numbers, chosen so that no game it builds can
// reach the limits of Dyadic through sums, means and temperatures.
const (
	maxParsedInt = 1 << 30
	maxParsedExp = 20
)

// simplestBetween is the simplest number strictly between lo and hi, where
// a nil bound is absent (−∞ or +∞): the number the simplicity theorem
// gives {lo | hi} (Conway, On Numbers and Games, ch. 2; Siegel,
// Combinatorial Game Theory, II.3).
func simplestBetween(lo, hi *Dyadic) Dyadic {
	switch {
	case lo == nil && hi == nil:
		return Dyadic{}
	case lo == nil:
		if hi.Sign() > 0 {
			return Dyadic{}
		}
		return Int(hi.Ceil() - 1)
	case hi == nil:
		if lo.Sign() < 0 {
			return Dyadic{}
		}
		return Int(lo.Floor() + 1)
	}
	if lo.Sign() < 0 && hi.Sign() > 0 {
		return Dyadic{}
	}
	if lo.Sign() >= 0 {
		if n := Int(lo.Floor() + 1); n.Less(*hi) {
			return n
		}
	} else if n := Int(hi.Ceil() - 1); lo.Less(n) {
		return n
	}
	// Both within one unit interval: the number with the smallest
	// denominator strictly between them.
	for e := 1; e <= maxExp; e++ {
		// The least multiple of 2^-e above lo.
		x := *lo
		scaled := x.num
		if int(x.exp) < e {
			scaled = shiftUp(x.num, uint8(e-int(x.exp)), "a number between two")
		} else {
			scaled = x.num >> (int(x.exp) - e)
		}
		m := NewDyadic(scaled+1, e)
		if lo.Less(m) && m.Less(*hi) {
			return m
		}
	}
	overflow("a number between two")
	return Dyadic{}
}
