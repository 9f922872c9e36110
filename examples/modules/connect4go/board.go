// Command connect4go is connect four written once in Go and built two ways:
//
//   - as a sente game module (docs/modules.md, interface version 1), with
//     GOOS=wasip1 GOARCH=wasm -buildmode=c-shared (see build.sh), the same
//     game as the C module ../connect4, with the same keys, tiers and ranks,
//     for comparing the two toolchains (module.go);
//   - as a Go library game, connect4lib: sente's command line with the game
//     compiled in, by go build on any other platform (library.go).
//
// Both run the logic of this file on a board, which holds a size's
// parameters and tables: the module keeps one (an instance is one game),
// a library program one a game it makes.
//
// A board is a bitboard in column-major order: h+1 bits a column, bit
// c*(h+1)+r for column c and row r (row 0 at the bottom). A column holds, from
// the bottom up, a 1 for each of the first player's stones and a 0 for each of
// the second's, then a sentinel bit; the key is the whole bitboard, the
// built-in game's key for the same board.
//
// A board's rank among the boards of as many stones has two digits: the
// column heights in lexicographic order among the height vectors with that
// sum, and which ⌈t/2⌉ of the t stones (column by column from the bottom)
// are the first player's, in the combinatorial number system. The module
// numbers its tiers down from startTier, as the interface wants; the
// library game's tier is the stones, sente's numbering, which the host
// gives the module's tiers too (startTier less the module's tier).
package main

import "math/bits"

// binom[n][j] is n choose j, for every board.
var binom [65][65]uint64

func init() {
	for n := 0; n <= 64; n++ {
		binom[n][0] = 1
		for j := 1; j <= n; j++ {
			binom[n][j] = binom[n-1][j-1]
			if j < n {
				binom[n][j] += binom[n-1][j]
			}
		}
	}
}

// board is a size of connect four, its parameters and the tables its ranks
// are counted by.
type board struct {
	w, h, k, h1, cells int
	misere             bool
	bottom, top, field uint64
	keep               [4]uint64
	step               [4][8]uint
	steps              int

	vec      [10][64]uint64
	below    [16][64][16]uint64 // [9][64][10] used, sized so that masked indices need no bounds check
	tierSize [64]uint64
}

// The parameters' bounds, which the module's description and the library
// game's family both state.
const (
	maxSide  = 9  // columns and rows, so that moves are the digits 1 to 9
	maxCells = 56 // w×h at most, with w×(h+1) ≤ 64
)

// init makes b the board of w columns and h rows, k in a row to win, or
// says why it cannot be and leaves b as it was.
func (b *board) init(w, h, k int, misere bool) (refusal string) {
	switch {
	case w < 1 || w > maxSide || h < 1 || h > maxSide:
		return "w and h are 1 to 9"
	case w*(h+1) > 64:
		return "a board needs w×(h+1) bits and at most 64 fit a key"
	case k < 2 || (k > w && k > h):
		return "k must be 2 or more and fit the board"
	}
	b.w, b.h, b.k, b.misere = w, h, k, misere
	b.h1, b.cells = h+1, w*h
	b.field = 1<<b.h1 - 1
	b.bottom, b.top = 0, 0
	for c := range w {
		b.bottom |= 1 << (c * b.h1)
		b.top |= 1 << (c*b.h1 + h)
	}
	for i := range 4 {
		s := 1 << i
		b.keep[i] = 0
		if s <= h {
			for c := range w {
				b.keep[i] |= (1<<(b.h1-s) - 1) << (c * b.h1)
			}
		}
	}
	dir := [4]int{1, b.h1, b.h1 - 1, b.h1 + 1}
	b.steps = 0
	for run := 1; run < k; {
		s := min(run, k-run)
		for d := range 4 {
			b.step[d][b.steps] = uint(s * dir[d])
		}
		b.steps++
		run += s
	}
	b.vec = [10][64]uint64{}
	b.vec[0][0] = 1
	for c := 1; c <= w; c++ {
		for s := range 64 {
			for v := 0; v <= h && v <= s; v++ {
				b.vec[c][s] += b.vec[c-1][s-v]
			}
		}
	}
	b.below = [16][64][16]uint64{}
	for c := range w {
		for rest := 0; rest <= b.cells; rest++ {
			var n uint64
			for v := 0; v <= h; v++ {
				b.below[c][rest][v] = n
				if v <= rest {
					n += b.vec[w-1-c][rest-v]
				}
			}
		}
	}
	b.tierSize = [64]uint64{}
	for t := 0; t <= b.cells; t++ {
		b.tierSize[t] = b.vec[w][t] * binom[t][(t+1)/2]
	}
	return ""
}

