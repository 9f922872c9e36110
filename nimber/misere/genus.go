package misere

import (
	"fmt"
	"strconv"
	"strings"
)

// Genus is Conway's genus of an impartial game, g^{γ1γ2γ3...} (On Numbers
// and Games, ch. 12; Winning Ways, ch. 13): g = γ0 is the normal-play
// Grundy value, γ1 the misère Grundy value G⁻(G), and γn for n ≥ 2 the
// misère Grundy value of G+2+2+...+2 with n−1 copies of the nim-heap *2.
// The sequence γ1, γ2, ... is eventually periodic with period 2.
//
// Base is γ0 and Sup holds γ1, γ2, ..., γk, written as far as needed: from
// γ(k−1) on the sequence alternates γ(k−1), γk forever, and Sup is as short
// as that allows, but never shorter than two. This is the sequence as
// Winning Ways writes it in full: 0^120 for 0 (γ = 1, 2, 0, 2, 0, ...),
// 1^031 for *, 2^20 for *2, 3^31 for *3; a tame game has such a genus.
// CGSuite abbreviates a tame or restive game's genus to its first
// superscript (0^0 for 0^02, and a nim-heap's to the bare number); sente
// writes every genus in full, so that the text says the whole sequence.
type Genus struct {
	Base int
	Sup  []int
}

// At returns γn (n ≥ 0).
func (g Genus) At(n int) int {
	if n == 0 {
		return g.Base
	}
	k := len(g.Sup)
	if n <= k {
		return g.Sup[n-1]
	}
	if (n-k)%2 == 0 {
		return g.Sup[k-1]
	}
	return g.Sup[k-2]
}

// String writes the genus in text as CGSuite does, the superscript after
// ^: 0^120, 2^1420; when a value has two digits or more, the superscript is
// written in parentheses with commas, 10^(10,8).
func (g Genus) String() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(g.Base))
	b.WriteByte('^')
	wide := false
	for _, v := range g.Sup {
		wide = wide || v >= 10
	}
	if wide {
		b.WriteByte('(')
	}
	for i, v := range g.Sup {
		if wide && i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	if wide {
		b.WriteByte(')')
	}
	return b.String()
}

// Genus returns g's genus.
//
// It is computed from the options' genera by the recursion that follows
// from the definition: γ1 = mex of the options' γ1 (1 for 0), and
// γ(n+1) = mex({γn, γn⊕1} ∪ {γ(n+1) of each option}), since the options of
// G+2+...+2 (n copies) are G'+2+...+2, whose G⁻ is γ(n+1)(G'), and G plus
// n−1 copies of *2 plus either 0 or *, whose G⁻ are γn and γn⊕1 (adding *
// to a game flips the last bit of its misère Grundy value, by induction).
// Once the options' sequences all alternate, γ(n+1) depends on the pair
// {γn, γn⊕1} and the parity of n alone, so two equal pairs two steps
// apart make the rest alternate; the tests hold the recursion to the
// definition, summing the copies of *2.
func (g Game) Genus() Genus {
	mu.Lock()
	defer mu.Unlock()
	sup := shared.genus(g)
	out := Genus{Base: int(shared.grundy[g]), Sup: make([]int, len(sup))}
	for i, v := range sup {
		out.Sup[i] = int(v)
	}
	return out
}

// gammaAt is γn (n ≥ 1) of a stored sequence.
func gammaAt(sup []int32, n int) int32 {
	k := len(sup)
	if n <= k {
		return sup[n-1]
	}
	if (n-k)%2 == 0 {
		return sup[k-1]
	}
	return sup[k-2]
}

func (t *table) genus(g Game) []int32 {
	if s, ok := t.genera[g]; ok {
		return s
	}
	opts := t.opts[g]
	subs := make([][]int32, len(opts))
	settled := 0 // from γ(settled) on, every option's sequence alternates
	for i, o := range opts {
		subs[i] = t.genus(o)
		settled = max(settled, len(subs[i]))
	}
	mexAt := func(n int, exclude ...int32) int32 {
		var bits uint64
		var big []bool
		for _, e := range exclude {
			bits, big = mark(bits, big, e)
		}
		for _, s := range subs {
			bits, big = mark(bits, big, gammaAt(s, n))
		}
		return mexOf(bits, big)
	}
	seq := []int32{1}
	if len(opts) > 0 {
		seq[0] = mexAt(1)
	}
	for n := 1; ; n++ {
		// seq holds γ1..γn.
		if n >= 3 && n-1 > settled && seq[n-1]>>1 == seq[n-3]>>1 {
			break
		}
		if n > settled+64 {
			panic(fmt.Sprintf("misere: the genus of game %d does not settle", g))
		}
		prev := seq[n-1]
		seq = append(seq, mexAt(n+1, prev, prev^1))
	}
	for len(seq) >= 3 && seq[len(seq)-1] == seq[len(seq)-3] {
		seq = seq[:len(seq)-1]
	}
	seq = seq[:len(seq):len(seq)]
	t.genera[g] = seq
	return seq
}
