package gamecheck

import (
	"slices"

	"github.com/sente-go/sente"
	"github.com/sente-go/sente/solve/hashing"
)

// checkBoard checks the board of v: it has cells, and the moves it places
// (sente.Board.Moves) are moves of v, each once, on its cells, so that a
// page never offers a click that plays nothing or the wrong move.
func (c *checker) checkBoard(v visited) error {
	b := c.caps.Boarder.Board(v.p)
	if len(b.Cells) == 0 {
		return c.fail("board", v, "Board has no cells")
	}
	if _, ended := c.g.Ended(v.p); ended || b.Moves == nil {
		return nil
	}
	names := map[string]bool{}
	for _, m := range c.g.Moves(v.p) {
		names[m.Name] = true
	}
	on := func(cell sente.BoardCell) bool {
		return cell.Row >= 0 && cell.Row < len(b.Cells) && cell.Col >= 0 && cell.Col < len(b.Cells[cell.Row])
	}
	placed := map[string]bool{}
	for _, m := range b.Moves {
		switch {
		case !names[m.Name]:
			return c.fail("board", v, "Board places %q, which is not a move of the position", m.Name)
		case placed[m.Name]:
			return c.fail("board", v, "Board places %q twice", m.Name)
		case !on(m.To) || m.From != nil && !on(*m.From):
			return c.fail("board", v, "Board places %q off its %d rows of cells: %+v", m.Name, len(b.Cells), m)
		case m.From != nil && *m.From == m.To:
			return c.fail("board", v, "Board places %q from and to the same cell %+v", m.Name, m.To)
		}
		placed[m.Name] = true
	}
	return nil
}

// checkKeys checks the Encoder and the capabilities stated on keys at v.
func (c *checker) checkKeys(v visited) error {
	enc := c.caps.Encoder
	k := enc.Encode(v.p)
	if k == ^uint64(0) {
		return c.fail("encoder", v, "Encode gives ^uint64(0), the key engines reserve")
	}
	if q, err := c.g.ParsePosition(v.text); err == nil && enc.Encode(q) != k {
		return c.fail("encoder", v, "the position ParsePosition reads has the key %#x, not %#x", enc.Encode(q), k)
	}
	if back := c.g.FormatPosition(enc.Decode(k)); back != v.text {
		return c.fail("encoder", v, "Decode(Encode(p)) is %q", back)
	}
	if k2 := enc.Encode(enc.Decode(k)); k2 != k {
		return c.fail("encoder", v, "Encode(Decode(%#x)) is %#x", k, k2)
	}
	if prev, ok := c.keys[k]; ok && prev != v.text {
		return c.fail("encoder", v, "%q has the same key %#x", prev, k)
	}
	c.keys[k] = v.text
	if tk := c.caps.TurnKeyer; tk != nil {
		if turn, kt := c.g.Turn(v.p), tk.TurnKey(k); kt != turn {
			return c.fail("encoder", v, "TurnKey says %v, Turn %v", kt, turn)
		}
	}
	val, ended := c.g.Ended(v.p)
	if kv, kended := enc.EndedKey(k); kended != ended || ended && kv != val {
		return c.fail("encoder", v, "EndedKey says %s, Ended %s", endedWords(kv, kended), endedWords(val, ended))
	}
	if r := c.caps.Ranker; r != nil {
		n := r.Rank(k)
		if size := r.RankSize(); n >= size {
			return c.fail("ranks", v, "rank %d is not below RankSize %d", n, size)
		}
		if prev, ok := c.ranks[n]; ok && prev != v.text {
			return c.fail("ranks", v, "%q has the same rank %d", prev, n)
		}
		c.ranks[n] = v.text
	}
	var kids []uint64
	if !ended {
		kids = enc.AppendChildren(nil, k)
	}
	if c.caps.TierRanker != nil {
		if err := c.checkTierRanks(v, k, kids); err != nil {
			return err
		}
		if cr := c.caps.TierChildRanker; cr != nil && !ended {
			if err := c.checkChildRanks(v, cr, k, kids); err != nil {
				return err
			}
		}
	}
	if ended {
		return nil
	}
	moves := c.g.Moves(v.p)
	want := map[uint64]string{}
	for _, m := range moves {
		ck := enc.Encode(m.To)
		if ck == ^uint64(0) {
			return c.fail("encoder", v, "the move %s leads to a position whose key is ^uint64(0), the key engines reserve", m.Name)
		}
		want[ck] = m.Name
	}
	got := map[uint64]bool{}
	for _, ck := range kids {
		got[ck] = true
		if _, ok := want[ck]; !ok {
			return c.fail("encoder", v, "AppendChildren gives the key %#x (%q), which no move leads to", ck, c.g.FormatPosition(enc.Decode(ck)))
		}
	}
	for _, m := range moves {
		ck := enc.Encode(m.To)
		if !got[ck] {
			return c.fail("encoder", v, "AppendChildren lacks the key %#x of the move %s", ck, m.Name)
		}
		if t := c.caps.Tiered; t != nil {
			if from, to := t.Tier(k), t.Tier(ck); to < from {
				return c.fail("tiers", v, "the move %s leads from tier %d to tier %d; no move may lead to a lower tier", m.Name, from, to)
			}
		}
		if u := c.caps.Unmover; u != nil {
			if !slices.Contains(u.AppendParents(nil, ck), k) {
				return c.fail("parents", v, "AppendParents of %q, which the move %s leads to, does not list this position", c.g.FormatPosition(m.To), m.Name)
			}
		}
	}
	return nil
}

