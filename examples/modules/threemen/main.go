// Command threemen is three men's morris as a sente game module
// (docs/modules.md, interface version 1), written in Go and built with
// GOOS=wasip1 GOARCH=wasm -buildmode=c-shared (see build.sh). It is a game
// sente does not have built in, and a loopy one: once the men are placed they
// move back and forth, positions repeat, and a game that goes round for ever
// is a draw.
//
// The board is 3×3 points joined across and down (no diagonals). x, then o,
// place their three men one at a time on empty points; then each in turn
// moves a man along a line to the next point, which must be empty. Three men
// in a row or a column (a mill) win; a player to move who cannot move loses.
// With misere=true both results are reversed: a mill loses, and a player who
// cannot move wins.
//
// Points are numbered row by row from the top left, 0 to 8. The key is x's
// points, o's points shifted 9 up, and bit 18 set when o is to move.
// Positions are written as the rows from top to bottom separated by /, a
// space and the player to move: "x.o/.x./o.. o". Moves are named by points,
// column a to c from the left and row 1 to 3 from the bottom: "b2" places a
// man, "a1-b1" moves one.
package main

import (
	"math/bits"
	"strings"
	"unsafe"
)

func main() {}

const (
	points  = 9
	all     = 1<<points - 1
	oToMove = 1 << 18
)

// neighbours[p]: the points one line from p.
var neighbours = [points]uint32{
	1<<1 | 1<<3, 1<<0 | 1<<2 | 1<<4, 1<<1 | 1<<5,
	1<<0 | 1<<4 | 1<<6, 1<<1 | 1<<3 | 1<<5 | 1<<7, 1<<2 | 1<<4 | 1<<8,
	1<<3 | 1<<7, 1<<4 | 1<<6 | 1<<8, 1<<5 | 1<<7,
}

var mills = [6]uint32{0007, 0070, 0700, 0111, 0222, 0444}

var (
	misere bool
	buf    []byte // the scratch area the host reads and writes
)

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
		words := make([]uint64, (int(bytes)+15)/8)
		buf = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), len(words)*8)
	}
	return int32(uintptr(unsafe.Pointer(unsafe.SliceData(buf))))
}

func room(n int) bool { return n <= len(buf) || senteBuffer(int32(n)) != 0 }

const description = `{"name":"threemen",` +
	`"summary":"three men's morris (a Go module): place three men, then move them along the lines to make three in a row",` +
	`"rules":"The board is 3×3 points joined across and down. x, then o, place their three men one at a time on empty points; then each in turn moves a man along a line to the next point, which must be empty. Three in a row or a column wins; a player who cannot move loses. Play that goes round for ever is a draw.",` +
	`"position":"the rows from top to bottom separated by /, each point x, o or ., a space and the player to move, e.g. x.o/.x./o.. o",` +
	`"params":[` +
	`{"name":"misere","doc":"misère play: a mill loses, and a player who cannot move wins","kind":"bool","default":"false"}` +
	`],"impartial":false,"misere":false,"alternates":true,"loop_tiers":[],"max_score":0,"start_tier":0}`

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
	for _, kv := range strings.Split(string(buf[:n]), ",") {
		if kv == "" {
			continue
		}
		name, value, _ := strings.Cut(kv, "=")
		if name != "misere" {
			return refuse("threemen: unknown parameter " + name + "; the only one is misere")
		}
		misere = value == "true"
	}
	return 0
}

//go:wasmexport sente_start
func senteStart() int64 { return 0 }

func split(key uint64) (x, o uint32, oMoves bool) {
	return uint32(key) & all, uint32(key>>points) & all, key&oToMove != 0
}

func valid(key uint64) bool {
	x, o, oMoves := split(key)
	nx, no := bits.OnesCount32(x), bits.OnesCount32(o)
	if key>>19 != 0 || x&o != 0 || nx > 3 || no > 3 {
		return false
	}
	if nx+no < 6 { // placing: the turn follows from the men placed
		return (nx == no && !oMoves) || (nx == no+1 && oMoves)
	}
	return true
}

//go:wasmexport sente_turn
func senteTurn(key int64) int32 {
	if uint64(key)&oToMove != 0 {
		return 1
	}
	return 0
}

func hasMill(men uint32) bool {
	for _, m := range mills {
		if men&m == m {
			return true
		}
	}
	return false
}

// appendChildren adds the positions the moves of key lead to, in the order
// of their names: placements by point, then moves by the man's point and
// the point it goes to.
func appendChildren(dst []uint64, key uint64) []uint64 {
	x, o, oMoves := split(key)
	mine, shift, next := x, 0, uint64(oToMove)
	if oMoves {
		mine, shift, next = o, points, 0
	}
	empty := all &^ (x | o)
	rest := key &^ oToMove
	if bits.OnesCount32(x|o) < 6 {
		for e := empty; e != 0; e &= e - 1 {
			dst = append(dst, rest|uint64(e&-e)<<shift|next)
		}
		return dst
	}
	for m := mine; m != 0; m &= m - 1 {
		from := bits.TrailingZeros32(m)
		for e := neighbours[from] & empty; e != 0; e &= e - 1 {
			moved := uint64(1<<from|e&-e) << shift
			dst = append(dst, rest^moved|next)
		}
	}
	return dst
}

// ended: a mill of the player who just moved, or no move to make.
func ended(key uint64) byte {
	x, o, oMoves := split(key)
	last := o
	if oMoves {
		last = x
	}
	var kids [24]uint64
	if !hasMill(last) && len(appendChildren(kids[:0], key)) > 0 {
		return 0
	}
	if misere {
		return 1
	}
	return 2
}

