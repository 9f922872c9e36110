package tiers

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"sort"
	"sync"
	"unsafe"

	"sente"
)

// A keyList holds positions as fixed-width binary keys: a game's canonical
// bytes (sente.Expander), zero-padded to a whole number of 64-bit words,
// big-endian, so that keys compare as their byte strings do, word by word.
// A tier's positions, sorted and without repeats, are its key list, and a
// position's rank is its index there. Keys hold no pointers, so millions
// of them cost the garbage collector nothing.
type keyList struct {
	words int      // words a key
	data  []uint64 // the keys, one after another
}

// wordsFor is the words a key of n bytes takes.
func wordsFor(n int) int { return max((n+7)/8, 1) }

func (k *keyList) len() int { return len(k.data) / max(k.words, 1) }

// at is key i.
func (k *keyList) at(i int) []uint64 { return k.data[i*k.words : (i+1)*k.words] }

// widen makes every key words wide, padding with zero words.
func (k *keyList) widen(words int) {
	if words <= k.words {
		return
	}
	n := k.len()
	data := make([]uint64, n*words, max(n*words, cap(k.data)/max(k.words, 1)*words))
	for i := range n {
		copy(data[i*words:], k.at(i))
	}
	k.words, k.data = words, data
}

// add appends the key of the bytes b.
func (k *keyList) add(b []byte) {
	k.widen(wordsFor(len(b)))
	n := len(k.data)
	k.data = slices.Grow(k.data, k.words)[:n+k.words]
	putKey(k.data[n:], b)
}

// addKeys appends the keys of o.
func (k *keyList) addKeys(o *keyList) {
	if o.len() == 0 {
		return
	}
	k.widen(o.words)
	if o.words == k.words {
		k.data = append(k.data, o.data...)
		return
	}
	for i := range o.len() {
		n := len(k.data)
		k.data = append(k.data, make([]uint64, k.words)...)
		copy(k.data[n:], o.at(i))
	}
}

