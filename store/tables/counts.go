package tables

import (
	"encoding/binary"
	"fmt"
	"maps"
	"slices"

	"github.com/sente-go/sente/store"
)

// ClassCounts are, for a game whose ranks stand for classes of symmetric
// positions (sente.SymmetricRanker), each tier's positions by value, which
// the classes solved stand for: the counts every published figure gives.
// The tier engine counts them and stores them (store.Positions); the
// tables read them back.
type ClassCounts map[int]store.Counts

// ReadCounts reads the positions counted for the tiers of order, children
// first, from a solve from the game's start, and false when src holds
// none or they do not read back (a damaged count, counted again by a
// solve that may).
func ReadCounts(src Source, order []int) (ClassCounts, bool) {
	// Has checks every block.
	if !src.Has(0, store.Positions) {
		return nil, false
	}
	tbl, err := src.Open(0, store.Positions)
	if err != nil {
		return nil, false
	}
	defer tbl.Close()
	cc, err := DecodeClassCounts(tbl.Data, order)
	return cc, err == nil
}

// ReadAnyCounts reads the positions counted for whichever tiers src holds
// counts of, for tables of every position (counted a tier at a time, by
// solves from this position or another); none when they do not read back.
func ReadAnyCounts(src Source) ClassCounts {
	if src.Has(0, store.Positions) {
		if tbl, err := src.Open(0, store.Positions); err == nil {
			defer tbl.Close()
			if cc, err := DecodeAnyClassCounts(tbl.Data); err == nil {
				return cc
			}
		}
	}
	return ClassCounts{}
}

// Of are the counts of the tiers of order, and false when a tier of order
// has none.
func (cc ClassCounts) Of(order []int) (ClassCounts, bool) {
	out := ClassCounts{}
	for _, t := range order {
		n, ok := cc[t]
		if !ok {
			return nil, false
		}
		out[t] = n
	}
	return out, true
}

// Encode is the payload of a store.Positions file: six words a tier, in
// order.
func (cc ClassCounts) Encode(order []int) ([]byte, store.Counts) {
	var b []byte
	var total store.Counts
	for _, t := range order {
		c := cc[t]
		for _, w := range []uint64{uint64(t), c.Positions, c.Win, c.Lose, c.Tie, c.Draw} {
			b = binary.LittleEndian.AppendUint64(b, w)
		}
		total.Positions += c.Positions
	}
	return b, total
}

// Tiers are the tiers counted, in increasing order.
func (cc ClassCounts) Tiers() []int {
	return slices.Sorted(maps.Keys(cc))
}

// DecodeClassCounts reads a store.Positions file's payload back, checking
// that it counts the tiers of order.
func DecodeClassCounts(b []byte, order []int) (ClassCounts, error) {
	if len(b) != 48*len(order) {
		return nil, fmt.Errorf("%d bytes of counts, want %d for %d tiers", len(b), 48*len(order), len(order))
	}
	cc, err := DecodeAnyClassCounts(b)
	if err != nil {
		return nil, err
	}
	for i, t := range order {
		if got := int(binary.LittleEndian.Uint64(b[48*i:])); got != t {
			return nil, fmt.Errorf("counts of tier %d where tier %d was expected", got, t)
		}
	}
	return cc, nil
}

// DecodeAnyClassCounts reads back the counts of whichever tiers a
// store.Positions payload holds, each once.
func DecodeAnyClassCounts(b []byte) (ClassCounts, error) {
	if len(b)%48 != 0 {
		return nil, fmt.Errorf("%d bytes of counts, not six words a tier", len(b))
	}
	cc := ClassCounts{}
	for i := 0; i < len(b); i += 48 {
		w := func(j int) uint64 { return binary.LittleEndian.Uint64(b[i+8*j:]) }
		t := int(w(0))
		if _, twice := cc[t]; twice || t < 0 {
			return nil, fmt.Errorf("counts of tier %d twice, or of no tier", w(0))
		}
		c := store.Counts{Positions: w(1), Win: w(2), Lose: w(3), Tie: w(4), Draw: w(5)}
		if c.Win+c.Lose+c.Tie+c.Draw != c.Positions {
			return nil, fmt.Errorf("tier %d counts %d positions, %d by value", t, c.Positions, c.Win+c.Lose+c.Tie+c.Draw)
		}
		cc[t] = c
	}
	return cc, nil
}
