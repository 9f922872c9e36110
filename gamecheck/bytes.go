package gamecheck

import (
	"bytes"
	"slices"

	"github.com/sente-go/sente"
)

// checkBytes checks the canonical bytes (sente.Expander) and their un-moves
// (sente.ExpandUnmover) at v: the bytes read back, padded with zero bytes
// too, distinct positions have distinct bytes, Expand says what Ended,
// Turn, Moves and Tier say, and parents and children list each other.
func (c *checker) checkBytes(v visited) error {
	x := c.caps.Expander
	b, err := x.AppendBytes(nil, v.p)
	if err != nil {
		return c.fail("bytes", v, "AppendBytes: %v", err)
	}
	for _, pad := range []int{0, 1, 8} {
		q, err := x.FromBytes(append(slices.Clone(b), make([]byte, pad)...))
		if err != nil {
			return c.fail("bytes", v, "FromBytes of its bytes and %d zero bytes: %v", pad, err)
		}
		if back := c.g.FormatPosition(q); back != v.text {
			return c.fail("bytes", v, "FromBytes of its bytes and %d zero bytes is %q", pad, back)
		}
	}
	if prev, ok := c.byteKeys[string(b)]; ok && prev != v.text {
		return c.fail("bytes", v, "%q has the same bytes %x", prev, b)
	}
	c.byteKeys[string(b)] = v.text

	var e sente.Expansion
	if err := x.Expand(b, &e); err != nil {
		return c.fail("bytes", v, "Expand: %v", err)
	}
	val, ended := c.g.Ended(v.p)
	if e.Ended != ended || ended && e.Value != val {
		return c.fail("bytes", v, "Expand says %s, Ended %s", endedWords(e.Value, e.Ended), endedWords(val, ended))
	}
	if turn := c.g.Turn(v.p); e.Turn != turn {
		return c.fail("bytes", v, "Expand says the %v player is to move, Turn the %v", e.Turn, turn)
	}
	if xb := c.caps.ExpandBatcher; xb != nil {
		// A batch (of the position, padded) says what Expand says: a
		// module's sente_tiers what its sente_tier does.
		batch := []sente.Expansion{{}}
		if err := xb.ExpandBatch(append(slices.Clone(b), make([]byte, 8)...), len(b)+8, batch); err != nil {
			return c.fail("bytes", v, "ExpandBatch: %v", err)
		}
		if d := batch[0]; d.Ended != e.Ended || d.Value != e.Value || d.Turn != e.Turn || !bytes.Equal(d.Bytes, e.Bytes) || !slices.Equal(d.Ends, e.Ends) || !slices.Equal(d.Tiers, e.Tiers) {
			return c.fail("bytes", v, "ExpandBatch says %s with children %x in tiers %v, Expand %s with children %x in tiers %v",
				endedWords(d.Value, d.Ended), d.Bytes, d.Tiers, endedWords(e.Value, e.Ended), e.Bytes, e.Tiers)
		}
	}
	if ended {
		return nil
	}
	var want [][]byte
	for _, m := range c.g.Moves(v.p) {
		cb, err := x.AppendBytes(nil, m.To)
		if err != nil {
			return c.fail("bytes", v, "AppendBytes of the move %s: %v", m.Name, err)
		}
		want = append(want, cb)
	}
	var got [][]byte
	for i := range e.Len() {
		got = append(got, slices.Clone(e.Child(i)))
		if t := c.caps.Tiered; t != nil && c.caps.Encoder != nil {
			q, err := x.FromBytes(e.Child(i))
			if err != nil {
				return c.fail("bytes", v, "FromBytes of child %d: %v", i, err)
			}
			if tier := t.Tier(c.caps.Encoder.Encode(q)); tier != e.Tiers[i] {
				return c.fail("bytes", v, "Expand puts the child %q in tier %d, Tier in tier %d", c.g.FormatPosition(q), e.Tiers[i], tier)
			}
		}
	}
	slices.SortFunc(want, bytes.Compare)
	slices.SortFunc(got, bytes.Compare)
	if !slices.EqualFunc(slices.CompactFunc(want, bytes.Equal), slices.CompactFunc(got, bytes.Equal), bytes.Equal) {
		return c.fail("bytes", v, "Expand lists %d children, the moves lead to %d others", len(got), len(want))
	}
	u := c.caps.ExpandUnmover
	if u == nil {
		return nil
	}
	var pe sente.Expansion
	for _, cb := range want {
		if err := u.Parents(cb, &pe); err != nil {
			return c.fail("parents", v, "Parents: %v", err)
		}
		listed := false
		for i := range pe.Len() {
			listed = listed || bytes.Equal(pe.Child(i), b)
		}
		if !listed {
			q, _ := x.FromBytes(cb)
			return c.fail("parents", v, "parents(p) of %q, which a move leads to, does not list this position", c.g.FormatPosition(q))
		}
	}
	if err := u.Parents(b, &pe); err != nil {
		return c.fail("parents", v, "Parents: %v", err)
	}
	for i := range pe.Len() {
		pb := slices.Clone(pe.Child(i))
		var pex sente.Expansion
		if err := x.Expand(pb, &pex); err != nil {
			return c.fail("parents", v, "Expand of a parent: %v", err)
		}
		name := func() string {
			q, err := x.FromBytes(pb)
			if err != nil {
				return "?"
			}
			return c.g.FormatPosition(q)
		}
		if pex.Ended {
			return c.fail("parents", v, "parents(p) lists %q, which has ended", name())
		}
		has := false
		for j := range pex.Len() {
			has = has || bytes.Equal(pex.Child(j), b)
		}
		if !has {
			return c.fail("parents", v, "parents(p) lists %q, which has no move to this position", name())
		}
	}
	return nil
}