// smear gives every bit the OR of the bits at and above it in its column.
func (b *board) smear(key uint64) uint64 {
	m := key
	m |= (m >> 1) & b.keep[0]
	m |= (m >> 2) & b.keep[1]
	m |= (m >> 4) & b.keep[2]
	m |= (m >> 8) & b.keep[3]
	return m
}

func (b *board) occupied(key uint64) uint64 { return b.smear(key) >> 1 &^ b.top }

// stones is how many stones the board key holds.
func (b *board) stones(key uint64) int { return bits.OnesCount64(b.occupied(key)) }

func (b *board) valid(key uint64) bool {
	if b.w*b.h1 < 64 && key>>(b.w*b.h1) != 0 {
		return false
	}
	s := b.smear(key)
	if s&b.bottom != b.bottom {
		return false
	}
	mask := s >> 1 &^ b.top
	t := bits.OnesCount64(mask)
	return bits.OnesCount64(key&mask) == (t+1)/2
}

func (b *board) hasLine(stones uint64) bool {
	for d := range 4 {
		run := stones
		for i := range b.steps {
			run &= run >> b.step[d&3][i&7]
		}
		if run != 0 {
			return true
		}
	}
	return false
}

// How a board has ended, as the interface's sente_ended says it: not
// (notEnded), or for the player to move a win (the other player made a
// line, in misère play), a loss (a line) or a tie (the board full).
const (
	notEnded byte = iota
	endedWin
	endedLoss
	endedTie
)

// ended: only the player who just moved can have a line, since play stops
// at the first.
func (b *board) ended(key uint64) byte {
	mask := b.occupied(key)
	t := bits.OnesCount64(mask)
	last := mask &^ key
	if t&1 == 1 {
		last = key & mask
	}
	if (t+1)/2 >= b.k && b.hasLine(last) {
		if b.misere {
			return endedWin
		}
		return endedLoss
	}
	if t == b.cells {
		return endedTie
	}
	return notEnded
}

// appendChildren appends the children of key, which has not ended. A
// stone on a column's sentinel S moves the sentinel up to 2S and leaves S
// set for the first player (key + 2S) or clear for the second (key + S).
func (b *board) appendChildren(dst []uint64, key uint64) []uint64 {
	mask := b.occupied(key)
	open := key &^ mask &^ b.top
	shift := uint(bits.OnesCount64(mask)&1) ^ 1
	for ; open != 0; open &= open - 1 {
		dst = append(dst, key+(open&-open)<<shift)
	}
	return dst
}

// play is the board after a stone in column c (from 0), or false when the
// column is full.
func (b *board) play(key uint64, c int) (uint64, bool) {
	mask := b.occupied(key)
	s := key &^ mask &^ b.top & (b.field << (c * b.h1))
	if s == 0 {
		return 0, false
	}
	return key + s<<(uint(bits.OnesCount64(mask)&1)^1), true
}

// format writes the board as rows from top to bottom separated by /, x for
// the first player's stones and o for the second's: the built-in game's
// form.
func (b *board) format(dst []byte, key uint64) []byte {
	mask := b.occupied(key)
	for r := b.h - 1; r >= 0; r-- {
		if r < b.h-1 {
			dst = append(dst, '/')
		}
		for c := range b.w {
			bit := uint64(1) << (c*b.h1 + r)
			switch {
			case mask&bit == 0:
				dst = append(dst, '.')
			case key&bit != 0:
				dst = append(dst, 'x')
			default:
				dst = append(dst, 'o')
			}
		}
	}
	return dst
}

