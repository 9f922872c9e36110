// Command connect4go is connect four as a sente game module
// (docs/modules.md, interface version 1), written in Go and built with
// GOOS=wasip1 GOARCH=wasm -buildmode=c-shared (see build.sh): the same game as
// the C module ../connect4, with the same keys, tiers and ranks, for comparing
// the two toolchains.
//
// A board is a bitboard in column-major order: h+1 bits a column, bit
// c*(h+1)+r for column c and row r (row 0 at the bottom). A column holds, from
// the bottom up, a 1 for each of the first player's stones and a 0 for each of
// the second's, then a sentinel bit; the key is the whole bitboard, the
// built-in game's key for the same board.
//
// Tiers count down as play goes on, as the interface wants: a board's tier is
// startTier less its stones, startTier the most stones a board of any size
// allowed holds (w=8, h=7), since the description names the start's tier
// before the size is known. A board's rank in its tier has two digits:
// the column heights in lexicographic order among the height vectors with
// that sum, and which ⌈t/2⌉ of the t stones (column by column from the
// bottom) are the first player's, in the combinatorial number system.
package main

import (
	"math/bits"
	"unsafe"
)

func main() {}

const startTier = 56

var (
	w, h, k, h1, cells int
	misere             bool
	bottom, top, field uint64
	keep               [4]uint64
	step               [4][6]uint
	steps              int

	binom    [65][65]uint64
	vec      [10][64]uint64
	below    [9][64][10]uint64
	tierSize [64]uint64

	buf []byte // the scratch area the host reads and writes
)

// at is the scratch area from the address addr on, which the host took from
// sente_buffer.
func at(addr int32) unsafe.Pointer {
	base := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	return unsafe.Add(unsafe.Pointer(unsafe.SliceData(buf)), uintptr(uint32(addr))-base)
}

func keysAt(addr, n int32) []uint64 { return unsafe.Slice((*uint64)(at(addr)), n) }

//go:wasmexport sente_version
func senteVersion() int32 { return 1 }

//go:wasmexport sente_buffer
func senteBuffer(bytes int32) int32 {
	if bytes < 0 {
		return 0
	}
	if int(bytes) > len(buf) || buf == nil {
		// Eight bytes more so that the area is never empty, and uint64s
		// for their alignment.
		words := make([]uint64, (int(bytes)+15)/8)
		buf = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), len(words)*8)
	}
	return int32(uintptr(unsafe.Pointer(unsafe.SliceData(buf))))
}

func room(n int) bool { return n <= len(buf) || senteBuffer(int32(n)) != 0 }

const description = `{"name":"connect4go",` +
	`"summary":"connect four (a Go module): drop stones into columns to get k in a row",` +
	`"params":[` +
	`{"name":"w","doc":"columns of the board","kind":"int","default":"7","min":1,"max":9},` +
	`{"name":"h","doc":"rows of the board (w×(h+1) at most 64)","kind":"int","default":"6","min":1,"max":9},` +
	`{"name":"k","doc":"stones in a row (across, up or diagonal) that win","kind":"int","default":"4","min":2,"max":9},` +
	`{"name":"misere","doc":"misère play: whoever makes k in a row loses","kind":"bool","default":"false"}` +
	`],"impartial":false,"misere":false,"alternates":true,"loop_tiers":[],"max_score":0,"start_tier":56}`

//go:wasmexport sente_describe
func senteDescribe() int32 {
	room(len(description))
	return int32(copy(buf, description))
}

func refuse(why string) int32 {
	room(len(why))
	return -int32(copy(buf, why))
}

