package search

import "testing"

// TestMarginTableKeepsCostliest: of the keys that meet in one bucket of
// the margin table, the one whose proof cost the most stays while cheaper
// ones come and go, until it has aged past them; a key's own entry keeps
// its bounds when placed again; and Grow keeps what the table holds.
func TestMarginTableKeepsCostliest(t *testing.T) {
	s := &MarginSearcher{}
	s.tt, s.shift = newMarginTable(1 << 15)
	home := &s.bucket(1)[0]
	var same []uint64 // keys of key 1's bucket
	for k := uint64(2); len(same) < 50; k++ {
		if &s.bucket(k)[0] == home {
			same = append(same, k)
		}
	}
	costly := s.place(1, 20)
	costly.lo, costly.hi = 3*plyUnit, 5*plyUnit
	for _, k := range same {
		s.place(k, 3)
		if s.lookup(k) == nil {
			t.Fatalf("key %d, just placed, is not found", k)
		}
		if e := s.lookup(1); e == nil || e.lo != 3*plyUnit || e.hi != 5*plyUnit {
			t.Fatalf("after key %d: the costly entry is %+v", k, e)
		}
	}
	if e := s.place(1, 2); e.lo != 3*plyUnit || e.hi != 5*plyUnit || e.work != 20 {
		t.Errorf("placed again, the entry lost what it held: %+v", e)
	}
	if s.filled != 2 {
		t.Errorf("filled %d entries of one bucket; want 2", s.filled)
	}
	s.Grow(1 << 20)
	if e := s.lookup(1); e == nil || e.lo != 3*plyUnit || e.work != 20 {
		t.Errorf("after Grow: %+v", e)
	}
	if s.lookup(same[len(same)-1]) == nil {
		t.Errorf("after Grow, the last key placed is lost")
	}
	// Ten calls of Margin later, the costly entry counts for less than a
	// cheap one of now.
	s.tt, s.shift = newMarginTable(1 << 15)
	s.place(1, 20)
	s.gen += 10
	s.place(same[0], 1)
	s.place(same[1], 1)
	if s.lookup(1) != nil {
		t.Errorf("an entry of ten calls ago outlived two cheap entries of now")
	}
}