//go:wasmexport sente_ended
func senteEnded(keys, n, out int32) int32 {
	o := unsafe.Slice((*byte)(at(out)), n)
	for i, key := range keysAt(keys, n) {
		if !valid(key) {
			return -1
		}
		o[i] = ended(key)
	}
	return 0
}

//go:wasmexport sente_children
func senteChildren(keys, n, counts, out, capacity int32) int32 {
	cn := unsafe.Slice((*uint32)(at(counts)), n)
	o := keysAt(out, capacity)
	written := 0
	var kids [24]uint64
	for i, key := range keysAt(keys, n) {
		if !valid(key) {
			return -2
		}
		c := appendChildren(kids[:0], key)
		if written+len(c) > int(capacity) {
			return -1
		}
		cn[i] = uint32(len(c))
		written += copy(o[written:], c)
	}
	return int32(written)
}

func pointName(p int) string { return string(rune('a'+p%3)) + string(rune('3'-p/3)) }

//go:wasmexport sente_parents
func senteParents(key int64, capacity int32) int32 {
	// The player who moved last is the one not to move now; a parent is the
	// position before that move (not ended), with that player to move.
	kk := uint64(key)
	x, o, oMoves := split(kk)
	moved, shift, turn := o, points, uint64(oToMove)
	if oMoves {
		moved, shift, turn = x, 0, 0
	}
	rest := kk &^ oToMove
	var found []uint64
	n := bits.OnesCount32(x | o)
	// The last move placed a man while men remain to place, or it was o's
	// third, which leaves six men and x to move.
	if n > 0 && (n < 6 || !oMoves) {
		for m := moved; m != 0; m &= m - 1 {
			found = append(found, rest&^(uint64(m&-m)<<shift)|turn)
		}
	}
	if n == 6 {
		empty := all &^ (x | o)
		for m := moved; m != 0; m &= m - 1 {
			to := bits.TrailingZeros32(m)
			for e := neighbours[to] & empty; e != 0; e &= e - 1 {
				found = append(found, rest^uint64(1<<to|e&-e)<<shift|turn)
			}
		}
	}
	var kept []uint64
	for _, p := range found {
		if valid(p) && ended(p) == 0 {
			kept = append(kept, p)
		}
	}
	if len(kept) > int(capacity) {
		return -1
	}
	room(8 * len(kept))
	copy(keysAt(senteBuffer(int32(8*len(kept))), int32(len(kept))), kept)
	return int32(len(kept))
}

//go:wasmexport sente_moves
func senteMoves(key int64) int32 {
	kk := uint64(key)
	if !valid(kk) || !room(24*14) {
		return -1
	}
	var kids [24]uint64
	n := 0
	for _, child := range appendChildren(kids[:0], kk) {
		name := moveName(kk, child)
		for b := range 8 {
			buf[n] = byte(child >> (8 * b))
			n++
		}
		buf[n] = byte(len(name))
		n += 1 + copy(buf[n+1:], name)
	}
	return int32(n)
}

// moveName names the move from key to child by the points it changes.
func moveName(key, child uint64) string {
	changed := uint32(key^child) & all
	changed |= uint32((key^child)>>points) & all
	if bits.OnesCount32(changed) == 1 {
		return pointName(bits.TrailingZeros32(changed))
	}
	was := uint32(key)&all | uint32(key>>points)&all
	from := bits.TrailingZeros32(changed & was)
	to := bits.TrailingZeros32(changed &^ was)
	return pointName(from) + "-" + pointName(to)
}

func format(key uint64) string {
	x, o, oMoves := split(key)
	var sb strings.Builder
	for p := range points {
		if p > 0 && p%3 == 0 {
			sb.WriteByte('/')
		}
		switch {
		case x&(1<<p) != 0:
			sb.WriteByte('x')
		case o&(1<<p) != 0:
			sb.WriteByte('o')
		default:
			sb.WriteByte('.')
		}
	}
	if oMoves {
		sb.WriteString(" o")
	} else {
		sb.WriteString(" x")
	}
	return sb.String()
}

//go:wasmexport sente_format
func senteFormat(key int64) int32 {
	s := format(uint64(key))
	room(len(s))
	return int32(copy(buf, s))
}

//go:wasmexport sente_parse
func senteParse(n int32) int32 {
	text := strings.TrimSpace(string(buf[:n]))
	board, mover, _ := strings.Cut(text, " ")
	rows := strings.Split(board, "/")
	bad := func(why string) int32 {
		return refuse("threemen position " + `"` + text + `": ` + why + `; want the rows from top to bottom separated by /, each point x, o or ., a space and the player to move, e.g. "x.o/.x./o.. o"`)
	}
	if len(rows) != 3 {
		return bad("not 3 rows")
	}
	var key uint64
	for r, row := range rows {
		if len(row) != 3 {
			return bad("a row of other than 3 points")
		}
		for c := range 3 {
			switch row[c] {
			case 'x':
				key |= 1 << (r*3 + c)
			case 'o':
				key |= 1 << (points + r*3 + c)
			case '.':
			default:
				return bad("a point that is not x, o or .")
			}
		}
	}
	switch mover {
	case "x":
	case "o":
		key |= oToMove
	default:
		return bad("no player to move (x or o)")
	}
	if !valid(key) {
		return bad("men that play cannot place so, or the wrong player to move while placing")
	}
	room(8)
	*(*uint64)(at(senteBuffer(8))) = key
	return 0
}
