package tables

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/sente-go/sente"
)

// A KeyList holds positions as fixed-width binary keys: a game's canonical
// bytes (sente.Expander), zero-padded to a whole number of 64-bit words,
// big-endian, so that keys compare as their byte strings do, word by word.
// A tier's positions, sorted and without repeats, are its key list, and a
// position's rank is its index there. Keys hold no pointers, so millions
// of them cost the garbage collector nothing. The tier engine's forward
// pass builds the lists (sorting and merging them); they are stored, one
// a tier, as kind store.Keys (KeysPayload), and read back here.
type KeyList struct {
	Words int      // words a key
	Data  []uint64 // the keys, one after another
}

// WordsFor is the words a key of n bytes takes.
func WordsFor(n int) int { return max((n+7)/8, 1) }

// Len is the number of keys.
func (k *KeyList) Len() int { return len(k.Data) / max(k.Words, 1) }

// At is key i.
func (k *KeyList) At(i int) []uint64 { return k.Data[i*k.Words : (i+1)*k.Words] }

// PutKey writes the key of b into dst, whose words are zeroed.
func PutKey(dst []uint64, b []byte) {
	clear(dst)
	for i := 0; len(b) > 0; i++ {
		if len(b) >= 8 {
			dst[i] = binary.BigEndian.Uint64(b)
			b = b[8:]
			continue
		}
		var w [8]byte
		copy(w[:], b)
		dst[i] = binary.BigEndian.Uint64(w[:])
		break
	}
}

// AppendKeyBytes appends the bytes of key (with its zero padding).
func AppendKeyBytes(dst []byte, key []uint64) []byte {
	for _, w := range key {
		dst = binary.BigEndian.AppendUint64(dst, w)
	}
	return dst
}

// CompareKeys orders keys of one width as their bytes.
func CompareKeys(a, b []uint64) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// SecondToMove marks, in the byte the forward pass keeps for a position
// beside how it ends (a sente.Value, 0 when it has moves), a position
// where the second player is to move.
const SecondToMove = 4

// KeysPayload is what a tier's keys are stored as: the words a key, the
// keys, how each position ends (ends, by rank, as the forward pass keeps
// them: see SecondToMove), packed two bits each, and whose turn it is at
// each, a bit each.
func KeysPayload(list KeyList, ends []byte) []byte {
	packed, turns := packEnds(ends), packTurns(ends)
	payload := make([]byte, 0, 8+8*len(list.Data)+len(packed)+len(turns))
	payload = binary.LittleEndian.AppendUint64(payload, uint64(list.Words))
	if len(list.Data) > 0 {
		payload = append(payload, unsafe.Slice((*byte)(unsafe.Pointer(&list.Data[0])), 8*len(list.Data))...)
	}
	payload = append(payload, packed...)
	return append(payload, turns...)
}

// packEnds packs how positions end, two bits each, four to a byte, the
// first in the low bits.
func packEnds(ends []byte) []byte {
	b := make([]byte, (len(ends)+3)/4)
	for i, e := range ends {
		b[i/4] |= e & 3 << (2 * (i % 4))
	}
	return b
}

// packTurns packs whose turn it is at each position, a bit each (set for
// the second player), eight to a byte, the first in the low bit: a move
// keeps the turn when its two positions have the same bit.
func packTurns(ends []byte) []byte {
	b := make([]byte, (len(ends)+7)/8)
	for i, e := range ends {
		if e&SecondToMove != 0 {
			b[i/8] |= 1 << (i % 8)
		}
	}
	return b
}

// endOf is how the position of rank r ends, from packed ends.
func endOf(packed []byte, r uint64) sente.Value {
	return sente.Value(packed[r/4] >> (2 * (r % 4)) & 3)
}

// WordsOf is n words read in place when b is aligned to 8 bytes (a stored
// payload starts on a page, and then read-only), a copy otherwise.
func WordsOf(b []byte, n int) []uint64 {
	if len(b) >= 8*n && n > 0 && uintptr(unsafe.Pointer(&b[0]))%8 == 0 {
		return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n)
	}
	w := make([]uint64, n)
	if n > 0 {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), 8*n), b)
	}
	return w
}

