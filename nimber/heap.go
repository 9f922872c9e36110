package nimber

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sente-go/sente"
)

// PlainHeapValues returns G(0), ..., G(n): the Grundy values of a single heap
// of each size in the take-and-break game r, each the mex of its options'
// values as r.Options lists them. It takes time in proportion to n*n for rules
// that split heaps, and is the plainly right reference against which
// HeapValues is tested. It returns nil for negative n.
func PlainHeapValues(r sente.HeapRules, n int) []int {
	if n < 0 {
		return nil
	}
	g := make([]int, n+1)
	var seen []bool
	for k := 0; k <= n; k++ {
		clear(seen)
		r.Options(k, func(a, b int) {
			x := g[a] ^ g[b] // G(0) = 0, so (a, 0) is worth G(a)
			for x >= len(seen) {
				seen = append(seen, false)
			}
			seen[x] = true
		})
		v := 0
		for v < len(seen) && seen[v] {
			v++
		}
		g[k] = v
	}
	return g
}

// HeapValues returns G(0), ..., G(n), the same values as PlainHeapValues,
// fast. For rules that never split a heap (every digit below 4) it takes time
// in proportion to n times the number of digits. For rules that split, it
// uses the sparse-space method of Winning Ways (see sparse.go) when the
// values of an initial stretch show that it pays, and a plain mex over the
// digits otherwise; either way the values are exact.
//
// It checks ctx as it goes; when ctx is done it returns the values computed
// so far (a prefix, G(0) to G(k) for some k < n) with ctx's error.
func HeapValues(ctx context.Context, r sente.HeapRules, n int) ([]int, error) {
	g, _, err := heapValues(ctx, r, n)
	return g, err
}

// heapValues is HeapValues, also returning the solver (for its statistics).
func heapValues(ctx context.Context, r sente.HeapRules, n int) ([]int, *heapSolver, error) {
	if n < 0 {
		return nil, nil, fmt.Errorf("nimber: negative heap size %d", n)
	}
	s := newHeapSolver(r)
	err := s.extend(ctx, n)
	return s.values(), s, err
}

// heapSolver computes the value sequence of one game, and can be extended
// further later (FindHeapPeriod grows it by doubling).
type heapSolver struct {
	digits  []uint8 // Digits with only the bits 1, 2 and 4 kept
	unequal bool
	t       int   // the largest take: index of the last non-zero digit
	ones    []int // ascending takes i >= 1 that may leave one heap (bit 2)
	splits  []int // ascending takes i >= 0 that may leave two heaps (bit 4)
	minRest int   // the smallest heap that splits: 2, or 3 for unequal heaps

	// Games that never split keep their values here.
	gi []int

	// Games that split keep their values, compactly, here; mark is a stamp
	// per value (mark[x] == n+1 while computing G(n) means x is an option),
	// its length a power of two above every value so far, so that it also
	// holds every XOR of two values.
	g    []int32
	mark []uint32

	// work counts the options looked at so far: what the values cost, the
	// same on every machine. extend stops with errBudget once it reaches
	// budget (when budget > 0), and calls tick, when set, every 4096 values.
	work   int64
	budget int64
	tick   func(n int)

	sparseState
}

// errBudget says that extend stopped at its work budget.
var errBudget = errors.New("nimber: work budget spent")

func newHeapSolver(r sente.HeapRules) *heapSolver {
	s := &heapSolver{unequal: r.Unequal}
	s.digits = make([]uint8, len(r.Digits))
	for i, d := range r.Digits {
		s.digits[i] = d & 7
		if d&7 != 0 {
			s.t = i
		}
		if i > 0 && d&2 != 0 {
			s.ones = append(s.ones, i)
		}
		if d&4 != 0 {
			s.splits = append(s.splits, i)
		}
	}
	s.digits = s.digits[:s.t+min(1, len(s.digits))]
	s.minRest = 2
	if s.unequal {
		s.minRest = 3
	}
	if len(s.splits) > 0 {
		s.mark = make([]uint32, 64)
		s.initSparse()
	}
	return s
}

// len reports how many values are known: G(0) to G(len-1).
func (s *heapSolver) len() int {
	if len(s.splits) == 0 {
		return len(s.gi)
	}
	return len(s.g)
}