//go:wasmexport sente_new
func senteNew(n int32) int32 {
	pw, ph, pk, pm := 7, 6, 4, false
	for _, kv := range split(string(buf[:n]), ',') {
		name, value, _ := cut(kv, '=')
		num := 0
		for _, c := range value {
			if c >= '0' && c <= '9' {
				num = num*10 + int(c-'0')
			}
		}
		switch name {
		case "w":
			pw = num
		case "h":
			ph = num
		case "k":
			pk = num
		case "misere":
			pm = value == "true"
		default:
			return refuse("connect4go: unknown parameter " + name + "; want w, h, k and misere")
		}
	}
	switch {
	case pw < 1 || pw > 9 || ph < 1 || ph > 9:
		return refuse("connect4go: w and h are 1 to 9")
	case pw*(ph+1) > 64:
		return refuse("connect4go: a board needs w×(h+1) bits and at most 64 fit a key")
	case pk < 2 || (pk > pw && pk > ph):
		return refuse("connect4go: k must be 2 or more and fit the board")
	}
	w, h, k, misere = pw, ph, pk, pm
	h1, cells = h+1, w*h
	field = 1<<h1 - 1
	bottom, top = 0, 0
	for c := range w {
		bottom |= 1 << (c * h1)
		top |= 1 << (c*h1 + h)
	}
	for i := range 4 {
		s := 1 << i
		keep[i] = 0
		if s <= h {
			for c := range w {
				keep[i] |= (1<<(h1-s) - 1) << (c * h1)
			}
		}
	}
	dir := [4]int{1, h1, h1 - 1, h1 + 1}
	steps = 0
	for run := 1; run < k; {
		s := min(run, k-run)
		for d := range 4 {
			step[d][steps] = uint(s * dir[d])
		}
		steps++
		run += s
	}
	for n := 0; n <= 64; n++ {
		binom[n][0] = 1
		for j := 1; j <= n; j++ {
			binom[n][j] = binom[n-1][j-1]
			if j < n {
				binom[n][j] += binom[n-1][j]
			}
		}
	}
	vec = [10][64]uint64{}
	vec[0][0] = 1
	for c := 1; c <= w; c++ {
		for s := range 64 {
			for v := 0; v <= h && v <= s; v++ {
				vec[c][s] += vec[c-1][s-v]
			}
		}
	}
	for c := range w {
		for rest := 0; rest <= cells; rest++ {
			var n uint64
			for v := 0; v <= h; v++ {
				below[c][rest][v] = n
				if v <= rest {
					n += vec[w-1-c][rest-v]
				}
			}
		}
	}
	for t := 0; t <= cells; t++ {
		tierSize[t] = vec[w][t] * binom[t][(t+1)/2]
	}
	return 0
}

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