// putKey writes the key of b into dst, whose words are zeroed.
func putKey(dst []uint64, b []byte) {
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

// appendKeyBytes appends the bytes of key (with its zero padding).
func appendKeyBytes(dst []byte, key []uint64) []byte {
	for _, w := range key {
		dst = binary.BigEndian.AppendUint64(dst, w)
	}
	return dst
}

func compareKeys(a, b []uint64) int {
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

// sortUnique sorts the keys and drops repeats.
func (k *keyList) sortUnique() {
	n := k.len()
	if n < 2 {
		return
	}
	switch k.words {
	case 1:
		slices.Sort(k.data)
		k.data = slices.Compact(k.data)
	case 2:
		k.data = sortUniqueAs[[2]uint64](k.data, n, 2)
	case 3:
		k.data = sortUniqueAs[[3]uint64](k.data, n, 3)
	case 4:
		k.data = sortUniqueAs[[4]uint64](k.data, n, 4)
	default:
		sort.Sort(wideKeys{k})
		w, out := k.words, 1
		for i := 1; i < n; i++ {
			if compareKeys(k.at(i), k.at(out-1)) != 0 {
				copy(k.data[out*w:], k.at(i))
				out++
			}
		}
		k.data = k.data[:out*w]
	}
}

// sortUniqueAs sorts n keys of words words seen as arrays R of that many
// words, which the standard sort moves and compares as values.
func sortUniqueAs[R [2]uint64 | [3]uint64 | [4]uint64](data []uint64, n, words int) []uint64 {
	recs := unsafe.Slice((*R)(unsafe.Pointer(unsafe.SliceData(data))), n)
	slices.SortFunc(recs, func(a, b R) int {
		for i := range words {
			if a[i] != b[i] {
				if a[i] < b[i] {
					return -1
				}
				return 1
			}
		}
		return 0
	})
	recs = slices.Compact(recs)
	return data[:len(recs)*words]
}

// wideKeys sorts keys of more than four words.
type wideKeys struct{ k *keyList }

func (s wideKeys) Len() int           { return s.k.len() }
func (s wideKeys) Less(i, j int) bool { return compareKeys(s.k.at(i), s.k.at(j)) < 0 }
func (s wideKeys) Swap(i, j int) {
	a, b := s.k.at(i), s.k.at(j)
	for x := range a {
		a[x], b[x] = b[x], a[x]
	}
}

// without returns the keys of k (sorted, unique) that are not in known
// (sorted, unique, as wide).
func (k *keyList) without(known *keyList) keyList {
	out := keyList{words: k.words}
	j, m := 0, known.len()
	for i := range k.len() {
		key := k.at(i)
		for j < m && compareKeys(known.at(j), key) < 0 {
			j++
		}
		if j < m && compareKeys(known.at(j), key) == 0 {
			continue
		}
		out.data = append(out.data, key...)
	}
	return out
}

// merge returns the union of two sorted lists without repeats, as wide.
func merge(a, b *keyList) keyList {
	switch a.words {
	case 1:
		return keyList{words: 1, data: mergeAs[[1]uint64](a.data, b.data, 1)}
	case 2:
		return keyList{words: 2, data: mergeAs[[2]uint64](a.data, b.data, 2)}
	case 3:
		return keyList{words: 3, data: mergeAs[[3]uint64](a.data, b.data, 3)}
	case 4:
		return keyList{words: 4, data: mergeAs[[4]uint64](a.data, b.data, 4)}
	}
	return mergeSlow(a, b)
}

// mergeAs merges keys of words words seen as arrays R of that many words.
func mergeAs[R [1]uint64 | [2]uint64 | [3]uint64 | [4]uint64](a, b []uint64, words int) []uint64 {
	as := unsafe.Slice((*R)(unsafe.Pointer(unsafe.SliceData(a))), len(a)/words)
	bs := unsafe.Slice((*R)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/words)
	out := make([]R, 0, len(as)+len(bs))
	compare := func(x, y R) int {
		for i := range words {
			if x[i] != y[i] {
				if x[i] < y[i] {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	i, j := 0, 0
	for i < len(as) && j < len(bs) {
		switch c := compare(as[i], bs[j]); {
		case c < 0:
			out = append(out, as[i])
			i++
		case c > 0:
			out = append(out, bs[j])
			j++
		default:
			out = append(out, as[i])
			i, j = i+1, j+1
		}
	}
	out = append(out, as[i:]...)
	out = append(out, bs[j:]...)
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(out))), cap(out)*words)[:len(out)*words]
}

// mergeSlow is merge for keys of any width.
func mergeSlow(a, b *keyList) keyList {
	out := keyList{words: a.words, data: make([]uint64, 0, len(a.data)+len(b.data))}
	i, j := 0, 0
	for i < a.len() || j < b.len() {
		switch {
		case j == b.len() || i < a.len() && compareKeys(a.at(i), b.at(j)) < 0:
			out.data = append(out.data, a.at(i)...)
			i++
		case i == a.len() || compareKeys(a.at(i), b.at(j)) > 0:
			out.data = append(out.data, b.at(j)...)
			j++
		default:
			out.data = append(out.data, a.at(i)...)
			i, j = i+1, j+1
		}
	}
	return out
}

// keyIndex finds a key in a sorted list of keys without repeats: the keys
// share their first prefix bits, and the next bits choose a bucket of
// index, a range of the list a binary search finishes in. Without it a
// search of a tier of ten million keys reads some two dozen cache lines
// scattered over the list; with it, one or two.
type keyIndex struct {
	keys   keyList
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
func (x *keyIndex) keyAt(r uint64) ([]uint64, error) {
	if x.check != nil {
		w := uint64(8 * x.keys.words)
		if err := x.check(r*w, (r+1)*w); err != nil {
			return nil, err
		}
	}
	return x.keys.at(int(r)), nil
}

// endAt is how the position of rank r ends.
func (x *keyIndex) endAt(r uint64) (sente.Value, error) {
	if x.check != nil {
		if err := x.check(x.endsAt+r/4, x.endsAt+r/4+1); err != nil {
			return sente.Unknown, err
		}
	}
	return endOf(x.ends, r), nil
}

// secondAt reports whether the second player is to move at rank r.
func (x *keyIndex) secondAt(r uint64) (bool, error) {
	if x.check != nil {
		at := x.endsAt + uint64(len(x.ends)) + r/8
		if err := x.check(at, at+1); err != nil {
			return false, err
		}
	}
	return x.turns[r/8]&(1<<(r%8)) != 0, nil
}

// lookup is find, with the keys it reads checked first when x has check.
func (x *keyIndex) lookup(key []uint64) (uint64, bool, error) {
	if x.check == nil {
		r, ok := x.find(key)
		return r, ok, nil
	}
	lo, hi := uint64(0), uint64(x.keys.len())
	for lo < hi {
		mid := lo + (hi-lo)/2
		k, err := x.keyAt(mid)
		if err != nil {
			return 0, false, err
		}
		switch c := compareKeys(k, key); {
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

// newKeyIndex indexes keys, sorted and without repeats.
func newKeyIndex(keys keyList) *keyIndex {
	x := &keyIndex{keys: keys}
	n := keys.len()
	if n == 0 {
		return x
	}
	first, last := keys.at(0), keys.at(n-1)
	x.shared = first
	x.prefix = 64 * keys.words
	for i := range first {
		if d := first[i] ^ last[i]; d != 0 {
			x.prefix = 64*i + bits.LeadingZeros64(d)
			break
		}
	}
	// About four keys a bucket.
	x.bits = min(max(bits.Len(uint(n))-2, 0), 24, 64*keys.words-x.prefix)
	x.start = make([]uint32, 1<<x.bits+1)
	b := 0
	for i := range n {
		for kb := x.bucket(keys.at(i)); b <= kb; b++ {
			x.start[b] = uint32(i)
		}
	}
	for ; b < len(x.start); b++ {
		x.start[b] = uint32(n)
	}
	return x
}

// bucket is the bucket of a key that shares the prefix.
func (x *keyIndex) bucket(key []uint64) int {
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

// find returns the index of key, which must be as wide as the list.
func (x *keyIndex) find(key []uint64) (uint64, bool) {
	n := x.keys.len()
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
		switch c := compareKeys(x.keys.at(mid), key); {
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

// runs are the keys of a tier the forward pass has not come to yet, as
// sorted runs without repeats, each about twice as long as the next at
// least: a run pushed is merged with the runs no longer than twice its
// length first, so that a tier reached by many moves holds about its
// positions rather than its moves, in a few runs, and each key is merged
// a logarithmic number of times. Workers push runs at once; a merge runs
// outside the lock.
type runs struct {
	mu   sync.Mutex
	list []keyList
}

// push adds a run, sorted and without repeats.
func (r *runs) push(k keyList) {
	for {
		r.mu.Lock()
		n := len(r.list)
		if n == 0 || r.list[n-1].len() > 2*k.len() {
			r.list = append(r.list, k)
			r.mu.Unlock()
			return
		}
		top := r.list[n-1]
		r.list[n-1] = keyList{}
		r.list = r.list[:n-1]
		r.mu.Unlock()
		k = mergeWide(&top, &k)
	}
}

// all merges every run into one, sorted and without repeats.
func (r *runs) all() keyList {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out keyList
	for i := len(r.list) - 1; i >= 0; i-- {
		if out.len() == 0 {
			out = r.list[i]
		} else {
			out = mergeWide(&out, &r.list[i])
		}
		r.list[i] = keyList{}
	}
	r.list = nil
	return out
}

// mergeWide merges two sorted lists without repeats, widening the
// narrower first.
func mergeWide(a, b *keyList) keyList {
	words := max(a.words, b.words)
	a.widen(words)
	b.widen(words)
	return merge(a, b)
}