// parse reads format's text or the columns played from the start as
// digits from 1, or says what is wrong with it.
func (b *board) parse(text string) (key uint64, problem string) {
	for len(text) > 0 && (text[0] == ' ' || text[0] == '\n') {
		text = text[1:]
	}
	for len(text) > 0 && (text[len(text)-1] == ' ' || text[len(text)-1] == '\n') {
		text = text[:len(text)-1]
	}
	digits := true
	for _, c := range text {
		digits = digits && c >= '1' && c <= '9'
	}
	key = b.bottom
	if digits {
		for i := range len(text) {
			if b.ended(key) != notEnded {
				return 0, "the game is over before the last move"
			}
			c := int(text[i] - '1')
			if c >= b.w {
				return 0, "a column past the board"
			}
			next, ok := b.play(key, c)
			if !ok {
				return 0, "a move into a full column"
			}
			key = next
		}
		return key, ""
	}
	rows := split(text, '/')
	if len(rows) != b.h {
		return 0, "the wrong number of rows"
	}
	var x, o uint64
	for i, row := range rows {
		if len(row) != b.w {
			return 0, "a row of the wrong length"
		}
		r := b.h - 1 - i
		for c := range b.w {
			bit := uint64(1) << (c*b.h1 + r)
			switch row[c] {
			case 'x', 'X':
				x |= bit
			case 'o', 'O':
				o |= bit
			case '.':
			default:
				return 0, "a cell that is not x, o or ."
			}
		}
	}
	mask := x | o
	for c := range b.w {
		f := mask & (b.field << (c * b.h1))
		if f&(f+1<<(c*b.h1)) != 0 {
			return 0, "a stone above an empty cell"
		}
	}
	nx, no := bits.OnesCount64(x), bits.OnesCount64(o)
	if no != nx && no != nx-1 {
		return 0, "x moves first, so o has as many stones as x or one fewer"
	}
	waiting := x
	if nx > no {
		waiting = o
	}
	if b.hasLine(waiting) {
		return 0, "a line for the player who did not move last"
	}
	return x + mask + b.bottom, ""
}

// positionForm is what parse reads, for its refusals.
const positionForm = "the rows from top to bottom separated by /, each cell x, o or ., or the columns played as digits from 1"

func split(s string, sep byte) []string {
	var out []string
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != sep {
			i++
		}
		out = append(out, s[:i])
		if i < len(s) {
			i++
		}
		s = s[i:]
	}
	return out
}

// canonical: mirror images have the same value, and the representative is
// the lesser key.
func (b *board) canonical(key uint64) uint64 {
	var m uint64
	for c := range b.w {
		m |= (key >> (c * b.h1) & b.field) << ((b.w - 1 - c) * b.h1)
	}
	return min(key, m)
}

// rank is key's rank among the boards of as many stones.
func (b *board) rank(key uint64) uint64 {
	var heights, first uint64
	rest := b.stones(key)
	t, place := rest, 0
	for c := range b.w {
		col := key >> (c * b.h1) & b.field
		hc := bits.Len64(col) - 1 // the sentinel's row
		heights += b.below[c][rest][hc]
		rest -= hc
		first |= (col ^ 1<<hc) << place
		place += hc
	}
	// The j-th lowest of the first player's stones, at place p, adds C(p, j).
	var stones uint64
	for j := 1; first != 0; j, first = j+1, first&(first-1) {
		stones += binom[bits.TrailingZeros64(first)][j]
	}
	return heights*binom[t][(t+1)/2] + stones
}

// unrank is the board of rank r among those of t stones, or false when
// there is none.
func (b *board) unrank(t int, r uint64) (uint64, bool) {
	if t < 0 || t > b.cells || r >= b.tierSize[t] {
		return 0, false
	}
	m := (t + 1) / 2
	choices := binom[t][m]
	hr, sr := r/choices, r%choices
	var first uint64
	p := t - 1
	for j := m; j >= 1; j-- {
		for binom[p][j] > sr {
			p--
		}
		first |= 1 << p
		sr -= binom[p][j]
		p--
	}
	var key uint64
	rest := t
	for c := range b.w {
		v := b.h
		for b.below[c][rest][v] > hr {
			v--
		}
		hr -= b.below[c][rest][v]
		rest -= v
		key |= (first&(1<<v-1) | 1<<v) << (c * b.h1)
		first >>= v
	}
	return key, true
}

// A walk through a batch of ranks of a board's tier, which the engine
// gives in increasing order: most ranks share their heights with the last
// one, and many are a few combinations past it, so the walk keeps the
// columns' layout and the first player's stones of the last rank and steps
// from them. What the heights give the children's ranks is kept with them
// too.
// walkSide bounds a walk's columns (maxSide of them), a power of two: the
// walk's indices are masked by it and by the tables' sizes, so that the
// compiler leaves out their bounds checks, which Go's code for WebAssembly
// pays for at every index (connect four 5×4's batch, 13% of its time).
const walkSide = 16

type walk struct {
	b       *board
	heights uint64           // the heights' digit of the last rank, or ^0
	stones  uint64           // its stones' digit, or ^0
	first   uint64           // the first player's stones, as bits in stone order
	h       [walkSide]int    // the heights of its columns
	top     [walkSide]int    // the stones up to each column's top, in stone order
	child   [walkSide]uint64 // the heights' part of the rank of the child that plays in each column, or ^0 for a full column

	// childRanks's room, by column, kept here so that no call zeroes it
	// (a local array is zeroed at every call, in memory for WebAssembly).
	low, moved [walkSide]uint64
	count      [walkSide]int
}

