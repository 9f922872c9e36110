//go:build wasip1

package main

import (
	"math/bits"
	"unsafe"
)

func main() {}

// startTier is the module's tier of the start, the empty board: the most
// stones a board of any size allowed holds (w=8, h=7), since the
// description names the start's tier before the size is known. A board's
// tier is startTier less its stones.
const startTier = maxCells

// b is the instance's game: the host makes an instance a game.
var b board

var buf []byte // the scratch area the host reads and writes

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
	if why := b.init(pw, ph, pk, pm); why != "" {
		return refuse("connect4go: " + why)
	}
	return 0
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
func senteStart() int64 { return int64(b.bottom) }

//go:wasmexport sente_turn
func senteTurn(key int64) int32 { return int32(b.stones(uint64(key)) & 1) }

//go:wasmexport sente_ended
func senteEnded(keys, n, out int32) int32 {
	ks := keysAt(keys, n)
	o := unsafe.Slice((*byte)(at(out)), n)
	for i, key := range ks {
		if !b.valid(key) {
			return -1
		}
		o[i] = b.ended(key)
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
		if !b.valid(key) {
			return -2
		}
		mask := b.occupied(key)
		open := key &^ mask &^ b.top
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
	if !b.valid(kk) || !room(10*9) {
		return -1
	}
	n := 0
	for c := range b.w {
		child, ok := b.play(kk, c)
		if !ok {
			continue
		}
		for i := range 8 {
			buf[n] = byte(child >> (8 * i))
			n++
		}
		buf[n], buf[n+1] = 1, byte('1'+c)
		n += 2
	}
	return int32(n)
}

//go:wasmexport sente_format
func senteFormat(key int64) int32 {
	room(100)
	return int32(len(b.format(buf[:0], uint64(key))))
}

//go:wasmexport sente_parse
func senteParse(n int32) int32 {
	key, problem := b.parse(string(buf[:n]))
	if problem != "" {
		return refuse("connect4go position: " + problem + "; want " + positionForm)
	}
	room(8)
	*(*uint64)(at(senteBuffer(8))) = key
	return 0
}

//go:wasmexport sente_canonical
func senteCanonical(keys, n, out int32) int32 {
	ks := keysAt(keys, n)
	o := keysAt(out, n)
	for i, key := range ks {
		o[i] = b.canonical(key)
	}
	return 0
}

//go:wasmexport sente_tier
func senteTier(key int64) int32 { return int32(startTier - b.stones(uint64(key))) }

//go:wasmexport sente_tier_size
func senteTierSize(tier int32) int64 {
	stones := startTier - int(tier)
	if stones < 0 || stones > b.cells {
		return 0
	}
	return int64(b.tierSize[stones])
}

//go:wasmexport sente_child_tiers
func senteChildTiers(tier int32) int32 {
	stones := startTier - int(tier)
	if stones < 0 || stones >= b.cells || !room(4) {
		return 0
	}
	*(*uint32)(at(senteBuffer(4))) = uint32(tier) - 1
	return 1
}

//go:wasmexport sente_rank
func senteRank(key int64) int64 { return int64(b.rank(uint64(key))) }

//go:wasmexport sente_unrank
func senteUnrank(tier int32, rank int64) int64 {
	key, ok := b.unrank(startTier-int(tier), uint64(rank))
	if !ok {
		return -1
	}
	return int64(key)
}

// The tier engine's batch: for each of n ranks of a tier, its key, what it
// ended with or how many children it has, and each child's tier and rank,
// in one call where the single exports would take a dozen a board.
//
//go:wasmexport sente_expand_ranks
func senteExpandRanks(tier, ranks, n, out, capacity int32) int32 {
	t := startTier - int(tier)
	if t < 0 || t > b.cells {
		return -2
	}
	rs := keysAt(ranks, n)
	keys := keysAt(out, n)[:len(rs)]
	counts := unsafe.Slice((*int32)(at(out+8*n)), n)[:len(rs)]
	kids := keysAt(out+16*n, capacity)
	tierBits := uint64(tier-1) << 48 // a stone more: the tier below
	choices := binom[t][(t+1)/2]
	wk := newWalk(&b)
	written := 0
	for i, r := range rs {
		if r >= b.tierSize[t] {
			return -2
		}
		key := wk.to(t, r/choices, r%choices)
		keys[i] = key
		if e := b.ended(key); e != notEnded {
			counts[i] = -int32(e)
			continue
		}
		if written+b.w > int(capacity) {
			return -1
		}
		c := wk.childRanks(t, tierBits, kids[written:])
		counts[i] = int32(c)
		written += c
	}
	return int32(written)
}
