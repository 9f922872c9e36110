package tiers

import (
	"slices"
	"sort"
	"sync"
	"unsafe"

	"github.com/sente-go/sente/store/tables"
)

// The forward pass builds each tier's key list (tables.KeyList, the
// reader's, which the store keeps): it gathers keys, sorts them without
// repeats, and merges sorted runs of them.

// widen makes every key of k words wide, padding with zero words.
func widen(k *tables.KeyList, words int) {
	if words <= k.Words {
		return
	}
	n := k.Len()
	data := make([]uint64, n*words, max(n*words, cap(k.Data)/max(k.Words, 1)*words))
	for i := range n {
		copy(data[i*words:], k.At(i))
	}
	k.Words, k.Data = words, data
}

// add appends to k the key of the bytes b.
func add(k *tables.KeyList, b []byte) {
	widen(k, tables.WordsFor(len(b)))
	n := len(k.Data)
	k.Data = slices.Grow(k.Data, k.Words)[:n+k.Words]
	tables.PutKey(k.Data[n:], b)
}

// addKeys appends the keys of o to k.
func addKeys(k, o *tables.KeyList) {
	if o.Len() == 0 {
		return
	}
	widen(k, o.Words)
	if o.Words == k.Words {
		k.Data = append(k.Data, o.Data...)
		return
	}
	for i := range o.Len() {
		n := len(k.Data)
		k.Data = append(k.Data, make([]uint64, k.Words)...)
		copy(k.Data[n:], o.At(i))
	}
}

// sortUnique sorts the keys of k and drops repeats.
func sortUnique(k *tables.KeyList) {
	n := k.Len()
	if n < 2 {
		return
	}
	switch k.Words {
	case 1:
		radixSort(k.Data)
		k.Data = slices.Compact(k.Data)
	case 2:
		k.Data = sortUniqueAs[[2]uint64](k.Data, n, 2)
	case 3:
		k.Data = sortUniqueAs[[3]uint64](k.Data, n, 3)
	case 4:
		k.Data = sortUniqueAs[[4]uint64](k.Data, n, 4)
	default:
		sort.Sort(wideKeys{k})
		w, out := k.Words, 1
		for i := 1; i < n; i++ {
			if tables.CompareKeys(k.At(i), k.At(out-1)) != 0 {
				copy(k.Data[out*w:], k.At(i))
				out++
			}
		}
		k.Data = k.Data[:out*w]
	}
}

// radixDigit is the width of a radix sort's digit: 2^11 counters fit in
// the first level of cache.
const radixDigit = 11

// radixScratch holds the second buffer of radix sorts, reused.
var radixScratch sync.Pool

// radixSort sorts one-word keys by their digits from the least, skipping
// the digits on which they all agree (a game's keys use few of their bits):
// a few passes over the keys, where a comparison sort takes about twenty
// on the forward pass's lists of a quarter of a million keys.
func radixSort(a []uint64) {
	if len(a) < 1<<10 {
		slices.Sort(a)
		return
	}
	and, or := ^uint64(0), uint64(0)
	for _, x := range a {
		and &= x
		or |= x
	}
	varying := and ^ or
	var buf []uint64
	if p, ok := radixScratch.Get().(*[]uint64); ok && cap(*p) >= len(a) {
		buf = (*p)[:len(a)]
	} else {
		buf = make([]uint64, len(a))
	}
	src, dst := a, buf
	var count [1 << radixDigit]int
	for shift := 0; shift < 64; shift += radixDigit {
		if varying>>shift&(1<<radixDigit-1) == 0 {
			continue
		}
		clear(count[:])
		for _, x := range src {
			count[x>>shift&(1<<radixDigit-1)]++
		}
		sum := 0
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, x := range src {
			d := x >> shift & (1<<radixDigit - 1)
			dst[count[d]] = x
			count[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &a[0] {
		copy(a, src)
	}
	radixScratch.Put(&buf)
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
type wideKeys struct{ k *tables.KeyList }

func (s wideKeys) Len() int           { return s.k.Len() }
func (s wideKeys) Less(i, j int) bool { return tables.CompareKeys(s.k.At(i), s.k.At(j)) < 0 }
func (s wideKeys) Swap(i, j int) {
	a, b := s.k.At(i), s.k.At(j)
	for x := range a {
		a[x], b[x] = b[x], a[x]
	}
}

// without returns the keys of k (sorted, unique) that are not in known
// (sorted, unique, as wide).
func without(k, known *tables.KeyList) tables.KeyList {
	out := tables.KeyList{Words: k.Words}
	j, m := 0, known.Len()
	for i := range k.Len() {
		key := k.At(i)
		for j < m && tables.CompareKeys(known.At(j), key) < 0 {
			j++
		}
		if j < m && tables.CompareKeys(known.At(j), key) == 0 {
			continue
		}
		out.Data = append(out.Data, key...)
	}
	return out
}

// merge returns the union of two sorted lists without repeats, as wide.
func merge(a, b *tables.KeyList) tables.KeyList {
	switch a.Words {
	case 1:
		return tables.KeyList{Words: 1, Data: mergeAs[[1]uint64](a.Data, b.Data, 1)}
	case 2:
		return tables.KeyList{Words: 2, Data: mergeAs[[2]uint64](a.Data, b.Data, 2)}
	case 3:
		return tables.KeyList{Words: 3, Data: mergeAs[[3]uint64](a.Data, b.Data, 3)}
	case 4:
		return tables.KeyList{Words: 4, Data: mergeAs[[4]uint64](a.Data, b.Data, 4)}
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
func mergeSlow(a, b *tables.KeyList) tables.KeyList {
	out := tables.KeyList{Words: a.Words, Data: make([]uint64, 0, len(a.Data)+len(b.Data))}
	i, j := 0, 0
	for i < a.Len() || j < b.Len() {
		switch {
		case j == b.Len() || i < a.Len() && tables.CompareKeys(a.At(i), b.At(j)) < 0:
			out.Data = append(out.Data, a.At(i)...)
			i++
		case i == a.Len() || tables.CompareKeys(a.At(i), b.At(j)) > 0:
			out.Data = append(out.Data, b.At(j)...)
			j++
		default:
			out.Data = append(out.Data, a.At(i)...)
			i, j = i+1, j+1
		}
	}
	return out
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
	list []tables.KeyList
}

// push adds a run, sorted and without repeats.
func (r *runs) push(k tables.KeyList) {
	for {
		r.mu.Lock()
		n := len(r.list)
		if n == 0 || r.list[n-1].Len() > 2*k.Len() {
			r.list = append(r.list, k)
			r.mu.Unlock()
			return
		}
		top := r.list[n-1]
		r.list[n-1] = tables.KeyList{}
		r.list = r.list[:n-1]
		r.mu.Unlock()
		k = mergeWide(&top, &k)
	}
}

// all merges every run into one, sorted and without repeats.
func (r *runs) all() tables.KeyList {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out tables.KeyList
	for i := len(r.list) - 1; i >= 0; i-- {
		if out.Len() == 0 {
			out = r.list[i]
		} else {
			out = mergeWide(&out, &r.list[i])
		}
		r.list[i] = tables.KeyList{}
	}
	r.list = nil
	return out
}

// mergeWide merges two sorted lists without repeats, widening the
// narrower first.
func mergeWide(a, b *tables.KeyList) tables.KeyList {
	words := max(a.Words, b.Words)
	widen(a, words)
	widen(b, words)
	return merge(a, b)
}