func newWalk(b *board) walk { return walk{b: b, heights: ^uint64(0), stones: ^uint64(0)} }

// nextCombination is the least number above x with as many bits set
// (Gosper's): the combination after x in the order the digit counts.
func nextCombination(x uint64) uint64 {
	low := x & -x
	up := x + low
	return up | (x^up)>>2/low
}

// loadHeights fills the walk's columns for the heights' digit hr of a
// board of t stones, and what they give the children's ranks: a stone in
// column c adds one to c's height, which changes the heights' digit only
// in the terms of the columns up to c (each of which counts vectors with
// one stone more to place).
func (wk *walk) loadHeights(t int, hr uint64) {
	b := wk.b
	var rest [walkSide]int
	left := t
	for c := range b.w {
		c &= walkSide - 1
		v := b.h
		for b.below[c][left&63][v&15] > hr {
			v--
		}
		hr -= b.below[c][left&63][v&15]
		rest[c] = left
		left -= v
		wk.h[c] = v
		wk.top[c] = t - left
	}
	if t == b.cells {
		return
	}
	choices := binom[(t+1)&63][((t+2)/2)&63]
	var pre, suf uint64
	for c := range b.w {
		c &= walkSide - 1
		suf += b.below[c][rest[c]&63][wk.h[c]&15]
	}
	for c := range b.w {
		c &= walkSide - 1
		suf -= b.below[c][rest[c]&63][wk.h[c]&15]
		wk.child[c] = ^uint64(0)
		if wk.h[c] < b.h {
			wk.child[c] = (pre + b.below[c][(rest[c]+1)&63][(wk.h[c]+1)&15] + suf) * choices
		}
		pre += b.below[c][(rest[c]+1)&63][wk.h[c]&15]
	}
}

// to returns the key of the board of t stones with the heights' digit hr
// and the stones' digit sr.
func (wk *walk) to(t int, hr, sr uint64) uint64 {
	if hr != wk.heights {
		wk.loadHeights(t, hr)
		wk.heights, wk.stones = hr, ^uint64(0)
	}
	if wk.stones == ^uint64(0) || sr < wk.stones || sr-wk.stones > 8 {
		var first uint64
		p, rest := t-1, sr
		for j := (t + 1) / 2; j >= 1; j-- {
			for binom[p&63][j&63] > rest {
				p--
			}
			first |= 1 << p
			rest -= binom[p&63][j&63]
			p--
		}
		wk.first = first
	} else {
		for s := wk.stones; s < sr; s++ {
			wk.first = nextCombination(wk.first)
		}
	}
	wk.stones = sr
	var key uint64
	first := wk.first
	h1 := wk.b.h1
	for c := range wk.b.w {
		v := wk.h[c&(walkSide-1)]
		key |= (first&(1<<v-1) | 1<<v) << (c * h1)
		first >>= v
	}
	return key
}

// childRanks writes the ranks of the children of the walk's board, of t
// stones and not ended, each with tierBits above it, and returns how many.
// The new stone lands at place top[c] in stone order, above every stone of
// the columns up to c and below every stone of the columns after, which
// move up one place (and one index up among the first player's stones,
// when the new stone is the first player's): so a child's stones' digit is
// the sum over the stones up to c as they are, the new stone's term, and
// the sum over the stones after c moved.
func (wk *walk) childRanks(t int, tierBits uint64, out []uint64) int {
	low, moved, count := &wk.low, &wk.moved, &wk.count
	w := wk.b.w
	firstMoves := 0
	if t&1 == 0 {
		firstMoves = 1
	}
	var sum, shifted uint64
	j, c := 0, 0
	for f := wk.first; f != 0; f &= f - 1 {
		p := bits.TrailingZeros64(f)
		for p >= wk.top[c&(walkSide-1)] {
			low[c&(walkSide-1)], moved[c&(walkSide-1)], count[c&(walkSide-1)] = sum, shifted, j
			c++
		}
		j++
		sum += binom[p&63][j&63]
		shifted += binom[(p+1)&63][(j+firstMoves)&63]
	}
	for ; c < w; c++ {
		low[c&(walkSide-1)], moved[c&(walkSide-1)], count[c&(walkSide-1)] = sum, shifted, j
	}
	n := 0
	for c := range w {
		c &= walkSide - 1
		if wk.child[c] == ^uint64(0) {
			continue
		}
		stones := low[c] + shifted - moved[c]
		if firstMoves == 1 {
			stones += binom[wk.top[c]&63][(count[c]+1)&63]
		}
		out[n] = tierBits | (wk.child[c] + stones)
		n++
	}
	return n
}
