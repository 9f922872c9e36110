package games

import (
	"math"
)

// Upper bounds on the positions reachable from the start, for
// sente.Estimator: the command line refuses, before any work, a solve whose
// positions cannot fit in memory. Each bound counts what a position can hold
// and ignores that play may end sooner, so it may be loose for games with
// early wins (connect four on big boards) but is never below the truth.

// binomial returns n choose k as a float64.
func binomial(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k)
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c
}

// alternating is the number of ways to colour s stones of a game in which
// players alternate, the first player one stone ahead or level: the first
// player owns ceil(s/2) of them.
func alternating(s int) float64 { return binomial(s, (s+1)/2) }

// EstimatePositions bounds connect four's positions: for every way of
// filling the columns to heights summing to s, the ways of colouring the s
// stones with the players level or the first one ahead.
func (g *Connect4) EstimatePositions() float64 {
	// ways[s]: height vectors of the columns so far summing to s.
	ways := []float64{1}
	for range g.w {
		next := make([]float64, len(ways)+g.h)
		for s, n := range ways {
			for c := 0; c <= g.h; c++ {
				next[s+c] += n
			}
		}
		ways = next
	}
	total := 0.0
	for s, n := range ways {
		total += n * alternating(s)
	}
	return total
}

// EstimatePositions bounds an m,n,k-game's positions: s stones on the
// cells, coloured with the players level or the first one ahead.
func (g *TicTacToe) EstimatePositions() float64 {
	total := 0.0
	for s := 0; s <= g.cells; s++ {
		total += binomial(g.cells, s) * alternating(s)
	}
	return total
}

// EstimatePositions bounds the positions of the consecutive game: every set
// of numbers said, with either player to move.
func (g *Consecutive) EstimatePositions() float64 { return 2 * math.Exp2(float64(g.n)) }

// EstimatePositions bounds nim's positions: every size of every heap up to
// its start, with either player to move.
func (g *Nim) EstimatePositions() float64 {
	total := 2.0
	for _, h := range g.start.Heaps[:g.k] {
		total *= float64(h) + 1
	}
	return total
}

// EstimatePositions bounds a heap game's positions. Without splits the one
// heap of the start stays one heap: its sizes 0 to n. With splits a
// position is a partition of at most n tokens: the partitions of 0 to n.
// Either player may be to move.
func (g *HeapGame) EstimatePositions() float64 {
	splits := false
	for _, d := range g.rules.Digits {
		splits = splits || d&4 != 0
	}
	if !splits {
		return 2 * float64(g.n+1)
	}
	// p[k]: the partitions of k (Euler's recurrence by parts).
	p := make([]float64, g.n+1)
	p[0] = 1
	for part := 1; part <= g.n; part++ {
		for k := part; k <= g.n; k++ {
			p[k] += p[k-part]
		}
	}
	total := 0.0
	for _, x := range p {
		total += x
	}
	return 2 * total
}

// EstimatePositions bounds the card game's positions: every set of cards
// played from each hand (the turn follows from how many were played).
func (g *Cards) EstimatePositions() float64 {
	return math.Exp2(float64(len(g.hand[0]) + len(g.hand[1])))
}

// EstimatePositions bounds tofu's positions: along each axis, the cuts from
// each side that keep the habaneros' box, with either player to move.
func (g *Tofu) EstimatePositions() float64 {
	total := 2.0
	for a := range 3 {
		total *= float64(g.lo[a]+1) * float64(g.block.side(a)-g.hi[a])
	}
	return total
}

// EstimatePositions bounds the count game's positions: the next number to
// say, with either player to say it.
func (g *Count) EstimatePositions() float64 { return 2 * float64(g.lose+2) }

// EstimatePositions bounds chopsticks' positions: four hands of 0 to 4
// fingers or dead, with either player to move.
func (g *Chopsticks) EstimatePositions() float64 { return 2 * 6 * 6 * 6 * 6 }

// EstimatePositions bounds Domineering's positions by the ways of placing
// dominoes on the cells empty at the start with as many upright ones as
// flat ones, or one more for the side that starts: a position is its
// filled cells (the side to move follows from their count), and the
// dominoes placed in reaching it are one such placement. The count runs
// cell by cell over a profile of the next row's cells covered from above,
// along the board's shorter side (at most 8 cells, the board holding at
// most 64), and over the difference of the two kinds placed. It keeps the
// hashing engine from a board it cannot finish: before it, the 6×6 board
// explored 200 million positions in five minutes and stopped there.
func (g *Domineering) EstimatePositions() float64 {
	w, h := g.w, g.h
	hole := func(r, c int) bool { return g.start>>(r*g.w+c)&1 != 0 }
	down, right := 1, -1 // what a domino down, and one right, adds to upright less flat
	if w > h {           // count along the shorter side: the board turned
		w, h = h, w
		hole = func(r, c int) bool { return g.start>>(c*g.w+r)&1 != 0 }
		down, right = right, down
	}
	span := w*h/2 + 1 // upright less flat, from -span+1 to span-1, offset by span
	size := 2 * span
	ways := make([]float64, (1<<w)*size) // by the profile's covered cells, then the difference
	next := make([]float64, len(ways))
	ways[span] = 1
	for r := range h {
		for c := range w {
			clear(next)
			bit := 1 << c
			for i, n := range ways {
				if n == 0 {
					continue
				}
				mask, d := i/size, i%size
				rest := (mask &^ bit) * size // bit c is now the cell below
				if mask&bit != 0 || hole(r, c) {
					next[rest+d] += n
					continue
				}
				next[rest+d] += n // left empty
				if r+1 < h && !hole(r+1, c) {
					next[(mask&^bit|bit)*size+d+down] += n
				}
				if c+1 < w && !hole(r, c+1) && mask&(bit<<1) == 0 {
					next[(mask&^bit|bit<<1)*size+d+right] += n
				}
			}
			ways, next = next, ways
		}
	}
	ahead := 1 // the side that starts places as many as the other, or one more
	if !g.leftFirst {
		ahead = -1
	}
	return ways[span] + ways[span+ahead]
}
