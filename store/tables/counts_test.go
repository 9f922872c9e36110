package tables

import (
	"strings"
	"testing"
)

// TestClassCountsRoundTrip: a store.Positions payload reads back as it was
// written, for the tiers of a solve from the start (in their order) and for
// those of the tables of every position (any tiers, each once), and a
// payload that does not hold whole, consistent counts is refused.
func TestClassCountsRoundTrip(t *testing.T) {
	cc := ClassCounts{
		7: {Positions: 10, Win: 4, Lose: 3, Tie: 2, Draw: 1},
		2: {Positions: 5, Draw: 5},
		0: {},
	}
	order := []int{7, 2, 0}
	data, total := cc.Encode(order)
	if total.Positions != 15 {
		t.Errorf("encoded %d positions in all, want 15", total.Positions)
	}
	if got, err := DecodeClassCounts(data, order); err != nil || len(got) != 3 || got[7] != cc[7] || got[2] != cc[2] {
		t.Errorf("DecodeClassCounts = %v, %v; want %v", got, err, cc)
	}
	if _, err := DecodeClassCounts(data, []int{2, 7, 0}); err == nil {
		t.Error("DecodeClassCounts read the counts in another order of the tiers")
	}
	if got := cc.Tiers(); len(got) != 3 || got[0] != 0 || got[1] != 2 || got[2] != 7 {
		t.Errorf("tiers() = %v, want [0 2 7]", got)
	}
	any, _ := cc.Encode(cc.Tiers())
	if got, err := DecodeAnyClassCounts(any); err != nil || len(got) != 3 || got[7] != cc[7] {
		t.Errorf("DecodeAnyClassCounts = %v, %v; want %v", got, err, cc)
	}

	twice, _ := ClassCounts{3: {Positions: 1, Win: 1}}.Encode([]int{3, 3})
	wrongSum, _ := ClassCounts{3: {Positions: 2, Win: 1}}.Encode([]int{3})
	for _, bad := range []struct {
		name, why string
		data      []byte
	}{
		{"a word short", "not six words a tier", any[:len(any)-8]},
		{"a tier twice", "twice", twice},
		{"counts that do not add up", "by value", wrongSum},
	} {
		if _, err := DecodeAnyClassCounts(bad.data); err == nil || !strings.Contains(err.Error(), bad.why) {
			t.Errorf("%s: DecodeAnyClassCounts gave %v, want an error saying %q", bad.name, err, bad.why)
		}
	}
}