// A KeyIndex finds a key in a sorted list of keys without repeats: the
// keys share their first prefix bits, and the next bits choose a bucket
// of index, a range of the list a binary search finishes in. Without it a
// search of a tier of ten million keys reads some two dozen cache lines
// scattered over the list; with it, one or two.
type KeyIndex struct {
	keys   KeyList
	prefix int      // bits every key shares
	shared []uint64 // the first key, whose prefix the others share
	bits   int      // bits of a bucket number
	start  []uint32 // bucket b's keys are [start[b], start[b+1])
	ends   []byte   // how each position ends, packed (see packEnds)
	endsAt uint64   // where ends begin, in the bytes check sees
	turns  []byte   // whose turn it is at each position, packed (see packTurns), after ends
	// check, when set, checks the bytes [lo, hi) of the keys (ends after
	// them) before they are read, and there are no buckets: a table read
	// a few keys at a time.
	check func(lo, hi uint64) error
}

// keyAt is key r.
func (x *KeyIndex) keyAt(r uint64) ([]uint64, error) {
	if x.check != nil {
		w := uint64(8 * x.keys.Words)
		if err := x.check(r*w, (r+1)*w); err != nil {
			return nil, err
		}
	}
	return x.keys.At(int(r)), nil
}

// endAt is how the position of rank r ends.
func (x *KeyIndex) endAt(r uint64) (sente.Value, error) {
	if x.check != nil {
		if err := x.check(x.endsAt+r/4, x.endsAt+r/4+1); err != nil {
			return sente.Unknown, err
		}
	}
	return endOf(x.ends, r), nil
}

// secondAt reports whether the second player is to move at rank r.
func (x *KeyIndex) secondAt(r uint64) (bool, error) {
	if x.check != nil {
		at := x.endsAt + uint64(len(x.ends)) + r/8
		if err := x.check(at, at+1); err != nil {
			return false, err
		}
	}
	return x.turns[r/8]&(1<<(r%8)) != 0, nil
}

// lookup is Find, with the keys it reads checked first when x has check.
func (x *KeyIndex) lookup(key []uint64) (uint64, bool, error) {
	if x.check == nil {
		r, ok := x.Find(key)
		return r, ok, nil
	}
	lo, hi := uint64(0), uint64(x.keys.Len())
	for lo < hi {
		mid := lo + (hi-lo)/2
		k, err := x.keyAt(mid)
		if err != nil {
			return 0, false, err
		}
		switch c := CompareKeys(k, key); {
		case c == 0:
			return mid, true, nil
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false, nil
}

// NewKeyIndex indexes keys, sorted and without repeats.
func NewKeyIndex(keys KeyList) *KeyIndex {
	x := &KeyIndex{keys: keys}
	n := keys.Len()
	if n == 0 {
		return x
	}
	first, last := keys.At(0), keys.At(n-1)
	x.shared = first
	x.prefix = 64 * keys.Words
	for i := range first {
		if d := first[i] ^ last[i]; d != 0 {
			x.prefix = 64*i + bits.LeadingZeros64(d)
			break
		}
	}
	// About four keys a bucket.
	x.bits = min(max(bits.Len(uint(n))-2, 0), 24, 64*keys.Words-x.prefix)
	x.start = make([]uint32, 1<<x.bits+1)
	b := 0
	for i := range n {
		for kb := x.bucket(keys.At(i)); b <= kb; b++ {
			x.start[b] = uint32(i)
		}
	}
	for ; b < len(x.start); b++ {
		x.start[b] = uint32(n)
	}
	return x
}

// bucket is the bucket of a key that shares the prefix.
func (x *KeyIndex) bucket(key []uint64) int {
	if x.bits == 0 {
		return 0
	}
	return int(bitsAt(key, x.prefix, x.bits))
}

// bitsAt is the n bits of key from bit at, the first bit the highest of
// the first word.
func bitsAt(key []uint64, at, n int) uint64 {
	w, off := at/64, at%64
	v := key[w] << off
	if off+n > 64 && w+1 < len(key) {
		v |= key[w+1] >> (64 - off)
	}
	return v >> (64 - n)
}

// Find returns the index of key, which must be as wide as the list.
func (x *KeyIndex) Find(key []uint64) (uint64, bool) {
	n := x.keys.Len()
	if n == 0 {
		return 0, false
	}
	// The shared prefix, word by word.
	full := x.prefix / 64
	for i := range full {
		if key[i] != x.shared[i] {
			return 0, false
		}
	}
	if r := x.prefix % 64; r > 0 && (key[full]^x.shared[full])>>(64-r) != 0 {
		return 0, false
	}
	b := x.bucket(key)
	lo, hi := int(x.start[b]), int(x.start[b+1])
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		switch c := CompareKeys(x.keys.At(mid), key); {
		case c == 0:
			return uint64(mid), true
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false
}