func cut(s string, sep byte) (string, string, bool) {
	for i := range len(s) {
		if s[i] == sep {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

//go:wasmexport sente_start
func senteStart() int64 { return int64(bottom) }

// smear gives every bit the OR of the bits at and above it in its column.
func smear(key uint64) uint64 {
	m := key
	m |= (m >> 1) & keep[0]
	m |= (m >> 2) & keep[1]
	m |= (m >> 4) & keep[2]
	m |= (m >> 8) & keep[3]
	return m
}

func occupied(key uint64) uint64 { return smear(key) >> 1 &^ top }

func valid(key uint64) bool {
	if w*h1 < 64 && key>>(w*h1) != 0 {
		return false
	}
	s := smear(key)
	if s&bottom != bottom {
		return false
	}
	mask := s >> 1 &^ top
	t := bits.OnesCount64(mask)
	return bits.OnesCount64(key&mask) == (t+1)/2
}

func hasLine(b uint64) bool {
	for d := range 4 {
		run := b
		for i := range steps {
			run &= run >> step[d][i]
		}
		if run != 0 {
			return true
		}
	}
	return false
}

//go:wasmexport sente_turn
func senteTurn(key int64) int32 { return int32(bits.OnesCount64(occupied(uint64(key))) & 1) }

// ended: only the player who just moved can have a line, since play stops
// at the first.
func ended(key uint64) byte {
	mask := occupied(key)
	t := bits.OnesCount64(mask)
	last := mask &^ key
	if t&1 == 1 {
		last = key & mask
	}
	if (t+1)/2 >= k && hasLine(last) {
		if misere {
			return 1
		}
		return 2
	}
	if t == cells {
		return 3
	}
	return 0
}

//go:wasmexport sente_ended
func senteEnded(keys, n, out int32) int32 {
	ks := keysAt(keys, n)
	o := unsafe.Slice((*byte)(at(out)), n)
	for i, key := range ks {
		if !valid(key) {
			return -1
		}
		o[i] = ended(key)
	}
	return 0
}

// A stone on a column's sentinel S moves the sentinel up to 2S and leaves S
// set for the first player (key + 2S) or clear for the second (key + S).
//
//go:wasmexport sente_children
func senteChildren(keys, n, counts, out, capacity int32) int32 {
	ks := keysAt(keys, n)
	cn := unsafe.Slice((*uint32)(at(counts)), n)
	o := keysAt(out, capacity)
	written := 0
	for i, key := range ks {
		if !valid(key) {
			return -2
		}
		mask := occupied(key)
		open := key &^ mask &^ top
		shift := uint(bits.OnesCount64(mask)&1) ^ 1
		c := bits.OnesCount64(open)
		if written+c > int(capacity) {
			return -1
		}
		cn[i] = uint32(c)
		for ; open != 0; open &= open - 1 {
			o[written] = key + (open&-open)<<shift
			written++
		}
	}
	return int32(written)
}

//go:wasmexport sente_moves
func senteMoves(key int64) int32 {
	kk := uint64(key)
	if !valid(kk) || !room(10*9) {
		return -1
	}
	mask := occupied(kk)
	shift := uint(bits.OnesCount64(mask)&1) ^ 1
	n := 0
	for c := range w {
		s := kk &^ mask &^ top & (field << (c * h1))
		if s == 0 {
			continue
		}
		child := kk + s<<shift
		for b := range 8 {
			buf[n] = byte(child >> (8 * b))
			n++
		}
		buf[n], buf[n+1] = 1, byte('1'+c)
		n += 2
	}
	return int32(n)
}

// The board as rows from top to bottom separated by /, x for the first
// player's stones and o for the second's: the built-in game's form.
//
//go:wasmexport sente_format
func senteFormat(key int64) int32 {
	kk := uint64(key)
	room(100)
	mask := occupied(kk)
	n := 0
	for r := h - 1; r >= 0; r-- {
		if r < h-1 {
			buf[n] = '/'
			n++
		}
		for c := range w {
			bit := uint64(1) << (c*h1 + r)
			switch {
			case mask&bit == 0:
				buf[n] = '.'
			case kk&bit != 0:
				buf[n] = 'x'
			default:
				buf[n] = 'o'
			}
			n++
		}
	}
	return int32(n)
}

func parseError(why string) int32 {
	return refuse("connect4go position: " + why + "; want the rows from top to bottom separated by /, each cell x, o or ., or the columns played as digits from 1")
}

//go:wasmexport sente_parse
func senteParse(n int32) int32 {
	text := string(buf[:n])
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
	key := bottom
	if digits {
		for i := range len(text) {
			if ended(key) != 0 {
				return parseError("the game is over before the last move")
			}
			c := int(text[i] - '1')
			if c >= w {
				return parseError("a column past the board")
			}
			mask := occupied(key)
			s := key &^ mask &^ top & (field << (c * h1))
			if s == 0 {
				return parseError("a move into a full column")
			}
			key += s << (uint(bits.OnesCount64(mask)&1) ^ 1)
		}
	} else {
		rows := split(text, '/')
		if len(rows) != h {
			return parseError("the wrong number of rows")
		}
		var x, o uint64
		for i, row := range rows {
			if len(row) != w {
				return parseError("a row of the wrong length")
			}
			r := h - 1 - i
			for c := range w {
				bit := uint64(1) << (c*h1 + r)
				switch row[c] {
				case 'x', 'X':
					x |= bit
				case 'o', 'O':
					o |= bit
				case '.':
				default:
					return parseError("a cell that is not x, o or .")
				}
			}
		}
		mask := x | o
		for c := range w {
			f := mask & (field << (c * h1))
			if f&(f+1<<(c*h1)) != 0 {
				return parseError("a stone above an empty cell")
			}
		}
		nx, no := bits.OnesCount64(x), bits.OnesCount64(o)
		if no != nx && no != nx-1 {
			return parseError("x moves first, so o has as many stones as x or one fewer")
		}
		waiting := x
		if nx > no {
			waiting = o
		}
		if hasLine(waiting) {
			return parseError("a line for the player who did not move last")
		}
		key = x + mask + bottom
	}
	room(8)
	*(*uint64)(at(senteBuffer(8))) = key
	return 0
}

// Mirror images have the same value: the representative is the lesser key.
//
//go:wasmexport sente_canonical
func senteCanonical(keys, n, out int32) int32 {
	ks := keysAt(keys, n)
	o := keysAt(out, n)
	for i, key := range ks {
		var m uint64
		for c := range w {
			m |= (key >> (c * h1) & field) << ((w - 1 - c) * h1)
		}
		o[i] = min(key, m)
	}
	return 0
}

//go:wasmexport sente_tier
func senteTier(key int64) int32 { return int32(startTier - bits.OnesCount64(occupied(uint64(key)))) }

//go:wasmexport sente_tier_size
func senteTierSize(tier int32) int64 {
	stones := startTier - int(tier)
	if stones < 0 || stones > cells {
		return 0
	}
	return int64(tierSize[stones])
}

//go:wasmexport sente_child_tiers
func senteChildTiers(tier int32) int32 {
	stones := startTier - int(tier)
	if stones < 0 || stones >= cells || !room(4) {
		return 0
	}
	*(*uint32)(at(senteBuffer(4))) = uint32(tier) - 1
	return 1
}

//go:wasmexport sente_rank
func senteRank(key int64) int64 {
	kk := uint64(key)
	var heights, first uint64
	rest := bits.OnesCount64(occupied(kk))
	t, place := rest, 0
	for c := range w {
		col := kk >> (c * h1) & field
		hc := bits.Len64(col) - 1 // the sentinel's row
		heights += below[c][rest][hc]
		rest -= hc
		first |= (col ^ 1<<hc) << place
		place += hc
	}
	// The j-th lowest of the first player's stones, at place p, adds C(p, j).
	var stones uint64
	for j := 1; first != 0; j, first = j+1, first&(first-1) {
		stones += binom[bits.TrailingZeros64(first)][j]
	}
	return int64(heights*binom[t][(t+1)/2] + stones)
}

//go:wasmexport sente_unrank
func senteUnrank(tier int32, rank int64) int64 {
	r := uint64(rank)
	t := startTier - int(tier) // the stones
	if t < 0 || t > cells || r >= tierSize[t] {
		return -1
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
	for c := range w {
		v := h
		for below[c][rest][v] > hr {
			v--
		}
		hr -= below[c][rest][v]
		rest -= v
		key |= (first&(1<<v-1) | 1<<v) << (c * h1)
		first >>= v
	}
	return int64(key)
}

// A walk through a batch of ranks, which the engine gives in increasing
// order: most ranks share their heights with the last one, and many are a
// few combinations past it, so the walk keeps the columns' layout and the
// first player's stones of the last rank and steps from them. What the
// heights give the children's ranks is kept with them too.
type walk struct {
	heights uint64    // the heights' digit of the last rank, or ^0
	stones  uint64    // its stones' digit, or ^0
	first   uint64    // the first player's stones, as bits in stone order
	h       [8]int    // the heights of its columns
	top     [8]int    // the stones up to each column's top, in stone order
	child   [8]uint64 // the heights' part of the rank of the child that plays in each column, or ^0 for a full column
}

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
	var rest [8]int
	left := t
	for c := range w {
		v := h
		for below[c][left][v] > hr {
			v--
		}
		hr -= below[c][left][v]
		rest[c] = left
		left -= v
		wk.h[c] = v
		wk.top[c] = t - left
	}
	if t == cells {
		return
	}
	choices := binom[t+1][(t+2)/2]
	var pre, suf uint64
	for c := range w {
		suf += below[c][rest[c]][wk.h[c]]
	}
	for c := range w {
		suf -= below[c][rest[c]][wk.h[c]]
		wk.child[c] = ^uint64(0)
		if wk.h[c] < h {
			wk.child[c] = (pre + below[c][rest[c]+1][wk.h[c]+1] + suf) * choices
		}
		pre += below[c][rest[c]+1][wk.h[c]]
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
			for binom[p][j] > rest {
				p--
			}
			first |= 1 << p
			rest -= binom[p][j]
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
	for c := range w {
		v := wk.h[c]
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
	var low, moved [8]uint64
	var count [8]int
	firstMoves := 0
	if t&1 == 0 {
		firstMoves = 1
	}
	var sum, shifted uint64
	j, c := 0, 0
	for f := wk.first; f != 0; f &= f - 1 {
		p := bits.TrailingZeros64(f)
		for p >= wk.top[c] {
			low[c], moved[c], count[c] = sum, shifted, j
			c++
		}
		j++
		sum += binom[p][j]
		shifted += binom[p+1][j+firstMoves]
	}
	for ; c < w; c++ {
		low[c], moved[c], count[c] = sum, shifted, j
	}
	n := 0
	for c := range w {
		if wk.child[c] == ^uint64(0) {
			continue
		}
		stones := low[c] + shifted - moved[c]
		if firstMoves == 1 {
			stones += binom[wk.top[c]][count[c]+1]
		}
		out[n] = tierBits | (wk.child[c] + stones)
		n++
	}
	return n
}

// The tier engine's batch: for each of n ranks of a tier, its key, what it
// ended with or how many children it has, and each child's tier and rank,
// in one call where the single exports would take a dozen a board.
//
//go:wasmexport sente_expand_ranks
func senteExpandRanks(tier, ranks, n, out, capacity int32) int32 {
	t := startTier - int(tier)
	if t < 0 || t > cells {
		return -2
	}
	rs := keysAt(ranks, n)
	keys := keysAt(out, n)
	counts := unsafe.Slice((*int32)(at(out+8*n)), n)
	kids := keysAt(out+16*n, capacity)
	tierBits := uint64(tier-1) << 48 // a stone more: the tier below
	choices := binom[t][(t+1)/2]
	wk := walk{heights: ^uint64(0)}
	written := 0
	for i, r := range rs {
		if r >= tierSize[t] {
			return -2
		}
		key := wk.to(t, r/choices, r%choices)
		keys[i] = key
		if e := ended(key); e != 0 {
			counts[i] = -int32(e)
			continue
		}
		if written+w > int(capacity) {
			return -1
		}
		c := wk.childRanks(t, tierBits, kids[written:])
		counts[i] = int32(c)
		written += c
	}
	return int32(written)
}
