package search

import (
	"math/rand/v2"
	"testing"

	"github.com/sente-go/sente"
)

// wideTestKey spreads n over both words of a Wide key, so that keys that
// differ share one word or the other and a table that read one word alone
// would confuse them.
func wideTestKey(n uint64) sente.Wide { return sente.Wide{Hi: n & 0xf, Lo: n >> 4} }

// TestRelativeBounds: a bound written to the table and read back at any
// ply is still true (a lower bound no higher, an upper bound no lower) and
// exact when its remoteness can be written.
func TestRelativeBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200_000 {
		ply := int32(rng.IntN(100))
		var s int32
		r := int32(rng.IntN(40_000))
		switch rng.IntN(3) {
		case 0:
			s = winAt(ply + r)
		case 1:
			s = lossAt(ply + r)
		}
		lo, hi := fromRel(lowerRel(s, ply), ply), fromRel(upperRel(s, ply), ply)
		if lo > s || hi < s {
			t.Fatalf("score %d at ply %d: read back as [%d, %d]", s, ply, lo, hi)
		}
		if s == 0 || (r >= 1 && r < relMax) {
			if lo != s || hi != s {
				t.Fatalf("score %d (remoteness %d) at ply %d: read back as [%d, %d], want exact", s, r, ply, lo, hi)
			}
		}
		// Read back deeper, as when a transposition is met at another
		// ply: the same remoteness from there.
		other := int32(rng.IntN(100))
		if s != 0 && r >= 1 && r < relMax {
			want := winAt(other + r)
			if s < 0 {
				want = lossAt(other + r)
			}
			if got := fromRel(lowerRel(s, ply), other); got != want {
				t.Fatalf("score %d at ply %d read at ply %d: %d, want %d", s, ply, other, got, want)
			}
		}
	}
	if fromRel(noLower, 3) != -inf || fromRel(noUpper, 3) != inf {
		t.Errorf("no bound reads back as a bound")
	}
}

// TestTable is a randomized test of the table against a map of the bounds
// stored: every hit is of the key asked for and holds bounds at least as
// tight as the tightest stored of that key since it was last evicted,
// and never bounds another key had; a key stored into a bucket with room
// is found again; the same key's bounds merge; and the stores that say
// they filled an empty entry are as many as the entries the table holds.
func TestTable(t *testing.T) {
	t.Run("narrow", func(t *testing.T) { testTable(t, func(n uint64) uint64 { return n }) })
	t.Run("wide", func(t *testing.T) { testTable(t, wideTestKey) })
}

func testTable[K sente.Key](t *testing.T, keyOf func(uint64) K) {
	for _, alone := range []bool{false, true} {
		tt := newTable[K](64 * 8) // eight buckets of three (or two): evictions are the rule
		tt.alone = alone
		rng := rand.New(rand.NewPCG(3, 4))
		// Each key has a true score; bounds stored around it are true.
		truth := map[K]int16{}
		stored := map[K][2]int16{} // the tightest bounds stored, while not evicted
		filled := 0                // stores that filled an empty entry
		for i := range 100_000 {
			key := keyOf(uint64(rng.IntN(200))*0x1234567 + 1)
			v, ok := truth[key]
			if !ok {
				v = int16(rng.IntN(2000) - 1000)
				truth[key] = v
			}
			if rng.IntN(2) == 0 {
				lo, hi := int16(noLower), int16(noUpper)
				if rng.IntN(3) != 0 {
					lo = v - int16(rng.IntN(50))
				}
				if rng.IntN(3) != 0 {
					hi = v + int16(rng.IntN(50))
				}
				move := uint8(rng.IntN(7))
				if tt.store(key, lo, hi, move, true, uint64(rng.IntN(1<<20))) {
					filled++
				}
				e, ok := tt.probe(key)
				if !ok {
					t.Fatalf("store %d: key %x not found right after it was stored", i, key)
				}
				if e.lower < lo || e.upper > hi || e.move != move {
					t.Fatalf("store %d: key %x stored [%d, %d] move %d, read [%d, %d] move %d", i, key, lo, hi, move, e.lower, e.upper, e.move)
				}
				stored[key] = [2]int16{e.lower, e.upper}
				continue
			}
			e, ok := tt.probe(key)
			if !ok {
				delete(stored, key)
				continue
			}
			if e.lower > v || e.upper < v {
				t.Fatalf("probe %d: key %x worth %d read [%d, %d]: another key's bounds, or untrue", i, key, v, e.lower, e.upper)
			}
			if s, ok := stored[key]; ok && (e.lower < s[0] || e.upper > s[1]) {
				t.Fatalf("probe %d: key %x read [%d, %d], looser than [%d, %d] stored", i, key, e.lower, e.upper, s[0], s[1])
			}
		}
		valid := 0
		for i := range tt.buckets {
			for j := range ways[K]() {
				if data[K](&tt.buckets[i], j).Load()&validBit != 0 {
					valid++
				}
			}
		}
		if filled != valid {
			t.Errorf("stores said they filled %d entries; the table holds %d", filled, valid)
		}
	}
}

// TestTableResized: a table moved into a larger one keeps every entry as
// it was; moved into a smaller one, it keeps no more than fit, each of them
// as it was, and counts what it holds.
func TestTableResized(t *testing.T) {
	t.Run("narrow", func(t *testing.T) { testTableResized(t, func(n uint64) uint64 { return n }) })
	t.Run("wide", func(t *testing.T) { testTableResized(t, wideTestKey) })
}

func testTableResized[K sente.Key](t *testing.T, keyOf func(uint64) K) {
	rng := rand.New(rand.NewPCG(5, 6))
	old := newTable[K](64 * 256)
	want := map[K]entry{}
	for range 2000 {
		key := keyOf(rng.Uint64() | 1)
		lo := int16(rng.IntN(200) - 100)
		hi := lo + int16(rng.IntN(50))
		old.store(key, lo, hi, uint8(rng.IntN(7)), rng.IntN(2) == 0, uint64(rng.IntN(1<<20)))
	}
	held := 0
	for i := range old.buckets {
		for j := range ways[K]() {
			if d := data[K](&old.buckets[i], j).Load(); d&validBit != 0 {
				key := keyAt[K](&old.buckets[i], j)
				e, _ := old.probe(key)
				want[key] = e
				held++
			}
		}
	}
	for _, bytes := range []int64{64 * 256 * 8, 64 * 256, 64 * 16} {
		n := old.resized(bytes)
		if n.Bytes() != bytes {
			t.Fatalf("resized to %d bytes: %d", bytes, n.Bytes())
		}
		found := 0
		for key, e := range want {
			got, ok := n.probe(key)
			if !ok {
				continue
			}
			found++
			if got != e {
				t.Errorf("resized to %d bytes: key %x holds %+v, want %+v", bytes, key, got, e)
			}
		}
		if bytes >= old.Bytes() && found != held {
			t.Errorf("resized to %d bytes from %d: %d of %d entries kept", bytes, old.Bytes(), found, held)
		}
		if int64(found) > n.Entries() || n.used.Load() != int64(found) {
			t.Errorf("resized to %d bytes: %d entries found, %d counted, room for %d", bytes, found, n.used.Load(), n.Entries())
		}
		if n.gen.Load() != old.gen.Load() {
			t.Errorf("resized to %d bytes: generation %d, want %d", bytes, n.gen.Load(), old.gen.Load())
		}
	}
}
