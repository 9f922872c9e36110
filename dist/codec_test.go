package dist

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestOffsetsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name   string
		offs   []uint32
		bitset bool
	}{
		{"none", nil, false},
		{"one", []uint32{5}, false},
		{"far apart", []uint32{0, 1 << 20, 1<<32 - 1}, false},
		{"dense", seq(0, 4096, 1), true},
		{"every other", seq(100, 5000, 2), true},
		{"repeats", []uint32{1, 1, 2, 9, 9, 9}, false},
	} {
		b := encodeOffsets(tc.offs)
		if (b[0] == offsetBitset) != tc.bitset {
			t.Errorf("%s: encoded as kind %d", tc.name, b[0])
		}
		got, err := decodeOffsets(nil, b)
		if err != nil || !slices.Equal(got, tc.offs) && len(got)+len(tc.offs) > 0 {
			t.Errorf("%s: %v, %v; want %v", tc.name, got, err, tc.offs)
		}
	}
	for range 200 {
		var a, b []uint32
		for range r.IntN(300) {
			a = append(a, r.Uint32N(2000))
		}
		for range r.IntN(300) {
			b = append(b, r.Uint32N(2000))
		}
		a, b = sortedSet(a), sortedSet(b)
		got, err := decodeOffsets(nil, mergeOffsets(encodeOffsets(a), encodeOffsets(b)))
		want := sortedSet(append(slices.Clone(a), b...))
		if err != nil || !slices.Equal(got, want) && len(got)+len(want) > 0 {
			t.Fatalf("merge of %v and %v: %v, %v", a, b, got, err)
		}
		m := messages{Lost: a, Won: append(slices.Clone(b), b...)}
		back, err := decodeMessages(mergeMessages(encodeMessages(m), encodeMessages(messages{Won: b})))
		if err != nil || len(back.Lost) != len(a) || len(back.Won) != 3*len(b) {
			t.Fatalf("messages: %d lost, %d won, %v; want %d and %d", len(back.Lost), len(back.Won), err, len(a), 3*len(b))
		}
	}
}

func seq(from, to, step uint32) []uint32 {
	var s []uint32
	for i := from; i < to; i += step {
		s = append(s, i)
	}
	return s
}

// FuzzDecode: what crosses a shuffle or sits in the work directory never
// makes a reader panic, and what decodes encodes back to itself.
func FuzzDecode(f *testing.F) {
	f.Add(encodeOffsets([]uint32{1, 2, 3}))
	f.Add(encodeOffsets(seq(0, 1000, 1)))
	f.Add(encodeMessages(messages{Lost: []uint32{4}, Won: []uint32{7, 7}}))
	f.Add(newLoopState(70).encode())
	f.Fuzz(func(t *testing.T, b []byte) {
		if offs, err := decodeOffsets(nil, b); err == nil {
			if !slices.IsSorted(offs) {
				t.Fatalf("decoded offsets out of order: %v", offs)
			}
			again, err := decodeOffsets(nil, encodeOffsets(offs))
			if err != nil || !slices.Equal(again, offs) && len(again)+len(offs) > 0 {
				t.Fatalf("%v encodes back as %v (%v)", offs, again, err)
			}
		}
		decodeMessages(b)
		decodeSummary(b)
		decodePart(b, partValues)
		if len(b) >= 12 {
			decodeLoopState(b, uint64(b[4])%200)
		}
	})
}

func TestSortOffsets(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 511, 512, 5000, 100000} {
		for _, span := range []uint32{10, 1 << 16, 1 << 22, 1<<32 - 1} {
			offs := make([]uint32, n)
			for i := range offs {
				offs[i] = r.Uint32N(span)
			}
			want := slices.Clone(offs)
			slices.Sort(want)
			sortOffsets(offs)
			if !slices.Equal(offs, want) {
				t.Fatalf("%d offsets below %d: not sorted", n, span)
			}
		}
	}
}

func TestGatherPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	g := newGather()
	for range 20000 {
		d := int64(r.IntN(70))
		span := uint32(100 + d*d*d*40) // short dense lists and long sparse ones
		g.add(d, r.Uint32N(span))
	}
	g.sortAll()
	g.positions()
	for d, l := range g.Lists {
		for i, o := range l {
			if at, ok := g.position(int32(d), o); !ok || at != i {
				t.Fatalf("list %d: offset %d at %d (%v), want %d", d, o, at, ok, i)
			}
			if i > 0 && l[i-1]+1 < o {
				if _, ok := g.position(int32(d), o-1); ok {
					t.Fatalf("list %d: offset %d found, not in the list", d, o-1)
				}
			}
		}
		if _, ok := g.position(int32(d), 1<<31); ok {
			t.Fatal("an offset past the list found")
		}
	}
}