// values returns the values known, as ints.
func (s *heapSolver) values() []int {
	if len(s.splits) == 0 {
		return slices.Clip(s.gi)
	}
	out := make([]int, len(s.g))
	for i, v := range s.g {
		out[i] = int(v)
	}
	return out
}

// extend computes values up to G(n).
func (s *heapSolver) extend(ctx context.Context, n int) error {
	if len(s.splits) == 0 {
		return s.extendNoSplit(ctx, n)
	}
	if n >= math.MaxInt32-1 {
		return fmt.Errorf("nimber: heap size %d is too large for a game that splits heaps", n)
	}
	if n < len(s.g) {
		return nil
	}
	s.g = slices.Grow(s.g, n+1-len(s.g))
	done := ctx.Done()
	for k := len(s.g); k <= n; k++ {
		select {
		case <-done:
			return ctx.Err()
		default:
		}
		if s.budget > 0 && s.work >= s.budget {
			return errBudget
		}
		if k&4095 == 0 && s.tick != nil {
			s.tick(k)
		}
		if k == s.checkpoint {
			s.choose(k)
		}
		var v int32
		if s.sparse {
			v = s.stepSparse(k)
		} else {
			v = s.stepPlain(k)
		}
		s.g = append(s.g, v)
		if int(v) >= len(s.mark) {
			size := len(s.mark)
			for size <= int(v) {
				size *= 2
			}
			s.mark = make([]uint32, size)
		}
		if s.sparse && k >= 1 && s.isRare(k, v) {
			s.addRare(k, v)
		}
	}
	return nil
}

// extendNoSplit computes values up to G(n) for rules that never split: a
// heap of n leaves one heap of n-i for the takes i with bit 2, and none when
// n == i has bit 1. The values are at most the number of such takes, so one
// small stamp array serves for the mex.
func (s *heapSolver) extendNoSplit(ctx context.Context, n int) error {
	if n < len(s.gi) {
		return nil
	}
	s.gi = slices.Grow(s.gi, n+1-len(s.gi))
	g := s.gi
	seen := make([]int, len(s.ones)+2)
	for k := len(g); k <= n; k++ {
		if k&4095 == 0 {
			if err := ctx.Err(); err != nil {
				s.gi = g
				return err
			}
			if s.budget > 0 && s.work >= s.budget {
				s.gi = g
				return errBudget
			}
			if s.tick != nil {
				s.tick(k)
			}
			s.work += 4096 * int64(len(s.ones)+1)
		}
		stamp := k + 1
		if k > 0 && k < len(s.digits) && s.digits[k]&1 != 0 {
			seen[0] = stamp
		}
		for _, i := range s.ones {
			if i >= k {
				break
			}
			seen[g[k-i]] = stamp
		}
		v := 0
		for seen[v] == stamp {
			v++
		}
		g = append(g, v)
	}
	s.gi = g
	return nil
}

// markSingles marks the options of a heap of n that leave no heap or one.
func (s *heapSolver) markSingles(n int, stamp uint32) {
	if n > 0 && n < len(s.digits) && s.digits[n]&1 != 0 {
		s.mark[0] = stamp
	}
	g, mark := s.g, s.mark
	for _, i := range s.ones {
		if i >= n {
			break
		}
		mark[g[n-i]] = stamp
	}
}

// splitTop returns the largest smaller part a of a split of rest into
// a + (rest-a), 1 <= a <= rest-a (a < rest-a for unequal heaps).
func (s *heapSolver) splitTop(rest int) int {
	hi := rest / 2
	if s.unequal && rest&1 == 0 {
		hi--
	}
	return hi
}

// stepPlain computes G(n) from all its options: the plain mex, in time
// proportional to n for each digit that splits.
func (s *heapSolver) stepPlain(n int) int32 {
	stamp := uint32(n) + 1
	s.markSingles(n, stamp)
	g, mark := s.g, s.mark
	for _, i := range s.splits {
		rest := n - i
		if rest < s.minRest {
			break
		}
		hi := s.splitTop(rest)
		s.work += int64(hi)
		lo := g[rest-hi : rest]
		for a := 1; a <= hi; a++ {
			mark[g[a]^lo[hi-a]] = stamp
		}
	}
	v := 0
	for v < len(mark) && mark[v] == stamp {
		v++
	}
	return int32(v)
}
