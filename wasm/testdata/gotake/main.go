// Command gotake is the test module take.c written in Go, built with
// GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared: a reactor whose
// runtime imports the WASI functions the host stubs. It keeps the
// interface of docs/modules.md, required exports only.
package main

import (
	"encoding/binary"
	"strconv"
	"strings"
	"unsafe"
)

var (
	buf  = make([]byte, 1<<16)
	n0   = 20
	take = 3
)

func main() {}

func addr() int32 { return int32(uintptr(unsafe.Pointer(&buf[0]))) }

// mem is the module's memory at an address the host gave.
func mem(at int32, n int) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(uintptr(at))), n)
}

//go:wasmexport sente_version
func version() int32 { return 1 }

//go:wasmexport sente_buffer
func buffer(n int32) int32 {
	if int(n) > len(buf) {
		return 0
	}
	return addr()
}

const description = `{"name": "gotake", "summary": "take.c in Go", "params": [
{"name": "n", "doc": "tokens", "kind": "int", "default": "20", "min": 0, "max": 1000},
{"name": "k", "doc": "most taken", "kind": "int", "default": "3", "min": 1, "max": 10}],
"impartial": true, "alternates": true, "start_tier": 1000}`

//go:wasmexport sente_describe
func describe() int32 { return int32(copy(buf, description)) }

//go:wasmexport sente_new
func newGame(n int32) int32 {
	for _, kv := range strings.Split(string(buf[:n]), ",") {
		k, v, _ := strings.Cut(kv, "=")
		x, _ := strconv.Atoi(v)
		switch k {
		case "n":
			n0 = x
		case "k":
			take = x
		}
	}
	return 0
}

//go:wasmexport sente_start
func start() int64 { return int64(n0) << 1 }

//go:wasmexport sente_turn
func turn(key int64) int32 { return int32(key & 1) }

//go:wasmexport sente_ended
func ended(keys, n, out int32) int32 {
	clear(mem(out, int(n)))
	return 0
}

//go:wasmexport sente_children
func children(keys, n, counts, out, capacity int32) int32 {
	w := 0
	for i := range int(n) {
		key := binary.LittleEndian.Uint64(mem(keys+int32(8*i), 8))
		h, c := int(key>>1), 0
		for t := 1; t <= take && t <= h; t++ {
			if w >= int(capacity) {
				return -1
			}
			binary.LittleEndian.PutUint64(mem(out+int32(8*w), 8), uint64(h-t)<<1|(key&1^1))
			w++
			c++
		}
		binary.LittleEndian.PutUint32(mem(counts+int32(4*i), 4), uint32(c))
	}
	return int32(w)
}

//go:wasmexport sente_moves
func moves(key int64) int32 {
	h, at := int(key>>1), 0
	for t := 1; t <= take && t <= h; t++ {
		binary.LittleEndian.PutUint64(buf[at:], uint64(h-t)<<1|uint64(key&1^1))
		name := strconv.Itoa(t)
		buf[at+8] = byte(len(name))
		at += 9 + copy(buf[at+9:], name)
	}
	return int32(at)
}

//go:wasmexport sente_format
func format(key int64) int32 {
	return int32(copy(buf, strconv.Itoa(int(key>>1))+"/"+strconv.Itoa(int(key&1))))
}

//go:wasmexport sente_parse
func parse(n int32) int32 {
	h, t, ok := strings.Cut(string(buf[:n]), "/")
	x, err1 := strconv.Atoi(h)
	y, err2 := strconv.Atoi(t)
	if !ok || err1 != nil || err2 != nil || x < 0 || x > 1000 || y < 0 || y > 1 {
		return -int32(copy(buf, "want heap/turn, as 20/0"))
	}
	binary.LittleEndian.PutUint64(buf, uint64(x)<<1|uint64(y))
	return 0
}
