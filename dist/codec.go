package dist

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// Offsets are ranks within a shard (rank − the shard's first rank), the
// payload of the messages between shards: the ranks a forward pass
// reaches, the children a shard asks the values of, the parents a loopy
// tier's settled positions tell. They cross the shuffle sorted and
// delta-encoded as unsigned varints (a byte an offset when they are
// dense), or as a bitset when that is smaller.

const (
	offsetList   = 0
	offsetBitset = 1
)

// encodeOffsets encodes sorted offsets, repeats allowed (a multiset: a
// child's parent told twice by two children), as the smaller of a list and,
// when there are no repeats, a bitset.
func encodeOffsets(offs []uint32) []byte {
	list := make([]byte, 1, 1+len(offs)+4)
	list[0] = offsetList
	list = binary.AppendUvarint(list, uint64(len(offs)))
	prev, distinct := uint32(0), true
	for i, o := range offs {
		if i > 0 && o == prev {
			distinct = false
		}
		list = binary.AppendUvarint(list, uint64(o-prev))
		prev = o
	}
	if len(offs) == 0 || !distinct {
		return list
	}
	span := uint64(offs[len(offs)-1]) + 1
	size := int((span + 7) / 8)
	if 1+binary.MaxVarintLen64+size >= len(list) {
		return list
	}
	set := make([]byte, 1, 1+binary.MaxVarintLen64+size)
	set[0] = offsetBitset
	set = binary.AppendUvarint(set, span)
	set = append(set, make([]byte, size)...)
	body := set[len(set)-size:]
	for _, o := range offs {
		body[o/8] |= 1 << (o % 8)
	}
	return set
}

// decodeOffsets appends the offsets b encodes to dst, in increasing order.
func decodeOffsets(dst []uint32, b []byte) ([]uint32, error) {
	if len(b) == 0 {
		return dst, errors.New("offsets: empty message")
	}
	kind, b := b[0], b[1:]
	n, k := binary.Uvarint(b)
	if k <= 0 {
		return dst, errors.New("offsets: bad count")
	}
	b = b[k:]
	switch kind {
	case offsetList:
		prev := uint64(0)
		for range n {
			d, k := binary.Uvarint(b)
			if k <= 0 {
				return dst, errors.New("offsets: list cut short")
			}
			b = b[k:]
			prev += d
			if prev > 1<<32-1 {
				return dst, errors.New("offsets: offset past 32 bits")
			}
			dst = append(dst, uint32(prev))
		}
	case offsetBitset:
		if uint64(len(b)) != (n+7)/8 {
			return dst, fmt.Errorf("offsets: bitset of %d bytes for %d bits", len(b), n)
		}
		for i, x := range b {
			for x != 0 {
				dst = append(dst, uint32(i*8+bits.TrailingZeros8(x)))
				x &= x - 1
			}
		}
	default:
		return dst, fmt.Errorf("offsets: unknown encoding %d", kind)
	}
	if len(b) > 0 && kind == offsetList {
		return dst, errors.New("offsets: bytes after the list")
	}
	return dst, nil
}

// mergeOffsets is the union of two sets of offsets, each encoded.
func mergeOffsets(a, b []byte) []byte {
	x, errA := decodeOffsets(nil, a)
	y, errB := decodeOffsets(nil, b)
	if errA != nil || errB != nil {
		// Both come from encodeOffsets in this process's pipeline; a
		// message that does not decode is kept whole for its reader to
		// refuse.
		return append(append([]byte(nil), a...), b...)
	}
	all := append(x, y...)
	slices.Sort(all)
	return encodeOffsets(slices.Compact(all))
}

// sortedSet sorts offs and removes repeats.
func sortedSet(offs []uint32) []uint32 {
	sortOffsets(offs)
	return slices.Compact(offs)
}

// sortOffsets sorts offsets. The lists of a wave's shards hold millions of
// offsets: a radix sort of two 16-bit digits is linear, where sorting by
// comparison took a quarter of a connect-four wave's time.
func sortOffsets(offs []uint32) {
	if len(offs) < 512 {
		slices.Sort(offs)
		return
	}
	buf := make([]uint32, len(offs))
	src, dst := offs, buf
	for shift := uint(0); shift < 32; shift += 16 {
		var count [1<<16 + 1]int
		for _, o := range src {
			count[(o>>shift)&0xffff+1]++
		}
		if count[1] == len(src) {
			continue // every offset has this digit 0: already in order by it
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, o := range src {
			d := (o >> shift) & 0xffff
			dst[count[d]] = o
			count[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &offs[0] {
		copy(offs, src)
	}
}