// symmetryLimit bounds each small solve of the symmetry check,
// symmetrySolves their number, and symmetryTries the solves tried, most of
// which stop at the bound on a game whose positions lead far (quixo).
const (
	symmetryLimit  = 20000
	symmetrySolves = 8
	symmetryTries  = 4 * symmetrySolves
)

// symmetries checks Canonical: idempotent, and a position worth what its
// canonical position is worth (by a small solve when both fit, else by
// Ended).
func (c *checker) symmetries() error {
	c.note("symmetries: Canonical is idempotent, and a position and its canonical one have the same value (a small solve) or at least end alike, the same player to move unless the game alternates, and the same tier if the tier engine discovers the game's ranks")
	enc, sym := c.caps.Encoder, c.caps.Symmetric
	solves, tries := 0, 0
	for _, v := range c.order {
		if err := c.ctx.Err(); err != nil {
			return err
		}
		k := enc.Encode(v.p)
		ck := sym.Canonical(k)
		if cck := sym.Canonical(ck); cck != ck {
			return c.fail("symmetries", v, "Canonical is not idempotent: %#x, then %#x", ck, cck)
		}
		if ck == k {
			continue
		}
		cp := enc.Decode(ck)
		val, ended := c.g.Ended(v.p)
		if cv, cended := c.g.Ended(cp); cended != ended || ended && cv != val {
			return c.fail("symmetries", v, "its canonical position %q %s, but it %s", c.g.FormatPosition(cp), endedWords(cv, cended), endedWords(val, ended))
		}
		// The engines learn from a class whether a move into it keeps
		// the turn, unless the game alternates.
		if t, ct := c.g.Turn(v.p), c.g.Turn(cp); t != ct && !c.caps.Alternates() {
			return c.fail("symmetries", v, "the %s player is to move, but the %s player at its canonical position %q; in a game whose moves may keep the turn, a class has one player to move", t, ct, c.g.FormatPosition(cp))
		}
		// The tier engine, finding the classes of a game whose ranks it
		// discovers (--symmetry), keeps a class in the tier of the
		// position that led to it.
		if tr := c.caps.Tiered; tr != nil && c.caps.TierRanker == nil && c.caps.Expander != nil && tr.Tier(k) != tr.Tier(ck) {
			return c.fail("symmetries", v, "it is in tier %d, but its canonical position %q in tier %d; a class's positions are in one tier", tr.Tier(k), c.g.FormatPosition(cp), tr.Tier(ck))
		}
		if solves >= symmetrySolves || tries >= symmetryTries || ended {
			continue
		}
		tries++
		a, errA := hashing.Solve(c.ctx, c.g, hashing.Options{From: v.p, MaxPositions: symmetryLimit})
		if errA != nil {
			if err := c.ctx.Err(); err != nil {
				return err
			}
			continue // too large for a small solve
		}
		b, errB := hashing.Solve(c.ctx, c.g, hashing.Options{From: cp, MaxPositions: symmetryLimit})
		if errB != nil {
			if err := c.ctx.Err(); err != nil {
				return err
			}
			continue // too large for a small solve
		}
		solves++
		oa, _ := a.Outcome(v.p)
		ob, _ := b.Outcome(cp)
		if oa.Value != ob.Value {
			return c.fail("symmetries", v, "it is a %v, but its canonical position %q is a %v", oa.Value, c.g.FormatPosition(cp), ob.Value)
		}
	}
	return nil
}
