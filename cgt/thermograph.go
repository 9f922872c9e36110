package cgt

import (
	"slices"
	"strings"
)

// Trajectory is a piecewise-linear function of the temperature t, for
// t ≥ -1, with dyadic breakpoints: one wall of a thermograph. On
// [Temps[i], Temps[i+1]) (the last piece: onward) its value is
// Values[i] + Slopes[i]·(t − Temps[i]). Temps ascend from -1; consecutive
// pieces have different slopes. A wall's slopes are -1, 0 or 1, so a
// picture draws each piece as a vertical or a 45° segment.
type Trajectory struct {
	Temps  []Dyadic
	Values []Dyadic
	Slopes []int
}

// At is the trajectory's value at temperature t ≥ -1.
func (tr Trajectory) At(t Dyadic) Dyadic {
	v, _ := tr.piece(t)
	return v
}

// piece is the value at t and the slope just above t.
func (tr Trajectory) piece(t Dyadic) (Dyadic, int) {
	j := 0
	for i := range tr.Temps {
		if tr.Temps[i].Cmp(t) <= 0 {
			j = i
		}
	}
	return tr.Values[j].Add(t.Sub(tr.Temps[j]).MulInt(int64(tr.Slopes[j]))), tr.Slopes[j]
}

// String writes the pieces as "value@temperature/slope" from the coldest.
func (tr Trajectory) String() string {
	parts := make([]string, len(tr.Temps))
	for i := range tr.Temps {
		parts[i] = tr.Values[i].String() + "@" + tr.Temps[i].String() + "/" + itoa(tr.Slopes[i])
	}
	return strings.Join(parts, " ")
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

var minusOne = Int(-1)

func constantTrajectory(x Dyadic) Trajectory {
	return Trajectory{Temps: []Dyadic{minusOne}, Values: []Dyadic{x}, Slopes: []int{0}}
}

// tilt adds s·t.
func (tr Trajectory) tilt(s int) Trajectory {
	out := Trajectory{Temps: slices.Clone(tr.Temps), Values: make([]Dyadic, len(tr.Values)), Slopes: make([]int, len(tr.Slopes))}
	for i := range tr.Temps {
		out.Values[i] = tr.Values[i].Add(tr.Temps[i].MulInt(int64(s)))
		out.Slopes[i] = tr.Slopes[i] + s
	}
	return out
}

func (tr *Trajectory) push(t, v Dyadic, s int) {
	if n := len(tr.Slopes); n > 0 && tr.Slopes[n-1] == s {
		return // the same line goes on
	}
	tr.Temps = append(tr.Temps, t)
	tr.Values = append(tr.Values, v)
	tr.Slopes = append(tr.Slopes, s)
}

// crossing is t0 + (vb-va)/(sa-sb), where two lines through (t0, va) and
// (t0, vb) with slopes sa and sb meet. Walls' slopes differ by 1 or 2.
func crossing(t0, va, vb Dyadic, sa, sb int) Dyadic {
	d := vb.Sub(va)
	switch sa - sb {
	case 1:
	case -1:
		d = d.Neg()
	case 2:
		d = d.Half()
	case -2:
		d = d.Neg().Half()
	default:
		panic("cgt: thermograph walls with slopes that differ by more than 2")
	}
	return t0.Add(d)
}

// combine is the pointwise maximum (or minimum) of a and b.
func combine(a, b Trajectory, takeMax bool) Trajectory {
	pts := append(slices.Clone(a.Temps), b.Temps...)
	slices.SortFunc(pts, func(x, y Dyadic) int { return x.Cmp(y) })
	pts = slices.Compact(pts)
	better := func(va, vb Dyadic, sa, sb int) bool { // a wins just above
		c := va.Cmp(vb)
		if !takeMax {
			c = -c
			sa, sb = -sa, -sb
		}
		return c > 0 || c == 0 && sa >= sb
	}
	var out Trajectory
	for i, t0 := range pts {
		va, sa := a.piece(t0)
		vb, sb := b.piece(t0)
		if better(va, vb, sa, sb) {
			out.push(t0, va, sa)
		} else {
			out.push(t0, vb, sb)
		}
		if sa == sb {
			continue
		}
		tc := crossing(t0, va, vb, sa, sb)
		if !t0.Less(tc) || i+1 < len(pts) && !tc.Less(pts[i+1]) {
			continue
		}
		v := va.Add(tc.Sub(t0).MulInt(int64(sa)))
		if better(v, v, sa, sb) {
			out.push(tc, v, sa)
		} else {
			out.push(tc, v, sb)
		}
	}
	return out
}

// Thermograph is a game's thermograph (Winning Ways, ch. 6; Siegel,
// Combinatorial Game Theory, II.5): Left's wall and Right's wall as
// functions of the temperature t ≥ -1, the value each player's stop has
// when the game is cooled by t. The walls meet at the temperature and go
// on as one vertical mast at the mean above it. Left's wall is the one
// with the larger values; books draw values increasing to the left, so
// that it is drawn on the left.
type Thermograph struct {
	Left, Right       Trajectory
	Mean, Temperature Dyadic
}

// Thermograph is g's thermograph. A number's walls are the mast at the
// number itself, and its temperature is -1 for an integer and -1/2^k for
// m/2^k (k ≥ 1); otherwise the walls are Left's scaffold max(RW(g^L)) − t
// and Right's scaffold min(LW(g^R)) + t up to the least temperature at
// which they meet, and the mast above it.
func (g Game) Thermograph() Thermograph {
	mu.Lock()
	defer mu.Unlock()
	return *tab.thermograph(g)
}

// Mean is g's mean value, where its thermograph's mast stands: the value
// n·g is near for large n (Conway's mean value theorem).
func (g Game) Mean() Dyadic {
	mu.Lock()
	defer mu.Unlock()
	return tab.thermograph(g).Mean
}

// Temperature is how hot g is: the temperature its thermograph's walls
// meet at. Numbers are cold (below 0), infinitesimals such as * and ↑ are
// at 0, and ±x is at x.
func (g Game) Temperature() Dyadic {
	mu.Lock()
	defer mu.Unlock()
	return tab.thermograph(g).Temperature
}

func (t *table) thermograph(g Game) *Thermograph {
	if th, ok := t.thermo[g]; ok {
		return th
	}
	var th Thermograph
	if t.isNumber(g) {
		x := t.nodes[g].num
		th = Thermograph{Left: constantTrajectory(x), Right: constantTrajectory(x), Mean: x, Temperature: minusOne}
		if !x.IsInteger() {
			th.Temperature = NewDyadic(-1, x.Exp())
		}
	} else {
		var ls, rs Trajectory
		for i, gl := range t.left(g) {
			w := t.thermograph(gl).Right
			if i == 0 {
				ls = w
			} else {
				ls = combine(ls, w, true)
			}
		}
		for i, gr := range t.right(g) {
			w := t.thermograph(gr).Left
			if i == 0 {
				rs = w
			} else {
				rs = combine(rs, w, false)
			}
		}
		left, right := ls.tilt(-1), rs.tilt(1)
		tau := meeting(left, right)
		x := left.At(tau)
		th = Thermograph{Left: mast(left, tau, x), Right: mast(right, tau, x), Mean: x, Temperature: tau}
	}
	t.thermo[g] = &th
	return &th
}

// meeting is the least temperature t ≥ -1 at which Left's scaffold is at
// most Right's. Left's falls or holds as t rises and Right's rises or
// holds, so they meet once; a game that is not a number has Left's above
// at -1.
func meeting(left, right Trajectory) Dyadic {
	pts := append(slices.Clone(left.Temps), right.Temps...)
	slices.SortFunc(pts, func(x, y Dyadic) int { return x.Cmp(y) })
	pts = slices.Compact(pts)
	for i, t0 := range pts {
		vl, sl := left.piece(t0)
		vr, sr := right.piece(t0)
		if vl.Cmp(vr) <= 0 {
			return t0
		}
		if sl >= sr {
			continue
		}
		tc := crossing(t0, vl, vr, sl, sr)
		if i+1 == len(pts) || tc.Less(pts[i+1]) {
			return tc
		}
	}
	panic("cgt: a thermograph's scaffolds that never meet")
}

// mast is tr up to temperature tau and the vertical line at x above it.
func mast(tr Trajectory, tau, x Dyadic) Trajectory {
	var out Trajectory
	for i := range tr.Temps {
		if !tr.Temps[i].Less(tau) {
			break
		}
		out.push(tr.Temps[i], tr.Values[i], tr.Slopes[i])
	}
	out.push(tau, x, 0)
	return out
}
